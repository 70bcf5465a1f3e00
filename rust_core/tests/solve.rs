//! The proof-number solver (`search::solve`) against the plain negamax
//! oracle (`search::reference`), after minimax-rs `tests/strategies.rs`:
//! on small endgame positions of every variant, 4x8 and Isolo, reached by
//! seeded random play, a proven result must be one the oracle confirms at
//! the proof's length, and a forced result the oracle finds within its
//! depth must be proven. A proof line must replay with the rules and end in
//! the claimed win. A tiny budget gives `Unknown`; cancellation stops it.

use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{play, random_move, status};
use igisoro_core::game::Game;
use igisoro_core::isolo::{self, Isolo};
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::turn_graph::TurnGraph;
use igisoro_core::search::{
    check, check_until, reference, solve, solve_certified, solve_checked, Certificate, Engine, Limits, Outcome,
    Solution, StopReason,
};
use igisoro_core::{Budget, Status};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const MATE: i32 = 1_000_000;
/// Oracle values beyond this are forced results (as `tt::MATE_BOUND`).
const MATE_BOUND: i32 = MATE - 10_000;
/// In-turn steps the oracle may take per position (see `search_oracle.rs`).
const ORACLE_STEPS: u64 = 400_000;
/// In-turn steps the proof check may take (far more than these proofs need).
const CHECK_STEPS: u64 = 50_000_000;
/// Oracle depth, in turns: every forced result this short must be proven.
const DEPTH: u32 = 3;

fn oracle<G: Engine>(p: &G::Pos, depth: u32) -> Option<i32> {
    reference::negamax_bounded::<G>(p, depth, 0, G::evaluate, &mut ORACLE_STEPS.clone())
}

/// A budget the small positions below never need all of.
fn enough() -> Limits {
    Limits { time_ms: Some(3_000), tt_bits: 18, ..Limits::nodes(300_000) }
}

/// Replay the proof line with checked play: every move legal, and after
/// the last one the game is won by the side the outcome names.
fn check_line<G: Game>(p: &G::Pos, s: &Solution, what: &str) {
    let me = G::to_move(p);
    let winner = match s.outcome {
        Outcome::Win => me,
        Outcome::Loss => me.other(),
        Outcome::Unknown => return,
    };
    let mut q = p.clone();
    for mv in &s.line {
        let choices = parse_move::<G>(&q, mv).unwrap_or_else(|e| panic!("{what}: line move {mv}: {e}"));
        q = play::<G>(&q, &choices).unwrap_or_else(|e| panic!("{what}: line move {mv} illegal: {e}")).result;
    }
    assert_eq!(
        status::<G>(&q),
        Status::Won { winner, reason: reason_of::<G>(&q) },
        "{what}: the line {:?} does not end in {winner:?}'s win",
        s.line
    );
}

/// The reason `status` gives, whatever it is (only the winner is checked).
fn reason_of<G: Game>(q: &G::Pos) -> igisoro_core::WinReason {
    match status::<G>(q) {
        Status::Won { reason, .. } => reason,
        Status::Ongoing | Status::Endless { .. } => igisoro_core::WinReason::NoLegalMove,
    }
}

/// What one comparison saw: the solver proved something, the oracle
/// found a forced result within its depth.
struct Seen {
    proven: bool,
    forced: bool,
}

/// Compare solver and oracle on one position (`None`: the oracle's turns
/// were too big to compare).
fn compare<G: Engine>(p: &G::Pos, text: &str) -> Option<Seen> {
    compare_at::<G>(p, text, DEPTH)
}

/// [`compare`] with the oracle at `depth` turns.
fn compare_at<G: Engine>(p: &G::Pos, text: &str, depth: u32) -> Option<Seen> {
    let (s, cert) = solve_certified::<G>(p, &enough());
    // Every proof is walked again, whole, with the rules.
    if let Some(cert) = cert {
        let c = check::<G>(p, &cert, CHECK_STEPS, u32::MAX);
        assert!(c.verified, "{text}: the proof of {:?} does not check: {c:?}", s.outcome);
    }
    let want = oracle::<G>(p, depth)?;
    if let (Outcome::Win | Outcome::Loss, Some(turns)) = (s.outcome, s.turns) {
        // The proof's plies: a win ends after 2t - 1 of them, a loss 2t.
        let plies = if s.outcome == Outcome::Win { 2 * turns - 1 } else { 2 * turns };
        if plies <= depth + 2 {
            // The oracle at the proof's length must see the same result.
            if let Some(v) = oracle::<G>(p, plies.max(1)) {
                let won = v > MATE_BOUND;
                let lost = v < -MATE_BOUND;
                assert!(
                    (s.outcome == Outcome::Win && won) || (s.outcome == Outcome::Loss && lost),
                    "{text}: solver {:?} in {} plies, oracle {} at that depth",
                    s.outcome,
                    plies,
                    v
                );
            }
        }
        // A proof is never contradicted by a shorter forced result.
        assert!(
            !(s.outcome == Outcome::Win && want < -MATE_BOUND || s.outcome == Outcome::Loss && want > MATE_BOUND),
            "{text}: solver {:?}, oracle {} at depth {}",
            s.outcome,
            want,
            depth
        );
        assert_eq!(s.line.len() as u32, plies, "{text}: line {:?} for {} plies", s.line, plies);
        check_line::<G>(p, &s, text);
    }
    // Every forced result within the oracle's depth is proven.
    if want > MATE_BOUND {
        assert_eq!(s.outcome, Outcome::Win, "{text}: oracle {} at depth {}, solver {:?}", want, depth, s);
        let found = MATE - want;
        assert!(2 * s.turns.unwrap() > found as u32, "{text}: proof shorter than the shortest win: {:?}", s);
    } else if want < -MATE_BOUND {
        assert_eq!(s.outcome, Outcome::Loss, "{text}: oracle {} at depth {}, solver {:?}", want, depth, s);
    }
    Some(Seen { proven: s.outcome != Outcome::Unknown, forced: want.abs() > MATE_BOUND })
}

/// The proof check's own logic, with a certificate that names every
/// position (so no table guides or limits it): a win within `d` turns is
/// verified exactly when the oracle finds one at depth `d`, for either side,
/// on endgames of every 4x8 variant and Isolo. This shows the check can
/// refute a claim on its own: a wrong table can only make it fail.
fn check_matches_oracle<G: Engine>(positions: &[G::Pos], format: fn(&G::Pos) -> String) -> (usize, usize) {
    let (mut wins, mut refuted) = (0, 0);
    for p in positions {
        for d in 1..=DEPTH {
            let Some(v) = oracle::<G>(p, d) else { continue };
            let me = G::to_move(p);
            for (side, forced) in [(me, v > MATE_BOUND), (me.other(), v < -MATE_BOUND)] {
                let c = check::<G>(p, &Certificate::everything(side), ORACLE_STEPS, d);
                if c.gave_up {
                    continue;
                }
                assert_eq!(c.verified, forced, "{}: {side:?} at depth {d}, oracle {v}: {c:?}", format(p));
                wins += forced as usize;
                refuted += !forced as usize;
            }
        }
    }
    (wins, refuted)
}

#[test]
fn proof_check_agrees_with_oracle() {
    let mut positions = Vec::new();
    for v in Variant::ALL {
        positions.extend(endgames(v, 4, 0xC4EC));
    }
    let (wins, refuted) = check_matches_oracle::<Igisoro>(&positions, notation::format);
    eprintln!("4x8: {wins} wins verified, {refuted} claims refuted");
    assert!(wins >= 10 && refuted >= 10, "{wins} wins, {refuted} refuted");
    let mut rng = Rng::new(0xC4EC);
    let mut isolo_positions = Vec::new();
    for _ in 0..8 {
        let mut p = isolo::Position::start(isolo::Variant::Isolo);
        for _ in 0..1 + rng.below(30) {
            match random_move::<Isolo>(&p, &mut rng) {
                Some((n, _)) if Isolo::decided(&n).is_none() => p = n,
                _ => break,
            }
        }
        isolo_positions.push(p);
    }
    let (wins, refuted) = check_matches_oracle::<Isolo>(&isolo_positions, isolo::notation::format);
    eprintln!("isolo: {wins} wins verified, {refuted} claims refuted");
    assert!(wins >= 3 && refuted >= 3, "{wins} wins, {refuted} refuted");
}

/// A proof checks from its root and from a position along its line, and
/// only for the side it was found for: the same table claimed as the
/// other side's win fails.
#[test]
fn proof_check_refuses_the_other_side() {
    let text = "igisoro 0,1,1,1,0,1,1,0/0,0,0,0,0,0,3,3/8,2,3,5,4,9,0,0/2,1,3,4,8,3,1,0 s";
    let p = notation::parse(text).unwrap();
    let (s, cert) = solve_certified::<Igisoro>(&p, &enough());
    let cert = cert.expect("a proof");
    assert_eq!((s.outcome, cert.winner), (Outcome::Win, igisoro_core::Side::South));
    let c = check::<Igisoro>(&p, &cert, CHECK_STEPS, u32::MAX);
    assert!(c.verified && c.positions >= 2, "{c:?}");
    let after = play::<Igisoro>(&p, &parse_move::<Igisoro>(&p, &s.line[0]).unwrap()).unwrap().result;
    let c = check::<Igisoro>(&after, &cert, CHECK_STEPS, u32::MAX);
    assert!(c.verified, "the position after the winning move is in the proof: {c:?}");
    let mut cert = cert;
    cert.winner = igisoro_core::Side::North;
    let c = check::<Igisoro>(&p, &cert, CHECK_STEPS, u32::MAX);
    assert!(!c.verified && !c.gave_up, "South's proof passed as North's: {c:?}");
}

/// A check told to stop gives up (never confirms) at its first poll; the
/// same check without the stop runs on to its step budget.
#[test]
fn proof_check_stops_when_told() {
    let p = Position::start(Variant::Igisoro);
    let cert = Certificate::everything(igisoro_core::Side::South);
    // An exhaustive search 8 turns deep: far more than 5,000 steps.
    let plain = check::<Igisoro>(&p, &cert, 5_000, 8);
    assert!(plain.gave_up && plain.steps == 5_001, "{plain:?}");
    let stopped = check_until::<Igisoro>(&p, &cert, 5_000, 8, &|| true);
    assert!(stopped.gave_up && !stopped.verified && stopped.steps == 1024, "{stopped:?}");
}

/// 4x8 endgames: seeded random games from the variant's start, each
/// played to its end (at most 600 plies), and the position 1..=6 plies
/// before the end kept: small, and near a forced result often enough for
/// the comparison to have teeth.
fn endgames(v: Variant, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed ^ (v as u64) << 32);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 20 * count {
        tries += 1;
        let mut game = vec![Position::start(v)];
        while game.len() < 600 {
            match random_move::<Igisoro>(game.last().unwrap(), &mut rng) {
                Some((n, _)) => game.push(n),
                None => break,
            }
        }
        if game.len() < 600 {
            let back = 1 + rng.below(6);
            let p = &game[game.len().saturating_sub(1 + back)];
            if status::<Igisoro>(p) == Status::Ongoing {
                out.push(p.clone());
            }
        }
    }
    out
}

fn run_4x8(v: Variant, count: usize) {
    let (mut compared, mut proven, mut forced) = (0, 0, 0);
    for p in endgames(v, count, 21) {
        let text = notation::format(&p);
        if let Some(seen) = compare::<Igisoro>(&p, &text) {
            compared += 1;
            proven += seen.proven as usize;
            forced += seen.forced as usize;
        }
    }
    eprintln!("{}: {compared} compared, {forced} forced within depth {DEPTH}, {proven} proven", v.name());
    assert!(compared >= count / 2, "too few positions compared: {compared}");
    assert!(forced >= 3, "too few forced results to test: {forced}");
}

macro_rules! variant_test {
    ($name:ident, $v:expr) => {
        #[test]
        fn $name() {
            run_4x8($v, 12);
        }
    };
}

variant_test!(agrees_with_oracle_igisoro, Variant::Igisoro);
variant_test!(agrees_with_oracle_igisoro_wikipedia, Variant::IgisoroWikipedia);
variant_test!(agrees_with_oracle_igisoro_fr, Variant::IgisoroFr);
variant_test!(agrees_with_oracle_ikibuguzo_1, Variant::Ikibuguzo1);
variant_test!(agrees_with_oracle_ikibuguzo_2, Variant::Ikibuguzo2);

/// Turns with the opponent's in-turn decisions (retreat, in the variants
/// that have it): endgame positions whose root turn has one, compared the
/// same way. Why its own test: a retreat is the defender's choice when the
/// attacker moves and the attacker's when the defender moves; mixing the
/// two up proves wins that the oracle refutes.
#[test]
fn agrees_with_oracle_on_opponent_decisions() {
    let (mut compared, mut forced) = (0, 0);
    for v in [Variant::Igisoro, Variant::IgisoroWikipedia] {
        let mut found = 0;
        for p in endgames(v, 200, 0x0DEC) {
            let g = TurnGraph::<Igisoro>::build(&p);
            if !g.has_opponent || g.cyclic {
                continue;
            }
            found += 1;
            if let Some(seen) = compare::<Igisoro>(&p, &notation::format(&p)) {
                compared += 1;
                forced += seen.forced as usize;
            }
            if found == 12 {
                break;
            }
        }
    }
    eprintln!("opponent decisions: {compared} compared, {forced} forced within depth {DEPTH}");
    assert!(compared >= 8 && forced >= 3, "{compared} compared, {forced} forced");
}

/// Positions where the retreat decides a forced result: with the
/// opponent's in-turn decisions given to the mover (a min node searched as
/// a max node) the plain negamax finds a forced result at the depth given
/// that the rules' negamax does not. Found by a one-off scan of random
/// endgames; a solver that mixed up who decides a retreat proves them.
#[test]
fn retreat_belongs_to_the_opponent() {
    let positions = [
        ("igisoro 0,1,1,2,2,1,2,2/0,2,1,3,3,1,1,1/6,1,1,4,0,4,2,0/4,0,0,1,0,9,0,9 s", 1),
        ("igisoro 0,0,0,1,0,1,0,1/0,2,0,1,0,0,0,0/0,7,0,12,3,2,1,3/4,1,14,2,3,5,1,0 n", 2),
        ("igisoro 1,1,1,1,1,1,1,0/2,1,1,1,0,0,2,0/5,0,1,3,15,3,4,1/2,6,1,2,2,0,3,2 n", 2),
        ("igisoro 1,1,1,1,1,1,1,0/2,1,1,1,0,0,2,0/4,7,1,3,15,3,4,0/1,5,0,1,1,2,2,1 s", 1),
        ("igisoro-wikipedia 0,2,1,0,0,0,0,0/0,2,1,0,0,0,0,0/0,2,3,6,8,1,2,0/5,1,9,1,0,15,1,4 s", 1),
        ("igisoro-wikipedia 0,5,3,1,6,1,1,0/2,0,2,1,5,8,0,0/1,1,1,1,2,1,1,4/2,2,1,5,1,3,1,2 n", 1),
        ("igisoro-wikipedia 1,1,1,0,0,0,0,1/1,1,1,0,0,0,0,1/9,0,3,3,1,8,0,8/1,4,10,3,1,0,5,0 s", 1),
    ];
    for (text, depth) in positions {
        let p = notation::parse(text).unwrap();
        assert!(compare_at::<Igisoro>(&p, text, depth).is_some(), "{text}: not compared");
    }
}

/// Isolo: positions along seeded random games (fore-play, kucheleka and
/// main game), stopped one ply before the end.
#[test]
fn agrees_with_oracle_isolo() {
    let start = isolo::Position::start(isolo::Variant::Isolo);
    let mut rng = Rng::new(0x1_5050);
    let (mut compared, mut proven, mut forced) = (0, 0, 0);
    for _ in 0..16 {
        let mut p = start.clone();
        let plies = 1 + rng.below(30);
        for _ in 0..plies {
            match random_move::<Isolo>(&p, &mut rng) {
                Some((n, _)) if Isolo::decided(&n).is_none() => p = n,
                _ => break,
            }
        }
        let text = isolo::notation::format(&p);
        if let Some(seen) = compare::<Isolo>(&p, &text) {
            compared += 1;
            proven += seen.proven as usize;
            forced += seen.forced as usize;
        }
    }
    eprintln!("isolo: {compared} compared, {forced} forced within depth {DEPTH}, {proven} proven");
    assert!(compared >= 8, "too few positions compared: {compared}");
    assert!(forced >= 3, "too few forced results to test: {forced}");
}

/// Frozen forced wins (`search_forced.rs`): proven, in at least the known
/// number of turns (a proof bounds the game; the shortest can only be
/// shorter), and the side that moves after the first move of the line is
/// proven lost.
#[test]
fn known_forced_wins_are_proven() {
    let wins = [
        ("igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s", 1),
        ("igisoro 4,5,3,2,4,8,3,1/1,3,5,2,7,3,1,5/0,0,0,0,0,0,0,1/1,1,0,0,0,2,0,2 n", 2),
        ("igisoro 0,1,1,1,0,1,1,0/0,0,0,0,0,0,3,3/8,2,3,5,4,9,0,0/2,1,3,4,8,3,1,0 s", 3),
    ];
    for (text, turns) in wins {
        let p = notation::parse(text).unwrap();
        let s = solve_checked::<Igisoro>(&p, &enough());
        assert_eq!(s.outcome, Outcome::Win, "{text}: {s:?}");
        assert!(s.proof_positions.is_some_and(|n| n as usize >= s.line.len()), "{text}: {s:?}");
        assert_eq!(s.stopped_by, StopReason::Proven);
        assert!(s.turns.unwrap() >= turns, "{text}: {s:?}");
        check_line::<Igisoro>(&p, &s, text);
        let after = play::<Igisoro>(&p, &parse_move::<Igisoro>(&p, &s.line[0]).unwrap()).unwrap().result;
        let t = solve::<Igisoro>(&after, &enough());
        assert_eq!(t.outcome, Outcome::Loss, "after {}: {t:?}", s.line[0]);
    }
}

/// Short wins that a single df-pn run over lines of up to 256 turns
/// missed (it chased long forcing lines; measured in
/// docs/benchmarks/solver.md): found by the short runs, as a win of at
/// most the alpha-beta search's length, and the proof checks. With the old
/// single run (`depth` set to the full bound) the first is not proven in
/// the same budget.
#[test]
fn short_wins_are_not_missed() {
    let text = "ikibuguzo-2 7,7,0,0,0,4,0,0/2,5,0,1,2,2,1,0/1,1,0,3,3,0,3,0/1,2,0,4,0,5,5,5 s";
    let p = notation::parse(text).unwrap();
    let limits = Limits { tt_bits: 20, ..Limits::nodes(2_000_000) };
    let (s, cert) = solve_certified::<Igisoro>(&p, &limits);
    assert_eq!(s.outcome, Outcome::Win, "{text}: {s:?}");
    assert!(s.turns.unwrap() <= 4, "{text}: {s:?}");
    check_line::<Igisoro>(&p, &s, text);
    assert!(check::<Igisoro>(&p, &cert.unwrap(), CHECK_STEPS, u32::MAX).verified);
    let single = solve::<Igisoro>(&p, &Limits { depth: Some(256), ..limits });
    assert_eq!(single.outcome, Outcome::Unknown, "{text}: the single run proves it now: {single:?}");
}

/// A decided position and one whose mover has no move are over, not solved.
#[test]
fn game_over_is_reported() {
    let lost = notation::parse("igisoro 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/32,0,0,0,0,0,0,0/32,0,0,0,0,0,0,0 n").unwrap();
    let s = solve::<Igisoro>(&lost, &enough());
    assert_eq!((s.outcome, s.turns, s.stopped_by), (Outcome::Loss, Some(0), StopReason::GameOver), "{s:?}");
    assert!(s.line.is_empty());
}

/// A budget too small for a proof gives `Unknown`, never a guess.
#[test]
fn tiny_budget_is_unknown() {
    let p = Position::start(Variant::Igisoro);
    for limits in [Limits::nodes(50), Limits::time(1)] {
        let s = solve::<Igisoro>(&p, &limits);
        assert_eq!(s.outcome, Outcome::Unknown, "{s:?}");
        assert!(s.line.is_empty() && s.turns.is_none());
        assert!(matches!(s.stopped_by, StopReason::Nodes | StopReason::Time), "{s:?}");
    }
    let s = solve::<Igisoro>(&p, &Limits::nodes(50));
    assert!(s.nodes <= 50, "{s:?}");
}

/// Setting the cancel flag from another thread stops the solver promptly,
/// with `Unknown` and the reason `Deadline`.
#[test]
fn cancellation_stops_the_solver() {
    let p = Position::start(Variant::Igisoro);
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits { budget: Budget::cancelled_by(flag.clone()), ..Limits::time(60_000) };
    let f = flag.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        f.store(true, Ordering::Relaxed);
    });
    let started = std::time::Instant::now();
    let s = solve::<Igisoro>(&p, &limits);
    t.join().unwrap();
    assert!(started.elapsed().as_secs_f64() < 5.0, "took {:?}", started.elapsed());
    assert_eq!(s.outcome, Outcome::Unknown);
    assert_eq!(s.stopped_by, StopReason::Deadline);
}
