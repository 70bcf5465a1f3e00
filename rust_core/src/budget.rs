//! Time limits and cancellation for engine calls.
//!
//! Some turns are expensive to settle exactly (relay cycles of millions of
//! laps, turn graphs with hundreds of thousands of states), and a server
//! must stay in control. A [`Budget`] installed for the current thread with
//! [`with_budget`] is checked at a few cold points (per explored decision
//! node, and about every 1,024 laps of a long chain). Once it runs out,
//! [`check`] keeps answering true, the engine unwinds quickly, and the
//! caller must discard the result: [`with_budget`] says whether it tripped.
//! Nothing is remembered from an interrupted chain, so later calls stay
//! exact.
//!
//! One call, one budget: every engine call of
//! [`crate::any_position::AnyPosition`] and of the binding runs under one
//! [`with_budget`]. This module knows no rule family: the state a family
//! must forget between calls is cleared at the calls' one entry,
//! [`crate::engine_call::entry`].

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Limits for one engine call: the one clock of a call, which the rules
/// core polls through [`check`] and a search through its limits
/// (`search::Limits::budget`).
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop as soon as another thread sets this flag.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The time limit as the caller gave it, in seconds: what a timeout
    /// error reports (the deadline alone no longer says it).
    pub seconds: Option<f64>,
}

/// Longest time limit a caller may give, in seconds (a day).
pub const MAX_TIMEOUT_SECONDS: f64 = 86_400.0;

impl Budget {
    /// A budget that ends at `deadline`.
    pub fn until(deadline: Instant) -> Budget {
        Budget { deadline: Some(deadline), ..Budget::default() }
    }

    /// A budget that ends when another thread sets `flag`.
    pub fn cancelled_by(flag: Arc<AtomicBool>) -> Budget {
        Budget { cancel: Some(flag), ..Budget::default() }
    }

    /// Whether another thread set the cancel flag.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The time left before the deadline (None: no deadline).
    pub fn left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// This budget with its deadline no later than `at`: a search's own
    /// time limit, which then bounds the rules core under it too.
    pub fn no_later_than(&self, at: Option<Instant>) -> Budget {
        let deadline = match (self.deadline, at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Budget { deadline, ..self.clone() }
    }

    /// A caller's time limit in seconds (none: no limit), checked to be in
    /// (0, [`MAX_TIMEOUT_SECONDS`]].
    pub fn from_timeout(timeout: Option<f64>) -> Result<Budget, crate::error::Error> {
        match timeout {
            None => Ok(Budget::default()),
            Some(t) if t.is_finite() && t > 0.0 && t <= MAX_TIMEOUT_SECONDS => Ok(Budget {
                deadline: Some(Instant::now() + Duration::from_secs_f64(t)),
                cancel: None,
                seconds: Some(t),
            }),
            Some(t) => {
                Err(crate::error::Error::Limit(format!("timeout must be a number of seconds in (0, 86400], got {}", t)))
            }
        }
    }

    /// [`Budget::from_timeout`] with 0 allowed as a budget already spent:
    /// for a call that is one of a batch's, begun after the batch's
    /// deadline (a game of a batch of reviews, whose walk is then refused
    /// as a timeout, not as a bad limit).
    pub fn from_timeout_or_spent(timeout: Option<f64>) -> Result<Budget, crate::error::Error> {
        match timeout {
            Some(0.0) => Ok(Budget { deadline: Some(Instant::now()), cancel: None, seconds: Some(0.0) }),
            Some(t) if !(t.is_finite() && (0.0..=MAX_TIMEOUT_SECONDS).contains(&t)) => {
                Err(crate::error::Error::Limit(format!("timeout must be from 0 to 86400 seconds, not {}", t)))
            }
            t => Budget::from_timeout(t),
        }
    }

    /// Whether this budget has run out: its deadline passed, or another
    /// thread set its cancel flag. The one test of a budget, wherever it is
    /// polled (the installed budget's [`check`], a search's limits, a
    /// review between its calls).
    pub fn spent(&self) -> bool {
        self.cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<Budget>> = const { RefCell::new(None) };
    static TRIPPED: Cell<bool> = const { Cell::new(false) };
}

/// Run `f` under `budget`; returns its result and whether the budget ran
/// out (then the result is incomplete and must not be used).
pub fn with_budget<R>(budget: Budget, f: impl FnOnce() -> R) -> (R, bool) {
    let outer = ACTIVE.with(|a| a.replace(Some(budget)));
    let outer_tripped = TRIPPED.with(|t| t.replace(false));
    let r = f();
    let tripped = TRIPPED.with(|t| t.replace(outer_tripped));
    ACTIVE.with(|a| *a.borrow_mut() = outer);
    (r, tripped)
}

/// True once the current thread's budget has run out (always false when
/// no budget is installed).
pub fn check() -> bool {
    if TRIPPED.with(|t| t.get()) {
        return true;
    }
    let out = ACTIVE.with(|a| a.borrow().as_ref().is_some_and(Budget::spent));
    if out {
        TRIPPED.with(|t| t.set(true));
    }
    out
}

thread_local! {
    static LAP_CAP: Cell<u64> = const { Cell::new(u64::MAX) };
    static CAPPED: Cell<bool> = const { Cell::new(false) };
}

/// Run `f` with relay chains cut after `cap` laps; returns its result and
/// whether any chain was cut.
///
/// Why: settling an endless relay chain exactly can take hundreds of
/// millions of laps (seconds). The rules must do it (a legal move is a
/// legal move), but a search deep in its tree may leave such an option out
/// instead and say so (`Analysis::truncated_turns`): its result is an
/// estimate anyway. A cut chain yields `Advance::Aborted`, like a tripped
/// budget, but without stopping anything else.
pub fn with_lap_cap<R>(cap: u64, f: impl FnOnce() -> R) -> (R, bool) {
    let outer = LAP_CAP.with(|c| c.replace(cap));
    let outer_capped = CAPPED.with(|c| c.replace(false));
    let r = f();
    let capped = CAPPED.with(|c| c.replace(outer_capped));
    LAP_CAP.with(|c| c.set(outer));
    (r, capped)
}

/// The current thread's lap cap (`u64::MAX`: none).
pub(crate) fn lap_cap() -> u64 {
    LAP_CAP.with(|c| c.get())
}

/// Record that a chain was cut at the lap cap.
pub(crate) fn note_capped() {
    CAPPED.with(|c| c.set(true));
}
