//! Move ordering: which of a node's options to search first.
//!
//! Alpha-beta prunes most when the best option comes first. In order:
//! 1. the transposition table's best move (the best of a shallower search),
//!    or else this ply's first killer, tried even before the turn's graph is
//!    built when it is a start followed by the game's follow-up choices
//!    (see [`super::guess`]);
//! 2. captures, bigger first: material is most of the evaluation, so a
//!    capture is usually best or refuted quickly;
//! 3. killers: start pits that caused a cutoff at the same ply in a sibling
//!    subtree (neighbouring positions often share a refutation);
//! 4. the history score of the start pit (cutoffs weighted by depth^2).
//!
//! Ties keep breadth-first (canonical) order, so the search is deterministic.
//!
//! Options are keyed by their start (the first decision), mapped by the game
//! to a small index: distinct results from one start are close relatives.
//!
//! This orders a turn's options (its frontier). The decisions inside a turn
//! with opponent decisions (capture or pass, retreat or not) are ordered
//! once per turn graph, by [`super::in_turn_order`].

use crate::game::Game;

/// Number of distinct move keys (a generous bound on start pits).
pub const KEYS: usize = 64;
const MAX_PLY: usize = 128;

/// A game whose first decisions map to small indices for killers/history.
pub trait MoveKey: Game {
    /// An index below [`KEYS`].
    fn move_key(first: Self::Choice) -> usize;
    /// The one first decision with key `key`, where the key names a single
    /// decision (a start pit), else `None`. Why: the search tries a
    /// remembered best option or a killer by playing its first decision
    /// before it builds the turn's graph (`Searcher::guess`).
    fn key_choice(key: usize) -> Option<Self::Choice>;
    /// The option a guessed start continues with at each later decision of
    /// the mover in the turn, among `options`, or `None` (the default: a
    /// guess is then a single decision that finishes the turn). A start
    /// followed by these choices names one option, so the table can
    /// remember it by its start alone and the search can play it before
    /// building the graph (`Searcher::try_single`).
    fn follow_up(_options: &[Self::Choice]) -> Option<Self::Choice> {
        None
    }
}

/// Killer and history tables for one search.
pub struct Ordering {
    killers: Vec<[u16; 2]>,
    history: [u32; KEYS],
}

const NONE: u16 = u16::MAX;

impl Ordering {
    pub fn new() -> Ordering {
        Ordering { killers: vec![[NONE; 2]; MAX_PLY], history: [0; KEYS] }
    }

    /// Sort key of an option: higher first.
    pub fn score(&self, ply: u32, key: usize, captured: u32, is_tt: bool) -> i64 {
        if is_tt {
            return i64::MAX;
        }
        let mut s = self.history[key] as i64;
        if captured > 0 {
            s += (1i64 << 40) + ((captured as i64) << 32);
        } else if let Some(k) = self.killers.get(ply as usize) {
            if k[0] == key as u16 {
                s += 1 << 31;
            } else if k[1] == key as u16 {
                s += 1 << 30;
            }
        }
        s
    }

    /// The latest killer's key at `ply` (see [`Ordering::cutoff`]), if any.
    pub fn killer(&self, ply: u32) -> Option<usize> {
        self.killers.get(ply as usize).map(|k| k[0]).filter(|&k| k != NONE).map(usize::from)
    }

    /// Record an option that caused a beta cutoff.
    pub fn cutoff(&mut self, ply: u32, key: usize, depth: u32, captured: u32) {
        self.history[key] = self.history[key].saturating_add(depth * depth).min(1 << 29);
        if captured == 0 {
            if let Some(k) = self.killers.get_mut(ply as usize) {
                if k[0] != key as u16 {
                    k[1] = k[0];
                    k[0] = key as u16;
                }
            }
        }
    }
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new()
    }
}
