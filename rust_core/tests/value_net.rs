//! The value network's inference (issue 31): the engine computes, on fixed
//! inputs, exactly the corrections the Python training code's integer
//! inference computed from the same weights (`bench/value_net.py`, which
//! wrote `tests/data/value_net_cases.txt` with the shipped weights).

use igisoro_core::board4x8::{Position, Variant};
use igisoro_core::search::board4x8::value_net::{self, BUCKETS};

fn cases() -> Vec<(Vec<u8>, bool, i32)> {
    let text = include_str!("data/value_net_cases.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let n: Vec<i64> = l.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (n[..32].iter().map(|&c| c as u8).collect(), n[32] == 1, n[33] as i32)
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
    for (counts, flag, want) in all {
        let mut active = [0usize; 32];
        for (i, &c) in counts.iter().enumerate() {
            active[i] = i * BUCKETS + (c as usize).min(BUCKETS - 1);
        }
        assert_eq!(net.correction(&active, flag), want, "counts {counts:?} flag {flag}");
        nonzero += (want != 0) as usize;
    }
    assert!(nonzero > 0, "the cases exercise the network");
}

/// A position's inputs are its side to move's 16 pits, then the opponent's,
/// bucketed, and the rules' `min_seeds >= 2` flag.
#[test]
fn a_positions_inputs_follow_its_pits() {
    for v in [Variant::Igisoro, Variant::IgisoroWikipedia] {
        let p = Position::start(v);
        let (active, flag) = value_net::inputs(&p);
        let me = p.to_move().index();
        let pits = p.local_pits();
        for (i, &c) in pits[me].iter().chain(pits[1 - me].iter()).enumerate() {
            assert_eq!(active[i], i * BUCKETS + (c as usize).min(BUCKETS - 1));
        }
        assert_eq!(flag, p.rules().min_seeds >= 2);
    }
}
