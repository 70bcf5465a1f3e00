//! Many positions in parallel (rayon). Each position gets its own search
//! state (table, heuristics, limits), so results are the same as analysing
//! them one by one, in the input order, whatever the thread count.

use super::iterative::{analyse, Analysis};
use super::limits::Limits;
use super::Engine;
use rayon::prelude::*;

/// Analyse every position with the same limits. A shared `cancel` flag in
/// `limits` stops them all; a time limit applies to each position.
pub fn analyse_many<G: Engine>(positions: &[G::Pos], limits: &Limits) -> Vec<Analysis>
where
    G::Pos: Sync,
{
    positions.par_iter().map(|p| analyse::<G>(p, limits)).collect()
}
