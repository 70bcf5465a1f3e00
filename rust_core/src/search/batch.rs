//! Many positions in parallel (rayon). Each position gets its own search
//! state (table, heuristics, limits), so results are the same as analysing
//! them one by one, in the input order, whatever the thread count.
//!
//! An outside deadline bounds the whole batch. Left alone, the first
//! positions would use all of it and the rest would get nothing; so each
//! position gets a fair share instead (what is left when the batch starts,
//! times the thread count, divided by the number of positions), counted
//! from when its own search starts.

use super::iterative::{analyse, Analysis};
use super::limits::Limits;
use super::Engine;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Analyse every position with the same limits. A shared `cancel` flag in
/// `limits` stops them all; a time limit applies to each position; a
/// deadline to the batch (see the module docs).
pub fn analyse_many<G: Engine>(positions: &[G::Pos], limits: &Limits) -> Vec<Analysis>
where
    G::Pos: Sync,
{
    let share = fair_share(limits, positions.len());
    positions.par_iter().map(|p| analyse::<G>(p, &item_limits(limits, share))).collect()
}

/// Each item's share of the batch's deadline, if it has one.
pub fn fair_share(limits: &Limits, items: usize) -> Option<Duration> {
    let left = limits.deadline?.saturating_duration_since(Instant::now());
    let threads = rayon::current_num_threads().max(1) as u32;
    Some(left * threads / items.max(1) as u32)
}

/// The limits of one item whose search starts now.
pub fn item_limits(limits: &Limits, share: Option<Duration>) -> Limits {
    let mut l = limits.clone();
    if let (Some(d), Some(s)) = (limits.deadline, share) {
        l.deadline = Some(d.min(Instant::now() + s));
    }
    l
}
