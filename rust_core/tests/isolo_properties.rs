//! Property tests on random reachable Isolo positions (random games from the
//! start with 4..8 holes per row, through fore-play, kucheleka and main game).

use crate::isolo_common;
use igisoro_core::explore::{self, legal_moves, next_decision, NextDecision};
use igisoro_core::game::Game;
use igisoro_core::isolo::notation::{format, parse};
use igisoro_core::isolo::{Isolo, Phase, Position, Setup};
use igisoro_core::moves::{format_move, parse_move};
use std::collections::HashSet;

fn positions() -> Vec<Position> {
    isolo_common::random_positions(2026, 40, 300)
}

#[test]
fn random_games_visit_every_phase() {
    let ps = positions();
    for ph in Phase::ALL {
        assert!(ps.iter().any(|p| p.phase() == ph), "no position in phase {}", ph);
    }
    assert!(ps.iter().any(|p| p.winner().is_some()), "no finished game");
}

#[test]
fn seed_total_grows_by_exactly_the_stock() {
    for p in positions() {
        let me = p.to_move();
        let n = p.holes() as u32;
        for m in legal_moves::<Isolo>(&p, None).moves {
            let r = &m.result;
            if p.phase() == Phase::Kucheleka {
                // The arranger keeps its seeds; the loser gets 2 per hole.
                assert_eq!(r.seeds(me), p.seeds(me), "{}", format(&p));
                assert_eq!(r.seeds(me.other()), 2 * n);
                assert_eq!(m.captured, 0);
            } else {
                // One stock seed per move, and captures only move seeds.
                assert_eq!(r.total(), p.total() + 1, "{}", format(&p));
                assert_eq!(r.seeds(me), p.seeds(me) + 1 + m.captured);
                assert_eq!(r.seeds(me.other()) + m.captured, p.seeds(me.other()));
            }
        }
    }
}

#[test]
fn phases_and_turns_follow_the_match() {
    for p in positions() {
        let me = p.to_move();
        for m in legal_moves::<Isolo>(&p, None).moves {
            let r = &m.result;
            match p.phase() {
                Phase::Kucheleka => assert_eq!((r.phase(), r.to_move()), (Phase::Main, me)),
                Phase::ForePlay if r.seeds(me.other()) == 0 => {
                    assert_eq!((r.phase(), r.to_move()), (Phase::Kucheleka, me))
                }
                ph => {
                    assert_eq!((r.phase(), r.to_move()), (ph, me.other()));
                    assert_eq!(r.winner().is_some(), ph == Phase::Main && r.seeds(me.other()) == 0);
                }
            }
        }
    }
}

#[test]
fn notation_round_trips() {
    for p in positions() {
        let text = format(&p);
        assert_eq!(parse(&text).as_ref(), Ok(&p), "{}", text);
        assert_eq!(Position::from_setup(&p.to_setup()).as_ref(), Ok(&p));
        for m in legal_moves::<Isolo>(&p, None).moves {
            let mv = format_move::<Isolo>(&p, &m.choices);
            assert_eq!(parse_move::<Isolo>(&p, &mv).unwrap(), m.choices, "{}", mv);
        }
    }
}

#[test]
fn every_enumerated_move_plays_legally() {
    for p in positions() {
        for m in legal_moves::<Isolo>(&p, None).moves {
            let played = explore::play::<Isolo>(&p, &m.choices)
                .unwrap_or_else(|e| panic!("{} in {}: {}", format_move::<Isolo>(&p, &m.choices), format(&p), e));
            assert_eq!(played.result, m.result);
            assert_eq!(played.captured, m.captured);
            assert_eq!(played.laps, m.laps);
        }
    }
}

#[test]
fn next_decision_agrees_with_legal_moves() {
    for p in positions() {
        if p.winner().is_some() {
            // A decided game offers nothing to choose, like a side with no move.
            match next_decision::<Isolo>(&p, &[]).unwrap() {
                NextDecision::Decide { options, .. } => assert!(options.is_empty()),
                NextDecision::Complete { .. } => panic!("a decided game has no complete move"),
            }
            assert_eq!(next_decision::<Isolo>(&p, &[]).map(|_| ()), Ok(()));
            continue;
        }
        let list = legal_moves::<Isolo>(&p, None).moves;
        let results: HashSet<Position> = list.iter().map(|m| m.result.clone()).collect();
        match next_decision::<Isolo>(&p, &[]).unwrap() {
            NextDecision::Decide { options, .. } => {
                // Every listed move starts with an offered option...
                for m in &list {
                    assert!(options.contains(&m.choices[0]));
                }
                // ...and every offered option finishes in a listed result.
                for &c in &options {
                    let r = explore::play::<Isolo>(&p, &[c]).unwrap().result;
                    assert!(results.contains(&r), "{} in {}", c.token(), format(&p));
                }
                assert_eq!(options.is_empty(), list.is_empty());
            }
            NextDecision::Complete { .. } => panic!("the empty list is never a complete move"),
        }
        for m in &list {
            match next_decision::<Isolo>(&p, &m.choices).unwrap() {
                NextDecision::Complete { result, captured, .. } => {
                    assert_eq!(result, m.result);
                    assert_eq!(captured, m.captured);
                }
                NextDecision::Decide { .. } => panic!("a listed move is complete"),
            }
        }
    }
}

/// The position with the sides swapped (a half turn of the board).
fn mirror(p: &Position) -> Position {
    let s = p.to_setup();
    let rev = |r: &Vec<i64>| r.iter().rev().copied().collect::<Vec<_>>();
    let to_move = s.to_move.other();
    Position::from_setup(&Setup { pits: vec![rev(&s.pits[1]), rev(&s.pits[0])], to_move, ..s }).unwrap()
}

#[test]
fn the_rules_do_not_know_who_moves() {
    for p in positions() {
        let a: HashSet<Position> = legal_moves::<Isolo>(&p, None).moves.iter().map(|m| mirror(&m.result)).collect();
        let b: HashSet<Position> =
            legal_moves::<Isolo>(&mirror(&p), None).moves.into_iter().map(|m| m.result).collect();
        assert_eq!(a, b, "{}", format(&p));
    }
}

#[test]
fn status_and_decided_agree() {
    for p in positions() {
        let st = explore::status::<Isolo>(&p);
        if let Some((w, r)) = Isolo::decided(&p) {
            assert_eq!(st, igisoro_core::Status::Won { winner: w, reason: r });
            assert!(legal_moves::<Isolo>(&p, None).moves.is_empty());
        } else {
            assert_eq!(st, igisoro_core::Status::Ongoing, "{}", format(&p));
        }
    }
}

#[test]
fn traces_account_for_every_seed() {
    use igisoro_core::game::Event;
    for p in positions().into_iter().step_by(3) {
        for m in legal_moves::<Isolo>(&p, None).moves.into_iter().take(20) {
            let played = explore::play::<Isolo>(&p, &m.choices).unwrap();
            let (mut into_hand, mut sown, mut captured) = (0u32, 0u32, 0u32);
            for e in &played.trace {
                match e {
                    Event::Lift { count, .. } | Event::Hand { count } => into_hand += count,
                    Event::Sow { .. } => sown += 1,
                    Event::Capture { count, .. } => captured += count,
                    _ => {}
                }
            }
            assert_eq!(into_hand, sown, "{}", format(&p));
            assert_eq!(captured, m.captured);
        }
    }
}

/// Regression numbers (computed by this engine, not an independent oracle):
/// moves and distinct positions from the start, depths 1..=6.
#[test]
fn perft_from_the_start() {
    let p = Position::start(igisoro_core::isolo::Variant::Isolo);
    let got = explore::perft::<Isolo>(&p, 6);
    // Depth 1: a1, b1 and d1 already win the fore-play (see docs/ISOLO.md),
    // so depth 2 holds the kucheleka arrangements of 17 seeds (C(20, 3) =
    // 1140 each, fewer distinct positions).
    assert_eq!(got, [(4, 4), (3423, 1143), (11640, 2115), (18815, 3624), (60105, 8458), (101808, 10771)]);
}
