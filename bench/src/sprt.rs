//! Match statistics that decide (issue 41, target 5): pentanomial counts of
//! paired games and the generalized sequential probability ratio test
//! (GSPRT) on them, as fishtest, OpenBench and fastchess compute it.
//!
//! A pair is one opening played twice, once with each colour; its score for
//! the engine under test is the sum of its two games (win 1, draw 1/2,
//! loss 0): 0, 1/2, 1, 3/2 or 2, counted as LL, LD, DD/WL, WD, WW. The two
//! games of a pair are correlated (the opening favours one colour), and the
//! pair scores are independent draws, so the test is run on the five pair
//! outcomes, not on the games (whose trinomial variance would be wrong).
//!
//! The log-likelihood ratio is M. Van den Bergh's ("Comments on Normalized
//! Elo", <https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>):
//! the maximum-likelihood distribution of the observed outcomes under each
//! hypothesis (an expected score, or a normalized t-value), and the sum
//! over the observations of the log ratio of the two. Its bounds are Wald's,
//! `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.
//!
//! Checked in `bench/tests/sprt.rs` against fastchess's own test cases and
//! against `bench/tests/data/sprt_reference.py`, an independent transcription
//! of OpenBench's `stats.py` formula.

/// How Elo bounds become hypotheses about the pair scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Normalized Elo (fishtest, OpenBench; fastchess `normalized`): the
    /// hypotheses fix t = (mean score - 1/2) / standard deviation, which
    /// does not depend on the draw rate or on how unbalanced the openings
    /// are.
    Normalized,
    /// Logistic Elo (fastchess `logistic`): the hypotheses fix the expected
    /// score per game, 1 / (1 + 10^(-elo/400)).
    Logistic,
}

impl std::str::FromStr for Model {
    type Err = String;
    fn from_str(s: &str) -> Result<Model, String> {
        match s {
            "normalized" => Ok(Model::Normalized),
            "logistic" => Ok(Model::Logistic),
            _ => Err(format!("unknown SPRT model {s:?}: expected normalized or logistic")),
        }
    }
}

/// The test's settings: Elo bounds of the two hypotheses and the error
/// rates (alpha: accepting H1 when H0 holds; beta: the reverse).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: Model,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the lower bound: elo0 is accepted (the change fails).
    H0,
    /// The LLR reached the upper bound: elo1 is accepted (the change passes).
    H1,
    /// Between the bounds: more pairs are needed.
    Continue,
}

impl Verdict {
    /// How the report words it.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::H0 => "H0 accepted",
            Verdict::H1 => "H1 accepted",
            Verdict::Continue => "continue",
        }
    }
}

impl Sprt {
    /// Settings checked as fastchess checks them: elo0 < elo1, alpha and
    /// beta in (0, 1) with alpha + beta < 1.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: Model) -> Result<Sprt, String> {
        // Written so that a NaN bound is refused too.
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!("elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(0.0..1.0).contains(&v) || v == 0.0 {
                return Err(format!("{name} must be between 0 and 1, got {v}"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(format!("alpha + beta must be less than 1, got {}", alpha + beta));
        }
        Ok(Sprt { elo0, elo1, alpha, beta, model })
    }
    /// Wald's bounds (lower, upper) on the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }
    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Verdict::H1
        } else if llr <= lo {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
    /// The LLR of pentanomial counts `[LL, LD, DD+WL, WD, WW]`.
    pub fn llr_pentanomial(&self, counts: [u32; 5]) -> f64 {
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        match self.model {
            // A pair's normalized t is sqrt(2) times a game's.
            Model::Normalized => {
                let t = |elo: f64| std::f64::consts::SQRT_2 * elo / NELO_PER_T;
                llr_normalized(&scores, &counts, t(self.elo0), t(self.elo1))
            }
            Model::Logistic => llr_logistic(&scores, &counts, logistic_score(self.elo0), logistic_score(self.elo1)),
        }
    }
    /// The LLR of game counts `[losses, draws, wins]` (for games that are
    /// not paired).
    pub fn llr_trinomial(&self, counts: [u32; 3]) -> f64 {
        let scores = [0.0, 0.5, 1.0];
        match self.model {
            Model::Normalized => llr_normalized(&scores, &counts, self.elo0 / NELO_PER_T, self.elo1 / NELO_PER_T),
            Model::Logistic => llr_logistic(&scores, &counts, logistic_score(self.elo0), logistic_score(self.elo1)),
        }
    }
}

/// Normalized Elo per unit of t: 800 / ln 10.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The expected score of a logistic Elo difference.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of an expected score (clamped to
/// [0.001, 0.999], as OpenBench does, so that a perfect score is finite).
pub fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The observed frequencies, an empty outcome counted as 0.001 (as
/// fishtest, OpenBench and fastchess do) so that every logarithm is finite;
/// with their total.
fn frequencies<const N: usize>(counts: &[u32; N]) -> ([f64; N], f64) {
    let c = counts.map(|n| if n == 0 { 1e-3 } else { n as f64 });
    let total: f64 = c.iter().sum();
    (c.map(|x| x / total), total)
}

/// Mean and variance of `scores` under `p`.
fn mean_var<const N: usize>(scores: &[f64; N], p: &[f64; N]) -> (f64, f64) {
    let mu: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
    let var = scores.iter().zip(p).map(|(a, q)| q * (a - mu) * (a - mu)).sum();
    (mu, var)
}

/// The root in `theta` of `sum_i phat_i phi_i / (1 + theta phi_i) = 0`
/// (decreasing in theta between the poles `-1/max(phi)` and
/// `-1/min(phi)`), by bisection to the last bit.
fn secular<const N: usize>(phat: &[f64; N], phi: &[f64; N]) -> f64 {
    let v = phi.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let u = phi.iter().cloned().fold(f64::INFINITY, f64::min);
    debug_assert!(u < 0.0 && v > 0.0, "phi must change sign: {phi:?}");
    let f = |x: f64| phat.iter().zip(phi).map(|(p, a)| p * a / (1.0 + x * a)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / v, -1.0 / u);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The distribution closest to `phat` (maximum likelihood) whose expected
/// score is `s` (Van den Bergh, proposition 1.1).
fn mle_score<const N: usize>(scores: &[f64; N], phat: &[f64; N], s: f64) -> [f64; N] {
    let phi = scores.map(|a| a - s);
    let theta = secular(phat, &phi);
    std::array::from_fn(|i| phat[i] / (1.0 + theta * phi[i]))
}

/// The distribution closest to `phat` whose normalized t-value
/// (mean - 1/2) / sigma is `t` (Van den Bergh, section 4.1), by his fixed
/// point iteration from the uniform distribution.
fn mle_t<const N: usize>(scores: &[f64; N], phat: &[f64; N], t: f64) -> [f64; N] {
    let mut p = [1.0 / N as f64; N];
    for _ in 0..1000 {
        let (mu, var) = mean_var(scores, &p);
        let sigma = var.sqrt();
        let phi = scores.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let theta = secular(phat, &phi);
        let next: [f64; N] = std::array::from_fn(|i| phat[i] / (1.0 + theta * phi[i]));
        let diff = next.iter().zip(&p).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        p = next;
        if diff < 1e-12 {
            break;
        }
    }
    p
}

/// Total times the mean log ratio of the two hypotheses' distributions.
fn llr_of<const N: usize>(phat: &[f64; N], total: f64, p0: &[f64; N], p1: &[f64; N]) -> f64 {
    total * (0..N).map(|i| phat[i] * (p1[i].ln() - p0[i].ln())).sum::<f64>()
}

fn llr_logistic<const N: usize>(scores: &[f64; N], counts: &[u32; N], s0: f64, s1: f64) -> f64 {
    let (phat, total) = frequencies(counts);
    llr_of(&phat, total, &mle_score(scores, &phat, s0), &mle_score(scores, &phat, s1))
}

fn llr_normalized<const N: usize>(scores: &[f64; N], counts: &[u32; N], t0: f64, t1: f64) -> f64 {
    let (phat, total) = frequencies(counts);
    llr_of(&phat, total, &mle_t(scores, &phat, t0), &mle_t(scores, &phat, t1))
}

/// Logistic Elo with its 95% interval from pentanomial counts (OpenBench's
/// `Elo`: the mean pair score and its standard error, each end mapped
/// through [`logistic_elo`]): (lower, estimate, upper). `None` without pairs.
pub fn elo_interval(counts: [u32; 5]) -> Option<(f64, f64, f64)> {
    let n: u32 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let x = [0.0, 0.25, 0.5, 0.75, 1.0];
    let mu: f64 = (0..5).map(|i| x[i] * counts[i] as f64).sum::<f64>() / n;
    let var: f64 = (0..5).map(|i| (x[i] - mu).powi(2) * counts[i] as f64).sum::<f64>() / n;
    let half = 1.959_963_984_540_054 * var.sqrt() / n.sqrt();
    Some((logistic_elo(mu - half), logistic_elo(mu), logistic_elo(mu + half)))
}

/// Pentanomial counts `[LL, LD, DD+WL, WD, WW]` of pairs, each given as the
/// engine's two game results (1, 0.5 or 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u32; 5],
    /// Of the pairs scoring 1, those split as a win and a loss (the rest
    /// are two draws): a pair won by the same colour twice.
    pub win_loss: u32,
}

impl Pentanomial {
    /// Count one pair from the engine's results in its two games.
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round() as usize;
        assert!(k <= 4 && [a, b].iter().all(|r| [0.0, 0.5, 1.0].contains(r)), "game results are 0, 1/2 or 1: {a}, {b}");
        self.counts[k] += 1;
        self.win_loss += (k == 2 && a != b) as u32;
    }
    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
    /// `LL 3, LD 0, DD 1 + WL 12, WD 0, WW 5`.
    pub fn summary(&self) -> String {
        let c = self.counts;
        format!(
            "LL {}, LD {}, DD {} + WL {}, WD {}, WW {}",
            c[0],
            c[1],
            c[2] - self.win_loss,
            self.win_loss,
            c[3],
            c[4]
        )
    }
}

/// One line for a match report: the counts, the Elo interval and the test.
pub fn report(p: &Pentanomial, t: &Sprt) -> String {
    let llr = t.llr_pentanomial(p.counts);
    let (lo, hi) = t.bounds();
    let elo = match elo_interval(p.counts) {
        Some((a, e, b)) => format!("Elo {e:+.1} [{a:+.1}, {b:+.1}]"),
        None => "Elo -".to_string(),
    };
    format!(
        "pentanomial ({} pairs): {} | {elo} | SPRT {} elo [{}, {}], alpha {}, beta {}: LLR {llr:.2} ({lo:.2}, {hi:.2}) {}",
        p.pairs(),
        p.summary(),
        match t.model {
            Model::Normalized => "normalized",
            Model::Logistic => "logistic",
        },
        t.elo0,
        t.elo1,
        t.alpha,
        t.beta,
        t.verdict(llr).name()
    )
}
