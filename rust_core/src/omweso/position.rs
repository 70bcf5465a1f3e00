//! Unchecked [`Setup`] and validated [`Position`] of Omweso (after
//! shakmaty): a setup becomes a position only through
//! [`Position::from_setup`], so the turn code checks nothing.

use super::rules::{RuleSetting, Rules};
use super::variant::Variant;
use crate::board4x8::geometry::{from_picture, to_picture, Pit, PITS};
use crate::setup_checks::SetupError;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// The board's 4x8 checks and messages are the Igisoro family's (same
/// board, same picture), so the errors are shared too.
pub use crate::board4x8::position::PositionError;

/// Most seeds a board may hold: the game's 64. Why a cap at all: a hand
/// and a pit then fit a `u8`. Positions with fewer seeds are allowed (the
/// hand-worked examples and end-games hold a few), as the oracle allows.
pub const MAX_TOTAL: u32 = 64;

/// The stage of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// The side to move arranges its seeds (South, then North).
    Setup,
    /// The sowing game.
    Play,
}

impl Phase {
    /// Snake-case name used in JSON and notation.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Play => "play",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Phase {
    type Err = ();
    fn from_str(s: &str) -> Result<Phase, ()> {
        match s {
            "setup" => Ok(Phase::Setup),
            "play" => Ok(Phase::Play),
            _ => Err(()),
        }
    }
}

/// A position as a caller wrote it, before any check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant.
    pub variant: Variant,
    /// Rule overrides of the variant's defaults, applied in order.
    pub rules: Vec<RuleSetting>,
    /// The board picture: row 4 first, down to row 1, each row `a..h`
    /// (wide, so that every wrong count reaches validation).
    pub pits: Vec<Vec<i64>>,
    /// The side to move (to arrange, in the set-up phase).
    pub to_move: Side,
    /// The stage of the game.
    pub phase: Phase,
    /// A win already decided (the both-ends capture), if any.
    pub winner: Option<Side>,
}

impl Setup {
    /// Read a setup's text fields into their types (the notation and JSON
    /// edges), naming the field that does not read.
    pub fn from_text<K: AsRef<str>, V: AsRef<str>>(
        variant: Variant,
        rules: &[(K, V)],
        pits: Vec<Vec<i64>>,
        to_move: &str,
        phase: &str,
        winner: Option<&str>,
    ) -> Result<Setup, PositionError> {
        let rules = rules
            .iter()
            .map(|(k, v)| RuleSetting::parse(k.as_ref(), v.as_ref()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| PositionError::Setup(e.into()))?;
        let to_move = to_move.parse::<Side>().map_err(|_| PositionError::Setup(SetupError::BadSide(to_move.into())))?;
        let phase = phase.parse::<Phase>().map_err(|_| PositionError::StateOutOfRange {
            field: "phase".into(),
            detail: format!("'{}' is not 'setup' or 'play'", phase),
        })?;
        let winner = winner
            .map(|w| {
                w.parse::<Side>().map_err(|_| PositionError::StateOutOfRange {
                    field: "winner".into(),
                    detail: format!("'{}' is not 'south' or 'north'", w),
                })
            })
            .transpose()?;
        Ok(Setup { variant, rules, pits, to_move, phase, winner })
    }
}

/// A validated position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `[side][local pit]` (see `board4x8::geometry`).
    pub pits: [[u8; PITS]; 2],
    /// The side to move or to arrange.
    pub to_move: Side,
    /// The stage of the game.
    pub phase: Phase,
    /// Set by a turn that captured at both ends (`end_pits_win`).
    pub winner: Option<Side>,
    /// The variant.
    pub variant: Variant,
    /// Its rules, with any overrides.
    pub rules: Rules,
}

impl Position {
    /// Before the set-up: 4 seeds in each outer pit, South to arrange
    /// (`docs/OMWESO.md`, "The set-up stage").
    pub fn start(variant: Variant) -> Position {
        let mut side = [0u8; PITS];
        side[..8].fill(4);
        Position {
            pits: [side, side],
            to_move: Side::South,
            phase: Phase::Setup,
            winner: None,
            variant,
            rules: variant.rules(),
        }
    }

    /// The standard start of the sowing phase used by the perft data: both
    /// sides arranged 2 seeds in every pit (`docs/OMWESO.md`, Choice
    /// "a standard arrangement"), South to sow.
    pub fn standard_play_start(variant: Variant) -> Position {
        Position { pits: [[2; PITS]; 2], phase: Phase::Play, ..Position::start(variant) }
    }

    /// Validate a setup: the picture's shape and counts (0..=64), the total
    /// (at most [`MAX_TOTAL`]), and that a winner is only recorded in the
    /// sowing phase.
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let rules = s.variant.rules().with(&s.rules);
        if s.pits.len() != 4 {
            return Err(PositionError::PitShape(format!("expected 4 rows of 8, got {} rows", s.pits.len())));
        }
        let mut picture = [[0u8; 8]; 4];
        let mut total = 0i64;
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
                    return Err(PositionError::BadCount { pit, at: (k, c), value: v });
                }
                picture[k][c] = v as u8;
                total += v;
            }
        }
        if total > MAX_TOTAL as i64 {
            return Err(PositionError::StateOutOfRange {
                field: "pits".into(),
                detail: format!("the board holds {} seeds, but Omweso has at most {}", total, MAX_TOTAL),
            });
        }
        if s.winner.is_some() && s.phase == Phase::Setup {
            return Err(PositionError::StateOutOfRange {
                field: "winner".into(),
                detail: "no game is won during the set-up".into(),
            });
        }
        Ok(Position {
            pits: from_picture(&picture),
            to_move: s.to_move,
            phase: s.phase,
            winner: s.winner,
            variant: s.variant,
            rules,
        })
    }

    /// The setup this position was validated from (overrides only).
    pub fn to_setup(self) -> Setup {
        Setup {
            variant: self.variant,
            rules: self.rule_overrides(),
            pits: self.picture().iter().map(|r| r.iter().map(|&v| v as i64).collect()).collect(),
            to_move: self.to_move,
            phase: self.phase,
            winner: self.winner,
        }
    }

    /// The rule options that differ from the variant's defaults.
    pub fn rule_overrides(&self) -> Vec<RuleSetting> {
        self.rules.overrides(&self.variant.rules())
    }

    /// The board picture (row 4 first).
    pub fn picture(&self) -> [[u8; 8]; 4] {
        to_picture(&self.pits)
    }

    /// Seeds in one pit.
    pub fn count(&self, pit: Pit) -> u8 {
        self.pits[pit.owner().index()][pit.local()]
    }

    /// Seeds on `side`'s 16 pits.
    pub fn seeds(&self, side: Side) -> u32 {
        self.pits[side.index()].iter().map(|&v| v as u32).sum()
    }

    /// Seeds on the board.
    pub fn total(&self) -> u32 {
        self.seeds(Side::South) + self.seeds(Side::North)
    }
}
