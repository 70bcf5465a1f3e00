//! The SPRT arithmetic (`igisoro_bench::sprt`) against values computed by
//! others: fastchess's own test cases, and an independent Python
//! transcription of OpenBench's published formula.

use igisoro_bench::sprt::{elo_interval, logistic_elo, Model, Pentanomial, Sprt, Verdict};

fn sprt(elo0: f64, elo1: f64, model: Model) -> Sprt {
    Sprt::new(elo0, elo1, 0.05, 0.05, model).unwrap()
}

/// fastchess `tests/sprt_test.cpp` (Disservin/fastchess, commit 74b0a8d),
/// its pentanomial cases: `Stats(ll, ld, wl, dd, wd, ww)` and the LLR it
/// expects to two decimals. Its outcome DD/WL is wl + dd.
#[test]
fn fastchess_pentanomial_cases() {
    let cases: [([u32; 6], f64, f64, Model, f64); 4] = [
        ([365, 16618, 36029, 200, 16974, 390], 0.0, 2.0, Model::Normalized, 2.25),
        ([127, 4883, 10311, 401, 5150, 104], -1.75, 0.25, Model::Normalized, 3.01),
        ([223, 9863, 20279, 1000, 10037, 246], 0.5, 2.5, Model::Logistic, -3.07),
        ([871, 26175, 55003, 980, 26678, 821], 0.0, 2.0, Model::Logistic, -4.98),
    ];
    for ([ll, ld, wl, dd, wd, ww], e0, e1, model, want) in cases {
        let got = sprt(e0, e1, model).llr_pentanomial([ll, ld, wl + dd, wd, ww]);
        assert!((got - want).abs() < 0.005, "{model:?} [{e0}, {e1}]: {got} against fastchess's {want}");
    }
}

/// fastchess `tests/sprt_test.cpp`, its trinomial cases of the two models
/// kept here: `Stats(wins, losses, draws)`.
#[test]
fn fastchess_trinomial_cases() {
    let cases: [([u32; 3], f64, f64, Model, f64); 4] = [
        ([36433, 36027, 68692], 0.0, 2.0, Model::Normalized, 0.92),
        ([10871, 10650, 20431], -1.75, 0.25, Model::Normalized, 2.30),
        ([21404, 21184, 40708], 0.5, 2.5, Model::Logistic, -1.57),
        ([57433, 57030, 106593], 0.0, 2.0, Model::Logistic, -2.59),
    ];
    for ([w, l, d], e0, e1, model, want) in cases {
        let got = sprt(e0, e1, model).llr_trinomial([l, d, w]);
        assert!((got - want).abs() < 0.005, "{model:?} [{e0}, {e1}]: {got} against fastchess's {want}");
    }
}

/// `python3 bench/tests/data/sprt_reference.py` (OpenBench's formula in
/// plain Python; it also reproduces the fastchess cases above): the first
/// is OpenBench's own example in `stats.py`; the others are match-sized
/// counts, with empty outcomes (counted as 0.001) and both models.
#[test]
fn openbench_formula_cases() {
    let penta: [([u32; 5], f64, f64, Model, f64); 6] = [
        ([39, 8843, 26675, 9240, 44], 0.5, 2.5, Model::Normalized, 2.9416752080),
        ([3, 10, 40, 14, 5], 0.0, 10.0, Model::Normalized, 0.3093924215),
        ([3, 10, 40, 14, 5], 0.0, 10.0, Model::Logistic, 0.4403769402),
        ([12, 0, 170, 0, 18], 0.0, 20.0, Model::Normalized, 0.6026533181),
        ([0, 0, 30, 0, 12], -10.0, 10.0, Model::Normalized, 1.8279537484),
        ([20, 5, 60, 3, 2], 0.0, 5.0, Model::Logistic, -1.0636612259),
    ];
    for (counts, e0, e1, model, want) in penta {
        let got = sprt(e0, e1, model).llr_pentanomial(counts);
        assert!((got - want).abs() < 1e-6, "{counts:?} {model:?} [{e0}, {e1}]: {got}, reference {want}");
    }
    let got = sprt(0.0, 5.0, Model::Normalized).llr_trinomial([120, 300, 200]);
    assert!((got - 1.5387892307).abs() < 1e-6, "{got}");
}

/// Wald's bounds: alpha = beta = 0.05 gives -ln 19 and ln 19 (2.944...,
/// the bounds fastchess and OpenBench print); the verdict follows them.
#[test]
fn bounds_and_verdicts() {
    let t = sprt(0.0, 5.0, Model::Normalized);
    let (lo, hi) = t.bounds();
    assert!((lo + 19f64.ln()).abs() < 1e-12 && (hi - 19f64.ln()).abs() < 1e-12, "{lo} {hi}");
    assert_eq!(t.verdict(2.95), Verdict::H1);
    assert_eq!(t.verdict(-2.95), Verdict::H0);
    assert_eq!(t.verdict(2.9), Verdict::Continue);
    // alpha 0.05, beta 0.1: ln(0.1 / 0.95) and ln(0.9 / 0.05).
    let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1, Model::Normalized).unwrap().bounds();
    assert!((lo - (0.1f64 / 0.95).ln()).abs() < 1e-12 && (hi - 18f64.ln()).abs() < 1e-12);
}

#[test]
fn bad_settings_are_refused_with_their_reason() {
    assert!(Sprt::new(5.0, 0.0, 0.05, 0.05, Model::Normalized).unwrap_err().contains("elo0"));
    assert!(Sprt::new(0.0, 5.0, 0.0, 0.05, Model::Normalized).unwrap_err().contains("alpha"));
    assert!(Sprt::new(0.0, 5.0, 0.05, 1.0, Model::Normalized).unwrap_err().contains("beta"));
    assert!(Sprt::new(0.0, 5.0, 0.5, 0.5, Model::Normalized).unwrap_err().contains("alpha + beta"));
    assert!("bayesian".parse::<Model>().unwrap_err().contains("normalized or logistic"));
}

/// A pair's outcome is the sum of its two results; a win and a loss and two
/// draws share the middle outcome, told apart in the summary.
#[test]
fn pairs_are_counted_by_their_score() {
    let mut p = Pentanomial::default();
    for (a, b) in [(0.0, 0.0), (0.0, 0.5), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 0.5), (1.0, 1.0), (1.0, 1.0)] {
        p.add(a, b);
    }
    assert_eq!(p.counts, [1, 1, 3, 1, 2]);
    assert_eq!(p.win_loss, 2);
    assert_eq!(p.pairs(), 8);
    assert_eq!(p.summary(), "LL 1, LD 1, DD 1 + WL 2, WD 1, WW 2");
}

/// OpenBench's Elo interval by hand: one pair DD, one WW is a mean pair
/// score of 3/4 with variance 1/16 over 2 pairs, so 400 log10 3 Elo and
/// 1.96 * (1/4) / sqrt 2 either side of 3/4 in score.
#[test]
fn elo_interval_by_hand() {
    let (lo, e, hi) = elo_interval([0, 0, 1, 0, 1]).unwrap();
    assert!((e - 400.0 * 3f64.log10()).abs() < 1e-9, "{e}");
    let half = 1.959_963_984_540_054 * 0.25 / 2f64.sqrt();
    assert!((lo - logistic_elo(0.75 - half)).abs() < 1e-9 && (hi - logistic_elo(0.75 + half)).abs() < 1e-9);
    assert_eq!(elo_interval([0, 0, 7, 0, 0]), Some((0.0, 0.0, 0.0)));
    assert_eq!(elo_interval([0; 5]), None);
}
