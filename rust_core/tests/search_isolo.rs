//! Isolo in the search: turns that do not alternate. After South's first
//! move empties North's row (the fore-play is won), South is to move again
//! for the kucheleka and again for the first main-game move. The search
//! must not negate across those turns; checked by hand at depth 1 and
//! against the plain negamax (which compares sides) at depths 1-3.

use igisoro_core::explore::{legal_moves, play};
use igisoro_core::game::Game;
use igisoro_core::isolo::{notation, Isolo, Phase, Position, Variant};
use igisoro_core::moves::parse_move;
use igisoro_core::search::{analyse, reference, Evaluate, Limits};
use igisoro_core::Side;

#[test]
fn kucheleka_turn_is_searched_without_a_sign_flip() {
    let start = Position::start(Variant::Isolo);
    // By hand, depth 1: a result with South to move again is worth its own
    // evaluation to South; one with North to move, minus North's.
    let mut want = i32::MIN;
    let mut same_side = 0;
    for m in legal_moves::<Isolo>(&start, None).moves {
        let v = if m.result.to_move() == Side::South {
            same_side += 1;
            assert_eq!(m.result.phase(), Phase::Kucheleka);
            Isolo::evaluate(&m.result)
        } else {
            -Isolo::evaluate(&m.result)
        };
        want = want.max(v);
    }
    assert!(same_side > 0, "no fore-play win from the start");
    assert_eq!(reference::negamax::<Isolo>(&start, 1, 0, Isolo::evaluate), want);
    let a = analyse::<Isolo>(&start, &Limits::depth(1));
    assert_eq!(a.lines[0].value, want);
    // Winning the fore-play at once is best (+9 seeds against the loser's fresh row).
    let best =
        play::<Isolo>(&start, &parse_move::<Isolo>(&start, a.best_move.as_ref().unwrap()).unwrap()).unwrap().result;
    assert_eq!(best.phase(), Phase::Kucheleka);
    assert!(want > 500, "{}", want);

    // Depths 2 and 3 run through the kucheleka (same side twice, then
    // three times in a row) and must match the oracle.
    for d in 2..=3 {
        let a = analyse::<Isolo>(&start, &Limits::depth(d));
        assert_eq!(a.truncated_turns, 0);
        assert_eq!(a.lines[0].value, reference::negamax::<Isolo>(&start, d, 0, Isolo::evaluate), "depth {}", d);
    }
}

#[test]
fn kucheleka_position_searched_like_the_oracle() {
    // The kucheleka itself: South arranges 17 seeds (1140 arrangements),
    // then South moves first in the main game.
    let start = Position::start(Variant::Isolo);
    let p = legal_moves::<Isolo>(&start, None)
        .moves
        .into_iter()
        .map(|m| m.result)
        .find(|r| r.phase() == Phase::Kucheleka)
        .unwrap();
    assert_eq!(Isolo::to_move(&p), Side::South);
    for d in 1..=2 {
        let a = analyse::<Isolo>(&p, &Limits::depth(d));
        let want = reference::negamax::<Isolo>(&p, d, 0, Isolo::evaluate);
        assert_eq!(a.lines[0].value, want, "depth {} at {}", d, notation::format(&p));
        // The chosen arrangement leads to a main game with South to move,
        // whose value (not negated) is the root value.
        let mv = a.best_move.unwrap();
        let after = play::<Isolo>(&p, &parse_move::<Isolo>(&p, &mv).unwrap()).unwrap().result;
        assert_eq!(after.phase(), Phase::Main);
        assert_eq!(after.to_move(), Side::South);
        assert_eq!(reference::negamax::<Isolo>(&after, d - 1, 1, Isolo::evaluate), want);
    }
}
