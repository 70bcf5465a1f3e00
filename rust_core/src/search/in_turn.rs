//! The small game inside a turn: mover decisions are max nodes, the
//! opponent's (Igisoro's retreat) min nodes, results are worth minus the
//! opponent's negamax value one ply deeper (or, when the same side moves
//! again, as in Isolo's kucheleka, the mover's own value one ply deeper).
//!
//! Why a memo per node: one turn graph is searched once per (position,
//! depth), and the same node is reached by many decision orders; bounds
//! (not just exact values) are kept because alpha-beta mostly proves bounds.
//! The memo needs a DAG: on a cyclic graph a node's value depends on the
//! route that reached it (a branch may not re-enter its own path), so those
//! graphs are searched by `path_value`, exact and unmemoised.

use super::searcher::{Searcher, INF};
use super::limits::Stop;
use super::turn_graph::{Kind, TurnGraph};
use super::Engine;
use crate::game::Game;

/// Bounds on one in-turn node's value for the current (position, depth).
#[derive(Clone, Copy)]
pub struct Memo {
    lo: i32,
    hi: i32,
    /// A child achieving an exact value (for the principal line), or NONE.
    best: u32,
    /// No finished turn is reachable from here.
    dead: bool,
}

const NONE: u32 = u32::MAX;

impl Memo {
    pub const FRESH: Memo = Memo { lo: -INF, hi: INF, best: NONE, dead: false };

    /// What a finished node's value `v`, searched with lower window bound
    /// `alpha` and found below beta, says: exact above `alpha`, else an
    /// upper bound (fail-soft).
    pub fn searched(v: i32, alpha: i32) -> Memo {
        if v <= alpha {
            Memo { hi: v, ..Memo::FRESH }
        } else {
            Memo { lo: v, hi: v, ..Memo::FRESH }
        }
    }
}

/// The running value of one in-turn node inside an alpha-beta window: a
/// mover node maximises, an opponent node minimises. One rule for the
/// memoised and the path-checked search.
struct Chooser {
    max: bool,
    alpha: i32,
    beta: i32,
    best: Option<i32>,
}

impl Chooser {
    fn new(kind: Kind, alpha: i32, beta: i32) -> Chooser {
        Chooser { max: kind == Kind::Mover, alpha, beta, best: None }
    }

    /// The window for the next child, narrowed by the best value so far.
    fn window(&self) -> (i32, i32) {
        match (self.best, self.max) {
            (Some(v), true) => (self.alpha.max(v), self.beta),
            (Some(v), false) => (self.alpha, self.beta.min(v)),
            (None, _) => (self.alpha, self.beta),
        }
    }

    /// Take a child's value; true if it is the new best.
    fn take(&mut self, v: i32) -> bool {
        let better = self.best.is_none_or(|x| if self.max { v > x } else { v < x });
        if better {
            self.best = Some(v);
        }
        better
    }

    /// The best so far already decides the node's value for the window.
    fn cut(&self) -> bool {
        self.best.is_some_and(|v| if self.max { v >= self.beta } else { v <= self.alpha })
    }
}

/// Marks of the canonical route to frontier node `n`, `n` included: a
/// search from `n` on a cyclic graph must not re-enter it.
fn route_marks<G: Game>(g: &TurnGraph<G>, n: u32) -> Vec<bool> {
    let mut on_path = vec![false; g.kind.len()];
    let mut i = n;
    on_path[i as usize] = true;
    while let Some((p, _)) = g.parent[i as usize] {
        on_path[p as usize] = true;
        i = p;
    }
    on_path
}

impl<G: Engine> Searcher<G> {
    /// Value to the mover of the turn's result `r`, searched one ply
    /// deeper. Negamax negates the child's value (and swaps the window)
    /// only when the side to move changes: after an Isolo fore-play win
    /// the same side moves again (kucheleka, then the first main-game
    /// move), and its child value is already from the mover's view.
    #[inline]
    pub fn result_value(
        &mut self,
        g: &TurnGraph<G>,
        r: u32,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        let res = &g.results[r as usize];
        self.value_after(res.same_mover, &res.pos, depth, ply, alpha, beta)
    }

    /// Value to the mover of a turn ending in `child`, searched one ply
    /// deeper: negated (window swapped) only when the side to move changes
    /// (`same_mover` false). Shared by the graph's results and the options
    /// tried before a graph ([`super::guess`]).
    #[inline]
    pub fn value_after(
        &mut self,
        same_mover: bool,
        child: &G::Pos,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        if same_mover {
            self.search(child, depth - 1, ply + 1, alpha, beta)
        } else {
            Ok(-self.search(child, depth - 1, ply + 1, -beta, -alpha)?)
        }
    }

    /// Value of in-turn node `n` to the mover (`None`: the turn cannot finish
    /// from here). Mover nodes maximise, opponent nodes minimise.
    // The search state plus an alpha-beta window and the graph's memo: a
    // struct for them would be built and torn down at every in-turn node.
    #[allow(clippy::too_many_arguments)]
    pub fn node_value(
        &mut self,
        g: &TurnGraph<G>,
        n: u32,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        memo: &mut [Memo],
    ) -> Result<Option<i32>, Stop> {
        let kind = g.kind[n as usize];
        if let Kind::Done(r) = kind {
            if memo.is_empty() {
                return Ok(Some(self.result_value(g, r, depth, ply, alpha, beta)?));
            }
        }
        let m = memo[n as usize];
        if m.dead {
            return Ok(None);
        }
        if m.lo == m.hi {
            return Ok(Some(m.lo));
        }
        if m.lo >= beta {
            return Ok(Some(m.lo));
        }
        if m.hi <= alpha {
            return Ok(Some(m.hi));
        }
        let mut best_child = NONE;
        let best = match kind {
            Kind::Done(r) => Some(self.result_value(g, r, depth, ply, alpha, beta)?),
            Kind::Mover | Kind::Opponent => {
                let mut node = Chooser::new(kind, alpha, beta);
                for &c in g.children_of(n) {
                    let (a, b) = node.window();
                    let Some(v) = self.node_value(g, c, depth, ply, a, b, memo)? else { continue };
                    if node.take(v) {
                        best_child = c;
                    }
                    if node.cut() {
                        break;
                    }
                }
                node.best
            }
        };
        let m = &mut memo[n as usize];
        match best {
            None => m.dead = true,
            Some(v) if v <= alpha => m.hi = m.hi.min(v),
            Some(v) if v >= beta => m.lo = m.lo.max(v),
            Some(v) => {
                m.lo = v;
                m.hi = v;
                m.best = best_child;
            }
        }
        Ok(best)
    }

    /// Value of a root option (frontier node `n`). On a cyclic graph the
    /// option is searched with the canonical path to it marked as visited:
    /// exact for that route (other routes to the same node could allow
    /// different continuations; no such turn has turned up in testing).
    pub fn item_value(
        &mut self,
        g: &TurnGraph<G>,
        n: u32,
        depth: u32,
        alpha: i32,
        beta: i32,
        memo: &mut [Memo],
    ) -> Result<Option<i32>, Stop> {
        if !g.cyclic {
            return self.node_value(g, n, depth, 0, alpha, beta, memo);
        }
        self.path_value(g, n, depth, 0, alpha, beta, &mut route_marks(g, n))
    }

    /// The result the principal line from node `n` ends in, given `n`'s
    /// exact value `v`. Uses the memo's best child where one was recorded;
    /// otherwise (an exact value pieced together from two bounds) finds a
    /// child whose value is exactly `v` with a one-wide window.
    pub fn principal(
        &mut self,
        g: &TurnGraph<G>,
        mut n: u32,
        v: i32,
        depth: u32,
        memo: &mut [Memo],
    ) -> Result<Option<usize>, Stop> {
        for _ in 0..g.kind.len() + 1 {
            if let Kind::Done(r) = g.kind[n as usize] {
                return Ok(Some(r as usize));
            }
            if g.cyclic {
                return self.principal_on_path(g, n, v, depth);
            }
            let mut next = memo.get(n as usize).map_or(NONE, |m| m.best);
            if next == NONE {
                for &c in g.children_of(n) {
                    if self.node_value(g, c, depth, 0, v - 1, v + 1, memo)? == Some(v) {
                        next = c;
                        break;
                    }
                }
            }
            if next == NONE {
                return Ok(None);
            }
            n = next;
        }
        Ok(None)
    }

    /// [`Self::principal`] on a cyclic graph: the same walk, with the path
    /// (the canonical route to `n`, then the walk itself) kept off-limits.
    fn principal_on_path(&mut self, g: &TurnGraph<G>, mut n: u32, v: i32, depth: u32) -> Result<Option<usize>, Stop> {
        let mut on_path = route_marks(g, n);
        loop {
            if let Kind::Done(r) = g.kind[n as usize] {
                return Ok(Some(r as usize));
            }
            let mut next = NONE;
            for &c in g.children_of(n) {
                if on_path[c as usize] {
                    continue;
                }
                on_path[c as usize] = true;
                let found = self.path_value(g, c, depth, 0, v - 1, v + 1, &mut on_path)? == Some(v);
                if found {
                    next = c;
                    break;
                }
                on_path[c as usize] = false;
            }
            if next == NONE {
                return Ok(None);
            }
            n = next;
        }
    }

    /// Exact in-turn value on a cyclic graph: a branch may not re-enter a
    /// node on its own path (that would be an endless turn), so the value
    /// depends on the path and is not memoised.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn path_value(
        &mut self,
        g: &TurnGraph<G>,
        n: u32,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
        on_path: &mut [bool],
    ) -> Result<Option<i32>, Stop> {
        // Dead-end branches complete no turn and visit no node: the clock
        // is polled here so that they too stop at the deadline.
        self.ctl.poll()?;
        let kind = g.kind[n as usize];
        if let Kind::Done(r) = kind {
            return Ok(Some(self.result_value(g, r, depth, ply, alpha, beta)?));
        }
        let mut node = Chooser::new(kind, alpha, beta);
        for &c in g.children_of(n) {
            if on_path[c as usize] {
                continue;
            }
            on_path[c as usize] = true;
            let (a, b) = node.window();
            let v = self.path_value(g, c, depth, ply, a, b, on_path);
            on_path[c as usize] = false;
            let Some(v) = v? else { continue };
            node.take(v);
            if node.cut() {
                break;
            }
        }
        Ok(node.best)
    }
}

/// Follow exact best children from a frontier node to the result the
/// principal line ends in (for Done nodes, the node's own result).
pub fn principal_result<G: Game>(g: &TurnGraph<G>, mut n: u32, memo: &[Memo]) -> Option<usize> {
    for _ in 0..g.kind.len() + 1 {
        match g.kind[n as usize] {
            Kind::Done(r) => return Some(r as usize),
            _ => {
                let b = memo.get(n as usize)?.best;
                if b == NONE {
                    return None;
                }
                n = b;
            }
        }
    }
    None
}
