//! The 4x8 turn as a state machine over decision nodes (see `game.rs`).
//!
//! A lap lifts seeds and sows them one by one from the next pit in the lap's
//! direction. Where the last seed falls decides what follows (RULES-NOTES,
//! "The turn, as decisions"): an empty pit ends the turn; an occupied inner
//! pit facing two occupied opponent pits is a capture opportunity; any other
//! occupied pit is relayed. All of it runs in the mover's local numbering.

use super::cycles::{capture_mask, Note, Watch};
use super::ending::out_of_reach;
use super::geometry::{local_name, name_order_pits, opposite_inner, opposite_outer, Pit, PITS};
use super::position::{scripted, Position};
use super::rules::{Adjudicate, Capture, CapturedSowing, Clockwise, Opening};
use crate::game::{Actor, Advance, Ending, Event, Game, Observer, Point, WinReason};
use crate::side::Side;

/// One decision. The declaration order is the order of the notation tokens
/// (`ccw` < `cw` < `n` < `p` < `r` < `x`), which canonical move lists use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// Start the turn at this pit.
    Start(Pit),
    /// Sow the lap counter-clockwise (the normal way).
    Ccw,
    /// Sow the lap clockwise (kugarama).
    Cw,
    /// Opponent: do not retreat.
    Stay,
    /// Mover: do not capture (ndahise).
    Pass,
    /// Opponent: retreat (ndakubye).
    Retreat,
    /// Mover: capture.
    Capture,
}

impl Choice {
    /// The notation token.
    pub fn token(self) -> String {
        match self {
            Choice::Start(p) => p.name(),
            Choice::Ccw => "ccw".into(),
            Choice::Cw => "cw".into(),
            Choice::Stay => "n".into(),
            Choice::Pass => "p".into(),
            Choice::Retreat => "r".into(),
            Choice::Capture => "x".into(),
        }
    }
}

/// What a decision node waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The start pit.
    Root,
    /// The direction of a lap about to sow `hand` seeds after `origin`.
    /// `first` marks the turn-wide choice of `whole_turn`.
    Direction { origin: u8, hand: u8, first: bool },
    /// Capture or pass at pit `q`; `lap` is where the lap was lifted from.
    Capture { q: u8, lap: u8 },
    /// The opponent's retreat after a pass at `q`.
    Retreat { q: u8 },
    /// The turn is over.
    Done,
}

/// An intermediate state of a turn. Everything that decides the rest of the
/// turn is here, and nothing else, so equal nodes have equal continuations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// `[mover, opponent][local pit]`.
    pub b: [[u8; PITS]; 2],
    pub stage: Stage,
    /// The turn's start pit, kept only where `turn_start` sowing needs it.
    pub start: u8,
    /// The turn's direction under `whole_turn` (true = clockwise).
    pub cw: bool,
    /// Opponent inner end pits captured this turn (bit 0: via my pit 8,
    /// bit 1: via my pit 15); kept only where `end_pits_win` is on.
    pub ends: u8,
}

/// Hashed as two 128-bit words for the rows plus the rest: a turn graph
/// hashes every node it meets, and the derived hash (a length and a byte
/// run per row, a round per small field) took about a third more.
impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u128(u128::from_le_bytes(self.b[0]));
        state.write_u128(u128::from_le_bytes(self.b[1]));
        self.stage.hash(state);
        state.write_u32(self.start as u32 | (self.cw as u32) << 8 | (self.ends as u32) << 16);
    }
}

/// The 4x8 family as a [`Game`].
pub struct Igisoro;

/// A lap waiting to be sown: direction still to be resolved.
struct Pending {
    origin: usize,
    hand: u8,
}

/// How one copy of the relay loop ([`Igisoro::relay_run`]) ended.
enum Run {
    /// What [`Igisoro::relays`] returns.
    Done(Option<usize>),
    /// The stretch has run long enough to be seen turned: go on in the
    /// turning copy of the loop.
    Turned,
}

/// One in every byte of a row seen as a `u128`.
const ONES: u128 = u128::from_le_bytes([1; PITS]);

/// `RUNS[cw][origin][k]`: ones in the `k` pits after `origin` in the
/// direction (counter-clockwise = increasing local numbers).
static RUNS: [[[u128; PITS]; PITS]; 2] = runs();

/// What a lap of `k` seeds modulo 16 after `origin` does besides the full
/// rounds: `run` (= `RUNS[cw][origin][k]`) and `lift`, a row mask that
/// empties the landing pit (all ones but that byte). One entry for both, so
/// that the relay loop computes one address per lap.
#[derive(Clone, Copy)]
struct Lap {
    run: u128,
    lift: u128,
}

/// `LAPS[cw][origin][k]`, see [`Lap`].
static LAPS: [[[Lap; PITS]; PITS]; 2] = laps_table();

const fn laps_table() -> [[[Lap; PITS]; PITS]; 2] {
    let mut t = [[[Lap { run: 0, lift: 0 }; PITS]; PITS]; 2];
    let mut d = 0;
    while d < 2 {
        let mut o = 0;
        while o < PITS {
            let mut k = 0;
            while k < PITS {
                let q = if d == 1 { (o + PITS * 2 - k) % PITS } else { (o + k) % PITS };
                t[d][o][k] = Lap { run: RUNS[d][o][k], lift: !(0xffu128 << (8 * q)) };
                k += 1;
            }
            o += 1;
        }
        d += 1;
    }
    t
}

const fn runs() -> [[[u128; PITS]; PITS]; 2] {
    let mut t = [[[0u128; PITS]; PITS]; 2];
    let mut d = 0;
    while d < 2 {
        let mut o = 0;
        while o < PITS {
            let mut k = 1;
            while k < PITS {
                let p = if d == 1 { (o + PITS * 2 - k) % PITS } else { (o + k) % PITS };
                t[d][o][k] = t[d][o][k - 1] | 1u128 << (8 * p);
                k += 1;
            }
            o += 1;
        }
        d += 1;
    }
    t
}

/// The pit one step from `p` along the sowing loop, clockwise or not.
#[inline(always)]
pub(super) fn step(p: usize, cw: bool) -> usize {
    if cw {
        (p + PITS - 1) % PITS
    } else {
        (p + 1) % PITS
    }
}

impl Igisoro {
    #[inline(always)]
    fn captures_allowed(pos: &Position) -> bool {
        !(pos.rules.opening == Opening::NoCapture && pos.opening_plies > 0)
    }

    /// Where a clockwise lap of `hand` seeds after `origin` ends, and whether
    /// that is a capture opportunity (without sowing: the last pit receives
    /// one seed per time round the loop).
    #[inline]
    fn cw_captures(b: &[[u8; PITS]; 2], origin: usize, hand: u8) -> bool {
        let h = hand as usize;
        if h == 0 {
            return false;
        }
        let q = (origin + PITS * 5 - h % PITS) % PITS;
        let landed = (h - 1) / PITS + 1;
        q >= 8 && b[0][q] as usize + landed >= 2 && b[1][opposite_inner(q)] > 0 && b[1][opposite_outer(q)] > 0
    }

    /// Sow `hand` seeds after `origin`; returns the last pit.
    ///
    /// Without a trace the whole lap is one 128-bit addition: the row's 16
    /// counts are the bytes of a `u128` (no count exceeds 64, so bytes never
    /// carry), full rounds add one to every byte and the remainder adds a
    /// precomputed run of ones. Relay chains can run for millions of laps
    /// before they end or provably loop, so this is the engine's hot spot.
    #[inline(always)]
    fn sow<O: Observer>(mover: Side, row: &mut [u8; PITS], origin: usize, hand: u8, cw: bool, obs: &mut O) -> usize {
        let h = hand as usize;
        if !O::ON {
            let r = u128::from_le_bytes(*row) + (h / PITS) as u128 * ONES + RUNS[cw as usize][origin][h % PITS];
            *row = r.to_le_bytes();
            return if cw { (origin + PITS * 5 - h % PITS) % PITS } else { (origin + h) % PITS };
        }
        let mut p = origin;
        for _ in 0..hand {
            p = step(p, cw);
            row[p] += 1;
            obs.event(Event::Sow { pit: local_name(mover, p) });
        }
        p
    }

    /// The lap direction if it is the same for every lap of the stretch
    /// and needs no decision: always, except under `capture_only` while
    /// some inner pit could capture (`mask`, see `cycles::capture_mask`),
    /// where a lap from a reverse pit may go clockwise.
    #[inline(always)]
    fn fixed_direction(r: &super::rules::Rules, cw: bool, mask: u8) -> Option<bool> {
        match r.clockwise {
            Clockwise::Never => Some(false),
            Clockwise::WholeTurn => Some(cw),
            Clockwise::CaptureOnly => (mask == 0).then_some(false),
        }
    }

    /// Run laps from a pending lap until a decision or the end of the turn.
    /// `dir` forces the first lap's direction (a direction just decided).
    fn run<O: Observer>(
        pos: &Position,
        mut n: Node,
        mut pending: Pending,
        mut dir: Option<bool>,
        obs: &mut O,
    ) -> Advance<Node> {
        let mut laps = 0u32;
        let r = &pos.rules;
        let me = pos.to_move;
        let captures_ok = Self::captures_allowed(pos);
        // See cycles.rs: exact detection of endless relay chains.
        let mut mask = capture_mask(&n.b[1], captures_ok);
        let mut watch = Watch::new(r, n.cw, mask);
        loop {
            // Without a trace, a stretch of fixed direction runs in the
            // dedicated loop of `relays` up to the next lap that needs more
            // than a relay; what follows below is then the same as after
            // one general lap.
            let fast = if O::ON || dir.is_some() { None } else { Self::fixed_direction(r, n.cw, mask) };
            let (q, cw) = if let Some(cw) = fast {
                let landed = if cw {
                    Self::relays::<true>(&mut n.b[0], &mut pending, mask, &mut watch, &mut laps)
                } else {
                    Self::relays::<false>(&mut n.b[0], &mut pending, mask, &mut watch, &mut laps)
                };
                match landed {
                    Some(q) => (q, cw),
                    None => return if watch.aborted { Advance::Aborted } else { Advance::Endless },
                }
            } else {
                // Resolve the lap's direction.
                let cw = match (dir.take(), r.clockwise) {
                    (Some(cw), _) => cw,
                    (None, Clockwise::WholeTurn) => n.cw,
                    (None, Clockwise::Never) => false,
                    (None, Clockwise::CaptureOnly) => {
                        if r.is_reverse(pending.origin)
                            && captures_ok
                            && Self::cw_captures(&n.b, pending.origin, pending.hand)
                        {
                            n.stage =
                                Stage::Direction { origin: pending.origin as u8, hand: pending.hand, first: false };
                            return Advance::Reached(n, laps);
                        }
                        false
                    }
                };
                let q = Self::sow(me, &mut n.b[0], pending.origin, pending.hand, cw, obs);
                laps = laps.saturating_add(1);
                if O::ON {
                    obs.event(Event::LapEnd { pit: local_name(me, q) });
                }
                (q, cw)
            };
            if n.b[0][q] == 1 {
                n.stage = Stage::Done;
                return Advance::Reached(Self::normalise_done(pos, n), laps);
            }
            let opportunity = captures_ok && q >= 8 && n.b[1][opposite_inner(q)] > 0 && n.b[1][opposite_outer(q)] > 0;
            if opportunity {
                let forced = r.capture == Capture::Obligatory || (cw && r.clockwise == Clockwise::CaptureOnly);
                if !forced {
                    n.stage = Stage::Capture { q: q as u8, lap: pending.origin as u8 };
                    return Advance::Reached(n, laps);
                }
                pending = Self::capture(pos, &mut n, q, pending.origin, obs);
                mask = capture_mask(&n.b[1], captures_ok);
                watch.reset(r, n.cw, mask);
                continue;
            }
            pending = Self::relay(me, &mut n, q, obs);
            if watch.endless(u128::from_le_bytes(n.b[0]), pending.origin, pending.hand) {
                return if watch.aborted { Advance::Aborted } else { Advance::Endless };
            }
        }
    }

    /// The relay loop of a stretch whose laps all go one way (`CW`): sow
    /// `pending`, and while the last seed lands in an occupied pit that
    /// cannot capture (not in `mask`), lift it, let `watch` see the state
    /// and go on. Returns the pit of the first other landing, with the row
    /// sown and that pit not lifted (what one general lap leaves), or `None`
    /// when `watch` says stop (endless, or out of budget / lap cap).
    ///
    /// Why a separate loop: this is where chains of hundreds of millions of
    /// laps spend their time. The row stays in registers as a `u128` (the
    /// general loop keeps it in the node's array, and the byte store of the
    /// lift followed by the 16-byte reload of the row stalls store
    /// forwarding on every lap), and each lap does only what a relay needs:
    /// no direction rule, no opponent row, no trace.
    #[inline(always)]
    fn relays<const CW: bool>(
        row: &mut [u8; PITS],
        pending: &mut Pending,
        mask: u8,
        watch: &mut Watch,
        laps: &mut u32,
    ) -> Option<usize> {
        // A long stretch that cannot capture goes on in a second copy of
        // the loop whose cycle tests see its states turned (see
        // `cycles::Hot::canonical`); two copies, so that the first, where
        // nearly all stretches end, pays nothing for it.
        if !watch.hot.turned() {
            if let Run::Done(landed) = Self::relay_run::<CW, false>(row, pending, mask, watch, laps) {
                return landed;
            }
        }
        match Self::relay_run::<CW, true>(row, pending, mask, watch, laps) {
            Run::Done(landed) => landed,
            Run::Turned => unreachable!("a turned stretch does not turn again"),
        }
    }

    /// The loop of [`Igisoro::relays`], its cycle tests seeing states
    /// turned or not (`TURNED`). Stops as `relays` does, or with
    /// [`Run::Turned`] when the stretch starts turning, its state saved.
    #[inline(always)]
    fn relay_run<const CW: bool, const TURNED: bool>(
        row: &mut [u8; PITS],
        pending: &mut Pending,
        mask: u8,
        watch: &mut Watch,
        laps: &mut u32,
    ) -> Run {
        let laps_table = &LAPS[CW as usize];
        // Landing pits that end the loop besides empty ones (local bits).
        let stop = (mask as u32) << 8;
        let mut r = u128::from_le_bytes(*row);
        let (mut o, mut h) = (pending.origin, pending.hand as usize);
        // Brent's counters in registers; the watch gets them back whenever
        // it has to look at a state, and on the way out.
        let mut hot = watch.hot;
        let first = hot.laps();
        loop {
            let q = if CW { (o + PITS * 5 - h % PITS) % PITS } else { (o + h) % PITS };
            // The landing pit gets one seed per time round the loop, so its
            // new count is known from the row before the lap: the next hand
            // does not wait for the 128-bit sum below, which shortens the
            // dependency chain from lap to lap.
            let half = if q < 8 { r as u64 } else { (r >> 64) as u64 };
            // (h + 15) >> 4 is h.div_ceil(16); written out, it compiles to
            // two instructions where div_ceil takes five.
            const _: () = assert!(PITS == 16);
            let v = (half >> (8 * (q % 8))) as u8 + ((h + 15) >> 4) as u8;
            let lap = &laps_table[o][h % PITS];
            // Full rounds add h / 16 (at most 4) to every byte: one 64-bit
            // product serves both halves.
            let full = (h / PITS) as u64 * 0x0101_0101_0101_0101;
            r = (r + (full as u128 | (full as u128) << 64) + lap.run) & lap.lift;
            if v == 1 || stop >> q & 1 != 0 {
                // Every lap before this one went through `hot.note` and
                // counted there (`run` does not need the count otherwise).
                let run = u32::try_from(hot.laps() - first).unwrap_or(u32::MAX);
                *laps = laps.saturating_add(run).saturating_add(1);
                watch.hot = hot;
                *row = (r | (v as u128) << (8 * q)).to_le_bytes();
                *pending = Pending { origin: o, hand: h as u8 };
                return Run::Done(Some(q));
            }
            (o, h) = (q, v as usize);
            match hot.note::<TURNED>(&mut watch.saved, r, o, v) {
                Note::Pass => {}
                Note::Turn => {
                    let run = u32::try_from(hot.laps() - first).unwrap_or(u32::MAX);
                    *laps = laps.saturating_add(run);
                    watch.hot = hot;
                    *row = r.to_le_bytes();
                    *pending = Pending { origin: o, hand: v };
                    return Run::Turned;
                }
                note => {
                    watch.hot = hot;
                    if watch.settle(note, r, o, v) {
                        *row = r.to_le_bytes();
                        *pending = Pending { origin: o, hand: v };
                        return Run::Done(None);
                    }
                }
            }
        }
    }

    /// Lift pit `q` for the next lap.
    #[inline(always)]
    fn relay<O: Observer>(me: Side, n: &mut Node, q: usize, obs: &mut O) -> Pending {
        let hand = n.b[0][q];
        n.b[0][q] = 0;
        if O::ON {
            obs.event(Event::Lift { pit: local_name(me, q), count: hand as u32 });
        }
        Pending { origin: q, hand }
    }

    /// Take the seeds facing `q` and set up the lap that sows them.
    fn capture<O: Observer>(pos: &Position, n: &mut Node, q: usize, lap: usize, obs: &mut O) -> Pending {
        let me = pos.to_move;
        let (i, o) = (opposite_inner(q), opposite_outer(q));
        let seeds = n.b[1][i] + n.b[1][o];
        n.b[1][i] = 0;
        n.b[1][o] = 0;
        if pos.rules.end_pits_win {
            if q == 8 {
                n.ends |= 1;
            } else if q == 15 {
                n.ends |= 2;
            }
        }
        if O::ON {
            obs.event(Event::Capture {
                pits: vec![local_name(me.other(), i), local_name(me.other(), o)],
                count: seeds as u32,
            });
        }
        match pos.rules.captured_sowing {
            CapturedSowing::TurnStart => {
                if O::ON {
                    obs.event(Event::Hand { count: seeds as u32 });
                }
                Pending { origin: n.start as usize, hand: seeds }
            }
            CapturedSowing::Landing => {
                if O::ON {
                    obs.event(Event::Hand { count: seeds as u32 });
                }
                Pending { origin: q, hand: seeds }
            }
            CapturedSowing::LapStart => {
                n.b[0][lap] += seeds;
                Self::relay(me, n, lap, obs)
            }
        }
    }

    /// Finished nodes keep only what the resulting position shows, so that
    /// different routes to one result meet in one node.
    fn normalise_done(pos: &Position, mut n: Node) -> Node {
        n.start = 0;
        n.cw = false;
        n.ends = if pos.rules.end_pits_win && n.ends == 3 { 3 } else { 0 };
        n
    }

    fn play_script<O: Observer>(pos: &Position, mut n: Node, obs: &mut O) -> Advance<Node> {
        let (pit, _, parts) = scripted(pos.rules.opening, pos.opening_plies).expect("validated opening");
        let me = pos.to_move;
        let hand = n.b[0][pit];
        n.b[0][pit] = 0;
        if O::ON {
            obs.event(Event::Lift { pit: local_name(me, pit), count: hand as u32 });
        }
        let mut p = pit;
        for &k in parts {
            p = step(p, false);
            n.b[0][p] += k;
            if O::ON {
                for _ in 0..k {
                    obs.event(Event::Sow { pit: local_name(me, p) });
                }
            }
        }
        if O::ON {
            obs.event(Event::LapEnd { pit: local_name(me, p) });
        }
        n.stage = Stage::Done;
        Advance::Reached(Self::normalise_done(pos, n), 1)
    }
}

impl Game for Igisoro {
    type Pos = Position;
    type Node = Node;
    type Choice = Choice;

    /// A finished node is normalised (`normalise_done`) to the two rows and
    /// whether the end pits were won, and `finish` keeps all of those in
    /// the position (pits, winner); the rest of the result is the same for
    /// every node of a turn. Checked on random turns by
    /// `tests/distinct_results.rs`.
    const DISTINCT_RESULTS: bool = true;

    fn root(pos: &Position) -> Node {
        let me = pos.to_move.index();
        Node { b: [pos.pits[me], pos.pits[1 - me]], stage: Stage::Root, start: 0, cw: false, ends: 0 }
    }

    fn point(pos: &Position, node: &Node, opts: &mut Vec<Choice>) -> Point {
        opts.clear();
        match node.stage {
            Stage::Done => return Point::Done,
            Stage::Root => {
                if pos.winner.is_some() {
                    return Point::Decide(Actor::Mover);
                }
                let me = pos.to_move;
                if let Some((pit, _, _)) = scripted(pos.rules.opening, pos.opening_plies) {
                    opts.push(Choice::Start(Pit::from_local(me, pit)));
                } else {
                    // Every pit written, the count advanced only for start
                    // pits: which pits can start is data, and a branch on it
                    // per pit was mispredicted often enough to show.
                    let mut buf = [Choice::Ccw; PITS];
                    let mut n = 0;
                    for &(i, pit) in name_order_pits(me) {
                        buf[n] = Choice::Start(pit);
                        n += (node.b[0][i] >= pos.rules.min_seeds) as usize;
                    }
                    opts.extend_from_slice(&buf[..n]);
                }
            }
            Stage::Direction { .. } => opts.extend([Choice::Ccw, Choice::Cw]),
            Stage::Capture { .. } => opts.extend([Choice::Pass, Choice::Capture]),
            Stage::Retreat { .. } => {
                opts.extend([Choice::Stay, Choice::Retreat]);
                return Point::Decide(Actor::Opponent);
            }
        }
        Point::Decide(Actor::Mover)
    }

    fn advance<O: Observer>(pos: &Position, node: &Node, choice: Choice, obs: &mut O) -> Advance<Node> {
        let mut n = *node;
        let me = pos.to_move;
        match (node.stage, choice) {
            (Stage::Root, Choice::Start(pit)) => {
                if scripted(pos.rules.opening, pos.opening_plies).is_some() {
                    return Self::play_script(pos, n, obs);
                }
                let i = pit.local();
                if pos.rules.captured_sowing == CapturedSowing::TurnStart {
                    n.start = i as u8;
                }
                let pending = Self::relay(me, &mut n, i, obs);
                if pos.rules.clockwise == Clockwise::WholeTurn && pos.rules.is_reverse(i) {
                    n.stage = Stage::Direction { origin: i as u8, hand: pending.hand, first: true };
                    return Advance::Reached(n, 0);
                }
                Self::run(pos, n, pending, None, obs)
            }
            (Stage::Direction { origin, hand, first }, Choice::Ccw | Choice::Cw) => {
                let cw = choice == Choice::Cw;
                if first {
                    n.cw = cw;
                }
                Self::run(pos, n, Pending { origin: origin as usize, hand }, Some(cw), obs)
            }
            (Stage::Capture { q, lap }, Choice::Capture) => {
                let pending = Self::capture(pos, &mut n, q as usize, lap as usize, obs);
                Self::run(pos, n, pending, None, obs)
            }
            (Stage::Capture { q, .. }, Choice::Pass) => {
                if pos.rules.retreat {
                    n.stage = Stage::Retreat { q };
                    return Advance::Reached(n, 0);
                }
                let pending = Self::relay(me, &mut n, q as usize, obs);
                Self::run(pos, n, pending, None, obs)
            }
            (Stage::Retreat { q }, Choice::Retreat | Choice::Stay) => {
                let q = q as usize;
                if choice == Choice::Retreat {
                    let (i, o) = (opposite_inner(q), opposite_outer(q));
                    let k = n.b[1][i];
                    n.b[1][o] += k;
                    n.b[1][i] = 0;
                    if O::ON {
                        obs.event(Event::Retreat {
                            from: local_name(me.other(), i),
                            to: local_name(me.other(), o),
                            count: k as u32,
                        });
                    }
                }
                let pending = Self::relay(me, &mut n, q, obs);
                Self::run(pos, n, pending, None, obs)
            }
            _ => panic!("advance called with {:?} at {:?}: not an option", choice, node.stage),
        }
    }

    fn finish(pos: &Position, node: &Node) -> Position {
        let me = pos.to_move;
        let mut pits = [[0u8; PITS]; 2];
        pits[me.index()] = node.b[0];
        pits[me.other().index()] = node.b[1];
        Position {
            pits,
            to_move: me.other(),
            opening_plies: pos.opening_plies.saturating_sub(1),
            winner: if node.ends == 3 { Some(me) } else { None },
            variant: pos.variant,
            rules: pos.rules,
        }
    }

    fn captured(pos: &Position, node: &Node) -> u32 {
        let before = pos.seeds(pos.to_move);
        let after: u32 = node.b[0].iter().map(|&v| v as u32).sum();
        after - before
    }

    /// Ikibuguzo's end-pit win, or a position that cannot end adjudicated
    /// to the side with more seeds (`adjudicate = seeds`; the side holding
    /// its seeds out of reach has at most 8 of the 64, see `ending`).
    fn decided(pos: &Position) -> Option<(Side, WinReason)> {
        if let Some(w) = pos.winner {
            return Some((w, WinReason::EndPitsCaptured));
        }
        if pos.rules.adjudicate == Adjudicate::Seeds {
            return out_of_reach(pos).map(|(holder, _)| (holder.other(), WinReason::AdjudicatedSeeds));
        }
        None
    }

    fn cannot_end(pos: &Position) -> Option<Ending> {
        if pos.rules.adjudicate == Adjudicate::None {
            return out_of_reach(pos).map(|(_, reason)| reason);
        }
        None
    }

    fn to_move(pos: &Position) -> Side {
        pos.to_move
    }

    /// Some start's first lap ends the turn: its last seed lands in an
    /// empty pit, which ends a turn before anything else is looked at (see
    /// `run`). A first lap counter-clockwise is always open to a start
    /// (clockwise ones are a choice beside it), so the turn is a finished,
    /// legal move. Only laps of under 16 seeds are looked at: a longer one
    /// refills its landing pit on the way. Scripted openings have one start
    /// only and are left to the full search.
    fn surely_has_move(pos: &Position) -> bool {
        if pos.winner.is_some() || scripted(pos.rules.opening, pos.opening_plies).is_some() {
            return false;
        }
        let row = &pos.pits[pos.to_move.index()];
        let min = pos.rules.min_seeds.max(1) as usize;
        // All sixteen pits tested without branches (see `point`).
        let mut sure = false;
        for i in 0..PITS {
            let h = row[i] as usize;
            sure |= (h >= min) & (h < PITS) & (row[(i + h) % PITS] == 0);
        }
        sure
    }

    fn choice_text(_: &Position, choice: Choice) -> String {
        choice.token()
    }

    fn parse_choice(_: &Position, token: &str, first: bool) -> Option<Choice> {
        if first {
            return Pit::parse(token).map(Choice::Start);
        }
        Some(match token {
            "ccw" => Choice::Ccw,
            "cw" => Choice::Cw,
            "n" => Choice::Stay,
            "p" => Choice::Pass,
            "r" => Choice::Retreat,
            "x" => Choice::Capture,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod lap_tests;
