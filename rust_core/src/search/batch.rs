//! Many positions in parallel (rayon). Each position gets its own search
//! state (table, heuristics, limits), so results are the same as analysing
//! them one by one, in the input order, whatever the thread count.
//!
//! An outside deadline bounds the whole batch. Left alone, the first
//! positions would use all of it and the rest would get nothing; so each
//! position, when its search starts, gets a fair share of what is left:
//! the time to the deadline times the thread count, divided by the
//! positions not yet started. Time a quick position leaves unused goes to
//! the ones after it.

use super::iterative::{analyse, Analysis};
use super::limits::Limits;
use super::Engine;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Analyse every position with the same limits. A shared `cancel` flag in
/// `limits` stops them all; a time limit applies to each position; a
/// deadline to the batch (see the module docs).
pub fn analyse_many<G: Engine>(positions: &[G::Pos], limits: &Limits) -> Vec<Analysis>
where
    G::Pos: Sync,
{
    map_shared(positions, limits, |p, l| analyse::<G>(p, l))
}

/// Run `search` on every item in parallel, each with its share of the
/// limits ([`Share`]), results in input order. The one batch driver: the
/// one-family [`analyse_many`] and the any-variant batch of
/// `crate::any_position` both go through it.
pub fn map_shared<T: Sync, R: Send>(items: &[T], limits: &Limits, search: impl Fn(&T, &Limits) -> R + Sync) -> Vec<R> {
    let share = Share::new(limits, items.len());
    items.par_iter().map(|p| search(p, &share.next())).collect()
}

/// Hands out each item's limits as its search starts.
pub struct Share<'a> {
    limits: &'a Limits,
    items: usize,
    started: AtomicUsize,
    threads: u32,
}

impl<'a> Share<'a> {
    /// Shares for `items` positions searched under `limits`.
    pub fn new(limits: &'a Limits, items: usize) -> Share<'a> {
        Share { limits, items, started: AtomicUsize::new(0), threads: rayon::current_num_threads().max(1) as u32 }
    }

    /// The limits of the item whose search starts now.
    pub fn next(&self) -> Limits {
        let mut l = self.limits.clone();
        if let Some(left) = self.limits.budget.left() {
            let waiting = self.items.saturating_sub(self.started.fetch_add(1, Ordering::Relaxed)).max(1) as u32;
            let fair = left * self.threads.min(waiting) / waiting;
            l.budget = self.limits.budget.no_later_than(Some(Instant::now() + fair));
        }
        l
    }
}
