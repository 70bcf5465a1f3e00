//! Hand-worked scenarios, per variant. Every expected board below was worked
//! out by hand from the seed texts (`shared/seeds/`), the Ludii file and the
//! product reading in `shared/RULES-NOTES.md`, NOT copied from engine output.
//! Each test says which sentence it checks and traces the sowing seed by seed.
//!
//! Conventions used in the traces:
//! - Notation board: row 4 / row 3 / row 2 / row 1, each `a..h`.
//! - South sows counter-clockwise a1 -> h1 -> h2 -> a2 -> a1 (local 0..15:
//!   a1..h1 = 0..7, h2..a2 = 8..15); North h4 -> a4 -> a3 -> h3.
//! - "x: 1->2" means pit x held 1 before the seed and 2 after.
//! - Filler seeds (to reach 64) sit in pits no lap of the scenario touches.

use igisoro_core::board4x8::{notation, Igisoro, Position};
use igisoro_core::explore::{legal_moves, next_decision, play, status, NextDecision, PlayError};
use igisoro_core::moves::{format_move, parse_move};
use igisoro_core::{Actor, Side, Status, WinReason};

fn pos(text: &str) -> Position {
    notation::parse(text).unwrap_or_else(|e| panic!("bad test position {:?}: {:?}", text, e))
}

/// Play `mv` with checking and return the resulting notation.
fn after(p: &Position, mv: &str) -> String {
    let choices = parse_move::<Igisoro>(p, mv).unwrap();
    let played = play::<Igisoro>(p, &choices).unwrap_or_else(|e| panic!("{} not legal: {}", mv, e));
    notation::format(&played.result)
}

/// Canonical notation of every legal move.
fn moves(p: &Position) -> Vec<String> {
    legal_moves::<Igisoro>(p, None).moves.iter().map(|m| format_move::<Igisoro>(p, &m.choices)).collect()
}

/// `mv` is legal, is listed among the legal moves with that exact notation,
/// and leads to `expected`.
fn check(start: &str, mv: &str, expected: &str) {
    let p = pos(start);
    assert_eq!(after(&p, mv), expected, "{} from {}", mv, start);
    let list = legal_moves::<Igisoro>(&p, None);
    let m = list
        .moves
        .iter()
        .find(|m| format_move::<Igisoro>(&p, &m.choices) == mv)
        .unwrap_or_else(|| panic!("{} not listed among {:?}", mv, moves(&p)));
    assert_eq!(notation::format(&m.result), expected);
    // The expected board itself must be a valid position (64 seeds).
    assert_eq!(notation::format(&pos(expected)), expected);
}

/// The next decision after `partial`: (actor, options) or None when complete.
fn decision(p: &Position, partial: &str) -> Option<(Actor, Vec<String>)> {
    let choices = parse_move::<Igisoro>(p, partial).unwrap();
    match next_decision::<Igisoro>(p, &choices).unwrap() {
        NextDecision::Decide { actor, options } => Some((actor, options.iter().map(|c| c.token()).collect())),
        NextDecision::Complete { .. } => None,
    }
}

// ---------------------------------------------------------------------------
// igisoro-fr: "L'igisoro" (seed 003): min 1 seed, obligatory capture,
// captures sown from the lap's origin, a reverse-pit direction kept all turn.
// ---------------------------------------------------------------------------

/// Seed 003, "A. Fin de mouvement": "La cavité d'arrivée du dernier pion
/// était vide. [...] Le tour de jeu est terminé."
/// South lifts d1 (3): e1 1->2, f1 0->1, g1 0->1. g1 was empty: the turn ends.
#[test]
fn fr_a_end_of_move() {
    check(
        "igisoro-fr 7,7,7,7,7,7,7,6/0,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0/0,0,0,3,1,0,0,0 s",
        "d1",
        "igisoro-fr 7,7,7,7,7,7,7,6/0,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0/0,0,0,0,2,1,1,0 n",
    );
}

/// Seed 003, "B. Poursuite de mouvement": "Le dernier pion arrive dans une
/// cavité qui contenait déjà 3 pions." / "La cavité d'arrivée devient cavité
/// d'origine d'un nouveau mouvement."
/// Lap 1, d1 (3): e1 0->1, f1 0->1, g1 3->4 (occupied, outer row: relay).
/// Lap 2, g1 (4): h1 0->1, h2 0->1, g2 0->1, f2 0->1 (was empty: end).
#[test]
fn fr_b_relay() {
    check(
        "igisoro-fr 7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,0/5,0,0,0,0,0,0,0/0,0,0,3,0,0,3,0 s",
        "d1",
        "igisoro-fr 7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,0/5,0,0,0,0,1,1,1/0,0,0,0,1,1,0,1 n",
    );
}

/// Board shared by the capture scenarios of igisoro-fr, igisoro and
/// ikibuguzo-1: South e1=2, g1=2, g2=1 (b1=5 filler); North g3=2, g4=3.
const CAPTURE_BOARD: &str = "7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,0,0,1,0/0,5,0,0,2,0,2,0";

/// Seed 003, "C. Poursuite de mouvement avec prise": "Si la cavité d'arrivée
/// est dans la rangée centrale et que les 2 cavités adverses opposées [...]
/// contiennent chacune au moins un pion, le joueur B prend les pions [...] Il
/// va ensuite semer ces pions [...] dans les cases suivant directement la case
/// d'origine." and "On est obligé de prendre." RULES-NOTES: `lap_start`.
/// Lap 1, e1 (2): f1 0->1, g1 2->3 (outer, relay).
/// Lap 2, g1 (3): h1 0->1, h2 0->1, g2 1->2: inner, g3=2 and g4=3 occupied:
///   capture 5 (no choice: obligatory). g3=g4=0.
/// Lap 3: the 5 go to the lap's origin g1 (empty) and are sown from there:
///   h1 1->2, h2 1->2, g2 2->3, f2 0->1, e2 0->1 (was empty: end).
/// (Sowing from the turn's start e1 instead would give a different board, see
/// `mw_capture_sown_from_turn_start`.)
#[test]
fn fr_c_capture_sown_after_lap_origin() {
    let start = format!("igisoro-fr {} s", CAPTURE_BOARD);
    check(&start, "e1", "igisoro-fr 7,7,7,7,7,7,0,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,3,2/0,5,0,0,0,1,0,2 n");
    // Obligatory: "e1" alone is a complete move, nobody is asked anything.
    let p = pos(&start);
    assert_eq!(decision(&p, "e1"), None);
    assert!(!moves(&p).iter().any(|m| m.contains("-p") || m.contains("-x")));
}

/// Seed 003, "Cas particulier": "Ces cavités donnent le choix du sens de
/// mouvement. Le sens choisi doit être conservé dans les déplacements et les
/// prises, durant tout le tour." RULES-NOTES: `whole_turn`.
/// South b2=2, d2=1 (c1=5 filler); North d3=1, d4=1, a3=5.
/// b2-cw: clockwise from b2 runs c2, d2, e2, ... (towards h2, then h1 -> a1).
///   Lap 1, b2 (2) cw: c2 0->1, d2 1->2: inner, d3=1, d4=1: capture 2.
///   Lap 2: the 2 go into the lap origin b2 (empty) and are sown, still cw:
///     c2 1->2, d2 2->3: d3, d4 now empty: relay.
///   Lap 3, d2 (3), still cw although d2 is no reverse pit: e2 0->1, f2 0->1,
///     g2 0->1 (was empty: end).
/// b2-ccw: a2 0->1, a1 0->1 (was empty: end).
#[test]
fn fr_reverse_direction_kept_for_the_whole_turn() {
    let start = "igisoro-fr 7,7,7,1,7,7,7,7/5,0,0,1,0,0,0,0/0,2,0,1,0,0,0,0/0,0,5,0,0,0,0,0 s";
    let p = pos(start);
    assert_eq!(decision(&p, "b2"), Some((Actor::Mover, vec!["ccw".into(), "cw".into()])));
    check(start, "b2-cw", "igisoro-fr 7,7,7,0,7,7,7,7/5,0,0,0,0,0,0,0/0,0,2,0,1,1,1,0/0,0,5,0,0,0,0,0 n");
    check(start, "b2-ccw", "igisoro-fr 7,7,7,1,7,7,7,7/5,0,0,1,0,0,0,0/1,0,0,1,0,0,0,0/1,0,5,0,0,0,0,0 n");
    // The direction is asked once, at the start; later laps are not asked.
    assert_eq!(decision(&p, "b2-cw"), None);
}

/// Seed 003: the start ("Les cavités des deux rangées centrales reçoivent
/// quatre pions chacune") and "A chaque tour, le joueur prend tous les pions
/// d'une cavité au choix": h2 (4): g2 4->5, f2 4->5, e2 4->5, d2 4->5; d2 is
/// inner but d4 is empty (no capture): relay d2 (5): c2 4->5, b2 4->5,
/// a2 4->5, a1 0->1, b1 0->1 (was empty: end).
#[test]
fn fr_first_move_from_start() {
    check(
        "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s",
        "h2",
        "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/5,5,5,0,5,5,5,0/1,1,0,0,0,0,0,0 n",
    );
}

// ---------------------------------------------------------------------------
// igisoro: Mancala World (seed 000): min 2 seeds, optional capture with pass
// and retreat, captures sown from the turn's start pit, clockwise only for a
// capture from a reverse pit, no capture in the 4 opening plies.
// ---------------------------------------------------------------------------

/// Seed 000: "When the player chooses to pick up his opponents seeds, the
/// sowing begins again from the pit where the player originally began his
/// turn." RULES-NOTES `turn_start`: the captured seeds alone, from the pit
/// after the start pit.
/// Lap 1, e1 (2): f1 0->1, g1 2->3 (outer, relay).
/// Lap 2, g1 (3): h1 0->1, h2 0->1, g2 1->2: g3=2, g4=3: opportunity; x.
/// Lap 3: 5 captured seeds sown after e1 (e1 itself is not lifted):
///   f1 1->2, g1 0->1, h1 1->2, h2 1->2, g2 2->3: g3, g4 now empty: relay.
/// Lap 4, g2 (3): a reverse pit, but clockwise (h2, h1, g1) ends in the outer
///   row, no capture, so counter-clockwise without asking:
///   f2 0->1, e2 0->1, d2 0->1 (was empty: end).
#[test]
fn mw_capture_sown_from_turn_start() {
    check(
        &format!("igisoro {} s", CAPTURE_BOARD),
        "e1-x",
        "igisoro 7,7,7,7,7,7,0,7/0,0,0,0,0,0,0,0/0,0,0,1,1,1,0,2/0,5,0,0,0,2,1,2 n",
    );
}

/// Seed 000: "If the player in his turn chooses not to pick up his opponents
/// seeds, he has to say it: "I pass" (ndahise). To which the opponent may
/// reply "I retreat" (ndakubye) [...] by picking the seeds in his pit at the
/// inner row and adding them to his adjacent pit in the outer row".
/// After e1 and the relay of g1 (see above), the last seed is in g2 (2) with
/// g3=2, g4=3. Pass; then North decides:
/// - n: nothing moves on North's side;
/// - r: g3 (2) goes to g4: g4 3->5, g3 0.
///
/// Either way South relays g2 (2) (clockwise h2, h1 ends outside: ccw):
///   f2 0->1, e2 0->1 (was empty: end).
#[test]
fn mw_pass_and_retreat_is_the_opponents_decision() {
    let start = format!("igisoro {} s", CAPTURE_BOARD);
    let p = pos(&start);
    assert_eq!(decision(&p, "e1"), Some((Actor::Mover, vec!["p".into(), "x".into()])));
    assert_eq!(decision(&p, "e1-p"), Some((Actor::Opponent, vec!["n".into(), "r".into()])));
    assert_eq!(decision(&p, "e1-p-r"), None);
    check(&start, "e1-p-n", "igisoro 7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n");
    check(&start, "e1-p-r", "igisoro 7,7,7,7,7,7,5,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n");
    // "e1-p" alone is incomplete, and the opponent's answer is not the mover's.
    let c = parse_move::<Igisoro>(&p, "e1-p").unwrap();
    match play::<Igisoro>(&p, &c) {
        Err(PlayError::Incomplete { actor, options, .. }) => {
            assert_eq!(actor, Actor::Opponent);
            assert_eq!(options, vec!["n".to_string(), "r".to_string()]);
        }
        other => panic!("expected Incomplete, got {:?}", other.map(|p| p.result)),
    }
}

/// The step-wise API on the retreat scenario, from the empty list: the mover
/// picks e1 and passes, then the OPPONENT (North) is the actor.
#[test]
fn mw_stepwise_retreat_actor_is_opponent() {
    let p = pos(&format!("igisoro {} s", CAPTURE_BOARD));
    let (actor, starts) = decision(&p, "").unwrap();
    assert_eq!(actor, Actor::Mover);
    // min 2 seeds: b1 (5), e1 (2), g1 (2); the singleton g2 cannot start.
    assert_eq!(starts, vec!["b1", "e1", "g1"]);
    let (actor, opts) = decision(&p, "e1-p").unwrap();
    assert_eq!(actor, Actor::Opponent);
    assert_eq!(opts, vec!["n", "r"]);
    let c = parse_move::<Igisoro>(&p, "e1-p-r").unwrap();
    match next_decision::<Igisoro>(&p, &c).unwrap() {
        NextDecision::Complete { result, captured, .. } => {
            assert_eq!(captured, 0);
            assert_eq!(
                notation::format(&result),
                "igisoro 7,7,7,7,7,7,5,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n"
            );
        }
        _ => panic!("e1-p-r should be complete"),
    }
}

/// Seed 000: "After the second move seeds can be captured" with kuvuna and
/// kwivunura of each side (RULES-NOTES: no capture in the first 4 plies).
/// Same board with opening=4: at g2 (2) facing g3=2, g4=3 there is no capture
/// opportunity, the last seed in an occupied pit relays: g2 (2): f2 0->1,
/// e2 0->1 (end). Same board as pass/no-retreat; the opening counter drops.
#[test]
fn mw_no_capture_in_the_opening() {
    let start = format!("igisoro {} s opening=4", CAPTURE_BOARD);
    let p = pos(&start);
    assert_eq!(decision(&p, "e1"), None);
    check(&start, "e1", "igisoro 7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n opening=3");
    for m in legal_moves::<Igisoro>(&p, None).moves {
        assert_eq!(m.captured, 0);
    }
    // opening=1: still no capture; opening=0 (main phase): the choice is back.
    let p1 = pos(&format!("igisoro {} s opening=1", CAPTURE_BOARD));
    assert_eq!(decision(&p1, "e1"), None);
    assert_eq!(after(&p1, "e1"), "igisoro 7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n");
}

/// Seed 000, start: "four seeds [...] in each pit in the inner row". First
/// move h2 (4): g2 4->5, f2 4->5, e2 4->5, d2 4->5 (relay, no capture: opening,
/// and d4 is empty anyway); d2 (5): c2 4->5, b2 4->5, a2 4->5, a1 0->1,
/// b1 0->1 (was empty: end). 3 opening plies left.
#[test]
fn mw_first_move_from_start() {
    check(
        "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4",
        "h2",
        "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/5,5,5,0,5,5,5,0/1,1,0,0,0,0,0,0 n opening=3",
    );
    let p = pos("igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4");
    assert_eq!(notation::format(&Position::start(igisoro_core::board4x8::Variant::Igisoro)), notation::format(&p));
}

/// Seed 000: "Only for a direct pick or catch, a player starting from, or
/// arriving at the pits highlighted [...] may choose to move clockwise".
/// RULES-NOTES `capture_only`: a lap from a reverse pit (a1, h1, b2, g2) may
/// go clockwise only if its last seed makes a capture opportunity, which is
/// then taken (even though capture is optional in this variant).
/// South b2=2, d2=1, f1=6; North d3=1, d4=1 (h3=4 filler).
/// b2-cw: c2 0->1, d2 1->2, opposite d3, d4 occupied: capture 2 (forced).
///   The capture lap starts at the turn's start b2 (turn_start): clockwise it
///   would end in d2 facing two empty pits, so ccw without asking:
///   a2 0->1, a1 0->1 (was empty: end).
/// b2-ccw: a2 0->1, a1 0->1 (end).
/// f1 is not a reverse pit: no direction question. f1 (6): g1 0->1, h1 0->1,
///   h2 0->1, g2 0->1, f2 0->1, e2 0->1 (end).
#[test]
fn mw_clockwise_only_for_a_capture_from_reverse_pits() {
    let start = "igisoro 7,7,7,1,7,7,7,7/0,0,0,1,0,0,0,4/0,2,0,1,0,0,0,0/0,0,0,0,0,6,0,0 s";
    let p = pos(start);
    assert_eq!(decision(&p, "b2"), Some((Actor::Mover, vec!["ccw".into(), "cw".into()])));
    assert_eq!(decision(&p, "b2-cw"), None, "a clockwise capture is taken without a choice");
    assert_eq!(decision(&p, "f1"), None);
    check(start, "b2-cw", "igisoro 7,7,7,0,7,7,7,7/0,0,0,0,0,0,0,4/1,0,1,2,0,0,0,0/1,0,0,0,0,6,0,0 n");
    check(start, "b2-ccw", "igisoro 7,7,7,1,7,7,7,7/0,0,0,1,0,0,0,4/1,0,0,1,0,0,0,0/1,0,0,0,0,6,0,0 n");
    check(start, "f1", "igisoro 7,7,7,1,7,7,7,7/0,0,0,1,0,0,0,4/0,2,0,1,1,1,1,1/0,0,0,0,0,0,1,1 n");
    // min 2: the singleton d2 is no start.
    assert_eq!(moves(&p), vec!["f1", "b2-ccw", "b2-cw"]);
}

/// h1 is a reverse pit in Igisoro (seed 000's grey pits) but not in
/// Ikibuguzo (Ludii: only LeftMostOuter a1 and SecondLeftInner b2).
/// South h1=8, a2=1; North a3=1, a4=1.
/// igisoro h1-cw: g1, f1, e1, d1, c1, b1, a1 0->1 each, a2 1->2: a3, a4
///   occupied: capture 2 (forced). Sown after the start h1; clockwise would
///   end at f1 (outer, no capture) so ccw: h2 0->1, g2 0->1 (end).
#[test]
fn mw_h1_is_a_reverse_pit() {
    let start = "igisoro 1,7,7,7,7,7,7,11/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,8 s";
    let p = pos(start);
    assert_eq!(decision(&p, "h1"), Some((Actor::Mover, vec!["ccw".into(), "cw".into()])));
    check(start, "h1-cw", "igisoro 0,7,7,7,7,7,7,11/0,0,0,0,0,0,0,0/2,0,0,0,0,0,1,1/1,1,1,1,1,1,1,0 n");
}

/// Seed 000: "a pit in their territory containing at least two seeds" versus
/// seed 001: "a pit containing seeds". A South with only singletons (a1..h1)
/// cannot move in igisoro ("a player has lost when he cannot sow any of his
/// seeds"); in igisoro-wikipedia it can:
/// a1 (1): b1 1->2 relay; b1 (2): c1 1->2, d1 1->2 relay; d1 (2): e1 1->2,
/// f1 1->2 relay; f1 (2): g1 1->2, h1 1->2 relay; h1 (2) (clockwise g1, f1
/// would not capture): h2 0->1, g2 0->1 (end).
#[test]
fn min_two_seeds_mancala_world_vs_one_wikipedia() {
    let board = "7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1";
    let mw = pos(&format!("igisoro {} s", board));
    assert!(moves(&mw).is_empty());
    assert_eq!(status::<Igisoro>(&mw), Status::Won { winner: Side::North, reason: WinReason::NoLegalMove });
    let wp = pos(&format!("igisoro-wikipedia {} s", board));
    assert_eq!(moves(&wp), vec!["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]);
    assert_eq!(status::<Igisoro>(&wp), Status::Ongoing);
    check(
        &format!("igisoro-wikipedia {} s", board),
        "a1",
        "igisoro-wikipedia 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1/0,0,2,0,2,0,2,0 n",
    );
}

// ---------------------------------------------------------------------------
// igisoro-wikipedia (seed 001): start in the outer row, min 1, no opening.
// ---------------------------------------------------------------------------

/// Seed 001: "Each player starts with 4 seeds in each pit in the back row".
/// a1 (4): b1 4->5, c1 4->5, d1 4->5, e1 4->5 (relay; a1 is a reverse pit
/// but clockwise a2, b2, c2, d2 ends in an empty inner pit: no capture);
/// e1 (5): f1 4->5, g1 4->5, h1 4->5, h2 0->1, g2 0->1 (end).
#[test]
fn wikipedia_first_move_from_start() {
    check(
        "igisoro-wikipedia 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s",
        "a1",
        "igisoro-wikipedia 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,1/0,5,5,5,0,5,5,5 n",
    );
}

/// Seed 001 has no opening restriction: the capture board offers the choice
/// at once, and the capture is sown from the turn's start as in seed 000.
#[test]
fn wikipedia_capture_and_retreat() {
    let start = format!("igisoro-wikipedia {} s", CAPTURE_BOARD);
    let p = pos(&start);
    assert_eq!(decision(&p, "e1"), Some((Actor::Mover, vec!["p".into(), "x".into()])));
    check(&start, "e1-x", "igisoro-wikipedia 7,7,7,7,7,7,0,7/0,0,0,0,0,0,0,0/0,0,0,1,1,1,0,2/0,5,0,0,0,2,1,2 n");
    check(&start, "e1-p-r", "igisoro-wikipedia 7,7,7,7,7,7,5,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n");
}

// ---------------------------------------------------------------------------
// ikibuguzo-1: Ludii "Ikibuguzo (Opening 1).lud" (seed 002).
// ---------------------------------------------------------------------------

/// Ludii start: B1, G4 = 6; H1, A4 = 17; G2, E2, C2, B3, D3, F3 = 3. Then
/// FirstMove/SecondMove/ThirdMove: P1 sites 10, 12, 14 (c2, e2, g2), P2 sites
/// 21, 19, 17 (f3, d3, b3); each sows 2 into the next hole on TrackCCW and 1
/// into the one after. South's TrackCCW1 "0,E,N1,W": after c2 come b2, a2;
/// North's TrackCCW2 "16,E,N1,W": after f3 come g3, h3.
/// 1. c2: b2 0->2, a2 0->1.   2. f3: g3 0->2, h3 0->1.
/// 3. e2: d2 0->2, c2 0->1.   4. d3: e3 0->2, f3 0->1.
/// 5. g2: f2 0->2, e2 0->1.   6. b3: c3 0->2, d3 0->1.
#[test]
fn ikibuguzo_scripted_opening() {
    let boards = [
        ("c2", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,3,0,0/0,0,3,0,3,0,3,0/0,6,0,0,0,0,0,17 s opening=6"),
        ("f3", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,3,0,0/1,2,0,0,3,0,3,0/0,6,0,0,0,0,0,17 n opening=5"),
        ("e2", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,0,2,1/1,2,0,0,3,0,3,0/0,6,0,0,0,0,0,17 s opening=4"),
        ("d3", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,0,2,1/1,2,1,2,0,0,3,0/0,6,0,0,0,0,0,17 n opening=3"),
        ("g2", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,0,2,1,2,1/1,2,1,2,0,0,3,0/0,6,0,0,0,0,0,17 s opening=2"),
        ("b3", "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,0,2,1,2,1/1,2,1,2,1,2,0,0/0,6,0,0,0,0,0,17 n opening=1"),
    ];
    let end = "ikibuguzo-1 17,0,0,0,0,0,6,0/0,0,2,1,2,1,2,1/1,2,1,2,1,2,0,0/0,6,0,0,0,0,0,17 s";
    let mut p = Position::start(igisoro_core::board4x8::Variant::Ikibuguzo1);
    for (i, (mv, board)) in boards.iter().enumerate() {
        assert_eq!(notation::format(&p), *board, "before ply {}", i + 1);
        assert_eq!(moves(&p), vec![mv.to_string()], "ply {} is scripted", i + 1);
        let next = if i + 1 < boards.len() { boards[i + 1].1 } else { end };
        assert_eq!(after(&p, mv), next, "after ply {}", i + 1);
        p = pos(next);
    }
    assert_eq!(p.opening_plies(), 0);
    assert!(moves(&p).len() > 1, "the main phase offers a choice");
}

/// Ludii: "(fromTo (from (OppositePit (to))) (to (last From)) ...)" then
/// replay from (last From): the captured seeds go to the pit the capturing
/// lap was lifted from, and capture is obligatory (no pass move exists).
/// Same trace as `fr_c_capture_sown_after_lap_origin`:
/// e1 (2): f1 0->1, g1 2->3 relay; g1 (3): h1, h2 0->1, g2 1->2 capture 5
/// into g1 (0->5); g1 (5): h1 1->2, h2 1->2, g2 2->3, f2 0->1, e2 0->1 (end).
#[test]
fn ikibuguzo_capture_added_to_lap_origin() {
    let start = format!("ikibuguzo-1 {} s", CAPTURE_BOARD);
    let p = pos(&start);
    assert_eq!(decision(&p, "e1"), None);
    check(&start, "e1", "ikibuguzo-1 7,7,7,7,7,7,0,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,3,2/0,5,0,0,0,1,0,2 n");
}

/// Ikibuguzo h1 is no reverse pit: same board as `mw_h1_is_a_reverse_pit`,
/// no direction question, counter-clockwise, obligatory captures to the lap
/// origin:
/// h1 (8): h2, g2, f2, e2, d2, c2, b2 0->1, a2 1->2: capture a3+a4 = 2 into
///   h1 (0->2); h1 (2): h2 1->2, g2 1->2 (g3 empty: relay); g2 (2): f2 1->2,
///   e2 1->2 relay; e2 (2): d2 1->2, c2 1->2 relay; c2 (2): b2 1->2,
///   a2 2->3 (a3, a4 now empty: relay); a2 (3): a1 0->1, b1 0->1, c1 0->1 (end).
#[test]
fn ikibuguzo_h1_is_not_a_reverse_pit() {
    let start = "ikibuguzo-1 1,7,7,7,7,7,7,11/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,8 s";
    let p = pos(start);
    assert_eq!(decision(&p, "h1"), None);
    check(start, "h1", "ikibuguzo-1 0,7,7,7,7,7,7,11/0,0,0,0,0,0,0,0/0,2,0,2,0,2,0,2/1,1,1,0,0,0,0,0 n");
}

/// Ludii: "each player has two hole from which clockwise plays can be made
/// [...] only [...] if they immediately lead to a capture"; North's are h4
/// and g3 (Ludii's LeftMostOuter P2 = 31 = h4, SecondLeftInner P2 = 22 = g3).
/// Mirror image of the b2 scenario, North to move: g3=2, e3=1, c4=6; South
/// e2=1, e1=1. North's clockwise from g3 runs f3, e3, d3, ...
/// g3-cw: f3 0->1, e3 1->2: e2, e1 occupied: capture 2 into g3 (0->2); that
///   lap starts at g3 again, clockwise would end at e3 facing empty pits, so
///   ccw: h3 0->1, h4 0->1 (end).
/// g3-ccw: h3 0->1, h4 0->1 (end).
#[test]
fn ikibuguzo_north_clockwise_capture_from_g3() {
    let start = "ikibuguzo-1 0,0,6,0,0,0,0,0/0,0,0,0,1,0,2,0/4,0,0,0,1,0,0,0/7,7,7,7,1,7,7,7 n";
    let p = pos(start);
    assert_eq!(decision(&p, "g3"), Some((Actor::Mover, vec!["ccw".into(), "cw".into()])));
    check(start, "g3-cw", "ikibuguzo-1 0,0,6,0,0,0,0,1/0,0,0,0,2,1,0,1/4,0,0,0,0,0,0,0/7,7,7,7,0,7,7,7 s");
    check(start, "g3-ccw", "ikibuguzo-1 0,0,6,0,0,0,0,1/0,0,0,0,1,0,0,1/4,0,0,0,1,0,0,0/7,7,7,7,1,7,7,7 s");
}

/// The same b2 scenario as `mw_clockwise_only_for_a_capture_from_reverse_pits`
/// under Ikibuguzo (South b2 is SecondLeftInner): b2-cw captures d3+d4 = 2
/// into b2 (lap_start = turn start here), which clockwise would not capture
/// again, so a2 0->1, a1 0->1.
#[test]
fn ikibuguzo_south_clockwise_capture_from_b2() {
    let start = "ikibuguzo-1 7,7,7,1,7,7,7,7/0,0,0,1,0,0,0,4/0,2,0,1,0,0,0,0/0,0,0,0,0,6,0,0 s";
    let p = pos(start);
    assert_eq!(decision(&p, "b2"), Some((Actor::Mover, vec!["ccw".into(), "cw".into()])));
    check(start, "b2-cw", "ikibuguzo-1 7,7,7,0,7,7,7,7/0,0,0,0,0,0,0,4/1,0,1,2,0,0,0,0/1,0,0,0,0,6,0,0 n");
}

/// Seed 002: "A player may also win by capturing the counters from both of
/// the opponent's end holes in the inner row in a single turn."
/// South c2=2, a2=1, h2=1; North a3=1, a4=10, h3=1, h4=1.
/// c2 (2): b2 0->1, a2 1->2: capture a3+a4 = 11 into c2 (0->11).
/// c2 (11): b2 1->2, a2 2->3, a1, b1, c1, d1, e1, f1, g1, h1 0->1, h2 1->2:
///   capture h3+h4 = 2 into c2 (0->2). Both inner end pits a3, h3 taken.
/// c2 (2): b2 2->3, a2 3->4 (a3/a4 empty now: relay); a2 (4): a1 1->2,
///   b1 1->2, c1 1->2, d1 1->2 relay; d1 (2): e1 1->2, f1 1->2 relay;
///   f1 (2): g1 1->2, h1 1->2 relay; h1 (2): h2 2->3, g2 0->1 (end).
/// South wins; with end_pits_win=false the same board, no winner.
#[test]
fn ikibuguzo_end_pits_win() {
    let start = "ikibuguzo-1 10,7,7,7,7,7,7,1/1,0,0,5,0,0,0,1/1,0,2,0,0,0,0,1/0,0,0,0,0,0,0,0 s";
    let board_after = "0,7,7,7,7,7,7,0/0,0,0,5,0,0,0,0/0,3,0,0,0,0,1,3/2,2,2,0,2,0,2,0";
    check(start, "c2", &format!("ikibuguzo-1 {} n winner=s", board_after));
    let won = pos(&format!("ikibuguzo-1 {} n winner=s", board_after));
    assert_eq!(status::<Igisoro>(&won), Status::Won { winner: Side::South, reason: WinReason::EndPitsCaptured });
    assert!(moves(&won).is_empty());
    check(&format!("{} end_pits_win=false", start), "c2", &format!("ikibuguzo-1 {} n end_pits_win=false", board_after));
}

// ---------------------------------------------------------------------------
// Endless turns (RULES-NOTES "Endless turns"), found by a small search and
// checked by hand as below.
// ---------------------------------------------------------------------------

/// South: odd local pits (b1, d1, f1, h1, g2, e2, c2, a2) hold 1, e1 holds 3,
/// the rest 0; North's inner row is empty, so no capture (hence no clockwise
/// lap) is ever possible and only the relays matter.
/// e1 (3): f1 1->2, g1 0->1, h1 1->2 relay. Each relay then lifts 2 seeds from
/// an odd pit k: k+1 (even) 0->1, k+2 (odd) 1->2, relay k+2: h1 -> g2 -> e2
/// -> c2 -> a2 -> b1 -> d1; d1 (2): e1 0->1, f1 2->3 relay. After these 8
/// laps every even pit holds 1, every odd pit 0, and f1's 3 seeds are lifted:
/// the start state shifted by one pit. 16 such shifts (128 laps) give back
/// the start state exactly, so the turn never ends.
const ENDLESS_BOARD: &str = "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0/0,1,0,1,3,1,0,1";

/// igisoro-fr (min 1): e1 is endless and no legal move; the singletons are.
/// b1 (1): c1 0->1 (end).
#[test]
fn endless_start_is_not_a_legal_move() {
    let start = format!("igisoro-fr {} s", ENDLESS_BOARD);
    let p = pos(&start);
    let ms = moves(&p);
    assert!(!ms.iter().any(|m| m.starts_with("e1")), "{:?}", ms);
    assert_eq!(ms.len(), 8 + 2, "8 singletons, h1 and g2 asking ccw/cw: {:?}", ms);
    let (_, starts) = decision(&p, "").unwrap();
    assert!(!starts.contains(&"e1".to_string()));
    let c = parse_move::<Igisoro>(&p, "e1").unwrap();
    assert!(matches!(play::<Igisoro>(&p, &c), Err(PlayError::Endless { .. } | PlayError::Repeats { .. })));
    assert!(next_decision::<Igisoro>(&p, &c).is_err());
    check(&start, "b1", "igisoro-fr 7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0/0,0,1,1,3,1,0,1 n");
}

/// igisoro (min 2): e1 is South's only start and it is endless: South has no
/// legal move and loses ("a player has lost when he cannot sow").
#[test]
fn only_endless_starts_means_no_move_and_a_loss() {
    let p = pos(&format!("igisoro {} s", ENDLESS_BOARD));
    assert!(moves(&p).is_empty());
    assert_eq!(status::<Igisoro>(&p), Status::Won { winner: Side::North, reason: WinReason::NoLegalMove });
    match next_decision::<Igisoro>(&p, &[]).unwrap() {
        NextDecision::Decide { options, .. } => assert!(options.is_empty()),
        _ => panic!("root is a decision"),
    }
    // Same for Ikibuguzo (min 2, no capture possible here either).
    let k = pos(&format!("ikibuguzo-1 {} s", ENDLESS_BOARD));
    assert!(moves(&k).is_empty());
    assert_eq!(status::<Igisoro>(&k), Status::Won { winner: Side::North, reason: WinReason::NoLegalMove });
}
