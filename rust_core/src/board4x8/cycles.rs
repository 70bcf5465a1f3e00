//! Exact detection of endless relay chains.
//!
//! Between two decisions a turn runs deterministically. Captures move seeds
//! to the mover for good, so a stretch that loops consists of relays only.
//! Its future is fixed by the mover's row, the lap about to be sown, the lap
//! direction rule and, of the opponent's row, only by which of the mover's
//! inner pits could capture (`mask`): landing on one of those ends the
//! stretch (a capture or a decision), so an endless stretch never does.
//! Such chains are not short: on crowded rows we have measured cycles of
//! 1.8 to 150 million laps.
//!
//! Three mechanisms, all exact:
//! - Brent's algorithm finds any cycle of the chain being run, in O(1)
//!   memory; it is what catches short cycles.
//! - Distinguished points (states whose hash has its low bits zero, about
//!   one lap in [`DP_RATE`]) seen by the chain are kept; meeting one again
//!   proves a cycle about one cycle length after entering it (Brent may need
//!   twice that).
//! - Distinguished points of every chain proven endless are remembered per
//!   thread, across turns and positions: the relay dynamics of a row do not
//!   depend on the position it came from, and orbits of crowded rows fall
//!   into the same few giant cycles. Later chains stop at the first
//!   remembered point instead of running millions of laps again. Only states
//!   that really lie on endless chains are remembered, so no finite turn is
//!   ever cut.

use super::geometry::PITS;
use super::rules::{Clockwise, Rules};
use rustc_hash::FxHashSet as HashSet;
use std::cell::RefCell;

/// About one state in this many is a distinguished point.
const DP_RATE: u64 = 256;
/// Forget the remembered points past this many (bounds memory per thread:
/// about 40 MB).
const MEMO_CAP: usize = 1 << 20;

/// Everything that fixes the future of a capture-free relay stretch.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    row: u128,
    origin: u8,
    hand: u8,
    mask: u8,
    /// Lap direction rule: 0 counter-clockwise only, 1 whole-turn
    /// clockwise, 2 clockwise-for-capture at the reverse pits in `reverse`.
    dir: u8,
    reverse: u16,
}

thread_local! {
    static ENDLESS: RefCell<HashSet<Key>> = RefCell::new(HashSet::default());
}

/// Watches one deterministic stretch of a turn for a repeated state.
pub(crate) struct Watch {
    dir: u8,
    reverse: u16,
    mask: u8,
    saved: Option<(u128, u8, u8)>,
    power: u32,
    lam: u32,
    points: HashSet<Key>,
    /// Laps watched, and the most allowed (`crate::budget::with_lap_cap`).
    laps: u64,
    cap: u64,
    /// The budget ran out or the lap cap was reached: `endless` said stop,
    /// but nothing was proven.
    pub(crate) aborted: bool,
}

/// The mover's inner pits (bit `q - 8`) whose two opposite pits are occupied.
pub(crate) fn capture_mask(opp: &[u8; PITS], captures_ok: bool) -> u8 {
    if !captures_ok {
        return 0;
    }
    let mut m = 0;
    for q in 8..PITS {
        if opp[23 - q] > 0 && opp[q - 8] > 0 {
            m |= 1 << (q - 8);
        }
    }
    m
}

impl Watch {
    /// Start watching a stretch; `cw` is the turn direction under `whole_turn`.
    pub(crate) fn new(rules: &Rules, cw: bool, mask: u8) -> Watch {
        let mut w = Watch {
            dir: 0,
            reverse: 0,
            mask: 0,
            saved: None,
            power: 1,
            lam: 0,
            points: HashSet::default(),
            laps: 0,
            cap: crate::budget::lap_cap(),
            aborted: false,
        };
        w.set_context(rules, cw, mask);
        w
    }

    fn set_context(&mut self, rules: &Rules, cw: bool, mask: u8) {
        self.mask = mask;
        // Normalise: what cannot matter is zeroed so equal dynamics share keys.
        (self.dir, self.reverse) = match rules.clockwise {
            Clockwise::WholeTurn => (cw as u8, 0),
            Clockwise::CaptureOnly if mask != 0 => (2, rules.reverse),
            _ => (0, 0),
        };
    }

    /// A capture happened: nothing before it can recur.
    pub(crate) fn reset(&mut self, rules: &Rules, cw: bool, mask: u8) {
        self.set_context(rules, cw, mask);
        self.saved = None;
        self.power = 1;
        self.lam = 0;
        self.points.clear();
    }

    /// Record the state before the next lap; true if the stretch is endless.
    #[inline(always)]
    pub(crate) fn endless(&mut self, row: &[u8; PITS], origin: usize, hand: u8) -> bool {
        let r = u128::from_le_bytes(*row);
        let state = (r, origin as u8, hand);
        if self.saved == Some(state) {
            self.remember();
            return true;
        }
        self.lam += 1;
        self.laps += 1;
        if self.lam == self.power {
            self.saved = Some(state);
            self.power = self.power.saturating_mul(2);
            self.lam = 0;
        }
        let h = ((r as u64) ^ ((r >> 64) as u64).rotate_left(29) ^ (origin as u64) << 56)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if (h >> 40).is_multiple_of(DP_RATE) {
            return self.distinguished(Key {
                row: r,
                origin: origin as u8,
                hand,
                mask: self.mask,
                dir: self.dir,
                reverse: self.reverse,
            });
        }
        false
    }

    #[cold]
    fn distinguished(&mut self, key: Key) -> bool {
        if crate::budget::check() {
            // Interrupted: stop without remembering anything (the caller
            // sees the budget tripped and discards the result).
            self.aborted = true;
            return true;
        }
        if self.laps > self.cap {
            // Cut, not proven: nothing is remembered either.
            crate::budget::note_capped();
            self.aborted = true;
            return true;
        }
        let known = ENDLESS.with(|m| m.borrow().contains(&key));
        if known || !self.points.insert(key) {
            self.remember();
            return true;
        }
        false
    }

    /// Every point this stretch passed is on an endless chain: remember them.
    fn remember(&mut self) {
        ENDLESS.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() + self.points.len() > MEMO_CAP {
                m.clear();
            }
            m.extend(self.points.drain());
        });
    }
}
