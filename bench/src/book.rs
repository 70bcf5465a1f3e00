//! The balanced opening book (issue 41, target 5): openings whose deep
//! value is near even, kept as data, so that a match between two engines
//! measures the engines rather than the colours.
//!
//! Why: from random openings of a few plies one colour wins both games of
//! most pairs whoever plays it (480 of 500 pairs in issue 41's match), so a
//! better engine cannot show. An opening that a deep search scores near
//! even leaves the result to the players.
//!
//! A book file is text: `#` comment lines (the command that built it and
//! what the candidates scored), then one opening per line, tab separated:
//! the position's notation, the deep search's win probability for the side
//! to move, its score in seeds, the depth it reached and the candidate's
//! number. Only the notation is read back; the rest says why it is there.

use crate::refset::scripted_plies_4x8;
use igisoro_core::board4x8::{notation, Igisoro, Position};
use igisoro_core::explore::{play, status};
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::{analyse, Limits};
use igisoro_core::Status;
use std::collections::HashSet;

/// One opening of a book, as the builder chose it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The position the pair of games starts from.
    pub position: Position,
    /// The deep search's win probability for the side to move.
    pub wp: f64,
    /// The deep search's score, in seeds (side to move's view).
    pub seeds: f64,
    /// The depth the deep search completed.
    pub depth: u32,
    /// The candidate's index among the builder's seeded openings.
    pub candidate: usize,
}

impl Opening {
    /// The book line of this opening.
    pub fn line(&self) -> String {
        format!(
            "{}\t{:.3}\t{:+.2}\t{}\t{}",
            notation::format(&self.position),
            self.wp,
            self.seeds,
            self.depth,
            self.candidate
        )
    }
}

/// The openings of a book's text, in the file's order. An error names the
/// line that is not an opening.
pub fn parse(text: &str) -> Result<Vec<Position>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let field = l.split('\t').next().unwrap_or_default();
            notation::parse(field).map_err(|e| format!("line {}: {field:?} is not a position: {e}", i + 1))
        })
        .collect()
}

/// The book at `path`, checked to be for the rules of `start` (a book built
/// under other rules would silently measure another game).
pub fn load(path: &str, start: &Position) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("book {path}: {e}"))?;
    let book = parse(&text).map_err(|e| format!("book {path}: {e}"))?;
    if book.is_empty() {
        return Err(format!("book {path} holds no opening"));
    }
    if let Some(p) = book.iter().find(|p| p.rules() != start.rules() || p.variant() != start.variant()) {
        return Err(format!(
            "book {path} is for other rules than the match ({} is not a position of {})",
            notation::format(p),
            notation::format(start)
        ));
    }
    Ok(book)
}

/// The `n` openings a match plays from `book`: its first `n`. An error
/// when the book holds fewer (a match repeating openings would count the
/// same pair twice).
pub fn first(book: &[Position], n: usize) -> Result<Vec<Position>, String> {
    if book.len() < n {
        return Err(format!("the book holds {} openings and the match needs {n} (one per pair)", book.len()));
    }
    Ok(book[..n].to_vec())
}

/// `n` distinct candidate openings of `plies` "sane" random plies from
/// `start` (after Ikibuguzo's scripted opening, whose plies are forced):
/// each ply drawn uniformly among the moves a `depth`-turn search values
/// within `margin` centiseeds of its best. Candidate `k` uses the seed
/// `seed`, `k`; a candidate that repeats another or ends the game is
/// skipped (at most `20 n` tried).
///
/// Why not uniform random plies: a random ply is usually a blunder, so
/// after four of them nine openings in ten are ten seeds or more from
/// even at a search of 200,000 nodes (docs/benchmarks/levels.md), and the
/// book would have to be sifted from a few per cent of the candidates.
/// Plies among the near-best keep the variety (every one of them is drawn,
/// not only the best) without handing one side the game.
pub fn sane_openings(start: &Position, n: usize, plies: u32, seed: u64, depth: u32, margin: i32) -> Vec<Position> {
    let mut out = Vec::with_capacity(n);
    let mut seen = HashSet::new();
    let mut scripted = start.clone();
    for _ in 0..scripted_plies_4x8(start) {
        let a = analyse::<Igisoro>(&scripted, &Limits::depth(1));
        match a.best_move.as_deref().and_then(|m| played(&scripted, m)) {
            Some(q) => scripted = q,
            None => return out,
        }
    }
    for k in 0..20 * n as u64 {
        if out.len() == n {
            break;
        }
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut p = scripted.clone();
        let mut ok = true;
        for _ in 0..plies {
            let all = Limits { multipv: usize::MAX, ..Limits::depth(depth) };
            let a = analyse::<Igisoro>(&p, &all);
            let Some(best) = a.lines.first().map(|l| l.value) else {
                ok = false;
                break;
            };
            let near: Vec<&str> =
                a.lines.iter().filter(|l| l.value >= best.saturating_sub(margin)).map(|l| l.mv.as_str()).collect();
            match played(&p, near[rng.below(near.len())]) {
                Some(q) if status::<Igisoro>(&q) == Status::Ongoing => p = q,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && seen.insert(notation::format(&p)) {
            out.push(p);
        }
    }
    out
}

/// The position after the move `mv` (notation) from `p`.
fn played(p: &Position, mv: &str) -> Option<Position> {
    let choices = parse_move::<Igisoro>(p, mv).ok()?;
    play::<Igisoro>(p, &choices).ok().map(|r| r.result)
}

/// The balanced openings of `scored`: those whose score is within
/// `max_seeds` of even, the closest first (ties by candidate number, so the
/// choice is the same on every run), at most `keep`.
pub fn choose(scored: &[Opening], max_seeds: f64, keep: usize) -> Vec<Opening> {
    let mut near: Vec<Opening> = scored.iter().filter(|o| o.seeds.abs() <= max_seeds).cloned().collect();
    near.sort_by(|a, b| a.seeds.abs().total_cmp(&b.seeds.abs()).then(a.candidate.cmp(&b.candidate)));
    near.truncate(keep);
    near
}

#[cfg(test)]
mod tests {
    use super::*;
    use igisoro_core::board4x8::Variant;

    fn opening(candidate: usize, seeds: f64) -> Opening {
        Opening { position: Position::start(Variant::Igisoro), wp: 0.5, seeds, depth: 5, candidate }
    }

    #[test]
    fn choose_keeps_the_closest_to_even_within_the_band() {
        let scored = [opening(0, 3.0), opening(1, -0.5), opening(2, 0.5), opening(3, 0.1), opening(4, -2.5)];
        let kept: Vec<usize> = choose(&scored, 2.0, 10).iter().map(|o| o.candidate).collect();
        assert_eq!(kept, vec![3, 1, 2]);
        assert_eq!(choose(&scored, 2.0, 2).len(), 2);
    }

    #[test]
    fn a_book_round_trips_and_names_a_bad_line() {
        let o = opening(7, 0.25);
        let text = format!("# made by a test\n{}\n", o.line());
        let book = parse(&text).unwrap();
        assert_eq!(book, vec![o.position.clone()]);
        let err = parse("# c\nnot-a-position\t0.5\n").unwrap_err();
        assert!(err.starts_with("line 2: \"not-a-position\""), "{err}");
        assert!(first(&book, 2).unwrap_err().contains("holds 1 openings and the match needs 2"));
    }

    #[test]
    fn sane_openings_are_distinct_ongoing_and_seeded() {
        let start = Position::start(Variant::Igisoro);
        let a = sane_openings(&start, 5, 2, 7, 2, 100);
        assert_eq!(a.len(), 5);
        assert_eq!(a, sane_openings(&start, 5, 2, 7, 2, 100));
        let texts: HashSet<String> = a.iter().map(notation::format).collect();
        assert_eq!(texts.len(), 5);
        assert!(a.iter().all(|p| status::<Igisoro>(p) == Status::Ongoing && *p != start));
    }

    #[test]
    fn a_book_for_other_rules_is_refused() {
        let path = std::env::temp_dir().join(format!("book-test-{}.txt", std::process::id()));
        std::fs::write(&path, opening(0, 0.0).line()).unwrap();
        let path = path.to_str().unwrap();
        assert!(load(path, &Position::start(Variant::Igisoro)).is_ok());
        let err = load(path, &Position::start(Variant::IgisoroFr)).unwrap_err();
        assert!(err.contains("for other rules"), "{err}");
        let _ = std::fs::remove_file(path);
    }
}
