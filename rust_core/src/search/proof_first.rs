//! The solver's share of a timed analysis (issue 41, target 4): before the
//! iterative deepening, the proof-number solver ([`super::solve`](mod@super::solve))
//! gets [`Limits::solve_share`] percent of the analysis's time (at most
//! [`SOLVE_SHARE_MAX_MS`](super::limits::SOLVE_SHARE_MAX_MS)); a win or
//! loss it proves and the independent check ([`super::solve_check`])
//! confirms is the analysis's answer, in place of a seed score.
//!
//! Why before the search rather than interleaved with it: the solver's
//! slices double in size, so one run of a given length proves what several
//! shorter ones would not (a proof needs its whole tree in the table at
//! once), and a run that ends early (both sides disproven, `Depth`) hands
//! its unused time straight back to the search. The search loses a fifth
//! of its time, less than one iteration: each iteration costs several times
//! the one before, so the depth it reaches seldom changes (measured at 1 s:
//! a mean depth of 9.00 against 9.29, docs/benchmarks/stability.md).
//!
//! Why only with the analysis's own `time_ms`: a depth- or node-limited
//! analysis must stay deterministic (identical calls, identical answers,
//! `docs/ARCHITECTURE.md`), and a solver bounded by the clock is not. An
//! outside deadline alone (a server's request timeout) does not turn it
//! on either, since such an analysis is depth- or node-limited too. A
//! playing search (level 10) keeps all its time for choosing a move.
//!
//! One clock: the solver's time is the share of what the analysis may
//! really use (its own end or the call's [`Budget`](crate::budget::Budget)'s
//! deadline, whichever is first), and the solver and its check run under
//! the call's budget cut to the analysis's own end, so neither can hold the
//! analysis past its time.

use super::limits::{Limits, SOLVE_SHARE_MAX_MS};
use super::solve::{Outcome, Solution};
use super::solve_check::solve_checked;
use super::solve_tt::table_bits;
use super::Engine;
use std::time::{Duration, Instant};

/// The largest solver table an analysis sets up, in megabytes (2^21 slots
/// of 24 bytes, 48 MB: the table of a share of about 500 ms). Why a cap
/// below the solver's own (`solve_tt::DEFAULT_TABLE_MB`, 2 GB): an analysis
/// runs beside others (a batch on every core, a server's searches), and
/// clearing a larger table would cost a short analysis a visible part of
/// its time; a long analysis's solver keeps its proofs anyway (a proof is
/// never given up, `solve_tt::Table`), it only re-expands more.
pub const ANALYSIS_TABLE_MB: u64 = 64;

/// The solver's checked proof of `pos` within `limits`' share
/// ([`Limits::solve_share`]) of an analysis that started at `started`, or
/// `None`: no share (no `time_ms`, a playing search, a share of 0, or less
/// than a millisecond of it), nothing proven in it, or a proof its check
/// did not confirm (refuted, or not finished before the analysis's end).
/// A returned solution is a win or loss with its line and length.
pub fn proof<G: Engine>(pos: &G::Pos, limits: &Limits, started: Instant) -> Option<Solution> {
    let time_ms = limits.time_ms?;
    if limits.playing || limits.solve_share == 0 {
        return None;
    }
    let budget = limits.budget.no_later_than(Some(started + Duration::from_millis(time_ms)));
    let usable = budget.left().map_or(time_ms, |d| d.as_millis() as u64);
    let share = (usable.saturating_mul(limits.solve_share.min(100) as u64) / 100).min(SOLVE_SHARE_MAX_MS);
    if share == 0 {
        return None;
    }
    let solver = Limits {
        depth: None,
        // A node limit the analysis has bounds the solver's expansions too,
        // so a solved analysis never reports more nodes than were allowed.
        nodes: limits.nodes,
        time_ms: Some(share),
        budget,
        multipv: 1,
        tt_bits: table_bits(None, Some(share), ANALYSIS_TABLE_MB),
        turn_nodes: limits.turn_nodes,
        turn_laps: limits.turn_laps,
        playing: false,
        solve_share: 0,
        seed: limits.seed,
    };
    let s = solve_checked::<G>(pos, &solver);
    debug_assert!(limits.nodes.is_none_or(|n| s.nodes <= n));
    let proven = s.outcome != Outcome::Unknown && s.proof_positions.is_some();
    (proven && s.turns.is_some() && !s.line.is_empty()).then_some(s)
}
