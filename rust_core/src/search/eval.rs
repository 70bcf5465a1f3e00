//! Static evaluation: the engine's opinion of a position where the game
//! goes on, from the side to move's point of view, in centiseeds (100 = one
//! seed of material).
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
//! full record is "Evaluation tuning" in BENCHMARKS.md, logs in
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
use crate::board4x8::{Igisoro, Position};
use crate::game::Game;

/// A game the search can evaluate.
pub trait Evaluate: Game {
    /// Score of a position where the game goes on, from the side to move's
    /// view, in centiseeds. Must stay well inside `±MATE_BOUND`.
    fn evaluate(pos: &Self::Pos) -> i32;
    /// The public baseline's evaluation: 10 x material + 2 x mobility (in
    /// seed and pit counts), scaled to centiseeds.
    fn baseline(pos: &Self::Pos) -> i32;
}

/// Centiseeds per seed.
pub const SEED: i32 = 100;

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
    pub fn to_array(&self) -> [i32; 10] {
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

/// Local pit that a single counter-clockwise lap of `c` seeds from `s` ends in.
#[inline]
fn ccw_landing(s: usize, c: u8) -> usize {
    (s + c as usize) % 16
}

/// Side `me`'s single-lap captures from its start pits: (the best one in
/// seeds, how many start pits capture, their seeds summed). Relays and
/// clockwise laps are ignored: this is a cheap hint, the search sees the
/// real thing. Public so that the evaluation-fitting bench
/// (`bench/src/bin/evalfit.rs`) measures exactly the terms used here.
#[inline]
pub fn threats(me: &[u8; 16], them: &[u8; 16], min: u8) -> (i32, i32, i32) {
    let (mut best, mut n, mut sum) = (0, 0, 0);
    for s in 0..16 {
        let c = me[s];
        if c < min || c == 0 {
            continue;
        }
        let q = ccw_landing(s, c);
        // The landing pit must be occupied after the lap (it was, or the lap
        // went round and refilled it) to count as a capture opportunity.
        let occupied = me[q] > 0 && q != s || c as usize >= 16;
        if q >= 8 && occupied {
            let (i, o) = (23 - q, q - 8);
            if them[i] > 0 && them[o] > 0 {
                let seeds = them[i] as i32 + them[o] as i32;
                best = best.max(seeds);
                n += 1;
                sum += seeds;
            }
        }
    }
    (best, n, sum)
}

/// One side's counted terms, weighted: everything but material and the
/// capture threats. One pass over the side's 16 pits.
#[inline(always)]
fn side_terms(row: &[u8; 16], min: u8, w: &Weights) -> (i32, i32) {
    let (mut mob, mut empty, mut big, mut inner, mut inner_occ) = (0, 0, 0, 0, 0);
    for (i, &c) in row.iter().enumerate() {
        mob += (c >= min) as i32;
        empty += (c == 0) as i32;
        big += (c >= BIG) as i32;
        if i >= 8 {
            inner += c as i32;
            inner_occ += (c > 0) as i32;
        }
    }
    let terms = w.mobility * mob + w.empty * empty + w.big * big + w.inner * inner + w.inner_occupied * inner_occ;
    (terms, mob)
}

/// The evaluation with weights `w` (the engine's is `w = WEIGHTS`).
#[inline(always)]
pub fn evaluate_weighted(pos: &Position, w: &Weights) -> i32 {
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    let (mine, theirs) = (&pits[me], &pits[1 - me]);
    // A start pit needs at least one seed whatever the rules say.
    let min = pos.rules().min_seeds.max(1);
    let material = pos.seeds(pos.to_move()) as i32 - pos.seeds(pos.to_move().other()) as i32;
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

fn mobility(row: &[u8; 16], min: u8) -> i32 {
    row.iter().filter(|&&c| c >= min.max(1)).count() as i32
}

impl Evaluate for Igisoro {
    fn evaluate(pos: &Position) -> i32 {
        evaluate_weighted(pos, &WEIGHTS)
    }

    fn baseline(pos: &Position) -> i32 {
        let me = pos.to_move().index();
        let pits = pos.local_pits();
        let min = pos.rules().min_seeds;
        let material = pos.seeds(pos.to_move()) as i32 - pos.seeds(pos.to_move().other()) as i32;
        let mob = mobility(&pits[me], min) - mobility(&pits[1 - me], min);
        // 10 x material + 2 x mobility, in tenths of a seed -> centiseeds.
        (10 * material + 2 * mob) * 10
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::Variant;

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

    #[test]
    fn weights_round_trip_through_arrays() {
        assert_eq!(Weights::from_array(WEIGHTS.to_array()), WEIGHTS);
    }
}
