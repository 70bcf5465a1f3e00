use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{legal_moves, random_move, status};
use igisoro_core::moves::format_move;
use igisoro_core::rng::Rng;

#[test]
fn smoke() {
    for v in Variant::ALL {
        let p = Position::start(v);
        let ms = legal_moves::<Igisoro>(&p, None);
        println!("{} {} moves: {:?}", v, ms.moves.len(), ms.moves.iter().map(|m| format_move::<Igisoro>(&p, &m.choices)).collect::<Vec<_>>());
        println!("{}", notation::format(&p));
        let mut rng = Rng::new(1);
        let mut q = p.clone();
        let mut plies = 0;
        while let Some((n, _)) = random_move::<Igisoro>(&q, &mut rng) {
            q = n;
            plies += 1;
            if plies > 2000 { break; }
        }
        println!("game over after {} plies: {:?}", plies, status::<Igisoro>(&q));
    }
}
