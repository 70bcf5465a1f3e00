//! The state of one alpha-beta search ([`Searcher`]) and the values it
//! deals in, shared by the files that search with it: [`super::alphabeta`]
//! (whole turns), [`super::in_turn`] (the nodes inside a turn),
//! [`super::guess`] (an option tried before the turn graph is built) and
//! [`super::iterative`] (the root).
//!
//! Why its own file: each of those adds its own methods to the searcher
//! (`impl Searcher` blocks) and calls the others' methods, so the type they
//! share sits below all of them, and none imports another for it.

use super::limits::Control;
use super::ordering::Ordering;
use super::tt::{Table, MATE};
use super::turn_graph::TurnGraph;
use super::Engine;

/// A value beyond every score: the bounds of a full window.
pub const INF: i32 = MATE + 1;

/// Loss for the side to move at `ply` (it has no move, or a win is decided against it).
#[inline]
pub fn lost(ply: u32) -> i32 {
    -(MATE - ply as i32)
}

/// Evaluation function: side to move's view, centiseeds.
pub type EvalFn<P> = fn(&P) -> i32;

/// The state of one search: table, ordering heuristics, limits, evaluation.
pub struct Searcher<G: Engine> {
    pub tt: Table,
    pub ord: Ordering,
    pub ctl: Control,
    pub eval: EvalFn<G::Pos>,
    /// Turn graphs to build into, one taken per position being expanded
    /// and given back after (a stack, since expansions nest). Why: building
    /// every graph in fresh memory spent about a fifth of a depth-6 search
    /// in the allocator. Boxed, so that taking one and giving it back moves
    /// a pointer, not the graph's few hundred bytes of vectors and tables.
    #[allow(clippy::vec_box)]
    pub pool: Vec<Box<TurnGraph<G>>>,
    /// Option buffer for playing a guessed option ([`super::guess`]), kept
    /// so that each try allocates nothing.
    pub opts: Vec<G::Choice>,
    /// Buffers for the frontier search's option order, one taken per
    /// searched frontier and given back after (a stack, as frontier
    /// searches nest), so that ordering allocates nothing.
    pub orders: Vec<Vec<(i64, u16)>>,
    /// Late-move reductions on ([`Limits::playing`](super::Limits)).
    pub lmr: bool,
}
