//! The relay fast path (`Igisoro::relays`, taken when no trace is wanted)
//! against the general lap loop (taken when an observer is on) and against
//! a naive seed-by-seed simulation. Any divergence in results, lap counts,
//! endless/aborted verdicts or what the per-thread memo of endless chains
//! learns shows up as a difference here.

use super::*;
use crate::board4x8::cycles::without_class_proof;
use crate::board4x8::variant::Variant;
use crate::budget::{with_budget, with_lap_cap, Budget};
use crate::rng::Rng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Wants events (so `run` takes the general loop) and drops them.
struct Quiet;
impl Observer for Quiet {
    const ON: bool = true;
    fn event(&mut self, _: Event) {}
}

/// A random position with `mine` seeds on the mover's side, random rules,
/// and an opponent whose inner row is empty when `no_capture` (so every
/// stretch is a pure relay chain).
fn random_position(g: &mut Rng, no_capture: bool) -> Position {
    let mine = 16 + g.below(49);
    let mut pits = [[0u8; PITS]; 2];
    for _ in 0..mine {
        pits[0][g.below(PITS)] += 1;
    }
    for _ in mine..64 {
        let p = if no_capture { g.below(8) } else { g.below(PITS) };
        pits[1][p] += 1;
    }
    let variant = Variant::ALL[g.below(Variant::ALL.len())];
    let mut rules = variant.rules();
    rules.clockwise = [Clockwise::CaptureOnly, Clockwise::WholeTurn, Clockwise::Never][g.below(3)];
    rules.captured_sowing = [CapturedSowing::TurnStart, CapturedSowing::LapStart, CapturedSowing::Landing][g.below(3)];
    rules.capture = if g.below(2) == 0 { Capture::Optional } else { Capture::Obligatory };
    rules.retreat = g.below(2) == 0;
    rules.min_seeds = 1 + g.below(2) as u8;
    // Some positions forbid captures (the opening of `NoCapture`).
    let (opening, plies) =
        if g.below(4) == 0 { (Opening::NoCapture, 1 + g.below(4) as u8) } else { (Opening::None, 0) };
    rules.opening = opening;
    let to_move = if g.below(2) == 0 { Side::South } else { Side::North };
    let me = to_move.index();
    let mut board = [[0u8; PITS]; 2];
    board[me] = pits[0];
    board[1 - me] = pits[1];
    Position { pits: board, to_move, opening_plies: plies, winner: None, variant, rules }
}

/// Runs `f` on a new thread: the memo of endless chains is per thread, so
/// `f` starts with an empty one and leaves the caller's untouched.
fn on_fresh_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f).join().unwrap()
}

/// Lap cap for the comparisons: keeps the traced loop affordable.
const CAP: u64 = 200_000;

/// Random positions: the first `ordinary` drawn, and then `rare` more whose
/// random draw has a start that does not finish a turn (endless, or cut at
/// [`CAP`]). Such starts are about one in 10,000, and they are the ones
/// that exercise Brent, the distinguished points and the memo.
fn positions(seed: u64, no_capture: bool, ordinary: usize, rare: usize) -> Vec<Position> {
    on_fresh_thread(move || {
        let mut g = Rng::new(seed);
        let mut out = Vec::new();
        let mut opts = Vec::new();
        let mut found = 0;
        while found < rare {
            let pos = random_position(&mut g, no_capture);
            if out.len() < ordinary {
                out.push(pos);
                continue;
            }
            let root = Igisoro::root(&pos);
            Igisoro::point(&pos, &root, &mut opts);
            let stuck = opts.iter().any(|&c| {
                let a = with_lap_cap(CAP, || Igisoro::advance(&pos, &root, c, &mut crate::game::NoTrace)).0;
                !matches!(a, Advance::Reached(..))
            });
            if stuck {
                out.push(pos);
                found += 1;
            }
        }
        out
    })
}

/// Plays every start of every position, then random decisions to the end
/// of the turn, and lists every `advance` outcome. The walk is fixed by the
/// seed, and each step continues from the outcome just listed, so two runs
/// with different observers list the same outcomes exactly when the two lap
/// loops agree.
fn walk<O: Observer>(seed: u64, list: &[Position], obs: &mut O) -> Vec<Advance<Node>> {
    let mut g = Rng::new(seed);
    let mut out = Vec::new();
    let mut opts = Vec::new();
    for pos in list {
        let root = Igisoro::root(pos);
        Igisoro::point(pos, &root, &mut opts);
        for start in opts.clone() {
            let mut node = root;
            let mut choice = start;
            loop {
                let a = Igisoro::advance(pos, &node, choice, obs);
                out.push(a.clone());
                let Advance::Reached(next, _) = a else { break };
                node = next;
                if Igisoro::point(pos, &node, &mut opts) == Point::Done {
                    break;
                }
                choice = opts[g.below(opts.len())];
            }
        }
    }
    out
}

/// Runs `walk` in a fresh thread (a fresh memo of endless chains) under
/// the lap cap [`CAP`].
fn walk_in_thread(seed: u64, list: Vec<Position>, traced: bool) -> Vec<Advance<Node>> {
    on_fresh_thread(move || {
        with_lap_cap(CAP, || {
            if traced {
                walk(seed, &list, &mut Quiet)
            } else {
                walk(seed, &list, &mut crate::game::NoTrace)
            }
        })
        .0
    })
}

#[test]
fn fast_relay_loop_matches_the_traced_loop() {
    for (seed, no_capture) in [(1, true), (2, false)] {
        let list = positions(seed, no_capture, 200, 12);
        let fast = walk_in_thread(seed, list.clone(), false);
        let slow = walk_in_thread(seed, list, true);
        assert_eq!(fast.len(), slow.len());
        for (i, (f, s)) in fast.iter().zip(&slow).enumerate() {
            assert_eq!(f, s, "seed {seed}, outcome {i}");
        }
        // The walks must cover each kind of outcome to mean anything.
        let count = |k: fn(&Advance<Node>) -> bool| fast.iter().filter(|a| k(a)).count();
        let reached = count(|a| matches!(a, Advance::Reached(..)));
        let endless = count(|a| matches!(a, Advance::Endless));
        let aborted = count(|a| matches!(a, Advance::Aborted));
        assert!(reached > 1000 && endless >= 5, "seed {seed}: {reached} reached, {endless} endless, {aborted} aborted");
    }
}

/// The mover's local row after a relay chain from `start`, sown seed by
/// seed counter-clockwise with no capture possible: `Some((row, laps))` if
/// it ends, `None` if it repeats a state, or `Err(())` past `limit` laps.
fn naive_chain(mut row: [u8; PITS], start: usize, limit: u32) -> Result<Option<([u8; PITS], u32)>, ()> {
    let mut seen = HashSet::new();
    let (mut o, mut hand) = (start, row[start]);
    row[start] = 0;
    let mut laps = 0;
    loop {
        let mut p = o;
        for _ in 0..hand {
            p = (p + 1) % PITS;
            row[p] += 1;
        }
        laps += 1;
        if row[p] == 1 {
            return Ok(Some((row, laps)));
        }
        (o, hand) = (p, row[p]);
        row[p] = 0;
        if !seen.insert((row, o, hand)) {
            return Ok(None);
        }
        if laps > limit {
            return Err(());
        }
    }
}

#[test]
fn fast_relay_loop_matches_a_naive_simulation() {
    let (mut ended, mut endless) = (0, 0);
    for mut pos in positions(3, true, 3000, 15) {
        pos.rules.clockwise = Clockwise::Never;
        let root = Igisoro::root(&pos);
        for start in 0..PITS {
            if root.b[0][start] == 0 {
                continue;
            }
            let Ok(expected) = naive_chain(root.b[0], start, 1 << 20) else { continue };
            let choice = Choice::Start(Pit::from_local(pos.to_move, start));
            match (Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace), expected) {
                (Advance::Reached(n, laps), Some((row, l))) => {
                    assert_eq!((n.stage, n.b[0], n.b[1], laps), (Stage::Done, row, root.b[1], l));
                    ended += 1;
                }
                (Advance::Endless, None) => endless += 1,
                (got, want) => panic!("{pos:?} start {start}: got {got:?}, want {want:?}"),
            }
        }
    }
    assert!(ended > 10_000 && endless >= 10, "{ended} ended, {endless} endless");
}

/// Clockwise stretches (`whole_turn`, a turn started clockwise at a reverse
/// pit) against the naive simulation of the mirrored row, where the same
/// chain runs counter-clockwise: the landing classes and the cycle tests
/// must see the ring the other way round.
#[test]
fn clockwise_relay_chains_match_a_naive_simulation_of_the_mirrored_row() {
    // Each position as drawn and with the mover's row mirrored, so that the
    // rare positions' endless counter-clockwise starts are met clockwise;
    // every pit may start a clockwise turn. One position per task on
    // rayon's threads: the naive simulation of an endless chain runs its
    // whole lap cap, and this was the slowest of the core's tests.
    let drawn = positions(4, true, 2_000, 30);
    let mirrored = drawn.iter().map(|p| {
        let mut m = p.clone();
        m.pits[p.to_move.index()].reverse();
        m
    });
    let all: Vec<Position> = drawn.clone().into_iter().chain(mirrored).collect();
    let (ended, endless) = all
        .into_par_iter()
        .map(clockwise_chains_of)
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(ended > 10_000 && endless >= 20, "{ended} ended, {endless} endless");
}

/// Every clockwise start of `pos` against the naive simulation of its
/// mirrored row: (chains that ended, chains that are endless).
fn clockwise_chains_of(mut pos: Position) -> (u32, u32) {
    let (mut ended, mut endless) = (0, 0);
    pos.rules.clockwise = Clockwise::WholeTurn;
    pos.rules.reverse = u16::MAX;
    let root = Igisoro::root(&pos);
    for start in 0..PITS {
        if root.b[0][start] < pos.rules.min_seeds {
            continue;
        }
        let mut mirrored = root.b[0];
        mirrored.reverse();
        let Ok(expected) = naive_chain(mirrored, PITS - 1 - start, 1 << 20) else { continue };
        let choice = Choice::Start(Pit::from_local(pos.to_move, start));
        let Advance::Reached(at, _) = Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace) else {
            panic!("{pos:?} start {start}: no direction decision")
        };
        match (Igisoro::advance(&pos, &at, Choice::Cw, &mut crate::game::NoTrace), expected) {
            (Advance::Reached(n, laps), Some((mut row, l))) => {
                row.reverse();
                assert_eq!((n.stage, n.b[0], laps), (Stage::Done, row, l), "{pos:?} start {start}");
                ended += 1;
            }
            (Advance::Endless, None) => endless += 1,
            (got, want) => panic!("{pos:?} start {start}: got {got:?}, want {want:?}"),
        }
    }
    (ended, endless)
}

/// North to move in a position whose start at local pit 0 is a pure relay
/// cycle of 675,616,920 laps. Its states come back turned round the row
/// after an eighth of that, so the cycle tests (`cycles::Hot::canonical`)
/// prove it endless after about 84.5 million laps: still a fraction of a
/// second of work, which the cases below must stop early. The landing
/// classes (`landing_classes.rs`) prove it endless at once, so the tests of
/// the cycle tests turn them off (`cycles::without_class_proof`).
const LONG: &str = "ikibuguzo-1 1,2,5,1,2,1,0,2/4,9,4,7,10,3,0,10/0,0,0,0,0,0,0,0/1,0,0,0,1,1,0,0 n";

fn long_chain() -> (Position, Node, Choice) {
    let pos = super::super::notation::parse(LONG).unwrap();
    let root = Igisoro::root(&pos);
    (pos, root, Choice::Start(Pit::from_local(Side::North, 0)))
}

/// Asserts that `choice` at `node` is proven endless within `cap` laps.
fn assert_endless_within(cap: u64, pos: &Position, node: &Node, choice: Choice) {
    let (a, capped) = with_lap_cap(cap, || Igisoro::advance(pos, node, choice, &mut crate::game::NoTrace));
    assert!(!capped, "{choice:?}: not proven within {cap} laps");
    assert_eq!(a, Advance::Endless, "{choice:?}");
}

/// With the landing classes on (as outside tests), the long cycle is
/// proven endless at the first check, lap 63: a lap cap of 100 does not
/// cut it, in both lap loops and sown either way round.
#[test]
fn the_landing_classes_settle_the_long_cycle_at_once() {
    on_fresh_thread(|| {
        let (pos, root, choice) = long_chain();
        assert_endless_within(100, &pos, &root, choice);
        let (b, capped) = with_lap_cap(100, || Igisoro::advance(&pos, &root, choice, &mut Quiet));
        assert!(!capped);
        assert_eq!(b, Advance::Endless);
        // The same chain mirrored and sown clockwise (a `whole_turn` turn
        // started clockwise), which the classes must read the other way
        // round the row.
        let mut mirrored = pos.clone();
        mirrored.pits[pos.to_move.index()].reverse();
        mirrored.rules.clockwise = Clockwise::WholeTurn;
        mirrored.rules.reverse = u16::MAX;
        let root = Igisoro::root(&mirrored);
        let start = Choice::Start(Pit::from_local(pos.to_move, PITS - 1));
        let Advance::Reached(at, _) = Igisoro::advance(&mirrored, &root, start, &mut crate::game::NoTrace) else {
            panic!("no direction decision")
        };
        assert_endless_within(100, &mirrored, &at, Choice::Cw);
    });
}

#[test]
fn a_deadline_stops_a_long_relay_chain_promptly() {
    on_fresh_thread(|| {
        without_class_proof(|| {
            let (pos, root, choice) = long_chain();
            let t = Instant::now();
            let budget = Budget { deadline: Some(t + Duration::from_millis(50)), cancel: None, seconds: None };
            let (a, tripped) = with_budget(budget, || Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace));
            assert!(tripped);
            assert_eq!(a, Advance::Aborted);
            assert!(t.elapsed() < Duration::from_secs(2), "took {:?}", t.elapsed());
        })
    });
}

#[test]
fn a_lap_cap_cuts_a_long_relay_chain() {
    on_fresh_thread(|| {
        without_class_proof(|| {
            let (pos, root, choice) = long_chain();
            let (a, capped) =
                with_lap_cap(100_000, || Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace));
            assert!(capped);
            assert_eq!(a, Advance::Aborted);
            // Nothing was proven, so nothing was remembered: a traced run under
            // the same cap is cut the same way.
            let (b, capped) = with_lap_cap(100_000, || Igisoro::advance(&pos, &root, choice, &mut Quiet));
            assert!(capped);
            assert_eq!(b, Advance::Aborted);
        })
    });
}

#[test]
fn a_cycle_met_again_settles_within_the_search_lap_cap() {
    on_fresh_thread(|| {
        without_class_proof(|| {
            let (pos, root, choice) = long_chain();
            let before = crate::board4x8::cycles::memo_len();
            assert_eq!(Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace), Advance::Endless);
            // About one point in 1,024 of the 84 million laps run.
            let kept = crate::board4x8::cycles::memo_len() - before;
            assert!(kept > 50_000, "the cycle's points are remembered: {kept}");
            // Met again, the chain stops at a remembered point long before the
            // 84 million laps of the first proof have passed: even the lap cap of chains
            // inside a search tree does not cut it.
            let cap = crate::search::limits::TURN_LAPS;
            assert_endless_within(cap, &pos, &root, choice);
        })
    });
}

/// With no capture possible the relay dynamics are the same all round the
/// row (`cycles::Hot::canonical`): the cycle of [`LONG`], remembered once,
/// is known at every rotation of the mover's row soon after the stretch
/// starts turning (lap 32,767), long before the 84 million laps of a first
/// proof.
#[test]
fn a_remembered_cycle_is_known_turned_round_the_row() {
    on_fresh_thread(|| {
        without_class_proof(|| {
            let (pos, root, choice) = long_chain();
            assert_eq!(Igisoro::advance(&pos, &root, choice, &mut crate::game::NoTrace), Advance::Endless);
            let me = pos.to_move.index();
            for k in 1..PITS {
                let mut turned = pos.clone();
                for i in 0..PITS {
                    turned.pits[me][(i + k) % PITS] = pos.pits[me][i];
                }
                let root = Igisoro::root(&turned);
                let choice = Choice::Start(Pit::from_local(pos.to_move, k));
                assert_endless_within(50_000, &turned, &root, choice);
            }
        })
    });
}

/// The lap at which a capture-free counter-clockwise relay chain from
/// `start` first meets a state it passed before up to rotation round the
/// row (a plain Brent over states turned until the lap's origin is pit 0,
/// independent of `cycles.rs`), or `None` if the chain ends or `limit` laps
/// pass first.
fn first_turned_repeat(mut row: [u8; PITS], start: usize, limit: u64) -> Option<u64> {
    let hand = row[start];
    row[start] = 0;
    row.rotate_left(start);
    let f = |(mut r, h): ([u8; PITS], u8)| -> Option<([u8; PITS], u8)> {
        let mut p = 0;
        for _ in 0..h {
            p = (p + 1) % PITS;
            r[p] += 1;
        }
        if r[p] == 1 {
            return None;
        }
        let next = r[p];
        r[p] = 0;
        r.rotate_left(p);
        Some((r, next))
    };
    let x0 = (row, hand);
    let (mut power, mut lam, mut laps) = (1u64, 1u64, 1u64);
    let mut tortoise = x0;
    let mut hare = f(x0)?;
    while tortoise != hare {
        if power == lam {
            tortoise = hare;
            power *= 2;
            lam = 0;
        }
        hare = f(hare)?;
        lam += 1;
        laps += 1;
        if laps > limit {
            return None;
        }
    }
    let (mut t, mut h) = (x0, x0);
    for _ in 0..lam {
        h = f(h)?;
    }
    let mut mu = 0;
    while t != h {
        (t, h) = (f(t)?, f(h)?);
        mu += 1;
    }
    Some(mu + lam)
}

/// The turned cycle tests are sound and complete on real chains: where a
/// chain first repeats up to rotation at lap `R` (by the plain simulation
/// above), a fresh thread (empty memo) cannot prove it endless before `R`
/// (a lap cap of `R / 2` cuts it) and, uncapped, does prove it endless.
/// Chains with `R` past the lap where stretches start turning (32,767)
/// are the ones that exercise the turned copy of the relay loop.
#[test]
fn turned_proofs_come_no_sooner_than_the_first_turned_repeat() {
    let mut g = Rng::new(2024);
    let (mut checked, mut tries) = (0, 0);
    while checked < 4 {
        tries += 1;
        assert!(tries < 100_000, "only {checked} long cycles in {tries} positions");
        let mut pos = random_position(&mut g, true);
        pos.rules.clockwise = Clockwise::Never;
        let root = Igisoro::root(&pos);
        for start in 0..PITS {
            if root.b[0][start] == 0 {
                continue;
            }
            let Some(r) = first_turned_repeat(root.b[0], start, 4_000_000) else { continue };
            if r < 40_000 {
                continue;
            }
            let choice = Choice::Start(Pit::from_local(pos.to_move, start));
            let (p, n) = (pos.clone(), root);
            let (cut, capped) = on_fresh_thread(move || {
                without_class_proof(|| {
                    with_lap_cap(r / 2, || Igisoro::advance(&p, &n, choice, &mut crate::game::NoTrace))
                })
            });
            assert!(capped && cut == Advance::Aborted, "{pos:?} start {start}: proven before lap {r}: {cut:?}");
            let (p, n) = (pos.clone(), root);
            let full = on_fresh_thread(move || {
                without_class_proof(|| Igisoro::advance(&p, &n, choice, &mut crate::game::NoTrace))
            });
            assert_eq!(full, Advance::Endless, "{pos:?} start {start}");
            checked += 1;
        }
    }
}
