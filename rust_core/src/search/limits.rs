//! Search limits and the stop check.
//!
//! A leaf of the search: it knows limits and clocks, nothing of the rules or
//! of what is searched. What builds on [`Control`] lives with its concept:
//! turn-graph building under the budget in [`super::turn_graph`], the PV
//! record in [`super::iterative`], the solver's budget and table size
//! ([`Limits::checked_budget`]) in `super::solve_tt`.
//!
//! Depth, node and time limits combine: the search stops at whichever comes
//! first. The node limit is exact (the search never visits more nodes, and
//! it stops at the same node every run, which keeps node-limited searches
//! deterministic). Time is checked every few nodes and also before starting
//! a new iteration. The outside deadline and the cancel flag another thread
//! sets are the call's one [`Budget`] ([`crate::budget`]), carried here and
//! polled by [`Control::due`] through the budget's own check: a search keeps
//! no clock of its own beside its `time_ms`.

use crate::budget::Budget;
use std::time::Instant;

/// What bounds a search. `Default` is depth 4, one line, a 2^18-slot table.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Whole turns (plies) to search; `None` means up to [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// Positions visited, at most.
    pub nodes: Option<u64>,
    /// Wall-clock budget in milliseconds, the caller's own thinking time.
    pub time_ms: Option<u64>,
    /// The call's budget: a deadline imposed from outside (a server's
    /// request deadline, a batch's overall budget) and a cancel flag any
    /// thread may set (the result of the last completed depth is then
    /// returned). Kept apart from `time_ms` so the result can say whether
    /// the search ended as asked or was cut short ([`StopReason::Deadline`]).
    pub budget: Budget,
    /// Number of best moves to report, each with an exact score (multi-PV).
    pub multipv: usize,
    /// Transposition table size as a power of two (0 disables the table).
    pub tt_bits: u32,
    /// Decision nodes explored per turn at most (see
    /// `TurnGraph::build_bounded`); bigger turns are searched in part and
    /// counted in `Analysis::truncated_turns`.
    pub turn_nodes: usize,
    /// Laps a relay chain may run inside the search tree before it is cut
    /// and its option left out (the turn then counts as truncated). The
    /// root's moves are always settled exactly. See
    /// `crate::budget::with_lap_cap` for why.
    pub turn_laps: u64,
    /// A playing search (level 10 of `super::level`): late-move reductions
    /// (`super::alphabeta`: late quiet options searched one turn shallower
    /// first) and the evaluation's playing form
    /// ([`super::Evaluate::evaluate_playing`]). Off by default, so that an
    /// analysis to depth N is the full-width depth-N value of the
    /// evaluation (the reference oracle's, the review's) and its scores
    /// stay steady from depth to depth; a playing search is where the
    /// choice of move is what counts.
    pub playing: bool,
    /// Percent of an analysis's own time (`time_ms`, or less when the
    /// outside deadline comes first) given to the solver before the
    /// alpha-beta search, so that a position the solver can settle is
    /// answered with its checked proof ([`StopReason::Solved`],
    /// `super::proof_first`). 0 turns it off. Only a non-playing search
    /// with a `time_ms` uses it: a depth- or node-limited analysis stays
    /// deterministic, node for node as before.
    pub solve_share: u32,
    /// Seeds the randomised choices a search may make beside its tree:
    /// Omweso's arrangement chooser's local changes (`super::omweso_arrange`).
    /// The same seed and limits give the same answer; analyses use 0, a
    /// level's move its own seed.
    pub seed: u64,
}

/// Default [`Limits::solve_share`]: a fifth of an analysis's time. Why a
/// fifth (docs/benchmarks/stability.md, "Proofs inside analyses"): of the
/// reference set's 75 proven records it solves 20 at 100 ms and 47 at 1 s,
/// against 16 and 38 at a tenth, for no more lost depth; a quarter solves
/// 23 and 51 but cost a quarter of a turn of depth at 100 ms where nothing
/// is proven (the search loses less than an iteration to a share: each
/// iteration costs several times the one before).
pub const SOLVE_SHARE: u32 = 20;

/// The most time the solver's share of one analysis may take, in
/// milliseconds, however long the analysis: a fifth of a 5 s analysis,
/// where the share stops growing. Why a cap: a stream
/// (`/v1/evaluate/stream`, `Position::analyse_iter`) shows its first depth
/// only after the share, and a minute's analysis would otherwise keep its
/// caller waiting 12 s for it; the analysis's solver table is capped as
/// well (`proof_first::ANALYSIS_TABLE_MB`), so a longer run mostly
/// re-expands what it had to forget. The measured shares (100 ms and 1 s,
/// docs/benchmarks/stability.md) are below the cap.
pub const SOLVE_SHARE_MAX_MS: u64 = 1_000;

/// Default [`Limits::turn_laps`]: about 7 microseconds of relay sowing.
/// Finite chains this long are rare inside a search tree, endless ones
/// common (in crowded `igisoro` middle games) and they can need hundreds of
/// millions of laps to prove. Measured (`git show 923cacc^:BENCHMARKS.md`, "A shorter lap cap
/// inside the tree"): 2,000 instead of 20,000 left every tree of 500
/// `igisoro` positions at depths 3-5 and of `search_speed` the same, node
/// for node, and made those searches about 3.5 times as fast on average;
/// 500 changed a tree.
pub const TURN_LAPS: u64 = 2_000;

/// Deepest iteration the driver will start.
pub const MAX_DEPTH: u32 = 64;

/// The engine's maxima for caller-given limits, defined once: the Python
/// API checks against them (through [`Limits::checked`]) and reads them
/// from the binding, and the HTTP service refuses a configured cap above
/// them. Depth in whole turns (= [`MAX_DEPTH`]).
pub const MAX_SEARCH_DEPTH: i64 = MAX_DEPTH as i64;
/// Most nodes a caller may ask for.
pub const MAX_SEARCH_NODES: i64 = 100_000_000;
/// Longest thinking time a caller may ask for, in milliseconds.
pub const MAX_SEARCH_TIME_MS: i64 = 600_000;
/// Most lines (multi-PV) a caller may ask for.
pub const MAX_MULTIPV: i64 = 16;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: Some(4),
            nodes: None,
            time_ms: None,
            budget: Budget::default(),
            multipv: 1,
            tt_bits: 18,
            turn_nodes: 4096,
            turn_laps: TURN_LAPS,
            playing: false,
            solve_share: SOLVE_SHARE,
            seed: 0,
        }
    }
}

impl Limits {
    /// Caller-given limits, checked: at least one of depth, nodes and
    /// time, each from 1 to its maximum, under the call's `budget`.
    pub fn checked(
        depth: Option<i64>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        multipv: i64,
        budget: Budget,
    ) -> Result<Limits, crate::error::Error> {
        let check = |name: &str, v: Option<i64>, max: i64| match v {
            Some(x) if !(1..=max).contains(&x) => {
                Err(crate::error::Error::Limit(format!("{} must be an integer from 1 to {}, got {}", name, max, x)))
            }
            _ => Ok(v),
        };
        let depth = check("depth", depth, MAX_SEARCH_DEPTH)?;
        let nodes = check("nodes", nodes, MAX_SEARCH_NODES)?;
        let time_ms = check("time_ms", time_ms, MAX_SEARCH_TIME_MS)?;
        let multipv = check("multipv", Some(multipv), MAX_MULTIPV)?.unwrap_or(1);
        if depth.is_none() && nodes.is_none() && time_ms.is_none() {
            return Err(crate::error::Error::Limit(
                "a search needs at least one limit: depth, nodes or time_ms".into(),
            ));
        }
        Ok(Limits {
            depth: depth.map(|d| d as u32),
            nodes: nodes.map(|n| n as u64),
            time_ms: time_ms.map(|t| t as u64),
            budget,
            multipv: multipv as usize,
            ..Limits::default()
        })
    }

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

/// Why a search ended. Callers use it to tell a result that honours their
/// limits from one cut short (`Deadline`: flagged "partial" by the service).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The depth limit (or [`MAX_DEPTH`]) was completed.
    Depth,
    /// A forced win or loss was proven; deeper search cannot change it.
    Proven,
    /// The node limit was reached.
    Nodes,
    /// The search's own `time_ms` ran out.
    Time,
    /// The outside deadline passed or the search was cancelled (its
    /// limits' [`Budget`] ran out).
    Deadline,
    /// The game is already decided: there was nothing to search.
    GameOver,
    /// An analysis's share of its time was enough for the solver: its
    /// proof, confirmed by the independent check, is the answer (a forced
    /// win or loss, the proof's move and line) instead of a search's
    /// estimate (`super::proof_first`).
    Solved,
    /// The solver found a proof that its independent check
    /// ([`crate::search::solve_check`]) refuted; the answer is `Unknown`.
    /// Only a solver bug can cause it (none is known); it exists so that
    /// such a bug shows as an honest "unknown", not as a wrong proof.
    Unchecked,
}

impl StopReason {
    /// Lower-case name used by the Python API and the HTTP service.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Depth => "depth",
            StopReason::Proven => "proven",
            StopReason::Nodes => "nodes",
            StopReason::Time => "time",
            StopReason::Deadline => "deadline",
            StopReason::GameOver => "game_over",
            StopReason::Solved => "solved",
            StopReason::Unchecked => "unchecked",
        }
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
    /// The call's budget (the limits'): the one outside clock.
    budget: Budget,
    pub nodes: u64,
    /// Turn graphs cut by the node budget or the lap cap, and leaves whose
    /// move check the lap cap left open.
    pub truncated: u64,
    pub turn_nodes: usize,
    turn_laps: u64,
    /// Set once a limit has stopped the search; it stays stopped (also set
    /// by the turn-graph building in [`super::turn_graph`]).
    pub(super) stopped: bool,
    /// Polls left before the next look at the clock (see [`Control::due`]).
    polls: std::cell::Cell<u32>,
    /// The principal result of each position searched with an exact value,
    /// kept apart from the transposition table: the slots of the PV record
    /// that [`super::iterative`] keeps and reads ([`Control::record_pv`]).
    pub(super) pv: Vec<[u64; 2]>,
}

/// The clock and the cancel flag are read at one poll in this many (node
/// visits and turn-graph building polls together).
///
/// Why not at every poll: reading the clock at every node made a
/// time-limited depth-6 search about 9% slower than the same search without
/// a time limit (measured side by side, `git show 923cacc^:BENCHMARKS.md`, "Reading the clock less
/// often"). One read in 32 polls is at most some tens of
/// microseconds late on this engine's nodes, far inside a time limit's
/// tolerance; a single slow node is still bounded by the rules core's own
/// budget polls (`crate::budget`).
pub const CLOCK_EVERY: u32 = 32;

impl Control {
    pub fn new(l: &Limits) -> Control {
        Control {
            start: Instant::now(),
            nodes_limit: l.nodes.unwrap_or(u64::MAX),
            time_ms: l.time_ms,
            budget: l.budget.clone(),
            nodes: 0,
            truncated: 0,
            turn_nodes: l.turn_nodes.max(1),
            turn_laps: l.turn_laps,
            stopped: false,
            polls: std::cell::Cell::new(0),
            pv: Vec::new(),
        }
    }

    /// When the search started (its own `time_ms` counts from here).
    pub fn started(&self) -> Instant {
        self.start
    }

    /// The call's budget, for the rules core's calls under the search and
    /// for building the root's graph, which only it may stop.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Count one node, or stop. Time and cancellation are polled every
    /// [`CLOCK_EVERY`] polls.
    #[inline]
    pub fn visit(&mut self) -> Result<(), Stop> {
        if self.stopped || self.nodes >= self.nodes_limit {
            self.stopped = true;
            return Err(Stop);
        }
        self.nodes += 1;
        if self.due() {
            self.stopped = true;
            return Err(Stop);
        }
        Ok(())
    }

    /// Poll time and cancellation (every [`CLOCK_EVERY`] polls, as
    /// [`Control::visit`] does) without counting a node, or stop.
    ///
    /// Why not a visit: work that is not a node of the tree (the in-turn
    /// path enumeration on a cyclic turn graph, whose simple paths can be
    /// very many and mostly dead ends) must still see the clock, but a
    /// depth- or node-limited search must visit the same nodes as before.
    #[inline]
    pub fn poll(&mut self) -> Result<(), Stop> {
        if self.stopped || self.due() {
            self.stopped = true;
            return Err(Stop);
        }
        Ok(())
    }

    /// The lap cap on relay chains inside the tree (see [`Limits`]).
    pub fn turn_laps(&self) -> u64 {
        self.turn_laps
    }

    /// [`Control::out_of_time`] at one poll in [`CLOCK_EVERY`] (the first
    /// included), false at the others.
    #[inline]
    pub(super) fn due(&self) -> bool {
        let left = self.polls.get();
        if left > 0 {
            self.polls.set(left - 1);
            return false;
        }
        self.polls.set(CLOCK_EVERY - 1);
        self.out_of_time()
    }

    /// Time, the outside deadline or cancellation (not nodes) says stop.
    pub fn out_of_time(&self) -> bool {
        self.budget.spent() || matches!(self.time_ms, Some(t) if self.start.elapsed().as_millis() as u64 >= t)
    }

    /// Why the search stopped short of its depth, once it has: the node
    /// limit, the outside deadline (or cancellation), or its own time.
    ///
    /// When both the search's own time and the outside deadline have
    /// passed, the one that ended first is named: a search whose own
    /// `time_ms` ran out is not "cut short" just because the deadline
    /// passed too by the time anybody asked.
    pub fn stop_reason(&self) -> StopReason {
        if self.nodes >= self.nodes_limit {
            StopReason::Nodes
        } else if self.budget.cancelled()
            || self.budget.deadline.is_some_and(|d| Instant::now() >= d && self.own_end().is_none_or(|own| d < own))
        {
            StopReason::Deadline
        } else {
            StopReason::Time
        }
    }

    /// When the search's own `time_ms` runs out, if it has one.
    fn own_end(&self) -> Option<Instant> {
        self.time_ms.map(|t| self.start + std::time::Duration::from_millis(t))
    }

    /// Why no further iteration is worth starting, if none is.
    ///
    /// `partial_kept`: the search keeps the best option a stopped iteration
    /// finished (single-PV, `super::iterative`), so an iteration cut short
    /// still pays as soon as its first option is settled, and the search
    /// starts one whenever time is left: the budget asked for is the budget
    /// used (issue 31: stopping at half of it left strength unused).
    /// Otherwise each iteration costs several times the previous one, and
    /// one started after half the budget would almost surely be cut off and
    /// wasted, so none is started then.
    pub fn iteration_stop(&self, partial_kept: bool) -> Option<StopReason> {
        if self.stopped || self.nodes >= self.nodes_limit || self.out_of_time() {
            return Some(self.stop_reason());
        }
        if partial_kept {
            return None;
        }
        // The next iteration would need at least the time spent so far
        // before the first end: the own time limit or the outside deadline,
        // whichever comes first, is the one that stops the search.
        let now = Instant::now();
        let spent = now.saturating_duration_since(self.start);
        let (end, why) = match (self.own_end(), self.budget.deadline) {
            (Some(own), Some(d)) if d < own => (d, StopReason::Deadline),
            (Some(own), _) => (own, StopReason::Time),
            (None, Some(d)) => (d, StopReason::Deadline),
            (None, None) => return None,
        };
        (spent >= end.saturating_duration_since(now)).then_some(why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// The clock is read at the first poll, so a spent time limit stops the
    /// very first node, and a cancel set between polls is seen within
    /// [`CLOCK_EVERY`] node visits, never later.
    #[test]
    fn stops_are_seen_within_clock_every_visits() {
        let mut c = Control::new(&Limits { time_ms: Some(0), ..Limits::default() });
        assert!(c.visit().is_err(), "a spent time limit stops the first node");

        let flag = Arc::new(AtomicBool::new(false));
        let mut c = Control::new(&Limits { budget: Budget::cancelled_by(flag.clone()), ..Limits::default() });
        for _ in 0..5 {
            c.visit().expect("not cancelled yet");
        }
        flag.store(true, Ordering::Relaxed);
        let more = (1..=CLOCK_EVERY as u64 + 1).find(|_| c.visit().is_err());
        let more = more.expect("cancellation seen within CLOCK_EVERY visits");
        assert!(more <= CLOCK_EVERY as u64, "seen after {more} more visits");
        assert_eq!(c.stop_reason(), StopReason::Deadline);
        assert!(c.visit().is_err(), "a stopped search stays stopped");
    }

    /// When both the search's own time and the outside deadline say stop,
    /// the one that ends first is reported (issue 17, defect 5: a search
    /// whose own `time_ms` ended first was flagged as cut by the deadline).
    #[test]
    fn the_limit_that_ends_first_is_the_reason() {
        let soon = |ms| Budget::until(Instant::now() + std::time::Duration::from_millis(ms));
        // Own time 100 ms, deadline 150 ms, 80 ms spent: both rules say
        // "no further iteration", and the own time ends first.
        let c = Control::new(&Limits { time_ms: Some(100), budget: soon(150), ..Limits::default() });
        std::thread::sleep(std::time::Duration::from_millis(80));
        assert_eq!(c.iteration_stop(false), Some(StopReason::Time));
        // Both passed: the own time (50 ms) ended before the deadline (60 ms).
        let c = Control::new(&Limits { time_ms: Some(50), budget: soon(60), ..Limits::default() });
        std::thread::sleep(std::time::Duration::from_millis(80));
        assert_eq!(c.stop_reason(), StopReason::Time);
        // The deadline first: it is what cut the search short.
        let c = Control::new(&Limits { time_ms: Some(200), budget: soon(50), ..Limits::default() });
        std::thread::sleep(std::time::Duration::from_millis(80));
        assert_eq!(c.stop_reason(), StopReason::Deadline);
        assert_eq!(c.iteration_stop(false), Some(StopReason::Deadline));
    }
}
