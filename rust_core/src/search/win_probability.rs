//! Win probability: the chance that the side to move wins, from a search's
//! score and a few cheap features of the position. Engine opinion, like
//! the evaluation: fitted to the outcomes of the engine's own games.
//!
//! The model, per 4x8 variant: `p = sigmoid(a * s + c * starts + d * material)`,
//! where `s` is the score in seeds, `starts` the start pits the side to
//! move has more than the other side, and `material` the seeds it has
//! more. A proven win is exactly 1 and a proven loss exactly 0; an estimate
//! stays within [`ESTIMATE_MIN`]..=`1 - ESTIMATE_MIN`, so 0 and 1 always
//! mean "proven".
//!
//! Why this shape:
//! - every term is odd under a change of point of view (negate the score,
//!   exchange "mine" and "theirs") and there is no constant, so a
//!   colour-swapped position gets the same probability, the other side's
//!   probability is `1 - p`, and a score of 0 with even features is 1/2;
//! - per variant, because a seed is worth more in a short, sharp game
//!   (`igisoro`, Ikibuguzo) than in the long ones (`igisoro-fr`,
//!   `igisoro-wikipedia`, where a side reduced to a seed or two can no
//!   longer be captured and engine games run to the ply cap): one slope for
//!   all variants (the baseline) is too flat for the first and too steep
//!   for the second;
//! - the two features are small corrections the held-out games kept (a
//!   `sign(s) ln(1 + |s|)` term and phase terms did not help, see the
//!   benchmark page); their signs differ between variants;
//! - monotone in the score: `a > 0` for every variant (a test holds the
//!   constants to it);
//! - no constant for the side to move: before the search's tempo
//!   look-ahead ([`super::tempo`]) the fit wanted one whose sign followed
//!   the parity of the search depth (+0.9 logits at depth 4, -1.1 at depth
//!   3); refitted on the look-ahead's scores, a constant no longer helps
//!   (held-out Brier 0.0207 with or without it).
//!
//! The fit used depth-4 scores (the review's and `analyse`'s default); on
//! depth-3 games it predicts about as well as one slope for all variants
//! (Brier 0.0438 against 0.0440; see the benchmark page).
//!
//! One model serves both kinds of search, analyses and level 10's playing
//! search, at every budget: checked on level 10's node-bounded self-play
//! at about 10 ms and 100 ms a move (issue 41, 2026-11-29), a refit per
//! kind of search on those scores gained nothing on held-out games
//! (`ikibuguzo-1` Brier 0.0211 shipped, 0.0206 refitted; `ikibuguzo-2`
//! 0.0219 and 0.0220), so none was shipped. The 0.19 for
//! `ikibuguzo-1` at 10 ms was one game: its 4 random plies fall inside the
//! scripted opening, and at that budget level 10 loses the start's proven
//! win; no model of the score predicts that (benchmark page, "Issue 41";
//! the test `ikibuguzo_1_level_10_is_calibrated_on_its_own_games`).
//!
//! A review comparing a move with the best one should take both
//! probabilities after the move (the opponent to move in both), not the
//! one before the move against the one after: see the benchmark page.
//!
//! Isolo has no fitted row: the engine proves the game from the start (the
//! fore-play's first player wins in two turns at depth 3), so its analyses
//! are almost always proven; an estimate there uses [`BASELINE_SLOPE`].
//! A position with custom rules uses its base variant's row.
//!
//! How the constants were fitted: see `search::board4x8::COEFFICIENTS` and
//! docs/benchmarks/win-probability.md.

use super::iterative::{Analysis, Score};
use super::Engine;

/// Baseline slope per seed of score (`sigmoid(BASELINE_SLOPE * seeds)`),
/// one for every variant; the model for Isolo's rare estimates. Fitted on
/// 2026-11-25 over the 4x8 family, and kept when its rows were refitted on
/// 2026-11-28: that refit's one-slope baseline (0.050) is flattened by the
/// `igisoro-wikipedia` and `igisoro-fr` games that now end unable to end,
/// at a half each, which says nothing about Isolo.
pub const BASELINE_SLOPE: f64 = 0.161167;

/// An estimate (not a proven result) stays in `ESTIMATE_MIN..=1 -
/// ESTIMATE_MIN`, so that exactly 0 and 1 mean a proven loss and win.
pub const ESTIMATE_MIN: f64 = 0.001;

/// What the model reads from a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Context {
    /// The coefficients `[a, c, d]` for this position's variant.
    pub coefficients: [f64; 3],
    /// Start pits of the side to move minus the other side's.
    pub starts: i32,
    /// Seeds of the side to move minus the other side's.
    pub material: i32,
}

/// A rule system with a win-probability model.
pub trait WinModel: Engine {
    /// The model's view of `pos` (see [`Context`]).
    fn context(pos: &Self::Pos) -> Context;
}

/// The probability that the side to move of `pos` wins, given a search's
/// `score` of `pos` (the side to move's view): 1 for a proven win, 0 for a
/// proven loss, else the fitted model (see the module docs), within
/// [`ESTIMATE_MIN`]..=`1 - ESTIMATE_MIN`. A position proven unable to end
/// ([`crate::game::Game::cannot_end`]) is exactly 1/2: neither side can
/// force a result.
pub fn win_probability<G: WinModel>(pos: &G::Pos, score: Score) -> f64 {
    if G::cannot_end(pos).is_some() {
        return 0.5;
    }
    match score {
        Score::Win { .. } => 1.0,
        Score::Loss { .. } => 0.0,
        Score::Centiseeds(c) => estimate(&G::context(pos), c as f64 / 100.0),
    }
}

/// [`win_probability`] of an analysis of `pos` (its [`Analysis::score`]).
pub fn of_analysis<G: WinModel>(pos: &G::Pos, a: &Analysis) -> f64 {
    win_probability::<G>(pos, a.score)
}

/// The model for a seed score `seeds` in the context `ctx`.
pub fn estimate(ctx: &Context, seeds: f64) -> f64 {
    let [a, c, d] = ctx.coefficients;
    let z = a * seeds + c * ctx.starts as f64 + d * ctx.material as f64;
    let p = 1.0 / (1.0 + (-z).exp());
    p.clamp(ESTIMATE_MIN, 1.0 - ESTIMATE_MIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::{Igisoro, Position as Board4x8, Variant};
    use crate::isolo::{Isolo, Position as IsoloPosition};
    use crate::search::board4x8::COEFFICIENTS;
    use crate::side::Side;
    use crate::board4x8::{notation, Setup};
    use crate::explore::{random_move, status};
    use crate::rng::Rng;
    use crate::search::{analyse, Limits};
    use crate::Status;

    /// Positions of every 4x8 variant reached by seeded random play (the
    /// start and 1..40 plies in), games still on.
    fn positions() -> Vec<Board4x8> {
        let mut out = Vec::new();
        for v in Variant::ALL {
            for g in 0..12u64 {
                let mut rng = Rng::new(g * 7 + 1);
                let mut p = Board4x8::start(v);
                let plies = rng.below(40);
                for _ in 0..plies {
                    match random_move::<Igisoro>(&p, &mut rng) {
                        Some((q, _)) if status::<Igisoro>(&q) == Status::Ongoing => p = q,
                        _ => break,
                    }
                }
                out.push(p);
            }
        }
        out
    }

    /// The same position seen from the other chair: the board turned half
    /// a turn (row 4 becomes row 1, column a becomes h), the other side to
    /// move. Each side's sowing loop and reverse pits are the same from its
    /// own seat, so this is the colour-swapped game. `None` inside
    /// Ikibuguzo's scripted opening, whose script has South move first.
    fn colour_swapped(p: &Board4x8) -> Option<Board4x8> {
        let s = p.to_setup();
        let pits = s.pits.iter().rev().map(|row| row.iter().rev().copied().collect()).collect();
        let swapped = Setup { pits, to_move: s.to_move.other(), winner: s.winner.map(Side::other), ..s.clone() };
        Board4x8::from_setup(&swapped).ok()
    }

    #[test]
    fn probabilities_are_within_0_and_1_and_proven_results_are_exact() {
        let scores = [i32::MIN / 2, -1_000_000, -99_999, -6400, -350, -1, 0, 1, 350, 6400, 99_999, 1_000_000];
        for p in positions() {
            for &c in &scores {
                let w = win_probability::<Igisoro>(&p, Score::Centiseeds(c));
                assert!((ESTIMATE_MIN..=1.0 - ESTIMATE_MIN).contains(&w), "{c}: {w} {}", notation::format(&p));
            }
            let a = analyse::<Igisoro>(&p, &Limits::depth(2));
            let w = of_analysis::<Igisoro>(&p, &a);
            assert!((0.0..=1.0).contains(&w), "{w} {}", notation::format(&p));
            assert_eq!(win_probability::<Igisoro>(&p, Score::Win { turns: 3 }), 1.0);
            assert_eq!(win_probability::<Igisoro>(&p, Score::Loss { turns: 0 }), 0.0);
        }
        let iso = IsoloPosition::start(crate::isolo::Variant::Isolo);
        let a = analyse::<Isolo>(&iso, &Limits::depth(3));
        assert!((0.0..=1.0).contains(&of_analysis::<Isolo>(&iso, &a)));
        assert!((0.0..=1.0).contains(&win_probability::<Isolo>(&iso, Score::Centiseeds(-250))));
    }

    /// The colour-swapped position gets the same features, the same search
    /// score and so the same probability for its side to move; and the
    /// same board with the other side to move and the score negated gets
    /// `1 - p` (the model is odd in its point of view).
    #[test]
    fn symmetric_under_colour_swap() {
        let (mut uneven, mut swapped) = (0, 0);
        for p in positions() {
            let Some(q) = colour_swapped(&p) else {
                assert!(p.opening_plies() > 0, "only a scripted opening cannot be turned: {}", notation::format(&p));
                continue;
            };
            swapped += 1;
            assert_ne!(p.to_move(), q.to_move());
            assert_eq!(colour_swapped(&q), Some(p.clone()), "turning twice gives the position back");
            assert_eq!(Igisoro::context(&p), Igisoro::context(&q), "{}", notation::format(&p));
            let (a, b) = (analyse::<Igisoro>(&p, &Limits::depth(2)), analyse::<Igisoro>(&q, &Limits::depth(2)));
            assert_eq!(a.score, b.score, "{}", notation::format(&p));
            assert_eq!(of_analysis::<Igisoro>(&p, &a), of_analysis::<Igisoro>(&q, &b));
            // The other side's view of the same board.
            let mut s = p.to_setup();
            s.to_move = p.to_move().other();
            let Ok(r) = Board4x8::from_setup(&s) else { continue };
            for c in [-2500, -300, -40, 0, 75, 900, 4000] {
                let mine = win_probability::<Igisoro>(&p, Score::Centiseeds(c));
                let theirs = win_probability::<Igisoro>(&r, Score::Centiseeds(-c));
                assert!((mine + theirs - 1.0).abs() < 1e-12, "{c}: {mine} + {theirs} {}", notation::format(&p));
            }
            uneven += (Igisoro::context(&p).starts != 0 || Igisoro::context(&p).material != 0) as u32;
        }
        assert!(swapped >= 50 && uneven > 20, "{swapped} positions turned, {uneven} with uneven features: too few");
    }

    #[test]
    fn monotone_in_the_score() {
        for p in positions() {
            let mut last = 0.0;
            for c in (-8000..=8000).step_by(25) {
                let w = win_probability::<Igisoro>(&p, Score::Centiseeds(c));
                // Strictly, except where the estimate is clamped.
                let clamped = w == ESTIMATE_MIN || w == 1.0 - ESTIMATE_MIN;
                assert!(w > last || clamped && w == last, "{c}: {w} after {last} {}", notation::format(&p));
                last = w;
            }
        }
    }

    /// The constants keep the model increasing in the score.
    #[test]
    fn the_constants_keep_the_model_increasing() {
        for (v, [a, _, _]) in Variant::ALL.iter().zip(COEFFICIENTS) {
            assert!(a > 0.0, "{v}: a {a}");
        }
        const { assert!(BASELINE_SLOPE > 0.0) };
    }

    /// Level 10 playing an `ikibuguzo-1` game against itself from `p`, its
    /// playing search bounded by `nodes` (and level 10's table for about
    /// that time): every (side to move, reported win probability) and the
    /// winner (`None`: a game proven unable to end).
    fn level_10_game(mut p: Board4x8, nodes: u64, tt_bits: u32) -> (Vec<(Side, f64)>, Option<Side>) {
        use crate::explore::play;
        use crate::moves::parse_move;
        let mut reported = Vec::new();
        loop {
            match status::<Igisoro>(&p) {
                Status::Won { winner, .. } => return (reported, Some(winner)),
                Status::Endless { .. } => return (reported, None),
                Status::Ongoing => {}
            }
            assert!(reported.len() < 300, "the game ends: {}", notation::format(&p));
            let limits = Limits { depth: None, nodes: Some(nodes), tt_bits, playing: true, ..Limits::default() };
            let a = analyse::<Igisoro>(&p, &limits);
            reported.push((p.to_move(), of_analysis::<Igisoro>(&p, &a)));
            let mv = a.best_move.expect("a move while the game goes on");
            p = play::<Igisoro>(&p, &parse_move::<Igisoro>(&p, &mv).unwrap()).unwrap().result;
        }
    }

    /// Sum of squared errors of the reported probabilities against the
    /// game's result (1/2 each for a game proven unable to end), and the count.
    fn squared_errors((reported, winner): &(Vec<(Side, f64)>, Option<Side>)) -> (f64, usize) {
        let y = |side: Side| match winner {
            Some(w) if *w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        (reported.iter().map(|&(side, w)| (w - y(side)).powi(2)).sum(), reported.len())
    }

    /// Issue 41's check, node-bounded so that it is the same on every
    /// machine: level 10's reported win probability scored against the
    /// results of its own `ikibuguzo-1` games (Brier). Twelve games from
    /// 1..6 seeded random plies after the scripted opening (the issue's "4
    /// random plies" fall inside the script, where every ply is forced, so
    /// all its games were one game), at 6,000 nodes a move (about 10 ms on
    /// an idle core; level 10's 10 ms table), and the start line itself
    /// (no random ply) at 24,000 nodes, each under 0.10. Measured 2026-11-29: see
    /// docs/benchmarks/win-probability.md ("Issue 41"), which also says why
    /// the start line at 4,000..10,000 nodes (the 0.19) is not a
    /// test of the model: there the side that the engine and the solver
    /// both favour loses the game, and no model of the score predicts that.
    #[test]
    fn ikibuguzo_1_level_10_is_calibrated_on_its_own_games() {
        let start = Board4x8::start(Variant::Ikibuguzo1);
        let script = start.opening_plies() as usize;
        let (mut sum, mut n) = (0.0, 0);
        for g in 0..12u64 {
            let mut rng = Rng::new(4100 + g);
            let mut p = start.clone();
            for _ in 0..script + 1 + rng.below(6) {
                p = random_move::<Igisoro>(&p, &mut rng).expect("a move").0;
            }
            if status::<Igisoro>(&p) != Status::Ongoing {
                continue;
            }
            let (s, k) = squared_errors(&level_10_game(p, 6_000, 15));
            (sum, n) = (sum + s, n + k);
        }
        let varied = sum / n as f64;
        let mut p = start.clone();
        let mut rng = Rng::new(41);
        for _ in 0..script {
            p = random_move::<Igisoro>(&p, &mut rng).expect("the script's move").0;
        }
        let (s, k) = squared_errors(&level_10_game(p, 24_000, 18));
        let line = s / k as f64;
        eprintln!("ikibuguzo-1, level 10: Brier {varied:.4} over {n} positions of 12 games, {line:.4} over the start line's {k}");
        assert!(n > 100, "{n} positions: too few");
        // Measured 0.0615 and 0.0356 (2026-11-29). The bound is well under a
        // coin's 0.25 and the 0.19, above these twelve games' spread
        // (on 65 other games of the same protocol the model scores 0.021).
        assert!(varied < 0.10, "Brier {varied:.4} over {n} positions of 12 games (a coin: 0.25)");
        assert!(line < 0.10, "Brier {line:.4} over the start line's {k} positions");
    }

    /// A score of zero with even features is a coin flip, and a bigger
    /// score in the same position gives a bigger probability.
    #[test]
    fn an_even_score_is_a_coin_flip() {
        let start = Board4x8::start(Variant::Igisoro);
        assert_eq!(Igisoro::context(&start).starts, 0);
        assert_eq!(win_probability::<Igisoro>(&start, Score::Centiseeds(0)), 0.5);
        assert!(
            win_probability::<Igisoro>(&start, Score::Centiseeds(300))
                > win_probability::<Igisoro>(&start, Score::Centiseeds(100))
        );
    }
}
