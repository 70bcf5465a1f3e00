//! Static evaluation: the engine's opinion of a position where the game
//! goes on, from the side to move's point of view, in centiseeds (100 = one
//! seed of material).
//!
//! This file is the static part: the engine's [`Evaluate::evaluate`] for
//! the 4x8 family adds the side to move's tempo, measured by one turn of
//! look-ahead ([`super::tempo`]), without which fixed-depth scores swung
//! between odd and even depths (issue 21, part 3). [`evaluate_weighted`]
//! with [`WEIGHTS`] is the static value alone.
//!
//! Kept out of the rules on purpose: the rules say what is legal, this file
//! says what is good, and a different engine (or the public baseline) can
//! plug in another function without touching either.
//!
//! Terms (4x8 family; "margin" is mine minus the opponent's), with the
//! fitted weights of [`WEIGHTS`] in centiseeds, and what each means:
//! - **material** (100 per seed of margin, fixed): captured seeds never come
//!   back to the loser, so the seed margin is the natural currency and the
//!   scale of every score: "+3.00" means "as good as three seeds up".
//! - **mobility** (15 per start pit of margin): a player with no legal move
//!   loses, and each start pit is a different turn.
//! - **cornered** (-698 when the side to move has at most 2 start pits;
//!   +1032 when the waiting side has): close to having no move at all, which
//!   loses. The fit put its weight here rather than on the linear mobility
//!   term: the danger is a step near zero, not a slope.
//! - **capture threats**: 60 per seed of the side to move's best single-lap
//!   capture, 330 per start pit of the side to move whose first lap
//!   captures, -64 per such start pit of the waiting side. The count weighs
//!   more than the size: several threats cannot all be parried, and the side
//!   to move cashes one at once.
//! - **row shape**: -79 per inner-row seed of margin, +139 per occupied
//!   inner pit of margin, -69 per empty pit of margin, +137 per pit of
//!   margin holding at least 8 seeds. Seeds piled in the inner row are the
//!   ones an opponent capture takes, while an occupied inner pit is what my
//!   own captures need (a lap captures by ending in an occupied inner pit);
//!   empty pits end relays early; a big pit's lap reaches far and refills
//!   pits for a capture.
//!
//! How the weights were set (2026-11-22, `bench/src/bin/evalfit.rs`; the
//! full record is "Evaluation tuning" in `git show 923cacc^:BENCHMARKS.md`, logs in
//! `bench/data/strength/evalfit-*.txt`): 3,000 seeded games under the
//! baseline rules (`capture=obligatory, clockwise=never`), each from 4 to
//! 12 random plies then fixed-depth search (depth 2-4, this file's earlier
//! evaluation or the baseline's, drawn per side), gave 52,481 positions,
//! each labelled with the game's result for the side to move. A logistic
//! regression of that result on 18 candidate features (Texel-style; 80% of
//! the games to fit, the rest held out) was scaled to 100 per seed of
//! material; the features that helped the held-out fit least were then
//! dropped (the opponent's best capture, the former "vulnerability" term,
//! singletons, outer-row occupancy, summed threats, a tempo constant) and
//! the rest refitted. Dropping them cost 0.002 of held-out log loss and no
//! games (both sets scored 59.0% against the baseline evaluation at depth
//! 3, below); per-pit seed tables (16 more features) did not help either.
//! Held-out log loss: 0.259, against 0.286 for the earlier evaluation
//! (mobility 12, best threat 50, vulnerability 15) and 0.294 for the
//! baseline's; on positions from plain `igisoro` games, not used in the fit,
//! 0.225 against 0.266. A least-squares fit to depth-6 search values
//! predicted results less well (0.265) and played the same (58.8% at depth
//! 3). In fixed-depth games (both sides at the same depth, 500 seeded
//! openings x 2 colours, baseline rules) the fitted evaluation scored 59.0%,
//! 62.8% and 54.6% against the baseline evaluation at depths 3, 4 and 5,
//! where the earlier one scored 49.5%, 53.5% and 48.4%, and against the
//! earlier one at depths 3, 4 and 5 (59.9%, 61.9%, 54.7%), every 95%
//! interval above 50%; on 500 other openings, 58.8% and 56.0% against the
//! baseline evaluation and 58.7% and 56.2% against the earlier one at depths
//! 3 and 5. Halving or scaling by 1.5 the fitted non-material weights played
//! worse. The earlier self-play coordinate tuning (`bench/src/bin/tune.rs`)
//! had found nothing: each weight's x3/2 and x2/3 scored 49-51%, because at
//! equal depth most openings are won by the same colour whoever plays them
//! (65-88% of them here) and small weight changes decide few of the rest.

use crate::board4x8::rules::Opening;
use crate::board4x8::Position;
use crate::search::eval::SEED;

/// The evaluation's weights, in centiseeds per unit of each term (material
/// is fixed at [`SEED`] per seed: it is the scale of every score). The
/// engine's [`Evaluate::evaluate`] uses [`WEIGHTS`], a constant, so the
/// compiler folds them in; [`evaluate_weighted`] takes any set, for the
/// tuner (`bench/src/bin/tune.rs`). Every weight is added as written: a
/// negative weight penalises its term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per start pit of margin.
    pub mobility: i32,
    /// Per seed of the side to move's best single-lap capture.
    pub threat: i32,
    /// Per start pit of the side to move whose first lap captures.
    pub threats: i32,
    /// Per start pit of the waiting side whose first lap captures.
    pub opp_threats: i32,
    /// Per empty pit of margin.
    pub empty: i32,
    /// Per inner-row seed of margin.
    pub inner: i32,
    /// Per pit holding at least [`BIG`] seeds, of margin.
    pub big: i32,
    /// Per occupied inner pit of margin.
    pub inner_occupied: i32,
    /// Once, when the side to move has at most [`CORNERED`] start pits.
    pub cornered: i32,
    /// Once, when the waiting side has at most [`CORNERED`] start pits.
    pub opp_cornered: i32,
}

/// The engine's weights, fitted to game results (see the module docs).
pub const WEIGHTS: Weights = Weights {
    mobility: 15,
    threat: 60,
    threats: 330,
    opp_threats: -64,
    empty: -69,
    inner: -79,
    big: 137,
    inner_occupied: 139,
    cornered: -698,
    opp_cornered: 1032,
};

/// A pit with at least this many seeds counts as big: its lap reaches
/// halfway round the 16-pit loop.
pub const BIG: u8 = 8;

/// At most this many start pits counts as cornered (few turns left to
/// choose from, and close to having none, which loses).
pub const CORNERED: i32 = 2;

impl Weights {
    /// The weights in field order, for tools that go through them in turn.
    pub fn to_array(self) -> [i32; 10] {
        [
            self.mobility,
            self.threat,
            self.threats,
            self.opp_threats,
            self.empty,
            self.inner,
            self.big,
            self.inner_occupied,
            self.cornered,
            self.opp_cornered,
        ]
    }
    /// The inverse of [`Weights::to_array`].
    pub fn from_array(a: [i32; 10]) -> Weights {
        Weights {
            mobility: a[0],
            threat: a[1],
            threats: a[2],
            opp_threats: a[3],
            empty: a[4],
            inner: a[5],
            big: a[6],
            inner_occupied: a[7],
            cornered: a[8],
            opp_cornered: a[9],
        }
    }
    /// Field names in [`Weights::to_array`] order.
    pub const NAMES: [&'static str; 10] = [
        "mobility",
        "threat",
        "threats",
        "opp_threats",
        "empty",
        "inner",
        "big",
        "inner_occupied",
        "cornered",
        "opp_cornered",
    ];
}

impl Default for Weights {
    fn default() -> Self {
        WEIGHTS
    }
}

/// Side `me`'s single-lap captures from its start pits: (the best one in
/// seeds, how many start pits capture, their seeds summed). Relays and
/// clockwise laps are ignored: this is a cheap hint, the search sees the
/// real thing. A start pit of `c` seeds lands at `(s + c) % 16`; that is a
/// capture opportunity when the landing pit is an inner pit (8..16) that
/// is occupied after the lap (it was, and is not the emptied start, or the
/// lap went all the way round and refilled it) and both opponent pits
/// facing it hold seeds. Public so that the evaluation-fitting bench
/// (`bench/src/bin/evalfit.rs`) measures exactly the terms used here.
///
/// Why bit masks: this runs twice at every leaf. The facing pits' test is
/// done for all eight landing pits at once, and only start pits are
/// visited.
#[inline]
pub fn threats(me: &[u8; 16], them: &[u8; 16], min: u8) -> (i32, i32, i32) {
    let (mut best, mut n, mut sum) = (0, 0, 0);
    let (mine, theirs) = (row_word(me), row_word(them));
    let occupied = pit_mask(mine, 1);
    // Landing pit q (8..16) faces the opponent's inner pit 23 - q and outer
    // pit q - 8: their inner row reversed (a byte swap) against their
    // outer row, byte by byte, then gathered to bits q - 8 and shifted.
    const ONES64: u64 = ONES as u64;
    const HIGH64: u64 = HIGH as u64;
    let (outer, inner_reversed) = (theirs as u64, ((theirs >> 64) as u64).swap_bytes());
    let both = ((outer | HIGH64) - ONES64) & ((inner_reversed | HIGH64) - ONES64) & HIGH64;
    let targets = gather(both >> 7) << 8;
    let mut starts = pit_mask(mine, min);
    while starts != 0 {
        let s = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let c = me[s] as usize;
        let q = (s + c) % 16;
        // Without branches: whether a start captures is data, and
        // mispredicted branches here cost more than the arithmetic. The
        // indices stay in the row for an outer landing pit (q < 8), whose
        // sum is then multiplied by 0.
        let refilled = (occupied >> q & 1 != 0) & (q != s) | (c >= 16);
        let hit = (targets >> q & 1 != 0) & refilled;
        let seeds = (them[(23 - q) % 16] as i32 + them[q.wrapping_sub(8) % 16] as i32) * hit as i32;
        best = best.max(seeds);
        n += hit as i32;
        sum += seeds;
    }
    (best, n, sum)
}

/// The 16 counts of a row as one number, one byte per pit (local order,
/// so the inner row is the upper eight bytes). No count exceeds 64, the
/// family's seed total, so every byte stays below 128.
#[inline(always)]
fn row_word(row: &[u8; 16]) -> u128 {
    u128::from_le_bytes(*row)
}

const ONES: u128 = u128::from_le_bytes([1; 16]);
const HIGH: u128 = ONES * 0x80;

/// How many bytes of `x` (each below 128) are at least `k` (1..=128), all
/// sixteen at once. Why: the evaluation runs at every leaf, and counting
/// pit by pit took about a tenth of a depth-6 search. Each byte becomes
/// `128 + count - k`, which never borrows from its neighbour and keeps its
/// top bit exactly when `count >= k`.
#[inline(always)]
fn at_least(x: u128, k: u8) -> i32 {
    // Flags of 0 or 1 per byte, added up by `byte_sum` (two multiplies:
    // this build targets baseline x86-64, where `count_ones` is a long
    // software sequence).
    let flags = (((x | HIGH) - ONES * k as u128) & HIGH) >> 7;
    byte_sum(flags as u64) + byte_sum((flags >> 64) as u64)
}

/// Bit `i` set when pit `i` of the row `x` holds at least `k` seeds
/// (1..=128; see [`at_least`]).
#[inline(always)]
fn pit_mask(x: u128, k: u8) -> u32 {
    let flags = (((x | HIGH) - ONES * k as u128) & HIGH) >> 7;
    gather(flags as u64) | gather((flags >> 64) as u64) << 8
}

/// Bit `i` of the result is byte `i` of `flags` (each byte 0 or 1): the
/// multiply gathers the eight flags into the top byte, in order.
#[inline(always)]
fn gather(flags: u64) -> u32 {
    (flags.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The sum of the eight bytes of `v` (the sum stays below 256: at most 64
/// seeds): the multiply adds every byte into the top one.
#[inline(always)]
fn byte_sum(v: u64) -> i32 {
    (v.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// One side's counted terms, weighted: everything but material and the
/// capture threats; and the side's mobility (start pits).
#[inline(always)]
fn side_terms(row: &[u8; 16], min: u8, w: &Weights) -> (i32, i32) {
    let x = row_word(row);
    let mob = at_least(x, min);
    let empty = 16 - at_least(x, 1);
    let big = at_least(x, BIG);
    let inner_row = x & !(u64::MAX as u128);
    let inner = byte_sum((x >> 64) as u64);
    let inner_occ = at_least(inner_row, 1);
    let terms = w.mobility * mob + w.empty * empty + w.big * big + w.inner * inner + w.inner_occupied * inner_occ;
    (terms, mob)
}

/// The seeds of a row.
#[inline(always)]
fn row_seeds(row: &[u8; 16]) -> i32 {
    let x = row_word(row);
    byte_sum(x as u64) + byte_sum((x >> 64) as u64)
}

/// The evaluation with weights `w` (the engine's is `w = WEIGHTS`).
#[inline(always)]
pub fn evaluate_weighted(pos: &Position, w: &Weights) -> i32 {
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    let (mine, theirs) = (&pits[me], &pits[1 - me]);
    // A start pit needs at least one seed whatever the rules say.
    let min = pos.rules().min_seeds.max(1);
    let material = row_seeds(mine) - row_seeds(theirs);
    let (my_terms, my_mob) = side_terms(mine, min, w);
    let (their_terms, their_mob) = side_terms(theirs, min, w);
    let cornered = w.cornered * (my_mob <= CORNERED) as i32 + w.opp_cornered * (their_mob <= CORNERED) as i32;
    // No capture threat while the opening forbids captures.
    let quiet = pos.rules().opening == Opening::NoCapture && pos.opening_plies() > 0;
    let threat = if quiet {
        0
    } else {
        let (best, n, _) = threats(mine, theirs, min);
        let (_, opp_n, _) = threats(theirs, mine, min);
        w.threat * best + w.threats * n + w.opp_threats * opp_n
    };
    material * SEED + my_terms - their_terms + cornered + threat
}

pub(super) fn mobility(row: &[u8; 16], min: u8) -> i32 {
    row.iter().filter(|&&c| c >= min.max(1)).count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::{Igisoro, Variant};
    use crate::search::eval::Evaluate;

    #[test]
    fn start_positions_are_level_in_material() {
        for v in Variant::ALL {
            let p = Position::start(v);
            // Symmetric starts: only the capture-threat terms may differ from
            // 0 (both sides have the same threats, weighted differently).
            let e = Igisoro::evaluate(&p);
            assert!((0..10 * SEED).contains(&e), "{}: {}", v, e);
            assert_eq!(Igisoro::baseline(&p), 0);
        }
    }

    #[test]
    fn zero_weights_leave_material_only() {
        // Scores stay in seed units: material alone is 100 per seed.
        let zero = Weights::from_array([0; 10]);
        let mut p = Position::start(Variant::Igisoro);
        for _ in 0..6 {
            let me = p.to_move();
            let material = p.seeds(me) as i32 - p.seeds(me.other()) as i32;
            assert_eq!(evaluate_weighted(&p, &zero), material * SEED);
            let mut rng = crate::rng::Rng::new(7);
            p = crate::explore::random_move::<Igisoro>(&p, &mut rng).expect("game goes on").0;
        }
    }

    /// The word-at-a-time counts against a pit-by-pit count, on random rows
    /// of up to 64 seeds (one pit may hold them all) and every `min_seeds`.
    #[test]
    fn row_terms_match_counting_pit_by_pit() {
        let mut rng = crate::rng::Rng::new(0x5ea7);
        let w = WEIGHTS;
        for t in 0..20_000 {
            let mut row = [0u8; 16];
            let seeds = if t == 0 { 64 } else { rng.below(65) };
            let pits = 1 + rng.below(16);
            for _ in 0..seeds {
                row[rng.below(pits)] += 1;
            }
            let min = 1 + (t % 64) as u8;
            let count =
                |f: &dyn Fn(usize, u8) -> bool| row.iter().enumerate().filter(|&(i, &c)| f(i, c)).count() as i32;
            let mob = count(&|_, c| c >= min);
            let inner: i32 = row[8..].iter().map(|&c| c as i32).sum();
            let plain = w.mobility * mob
                + w.empty * count(&|_, c| c == 0)
                + w.big * count(&|_, c| c >= BIG)
                + w.inner * inner
                + w.inner_occupied * count(&|i, c| i >= 8 && c > 0);
            assert_eq!(side_terms(&row, min, &w), (plain, mob), "{row:?} min {min}");
            assert_eq!(row_seeds(&row), seeds as i32, "{row:?}");
        }
    }

    /// [`threats`] against the plain pit-by-pit scan it replaced, on random
    /// pairs of rows and every `min_seeds`.
    #[test]
    fn threats_match_the_plain_scan() {
        fn plain(me: &[u8; 16], them: &[u8; 16], min: u8) -> (i32, i32, i32) {
            let (mut best, mut n, mut sum) = (0, 0, 0);
            for s in 0..16 {
                let c = me[s];
                if c < min || c == 0 {
                    continue;
                }
                let q = (s + c as usize) % 16;
                let occupied = me[q] > 0 && q != s || c as usize >= 16;
                if q >= 8 && occupied && them[23 - q] > 0 && them[q - 8] > 0 {
                    let seeds = them[23 - q] as i32 + them[q - 8] as i32;
                    best = best.max(seeds);
                    n += 1;
                    sum += seeds;
                }
            }
            (best, n, sum)
        }
        let mut rng = crate::rng::Rng::new(0x7e2a);
        let mut hits = 0;
        for t in 0..50_000 {
            let mut rows = [[0u8; 16]; 2];
            let seeds = rng.below(65);
            let pits = 1 + rng.below(16);
            for _ in 0..seeds {
                let side = rng.below(2);
                rows[side][rng.below(pits)] += 1;
            }
            let min = 1 + (t % 4) as u8 + if t % 50 == 0 { 30 } else { 0 };
            let got = threats(&rows[0], &rows[1], min);
            assert_eq!(got, plain(&rows[0], &rows[1], min), "{rows:?} min {min}");
            hits += (got.1 > 0) as u32;
        }
        assert!(hits > 2_000, "only {hits} rows with a threat");
    }

    #[test]
    fn weights_round_trip_through_arrays() {
        assert_eq!(Weights::from_array(WEIGHTS.to_array()), WEIGHTS);
    }
}
