//! The result of an analysis: [`Score`], [`Line`] and [`Analysis`]. Plain
//! data, kept apart from the search that fills it (`super::iterative`), so
//! that a family's own root choice (`super::root_choice`) can answer with
//! an analysis without importing the search.

use super::limits::StopReason;
use super::tt::{MATE, MATE_BOUND};

/// A score from the side to move's point of view. Forced results are kept
/// apart from estimates so nobody adds a "mate" to a seed count.
///
/// `turns` is derived from the distance in plies (whole turns) as if turns
/// alternated. In Isolo the fore-play's winner plays two extra turns in a
/// row (the kucheleka and the first main-game move), so a forced line that
/// crosses the end of the fore-play is counted by its plies: the internal
/// `value` (`MATE - plies`) stays exact, `turns` is then approximate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in centiseeds (100 = one seed of material margin).
    Centiseeds(i32),
    /// The side to move wins; `turns` counts its own turns including the
    /// one it is about to play (the game ends after `2 * turns - 1` plies).
    Win { turns: u32 },
    /// The side to move loses; the opponent wins on its `turns`-th turn
    /// (after `2 * turns` plies; 0 means the game is already lost).
    Loss { turns: u32 },
}

impl Score {
    /// From an internal value at the root.
    pub fn from_value(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Win { turns: ((MATE - v) as u32).div_ceil(2) }
        } else if v < -MATE_BOUND {
            Score::Loss { turns: (MATE + v) as u32 / 2 }
        } else {
            Score::Centiseeds(v)
        }
    }

    /// The estimate in seeds, or `None` for a forced result.
    pub fn seeds(self) -> Option<f64> {
        match self {
            Score::Centiseeds(c) => Some(c as f64 / 100.0),
            _ => None,
        }
    }
}

/// One of the best moves with its score and principal variation.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The move in canonical notation (`crate::moves::format_move`). When the
    /// opponent decides inside the turn, its expected decisions are included.
    pub mv: String,
    pub score: Score,
    /// Internal value (centiseeds, or ±(1e6 - plies) for forced results).
    pub value: i32,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<String>,
}

/// The result of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The best move, or `None` when the game is over (no legal move or a decided win).
    pub best_move: Option<String>,
    pub score: Score,
    /// The principal variation, starting with `best_move`: `depth` turns
    /// (the last completed depth), also when the search was stopped by a
    /// limit. Shorter only where the line cannot go on: the game ends in it
    /// (a forced result), a turn of it was searched without a principal
    /// result (a cyclic turn graph), the outside deadline passed while it
    /// was read back, or (in a long search) its position's record was
    /// overwritten by a later exact position (see `pv_from`).
    pub pv: Vec<String>,
    /// The best `multipv` moves, best first (the first is `best_move`).
    pub lines: Vec<Line>,
    /// Last completed depth, in whole turns (0 if none completed). With a
    /// single line, the move and score may come from the next, stopped
    /// iteration when it finished a better option (see the module docs).
    /// At depth 0 the move is the best option the stopped first iteration
    /// finished, else the first in capture order (most seeds captured),
    /// scored by the static evaluation of the position. In a solved
    /// analysis ([`StopReason::Solved`]): the proof line's length in turns.
    pub depth: u32,
    /// Positions the alpha-beta search visited; in a solved analysis, the
    /// positions the solver expanded (the search did not run).
    pub nodes: u64,
    pub time_ms: u64,
    /// Turns too big to explore whole (`Limits::turn_nodes`) met during
    /// the search; when non-zero the result is an approximation.
    pub truncated_turns: u64,
    /// Why the search ended (depth done, proven result, solved by the
    /// solver's share, or which limit).
    pub stopped_by: StopReason,
}
