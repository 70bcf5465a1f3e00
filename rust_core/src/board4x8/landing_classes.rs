//! A proof that a capture-free relay stretch never ends, read off one
//! state: the landing classes modulo 17.
//!
//! Brent's algorithm and the distinguished points of `cycles.rs` prove a
//! stretch endless only after it has run once round its cycle (up to
//! rotation). On crowded rows that is up to hundreds of millions of laps,
//! and it was nearly all the time of long random-playout runs
//! (docs/benchmarks/playouts.md). The argument below proves most of those
//! stretches endless from a single state, in one pass over the row.
//!
//! # The argument
//!
//! Take a stretch where no landing can capture (`cycles::capture_mask` is
//! 0, and the opponent's row does not change while the mover relays), so
//! that a lap ends the turn only by landing in an empty pit, and all laps
//! go the same way round the mover's 16 pits. Number the positions the
//! seeds are sown into along that way without wrapping: position `x` is
//! pit `x mod 16`, and each lap sows one seed into each of the positions
//! after its origin, so the positions sown so far are all those up to the
//! current origin `F`, each once.
//!
//! For each pit, call `L` its last landing: the position where it was last
//! lifted. Since then it received one seed at `L + 16`, `L + 32`, ..., up
//! to `F`, so a pit `d` places past the origin (`d` in 1..16) holding `c`
//! seeds has `L = F + d - 16 (c + 1)`. For a pit that has not been lifted
//! in this stretch, the same formula defines a virtual `L`; nothing below
//! needs it to be real. The origin's own `L` is `F`, and its previous one
//! is `P = F - 16 h`, where `h` is the hand just lifted there.
//!
//! The lap from `F` lands at `N = F + h`, so `17 F = P + 16 N`, and
//! modulo 17 (where 16 is -1): **`N ≡ P (mod 17)`**. Call the live
//! positions the 16 last landings and `P`, and their classes modulo 17 the
//! live classes. After the lap, `N` becomes its pit's last landing (its
//! class is `P`'s, already live), the pit's old last landing becomes the
//! new `P`, and every other last landing stays. So the live classes after
//! a lap are among those before it: **they can only disappear**.
//!
//! A lap landing at `N` ends the turn when the pit was empty, i.e. it held
//! one seed after the lap, i.e. its previous landing `P'` is `N - 16`. Both
//! are live then, and `N - P' = 16 ≡ -1 (mod 17)`: their classes are
//! neighbours modulo 17. So **if no two live classes are neighbours modulo
//! 17, no later lap of the stretch can end it**: it is endless. This is
//! exact (a proof, not a cap), and one-sided: a stretch whose live classes
//! keep a pair of neighbours may still be endless, and is then left to
//! `cycles.rs`.
//!
//! Relative to the origin the live classes are `0` (the origin), `h` (its
//! `P`) and `d + c + 1` for the pit `d` places on holding `c` seeds.
//!
//! On random rows of 17 to 64 seeds, about three endless stretches in four
//! have no neighbouring classes from their very first state, among them
//! the 675-million-lap cycle of `turn/lap_tests.rs`; the others we met all
//! had short cycles, which `cycles.rs` proves quickly (`git show 923cacc^:BENCHMARKS.md`, "Landing
//! classes modulo 17"). The tests below check the proof against a plain
//! simulation.

use super::geometry::PITS;

/// Whether the capture-free relay stretch about to sow `hand` seeds from
/// `origin` (already lifted in `row`, the mover's 16 counts as the bytes of
/// a `u128`; `cw` the direction of every lap) is proven endless by its
/// landing classes (see the module documentation). False means "not
/// proven", not "finite".
///
/// Only for stretches where no landing can capture: a landing on a pit
/// that can capture ends the stretch too, which this argument does not see.
pub(crate) fn proves_endless(row: u128, origin: usize, hand: u8, cw: bool) -> bool {
    let bytes = row.to_le_bytes();
    // Bit k of `live`: some live position has class k modulo 17.
    let mut live: u32 = 1 | 1 << (hand % 17);
    for d in 1..PITS {
        let pit = if cw { (origin + PITS - d) % PITS } else { (origin + d) % PITS };
        live |= 1 << ((d + bytes[pit] as usize + 1) % 17);
    }
    // Neighbours: a class k and k + 1 (17 wraps round to 0).
    let next = (live << 1 | live >> 16) & 0x1_FFFF;
    live & next == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The state after one lap of a plain seed-by-seed relay (`None` when
    /// the lap lands in an empty pit and ends the turn).
    fn lap(mut row: [u8; PITS], origin: usize, hand: u8, cw: bool) -> Option<([u8; PITS], usize, u8)> {
        let mut p = origin;
        for _ in 0..hand {
            p = if cw { (p + PITS - 1) % PITS } else { (p + 1) % PITS };
            row[p] += 1;
        }
        if row[p] == 1 {
            return None;
        }
        let next = row[p];
        row[p] = 0;
        Some((row, p, next))
    }

    fn proven(row: [u8; PITS], origin: usize, hand: u8, cw: bool) -> bool {
        proves_endless(u128::from_le_bytes(row), origin, hand, cw)
    }

    /// A random row of `seeds` seeds (over 16, so that some pit holds 2)
    /// and a start with at least 2 of them, lifted.
    fn random_start(g: &mut Rng, seeds: usize) -> ([u8; PITS], usize, u8) {
        let mut row = [0u8; PITS];
        for _ in 0..seeds {
            row[g.below(PITS)] += 1;
        }
        let mut o = g.below(PITS);
        while row[o] < 2 {
            o = (o + 1) % PITS;
        }
        let hand = row[o];
        row[o] = 0;
        (row, o, hand)
    }

    /// Soundness against a plain simulation: on random rows of 17 to 64
    /// seeds, both directions, no stretch that the classes prove endless
    /// at some lap ends within the next 100,000 laps. Finite stretches on
    /// such rows end within a few hundred laps (checked here: none takes a
    /// fiftieth of the margin), so a wrong proof shows. About one random
    /// stretch in 10,000 is endless; the run must include many proofs to
    /// mean anything.
    #[test]
    fn no_stretch_proven_endless_ever_ends() {
        let mut g = Rng::new(17);
        let (mut proofs, mut ended, mut longest) = (0, 0, 0);
        for i in 0..2_000_000 {
            let seeds = 17 + g.below(48);
            let cw = i % 2 == 1;
            let (mut row, mut o, mut h) = random_start(&mut g, seeds);
            let mut laps = 0;
            let mut proof_at = None;
            loop {
                if proof_at.is_none() && proven(row, o, h, cw) {
                    proof_at = Some(laps);
                    proofs += 1;
                }
                let Some(next) = lap(row, o, h, cw) else {
                    assert!(
                        proof_at.is_none(),
                        "{seeds} seeds, cw {cw}: proven endless at lap {proof_at:?}, ended at lap {laps}"
                    );
                    ended += 1;
                    longest = longest.max(laps);
                    break;
                };
                (row, o, h) = next;
                laps += 1;
                if laps > proof_at.unwrap_or(0) + 100_000 {
                    break;
                }
            }
        }
        assert!(proofs > 100 && ended > 1_900_000, "{proofs} proofs, {ended} ended");
        assert!(longest < 2_000, "a finite stretch took {longest} laps: the margin is too thin");
    }

    /// The ikibuguzo-1 worst cases of `bench/data/worst.txt`, whose endless
    /// starts took the cycle tests up to seconds (one of them only after a
    /// capture leaves nothing to capture), list the same moves as they did
    /// then (counted by the engine before the landing classes), now within
    /// a lap cap of 1,000 laps.
    #[test]
    fn the_worst_relay_positions_settle_within_a_thousand_laps() {
        use crate::board4x8::{notation, Igisoro};
        for (text, moves) in [
            ("ikibuguzo-1 1,2,5,23,0,1,5,0/2,1,4,1,0,4,3,9/0,0,0,0,0,0,1,2/0,0,0,0,0,0,0,0 n", 8),
            ("ikibuguzo-1 1,2,5,1,2,1,0,2/4,9,4,7,10,3,0,10/0,0,0,0,0,0,0,0/1,0,0,0,1,1,0,0 n", 10),
            ("ikibuguzo-1 0,1,0,2,9,4,9,10/1,4,1,7,1,2,1,9/0,0,0,0,0,0,0,0/1,0,0,0,1,1,0,0 n", 8),
            ("ikibuguzo-1 4,3,6,5,4,2,3,2/1,4,3,6,3,6,3,7/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 n", 14),
        ] {
            let pos = notation::parse(text).unwrap();
            let (list, capped) =
                crate::budget::with_lap_cap(1_000, || crate::explore::legal_moves::<Igisoro>(&pos, None));
            assert!(!capped, "{text}");
            assert_eq!(list.moves.len(), moves, "{text}");
        }
    }

    /// The proof uses the classes of the live positions only: a state whose
    /// classes have neighbours is not proven, even when it is endless.
    #[test]
    fn neighbouring_classes_prove_nothing() {
        // 2 seeds in the pit after the origin (d 1: class 1 + 2 + 1 = 4),
        // hand 3 (class 3): neighbours.
        let mut row = [0u8; PITS];
        row[1] = 2;
        assert!(!proven(row, 0, 3, false));
    }

    /// The long cycle of `turn/lap_tests.rs` (675,616,920 laps, which the
    /// cycle tests prove only after 84.5 million) is proven from its first
    /// state; its classes are 0, 2, 4, 6, 9, 11, 13 and 15.
    #[test]
    fn the_long_cycle_is_proven_from_its_first_state() {
        // North's local row of `LONG` in `turn/lap_tests.rs`, the start at
        // local pit 0 lifted.
        let row = [0, 0, 1, 2, 1, 5, 2, 1, 4, 9, 4, 7, 10, 3, 0, 10];
        assert!(proven(row, 0, 2, false));
        // The same stretch turned round the row, and mirrored and sown
        // clockwise, is the same stretch.
        let mut turned = row;
        turned.rotate_right(5);
        assert!(proven(turned, 5, 2, false));
        let mut mirrored = row;
        mirrored.reverse();
        assert!(proven(mirrored, 15, 2, true));
        // Its classes shrink to nothing new along the way: still proven
        // 100,000 laps on.
        let (mut r, mut o, mut h) = (row, 0, 2);
        for _ in 0..100_000 {
            (r, o, h) = lap(r, o, h, false).expect("endless");
        }
        assert!(proven(r, o, h, false));
    }
}
