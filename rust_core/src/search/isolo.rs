//! The search's three game hooks for Isolo ([`crate::isolo::Isolo`]):
//! evaluation, Zobrist keys and move keys. With them `Isolo` is a
//! [`super::Engine`] and every search entry point works for it unchanged.
//!
//! Isolo differs from the 4x8 family in ways the search has to respect:
//! - Turns do not strictly alternate: the fore-play's winner plays the last
//!   fore-play move, the kucheleka (a turn of its own) and the first
//!   main-game move in a row. The search takes the side to move of every
//!   position from `Game::to_move` and negates a child's value only when
//!   the side changes (`Searcher::result_value`, `reference::negamax`).
//! - Counts are `u16` and the board's total grows by one stock seed per
//!   move (and by `2n` at the kucheleka), up to `isolo::MAX_TOTAL`, so a
//!   hole can hold thousands of seeds: the Zobrist key hashes counts rather
//!   than keeping one key per (hole, count).
//!
//! # Evaluation terms (side to move's view, centiseeds), and why
//!
//! - **material** (100 per seed of margin in the two rows): captures move
//!   whole holes from the loser's row to the winner's and a player whose
//!   row is emptied loses, so seeds in my row against seeds in yours is the
//!   game's currency, in the same units as the 4x8 evaluation ("+3.00" =
//!   three seeds up). Every move also adds one stock seed to the mover's
//!   row, which this term sees as a small tempo bonus. In the fore-play the
//!   winner keeps its seeds for the main game, so the margin matters there
//!   too. In the kucheleka phase the loser's empty row is counted as what
//!   it is about to receive (`seeds_per_hole` in every hole).
//! - **mobility** (15 per occupied hole of margin): every occupied hole is
//!   a legal start (one more option), and a capture takes one hole at a
//!   time, so seeds spread over more holes take more captures to clear;
//!   a row with few occupied holes is the row that gets emptied.
//! - **capture threat** (half the seeds at stake, side to move only): the
//!   seeds of the opponent's hole the side to move's best first lap would
//!   capture (its last seed lands in an occupied hole facing an occupied
//!   one; captures are obligatory in Isolo, so such a lap does capture).
//!   Relays and later laps are ignored: a cheap hint, the search sees the
//!   real move. The waiting side's threats are a turn further away and are
//!   left to the search.
//!
//! The sum is clamped to `±CLAMP` so that even a board near the seed cap
//! stays well inside the forced-result range (`±MATE_BOUND`).

use super::eval::{Evaluate, SEED};
use super::ordering::MoveKey;
use super::level_table::LevelTable;
use super::root_choice::RootChoice;
use super::win_probability::{Context, WinModel, BASELINE_SLOPE};
use super::zobrist::{mix, splitmix, Zobrist};
use crate::isolo::geometry::{opposite, MAX_HOLES};
use crate::isolo::{Choice, Isolo, Phase, Position};
use crate::side::Side;

const MOBILITY: i32 = 15;
const THREAT_NUM: i32 = 50;
/// Evaluations stay within ±5000 seeds (far below `MATE_BOUND`).
const CLAMP: i32 = 5000 * SEED;

/// Rows (mine, theirs) as the evaluation sees them: in the kucheleka phase
/// the loser's row is counted as the fresh row it is about to receive.
fn rows(pos: &Position) -> ([u16; MAX_HOLES], [u16; MAX_HOLES]) {
    let me = pos.to_move().index();
    let r = pos.local_rows();
    let mine = r[me];
    let mut theirs = r[1 - me];
    if pos.phase() == Phase::Kucheleka {
        theirs[..pos.holes()].fill(pos.variant().seeds_per_hole());
    }
    (mine, theirs)
}

fn total(row: &[u16; MAX_HOLES]) -> i32 {
    row.iter().map(|&v| v as i32).sum()
}

fn occupied(row: &[u16; MAX_HOLES], n: usize) -> i32 {
    row[..n].iter().filter(|&&v| v > 0).count() as i32
}

/// Seeds the best first lap of the side owning `me` would capture from
/// `them` (see the module docs): start hole `i` gets the stock seed and is
/// lifted whole; the lap starts in hole 1, or in the rightmost hole when
/// `i` is the hole before the last.
fn best_threat(me: &[u16; MAX_HOLES], them: &[u16; MAX_HOLES], n: usize) -> i32 {
    let mut best = 0;
    for i in 0..n {
        let c = me[i];
        if c == 0 {
            continue;
        }
        let hand = c as usize + 1;
        let next = if i == n - 2 { n - 1 } else { 0 };
        let q = (next + hand - 1) % n;
        // Seeds the lap puts into hole q: full rounds plus one if q is
        // among the first `hand % n` holes sown.
        let sown = hand / n + usize::from((q + n - next) % n < hand % n);
        let before = if q == i { 0 } else { me[q] as usize };
        if before + sown > 1 {
            best = best.max(them[opposite(q, n)] as i32);
        }
    }
    best
}

impl Evaluate for Isolo {
    fn evaluate(pos: &Position) -> i32 {
        let n = pos.holes();
        let (mine, theirs) = rows(pos);
        let material = total(&mine) - total(&theirs);
        let (mob, threat) = if pos.phase() == Phase::Kucheleka {
            // The arranger places its seeds freely: it can occupy every hole
            // it has seeds for, and no lap is pending.
            (total(&mine).min(n as i32) - occupied(&theirs, n), 0)
        } else {
            (occupied(&mine, n) - occupied(&theirs, n), best_threat(&mine, &theirs, n))
        };
        (material * SEED + MOBILITY * mob + THREAT_NUM * threat).clamp(-CLAMP, CLAMP)
    }

    fn baseline(pos: &Position) -> i32 {
        let n = pos.holes();
        let (mine, theirs) = rows(pos);
        let material = total(&mine) - total(&theirs);
        let mob = occupied(&mine, n) - occupied(&theirs, n);
        ((10 * material + 2 * mob) * 10).clamp(-CLAMP, CLAMP)
    }
}

/// Per-(side, hole) seeds of the count hash.
const fn hole_seeds() -> [u64; 2 * MAX_HOLES] {
    let mut t = [0u64; 2 * MAX_HOLES];
    let mut i = 0;
    while i < t.len() {
        t[i] = splitmix(0x1501_0000 ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        i += 1;
    }
    t
}

static HOLE: [u64; 2 * MAX_HOLES] = hole_seeds();
const NORTH_TO_MOVE: u64 = splitmix(0x1501_A11CE);

impl Zobrist for Isolo {
    /// Counts go up to `MAX_TOTAL` (30000), too many for one key per
    /// (hole, count), so each non-empty hole contributes
    /// `splitmix(hole seed + count)`, a full 64-bit mix of both (one
    /// multiply chain per hole, at most 16 of them). Side to move, phase,
    /// variant and rules (the hole count) are mixed in as small fields.
    fn zobrist(pos: &Position) -> u64 {
        let n = pos.holes();
        let rows = pos.local_rows();
        let mut h = 0u64;
        for (s, row) in rows.iter().enumerate() {
            for (i, &c) in row[..n].iter().enumerate() {
                if c != 0 {
                    h ^= splitmix(HOLE[s * MAX_HOLES + i].wrapping_add(c as u64));
                }
            }
        }
        if pos.to_move() == Side::North {
            h ^= NORTH_TO_MOVE;
        }
        h ^= mix(11, pos.phase() as u64);
        h ^ mix(12, (pos.rules().holes as u64) | (pos.variant() as u64) << 8)
    }
}

impl MoveKey for Isolo {
    /// Start holes by their absolute number (0..16, so the two sides
    /// differ); a kucheleka arrangement by the column holding the most
    /// seeds (16..24), a rough "shape" of the arrangement.
    fn move_key(first: Choice) -> usize {
        match first {
            Choice::Start(h) => h.0 as usize,
            Choice::Arrange(a) => {
                let cols = a.columns();
                let top = (0..cols.len()).max_by_key(|&c| (cols[c], std::cmp::Reverse(c))).unwrap_or(0);
                16 + top
            }
        }
    }

    fn key_choice(key: usize) -> Option<Choice> {
        (key < 16).then_some(Choice::Start(crate::isolo::geometry::Hole(key as u8)))
    }
}

impl WinModel for Isolo {
    fn context(_: &Position) -> Context {
        Context { coefficients: [BASELINE_SLOPE, 0.0, 0.0], starts: 0, material: 0 }
    }
}

/// No choice of its own: a kucheleka beyond its enumeration limit is
/// searched over its listed sample, as before.
impl RootChoice for Isolo {}

/// The common table (Isolo's ladder, docs/benchmarks/levels.md).
impl LevelTable for Isolo {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::{legal_moves, random_move};
    use crate::game::Game;
    use crate::isolo::Variant;
    use crate::rng::Rng;
    use crate::search::ordering::KEYS;
    use std::collections::HashMap;

    #[test]
    fn start_is_level_in_material() {
        let p = Position::start(Variant::Isolo);
        assert_eq!(Isolo::baseline(&p), 0);
        let e = Isolo::evaluate(&p);
        assert!((0..10 * SEED).contains(&e), "{}", e);
    }

    #[test]
    fn threat_matches_the_first_lap() {
        // Start rows 2,2,2,2: a1 (local 0) lifts 3 from hole 1 and sows
        // holes 1..3; hole 3 (local 2) held 2, so it captures the 2 seeds
        // facing it. Local 2 (the hole before the last) sows 3 from hole 4:
        // holes 4, 1, 2; hole 2 held 2: a capture of 2 as well.
        let row = [2, 2, 2, 2, 0, 0, 0, 0];
        assert_eq!(best_threat(&row, &row, 4), 2);
        // A lap ending in an empty hole captures nothing.
        let me = [1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(best_threat(&me, &row, 4), 0);
        // 1 + stock = 2 seeds from hole 1: holes 1, 2; hole 2 held 5.
        let me = [1, 5, 0, 0, 0, 0, 0, 0];
        let them = [0, 0, 7, 0, 0, 0, 0, 0];
        assert_eq!(best_threat(&me, &them, 4), 7);
    }

    #[test]
    fn kucheleka_counts_the_losers_fresh_row() {
        let mut rng = Rng::new(5);
        let mut seen = 0;
        for _ in 0..200 {
            let mut p = Position::start(Variant::Isolo);
            while p.phase() == Phase::ForePlay {
                match random_move::<Isolo>(&p, &mut rng) {
                    Some((q, _)) => p = q,
                    None => break,
                }
            }
            if p.phase() != Phase::Kucheleka {
                continue;
            }
            seen += 1;
            let me = p.seeds(p.to_move()) as i32;
            let e = Isolo::evaluate(&p);
            let mob = me.min(4) - 4;
            assert_eq!(e, (me - 8) * SEED + MOBILITY * mob);
        }
        assert!(seen > 50);
    }

    #[test]
    fn keys_separate_distinct_positions() {
        // Random positions of many games: equal keys only for equal positions.
        let mut rng = Rng::new(11);
        let mut by_key: HashMap<u64, Position> = HashMap::new();
        for _ in 0..300 {
            let mut p = Position::start(Variant::Isolo);
            for _ in 0..40 {
                let old = by_key.insert(Isolo::zobrist(&p), p.clone());
                assert!(old.is_none_or(|o| o == p), "collision {:?}", p);
                for m in legal_moves::<Isolo>(&p, Some(30)).moves {
                    let old = by_key.insert(Isolo::zobrist(&m.result), m.result.clone());
                    assert!(old.is_none_or(|o| o == m.result));
                }
                match random_move::<Isolo>(&p, &mut rng) {
                    Some((q, _)) => p = q,
                    None => break,
                }
            }
        }
        assert!(by_key.len() > 1000, "{}", by_key.len());
    }

    #[test]
    fn key_covers_side_phase_and_rules() {
        let p = Position::start(Variant::Isolo);
        let mut q = p.clone();
        q.to_move = Side::North;
        assert_ne!(Isolo::zobrist(&p), Isolo::zobrist(&q));
        let mut q = p.clone();
        q.phase = Phase::Main;
        assert_ne!(Isolo::zobrist(&p), Isolo::zobrist(&q));
        let mut r = p.rules;
        r.holes = 5;
        let q = Position::start_with(Variant::Isolo, r);
        assert_ne!(Isolo::zobrist(&p), Isolo::zobrist(&q));
        // Large counts hash without tables (and differ from each other).
        let mut a = p.clone();
        a.rows[0][0] = 29_000;
        let mut b = p.clone();
        b.rows[0][0] = 29_001;
        assert_ne!(Isolo::zobrist(&a), Isolo::zobrist(&b));
    }

    #[test]
    fn move_keys_are_small() {
        let p = Position::start(Variant::Isolo);
        let mut opts = Vec::new();
        Isolo::point(&p, &Isolo::root(&p), &mut opts);
        for c in opts {
            assert!(Isolo::move_key(c) < KEYS);
        }
    }
}
