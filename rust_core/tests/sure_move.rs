//! The cheap sure-move test (`Game::surely_has_move`) that spares a search
//! most of its leaf move checks. It must say yes exactly when some start's
//! first counter-clockwise lap (of under 16 seeds) ends the turn, checked
//! here by playing every start through the rules (`Game::advance`); and
//! `has_legal_move`, which uses it, must agree with the move enumeration.

use igisoro_core::board4x8::rules::Opening;
use igisoro_core::board4x8::{notation, Choice, Igisoro, Pit, Position, Variant};
use igisoro_core::explore::{has_legal_move, legal_moves, random_move};
use igisoro_core::game::{Advance, Game, NoTrace, Point};
use igisoro_core::rng::Rng;

/// Whether starting at local pit `i` and sowing the first lap
/// counter-clockwise (choosing that direction when asked) ends the turn
/// after that one lap, by the rules themselves.
fn one_lap_turn(p: &Position, i: usize) -> bool {
    let root = Igisoro::root(p);
    let start = Choice::Start(Pit::from_local(p.to_move(), i));
    let mut opts = Vec::new();
    match Igisoro::advance(p, &root, start, &mut NoTrace) {
        Advance::Reached(n, laps) => match Igisoro::point(p, &n, &mut opts) {
            Point::Done => laps == 1,
            // A direction to choose before the first lap: counter-clockwise.
            Point::Decide(_) if laps == 0 && opts.contains(&Choice::Ccw) => {
                matches!(Igisoro::advance(p, &n, Choice::Ccw, &mut NoTrace),
                    Advance::Reached(m, 1) if Igisoro::point(p, &m, &mut opts) == Point::Done)
            }
            Point::Decide(_) => false,
        },
        _ => false,
    }
}

#[test]
fn a_sure_move_is_exactly_a_one_lap_turn_and_the_move_check_agrees_with_enumeration() {
    for v in Variant::ALL {
        let mut rng = Rng::new(0x5u64 ^ (v as u64) << 8);
        let (mut sure, mut checked) = (0, 0);
        for _ in 0..150 {
            let mut p = Position::start(v);
            for _ in 0..rng.below(60) {
                // One move is enough to know there is one (and keeps the
                // giant igisoro turns from being enumerated whole).
                let moves = legal_moves::<Igisoro>(&p, Some(1)).moves;
                assert_eq!(has_legal_move::<Igisoro>(&p), !moves.is_empty(), "{v}: move check at {p:?}");
                // Ludii's openings script the move (one start only).
                let scripted = p.opening_plies() > 0
                    && matches!(p.rules().opening, Opening::LudiiOpening1 | Opening::LudiiOpening2);
                if Igisoro::decided(&p).is_none() && !scripted {
                    let row = p.local_pits()[p.to_move().index()];
                    let min = p.rules().min_seeds.max(1);
                    let expected = (0..16).any(|i| row[i] >= min && row[i] < 16 && one_lap_turn(&p, i));
                    assert_eq!(Igisoro::surely_has_move(&p), expected, "{v}: {}", notation::format(&p));
                    sure += expected as u32;
                    checked += 1;
                }
                match random_move::<Igisoro>(&p, &mut rng) {
                    Some((n, _)) => p = n,
                    None => break,
                }
            }
        }
        // Both answers must be exercised, or this proves little.
        assert!(sure * 4 > checked && sure < checked, "{v}: sure {sure} of {checked}");
    }
}

#[test]
fn no_sure_move_without_a_first_lap_into_an_empty_pit() {
    // South: every start pit's first lap lands in an occupied pit (2 seeds
    // each everywhere), so the shortcut says nothing, and the full check
    // still finds the moves.
    let p = notation::parse("igisoro 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s")
        .expect("valid position");
    assert!(!Igisoro::surely_has_move(&p));
    assert!(has_legal_move::<Igisoro>(&p));
}
