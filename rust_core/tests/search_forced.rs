//! Forced wins found at the right distance. The positions were found by
//! searching the ends of random games (a one-off tool, `rust_core/examples/find_wins.rs` in git history) and are
//! frozen here; the short ones are re-proved by the plain negamax oracle.

use igisoro_core::board4x8::{notation, Igisoro};
use igisoro_core::explore::play;
use igisoro_core::moves::parse_move;
use igisoro_core::search::{analyse, reference, Evaluate, Limits, Score, StopReason};

const MATE: i32 = 1_000_000;
const WIN_1: &str = "igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s";
const WIN_2: &str = "igisoro 4,5,3,2,4,8,3,1/1,3,5,2,7,3,1,5/0,0,0,0,0,0,0,1/1,1,0,0,0,2,0,2 n";
const WIN_3: &str = "igisoro 0,1,1,1,0,1,1,0/0,0,0,0,0,0,3,3/8,2,3,5,4,9,0,0/2,1,3,4,8,3,1,0 s";

fn win_in(text: &str, turns: u32) {
    let p = notation::parse(text).unwrap();
    let plies = 2 * turns - 1;
    // One ply short of the win: not proven yet.
    if plies > 1 {
        let a = analyse::<Igisoro>(&p, &Limits::depth(plies - 1));
        assert!(!matches!(a.score, Score::Win { .. }), "{}: win already at depth {}: {:?}", text, plies - 1, a.score);
    }
    let a = analyse::<Igisoro>(&p, &Limits::depth(plies + 1));
    assert_eq!(a.score, Score::Win { turns }, "{}", text);
    assert_eq!(a.stopped_by, StopReason::Proven, "a proven win ends the deepening");
    assert_eq!(a.lines[0].value, MATE - plies as i32);
    // The PV plays the win out: after it the loser has no move.
    let mut q = p.clone();
    for mv in &a.pv {
        let choices = parse_move::<Igisoro>(&q, mv).unwrap();
        q = play::<Igisoro>(&q, &choices).unwrap().result;
    }
    assert_eq!(a.pv.len() as u32, plies, "pv {:?}", a.pv);
    assert!(
        matches!(igisoro_core::explore::status::<Igisoro>(&q), igisoro_core::Status::Won { winner, .. } if winner == p.to_move())
    );
    // The side that loses sees the mirror score one ply later.
    let after = play::<Igisoro>(&p, &parse_move::<Igisoro>(&p, &a.pv[0]).unwrap()).unwrap().result;
    let b = analyse::<Igisoro>(&after, &Limits::depth(plies));
    assert_eq!(b.score, Score::Loss { turns: turns - 1 }, "after {}", a.pv[0]);
}

#[test]
fn forced_win_in_1() {
    win_in(WIN_1, 1);
    let p = notation::parse(WIN_1).unwrap();
    assert_eq!(reference::negamax::<Igisoro>(&p, 1, 0, Igisoro::evaluate), MATE - 1);
}

#[test]
fn forced_win_in_2() {
    win_in(WIN_2, 2);
    let p = notation::parse(WIN_2).unwrap();
    assert_eq!(reference::negamax::<Igisoro>(&p, 3, 0, Igisoro::evaluate), MATE - 3);
    assert!(reference::negamax::<Igisoro>(&p, 2, 0, Igisoro::evaluate) < MATE - 10_000);
}

#[test]
fn forced_win_in_3() {
    win_in(WIN_3, 3);
}

// Isolo main-game positions (found by a one-off tool, `rust_core/examples/find_isolo_wins.rs` in git history). In the
// main game turns alternate, so the usual turn counting applies.
const ISOLO_WIN_1: &str = "isolo 2,2,2,2/21,0,0,0 s phase=main";
const ISOLO_WIN_2: &str = "isolo 2,2,2,2/16,1,1,0 n phase=main";
const ISOLO_WIN_3: &str = "isolo 2,2,2,2/15,0,0,2 s phase=main";

fn isolo_win_in(text: &str, turns: u32) {
    use igisoro_core::isolo::{notation, Isolo};
    let p = notation::parse(text).unwrap();
    let plies = 2 * turns - 1;
    if plies > 1 {
        let a = analyse::<Isolo>(&p, &Limits::depth(plies - 1));
        assert!(!matches!(a.score, Score::Win { .. }), "{}: win already at depth {}: {:?}", text, plies - 1, a.score);
    }
    let a = analyse::<Isolo>(&p, &Limits::depth(plies + 1));
    assert_eq!(a.score, Score::Win { turns }, "{}", text);
    assert_eq!(a.lines[0].value, MATE - plies as i32);
    let mut q = p.clone();
    for mv in &a.pv {
        let choices = parse_move::<Isolo>(&q, mv).unwrap();
        q = play::<Isolo>(&q, &choices).unwrap().result;
    }
    assert_eq!(a.pv.len() as u32, plies, "pv {:?}", a.pv);
    assert!(
        matches!(igisoro_core::explore::status::<Isolo>(&q), igisoro_core::Status::Won { winner, .. } if winner == p.to_move())
    );
    let after = play::<Isolo>(&p, &parse_move::<Isolo>(&p, &a.pv[0]).unwrap()).unwrap().result;
    let b = analyse::<Isolo>(&after, &Limits::depth(plies));
    assert_eq!(b.score, Score::Loss { turns: turns - 1 }, "after {}", a.pv[0]);
    // The plain negamax agrees at the win's exact depth.
    if turns <= 2 {
        assert_eq!(reference::negamax::<Isolo>(&p, plies, 0, Isolo::evaluate), MATE - plies as i32);
    }
}

#[test]
fn isolo_forced_wins_in_1_2_3() {
    isolo_win_in(ISOLO_WIN_1, 1);
    isolo_win_in(ISOLO_WIN_2, 2);
    isolo_win_in(ISOLO_WIN_3, 3);
}

#[test]
fn isolo_fore_play_win_is_not_a_game_win() {
    // From the start South empties North's row in one move, but that only
    // wins the fore-play: the match goes on (kucheleka, main game), so the
    // search reports an estimate, not a forced win.
    use igisoro_core::isolo::{Isolo, Position, Variant};
    let a = analyse::<Isolo>(&Position::start(Variant::Isolo), &Limits::depth(1));
    assert!(matches!(a.score, Score::Centiseeds(c) if c > 0), "{:?}", a.score);
}
