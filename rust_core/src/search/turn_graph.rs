//! One turn as an explicit graph of decision nodes, built once per searched
//! position.
//!
//! Why a graph and not `explore::legal_moves`: the search needs more than
//! the set of results. When the opponent decides inside the mover's turn
//! (Igisoro's retreat), the turn is a small game of its own: mover nodes are
//! max nodes, opponent nodes are min nodes, and a result is only reachable
//! if the opponent allows it. Building the graph once (breadth-first, one
//! index per distinct node, as `legal_moves` does) lets the search run that
//! inner minimax over node indices, memoised per node, without re-running
//! any sowing.
//!
//! When the turn has no opponent node, the mover's options are exactly the
//! distinct results (the "frontier" below is then the list of results in
//! canonical order), which is the deduplication that keeps hundreds of
//! decision paths per turn down to the distinct positions they produce.

use super::limits::{Control, Stop};
use crate::game::{Actor, Advance, Game, NoTrace, Point};
use rustc_hash::FxHashMap as HashMap;
use std::collections::hash_map::Entry;

/// What a node of the turn graph is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The mover decides (a max node for the mover).
    Mover,
    /// The opponent decides (a min node for the mover).
    Opponent,
    /// The turn is over; the index is into [`TurnGraph::results`].
    Done(u32),
}

/// A distinct result of the turn.
#[derive(Clone, Debug)]
pub struct Outcome<G: Game> {
    pub pos: G::Pos,
    pub captured: u32,
    /// The Done node first reaching this result (breadth-first).
    pub node: u32,
    /// Whether the same side is to move again after this turn. Turns do not
    /// always alternate (Isolo: the fore-play's winner plays the kucheleka
    /// and the first main-game move too), so negamax must negate a child's
    /// value only when the side to move changes; see
    /// `Searcher::result_value`.
    pub same_mover: bool,
}

/// The decision graph of one turn. Node 0 is the root.
pub struct TurnGraph<G: Game> {
    pub kind: Vec<Kind>,
    /// Children of node `i`: `children[child_start[i]..child_start[i + 1]]`,
    /// in the order the in-turn search tries them (see
    /// [`super::in_turn_order`]; the rules' canonical order when the turn
    /// has no opponent decision or is cyclic).
    pub child_start: Vec<u32>,
    pub children: Vec<u32>,
    /// Breadth-first tree: (parent, choice) of each node but the root. With
    /// options tried in sorted order this is the canonical decision list.
    pub parent: Vec<Option<(u32, G::Choice)>>,
    pub results: Vec<Outcome<G>>,
    /// Whether any opponent decision is reachable.
    pub has_opponent: bool,
    /// Whether the node budget cut the graph: some nodes were never
    /// expanded and count as dead ends, so the search sees only part of the
    /// turn (an approximation, reported to the caller).
    pub truncated: bool,
    /// Whether the graph has a cycle (only computed when `has_opponent`;
    /// a cycle makes a node's value depend on the path that reached it).
    pub cyclic: bool,
    /// The mover's options (see [`TurnGraph::frontier`]), taken in the
    /// canonical child order before the children were reordered for the
    /// search (`order_in_turn`), so the options and their indices (the
    /// table's best-option index) do not depend on search heuristics.
    frontier: Vec<u32>,
    /// The building's own working space, kept so that a graph rebuilt in
    /// place ([`TurnGraph::rebuild_bounded`]) allocates nothing new.
    scratch: Scratch<G>,
}

/// Working space of [`TurnGraph::rebuild_bounded`]: the distinct nodes and
/// results met so far, and the options of the node being expanded.
struct Scratch<G: Game> {
    index: HashMap<G::Node, u32>,
    nodes: Vec<G::Node>,
    result_index: HashMap<G::Pos, u32>,
    opts: Vec<G::Choice>,
    /// `fill_canonical_frontier`'s visited marks and queue.
    seen: Vec<bool>,
    queue: Vec<u32>,
}

/// Graphs of at most this many nodes are worth keeping for reuse (see
/// [`TurnGraph::reusable`]).
const REUSE_MAX_NODES: usize = 1024;

impl<G: Game> TurnGraph<G> {
    /// Build the whole graph of the side to move's turn. Positions with a
    /// decided winner have no moves (an empty `results`).
    pub fn build(pos: &G::Pos) -> TurnGraph<G> {
        Self::build_bounded(pos, usize::MAX, &mut || false).unwrap_or_else(|_| unreachable!())
    }

    /// Build at most `max_nodes` nodes, calling `stop` every 4 nodes and
    /// giving up when it says so.
    ///
    /// Why a budget: with optional capture and retreat a single turn can
    /// have millions of decision nodes (every capture opportunity on a long
    /// relay chain branches three ways), and one position must not eat the
    /// whole search. Why the `stop` poll: building a big turn can take
    /// seconds, longer than a time limit allows.
    pub fn build_bounded(
        pos: &G::Pos,
        max_nodes: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<TurnGraph<G>, Stop> {
        let mut g = TurnGraph::empty();
        g.rebuild_bounded(pos, max_nodes, stop)?;
        Ok(g)
    }

    /// A graph with nothing in it, to be filled by
    /// [`TurnGraph::rebuild_bounded`].
    ///
    /// Room for a typical turn from the start: growing the tables from
    /// empty (reallocation and rehashing) took about a sixth of a depth-5
    /// search's instructions when every graph was new.
    pub fn empty() -> TurnGraph<G> {
        TurnGraph {
            kind: Vec::with_capacity(32),
            child_start: Vec::with_capacity(33),
            children: Vec::with_capacity(32),
            parent: Vec::with_capacity(32),
            results: Vec::with_capacity(16),
            has_opponent: false,
            truncated: false,
            cyclic: false,
            frontier: Vec::with_capacity(16),
            scratch: Scratch {
                // Fx, not the default SipHash: the keys are whole in-turn
                // states built by the engine itself (no untrusted input to
                // flood a table), and hashing them with SipHash took about
                // 45% of a depth-4 search of an igisoro middle game (perf),
                // more than sowing.
                index: HashMap::with_capacity_and_hasher(32, Default::default()),
                nodes: Vec::with_capacity(32),
                result_index: HashMap::with_capacity_and_hasher(16, Default::default()),
                opts: Vec::with_capacity(16),
                seen: Vec::with_capacity(32),
                queue: Vec::with_capacity(32),
            },
        }
    }

    /// Whether this graph is small enough to keep for reuse. Why a bound:
    /// a turn of a crowded `igisoro` row can have a million nodes, and a
    /// kept graph keeps its memory (and clearing its tables costs their
    /// capacity) for as long as the search runs.
    pub fn reusable(&self) -> bool {
        self.kind.capacity() <= REUSE_MAX_NODES
    }

    /// [`TurnGraph::build_bounded`] into this graph, reusing its memory.
    ///
    /// Why: the search builds a graph at every position it expands, and
    /// allocating and freeing a fresh one each time took about a fifth of a
    /// depth-6 search's instructions. On `Err` the graph is left partly
    /// built and must be rebuilt before use.
    pub fn rebuild_bounded(
        &mut self,
        pos: &G::Pos,
        max_nodes: usize,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<(), Stop> {
        let g = self;
        g.kind.clear();
        g.child_start.clear();
        g.children.clear();
        g.parent.clear();
        g.results.clear();
        g.frontier.clear();
        g.has_opponent = false;
        g.truncated = false;
        g.cyclic = false;
        if G::decided(pos).is_some() {
            g.kind.push(Kind::Mover);
            g.child_start.extend([0, 0]);
            g.parent.push(None);
            return Ok(());
        }
        let Scratch { index, nodes, result_index, opts, .. } = &mut g.scratch;
        index.clear();
        nodes.clear();
        result_index.clear();
        let root = G::root(pos);
        nodes.push(root.clone());
        index.insert(root, 0);
        g.parent.push(None);
        // Nodes are numbered in discovery order and processed in that order,
        // so the queue is just the node list and children lists can be
        // appended in compressed-row form as each node is processed.
        let mut i = 0;
        while i < nodes.len() {
            g.child_start.push(g.children.len() as u32);
            if i % 4 == 3 && stop() {
                return Err(Stop);
            }
            if i >= max_nodes {
                // Unexpanded: a dead end (no children), see `truncated`.
                g.truncated = true;
                g.kind.push(Kind::Mover);
                i += 1;
                continue;
            }
            let node = nodes[i].clone();
            match G::point(pos, &node, opts) {
                Point::Done => {
                    let result = G::finish(pos, &node);
                    let next = g.results.len() as u32;
                    // Each node is expanded once, so with distinct results
                    // (see `Game::DISTINCT_RESULTS`) this one is new.
                    let r =
                        if G::DISTINCT_RESULTS { next } else { *result_index.entry(result.clone()).or_insert(next) };
                    if r == next {
                        let same_mover = G::to_move(&result) == G::to_move(pos);
                        g.results.push(Outcome {
                            captured: G::captured(pos, &node),
                            pos: result,
                            node: i as u32,
                            same_mover,
                        });
                    }
                    g.kind.push(Kind::Done(r));
                }
                Point::Decide(actor) => {
                    g.kind.push(if actor == Actor::Mover { Kind::Mover } else { Kind::Opponent });
                    g.has_opponent |= actor == Actor::Opponent;
                    for &c in opts.iter() {
                        if let Advance::Reached(next, _) = G::advance(pos, &node, c, &mut NoTrace) {
                            // One hash per child: looked up and, when
                            // new, inserted through the same entry.
                            let k = match index.entry(next) {
                                Entry::Occupied(e) => *e.get(),
                                Entry::Vacant(e) => {
                                    let k = nodes.len() as u32;
                                    nodes.push(e.key().clone());
                                    e.insert(k);
                                    g.parent.push(Some((i as u32, c)));
                                    k
                                }
                            };
                            g.children.push(k);
                        }
                    }
                }
            }
            i += 1;
        }
        g.child_start.push(g.children.len() as u32);
        if g.has_opponent {
            g.cyclic = g.has_cycle();
        }
        g.fill_canonical_frontier();
        g.order_in_turn();
        Ok(())
    }

    #[inline]
    pub fn children_of(&self, i: u32) -> &[u32] {
        &self.children[self.child_start[i as usize] as usize..self.child_start[i as usize + 1] as usize]
    }

    /// Kahn's algorithm: the graph is acyclic iff every node can be peeled off.
    fn has_cycle(&self) -> bool {
        let n = self.kind.len();
        let mut indeg = vec![0u32; n];
        for &c in &self.children {
            indeg[c as usize] += 1;
        }
        let mut stack: Vec<u32> = (0..n as u32).filter(|&i| indeg[i as usize] == 0).collect();
        let mut seen = 0;
        while let Some(i) = stack.pop() {
            seen += 1;
            for &c in self.children_of(i) {
                indeg[c as usize] -= 1;
                if indeg[c as usize] == 0 {
                    stack.push(c);
                }
            }
        }
        seen < n
    }

    /// The canonical decision list to node `i` (shortest, then
    /// lexicographically first), as `explore::legal_moves` reports it.
    pub fn path_to(&self, mut i: u32) -> Vec<G::Choice> {
        let mut out = Vec::new();
        while let Some((p, c)) = self.parent[i as usize] {
            out.push(c);
            i = p;
        }
        out.reverse();
        out
    }

    /// The first decision (the start) on the canonical path to node `i`.
    pub fn first_choice(&self, mut i: u32) -> Option<G::Choice> {
        // Walked up without collecting the path: move ordering asks this
        // for every option of every searched position, and building the
        // whole list there took about 5% of a depth-6 search.
        let mut first = None;
        while let Some((p, c)) = self.parent[i as usize] {
            first = Some(c);
            i = p;
        }
        first
    }

    /// The nodes where the mover's own choices end: Done and Opponent nodes
    /// reachable from the root through mover nodes only, in breadth-first
    /// order over the canonical (rule) order of the options. These are the
    /// mover's distinct options at the root: the value of the root is the
    /// maximum over them.
    pub fn frontier(&self) -> &[u32] {
        &self.frontier
    }

    fn fill_canonical_frontier(&mut self) {
        // The breadth-first queue is a vector read from `head`: each node
        // enters it at most once (a growing `VecDeque` took about 3% of a
        // depth-6 search).
        let Scratch { seen, queue, .. } = &mut self.scratch;
        seen.clear();
        seen.resize(self.kind.len(), false);
        queue.clear();
        queue.push(0u32);
        seen[0] = true;
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            if self.kind[i as usize] != Kind::Mover {
                self.frontier.push(i);
                continue;
            }
            let (a, b) = (self.child_start[i as usize] as usize, self.child_start[i as usize + 1] as usize);
            for &c in &self.children[a..b] {
                if !seen[c as usize] {
                    seen[c as usize] = true;
                    queue.push(c);
                }
            }
        }
    }
}

/// Turn graphs built under one search's limits: the stop check of
/// [`Control`] polled while building, relay chains cut at its lap cap, cut
/// turns counted. Why here and not in [`super::limits`]: building a turn is
/// this file's concept, and the limits stay a leaf that knows no rules.
impl Control {
    /// Build a turn graph inside the tree within the budget, polling time
    /// and cancellation; relay chains past `turn_laps` are left out. Built
    /// into `g`, reusing its memory (see `TurnGraph::rebuild_bounded`).
    pub fn graph<G: Game>(
        &mut self,
        pos: &G::Pos,
        g: &mut TurnGraph<G>,
    ) -> Result<(), Stop> {
        self.build::<G>(pos, self.turn_laps(), g, Control::due)
    }

    /// Whether the side to move has a legal move, for a leaf of the tree.
    /// Relay chains past `turn_laps` are not settled: if one is cut and no
    /// move was found otherwise, the answer is unknown and taken as yes
    /// (the leaf is evaluated rather than scored as lost), counted as a
    /// truncated turn.
    pub fn has_move<G: Game>(&mut self, pos: &G::Pos) -> bool {
        let (has, capped) = crate::budget::with_lap_cap(self.turn_laps(), || crate::explore::has_legal_move::<G>(pos));
        if capped && !has {
            self.truncated += 1;
            return true;
        }
        has
    }

    /// The root's turn graph: every relay chain settled exactly, so every
    /// move offered is legal and no legal move is missing. Only the outside
    /// deadline (or cancellation) stops it, not the search's own time or
    /// node limit: a caller with a tiny budget still gets a move.
    pub fn root_graph<G: Game>(&mut self, pos: &G::Pos) -> Result<TurnGraph<G>, Stop> {
        let mut g = TurnGraph::empty();
        self.build::<G>(pos, u64::MAX, &mut g, |c: &Control| c.budget().spent())?;
        Ok(g)
    }

    /// Build `g` with relay chains cut at `laps`, stopping when `stop` says
    /// so (the search's own limits, or the outside deadline only).
    fn build<G: Game>(
        &mut self,
        pos: &G::Pos,
        laps: u64,
        g: &mut TurnGraph<G>,
        stop: impl Fn(&Control) -> bool,
    ) -> Result<(), Stop> {
        let max = self.turn_nodes;
        let (built, capped) = {
            let this = &*self;
            crate::budget::with_lap_cap(laps, || g.rebuild_bounded(pos, max, &mut || stop(this)))
        };
        match built {
            Ok(()) => {
                self.truncated += (g.truncated || capped) as u64;
                Ok(())
            }
            Err(e) => {
                self.stopped = true;
                Err(e)
            }
        }
    }
}
