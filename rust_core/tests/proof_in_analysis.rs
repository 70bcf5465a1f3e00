//! Proofs inside analyses (issue 41, target 4): a timed analysis gives the
//! solver a share of its time (`Limits::solve_share`, `search::proof_first`)
//! and answers with its checked proof, `StopReason::Solved`. Checked on the
//! reference set's proven records (`bench/data/refset/*.jsonl`, reference
//! `kind: "proof"`) and its Ikibuguzo starts; depth- and node-limited
//! analyses must not change.

use igisoro_core::search::{Analysis, Limits, Outcome, Score, StopReason};
use igisoro_core::{AnyPosition, Budget, Side, Status};
use serde_json::Value;

/// One record of the reference set: its id, position and the reference's
/// win probability for the side to move (1 or 0 for a proof).
struct Record {
    id: String,
    position: AnyPosition,
    wp: f64,
    proof: bool,
}

/// Every record of the reference set (the files the bench builds).
fn records() -> Vec<Record> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/data/refset");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the reference set")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        for line in std::fs::read_to_string(&f).unwrap().lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).unwrap();
            let r = &v["reference"];
            out.push(Record {
                id: v["id"].as_str().unwrap().to_string(),
                position: AnyPosition::from_notation(v["notation"].as_str().unwrap()).unwrap(),
                wp: r["wp"].as_f64().unwrap(),
                proof: r["kind"].as_str() == Some("proof"),
            });
        }
    }
    out
}

fn proven_records() -> Vec<Record> {
    records().into_iter().filter(|r| r.proof).collect()
}

/// The budget of the analyses expected to come back solved: their solver's
/// share (a fifth, 1 s) is at least fifty times what their proofs take
/// alone, so a loaded machine still proves them, and a solved analysis
/// returns as soon as its proof is checked (1 s, a 200 ms share, once ran
/// out for a Python test of the same kind in the suite's parallel phase).
const SOLVED_MS: u64 = 5_000;

/// A timed analysis with the default share for the solver.
fn timed(ms: u64) -> Limits {
    Limits::time(ms)
}

/// The solver's expansions within which a record counts as "proven within
/// the share" (with [`QUICK_PROOF_MS`]): about 20 ms of the solver on an
/// idle machine (`solve_tt::NODES_PER_MS`), a fiftieth of the 1 s share of
/// the [`SOLVED_MS`] analyses below.
const QUICK_PROOF_NODES: i64 = 10_000;

/// The time within which the solver alone must have proven a record for it
/// to count as proven within the share, a tenth of the share: an expansion
/// can cost milliseconds where turns are big (`igisoro/g12/opening` took
/// longer than the share for 10,000 of them), so nodes alone do not say
/// it fits. A loaded machine only leaves records out, never fails one.
const QUICK_PROOF_MS: u64 = 20;

/// Whether the solver alone proves `r` within [`QUICK_PROOF_NODES`] and
/// [`QUICK_PROOF_MS`], with its proof checked; the outcome if so.
fn quick_proof(r: &Record) -> Option<Outcome> {
    let limits = Limits::checked_budget(Some(QUICK_PROOF_NODES), None, Budget::default(), None).unwrap();
    let s = r.position.solve(&limits);
    (s.outcome != Outcome::Unknown && s.proof_positions.is_some() && s.time_ms <= QUICK_PROOF_MS).then_some(s.outcome)
}

/// Whether the analysis answers the reference's proof: solved, the winner
/// the reference names, the proof's first move as best move and first
/// line, a win probability of exactly 1 or 0.
fn assert_solved_as(r: &Record, a: &Analysis) {
    assert_eq!(a.stopped_by, StopReason::Solved, "{}: {a:?}", r.id);
    let wins = matches!(a.score, Score::Win { .. });
    assert!(matches!(a.score, Score::Win { .. } | Score::Loss { .. }), "{}: {:?}", r.id, a.score);
    assert_eq!(wins, r.wp == 1.0, "{}: the reference's winner (wp {}), got {:?}", r.id, r.wp, a.score);
    assert_eq!(a.best_move.as_deref(), a.pv.first().map(String::as_str), "{}", r.id);
    assert_eq!(a.lines.len(), 1, "{}: one line, the proof's", r.id);
    assert_eq!((a.lines[0].score, &a.lines[0].pv), (a.score, &a.pv), "{}", r.id);
    assert_eq!(Score::from_value(a.lines[0].value), a.score, "{}: the internal value says the same", r.id);
    assert_eq!(a.depth as usize, a.pv.len(), "{}", r.id);
    let wp = r.position.win_probability(a.score);
    assert_eq!(wp, if wins { 1.0 } else { 0.0 }, "{}", r.id);
}

/// The winner a score names for the side to move of `p`.
fn winner_of(p: &AnyPosition, score: Score) -> Side {
    let me = p.to_move();
    if matches!(score, Score::Win { .. }) {
        me
    } else {
        me.other()
    }
}

/// A proven record, the first win the solver proves quickly
/// ([`quick_proof`]), gets a solved analysis whose move the proof
/// agrees with: after it the solver proves the same winner, its line
/// replays with the rules to the end of the game and that winner wins.
#[test]
fn a_proven_record_gets_the_proofs_move() {
    let r = proven_records()
        .into_iter()
        .find(|r| quick_proof(r) == Some(Outcome::Win))
        .expect("a quickly proven win in the reference set");
    let a = r.position.analyse(&timed(SOLVED_MS));
    assert_solved_as(&r, &a);
    let winner = winner_of(&r.position, a.score);
    // The proof's move keeps the win: after it the solver proves it again.
    let after = r.position.play(a.best_move.as_deref().unwrap(), Budget::default()).unwrap().result;
    let again = after.solve(&Limits::checked_budget(Some(100_000), None, Budget::default(), None).unwrap());
    assert_ne!(again.outcome, Outcome::Unknown, "{}: the position after the proof's move", r.id);
    let won_again = if again.outcome == Outcome::Win { after.to_move() } else { after.to_move().other() };
    assert_eq!(won_again, winner, "{}: the proof's move lets the win go", r.id);
    // The line is a real game: it replays and ends with that winner's win.
    let mut p = r.position.clone();
    for mv in &a.pv {
        p = p.play(mv, Budget::default()).unwrap_or_else(|e| panic!("{}: {mv}: {e}", r.id)).result;
    }
    match p.status(Budget::default()).unwrap() {
        Status::Won { winner: w, .. } => assert_eq!(w, winner, "{}: the line ends in the other side's win", r.id),
        other => panic!("{}: the proof line ends in {other:?}", r.id),
    }
}

/// Every proven record the solver proves within [`QUICK_PROOF_NODES`] and
/// [`QUICK_PROOF_MS`] comes back from a 1 s analysis solved, with the reference's winner; and
/// without a share (`solve_share: 0`) none of them is `Solved`, so the
/// share is what solves them. There are many such records (23 while
/// other tests ran beside it), so the test does not pass on an empty list.
#[test]
fn proven_records_within_the_share_are_solved_with_the_right_winner() {
    let mut checked = 0;
    for r in proven_records() {
        let Some(outcome) = quick_proof(&r) else { continue };
        assert_eq!(outcome == Outcome::Win, r.wp == 1.0, "{}: the solver against the reference", r.id);
        assert_solved_as(&r, &r.position.analyse(&timed(SOLVED_MS)));
        checked += 1;
        if checked <= 3 {
            let off = r.position.analyse(&Limits { solve_share: 0, ..timed(50) });
            assert_ne!(off.stopped_by, StopReason::Solved, "{}: solved without a share", r.id);
        }
    }
    assert!(
        checked >= 5,
        "only {checked} proven records proven within {QUICK_PROOF_NODES} expansions and {QUICK_PROOF_MS} ms"
    );
}

/// The Ikibuguzo starts are not solved within a share of 1 s (the
/// `ikibuguzo-1` start's proof takes 1.85 million expansions, about 3.3 s of
/// the solver alone, docs/benchmarks/solver.md; `ikibuguzo-2`'s start is
/// unproven after 20 minutes): a 1 s analysis gives a seed score, stopped by
/// its time. A solver that claimed either within 200 ms would fail here.
#[test]
fn the_ikibuguzo_starts_at_one_second_keep_a_seed_score() {
    for v in ["ikibuguzo-1", "ikibuguzo-2"] {
        let start = AnyPosition::start(v).unwrap();
        let a = start.analyse(&timed(1_000));
        assert_eq!(a.stopped_by, StopReason::Time, "{v}: {a:?}");
        assert!(matches!(a.score, Score::Centiseeds(_)), "{v}: {:?}", a.score);
        assert!(a.depth >= 1 && a.best_move.is_some(), "{v}: the search still ran: {a:?}");
    }
}

/// A position no side is proven to win (the reference set's `igisoro`
/// start, referenced by a long analysis) keeps the search's seed score.
#[test]
fn an_unproven_position_keeps_a_seed_score() {
    let r = records().into_iter().find(|r| r.id == "igisoro/start").expect("the igisoro start record");
    assert!(!r.proof);
    let a = r.position.analyse(&timed(200));
    assert_eq!(a.stopped_by, StopReason::Time, "{a:?}");
    assert!(matches!(a.score, Score::Centiseeds(_)), "{:?}", a.score);
    let wp = r.position.win_probability(a.score);
    assert!(0.0 < wp && wp < 1.0, "{wp}");
}

/// Depth- and node-limited analyses of a proven record do not use the
/// solver: identical calls give identical answers (time apart), the same
/// as with the share turned off, and never `Solved`.
#[test]
fn depth_and_node_limited_analyses_are_unchanged() {
    let same = |a: &Analysis| Analysis { time_ms: 0, ..a.clone() };
    let r = proven_records().into_iter().next().unwrap();
    for limits in [Limits::depth(3), Limits::nodes(5_000), Limits { multipv: 3, ..Limits::depth(2) }] {
        let a = r.position.analyse(&limits);
        assert_ne!(a.stopped_by, StopReason::Solved, "{}: {a:?}", r.id);
        assert_eq!(same(&a), same(&r.position.analyse(&limits)), "{}: not deterministic", r.id);
        assert_eq!(same(&a), same(&r.position.analyse(&Limits { solve_share: 0, ..limits.clone() })), "{}", r.id);
    }
}

/// A solved analysis has one line whatever `multipv` (the proof's), a node
/// limit bounds the solver as it bounds the search, and a playing search
/// (level 10's best move) keeps its time for the search.
#[test]
fn a_solved_analysis_has_one_line_and_play_does_not_solve() {
    let r = proven_records().into_iter().find(|r| quick_proof(r).is_some()).unwrap();
    let a = r.position.analyse(&Limits { multipv: 3, ..timed(SOLVED_MS) });
    assert_solved_as(&r, &a);
    // A node limit beside the time bounds the solver too.
    let bounded = r.position.analyse(&Limits { nodes: Some(50), ..timed(1_000) });
    assert!(bounded.nodes <= 50, "{}: {} nodes", r.id, bounded.nodes);
    let played = r.position.best_move(10, 100, 0, &Budget::default());
    assert_ne!(played.stopped_by, StopReason::Solved, "{}", r.id);
}
