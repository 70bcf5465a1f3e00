//! Negamax alpha-beta over whole turns, with the opponent's in-turn
//! decisions searched as min nodes.
//!
//! One ply is one whole turn. At a position the side to move's turn graph
//! is built ([`TurnGraph`]); the mover's options are its frontier (results
//! and opponent decision nodes reachable through the mover's own choices).
//! An opponent node is worth the *minimum* over its options to the mover,
//! a later mover node the maximum, a result minus the opponent's negamax
//! value one ply deeper. Inside a turn the values are memoised per node with
//! lower/upper bounds (the graph is a DAG in practice, so a node's value
//! does not depend on the route to it); a cyclic graph falls back to a plain
//! path-checked search, exact but without memo.
//!
//! Scores are fail-soft (a value outside the window is still a valid bound),
//! which the table and the in-turn memo both rely on.

use super::limits::{Control, Stop};
use super::ordering::Ordering;
use super::tt::{from_tt, to_tt, Bound, Entry, Table, MATE};
use super::turn_graph::{Kind, TurnGraph};
use super::Engine;
use crate::explore::has_legal_move;
use crate::game::Game;

pub const INF: i32 = MATE + 1;

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
}

impl<G: Engine> Searcher<G> {
    /// The value of a position searched `depth` turns deep (side to move's view).
    pub fn search(&mut self, pos: &G::Pos, depth: u32, ply: u32, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.ctl.visit()?;
        if let Some((w, _)) = G::decided(pos) {
            return Ok(if w == G::to_move(pos) { -lost(ply) } else { lost(ply) });
        }
        if depth == 0 {
            // A side without a move has lost, even at the horizon.
            return Ok(if has_legal_move::<G>(pos) { (self.eval)(pos) } else { lost(ply) });
        }
        let key = G::zobrist(pos);
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            if e.depth as u32 == depth {
                let v = from_tt(e.value, ply);
                match e.bound {
                    Bound::Exact => return Ok(v),
                    Bound::Lower if v >= beta => return Ok(v),
                    Bound::Upper if v <= alpha => return Ok(v),
                    _ => {}
                }
            }
        }
        let g = self.ctl.graph::<G>(pos)?;
        if g.results.is_empty() {
            return Ok(lost(ply));
        }
        let (value, item, best_result) = if g.cyclic {
            let mut on_path = vec![false; g.kind.len()];
            on_path[0] = true;
            let v = self.path_value(&g, 0, depth, ply, alpha, beta, &mut on_path)?;
            (v.unwrap_or(lost(ply)), u16::MAX, 0)
        } else {
            self.frontier_search(&g, depth, ply, alpha, beta, entry.map(|e| e.item))?
        };
        let bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(Entry { key, value: to_tt(value, ply), depth: depth as u8, bound, best: best_result, item });
        Ok(value)
    }

    /// Search the frontier of an acyclic turn graph with principal variation
    /// search. Returns (value, index of the best frontier item, Zobrist key of
    /// its principal result or 0).
    fn frontier_search(
        &mut self,
        g: &TurnGraph<G>,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        tt_item: Option<u16>,
    ) -> Result<(i32, u16, u64), Stop> {
        let frontier = g.frontier();
        let mut order: Vec<(i64, u16)> = frontier
            .iter()
            .enumerate()
            .map(|(k, &n)| {
                let captured = match g.kind[n as usize] {
                    Kind::Done(r) => g.results[r as usize].captured,
                    _ => 0,
                };
                let key = g.first_choice(n).map_or(0, G::move_key);
                (self.ord.score(ply, key, captured, tt_item == Some(k as u16)), k as u16)
            })
            .collect();
        // Stable: equal scores keep canonical order (determinism).
        order.sort_by(|a, b| b.0.cmp(&a.0));
        let mut memo = if g.has_opponent { vec![Memo::FRESH; g.kind.len()] } else { Vec::new() };
        let mut best = -INF;
        let mut best_k = u16::MAX;
        let mut searched = 0;
        for &(_, k) in &order {
            let n = frontier[k as usize];
            let v = if searched == 0 {
                self.node_value(g, n, depth, ply, alpha, beta, &mut memo)?
            } else {
                // Null window first: most later options are worse, and
                // proving that is cheaper than finding their exact value.
                match self.node_value(g, n, depth, ply, alpha, alpha + 1, &mut memo)? {
                    Some(v) if v > alpha && v < beta => self.node_value(g, n, depth, ply, alpha, beta, &mut memo)?,
                    other => other,
                }
            };
            let Some(v) = v else { continue };
            searched += 1;
            if v > best {
                best = v;
                best_k = k;
                if v > alpha {
                    alpha = v;
                }
                if v >= beta {
                    let key = g.first_choice(n).map_or(0, G::move_key);
                    let captured = match g.kind[n as usize] {
                        Kind::Done(r) => g.results[r as usize].captured,
                        _ => 0,
                    };
                    self.ord.cutoff(ply, key, depth, captured);
                    break;
                }
            }
        }
        if best_k == u16::MAX {
            return Ok((lost(ply), u16::MAX, 0));
        }
        let principal = principal_result(g, frontier[best_k as usize], &memo).map_or(0, |r| G::zobrist(&g.results[r].pos));
        Ok((best, best_k, principal))
    }

    /// Value of in-turn node `n` to the mover (`None`: the turn cannot finish
    /// from here). Mover nodes maximise, opponent nodes minimise.
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
                return Ok(Some(-self.search(&g.results[r as usize].pos, depth - 1, ply + 1, -beta, -alpha)?));
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
                best = Some(-self.search(&g.results[r as usize].pos, depth - 1, ply + 1, -beta, -alpha)?);
            }
            Kind::Mover | Kind::Opponent => {
                let max = kind == Kind::Mover;
                let (mut a, mut b) = (alpha, beta);
                for &c in g.children_of(n) {
                    let Some(v) = self.node_value(g, c, depth, ply, a, b, memo)? else { continue };
                    if max {
                        if best.map_or(true, |x| v > x) {
                            best = Some(v);
                            best_child = c;
                        }
                        a = a.max(v);
                        if v >= beta {
                            break;
                        }
                    } else {
                        if best.map_or(true, |x| v < x) {
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
    fn path_value(
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
            return Ok(Some(-self.search(&g.results[r as usize].pos, depth - 1, ply + 1, -beta, -alpha)?));
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
