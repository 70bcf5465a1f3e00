//! Hand-worked Isolo scenarios, one per sowing and resowing rule of
//! RULES-NOTES ("Isolo"). Each expected position was worked out by hand from
//! the text; the comments show the reasoning.
//!
//! Reading the notation (docs/ISOLO.md): `isolo <North>/<South> <side>`,
//! each row in column order a, b, c, d as South sees the board. South's
//! holes 1..4 are a1..d1 (the South row as written); North's holes 1..4 are
//! d2, c2, b2, a2 (the North row is written N4,N3,N2,N1). South's hole i
//! faces North's hole 5-i, the one in the same column: S1-N4, S2-N3,
//! S3-N2, S4-N1.

use crate::isolo_common;
use igisoro_core::explore::{self, legal_moves, next_decision, status, NextDecision};
use igisoro_core::game::{Event, Status, WinReason};
use igisoro_core::isolo::kucheleka::{self, default_arrangement};
use igisoro_core::isolo::notation::{format, parse_arrangement};
use igisoro_core::isolo::{arrange, ArrangeError, Isolo, Phase, Position, Variant};
use igisoro_core::moves::parse_move;
use igisoro_core::side::Side;
use isolo_common::{moves, play, pos};

#[test]
fn start_position() {
    let p = Position::start(Variant::Isolo);
    assert_eq!(format(&p), "isolo 2,2,2,2/2,2,2,2 s");
    assert_eq!(p.phase(), Phase::ForePlay);
    assert_eq!(moves("isolo 2,2,2,2/2,2,2,2 s"), ["a1", "b1", "c1", "d1"]);
}

#[test]
fn last_seed_in_an_empty_hole_ends_the_turn() {
    // S = [1,0,0,0]. a1: the stock seed makes S1 = 2; lift 2; the first seed
    // goes into hole 1 (the hole just lifted): S1 = 1, S2 = 1. S2 was
    // empty: the turn ends. South gained exactly the stock seed.
    assert_eq!(play("isolo 1,1,1,1/1,0,0,0 s", "a1"), "isolo 1,1,1,1/1,1,0,0 n");
}

#[test]
fn hole_before_the_last_starts_in_the_rightmost_hole() {
    // S = [0,0,1,0]. c1 is hole 3 = n-1: S3 = 2, lift 2; first seed into the
    // rightmost hole S4 = 1, then wrap to S1 = 1 (empty): the turn ends.
    // (From any other hole the 2 seeds would go into S1, S2.)
    assert_eq!(play("isolo 1,1,1,1/0,0,1,0 s", "c1"), "isolo 1,1,1,1/1,0,0,1 n");
    // The same from a1 for comparison: S1 = 2, lift, S1 = 1, S2 = 1.
    assert_eq!(play("isolo 1,1,1,1/1,0,0,0 s", "a1"), "isolo 1,1,1,1/1,1,0,0 n");
    // With 6 holes the hole before the last is hole 5 (e1): S5 = 2, lift,
    // S6 = 1, S1 = 1 (empty): the turn ends.
    assert_eq!(play("isolo 1,1,1,1,1,1/0,0,0,0,1,0 s", "e1"), "isolo 1,1,1,1,1,1/1,0,0,0,0,1 n");
    // North's hole 3 is b2 (North's row reads N4,N3,N2,N1). N = [0,0,1,0]
    // (N3 = 1): N3 = 2, lift, N4 = 1 (column a), N1 = 1 (column d), end.
    assert_eq!(play("isolo 0,1,0,0/1,1,1,1 n", "b2"), "isolo 1,0,0,1/1,1,1,1 s");
}

#[test]
fn occupied_hole_with_empty_opposite_relays_from_the_next_hole() {
    // S = [1,1,0,0], N3 = 0 (column b). a1: S1 = 2, lift, S1 = 1, S2 = 2.
    // S2 was occupied; it faces N3 = 0: relay, lift S2 (2) and sow from
    // S3: S3 = 1, S4 = 1. S4 was empty: end.
    assert_eq!(play("isolo 1,0,1,1/1,1,0,0 s", "a1"), "isolo 1,0,1,1/1,0,1,1 n");
}

#[test]
fn capture_after_the_first_lap_is_sown_from_hole_1() {
    // S = [1,1,0,0], N3 = 3. a1: S1 = 2, lift, S1 = 1, S2 = 2. S2 faces
    // N3 = 3: capture 3. After the first lap they are sown from hole 1:
    // S1 = 2, S2 = 3, S3 = 1 (empty): end.
    assert_eq!(play("isolo 1,3,1,1/1,1,0,0 s", "a1"), "isolo 1,0,1,1/2,3,1,0 n");
    let p = pos("isolo 1,3,1,1/1,1,0,0 s");
    let m = &legal_moves::<Isolo>(&p, None).moves[0];
    assert_eq!(m.captured, 3);
    assert_eq!(m.laps, 2);
}

#[test]
fn capture_after_a_relay_lap_is_sown_after_the_relay_hole() {
    // S = [1,1,1,1]; N = N4,N3,N2,N1 = 1,0,0,2.
    // a1: S1 = 2, lift, S1 = 1, S2 = 2. S2 faces N3 = 0: relay from S2.
    // Lift S2 (2), S2 = 0: S3 = 2, S4 = 2. S4 faces N1 = 2: capture 2.
    // That lap was a relay lifted from S2, so the 2 are sown from S3:
    // S3 = 3, S4 = 3. S4 faces N1 = 0 now: relay, lift S4 (3): S1 = 2,
    // S2 = 1, S3 = 4. S3 faces N2 = 0: relay, lift S3 (4): S4 = 1, S1 = 3,
    // S2 = 2, S3 = 1. S3 was empty (just lifted): end.
    // South [3,2,1,1] = 7, North [1,0,0,0] = 1: 8 = 7 + the stock seed.
    assert_eq!(play("isolo 1,0,0,2/1,1,1,1 s", "a1"), "isolo 1,0,0,0/3,2,1,1 n");
    // Sown from hole 1 instead, the 2 would go S1 = 2, S2 = 1 (empty), end:
    // South [2,1,2,2]; the engine must not give that.
    assert_ne!(play("isolo 1,0,0,2/1,1,1,1 s", "a1"), "isolo 1,0,0,0/2,1,2,2 n");
}

#[test]
fn capture_after_a_lap_of_captured_seeds_is_sown_from_hole_1() {
    // S = [1,1,1,1]; N = N4,N3,N2,N1 = 2,0,1,3.
    // a1: S1 = 1, S2 = 2; S2 faces N3 = 0: relay from S2: S3 = 2, S4 = 2.
    // S4 faces N1 = 3: capture 3, sown after the relay hole S2: S3 = 3,
    // S4 = 3, S1 = 2. S1 faces N4 = 2: capture 2. The lap before sowed
    // captured seeds, so these are sown from hole 1: S1 = 3, S2 = 1. S2
    // was empty (lifted by the relay): end.
    // South [3,1,3,3] = 10, North [0,0,1,0] = 1: 11 = 10 + 1.
    assert_eq!(play("isolo 2,0,1,3/1,1,1,1 s", "a1"), "isolo 0,0,1,0/3,1,3,3 n");
    let p = pos("isolo 2,0,1,3/1,1,1,1 s");
    assert_eq!(legal_moves::<Isolo>(&p, None).moves[0].captured, 5);
}

#[test]
fn mwipinda_opposite_hole_1_goes_into_the_rightmost_hole_sown_from_hole_1() {
    // S = [1,4,0,0]; N = N4,N3,N2,N1 = 1,0,1,1.
    // b1: S2 = 5, lift: S1 = 2, S2 = 1, S3 = 1, S4 = 1, S1 = 3. S1 faces the
    // end hole N4 holding a single seed: mwipinda. The seed goes into my
    // rightmost hole S4 = 2, which is lifted whole and sown from hole 1:
    // S1 = 4, S2 = 2. S2 faces N3 = 0: relay, lift S2 (2): S3 = 2, S4 = 1.
    // S4 was empty (lifted): end. South [4,0,2,1] = 7, North 0,0,1,1 = 2.
    assert_eq!(play("isolo 1,0,1,1/1,4,0,0 s", "b1"), "isolo 0,0,1,1/4,0,2,1 n");
    // Sown as ordinary captured seeds (from hole 1) the seed would make
    // S1 = 4 and relay on; the result differs.
    let p = pos("isolo 1,0,1,1/1,4,0,0 s");
    let played = explore::play::<Isolo>(&p, &parse_move::<Isolo>(&p, "b1").unwrap()).unwrap();
    let trace: Vec<String> = played.trace.iter().map(|e| format!("{:?}", e)).collect();
    assert!(trace.contains(&format!("{:?}", Event::Capture { pits: vec!["a2".into()], count: 1 })));
    assert!(trace.contains(&format!("{:?}", Event::Lift { pit: "d1".into(), count: 2 })));
}

#[test]
fn mwipinda_opposite_the_rightmost_hole_goes_into_hole_1_sown_from_hole_2() {
    // S = [3,0,0,1]; N = N4,N3,N2,N1 = 1,1,0,1.
    // a1: S1 = 4, lift: S1 = 1, S2 = 1, S3 = 1, S4 = 2. S4 faces the end
    // hole N1 holding a single seed: mwipinda. The seed goes into my hole 1,
    // S1 = 2, which is lifted whole and sown from hole 2: S2 = 2, S3 = 2.
    // S3 faces N2 = 0: relay, lift S3 (2): S4 = 3, S1 = 1. S1 was empty
    // (lifted): end. South [1,2,0,3] = 6, North 1,1,0,0 = 2: 8 = 7 + 1.
    assert_eq!(play("isolo 1,1,0,1/3,0,0,1 s", "a1"), "isolo 1,1,0,0/1,2,0,3 n");
}

#[test]
fn mwipinda_after_a_relay_lap() {
    // S = [1,1,0,1]; N = N4,N3,N2,N1 = 1,0,0,1.
    // a1: S1 = 2, lift: S1 = 1, S2 = 2. S2 faces N3 = 0: relay, lift S2 (2):
    // S3 = 1, S4 = 2. S4 faces the end hole N1 holding 1: mwipinda (the rule
    // holds after a relay lap too). The seed goes into my hole 1: S1 = 2,
    // lifted and sown from hole 2: S2 = 1, S3 = 2. S3 faces N2 = 0: relay,
    // lift S3 (2): S4 = 3, S1 = 1. S1 was empty (lifted): end.
    // South [1,1,0,3] = 5, North 1,0,0,0 = 1: 6 = 5 + 1.
    // (An ordinary capture after this relay lap would have been sown from
    // S3, the hole after the relay hole S2.)
    assert_eq!(play("isolo 1,0,0,1/1,1,0,1 s", "a1"), "isolo 1,0,0,0/1,1,0,3 n");
}

#[test]
fn capture_after_a_mwipinda_lap_is_sown_from_hole_1() {
    // As above but N2 = 2. After the mwipinda lap S = [0,1,2,2] and the last
    // seed is in S3, which faces N2 = 2: capture 2. The mwipinda lap sowed a
    // captured seed, so these are sown from hole 1 (not from S2, the hole
    // after the one the mwipinda lap was lifted from): S1 = 1, S2 = 2. S2
    // faces N3 = 0: relay, lift S2 (2): S3 = 3, S4 = 3. S4 faces N1 = 0 (it
    // was captured): relay, lift S4 (3): S1 = 2, S2 = 1, S3 = 4. S3 faces
    // N2 = 0: relay, lift S3 (4): S4 = 1, S1 = 3, S2 = 2, S3 = 1. S3 was
    // empty: end. South [3,2,1,1] = 7, North 1,0,0,0 = 1: 8 = 7 + 1.
    assert_eq!(play("isolo 1,0,2,1/1,1,0,1 s", "a1"), "isolo 1,0,0,0/3,2,1,1 n");
}

#[test]
fn end_hole_with_two_or_more_is_an_ordinary_capture() {
    // S = [3,0,0,1]; N = N4,N3,N2,N1 = 1,1,0,2 (as the mwipinda case above
    // but N1 = 2). a1: S1 = 4, lift: S1 = 1, S2 = 1, S3 = 1, S4 = 2. S4 faces
    // the end hole N1 = 2: an ordinary capture of 2 (not a mwipinda); first
    // lap, so sown from hole 1: S1 = 2, S2 = 2. S2 faces N3 = 1: capture 1
    // (N3 is not an end hole, so no mwipinda), sown from hole 1 (the lap
    // sowed captured seeds): S1 = 3. S1 faces the end hole N4 = 1: mwipinda,
    // the seed goes into S4 = 3, lifted and sown from hole 1: S1 = 4,
    // S2 = 3, S3 = 2. North's row is now empty, so the turn stops after this
    // lap (see the next test) although S3 was occupied.
    // South [4,3,2,0] = 9 = 8 + 1; captured 2 + 1 + 1 = 4.
    let p = pos("isolo 1,1,0,2/3,0,0,1 s");
    let m = &legal_moves::<Isolo>(&p, None).moves;
    let a1 = m.iter().find(|m| m.choices[0].token() == "a1").unwrap();
    assert_eq!(a1.captured, 4);
    assert_eq!(format(&a1.result), "isolo 0,0,0,0/4,3,2,0 s phase=kucheleka");
}

#[test]
fn emptying_the_opponent_row_ends_the_turn_after_that_lap() {
    // S = [1,1,1,0]; North holds only N3 = 3 (column b).
    // a1: S1 = 1, S2 = 2; S2 faces N3 = 3: capture 3, North's row is empty.
    // The 3 are sown from hole 1: S1 = 2, S2 = 3, S3 = 2; S3 is occupied
    // (it would relay), but the fore-play is over, so the turn ends.
    // South won the fore-play: it arranges its seeds (kucheleka) and so is
    // still to move.
    assert_eq!(play("isolo 0,3,0,0/1,1,1,0 s", "a1"), "isolo 0,0,0,0/2,3,2,0 s phase=kucheleka");
    // In the main game the same move wins the game.
    let won = pos(&play("isolo 0,3,0,0/1,1,1,0 s phase=main", "a1"));
    assert_eq!(format(&won), "isolo 0,0,0,0/2,3,2,0 n phase=main");
    assert_eq!(status::<Isolo>(&won), Status::Won { winner: Side::South, reason: WinReason::RowEmptied });
    assert!(legal_moves::<Isolo>(&won, None).moves.is_empty());
}

#[test]
fn kucheleka_arranges_and_the_winner_moves_first() {
    let p = pos("isolo 0,0,0,0/2,3,2,0 s phase=kucheleka");
    // 7 seeds in 4 holes: C(10, 3) = 120 arrangements, all listed.
    let ms = legal_moves::<Isolo>(&p, None);
    assert_eq!(ms.moves.len(), 120);
    assert!(!ms.truncated);
    // Default: 7 = 4 * 1 + 3, the remainder into holes 1..3: [2,2,2,1].
    assert_eq!(default_arrangement(&p).token(), "k2.2.2.1");
    // The loser gets 2 per hole; South moves first in the main game.
    assert_eq!(play("isolo 0,0,0,0/2,3,2,0 s phase=kucheleka", "k7.0.0.0"), "isolo 2,2,2,2/7,0,0,0 s phase=main");
    assert_eq!(play("isolo 0,0,0,0/2,3,2,0 s phase=kucheleka", "k0.0.0.7"), "isolo 2,2,2,2/0,0,0,7 s phase=main");
    // North as the arranger: the token is in column order like the picture,
    // so k5.0.0.0 puts 5 seeds into column a, which is North's hole 4.
    let q = pos("isolo 1,2,1,1/0,0,0,0 n phase=kucheleka");
    assert_eq!(play("isolo 1,2,1,1/0,0,0,0 n phase=kucheleka", "k5.0.0.0"), "isolo 5,0,0,0/2,2,2,2 n phase=main");
    assert_eq!(default_arrangement(&q).token(), "k1.1.1.2"); // North's hole 1 = column d gets the extra seed
                                                             // Wrong totals and shapes are refused.
    let bad = parse_arrangement("k1.1.1.1", 4).unwrap();
    assert_eq!(arrange(&p, &bad), Err(ArrangeError::WrongTotal { expected: 7, found: 4 }));
    assert!(parse_arrangement("k1.1.1", 4).is_err());
    assert!(parse_move::<Isolo>(&p, "k1.1.1").is_err());
    assert!(explore::play::<Isolo>(&p, &parse_move::<Isolo>(&p, "k1.1.1.1").unwrap()).is_err());
    let start = Position::start(Variant::Isolo);
    assert!(matches!(arrange(&start, &bad), Err(ArrangeError::WrongPhase { .. })));
}

#[test]
fn kucheleka_with_many_seeds_offers_a_sample_and_accepts_any() {
    // 40 seeds in 4 holes: C(43, 3) = 12341 > the enumeration limit.
    let text = "isolo 0,0,0,0/10,10,10,10 s phase=kucheleka";
    let p = pos(text);
    assert!(kucheleka::count(40, 4) > kucheleka::ENUMERATION_LIMIT);
    let listed: Vec<String> = moves(text);
    // The even spread (also the row as it stands), and all in one hole each.
    assert_eq!(listed, ["k0.0.0.40", "k0.0.40.0", "k0.40.0.0", "k10.10.10.10", "k40.0.0.0"]);
    match next_decision::<Isolo>(&p, &[]).unwrap() {
        NextDecision::Decide { options, .. } => assert_eq!(options.len(), 5),
        _ => panic!("expected a decision"),
    }
    // Any valid arrangement through `arrange`.
    let r = arrange(&p, &parse_arrangement("k1.2.3.34", 4).unwrap()).unwrap();
    assert_eq!(format(&r), "isolo 2,2,2,2/1,2,3,34 s phase=main");
    // And through checked play, as any move is played (`Game::unlisted`):
    // the same result, its own canonical form, and a complete step-wise turn.
    let unlisted = parse_move::<Isolo>(&p, "k1.2.3.34").unwrap();
    assert_eq!(format(&explore::play::<Isolo>(&p, &unlisted).unwrap().result), format(&r));
    assert_eq!(explore::canonical::<Isolo>(&p, &unlisted).unwrap(), unlisted);
    match next_decision::<Isolo>(&p, &unlisted).unwrap() {
        NextDecision::Complete { result, .. } => assert_eq!(result, r),
        _ => panic!("expected a complete turn"),
    }
    // An unlisted arrangement that is not valid says why, not which five are listed.
    let wrong = parse_move::<Isolo>(&p, "k1.2.3.4").unwrap();
    let err = explore::play::<Isolo>(&p, &wrong).unwrap_err().to_string();
    assert!(err.contains("places 10 seeds") && err.contains("exactly 40"), "{err}");
    assert!(explore::canonical::<Isolo>(&p, &wrong).is_err());
    // Outside the kucheleka an arrangement is simply not an option.
    let start = Position::start(Variant::Isolo);
    let err = explore::play::<Isolo>(&start, &parse_move::<Isolo>(&start, "k2.2.2.2").unwrap()).unwrap_err();
    assert!(matches!(err, explore::PlayError::NotAnOption { .. }), "{err}");
}

#[test]
fn moves_mirror_between_the_sides() {
    // capture_after_a_relay_lap... with the sides swapped: North's holes
    // 1..4 (d2, c2, b2, a2) hold 1,1,1,1 and South's hole i holds what
    // North's hole i held there (N1..N4 = 2,0,0,1, so the South row reads
    // 2,0,0,1). North plays its hole 1, d2. Worked again from North's side:
    // N1 = 2, lift: N1 = 1, N2 = 2; N2 faces S3 = 0: relay, lift N2: N3 = 2,
    // N4 = 2; N4 faces S1 = 2: capture, sown after the relay hole N2:
    // N3 = 3, N4 = 3; N4 faces S1 = 0: relay (3): N1 = 2, N2 = 1, N3 = 4;
    // N3 faces S2 = 0: relay (4): N4 = 1, N1 = 3, N2 = 2, N3 = 1: end.
    // North N1..N4 = 3,2,1,1, written a..d (N4 first) as 1,1,2,3.
    assert_eq!(play("isolo 1,1,1,1/2,0,0,1 n", "d2"), "isolo 1,1,2,3/0,0,0,1 s");
}
