//! The value network's inference (issue 31): the engine computes, on fixed
//! inputs, exactly the corrections the Python training code's integer
//! inference computed from the same weights (`bench/value_net.py`, which
//! wrote `tests/data/value_net_cases.txt` with the shipped weights).

use igisoro_core::board4x8::{Position, Variant};
use igisoro_core::search::board4x8::value_net::{self, BUCKETS};

fn cases() -> Vec<(Vec<u8>, u16, i32)> {
    let text = include_str!("data/value_net_cases.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let n: Vec<i64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (n[..32].iter().map(|&c| c as u8).collect(), n[32] as u16, n[33] as i32)
        })
        .collect()
}

#[test]
fn the_engine_matches_the_training_codes_inference() {
    let net = value_net::net();
    assert!(net.is_on(), "the shipped weights hold a network");
    let all = cases();
    assert!(all.len() >= 100);
    let mut nonzero = 0;
    for (counts, flags, want) in all {
        let mut active = [0usize; 32];
        for (i, &c) in counts.iter().enumerate() {
            active[i] = i * BUCKETS + (c as usize).min(BUCKETS - 1);
        }
        assert_eq!(net.correction(&active, flags), want, "counts {counts:?} flags {flags:#b}");
        nonzero += (want != 0) as usize;
    }
    assert!(nonzero > 0, "the cases exercise the network");
}

/// A position's inputs are its side to move's 16 pits, then the opponent's,
/// bucketed, and the rules' flags.
#[test]
fn a_positions_inputs_follow_its_pits() {
    for v in [Variant::Igisoro, Variant::IgisoroWikipedia] {
        let p = Position::start(v);
        let (active, flags) = value_net::inputs(&p);
        let me = p.to_move().index();
        let pits = p.local_pits();
        for (i, &c) in pits[me].iter().chain(pits[1 - me].iter()).enumerate() {
            assert_eq!(active[i], i * BUCKETS + (c as usize).min(BUCKETS - 1));
        }
        assert_eq!(flags & 1 == 1, p.rules().min_seeds >= 2);
        assert_eq!(flags, value_net::rule_flags(p.rules()));
    }
}

/// Every rule flag is named, and each variant's flags are what its rules
/// say: the variants differ, so one network tells them apart.
#[test]
fn the_rule_flags_tell_the_variants_apart() {
    use igisoro_core::board4x8::rules::{Capture, Clockwise};
    let mut seen = std::collections::HashSet::new();
    for v in Variant::ALL {
        let r = *Position::start(v).rules();
        let f = value_net::rule_flags(&r);
        assert!(f < 1 << value_net::RULE_FLAGS.len());
        assert_eq!(f >> 1 & 1 == 1, r.capture == Capture::Obligatory, "{v:?}");
        assert_eq!(f >> 2 & 1 == 1, r.retreat, "{v:?}");
        assert_eq!(f >> 5 & 1 == 1, r.clockwise == Clockwise::CaptureOnly, "{v:?}");
        assert_eq!(f >> 7 & 1 == 1, r.reverse != 0, "{v:?}");
        assert_eq!(f >> 8 & 1 == 1, r.end_pits_win, "{v:?}");
        seen.insert(f);
    }
    assert!(seen.len() >= 4, "the variants' flags: {seen:?}");
}
