//! Helpers shared by the `isolo_*` integration tests.
#![allow(dead_code)]

use igisoro_core::explore::{self, legal_moves, random_move};
use igisoro_core::isolo::notation::{format, parse};
use igisoro_core::isolo::{Isolo, Position, Rules, Variant};
use igisoro_core::moves::{format_move, parse_move};
use igisoro_core::rng::Rng;

/// A position from its text notation (panics with the reason).
pub fn pos(text: &str) -> Position {
    parse(text).unwrap_or_else(|e| panic!("{}: {:?}", text, e))
}

/// Play a move given in move notation with full checking; the result's notation.
pub fn play(text: &str, mv: &str) -> String {
    let p = pos(text);
    let choices = parse_move::<Isolo>(&p, mv).unwrap_or_else(|e| panic!("{}", e));
    let played = explore::play::<Isolo>(&p, &choices).unwrap_or_else(|e| panic!("{} in {}: {}", mv, text, e));
    format(&played.result)
}

/// The move texts of the legal moves.
pub fn moves(text: &str) -> Vec<String> {
    let p = pos(text);
    legal_moves::<Isolo>(&p, None).moves.iter().map(|m| format_move::<Isolo>(&p, &m.choices)).collect()
}

/// Positions along random games from the start with `holes` holes per row,
/// through the fore-play, the kucheleka and the main game.
pub fn random_positions(seed: u64, games: usize, max_plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let rules = Rules { holes: 4 + (g % 5) as u8 };
        let mut p = Position::start_with(Variant::Isolo, rules);
        out.push(p.clone());
        for _ in 0..max_plies {
            match random_move::<Isolo>(&p, &mut rng) {
                Some((next, _)) => p = next,
                None => break,
            }
            out.push(p.clone());
        }
    }
    out
}
