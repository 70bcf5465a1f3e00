//! Unchecked [`Setup`] and validated [`Position`] (after shakmaty): a setup
//! becomes a position only through [`Position::from_setup`], so every
//! `Position` the engine sees is consistent and the hot path checks nothing.

use super::geometry::{from_picture, to_picture, Pit, PITS};
use super::rules::{Opening, RuleError, RuleSetting, Rules};
use super::variant::{UnknownVariant, Variant};
use crate::setup_checks::SetupError;
use crate::side::Side;
use std::fmt;

/// A position as a caller wrote it, before any check (after shakmaty's
/// `Setup`). Its fields are typed: text is read into them only at the
/// notation and JSON edges ([`Setup::from_text`]), so validation
/// ([`Position::from_setup`]) checks what a type cannot say (the board's
/// shape, counts and total, the opening's state) and parses nothing. The
/// board stays wide on purpose so that every wrong count reaches
/// validation and gets a message naming its pit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant: default rules, seed total and name.
    pub variant: Variant,
    /// Rule overrides of the variant's defaults, applied in order.
    pub rules: Vec<RuleSetting>,
    /// The board picture: row 4 first, down to row 1, each row `a..h`.
    pub pits: Vec<Vec<i64>>,
    /// The side to move.
    pub to_move: Side,
    /// Plies left in the variant's opening phase (at most the opening's
    /// length: validation checks).
    pub opening_plies: u8,
    /// A win already decided (Ikibuguzo's end-pit capture), if any.
    pub winner: Option<Side>,
}

impl Setup {
    /// Read a setup's text fields into their types: the one place where
    /// the notation parser and the JSON reader turn text into a [`Setup`]
    /// (the variant name is read by the caller, which dispatches on it).
    ///
    /// Errors come in the order validation has always reported them: the
    /// rule options as given, then the board's shape, counts and total
    /// (checked here only if a field below does not read, so that an input
    /// gets the same error it got when validation read the text), then the
    /// side to move, the winner and the opening's ply count.
    pub fn from_text<K: AsRef<str>, V: AsRef<str>>(
        variant: Variant,
        rules: &[(K, V)],
        pits: Vec<Vec<i64>>,
        to_move: &str,
        opening_plies: i64,
        winner: Option<&str>,
    ) -> Result<Setup, PositionError> {
        let rules =
            rules.iter().map(|(k, v)| RuleSetting::parse(k.as_ref(), v.as_ref())).collect::<Result<Vec<_>, _>>()?;
        let side = to_move.parse::<Side>();
        let won = winner.map(str::parse::<Side>).transpose();
        let plies = u8::try_from(opening_plies);
        if let (Ok(to_move), Ok(winner), Ok(opening_plies)) = (side, won, plies) {
            return Ok(Setup { variant, rules, pits, to_move, opening_plies, winner });
        }
        picture(variant, &pits)?;
        side.map_err(|_| PositionError::Setup(SetupError::BadSide(to_move.to_string())))?;
        won.map_err(|_| PositionError::StateOutOfRange {
            field: "winner".into(),
            detail: format!("'{}' is not 'south' or 'north'", winner.unwrap_or_default()),
        })?;
        Err(opening_out_of_range(opening_plies, &variant.rules().with(&rules)))
    }
}

/// Why a setup is not a position. Each names the offending input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// `pits` is not 4 rows of 8.
    PitShape(String),
    /// A count is negative or too large: the pit's name and its `(row,
    /// column)` in the `pits` picture as given.
    BadCount { pit: String, at: (usize, usize), value: i64 },
    /// The seeds do not add up to the variant's total.
    SeedTotal { found: i64, expected: u32 },
    /// The variant, a rule option or the side to move (shared by every family).
    Setup(SetupError),
    /// A state field is out of range or contradicts the board.
    StateOutOfRange { field: String, detail: String },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PitShape(d) => write!(f, "wrong number of pits: {}", d),
            PositionError::BadCount { pit, value, .. } => {
                write!(f, "pit {} holds {}, but a count must be an integer from 0 to 64", pit, value)
            }
            PositionError::SeedTotal { found, expected } => {
                write!(f, "the board holds {} seeds, but this variant has exactly {}", found, expected)
            }
            PositionError::Setup(e) => e.fmt(f),
            PositionError::StateOutOfRange { field, detail } => write!(f, "state field '{}': {}", field, detail),
        }
    }
}

impl From<RuleError> for PositionError {
    fn from(e: RuleError) -> PositionError {
        PositionError::Setup(e.into())
    }
}

/// So that a text edge reads the variant name with `?`.
impl From<UnknownVariant> for PositionError {
    fn from(e: UnknownVariant) -> PositionError {
        PositionError::Setup(e.into())
    }
}

/// The board picture as 4 rows of 8 counts, checked: shape, each count's
/// range, the variant's seed total.
fn picture(variant: Variant, pits: &[Vec<i64>]) -> Result<[[u8; 8]; 4], PositionError> {
    if pits.len() != 4 {
        return Err(PositionError::PitShape(format!("expected 4 rows of 8, got {} rows", pits.len())));
    }
    let mut picture = [[0u8; 8]; 4];
    let mut total: i64 = 0;
    for (k, row) in pits.iter().enumerate() {
        if row.len() != 8 {
            return Err(PositionError::PitShape(format!(
                "row {} (entry {} of pits) has {} pits, expected 8",
                4 - k,
                k,
                row.len()
            )));
        }
        for (c, &v) in row.iter().enumerate() {
            if !(0..=64).contains(&v) {
                let pit = Pit((c * 4 + 3 - k) as u8).name();
                return Err(PositionError::BadCount { pit, at: (k, c), value: v });
            }
            picture[k][c] = v as u8;
            total += v;
        }
    }
    if total != variant.seed_total() as i64 {
        return Err(PositionError::SeedTotal { found: total, expected: variant.seed_total() });
    }
    Ok(picture)
}

/// An opening ply count outside what the opening of `rules` allows.
fn opening_out_of_range(plies: i64, rules: &Rules) -> PositionError {
    PositionError::StateOutOfRange {
        field: "opening_plies".into(),
        detail: format!(
            "{} is outside 0..={} for opening '{}'",
            plies,
            rules.opening.plies(),
            RuleSetting::Opening(rules.opening).value()
        ),
    }
}

/// A validated 4x8 position: board, side to move, rule state and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Counts `[side][local pit]` (see `geometry`).
    pub(crate) pits: [[u8; PITS]; 2],
    pub(crate) to_move: Side,
    pub(crate) opening_plies: u8,
    pub(crate) winner: Option<Side>,
    pub(crate) variant: Variant,
    pub(crate) rules: Rules,
}

/// Hashed by the board and the state that changes from move to move; the
/// variant and rules are left out (positions that differ only in those
/// share a hash, which is still consistent with `Eq`). Why: turn graphs and
/// enumeration hash every position they meet, and hashing the dozen rule
/// fields took more than hashing the board.
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u128(u128::from_le_bytes(self.pits[0]));
        state.write_u128(u128::from_le_bytes(self.pits[1]));
        let winner = match self.winner {
            None => 0u32,
            Some(s) => 1 + s.index() as u32,
        };
        state.write_u32(self.to_move.index() as u32 | (self.opening_plies as u32) << 8 | winner << 16);
    }
}

/// The scripted opening move of the side to move: (local pit, seeds it must
/// hold, seeds sown into the following pits).
pub(crate) fn scripted(opening: Opening, opening_plies: u8) -> Option<(usize, u8, &'static [u8])> {
    if opening_plies == 0 {
        return None;
    }
    let done = opening.plies().checked_sub(opening_plies)? as usize;
    let k = done / 2; // the mover's own opening moves so far
    match opening {
        // Ludii's FirstMove/SecondMove/ThirdMove: c2, e2, g2 (South) sow 2 then 1.
        Opening::LudiiOpening1 => Some((13 - 2 * k, 3, &[2, 1])),
        // Ludii's RightMostWithFour: h1, g1, ... a1 (South), sowing 2, 1, 1.
        Opening::LudiiOpening2 => Some((7 - k, 4, &[2, 1, 1])),
        _ => None,
    }
}

impl Position {
    /// The variant's start position.
    pub fn start(variant: Variant) -> Position {
        let rules = variant.rules();
        Position {
            pits: variant.start_pits(),
            to_move: Side::South,
            opening_plies: rules.opening.plies(),
            winner: None,
            variant,
            rules,
        }
    }

    /// Validate a setup: the board's shape, counts and total, then the
    /// opening's state (its ply count, and a scripted move that is playable).
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let rules = s.variant.rules().with(&s.rules);
        let picture = picture(s.variant, &s.pits)?;
        if s.opening_plies > rules.opening.plies() {
            return Err(opening_out_of_range(s.opening_plies.into(), &rules));
        }
        let pos = Position {
            pits: from_picture(&picture),
            to_move: s.to_move,
            opening_plies: s.opening_plies,
            winner: s.winner,
            variant: s.variant,
            rules,
        };
        pos.check_opening()?;
        Ok(pos)
    }

    /// A scripted opening must be playable: right side to move (South opens)
    /// and the scripted pit holding the scripted count.
    fn check_opening(&self) -> Result<(), PositionError> {
        if let Some((pit, need, _)) = scripted(self.rules.opening, self.opening_plies) {
            let done = self.rules.opening.plies() - self.opening_plies;
            let expected = if done.is_multiple_of(2) { Side::South } else { Side::North };
            if self.to_move != expected {
                return Err(PositionError::StateOutOfRange {
                    field: "to_move".into(),
                    detail: format!(
                        "with {} opening plies left it is {}'s scripted move",
                        self.opening_plies, expected
                    ),
                });
            }
            let have = self.pits[self.to_move.index()][pit];
            if have != need {
                return Err(PositionError::StateOutOfRange {
                    field: "opening_plies".into(),
                    detail: format!(
                        "the scripted opening move lifts {} seeds from {}, which holds {}",
                        need,
                        Pit::from_local(self.to_move, pit).name(),
                        have
                    ),
                });
            }
        }
        Ok(())
    }

    /// Back to an unchecked setup (rule overrides are the options that differ
    /// from the variant's defaults).
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            rules: self.rule_overrides(),
            pits: self.picture().iter().map(|r| r.iter().map(|&v| v as i64).collect()).collect(),
            to_move: self.to_move,
            opening_plies: self.opening_plies,
            winner: self.winner,
        }
    }

    /// Options that differ from the variant's defaults, in canonical order.
    pub fn rule_overrides(&self) -> Vec<RuleSetting> {
        let base = self.variant.rules();
        if self.rules == base {
            // The usual case, and a hot one (every position written out):
            // nothing to compare option by option.
            return Vec::new();
        }
        self.rules.overrides(&base)
    }

    /// The board picture (row 4 first, each row `a..h`).
    pub fn picture(&self) -> [[u8; 8]; 4] {
        to_picture(&self.pits)
    }
    /// Seeds in a pit.
    pub fn count(&self, pit: Pit) -> u8 {
        self.pits[pit.owner().index()][pit.local()]
    }
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn opening_plies(&self) -> u8 {
        self.opening_plies
    }
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }
    /// Seeds a side holds.
    pub fn seeds(&self, side: Side) -> u32 {
        self.pits[side.index()].iter().map(|&v| v as u32).sum()
    }
    /// Per-side counts in local numbering (for search and evaluation).
    pub fn local_pits(&self) -> &[[u8; PITS]; 2] {
        &self.pits
    }
}
