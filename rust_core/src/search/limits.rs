//! Search limits and the stop check.
//!
//! Depth, node and time limits combine: the search stops at whichever comes
//! first. The node limit is exact (the search never visits more nodes, and
//! it stops at the same node every run, which keeps node-limited searches
//! deterministic). Time is checked every few nodes and also before starting
//! a new iteration, and cancellation is an `AtomicBool` another thread sets.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What bounds a search. `Default` is depth 4, one line, a 2^18-slot table.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Whole turns (plies) to search; `None` means up to [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// Positions visited, at most.
    pub nodes: Option<u64>,
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Number of best moves to report, each with an exact score (multi-PV).
    pub multipv: usize,
    /// Set to `true` from any thread to stop the search; the result of the
    /// last completed depth is returned.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Transposition table size as a power of two (0 disables the table).
    pub tt_bits: u32,
    /// Decision nodes explored per turn at most (see
    /// `TurnGraph::build_bounded`); bigger turns are searched in part and
    /// counted in `Analysis::truncated_turns`.
    pub turn_nodes: usize,
}

/// Deepest iteration the driver will start.
pub const MAX_DEPTH: u32 = 64;

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: Some(4), nodes: None, time_ms: None, multipv: 1, cancel: None, tt_bits: 18, turn_nodes: 4096 }
    }
}

impl Limits {
    /// Only a depth limit.
    pub fn depth(d: u32) -> Limits {
        Limits { depth: Some(d), ..Limits::default() }
    }
    /// Only a time limit (depth up to [`MAX_DEPTH`]).
    pub fn time(ms: u64) -> Limits {
        Limits { depth: None, time_ms: Some(ms), ..Limits::default() }
    }
    /// Only a node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits { depth: None, nodes: Some(n), ..Limits::default() }
    }
}

/// Raised inside the search when a limit is hit; unwinds to the driver.
#[derive(Debug)]
pub struct Stop;

/// The live stop check of one search.
pub struct Control {
    start: Instant,
    nodes_limit: u64,
    time_ms: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    pub nodes: u64,
    /// Turn graphs cut by the node budget.
    pub truncated: u64,
    pub turn_nodes: usize,
    stopped: bool,
}

impl Control {
    pub fn new(l: &Limits) -> Control {
        Control {
            start: Instant::now(),
            nodes_limit: l.nodes.unwrap_or(u64::MAX),
            time_ms: l.time_ms,
            cancel: l.cancel.clone(),
            nodes: 0,
            truncated: 0,
            turn_nodes: l.turn_nodes.max(1),
            stopped: false,
        }
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Count one node, or stop. Time and cancellation are polled at every
    /// node: a node can cost milliseconds (a whole turn graph with long
    /// relay chains), next to which reading the clock is free.
    #[inline]
    pub fn visit(&mut self) -> Result<(), Stop> {
        if self.stopped || self.nodes >= self.nodes_limit {
            self.stopped = true;
            return Err(Stop);
        }
        self.nodes += 1;
        if self.out_of_time() {
            self.stopped = true;
            return Err(Stop);
        }
        Ok(())
    }

    /// Build a turn graph within the budget, polling time and cancellation.
    pub fn graph<G: crate::game::Game>(&mut self, pos: &G::Pos) -> Result<super::turn_graph::TurnGraph<G>, Stop> {
        let max = self.turn_nodes;
        let g = {
            let this = &*self;
            super::turn_graph::TurnGraph::<G>::build_bounded(pos, max, &mut || this.out_of_time())
        };
        match g {
            Ok(g) => {
                self.truncated += g.truncated as u64;
                Ok(g)
            }
            Err(e) => {
                self.stopped = true;
                Err(e)
            }
        }
    }

    /// Time or cancellation (not nodes) says stop.
    pub fn out_of_time(&self) -> bool {
        if let Some(c) = &self.cancel {
            if c.load(Ordering::Relaxed) {
                return true;
            }
        }
        matches!(self.time_ms, Some(t) if self.start.elapsed().as_millis() as u64 >= t)
    }

    /// Whether another iteration is worth starting. Each iteration costs
    /// several times the previous one, so one started after half the budget
    /// would almost surely be cut off and wasted.
    pub fn may_start_iteration(&self) -> bool {
        if self.stopped || self.nodes >= self.nodes_limit || self.out_of_time() {
            return false;
        }
        match self.time_ms {
            Some(t) => self.elapsed_ms() * 2 < t,
            None => true,
        }
    }
}
