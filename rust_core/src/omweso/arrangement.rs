//! The set-up move: one whole arrangement of the arranger's seeds over its
//! 16 pits (`docs/OMWESO.md`, "The set-up stage"), its text form
//! `k<8 counts>/<8 counts>`, and its checks with the doc's error codes.
//!
//! There are C(47, 15) = 751,616,304,549 arrangements of 32 seeds, so none
//! are ever listed: a move list in the set-up phase is the documented sample
//! of [`sample`], and any valid arrangement is legal ([`check`]), as Isolo's
//! kucheleka beyond its enumeration limit.

use super::position::{Phase, Position};
use crate::board4x8::geometry::{Pit, PITS};
use crate::side::Side;
use std::fmt;

/// An arrangement: the arranger's two rows as they stand in the board
/// picture (top row first: South row 2 then row 1, North row 4 then row 3),
/// each from column `a` to `h`. Side-free, like its text form; the side is
/// the one to arrange. `Copy` and ordered, so that it can be a
/// [`super::Choice`]; counts up to 64 (no side holds more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrangement {
    /// `[top row, bottom row][column]`, as in the picture.
    pub rows: [[u8; 8]; 2],
}

/// Why an arrangement is not a valid set-up move. [`ArrangeError::code`]
/// is the oracle's `SetupError.code` (`docs/OMWESO.md`, "Set-up errors").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrangeError {
    /// The counts add up to `found`, the arranger holds `held`.
    WrongTotal { found: i64, held: u32 },
    /// A count below 0.
    NegativeCount(i64),
    /// The JSON form names `given`, but `to_move` is to arrange.
    WrongSide { given: String, to_move: Side },
    /// Not exactly 2 rows of 8 counts.
    BadShape(String),
    /// Not `k...` text; a count that is not an integer; a sowing move in the
    /// set-up phase.
    BadNotation(String),
    /// An arrangement played in the sowing phase.
    NotSetupPhase,
}

impl ArrangeError {
    /// The error code, as `docs/OMWESO.md` names it.
    pub fn code(&self) -> &'static str {
        match self {
            ArrangeError::WrongTotal { .. } => "wrong_total",
            ArrangeError::NegativeCount(_) => "negative_count",
            ArrangeError::WrongSide { .. } => "wrong_side",
            ArrangeError::BadShape(_) => "bad_shape",
            ArrangeError::BadNotation(_) => "bad_notation",
            ArrangeError::NotSetupPhase => "not_setup_phase",
        }
    }
}

impl fmt::Display for ArrangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.code())?;
        match self {
            ArrangeError::WrongTotal { found, held } => {
                write!(f, "the arrangement holds {} seeds, the arranger has {}", found, held)
            }
            ArrangeError::NegativeCount(v) => write!(f, "a pit cannot hold a negative count ({})", v),
            ArrangeError::WrongSide { given, to_move } => {
                write!(f, "{} cannot arrange: {} is to arrange", given, to_move.name())
            }
            ArrangeError::BadShape(d) | ArrangeError::BadNotation(d) => f.write_str(d),
            ArrangeError::NotSetupPhase => f.write_str("the set-up is over; a move is a start pit and decisions"),
        }
    }
}

impl std::error::Error for ArrangeError {}

/// The picture ranks (1..4) of `side`'s rows, top first.
fn ranks(side: Side) -> [u8; 2] {
    match side {
        Side::South => [2, 1],
        Side::North => [4, 3],
    }
}

impl Arrangement {
    /// Read the rows of the text or JSON form, in the oracle's order of
    /// checks: shape, then negative counts, then (a count over 64 cannot
    /// add up) the total is left to [`check`] except for such a count.
    pub fn from_rows(rows: &[Vec<i64>]) -> Result<Arrangement, ArrangeError> {
        if rows.len() != 2 || rows.iter().any(|r| r.len() != 8) {
            return Err(ArrangeError::BadShape(format!(
                "an arrangement is 2 rows of 8 counts, not [{}]",
                rows.iter().map(|r| r.len().to_string()).collect::<Vec<_>>().join(", ")
            )));
        }
        if let Some(&v) = rows.iter().flatten().find(|&&v| v < 0) {
            return Err(ArrangeError::NegativeCount(v));
        }
        let found: i64 = rows.iter().flatten().sum();
        if rows.iter().flatten().any(|&v| v > 64) {
            return Err(ArrangeError::WrongTotal { found, held: 64 });
        }
        let mut a = Arrangement { rows: [[0; 8]; 2] };
        for (k, row) in rows.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                a.rows[k][c] = v as u8;
            }
        }
        Ok(a)
    }

    /// Parse the text form `k<8 counts>/<8 counts>` (counts joined by `.`).
    pub fn parse(text: &str) -> Result<Arrangement, ArrangeError> {
        let body = text.strip_prefix('k').ok_or_else(|| {
            ArrangeError::BadNotation(format!("'{}': an arrangement is k<8 counts>/<8 counts>", text))
        })?;
        let rows = body
            .split('/')
            .map(|part| part.split('.').map(|x| x.parse::<i64>()).collect::<Result<Vec<_>, _>>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| ArrangeError::BadNotation(format!("'{}': counts must be integers", text)))?;
        Arrangement::from_rows(&rows)
    }

    /// The text form (its own canonical notation).
    pub fn token(&self) -> String {
        let row = |r: &[u8; 8]| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(".");
        format!("k{}/{}", row(&self.rows[0]), row(&self.rows[1]))
    }

    /// Seeds in the arrangement.
    pub fn total(&self) -> u32 {
        self.rows.iter().flatten().map(|&v| v as u32).sum()
    }

    /// The arrangement as `side`'s local pit counts.
    pub fn local(&self, side: Side) -> [u8; PITS] {
        let mut out = [0u8; PITS];
        for (k, rank) in ranks(side).into_iter().enumerate() {
            for c in 0..8 {
                out[Pit((c * 4) as u8 + rank - 1).local()] = self.rows[k][c];
            }
        }
        out
    }

    /// `side`'s pits as they stand, as an arrangement (inverse of [`Arrangement::local`]).
    pub fn of_local(side: Side, pits: &[u8; PITS]) -> Arrangement {
        let mut a = Arrangement { rows: [[0; 8]; 2] };
        for (k, rank) in ranks(side).into_iter().enumerate() {
            for c in 0..8 {
                a.rows[k][c] = pits[Pit((c * 4) as u8 + rank - 1).local()];
            }
        }
        a
    }
}

/// Whether `a` is a valid set-up move in `pos` (phase, then total).
pub fn check(pos: &Position, a: &Arrangement) -> Result<(), ArrangeError> {
    if pos.phase != Phase::Setup {
        return Err(ArrangeError::NotSetupPhase);
    }
    let held = pos.seeds(pos.to_move);
    if a.total() != held {
        return Err(ArrangeError::WrongTotal { found: a.total() as i64, held });
    }
    Ok(())
}

/// The JSON move form `{"side": ..., "rows": [[8], [8]]}`, checked against
/// `pos` in the oracle's order (phase, side, shape, counts, total).
pub fn from_json(pos: &Position, side: &str, rows: &[Vec<i64>]) -> Result<Arrangement, ArrangeError> {
    if pos.phase != Phase::Setup {
        return Err(ArrangeError::NotSetupPhase);
    }
    if side != pos.to_move.name() {
        return Err(ArrangeError::WrongSide { given: side.to_string(), to_move: pos.to_move });
    }
    let a = Arrangement::from_rows(rows)?;
    check(pos, &a)?;
    Ok(a)
}

/// The move list of the set-up phase: a sample, never the whole set
/// (`docs/OMWESO.md`, "How many arrangements"). It holds the arranger's
/// seeds as they stand and the same seeds spread evenly (a remainder going
/// to the lowest local pits: the outer row from the left), sorted and
/// without repeats. Why these two: the first keeps the dealt position, the
/// second is the standard start the perft data uses (2 in every pit).
pub fn sample(pos: &Position) -> Vec<Arrangement> {
    let me = pos.to_move;
    let held = pos.seeds(me);
    let mut even = [0u8; PITS];
    for (i, v) in even.iter_mut().enumerate() {
        *v = (held / 16 + u32::from((i as u32) < held % 16)) as u8;
    }
    let mut out = vec![Arrangement::of_local(me, &pos.pits[me.index()]), Arrangement::of_local(me, &even)];
    out.sort();
    out.dedup();
    out
}

/// A set-up move given as text, checked against `pos` in the oracle's
/// order: the phase, then the notation (`e2` or anything not `k...` is
/// `bad_notation`), the shape, the counts and the total. What a binding
/// calls to get the doc's error code for a text move.
pub fn read(pos: &Position, text: &str) -> Result<Arrangement, ArrangeError> {
    if pos.phase != Phase::Setup {
        return Err(ArrangeError::NotSetupPhase);
    }
    let a = Arrangement::parse(text)?;
    check(pos, &a)?;
    Ok(a)
}
