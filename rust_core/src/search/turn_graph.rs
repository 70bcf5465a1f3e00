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

use crate::game::{Actor, Advance, Game, NoTrace, Point};
use rustc_hash::FxHashMap as HashMap;

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
}

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
    ) -> Result<TurnGraph<G>, super::limits::Stop> {
        let root = G::root(pos);
        let mut g = TurnGraph {
            kind: Vec::new(),
            child_start: Vec::new(),
            children: Vec::new(),
            parent: Vec::new(),
            results: Vec::new(),
            has_opponent: false,
            truncated: false,
            cyclic: false,
            frontier: Vec::new(),
        };
        if G::decided(pos).is_some() {
            g.kind.push(Kind::Mover);
            g.child_start.extend([0, 0]);
            g.parent.push(None);
            return Ok(g);
        }
        // Fx, not the default SipHash: the keys are whole in-turn states
        // built by the engine itself (no untrusted input to flood a table),
        // and hashing them with SipHash took about 45% of a depth-4 search
        // of an igisoro middle game (perf), more than sowing.
        // Room for a typical turn from the start: the graph is built at every
        // node of a search, and growing these from empty (reallocation and
        // rehashing) took about a sixth of a depth-5 search's instructions.
        let mut index: HashMap<G::Node, u32> = HashMap::with_capacity_and_hasher(32, Default::default());
        let mut nodes: Vec<G::Node> = Vec::with_capacity(32);
        nodes.push(root.clone());
        index.insert(root, 0);
        let mut result_index: HashMap<G::Pos, u32> = HashMap::with_capacity_and_hasher(16, Default::default());
        let mut opts = Vec::with_capacity(16);
        let mut parent: Vec<Option<(u32, G::Choice)>> = Vec::with_capacity(32);
        parent.push(None);
        g.kind.reserve(32);
        g.child_start.reserve(33);
        g.children.reserve(32);
        g.results.reserve(16);
        // Nodes are numbered in discovery order and processed in that order,
        // so the queue is just the node list and children lists can be
        // appended in compressed-row form as each node is processed.
        let mut i = 0;
        while i < nodes.len() {
            g.child_start.push(g.children.len() as u32);
            if i % 4 == 3 && stop() {
                return Err(super::limits::Stop);
            }
            if i >= max_nodes {
                // Unexpanded: a dead end (no children), see `truncated`.
                g.truncated = true;
                g.kind.push(Kind::Mover);
                i += 1;
                continue;
            }
            let node = nodes[i].clone();
            match G::point(pos, &node, &mut opts) {
                Point::Done => {
                    let result = G::finish(pos, &node);
                    let next = g.results.len() as u32;
                    let r = *result_index.entry(result.clone()).or_insert(next);
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
                    let options = std::mem::take(&mut opts);
                    for &c in &options {
                        if let Advance::Reached(next, _) = G::advance(pos, &node, c, &mut NoTrace) {
                            let k = match index.get(&next) {
                                Some(&k) => k,
                                None => {
                                    let k = nodes.len() as u32;
                                    index.insert(next.clone(), k);
                                    nodes.push(next);
                                    parent.push(Some((i as u32, c)));
                                    k
                                }
                            };
                            g.children.push(k);
                        }
                    }
                    opts = options;
                }
            }
            i += 1;
        }
        g.child_start.push(g.children.len() as u32);
        g.parent = parent;
        if g.has_opponent {
            g.cyclic = g.has_cycle();
        }
        g.frontier = g.canonical_frontier();
        g.order_in_turn();
        Ok(g)
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

    fn canonical_frontier(&self) -> Vec<u32> {
        // The breadth-first queue is a vector read from `head`: each node
        // enters it at most once, so it never needs more than one
        // allocation of the graph's size (a growing `VecDeque` took about
        // 3% of a depth-6 search).
        let n = self.kind.len();
        let mut seen = vec![false; n];
        let mut out = Vec::with_capacity(n);
        let mut queue = Vec::with_capacity(n);
        queue.push(0u32);
        seen[0] = true;
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            if self.kind[i as usize] != Kind::Mover {
                out.push(i);
                continue;
            }
            for &c in self.children_of(i) {
                if !seen[c as usize] {
                    seen[c as usize] = true;
                    queue.push(c);
                }
            }
        }
        out
    }
}
