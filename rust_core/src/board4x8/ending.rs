//! Positions that can never end: the proven condition behind the status
//! `endless` and the `adjudicate` rule option (`docs/RULES.md`, "Games that
//! cannot end", which gives the proof).
//!
//! The condition ([`out_of_reach`]): `min_seeds = 1`, no decided winner, no
//! scripted opening move due, one side (the *holder*) can keep some of its
//! seeds for ever, and the other side has a legal move from its row as it
//! stands. A capture takes the two pits of one of the holder's columns (an
//! outer pit and the inner pit in front of it), and only when both are
//! occupied. Every pit of the holder must hold at most one seed, and then
//! ([`keeps_out_of_reach`]):
//! - `lone_seed`: one seed. No capture can reach it, and its one-seed lap
//!   always ends in the empty pit it lands in: no result can come, whoever
//!   plays what.
//! - `out_of_reach`: no column has both pits occupied, and the holder can
//!   go on for ever with one-seed laps into empty pits that never fill
//!   both pits of a column. Such a lap ends the turn where it lands, so it
//!   meets no capture and needs nothing of the other side's row; the other
//!   side then never has a capture opportunity, so its turns never touch
//!   the holder's row.
//! - `odd_singles`: an odd number of single seeds (and no `end_pits_win`).
//!   The holder steps one seed into an empty pit each turn and declines
//!   every retreat; a capture then takes exactly two seeds, so the count
//!   stays odd and never reaches zero.
//!
//! In each case the holder never loses and the other side never wins;
//! except for the lone seed, the holder could choose to play otherwise, so
//! the claim is that the other side cannot win and the holder can keep the
//! game going for ever.

use std::sync::{Arc, Mutex};

use super::geometry::PITS;
use super::position::{scripted, Position};
use super::rules::{Clockwise, Rules};
use super::turn::{step, Igisoro};
use crate::explore::finishes_from_root;
use crate::game::{Ending, Game};
use crate::side::Side;

/// The side holding its seeds out of reach and why, when `pos` is proven
/// unable to end with a result the other side can force (see the module
/// docs).
pub fn out_of_reach(pos: &Position) -> Option<(Side, Ending)> {
    let r = &pos.rules;
    if r.min_seeds != 1 || pos.winner.is_some() || scripted(r.opening, pos.opening_plies).is_some() {
        return None;
    }
    let (holder, reason) = [Side::South, Side::North]
        .into_iter()
        .find_map(|s| keeps_out_of_reach(r, &pos.pits[s.index()]).map(|e| (s, e)))?;
    // The other side must have a move now: its row does not change while
    // the holder moves, so this is the row its next turn starts from.
    let big = if pos.to_move == holder.other() {
        std::borrow::Cow::Borrowed(pos)
    } else {
        std::borrow::Cow::Owned(Position { to_move: holder.other(), ..pos.clone() })
    };
    (Igisoro::surely_has_move(&big) || finishes_from_root::<Igisoro>(&big)).then_some((holder, reason))
}

/// Whether the side with `row` (local pits) can keep seeds for ever under
/// `rules` whatever the other side plays, and why (the module docs). Cheap unless every pit holds at
/// most one seed: the search asks at every node.
pub fn keeps_out_of_reach(rules: &Rules, row: &[u8; PITS]) -> Option<Ending> {
    let bytes = u128::from_le_bytes(*row);
    if bytes == 0 || bytes & !ONE_PER_PIT != 0 {
        return None;
    }
    // One bit per pit: byte i's low bit to bit i.
    let mask = (0..PITS).fold(0u16, |m, i| m | ((row[i] as u16) << i));
    if mask.count_ones() == 1 {
        return Some(Ending::LoneSeed);
    }
    if safe(mask) {
        let table = forever_table(step_back_pits(rules));
        if table[mask as usize / 64] >> (mask % 64) & 1 == 1 {
            return Some(Ending::OutOfReach);
        }
    }
    // Captures take a column's two single seeds at a time, so an odd
    // number of them never runs out (unless taking both end pits wins).
    (mask.count_ones() % 2 == 1 && !rules.end_pits_win).then_some(Ending::OddSingles)
}

/// `0x0101...01`: one in every byte of a row read as a `u128`.
const ONE_PER_PIT: u128 = u128::from_le_bytes([1; PITS]);

/// No column doubled: local pits 0..8 are the outer row, 8..16 the inner
/// row from the other end (`geometry`), so inner pit `8 + j` stands in
/// front of outer pit `7 - j`.
fn safe(mask: u16) -> bool {
    (mask as u8) & ((mask >> 8) as u8).reverse_bits() == 0
}

/// The pits from which a lap may go clockwise without a capture: the
/// reverse pits under `whole_turn`, none otherwise (`capture_only` opens
/// the clockwise lap only towards a capture, `never` not at all).
fn step_back_pits(rules: &Rules) -> u16 {
    if rules.clockwise == Clockwise::WholeTurn {
        rules.reverse
    } else {
        0
    }
}

/// The one-seed steps of `mask` that keep it safe, as the masks after.
fn safe_steps(mask: u16, back: u16) -> impl Iterator<Item = u16> {
    (0..PITS).filter(move |&i| mask >> i & 1 == 1).flat_map(move |i| {
        [false, true].into_iter().filter_map(move |cw| {
            if cw && back >> i & 1 == 0 {
                return None;
            }
            let q = step(i, cw);
            let after = mask ^ 1 << i ^ 1 << q;
            (mask >> q & 1 == 0 && safe(after)).then_some(after)
        })
    })
}

/// The safe masks with an endless path of safe steps, as a bit set over
/// all 2^16 masks, one per set of step-back pits (computed once each).
///
/// Why a table: the answer is the greatest fixed point "safe, with a step
/// to a mask in the set", which depends on the whole graph of 6,561 safe
/// masks, not on the one asked about. It is computed by removing, from the
/// safe masks, those left without a step into the set, and then their
/// predecessors in turn (a work list, so each edge is looked at once).
fn forever_table(back: u16) -> Arc<Vec<u64>> {
    static TABLES: Mutex<Vec<(u16, Arc<Vec<u64>>)>> = Mutex::new(Vec::new());
    let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = tables.iter().find(|(b, _)| *b == back) {
        return t.clone();
    }
    const MASKS: usize = 1 << PITS;
    let mut alive = vec![false; MASKS];
    let mut steps = vec![0u8; MASKS];
    for m in 1..MASKS {
        let m16 = m as u16;
        if safe(m16) {
            alive[m] = true;
            steps[m] = safe_steps(m16, back).count() as u8;
        }
    }
    let mut dead: Vec<u16> = (1..MASKS).filter(|&m| alive[m] && steps[m] == 0).map(|m| m as u16).collect();
    for &d in &dead {
        alive[d as usize] = false;
    }
    while let Some(d) = dead.pop() {
        // Every mask with a safe step into `d`: a seed of `d` at `q` came
        // from the empty pit `p` one step back along some direction.
        for q in (0..PITS).filter(|&q| d >> q & 1 == 1) {
            for cw in [false, true] {
                let p = step(q, !cw);
                if d >> p & 1 == 1 || (cw && back >> p & 1 == 0) {
                    continue;
                }
                let before = (d ^ 1 << q ^ 1 << p) as usize;
                if alive[before] {
                    steps[before] -= 1;
                    if steps[before] == 0 {
                        alive[before] = false;
                        dead.push(before as u16);
                    }
                }
            }
        }
    }
    let mut bits = vec![0u64; MASKS / 64];
    for m in (0..MASKS).filter(|&m| alive[m]) {
        bits[m / 64] |= 1 << (m % 64);
    }
    let table = Arc::new(bits);
    tables.push((back, table.clone()));
    table
}

#[cfg(test)]
mod tests {
    use super::tests_support::{holder_north, lone_north};
    use super::*;
    use crate::board4x8::{Choice, Variant};
    use crate::explore::{legal_moves, status};
    use crate::game::{Status, WinReason};
    use crate::rng::Rng;

    #[test]
    fn lone_seed_cannot_end_and_stays_lone() {
        let p = lone_north("");
        assert_eq!(out_of_reach(&p), Some((Side::North, Ending::LoneSeed)));
        assert_eq!(status::<Igisoro>(&p), Status::Endless { reason: Ending::LoneSeed });
        // Every move of either side keeps the lone seed and the status.
        let mut q = p.clone();
        for _ in 0..6 {
            let ms = legal_moves::<Igisoro>(&q, None).moves;
            assert!(!ms.is_empty());
            for m in &ms {
                assert_eq!(m.result.seeds(Side::North), 1);
            }
            q = ms[ms.len() / 2].result.clone();
            assert_eq!(status::<Igisoro>(&q), Status::Endless { reason: Ending::LoneSeed });
        }
    }

    #[test]
    fn adjudicated_to_the_side_with_more_seeds() {
        let p = lone_north(" adjudicate=seeds");
        assert_eq!(status::<Igisoro>(&p), Status::Won { winner: Side::South, reason: WinReason::AdjudicatedSeeds });
        assert!(legal_moves::<Igisoro>(&p, None).moves.is_empty());
    }

    #[test]
    fn min_seeds_two_is_not_endless() {
        // The lone side cannot start a turn at all: it has lost.
        let p = lone_north(" min_seeds=2");
        assert_eq!(out_of_reach(&p), None);
        assert!(matches!(status::<Igisoro>(&p), Status::Won { .. } | Status::Ongoing));
    }

    /// Counter-clockwise steps only (`capture_only`, `never`): two or more
    /// seeds always end up in one column, so only the lone seed is held.
    /// With `whole_turn`'s reverse pits a seed can step back and forth,
    /// and many more rows are held.
    #[test]
    fn forward_steps_alone_hold_only_a_lone_seed() {
        let ccw = forever_table(0);
        let held = |t: &[u64]| (0..1usize << PITS).filter(|&m| t[m / 64] >> (m % 64) & 1 == 1).collect::<Vec<_>>();
        assert!(held(&ccw).iter().all(|&m| m.count_ones() == 1));
        assert_eq!(held(&ccw).len(), PITS);
        let fr = held(&forever_table(step_back_pits(&Variant::IgisoroFr.rules())));
        assert!(fr.len() > 1000, "{}", fr.len());
        assert!(fr.iter().all(|&m| safe(m as u16) && m.count_ones() <= 8));
        assert!(fr.iter().any(|&m| m.count_ones() == 8));
    }

    /// The proof, played out with the real move generator: from held rows
    /// of two to eight seeds under `igisoro-fr`, the holder always has a
    /// legal move that keeps its row held, the other side's moves never
    /// touch the holder's row (every one of them, at every turn), and the
    /// status says `out_of_reach` throughout.
    #[test]
    fn the_holder_keeps_its_seeds_for_ever() {
        let back = step_back_pits(&Variant::IgisoroFr.rules());
        let table = forever_table(back);
        let held: Vec<u16> = (0..1u32 << PITS)
            .filter(|&m| table[m as usize / 64] >> (m % 64) & 1 == 1 && m.count_ones() >= 2)
            .map(|m| m as u16)
            .collect();
        let mut rng = Rng::new(5);
        for game in 0..12 {
            let mask = held[rng.below(held.len())];
            let mut p = holder_north(mask, game % 2 == 0);
            let north = p.pits[Side::North.index()];
            for ply in 0..80 {
                assert_eq!(
                    status::<Igisoro>(&p),
                    Status::Endless { reason: Ending::OutOfReach },
                    "{mask:#x} ply {ply}"
                );
                let ms = legal_moves::<Igisoro>(&p, None).moves;
                if p.to_move == Side::North {
                    let keep: Vec<_> = ms
                        .iter()
                        .filter(|m| {
                            keeps_out_of_reach(&p.rules, &m.result.pits[Side::North.index()])
                                == Some(Ending::OutOfReach)
                        })
                        .collect();
                    assert!(!keep.is_empty(), "{mask:#x} ply {ply}: no holding move");
                    p = keep[rng.below(keep.len())].result.clone();
                } else {
                    assert!(!ms.is_empty());
                    let before = p.pits[Side::North.index()];
                    assert!(ms.iter().all(|m| m.result.pits[Side::North.index()] == before), "{mask:#x} ply {ply}");
                    p = ms[rng.below(ms.len())].result.clone();
                }
                assert_eq!(p.seeds(Side::North), north.iter().map(|&v| v as u32).sum::<u32>());
            }
        }
    }

    /// `odd_singles`, played out: from odd numbers of single seeds under
    /// `igisoro-wikipedia` (retreats) and `igisoro-fr`, the holder always
    /// has a move that steps one seed into an empty pit, and every move of
    /// the other side in which the holder declines to retreat leaves the
    /// holder an odd number of single seeds: captures take two at a time.
    #[test]
    fn odd_singles_never_run_out() {
        let mut rng = Rng::new(9);
        let mut captures = 0;
        for game in 0..16 {
            let k = [3, 5, 7, 9, 11][rng.below(5)];
            let mut mask = 0u16;
            while mask.count_ones() < k {
                mask |= 1 << rng.below(PITS);
            }
            let mut p = holder_north(mask, game % 2 == 0);
            if game % 2 == 1 {
                p.rules = Variant::IgisoroWikipedia.rules();
            }
            for ply in 0..60 {
                let ms = legal_moves::<Igisoro>(&p, None).moves;
                let row = |q: &Position| q.pits[Side::North.index()];
                let odd_singles = |q: &Position| {
                    let n = q.seeds(Side::North);
                    n % 2 == 1 && row(q).iter().all(|&v| v <= 1)
                };
                assert!(odd_singles(&p) && status::<Igisoro>(&p) != Status::Ongoing, "{mask:#x} ply {ply}");
                if p.to_move == Side::North {
                    let keep: Vec<_> = ms.iter().filter(|m| odd_singles(&m.result)).collect();
                    assert!(!keep.is_empty(), "{mask:#x} ply {ply}: no step");
                    p = keep[rng.below(keep.len())].result.clone();
                } else {
                    let stays: Vec<_> = ms.iter().filter(|m| !m.choices.contains(&Choice::Retreat)).collect();
                    assert!(!stays.is_empty());
                    assert!(stays.iter().all(|m| odd_singles(&m.result)), "{mask:#x} ply {ply}");
                    let m = stays[rng.below(stays.len())];
                    captures += (m.result.seeds(Side::North) < p.seeds(Side::North)) as u32;
                    p = m.result.clone();
                }
            }
        }
        assert!(captures > 0, "the sample never captured: not a test of the parity");
    }

    /// A safe row that cannot stay safe is not claimed: under
    /// `igisoro-wikipedia` (counter-clockwise steps only) two seeds in
    /// different columns are still in play.
    #[test]
    fn a_row_that_must_double_a_column_is_not_held() {
        let mut p = holder_north(0b0100_0000_0000_0001, true);
        p.rules = Variant::IgisoroWikipedia.rules();
        assert!(safe(0b0100_0000_0000_0001));
        assert_eq!(out_of_reach(&p), None);
        assert_eq!(status::<Igisoro>(&p), Status::Ongoing);
    }
}

#[cfg(test)]
mod search_tests {
    use super::tests_support::lone_north;
    use crate::board4x8::Igisoro;
    use crate::search::{analyse, win_probability, Limits, Score};

    /// Every line from a position that cannot end stays there: a draw.
    #[test]
    fn the_search_scores_a_game_that_cannot_end_as_a_draw() {
        let p = lone_north("");
        let a = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!(a.score, Score::Centiseeds(0));
        assert!(a.best_move.is_some(), "play may go on");
        assert_eq!(win_probability::<Igisoro>(&p, a.score), 0.5);
    }

    #[test]
    fn the_search_scores_an_adjudicated_game_as_won() {
        let p = lone_north(" adjudicate=seeds");
        let a = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!(a.score, Score::Win { turns: 0 });
        assert_eq!(win_probability::<Igisoro>(&p, a.score), 1.0);
    }
}

#[cfg(test)]
mod tests_support {
    use super::PITS;
    use crate::board4x8::{notation, Position};
    use crate::side::Side;

    /// An `igisoro-fr` position where North holds one seed in each pit of
    /// `mask` (local pits) and South the rest, spread from its outer-left
    /// pit; `north_to_move` or South to move.
    pub fn holder_north(mask: u16, north_to_move: bool) -> Position {
        let mut p = Position::start(crate::board4x8::Variant::IgisoroFr);
        let k = mask.count_ones() as usize;
        let mut south = [4u8; PITS];
        for i in 0..(4 * PITS - (64 - k)) {
            south[i % PITS] -= 1;
        }
        p.pits[Side::South.index()] = south;
        p.pits[Side::North.index()] = std::array::from_fn(|i| (mask >> i & 1) as u8);
        p.to_move = if north_to_move { Side::North } else { Side::South };
        p
    }

    /// North holds one seed in b3 (an inner pit), South the other 63;
    /// `rules` is appended to the notation (" adjudicate=seeds").
    pub fn lone_north(rules: &str) -> Position {
        let text =
            format!("igisoro-wikipedia 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,3 s{rules}");
        notation::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }
}
