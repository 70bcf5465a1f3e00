//! The oracle's hand-worked Omweso / Mweso examples
//! (`tests/test_omweso_ref.py`), restated for the engine: same boards, same
//! names, the same whole board asserted after each move. The comments there
//! give each example's source sentence and its hand-worked sowing; the
//! short form is repeated here.
//!
//! Boards are written as (pit, count) lists with every other pit empty.

use igisoro_core::explore::{self, legal_moves, status};
use igisoro_core::game::{PlayError, Status, WinReason};
use igisoro_core::moves::{format_move, parse_move};
use igisoro_core::omweso::arrangement::{self, from_json};
use igisoro_core::omweso::notation::{format, parse};
use igisoro_core::omweso::{Omweso, Phase, Position, Setup, Variant};
use igisoro_core::side::Side;
use std::collections::BTreeMap;

const BOTH: [&str; 2] = ["omweso", "mweso"];

/// A sowing-phase position holding exactly the given pits.
pub fn position(variant: &str, to_move: Side, rules: &[(&str, &str)], pits: &[(&str, i64)]) -> Position {
    let mut picture = vec![vec![0i64; 8]; 4];
    for &(name, n) in pits {
        let b = name.as_bytes();
        let (c, r) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        picture[3 - r][c] = n;
    }
    let v: Variant = variant.parse().unwrap();
    let side = to_move.name();
    let setup = Setup::from_text(v, rules, picture, side, "play", None).unwrap();
    Position::from_setup(&setup).unwrap()
}

/// South to move, the variant's rules.
fn south(variant: &str, pits: &[(&str, i64)]) -> Position {
    position(variant, Side::South, &[], pits)
}

/// The non-empty pits: the whole board, compactly.
pub fn occupied(p: &Position) -> BTreeMap<String, u8> {
    let mut out = BTreeMap::new();
    for (k, row) in p.picture().iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            if n > 0 {
                out.insert(format!("{}{}", (b'a' + c as u8) as char, 4 - k), n);
            }
        }
    }
    out
}

fn board(pits: &[(&str, u8)]) -> BTreeMap<String, u8> {
    pits.iter().map(|&(p, n)| (p.to_string(), n)).collect()
}

/// Play `mv` with checking.
fn play(p: &Position, mv: &str) -> Result<Position, PlayError> {
    let choices = parse_move::<Omweso>(p, mv).unwrap_or_else(|e| panic!("{}", e));
    explore::play::<Omweso>(p, &choices).map(|x| x.result)
}

/// Play `mv`, check it is among the legal moves' results, return the board.
fn after(p: &Position, mv: &str) -> BTreeMap<String, u8> {
    let res = play(p, mv).unwrap_or_else(|e| panic!("{} in {}: {}", mv, format(p), e));
    assert!(results(p).contains(&res), "{} is not among the results", mv);
    assert_ne!(res.to_move, p.to_move);
    occupied(&res)
}

fn results(p: &Position) -> Vec<Position> {
    legal_moves::<Omweso>(p, None).moves.into_iter().map(|m| m.result).collect()
}

fn moves(p: &Position) -> Vec<String> {
    legal_moves::<Omweso>(p, None).moves.iter().map(|m| format_move::<Omweso>(p, &m.choices)).collect()
}

// -- sowing, relay, single seeds, no move --------------------------------------

#[test]
fn sowing_ends_in_an_empty_pit() {
    for v in BOTH {
        // c1 (2): d1 0->1, e1 0->1, empty: the turn ends.
        let p = south(v, &[("c1", 2), ("a4", 2)]);
        assert_eq!(after(&p, "c1"), board(&[("d1", 1), ("e1", 1), ("a4", 2)]));
        assert_eq!(results(&p).len(), 1);
    }
}

#[test]
fn relay_from_an_occupied_pit() {
    for v in BOTH {
        // a1 (2): b1 0->1, c1 1->2 relay c1 (2): d1, e1 0->1, end.
        let p = south(v, &[("a1", 2), ("c1", 1), ("h4", 2)]);
        assert_eq!(after(&p, "a1"), board(&[("b1", 1), ("d1", 1), ("e1", 1), ("h4", 2)]));
    }
}

#[test]
fn a_single_seed_cannot_be_sown() {
    for v in BOTH {
        let p = south(v, &[("a1", 2), ("c2", 1), ("d4", 2)]);
        assert!(matches!(play(&p, "c2"), Err(PlayError::NotAnOption { .. })));
        assert_eq!(results(&p), vec![play(&p, "a1").unwrap()]);
    }
}

#[test]
fn no_move_loses() {
    for v in BOTH {
        let p = south(v, &[("a1", 1), ("c2", 1), ("h2", 1), ("d4", 5)]);
        assert!(results(&p).is_empty());
        assert_eq!(status::<Omweso>(&p), Status::Won { winner: Side::North, reason: WinReason::NoLegalMove });
        let n = position(v, Side::North, &[], &[("a1", 1), ("c2", 1), ("h2", 1), ("d4", 5)]);
        assert_eq!(status::<Omweso>(&n), Status::Ongoing);
    }
}

/// The oracle's `ENDLESS`: an endless relay chain (no capture is possible,
/// North's inner row being empty).
pub const ENDLESS: [(&str, i64); 12] = [
    ("b1", 1),
    ("d1", 1),
    ("e1", 3),
    ("f1", 1),
    ("h1", 1),
    ("g2", 1),
    ("e2", 1),
    ("c2", 1),
    ("a2", 1),
    ("a4", 7),
    ("b4", 7),
    ("h4", 6),
];

#[test]
fn an_endless_turn_is_no_move() {
    for v in BOTH {
        let p = south(v, &ENDLESS);
        assert!(results(&p).is_empty());
        assert!(play(&p, "e1").is_err());
        assert_eq!(status::<Omweso>(&p), Status::Won { winner: Side::North, reason: WinReason::NoLegalMove });
    }
}

// -- captures ---------------------------------------------------------------------

#[test]
fn omweso_capture_sown_from_where_the_capturing_lap_began() {
    // f1 (3): g1, h1, h2 1->2 captures h3+h4 (4), sown after f1: g1 2, h1 2,
    // h2 3, g2 0->1 (end).
    let p = south("omweso", &[("f1", 3), ("h2", 1), ("h3", 3), ("h4", 1), ("a4", 2)]);
    assert_eq!(after(&p, "f1"), board(&[("g1", 2), ("h1", 2), ("h2", 3), ("g2", 1), ("a4", 2)]));
}

#[test]
fn mweso_capture_then_relay_from_the_capturing_pit() {
    // As above, then relay h2 (3): g2 1->2, f2, e2 0->1 (end).
    let p = south("mweso", &[("f1", 3), ("h2", 1), ("h3", 3), ("h4", 1), ("a4", 2)]);
    assert_eq!(after(&p, "f1"), board(&[("g1", 2), ("h1", 2), ("g2", 2), ("f2", 1), ("e2", 1), ("a4", 2)]));
}

#[test]
fn capture_after_a_relay_sows_from_the_relay_lap_start() {
    for v in BOTH {
        // f1 (2): g1, h1 1->2 relay; h1 (2): h2, g2 1->2 captures g3+g4 (2),
        // sown after h1: h2 2, g2 3; relay g2 (3): f2, e2, d2 (end).
        let p = south(v, &[("f1", 2), ("h1", 1), ("g2", 1), ("g3", 1), ("g4", 1), ("a4", 2)]);
        assert_eq!(after(&p, "f1"), board(&[("g1", 1), ("h2", 2), ("f2", 1), ("e2", 1), ("d2", 1), ("a4", 2)]));
    }
}

#[test]
fn turn_start_option_sows_captures_from_the_turn_start() {
    let p = position(
        "omweso",
        Side::South,
        &[("captured_sowing", "turn_start")],
        &[("f1", 2), ("h1", 1), ("g2", 1), ("g3", 1), ("g4", 1), ("a4", 2)],
    );
    assert_eq!(after(&p, "f1"), board(&[("g1", 2), ("h1", 1), ("h2", 1), ("g2", 2), ("a4", 2)]));
}

// -- clockwise ----------------------------------------------------------------------

#[test]
fn omweso_clockwise_capture_from_a_left_pit() {
    let p = south("omweso", &[("b2", 2), ("d2", 1), ("d3", 1), ("d4", 2), ("h4", 3)]);
    assert_eq!(after(&p, "b2-cw"), board(&[("c2", 1), ("d2", 2), ("a2", 1), ("a1", 1), ("b1", 1), ("h4", 3)]));
    assert_eq!(after(&p, "b2-ccw"), board(&[("d2", 1), ("a2", 1), ("a1", 1), ("d3", 1), ("d4", 2), ("h4", 3)]));
    assert_eq!(results(&p).len(), 2);
    assert_eq!(moves(&p), ["b2-ccw", "b2-cw"]);
    // The direction is a decision here.
    assert!(matches!(play(&p, "b2"), Err(PlayError::Incomplete { .. })));
}

#[test]
fn mweso_clockwise_capture_then_the_turn_stays_clockwise() {
    let p = south("mweso", &[("b2", 2), ("d2", 1), ("d3", 1), ("d4", 2), ("h4", 3)]);
    assert_eq!(
        after(&p, "b2-cw"),
        board(&[("c2", 1), ("e2", 1), ("f2", 1), ("a2", 1), ("a1", 1), ("b1", 1), ("h4", 3)])
    );
    assert_eq!(after(&p, "b2-ccw"), board(&[("d2", 1), ("a2", 1), ("a1", 1), ("d3", 1), ("d4", 2), ("h4", 3)]));
}

#[test]
fn clockwise_refused_when_it_does_not_capture() {
    for v in BOTH {
        let p = south(v, &[("a1", 3), ("c3", 1), ("c4", 1)]);
        assert!(play(&p, "a1-cw").is_err());
        assert_eq!(after(&p, "a1"), board(&[("b1", 1), ("c1", 1), ("d1", 1), ("c3", 1), ("c4", 1)]));
    }
}

#[test]
fn omweso_reverse_captured_seeds_may_go_clockwise_again() {
    let p = south("omweso", &[("b2", 2), ("d2", 1), ("e2", 1), ("d3", 1), ("d4", 2), ("e3", 1), ("e4", 1)]);
    assert_eq!(after(&p, "b2-cw-cw"), board(&[("c2", 2), ("d2", 3), ("e2", 2), ("a2", 1), ("a1", 1)]));
    assert_eq!(
        after(&p, "b2-cw-ccw"),
        board(&[("c2", 1), ("d2", 2), ("e2", 1), ("a2", 1), ("a1", 1), ("b1", 1), ("e3", 1), ("e4", 1)])
    );
    assert_eq!(
        after(&p, "b2-ccw"),
        board(&[("a2", 1), ("a1", 1), ("d2", 1), ("e2", 1), ("d3", 1), ("d4", 2), ("e3", 1), ("e4", 1)])
    );
    assert_eq!(results(&p).len(), 3);
    assert_eq!(moves(&p), ["b2-ccw", "b2-cw-ccw", "b2-cw-cw"]);
}

#[test]
fn relay_lap_at_a_left_pit_clockwise_omweso_only() {
    let pits = [("c2", 3), ("a1", 1), ("b3", 1), ("b4", 1)];
    let omweso = south("omweso", &pits);
    assert_eq!(after(&omweso, "c2-ccw"), board(&[("b2", 1), ("a2", 1), ("b1", 1), ("c1", 1), ("b3", 1), ("b4", 1)]));
    assert_eq!(after(&omweso, "c2-cw"), board(&[("b2", 2), ("a2", 2), ("b1", 1), ("c1", 1)]));
    let mweso = south("mweso", &pits);
    assert_eq!(after(&mweso, "c2"), board(&[("b2", 1), ("a2", 1), ("b1", 1), ("c1", 1), ("b3", 1), ("b4", 1)]));
    assert_eq!(results(&mweso).len(), 1);
}

#[test]
fn north_mirrors_south() {
    let pits = [("g3", 2), ("e3", 1), ("e2", 1), ("e1", 2), ("a1", 3)];
    let p = position("omweso", Side::North, &[], &pits);
    assert_eq!(after(&p, "g3-cw"), board(&[("f3", 1), ("e3", 2), ("h3", 1), ("h4", 1), ("g4", 1), ("a1", 3)]));
    let p = position("mweso", Side::North, &[], &pits);
    assert_eq!(
        after(&p, "g3-cw"),
        board(&[("f3", 1), ("d3", 1), ("c3", 1), ("h3", 1), ("h4", 1), ("g4", 1), ("a1", 3)])
    );
}

#[test]
fn node_budget_and_options_not_in_this_slice() {
    // The oracle's node budget is the engine's budget and lap cap (tested
    // for every family in `explore`); the options named for later are
    // refused, not ignored.
    for (option, value) in [("setup", "seed_by_seed"), ("endless", "annul"), ("capture", "optional")] {
        let setup = Setup::from_text(Variant::Omweso, &[(option, value)], vec![vec![0; 8]; 4], "south", "play", None);
        assert!(setup.is_err(), "{}={} accepted", option, value);
    }
}

// -- the win by capturing at both ends ------------------------------------------

const BOTH_ENDS: [(&str, i64); 7] = [("f1", 3), ("h2", 1), ("a2", 1), ("h3", 5), ("h4", 5), ("a3", 1), ("a4", 1)];

#[test]
fn omweso_both_ends_captured_in_one_turn_wins() {
    let p = south("omweso", &BOTH_ENDS);
    let res = play(&p, "f1").unwrap();
    assert_eq!(occupied(&res), board(&[("a1", 1), ("g1", 3), ("h2", 4), ("g2", 2), ("e2", 2), ("c2", 2), ("a2", 3)]));
    assert_eq!(res.winner, Some(Side::South));
    assert_eq!(status::<Omweso>(&res), Status::Won { winner: Side::South, reason: WinReason::EndPitsCaptured });
    assert!(results(&res).is_empty());
}

#[test]
fn one_end_does_not_win_and_mweso_has_no_such_win() {
    let p = south("omweso", &[("f1", 3), ("h2", 1), ("h3", 3), ("h4", 1), ("a4", 2)]);
    assert_eq!(play(&p, "f1").unwrap().winner, None);
    for res in results(&south("mweso", &BOTH_ENDS)) {
        assert_eq!(res.winner, None);
    }
}

// -- the set-up stage ---------------------------------------------------------------

#[test]
fn setup_south_then_north_then_south_sows() {
    for v in BOTH {
        let start = Position::start(v.parse().unwrap());
        let outer: BTreeMap<String, u8> =
            "abcdefgh".chars().flat_map(|c| ["1", "4"].map(|r| (format!("{}{}", c, r), 4))).collect();
        assert_eq!(occupied(&start), outer);
        assert_eq!(status::<Omweso>(&start), Status::Ongoing);
        // The set-up's list is a sample, never the whole set.
        let sample = moves(&start);
        assert_eq!(sample, ["k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4", "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2"]);
        // South: all 32 in one pit (any arrangement is allowed, listed or not).
        let p1 = play(&start, "k0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.32").unwrap();
        assert_eq!((p1.to_move, p1.phase), (Side::North, Phase::Setup));
        let mut want: BTreeMap<String, u8> = "abcdefgh".chars().map(|c| (format!("{}4", c), 4)).collect();
        want.insert("h1".into(), 32);
        assert_eq!(occupied(&p1), want);
        // North sees South's arrangement; JSON form, rows 4 then 3.
        let a = from_json(&p1, "north", &[vec![2; 8], vec![0, 0, 0, 0, 0, 0, 0, 16]]).unwrap();
        let p2 = play(&p1, &a.token()).unwrap();
        assert_eq!((p2.to_move, p2.phase), (Side::South, Phase::Play));
        let mut want: BTreeMap<String, u8> = "abcdefgh".chars().map(|c| (format!("{}4", c), 2)).collect();
        want.insert("h1".into(), 32);
        want.insert("h3".into(), 16);
        assert_eq!(occupied(&p2), want);
        assert_eq!(p2.total(), 64);
        let e = arrangement::read(&p2, "k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0").unwrap_err();
        assert_eq!(e.code(), "not_setup_phase");
        // The generic checked play says so too.
        match play(&p2, "k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0") {
            Err(PlayError::Rejected { reason, .. }) => assert!(reason.starts_with("not_setup_phase"), "{}", reason),
            other => panic!("{:?}", other),
        }
    }
}

#[test]
fn setup_errors() {
    let start = Position::start(Variant::Omweso);
    for (text, code) in [
        ("k4.4.4.4.4.4.4.4/4.4.4.4.4.4.4.3", "wrong_total"),
        ("k4.4.4.4.4.4.4.4/4.4.4.4.4.4.4.5", "wrong_total"),
        ("k-1.5.4.4.4.4.4.4/4.4.4.4.4.4.4.4", "negative_count"),
        ("k4.4.4.4.4.4.4/4.4.4.4.4.4.4.4.4", "bad_shape"),
        ("4.4.4.4.4.4.4.4/4.4.4.4.4.4.4.4", "bad_notation"),
        ("e2", "bad_notation"),
    ] {
        assert_eq!(arrangement::read(&start, text).unwrap_err().code(), code, "{}", text);
    }
    let e = from_json(&start, "north", &[vec![4; 8], vec![0; 8]]).unwrap_err();
    assert_eq!(e.code(), "wrong_side");
    let e = from_json(&start, "south", &[vec![4; 8]]).unwrap_err();
    assert_eq!(e.code(), "bad_shape");
    // Through the generic checked play: a wrong total and a sowing move are
    // refused with their codes.
    for (text, code) in [("k4.4.4.4.4.4.4.4/4.4.4.4.4.4.4.3", "wrong_total"), ("e2", "bad_notation")] {
        match play(&start, text) {
            Err(PlayError::Rejected { reason, .. }) => assert!(reason.starts_with(code), "{}: {}", text, reason),
            other => panic!("{}: {:?}", text, other),
        }
    }
}

#[test]
fn notation_round_trips_and_names_the_input() {
    let start = Position::start(Variant::Mweso);
    assert_eq!(format(&start), "mweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup");
    assert_eq!(parse(&format(&start)).unwrap(), start);
    let p = position("omweso", Side::North, &[("clockwise", "never"), ("reverse_pits", "a1")], &BOTH_ENDS);
    assert_eq!(parse(&format(&p)).unwrap(), p);
    let e = parse("omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=later").unwrap_err();
    assert!(e.to_string().contains("later"), "{}", e);
    let e =
        parse("omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s capture=optional").unwrap_err();
    assert!(e.to_string().contains("capture"), "{}", e);
    let e = parse("omweso 4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s").unwrap_err();
    assert!(e.to_string().contains("4,4,4,4,4,4,4"), "{}", e);
}

#[test]
fn a_giant_endless_chain_is_settled_fast() {
    // A crowded start found by perft: b2 starts a relay chain that never
    // ends (the oracle passes 300,000 laps without an end or a decision).
    // A plain Brent run took 4 minutes on it; the Igisoro family's
    // detector (landing classes modulo 17) settles it at once.
    let p = parse("omweso 0,0,0,0,1,1,1,3/0,0,0,0,0,0,2,0/4,8,7,0,3,0,8,8/1,2,4,0,4,2,1,4 s").unwrap();
    let t = std::time::Instant::now();
    let starts: Vec<String> = moves(&p).iter().map(|m| m[..2].to_string()).collect();
    assert_eq!(starts, ["a2", "b1", "c1", "c2", "e1", "e2", "f1", "g2", "h1", "h2"]);
    assert!(matches!(play(&p, "b2"), Err(PlayError::Endless { .. } | PlayError::NoWayOut { .. })));
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
}
