//! Negamax alpha-beta over whole turns, with the opponent's in-turn
//! decisions searched as min nodes.
//!
//! One ply is one whole turn. At a position the side to move's turn graph
//! is built ([`TurnGraph`]); the mover's options are its frontier (results
//! and opponent decision nodes reachable through the mover's own choices).
//! An opponent node is worth the *minimum* over its options to the mover,
//! a later mover node the maximum, a result minus the opponent's negamax
//! value one ply deeper. Turns need not alternate: when the same side is to
//! move after the turn (Isolo's fore-play winner plays the kucheleka and
//! then the first main-game move), the result is worth the mover's own
//! value one ply deeper, with the window unchanged
//! ([`Searcher::result_value`]). Sides are always taken from
//! `Game::to_move` of each position, never from the ply's parity. Inside a turn the values are memoised per node with
//! lower/upper bounds (the graph is a DAG in practice, so a node's value
//! does not depend on the route to it); a cyclic graph falls back to a plain
//! path-checked search, exact but without memo.
//!
//! Before a position's graph is built, one option known in advance (the
//! table's best option, or this ply's killer where the game says that
//! pays) is played alone and searched
//! when it is a single decision; a cutoff then saves the graph
//! ([`super::guess`]).
//!
//! Scores are fail-soft (a value outside the window is still a valid bound),
//! which the table and the in-turn memo both rely on.

use super::guess::Tried;
use super::in_turn::{principal_result, Memo};
use super::limits::Stop;
use super::searcher::{lost, Searcher, INF};
use super::tt::{from_tt, to_tt, Bound, Entry, MATE_BOUND, NO_START};
use super::turn_graph::{Kind, TurnGraph};
use super::Engine;

impl<G: Engine> Searcher<G> {
    /// The value of a position searched `depth` turns deep (side to move's view).
    pub fn search(&mut self, pos: &G::Pos, depth: u32, ply: u32, alpha: i32, beta: i32) -> Result<i32, Stop> {
        self.ctl.visit()?;
        if let Some((w, _)) = G::decided(pos) {
            return Ok(if w == G::to_move(pos) { -lost(ply) } else { lost(ply) });
        }
        // A game proven unable to end (the rules adjudicate nothing): the
        // side ahead can never win and the side behind can keep it going
        // for ever, so a draw (docs/RULES.md, "Games that cannot end").
        if G::cannot_end(pos).is_some() {
            return Ok(0);
        }
        if depth == 0 {
            // A side without a move has lost, even at the horizon.
            return Ok(if self.ctl.has_move::<G>(pos) { (self.eval)(pos) } else { lost(ply) });
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
        // An option tried before the graph is built (see `super::guess`).
        let mut tried = None;
        if let Some(k) = self.guess_key(entry, ply) {
            if let Some(t) = self.try_single(pos, k, depth, ply, alpha, beta)? {
                if t.value >= beta {
                    self.ord.cutoff(ply, k, depth, t.captured);
                    // The same position has the same frontier: the table's
                    // index still names this option if it named it before.
                    let item = entry.filter(|e| e.start as usize == k).map_or(u16::MAX, |e| e.item);
                    let best = G::zobrist(&t.pos);
                    let value = to_tt(t.value, ply);
                    self.tt.store(Entry {
                        key,
                        value,
                        depth: depth as u8,
                        bound: Bound::Lower,
                        best,
                        item,
                        start: k as u8,
                    });
                    return Ok(t.value);
                }
                tried = Some(t);
            }
        }
        let mut g = self.pool.pop().unwrap_or_else(|| Box::new(TurnGraph::empty()));
        self.ctl.graph::<G>(pos, &mut g)?;
        if g.results.is_empty() {
            self.recycle(g);
            return Ok(lost(ply));
        }
        let (value, item, best_result) = if g.cyclic {
            let mut on_path = vec![false; g.kind.len()];
            on_path[0] = true;
            let v = self.path_value(&g, 0, depth, ply, alpha, beta, &mut on_path)?;
            (v.unwrap_or(lost(ply)), u16::MAX, 0)
        } else {
            let tt_item = match entry {
                Some(e) if e.item != u16::MAX => Some(e.item),
                Some(e) if e.start != NO_START => single_item(&g, e.start as usize),
                _ => None,
            };
            self.frontier_search(&g, depth, ply, alpha, beta, Known { tt_item, tried })?
        };
        let start = if item == u16::MAX { NO_START } else { single_key(&g, g.frontier()[item as usize]) };
        self.recycle(g);
        let bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if bound == Bound::Exact && best_result != 0 {
            self.ctl.record_pv(key, best_result);
        }
        self.tt.store(Entry {
            key,
            value: to_tt(value, ply),
            depth: depth as u8,
            bound,
            best: best_result,
            item,
            start,
        });
        Ok(value)
    }

    /// Late-move reduction: a late (`late`: after [`LMR_FROM`] options were
    /// searched, in a turn without opponent decisions), quiet option (a
    /// finished turn that captures nothing, at depth [`LMR_DEPTH`] or more)
    /// is first searched one turn shallower with a null window; when that
    /// fails low its value is taken as the bound and
    /// the full-depth search is skipped (`Some`), else `None` and the
    /// option is searched as usual. Why: with the table's and the killers'
    /// options first, late quiet options rarely beat alpha, and proving it
    /// one turn shallower costs a fraction of the full search. Only where
    /// the turn has no opponent decisions: the in-turn memo keeps one value
    /// per node and must not mix depths.
    fn reduced_fail_low(
        &mut self,
        g: &TurnGraph<G>,
        n: u32,
        depth: u32,
        ply: u32,
        alpha: i32,
        late: bool,
    ) -> Result<Option<i32>, Stop> {
        if !self.lmr || depth < LMR_DEPTH || !late {
            return Ok(None);
        }
        let Kind::Done(r) = g.kind[n as usize] else { return Ok(None) };
        if g.results[r as usize].captured > 0 || alpha.abs() > MATE_BOUND {
            return Ok(None);
        }
        let v = self.result_value(g, r, depth - 1, ply, alpha, alpha + 1)?;
        Ok((v <= alpha).then_some(v))
    }

    /// Give a graph back to [`Searcher::pool`] if it is worth keeping.
    fn recycle(&mut self, g: Box<TurnGraph<G>>) {
        if g.reusable() {
            self.pool.push(g);
        }
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
        known: Known<G>,
    ) -> Result<(i32, u16, u64), Stop> {
        let Known { tt_item, tried } = known;
        let frontier = g.frontier();
        // The option already searched before the graph was built, if it
        // can be told apart here: its frontier index and value (with
        // opponent decisions in the turn, also the in-turn memo's record of
        // its finished node, which other routes to that node then reuse).
        let tried = tried.and_then(|t| {
            let k = frontier.iter().position(|&n| match g.kind[n as usize] {
                Kind::Done(r) => g.results[r as usize].pos == t.pos,
                _ => false,
            })?;
            Some((k as u16, t.value))
        });
        let mut order = self.orders.pop().unwrap_or_default();
        order.clear();
        order.extend(frontier.iter().enumerate().map(|(k, &n)| {
            let captured = match g.kind[n as usize] {
                Kind::Done(r) => g.results[r as usize].captured,
                _ => 0,
            };
            let key = g.first_choice(n).map_or(0, G::move_key);
            (self.ord.score(ply, key, captured, tt_item == Some(k as u16)), k as u16)
        }));
        // Stable: equal scores keep canonical order (determinism).
        order.sort_by_key(|b| std::cmp::Reverse(b.0));
        if let Some((tk, _)) = tried {
            // Searched first, before the graph existed.
            let at = order.iter().position(|o| o.1 == tk).unwrap_or(0);
            order[..=at].rotate_right(1);
        }
        let mut memo = if g.has_opponent { vec![Memo::FRESH; g.kind.len()] } else { Vec::new() };
        if let (Some((tk, v)), false) = (tried, memo.is_empty()) {
            memo[frontier[tk as usize] as usize] = Memo::searched(v, alpha);
        }
        let mut best = -INF;
        let mut best_k = u16::MAX;
        let mut searched = 0;
        for &(_, k) in &order {
            let n = frontier[k as usize];
            let v = if let Some((_, v)) = tried.filter(|t| t.0 == k) {
                Some(v)
            } else if searched == 0 {
                self.node_value(g, n, depth, ply, alpha, beta, &mut memo)?
            } else if let Some(v) = self.reduced_fail_low(g, n, depth, ply, alpha, searched >= LMR_FROM && memo.is_empty())? {
                Some(v)
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
        self.orders.push(order);
        if best_k == u16::MAX {
            return Ok((lost(ply), u16::MAX, 0));
        }
        let principal =
            principal_result(g, frontier[best_k as usize], &memo).map_or(0, |r| G::zobrist(&g.results[r].pos));
        Ok((best, best_k, principal))
    }
}

/// Options searched in full before later quiet ones may be reduced.
pub const LMR_FROM: usize = 3;
/// The least depth (turns) at which options are reduced: the reduced
/// search still looks at least one turn past the option.
pub const LMR_DEPTH: u32 = 3;

/// What is known of a position's options before its frontier is searched.
pub struct Known<G: Engine> {
    /// The table's best option (a frontier index), searched first.
    pub tt_item: Option<u16>,
    /// An option already searched before the graph was built.
    pub tried: Option<Tried<G>>,
}

/// The move key of frontier node `n` when it is a finished turn reached by
/// a start the key names exactly, then only the game's follow-up choices
/// ([`super::MoveKey::follow_up`]), else [`NO_START`] (see
/// [`Entry::start`]). Walked up the breadth-first tree, whose parents come
/// before their children, so the walk ends.
fn single_key<G: Engine>(g: &TurnGraph<G>, n: u32) -> u8 {
    if !matches!(g.kind[n as usize], Kind::Done(_)) {
        return NO_START;
    }
    let mut at = n;
    loop {
        match g.parent[at as usize] {
            Some((0, c)) if G::key_choice(G::move_key(c)) == Some(c) => return G::move_key(c) as u8,
            Some((p, c)) if p != 0 && G::follow_up(&[c]) == Some(c) => at = p,
            _ => return NO_START,
        }
    }
}

/// The frontier index of the option [`single_key`] calls `key`, if any.
fn single_item<G: Engine>(g: &TurnGraph<G>, key: usize) -> Option<u16> {
    g.frontier().iter().position(|&n| single_key(g, n) as usize == key).map(|k| k as u16)
}
