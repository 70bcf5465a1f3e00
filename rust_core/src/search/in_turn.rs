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

use super::alphabeta::{Searcher, INF};
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
        if res.same_mover {
            self.search(&res.pos, depth - 1, ply + 1, alpha, beta)
        } else {
            Ok(-self.search(&res.pos, depth - 1, ply + 1, -beta, -alpha)?)
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
        let mut best: Option<i32> = None;
        let mut best_child = NONE;
        match kind {
            Kind::Done(r) => {
                best = Some(self.result_value(g, r, depth, ply, alpha, beta)?);
            }
            Kind::Mover | Kind::Opponent => {
                let max = kind == Kind::Mover;
                let (mut a, mut b) = (alpha, beta);
                for &c in g.children_of(n) {
                    let Some(v) = self.node_value(g, c, depth, ply, a, b, memo)? else { continue };
                    if max {
                        if best.is_none_or(|x| v > x) {
                            best = Some(v);
                            best_child = c;
                        }
                        a = a.max(v);
                        if v >= beta {
                            break;
                        }
                    } else {
                        if best.is_none_or(|x| v < x) {
                            best = Some(v);
                            best_child = c;
                        }
                        b = b.min(v);
                        if v <= alpha {
                            break;
                        }
                    }
                }
            }
        }
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
        let mut on_path = vec![false; g.kind.len()];
        let mut i = n;
        on_path[i as usize] = true;
        while let Some((p, _)) = g.parent[i as usize] {
            on_path[p as usize] = true;
            i = p;
        }
        self.path_value(g, n, depth, 0, alpha, beta, &mut on_path)
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
        let mut on_path = vec![false; g.kind.len()];
        let mut i = n;
        on_path[i as usize] = true;
        while let Some((p, _)) = g.parent[i as usize] {
            on_path[p as usize] = true;
            i = p;
        }
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
        let kind = g.kind[n as usize];
        if let Kind::Done(r) = kind {
            return Ok(Some(self.result_value(g, r, depth, ply, alpha, beta)?));
        }
        let max = kind == Kind::Mover;
        let (mut a, mut b) = (alpha, beta);
        let mut best: Option<i32> = None;
        for &c in g.children_of(n) {
            if on_path[c as usize] {
                continue;
            }
            on_path[c as usize] = true;
            let v = self.path_value(g, c, depth, ply, a, b, on_path);
            on_path[c as usize] = false;
            let Some(v) = v? else { continue };
            if max {
                best = Some(best.map_or(v, |x| x.max(v)));
                a = a.max(v);
                if v >= beta {
                    break;
                }
            } else {
                best = Some(best.map_or(v, |x| x.min(v)));
                b = b.min(v);
                if v <= alpha {
                    break;
                }
            }
        }
        Ok(best)
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
