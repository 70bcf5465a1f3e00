//! Kucheleka: after the fore-play its winner "arranges the seeds he had at
//! the end of the fore-play in his holes with no limitations as to number of
//! seeds used or holes occupied. He can leave holes empty." The loser gets
//! two seeds in every hole, and the winner moves first in the main game.
//!
//! In the engine the kucheleka is a turn of its own with one decision, an
//! [`Arrangement`]. Every arrangement of the winner's seeds is legal, but
//! there are `C(S + n - 1, n - 1)` of them (about 62 million for 40 seeds in
//! 8 holes), so the option list the generic code sees is:
//! - every arrangement, when there are at most [`ENUMERATION_LIMIT`];
//! - otherwise a sample: the even spread (the default), the row as the
//!   fore-play left it, and all seeds in one hole, for each hole.
//!
//! Any valid arrangement is legal all the same, listed or not: [`arrange`]
//! plays one directly, and checked play (`explore::play`, hence the Python
//! API and the service) accepts one through the rules' `Game::unlisted`
//! hook, which asks [`check`]. A main-game position can also be given
//! directly as a setup.

use super::geometry::{columns_to_row, MAX_HOLES};
use super::position::{Phase, Position, MAX_TOTAL};
use super::turn::{Choice, Isolo};
use crate::game::{Advance, Game, NoTrace};
use crate::side::Side;
use std::fmt;

/// Up to this many arrangements the option list is complete.
pub const ENUMERATION_LIMIT: u64 = 2000;

/// Counts for the arranger's holes, in column order (`a`, `b`, ... as
/// South sees the board, the order of the board picture), so a client can
/// copy them from the arranger's row of the picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrangement {
    n: u8,
    cols: [u16; MAX_HOLES],
}

impl Arrangement {
    /// From counts in column order; `None` unless there are 4..=8 of them.
    pub fn from_columns(cols: &[u16]) -> Option<Arrangement> {
        if !(super::geometry::MIN_HOLES..=MAX_HOLES).contains(&cols.len()) {
            return None;
        }
        let mut a = Arrangement { n: cols.len() as u8, cols: [0; MAX_HOLES] };
        a.cols[..cols.len()].copy_from_slice(cols);
        Some(a)
    }
    /// The counts in column order.
    pub fn columns(&self) -> &[u16] {
        &self.cols[..self.n as usize]
    }
    /// Holes per row.
    pub fn holes(&self) -> usize {
        self.n as usize
    }
    /// Seeds placed.
    pub fn total(&self) -> u32 {
        self.columns().iter().map(|&v| v as u32).sum()
    }
    /// The counts in `side`'s local numbering (hole 1 first).
    pub fn local(&self, side: Side) -> [u16; MAX_HOLES] {
        columns_to_row(side, self.columns(), self.holes())
    }
    /// The notation token: `k` and the counts in column order joined by `.`,
    /// like `k3.0.5.2`.
    pub fn token(&self) -> String {
        let parts: Vec<String> = self.columns().iter().map(|v| v.to_string()).collect();
        format!("k{}", parts.join("."))
    }
}

impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token())
    }
}

/// The number of arrangements of `seeds` in `n` holes, `C(seeds + n - 1,
/// n - 1)`, saturating at `u64::MAX`.
pub fn count(seeds: u32, n: usize) -> u64 {
    let mut c: u128 = 1;
    for k in 1..n as u128 {
        c = c * (seeds as u128 + k) / k;
        if c > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    c as u64
}

/// The default arrangement: the seeds spread as evenly as possible, the
/// remainder one each into the arranger's holes 1, 2, ... (from its left).
pub fn default_arrangement(pos: &Position) -> Arrangement {
    let n = pos.holes();
    let me = pos.to_move();
    let s = pos.seeds(me);
    let mut local = [0u16; MAX_HOLES];
    for (i, v) in local.iter_mut().enumerate().take(n) {
        *v = (s / n as u32 + u32::from((i as u32) < s % n as u32)) as u16;
    }
    from_local(me, &local, n)
}

fn from_local(side: Side, local: &[u16; MAX_HOLES], n: usize) -> Arrangement {
    let cols = super::geometry::row_to_columns(side, local, n);
    Arrangement::from_columns(&cols).expect("n is valid")
}

/// The kucheleka options of a position in the kucheleka phase, sorted (see
/// the module docs for when the list is complete).
pub fn options(pos: &Position) -> Vec<Arrangement> {
    let n = pos.holes();
    let me = pos.to_move();
    let s = pos.seeds(me);
    let mut out = Vec::new();
    if count(s, n) <= ENUMERATION_LIMIT {
        let mut cols = [0u16; MAX_HOLES];
        compositions(&mut cols, 0, n, s as u16, &mut out);
        return out;
    }
    out.push(default_arrangement(pos));
    out.push(from_local(me, &pos.local_rows()[me.index()], n));
    for i in 0..n {
        let mut cols = [0u16; MAX_HOLES];
        cols[i] = s as u16;
        out.push(Arrangement::from_columns(&cols[..n]).expect("n is valid"));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Every way to put `left` seeds into columns `k..n`, in lexicographic order.
fn compositions(cols: &mut [u16; MAX_HOLES], k: usize, n: usize, left: u16, out: &mut Vec<Arrangement>) {
    if k == n - 1 {
        cols[k] = left;
        out.push(Arrangement::from_columns(&cols[..n]).expect("n is valid"));
        return;
    }
    for v in 0..=left {
        cols[k] = v;
        compositions(cols, k + 1, n, left - v, out);
    }
}

/// Why an arrangement cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrangeError {
    /// The position is not in the kucheleka phase.
    WrongPhase { phase: Phase },
    /// The arrangement has another number of holes than the board.
    WrongHoles { expected: usize, found: usize },
    /// The arrangement does not place exactly the arranger's seeds.
    WrongTotal { expected: u32, found: u32 },
    /// The loser's new seeds would take the board past [`MAX_TOTAL`].
    OverCap,
}

impl fmt::Display for ArrangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArrangeError::WrongPhase { phase } => {
                write!(f, "an arrangement is played only in the kucheleka phase, not in '{}'", phase)
            }
            ArrangeError::WrongHoles { expected, found } => {
                write!(f, "the arrangement has {} holes, the board {}", found, expected)
            }
            ArrangeError::WrongTotal { expected, found } => write!(
                f,
                "the arrangement places {} seeds, but the fore-play's winner holds exactly {}",
                found, expected
            ),
            ArrangeError::OverCap => write!(f, "the board would hold more than {} seeds", MAX_TOTAL),
        }
    }
}

/// Whether `a` can be played at `pos`, listed among the options or not.
/// [`arrange`] and the rules' [`Game::unlisted`] both ask this.
pub fn check(pos: &Position, a: &Arrangement) -> Result<(), ArrangeError> {
    if pos.phase() != Phase::Kucheleka {
        return Err(ArrangeError::WrongPhase { phase: pos.phase() });
    }
    if a.holes() != pos.holes() {
        return Err(ArrangeError::WrongHoles { expected: pos.holes(), found: a.holes() });
    }
    let s = pos.seeds(pos.to_move());
    if a.total() != s {
        return Err(ArrangeError::WrongTotal { expected: s, found: a.total() });
    }
    if pos.total() + 2 * pos.holes() as u32 > MAX_TOTAL {
        return Err(ArrangeError::OverCap);
    }
    Ok(())
}

/// Play any valid kucheleka arrangement, listed among the options or not.
/// The result is the main game's first position, the arranger to move.
pub fn arrange(pos: &Position, a: &Arrangement) -> Result<Position, ArrangeError> {
    check(pos, a)?;
    match Isolo::advance(pos, &Isolo::root(pos), Choice::Arrange(*a), &mut NoTrace) {
        Advance::Reached(node, _) => Ok(Isolo::finish(pos, &node)),
        Advance::Endless | Advance::Aborted => unreachable!("an arrangement sows no laps"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count(0, 4), 1);
        assert_eq!(count(3, 4), 20);
        assert_eq!(count(20, 4), 1771);
        assert_eq!(count(40, 8), 62_891_499);
        assert!(count(30_000, 8) > 1_000_000_000_000_000); // large, and no overflow panic
    }

    #[test]
    fn compositions_are_complete_and_sorted() {
        let mut out = Vec::new();
        compositions(&mut [0; MAX_HOLES], 0, 4, 3, &mut out);
        assert_eq!(out.len() as u64, count(3, 4));
        assert!(out.windows(2).all(|w| w[0] < w[1]));
        assert!(out.iter().all(|a| a.total() == 3));
        assert_eq!(out[0].token(), "k0.0.0.3");
    }
}
