//! A small learned correction to the hand-made evaluation (issue 31): a
//! network over the 32 pits that adds centiseeds to [`super::tempo`]'s value.
//!
//! Why a correction and not a whole evaluation: the hand-made terms already
//! carry most of what a position is worth (material, mobility, threats,
//! tempo), and a linear fit of per-pit tables on top of them found nothing
//! (`static_eval`'s docs). A hidden layer can learn how pits combine, which
//! a linear model cannot, and starting from the hand-made value keeps the
//! score's unit: a correction of +100 is "one seed better than the terms
//! say".
//!
//! Inputs, from the side to move's view: each of its 16 pits and each of the
//! opponent's 16 (in [`Position::local_pits`] order) one-hot by its count
//! ([`BUCKETS`] buckets, the last for every larger count), and one input per
//! rule that changes what a pit is worth ([`RULE_FLAGS`]: `min_seeds=2`,
//! obligatory capture, retreats, where captured seeds are sown, clockwise
//! laps, reverse pits, the end-pits win), so one network serves every 4x8
//! variant and custom rule set (issue 41: it is trained on all of them).
//! One hidden layer of [`HIDDEN`] clipped-ReLU units, one output.
//!
//! Integer inference, so that the Rust engine and the Python training code
//! (`bench/value_net.py`, which writes the weights and checks this
//! function's arithmetic on fixed inputs) compute the same numbers bit for
//! bit: first-layer weights and biases are scaled by [`Q`] and summed as
//! integers; a hidden unit is its sum clamped to `0..=Q` (the clipped ReLU
//! at 1.0); output weights are scaled by [`Q`] too, and the output is
//! `floor(sum of hidden x weight / Q^2) + bias`, in centiseeds.
//!
//! The weights are `rust_core/data/value_net.txt`, read into the binary at
//! build time; the command that made them is its first line. A file with
//! no weights (`hidden=0`) turns the correction off.

use crate::board4x8::rules::{Capture, CapturedSowing, Clockwise, Rules};
use crate::board4x8::Position;

/// Buckets per pit count: counts 0..BUCKETS-1 each their own, the last
/// bucket for every count from BUCKETS-1 up.
pub const BUCKETS: usize = 16;
/// The rule flags, in input order after the pits (bit `i` of
/// [`rule_flags`] is input `32 * BUCKETS + i`). Bit 0 is `min_seeds >= 2`,
/// as in the first network (issue 31).
pub const RULE_FLAGS: [&str; 9] = [
    "min_seeds>=2",
    "capture=obligatory",
    "retreat",
    "captured_sowing=turn_start",
    "captured_sowing=lap_start",
    "clockwise=capture_only",
    "clockwise=whole_turn",
    "reverse pits",
    "end_pits_win",
];
/// Inputs: 32 pits x [`BUCKETS`], and the [`RULE_FLAGS`].
pub const INPUTS: usize = 32 * BUCKETS + RULE_FLAGS.len();
/// Hidden units (the file's must match, or be 0 for none).
pub const HIDDEN: usize = 16;
/// The integer scale of the weights and of a hidden unit at 1.0.
pub const Q: i32 = 64;

/// The network's weights, integers as [`Q`] scales them.
pub struct Net {
    /// `w1[input][h]`: one fixed-size row per input, so that adding a row
    /// is a few vector instructions.
    w1: Vec<[i32; HIDDEN]>,
    b1: [i32; HIDDEN],
    w2: [i32; HIDDEN],
    b2: i32,
    /// False for a file without weights: the correction is 0.
    on: bool,
}

/// The weights' text, as `bench/value_net.py export` writes it.
const WEIGHTS_TEXT: &str = include_str!("../../../data/value_net.txt");

/// Read the weights' text: a comment line (`#`, the command), then
/// `hidden=N`, then `w1` (INPUTS x N numbers, row by row), `b1` (N), `w2`
/// (N) and `b2` (1), whitespace separated. Panics on a malformed file: it
/// is part of the source, checked by the tests.
pub fn parse(text: &str) -> Net {
    let mut words = text.lines().filter(|l| !l.starts_with('#')).flat_map(str::split_whitespace);
    let hidden: usize = words
        .next()
        .and_then(|w| w.strip_prefix("hidden="))
        .and_then(|n| n.parse().ok())
        .expect("value_net.txt starts with hidden=N");
    if hidden == 0 {
        return Net { w1: Vec::new(), b1: [0; HIDDEN], w2: [0; HIDDEN], b2: 0, on: false };
    }
    assert_eq!(hidden, HIDDEN, "value_net.txt has {hidden} hidden units, the engine {HIDDEN}");
    let nums: Vec<i32> = words.map(|w| w.parse().expect("value_net.txt holds integers")).collect();
    assert_eq!(nums.len(), INPUTS * HIDDEN + 2 * HIDDEN + 1, "value_net.txt's size");
    let (w1, rest) = nums.split_at(INPUTS * HIDDEN);
    let row = |r: &[i32]| -> [i32; HIDDEN] { r.try_into().expect("HIDDEN numbers") };
    Net {
        w1: w1.chunks_exact(HIDDEN).map(row).collect(),
        b1: row(&rest[..HIDDEN]),
        w2: row(&rest[HIDDEN..2 * HIDDEN]),
        b2: rest[2 * HIDDEN],
        on: true,
    }
}

/// The engine's network, read once.
pub fn net() -> &'static Net {
    static NET: std::sync::OnceLock<Net> = std::sync::OnceLock::new();
    NET.get_or_init(|| parse(WEIGHTS_TEXT))
}

/// A position's rules as the network sees them: bit `i` set when
/// [`RULE_FLAGS`]`[i]` holds.
pub fn rule_flags(rules: &Rules) -> u16 {
    [
        rules.min_seeds >= 2,
        rules.capture == Capture::Obligatory,
        rules.retreat,
        rules.captured_sowing == CapturedSowing::TurnStart,
        rules.captured_sowing == CapturedSowing::LapStart,
        rules.clockwise == Clockwise::CaptureOnly,
        rules.clockwise == Clockwise::WholeTurn,
        rules.reverse != 0,
        rules.end_pits_win,
    ]
    .iter()
    .enumerate()
    .fold(0, |bits, (i, &on)| bits | (u16::from(on) << i))
}

/// The active inputs of a position: one per pit, and its [`rule_flags`].
pub fn inputs(pos: &Position) -> ([usize; 32], u16) {
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    let mut active = [0usize; 32];
    for (i, &c) in pits[me].iter().chain(pits[1 - me].iter()).enumerate() {
        active[i] = i * BUCKETS + (c as usize).min(BUCKETS - 1);
    }
    (active, rule_flags(pos.rules()))
}

impl Net {
    /// The correction in centiseeds for the active inputs (see the module docs).
    pub fn correction(&self, active: &[usize; 32], flags: u16) -> i32 {
        if !self.on {
            return 0;
        }
        let mut acc = self.b1;
        let add = |acc: &mut [i32; HIDDEN], row: &[i32; HIDDEN]| {
            for h in 0..HIDDEN {
                acc[h] += row[h];
            }
        };
        for &f in active {
            add(&mut acc, &self.w1[f]);
        }
        for i in 0..RULE_FLAGS.len() {
            if flags >> i & 1 == 1 {
                add(&mut acc, &self.w1[32 * BUCKETS + i]);
            }
        }
        let sum: i64 = acc.iter().zip(&self.w2).map(|(&a, &w)| a.clamp(0, Q) as i64 * w as i64).sum();
        sum.div_euclid((Q * Q) as i64) as i32 + self.b2
    }

    /// Whether the file held weights.
    pub fn is_on(&self) -> bool {
        self.on
    }
}

/// The engine's correction of `pos`.
#[inline]
pub fn correction(pos: &Position) -> i32 {
    let (active, flags) = inputs(pos);
    net().correction(&active, flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped file parses, and a file without weights is no correction.
    #[test]
    fn the_weights_file_parses() {
        let n = parse(WEIGHTS_TEXT);
        assert!(!n.is_on() || n.w1.len() == INPUTS);
        let off = parse("# none\nhidden=0\n");
        assert_eq!(off.correction(&[0; 32], 1), 0);
    }
}
