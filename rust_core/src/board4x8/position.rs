//! Unchecked [`Setup`] and validated [`Position`] (after shakmaty): a setup
//! becomes a position only through [`Position::from_setup`], so every
//! `Position` the engine sees is consistent and the hot path checks nothing.

use super::geometry::{from_picture, to_picture, Pit, PITS};
use super::rules::{Opening, RuleError, Rules};
use super::variant::{UnknownVariant, Variant};
use crate::setup_checks::SetupError;
use crate::side::Side;
use std::fmt;

/// A position as a caller wrote it, before any check. Field types are wide
/// on purpose so that every mistake reaches validation and gets a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Variant name or alias.
    pub variant: String,
    /// Rule overrides as (option, text value).
    pub rules: Vec<(String, String)>,
    /// The board picture: row 4 first, down to row 1, each row `a..h`.
    pub pits: Vec<Vec<i64>>,
    /// `"south"`/`"north"` (or `s`/`n`).
    pub to_move: String,
    /// Plies left in the variant's opening phase.
    pub opening_plies: i64,
    /// A win already decided (Ikibuguzo's end-pit capture), if any.
    pub winner: Option<String>,
}

/// Why a setup is not a position. Each names the offending input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// `pits` is not 4 rows of 8.
    PitShape(String),
    /// A count is negative or too large.
    BadCount { pit: String, value: i64 },
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
            PositionError::BadCount { pit, value } => {
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

    /// Validate a setup.
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let variant: Variant = s.variant.parse().map_err(|e: UnknownVariant| PositionError::Setup(e.into()))?;
        let mut rules = variant.rules();
        for (k, v) in &s.rules {
            rules.set(k, v)?;
        }
        if s.pits.len() != 4 {
            return Err(PositionError::PitShape(format!("expected 4 rows of 8, got {} rows", s.pits.len())));
        }
        let mut picture = [[0u8; 8]; 4];
        let mut total: i64 = 0;
        for (k, row) in s.pits.iter().enumerate() {
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
                    return Err(PositionError::BadCount { pit, value: v });
                }
                picture[k][c] = v as u8;
                total += v;
            }
        }
        if total != variant.seed_total() as i64 {
            return Err(PositionError::SeedTotal { found: total, expected: variant.seed_total() });
        }
        let to_move: Side =
            s.to_move.parse().map_err(|_| PositionError::Setup(SetupError::BadSide(s.to_move.clone())))?;
        let winner = match &s.winner {
            None => None,
            Some(w) => Some(w.parse::<Side>().map_err(|_| PositionError::StateOutOfRange {
                field: "winner".into(),
                detail: format!("'{}' is not 'south' or 'north'", w),
            })?),
        };
        let max = rules.opening.plies() as i64;
        if !(0..=max).contains(&s.opening_plies) {
            return Err(PositionError::StateOutOfRange {
                field: "opening_plies".into(),
                detail: format!(
                    "{} is outside 0..={} for opening '{}'",
                    s.opening_plies,
                    max,
                    rules.get("opening").unwrap()
                ),
            });
        }
        let pos = Position {
            pits: from_picture(&picture),
            to_move,
            opening_plies: s.opening_plies as u8,
            winner,
            variant,
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
            variant: self.variant.name().into(),
            rules: self.rule_overrides(),
            pits: self.picture().iter().map(|r| r.iter().map(|&v| v as i64).collect()).collect(),
            to_move: self.to_move.name().into(),
            opening_plies: self.opening_plies as i64,
            winner: self.winner.map(|w| w.name().to_string()),
        }
    }

    /// Options that differ from the variant's defaults, in canonical order.
    pub fn rule_overrides(&self) -> Vec<(String, String)> {
        let base = self.variant.rules();
        if self.rules == base {
            // The usual case, and a hot one (every position written out):
            // no option strings to build and compare.
            return Vec::new();
        }
        self.rules
            .all()
            .into_iter()
            .filter(|(k, v)| base.get(k).as_deref() != Some(v.as_str()))
            .map(|(k, v)| (k.to_string(), v))
            .collect()
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
