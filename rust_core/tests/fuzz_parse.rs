//! Random byte strings and mutated valid texts fed to the parsers: they must
//! return errors, never panic. Seeded, so failures reproduce; small enough to
//! run in well under a second.

use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{next_decision, play};
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;

const PIECES: &[&str] = &[
    "igisoro",
    "igisoro-fr",
    "ikibuguzo-1",
    " ",
    "/",
    ",",
    "=",
    "-",
    "0",
    "4",
    "64",
    "65",
    "999",
    "s",
    "n",
    "opening=",
    "winner=",
    "capture=",
    "reverse_pits=",
    "a1",
    "h4",
    "x",
    "p",
    "r",
    "cw",
    "ccw",
    "\u{e9}",
    "\0",
];

fn random_text(rng: &mut Rng) -> String {
    match rng.below(3) {
        // Raw bytes, made valid UTF-8 the lossy way.
        0 => {
            let n = rng.below(80);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        // Printable ASCII.
        1 => (0..rng.below(60)).map(|_| (b' ' + rng.below(95) as u8) as char).collect(),
        // Notation-like pieces glued together.
        _ => (0..rng.below(20)).map(|_| PIECES[rng.below(PIECES.len())]).collect(),
    }
}

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut b: Vec<u8> = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(b.len().max(1));
        let c = b" ,/=-0123456789snxa"[rng.below(19)];
        match rng.below(3) {
            0 => b.insert(i.min(b.len()), c),
            1 if !b.is_empty() => {
                b.remove(i);
            }
            _ if !b.is_empty() => b[i] = c,
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn notation_parse_never_panics() {
    let mut rng = Rng::new(2024);
    let starts: Vec<String> = Variant::ALL.iter().map(|&v| notation::format(&Position::start(v))).collect();
    for i in 0..20_000 {
        let text = if i % 2 == 0 { random_text(&mut rng) } else { mutate(&starts[rng.below(starts.len())], &mut rng) };
        if let Ok(p) = notation::parse(&text) {
            // Whatever parses must format canonically and parse back.
            assert_eq!(notation::parse(&notation::format(&p)).unwrap(), p, "{:?}", text);
        }
    }
}

#[test]
fn parse_move_and_play_never_panic() {
    let mut rng = Rng::new(99);
    let positions: Vec<Position> = Variant::ALL.iter().map(|&v| Position::start(v)).collect();
    let mut ok = 0;
    for i in 0..20_000 {
        let p = &positions[i % positions.len()];
        let text = if i % 3 == 0 {
            // Short token lists are more likely to be well-formed moves.
            let toks = ["a1", "e2", "h2", "c2", "f3", "x", "p", "r", "n", "cw", "ccw", "zz", ""];
            (0..1 + rng.below(4)).map(|_| toks[rng.below(toks.len())]).collect::<Vec<_>>().join("-")
        } else {
            random_text(&mut rng)
        };
        if let Ok(choices) = parse_move::<Igisoro>(p, &text) {
            ok += 1;
            let _ = play::<Igisoro>(p, &choices);
            let _ = next_decision::<Igisoro>(p, &choices);
        }
    }
    assert!(ok > 100, "the generator should produce some well-formed moves");
}
