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
//! When no pit of the mover can capture (`mask` 0) the stretch runs the
//! same way from any pit of the row's ring, so once a stretch is long the
//! tests below also see its states turned until the lap's origin is pit 0
//! ([`Hot::canonical`]): a cycle that drifts round the ring is proven after
//! one turned repeat.
//!
//! Four mechanisms, all exact:
//! - When no pit can capture, the landing classes modulo 17
//!   ([`super::landing_classes`]) prove most endless stretches endless
//!   from one state, checked at Brent's saves from lap [`CLASSES_FROM`] on
//!   (lap 63, 127, 255, ...). This is what settles the giant cycles of
//!   crowded rows; the three below catch the rest.
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
//!   remembered point instead of running millions of laps again. A full
//!   memo is thinned (every cycle keeps half its points, chosen by hash),
//!   not cleared, so that giant cycles do not evict each other. Only states
//!   that really lie on endless chains are remembered, so no finite turn is
//!   ever cut.

use super::geometry::PITS;
use super::rules::{Clockwise, Rules};
use rustc_hash::FxHashSet as HashSet;
use std::cell::RefCell;

/// About one state in this many is a distinguished point.
///
/// Why 1,024: each point costs two random-access hash-set inserts (the
/// stretch's set, then the memo), about 300 ns, and the relay loop runs a
/// lap in about 3 ns; at 256 those inserts took a quarter of the time of
/// the 675-million-lap chain of `turn/lap_tests.rs` (and 270 MB). A later
/// chain reaching a remembered cycle now runs about 1,000 laps (a few
/// microseconds) before it meets a remembered point. Measured: 4,096
/// saved little more and made the enumeration workload slightly slower.
const DP_RATE: u64 = 1024;
/// A stretch that cannot capture starts seeing its states turned
/// ([`Hot::canonical`]) at Brent's save after lap `TURN_AFTER - 1`, lap
/// 32,767. Why not sooner: turning costs a good part of a lap's time, and
/// the stretches inside a search tree, cut at 2,000 laps, never turn (a
/// switch at lap 16,383 made searches with many cut stretches 6-11%
/// slower); a cycle met again at the same rotation is still known to
/// them by the points remembered before turning.
const TURN_AFTER: u64 = 1 << 15;
/// Brent's saves from this power on (from the save after lap 63) also ask
/// [`super::landing_classes::proves_endless`]. Why not from the first lap:
/// the check reads all 16 pits, and nearly every stretch ends within a few
/// dozen laps; a stretch that has run 63 laps is rare, and one whose
/// classes already prove it endless is then proven at once, long before
/// any repeat. Measured (`git show 923cacc^:BENCHMARKS.md`, "Landing classes modulo 17"): asking
/// from lap 3 made random playouts 7-10% slower for searches 3-6% faster,
/// from lap 15 playouts 1-2% slower for searches 1-4% faster.
const CLASSES_FROM: u64 = 32;
/// Thin the remembered points past this many (bounds memory per thread:
/// about 10 MB). See [`Memo`]. Why not more: the memo is looked up once
/// per 1,024 laps, and a table that stays larger misses the cache more:
/// 2^20 points made the heavy ikibuguzo-1 playout plies about 5% slower
/// than 2^18, and thinning keeps every cycle recognisable either way.
const MEMO_CAP: usize = 1 << 18;

/// `Saved::at` before anything is saved (no lap has origin 255).
const NONE: u16 = u16::MAX;

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
    static ENDLESS: RefCell<Memo> = RefCell::new(Memo { points: HashSet::default(), level: 0 });
}

/// The remembered points of endless chains, at a density that fits
/// [`MEMO_CAP`]: only points with `level` extra zero hash bits are kept
/// (see [`kept_at`]).
///
/// Why thinning and not forgetting: the turns of a crowded `igisoro` row
/// can meet a handful of giant cycles again and again, once per decision
/// branch (measured on the position of `git show 923cacc^:BENCHMARKS.md`, "Giant relay cycles met
/// again": six cycles of 51 to 588 million laps, 1.7 million points
/// together). When a full memo was simply cleared, those cycles evicted
/// each other and were run in full over and over (26 billion laps in a
/// minute, never finishing). Raising the level instead halves every
/// cycle's share at once, so every cycle seen stays recognisable; a later
/// chain on it meets a kept point within about `1024 << level` laps.
struct Memo {
    points: HashSet<Key>,
    level: u32,
}

/// Watches one deterministic stretch of a turn for a repeated state.
pub(crate) struct Watch {
    dir: u8,
    reverse: u16,
    mask: u8,
    /// The per-lap part, which a hot loop copies into registers.
    pub(crate) hot: Hot,
    pub(crate) saved: Saved,
    points: HashSet<Key>,
    /// The most laps allowed (`crate::budget::with_lap_cap`).
    cap: u64,
    /// The budget ran out or the lap cap was reached: `endless` said stop,
    /// but nothing was proven.
    pub(crate) aborted: bool,
}

/// The per-lap bookkeeping of a [`Watch`]: Brent's saved state and
/// counters. Kept apart and `Copy` so that a hot loop can hold it in
/// registers (a local whose address never escapes) and hand it back to the
/// `Watch` only when a lap needs more ([`Watch::settle`]).
#[derive(Clone, Copy)]
pub(crate) struct Hot {
    /// The [`state_hash`] of Brent's saved state. Each lap compares this
    /// hash only (one register); the state itself ([`Saved`]) is compared
    /// when the hash matches, so the test stays exact.
    saved_hash: u64,
    /// Laps until Brent saves the next state, and the current power.
    left: u64,
    power: u64,
    /// Laps watched before the last [`Watch::reset`]. Those since are
    /// implied by Brent's counters (see [`Hot::laps`]), which saves a
    /// counter update per lap.
    base: u64,
    /// `Saved::spin` once the stretch has run [`TURN_AFTER`] laps, else 0: the
    /// rotation [`Hot::canonical`] applies (see there).
    turn: u8,
}

/// Brent's saved state: the row, and `origin | hand << 8` ([`NONE`] before
/// the first save). Apart from [`Hot`] because a lap reads it only when
/// the hashes match: it can stay in memory while the hot loop runs.
#[derive(Clone, Copy)]
pub(crate) struct Saved {
    row: u128,
    at: u16,
    /// 15 when the stretch's dynamics do not depend on where on the row
    /// they happen (no pit can capture), else 0. Here rather than in
    /// [`Hot`], which the relay loop keeps in registers: only Brent's save
    /// reads it.
    spin: u8,
    /// The direction of every lap when `spin` is 15 (clockwise only for a
    /// `whole_turn` turn going that way), for the landing classes.
    cw: bool,
}

/// What [`Hot::note`] found about a state.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Note {
    /// Nothing: go on.
    Pass,
    /// Brent's saved state came back: the stretch is endless.
    Repeat,
    /// A distinguished point: [`Watch::settle`] must look it up.
    Point,
    /// The stretch starts turning now ([`Hot::canonical`]); nothing else
    /// to do for this state.
    Turn,
    /// The landing classes prove the stretch endless
    /// ([`super::landing_classes`]).
    Proven,
}

impl Hot {
    const START: Hot = Hot { saved_hash: 0, left: 1, power: 1, base: 0, turn: 0 };

    /// The state as the cycle tests see it once the stretch is long. When
    /// no pit can capture (`Saved::spin` 15), a relay stretch runs the same way
    /// from any pit of the row's ring: every lap sows on from where it
    /// starts, and only landing in an empty pit ends it. So the state can
    /// be taken relative to the lap's origin (the row turned until the
    /// origin is pit 0), and a state met again turned is met again: the
    /// stretch from there is the earlier one turned, which did not end, so
    /// neither does this one. Cycles that drift round the ring are then
    /// proven in a fraction of their length (the 675-million-lap cycle of
    /// `turn/lap_tests.rs` is eight turned repeats of one stretch: proven
    /// after 84.5 million laps), and a cycle remembered at one rotation is
    /// known at all 16.
    ///
    /// Why only after [`TURN_AFTER`] laps: turning the row costs about a
    /// quarter of a lap's time, and nearly all stretches are short (inside
    /// a search tree they are cut at 2,000 laps); measured, searches with
    /// many such stretches ran 27% slower when every lap was turned.
    #[inline(always)]
    fn canonical(&self, r: u128, origin: usize) -> (u128, usize) {
        let k = origin & self.turn as usize;
        (r.rotate_right(8 * k as u32), origin - k)
    }

    /// Whether the cycle tests see states turned (see [`Hot::canonical`]).
    pub(crate) fn turned(&self) -> bool {
        self.turn != 0
    }

    /// Brent's step for the state before the next lap (`r`: the mover's
    /// row as a `u128`, with `origin` already lifted). `TURNED` must say
    /// whether the stretch is turning ([`Hot::turned`]): the relay loop has
    /// a copy for each, so that the short stretches pay nothing for the
    /// long ones. Before turning, the save that starts it says
    /// [`Note::Turn`].
    ///
    /// Distinguished points too are states as the cycle tests see them: as
    /// they are before turning (which keeps a remembered cycle recognisable
    /// by short stretches met at the same rotation), turned after.
    #[inline(always)]
    pub(crate) fn note<const TURNED: bool>(&mut self, saved: &mut Saved, r: u128, origin: usize, hand: u8) -> Note {
        // Before turning the state is as it is (`canonical` would be the
        // identity, at a cost).
        let state = if TURNED { self.canonical(r, origin) } else { (r, origin) };
        let hash = state_hash(state.0, state.1);
        if hash == self.saved_hash && same_state(saved, state, hand) {
            return Note::Repeat;
        }
        self.left -= 1;
        if self.left == 0 {
            if saved.spin != 0 && self.power >= CLASSES_FROM && classes_on() && classes_prove(r, origin, hand, saved.cw)
            {
                return Note::Proven;
            }
            if !TURNED && self.power == TURN_AFTER / 2 && saved.spin != 0 {
                self.turn = saved.spin;
                self.save(saved, r, origin, hand);
                return Note::Turn;
            }
            self.save(saved, r, origin, hand);
        }
        if is_point(hash) {
            return Note::Point;
        }
        Note::Pass
    }

    /// Brent's save (of the state as the cycle tests see it).
    #[inline(always)]
    fn save(&mut self, saved: &mut Saved, r: u128, origin: usize, hand: u8) {
        let (r, origin) = self.canonical(r, origin);
        self.saved_hash = state_hash(r, origin);
        *saved = Saved { row: r, at: origin as u16 | (hand as u16) << 8, ..*saved };
        self.power *= 2;
        self.left = self.power;
    }

    /// Laps watched so far. Brent saves after laps 1, 3, 7, ...: after the
    /// save at lap `power - 1` the power doubled and `left` counts down
    /// from it, so `2 * power - 1 - left` laps have been noted since the
    /// last reset.
    #[inline(always)]
    pub(crate) fn laps(&self) -> u64 {
        self.base + 2 * self.power - 1 - self.left
    }
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

/// Whether Brent's saved state is the state (`r`, `origin`, `hand`). Out of
/// line and cold: it runs only when the hashes match, and keeping it out of
/// [`Hot::note`] stops the compiler from evaluating it on every lap.
#[cold]
#[inline(never)]
fn same_state(saved: &Saved, (r, origin): (u128, usize), hand: u8) -> bool {
    saved.row == r && saved.at == origin as u16 | (hand as u16) << 8
}

/// [`super::landing_classes::proves_endless`], out of line: it runs only at
/// Brent's saves, and inlined into the relay loop it would only crowd it.
#[inline(never)]
fn classes_prove(r: u128, origin: usize, hand: u8, cw: bool) -> bool {
    super::landing_classes::proves_endless(r, origin, hand, cw)
}

#[cfg(test)]
thread_local! {
    static CLASSES_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the landing classes are asked (always, outside tests).
#[inline(always)]
fn classes_on() -> bool {
    #[cfg(test)]
    return !CLASSES_OFF.with(|c| c.get());
    #[cfg(not(test))]
    true
}

/// Runs `f` on this thread with the landing-class proof off, so that tests
/// of Brent, the distinguished points, turning and the memo still reach
/// them on the long cycles the classes would settle at once.
#[cfg(test)]
pub(crate) fn without_class_proof<T>(f: impl FnOnce() -> T) -> T {
    CLASSES_OFF.with(|c| c.set(true));
    let out = f();
    CLASSES_OFF.with(|c| c.set(false));
    out
}

/// Whether a state with this [`state_hash`] is a distinguished point.
#[inline(always)]
fn is_point(hash: u64) -> bool {
    (hash >> 40).is_multiple_of(DP_RATE)
}

/// A cheap hash of the state (row `r`, lap from `origin`). The state is a
/// distinguished point when the hash's bits from bit 40 up are a multiple
/// of [`DP_RATE`], about one state in [`DP_RATE`]; fixed, so points
/// remembered by one stretch are recognised by every later one.
#[inline(always)]
fn state_hash(r: u128, origin: usize) -> u64 {
    ((r as u64) ^ ((r >> 64) as u64).rotate_left(29) ^ (origin as u64) << 56).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Watch {
    /// Start watching a stretch; `cw` is the turn direction under `whole_turn`.
    pub(crate) fn new(rules: &Rules, cw: bool, mask: u8) -> Watch {
        let mut w = Watch {
            dir: 0,
            reverse: 0,
            mask: 0,
            hot: Hot::START,
            saved: Saved { row: 0, at: NONE, spin: 0, cw: false },
            points: HashSet::default(),
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
        // No pit can capture: the dynamics are the same all round the ring
        // (a clockwise lap at a reverse pit needs a capture too).
        self.saved.spin = if mask == 0 { 15 } else { 0 };
        self.saved.cw = self.dir == 1;
    }

    /// A capture happened: nothing before it can recur.
    pub(crate) fn reset(&mut self, rules: &Rules, cw: bool, mask: u8) {
        self.hot = Hot { base: self.hot.laps(), ..Hot::START };
        self.set_context(rules, cw, mask);
        self.saved.at = NONE;
        self.points.clear();
    }

    /// Record the state before the next lap (`r`: the mover's row as a
    /// `u128`, with `origin` already lifted); true if the stretch is endless.
    #[inline(always)]
    pub(crate) fn endless(&mut self, r: u128, origin: usize, hand: u8) -> bool {
        let note = if self.hot.turned() {
            self.hot.note::<true>(&mut self.saved, r, origin, hand)
        } else {
            self.hot.note::<false>(&mut self.saved, r, origin, hand)
        };
        match note {
            Note::Pass | Note::Turn => false,
            note => self.settle(note, r, origin, hand),
        }
    }

    /// The rest of [`Watch::endless`] after `self.hot.note` said `note`
    /// (not [`Note::Pass`]) for this state; true if the stretch is endless.
    #[inline]
    pub(crate) fn settle(&mut self, note: Note, r: u128, origin: usize, hand: u8) -> bool {
        if note == Note::Repeat || note == Note::Proven {
            self.remember();
            return true;
        }
        let (row, origin) = self.hot.canonical(r, origin);
        self.distinguished(Key {
            row,
            origin: origin as u8,
            hand,
            mask: self.mask,
            dir: self.dir,
            reverse: self.reverse,
        })
    }

    #[cold]
    fn distinguished(&mut self, key: Key) -> bool {
        if crate::budget::check() {
            // Interrupted: stop without remembering anything (the caller
            // sees the budget tripped and discards the result).
            self.aborted = true;
            return true;
        }
        if self.hot.laps() > self.cap {
            // Cut, not proven: nothing is remembered either.
            crate::budget::note_capped();
            self.aborted = true;
            return true;
        }
        let known = ENDLESS.with(|m| m.borrow().points.contains(&key));
        if known || !self.points.insert(key) {
            self.remember();
            return true;
        }
        false
    }

    /// Every point this stretch passed is on an endless chain: remember
    /// those the memo's density keeps.
    fn remember(&mut self) {
        ENDLESS.with(|m| m.borrow_mut().add(self.points.drain()));
    }
}

impl Memo {
    /// Add points of endless chains at the current density, then thin the
    /// memo until it fits [`MEMO_CAP`].
    fn add(&mut self, points: impl Iterator<Item = Key>) {
        let level = self.level;
        self.points.extend(points.filter(|k| kept_at(k, level)));
        while self.points.len() > MEMO_CAP && self.level < MAX_LEVEL {
            self.level += 1;
            let level = self.level;
            self.points.retain(|k| kept_at(k, level));
        }
        if self.points.len() > MEMO_CAP {
            // Only past MEMO_CAP points still kept at the last level (2^14
            // times as many passed); forgetting is
            // always sound.
            self.points.clear();
        }
    }
}

/// The highest thinning level: bits 50..64 of the hash.
const MAX_LEVEL: u32 = 14;

/// Whether a point is kept at thinning `level`: bits 50.. of its hash
/// (above the distinguished-point bits 40..50) have `level` low zeros. A
/// property of the state, so every chain on a cycle keeps the same ones.
fn kept_at(k: &Key, level: u32) -> bool {
    (state_hash(k.row, k.origin as usize) >> 50).trailing_zeros() >= level
}

/// Forget the calling thread's endless chains: each engine call starts
/// from an empty memo (called by the outermost `crate::engine_call::entry`),
/// so its answer does not depend on the calls before it.
pub(crate) fn forget_endless() {
    ENDLESS.with(|m| {
        let mut m = m.borrow_mut();
        if !m.points.is_empty() || m.level != 0 {
            m.points.clear();
            m.level = 0;
        }
    });
}

/// How many points the calling thread's memo holds (for tests).
#[cfg(test)]
pub(crate) fn memo_len() -> usize {
    ENDLESS.with(|m| m.borrow().points.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seed: &mut u64) -> Key {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        Key {
            row: (*seed as u128) << 64 | seed.rotate_left(17) as u128,
            origin: 3,
            hand: 5,
            mask: 0,
            dir: 0,
            reverse: 0,
        }
    }

    #[test]
    fn a_full_memo_is_thinned_not_cleared() {
        let mut seed = 1;
        let mut m = Memo { points: HashSet::default(), level: 0 };
        let first: Vec<Key> = (0..MEMO_CAP / 2).map(|_| key(&mut seed)).collect();
        m.add(first.iter().copied());
        assert_eq!((m.level, m.points.len()), (0, MEMO_CAP / 2));
        // A second batch that does not fit: one level up, about half of
        // each batch stays, and the first batch is still represented.
        m.add((0..MEMO_CAP).map(|_| key(&mut seed)));
        assert_eq!(m.level, 1);
        assert!(m.points.len() <= MEMO_CAP && m.points.len() > MEMO_CAP / 2, "{}", m.points.len());
        assert!(m.points.iter().all(|k| kept_at(k, 1)));
        let old = first.iter().filter(|k| m.points.contains(k)).count();
        assert!(old > MEMO_CAP / 5 && old < MEMO_CAP * 3 / 10, "{old} of the first batch kept");
        assert_eq!(old, first.iter().filter(|k| kept_at(k, 1)).count());
    }
}
