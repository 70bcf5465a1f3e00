//! The reference set of contested positions (issue 41, target 1) and the
//! measure of an engine on it (target 2), hand-run.
//!
//! `refset build`: per variant, the start position and candidates from
//! level-10 self-play, screened and given a reference answer, appended to
//! `--dir`/`<variant>.jsonl` one JSON object per line as each is done.
//!
//! - Candidates: game `g` of a variant starts with `--random-plies` seeded
//!   uniform-random plies (seed `--seed`, the variant's index and `g`;
//!   after Ikibuguzo's scripted opening, whose plies are all alike), then
//!   both sides play level 10's playing search (`Limits::playing`, a table
//!   of 2^15 slots as level 10 has under 20 ms) bounded by `--move-nodes`
//!   nodes rather than by a clock: a few milliseconds' worth of nodes,
//!   counted, so that the games and so the candidates are the same on
//!   every machine and at any load. A game still on after `--max-plies`
//!   plies stops there. Its self-play plies are cut in thirds (opening,
//!   middle, ending) and one seeded ply of each third is a candidate:
//!   `<variant>/g<g>/<phase>`.
//! - Screening: a `--screen-ms` analysis (1 s). Kept as `contested` when
//!   its win probability is within [`--lo`, `--hi`] (0.1, 0.9). Otherwise a
//!   `--quick-ms` analysis (100 ms); where it proves nothing, the solver
//!   (`--solve-ms`) is run, and a proof it finds keeps the position as
//!   `proof-missed` (the solver proves a result that 100 ms misses). Every
//!   start position is kept (`start`) whatever its screening says.
//! - Reference: the solver within `--solve-ms` (60 s; its proof checked,
//!   `AnyPosition::solve`); without a proof, an analysis of `--ref-ms`
//!   (10 s) with a 2^`--ref-tt-bits` table, its depth recorded.
//! - Resumable: every candidate considered is also listed, kept or
//!   dropped, in `<variant>.screened.tsv`; a run skips what either file
//!   already holds (and a game whose three candidates it holds). A line cut
//!   short by a killed run is dropped from the file on the next start.
//! - `--per-variant N` (100) positions for the 4x8 variants and
//!   `--per-variant-isolo M` (50) for Isolo, counting what is already
//!   there; variants take turns game by game so that a short run covers
//!   them all. `--minutes T` stops starting candidates after T minutes.
//!
//! `refset measure --ms 100,1000`: every position of the set analysed at
//! each budget (`--playing`: level 10's playing search instead), per
//! variant: the mean |win probability - reference|, the share with the
//! reference's verdict (which side is better), the share of best moves
//! equal to the reference's (in a proven win another move may win too),
//! and the mean |wp at the first budget - wp at each other|; then each
//! start position's line. `--limit K`: the first K positions per variant.
//! `--recorded`: no search; the screening analyses the build recorded in
//! each record (`quick`, `screen`: 100 ms and 1 s) are measured instead,
//! the engine that built the set, at the load it was built under.
//!
//! `refset resolve --solve-ms 60000`: the solver again with a longer limit
//! on the records whose reference is an analysis (a proof found becomes
//! the reference, the analysis kept beside it); resumable.
//!
//! Run (the limits of the recorded run are in docs/benchmarks/stability.md):
//! `nice -n 19 target/release/refset build --solve-ms 10000 --ref-ms 10000`
//! `target/release/refset measure --ms 100,1000`

use igisoro_bench::refset::{
    game_status, parse_entry, play_text, random_ply, score_json, scripted_plies, Entry, Measure,
};
use igisoro_bench::{fail, opt as arg};
use igisoro_core::rng::Rng;
use igisoro_core::search::{Analysis, Limits, Outcome, Score, StopReason};
use igisoro_core::{variants, AnyPosition, Board, Budget, Status};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The build's settings (see the module docs for each option).
struct Cfg {
    dir: PathBuf,
    seed: u64,
    random_plies: u32,
    move_nodes: u64,
    max_plies: u32,
    safety_s: u64,
    screen_ms: u64,
    quick_ms: u64,
    solve_ms: u64,
    table_mb: i64,
    ref_ms: u64,
    ref_tt_bits: u32,
    lo: f64,
    hi: f64,
    per_variant: usize,
    per_variant_isolo: usize,
    games: u64,
    stop_at: Instant,
}

/// The variants named by `--variants` (`all`: every variant of the core).
fn chosen_variants() -> Vec<(&'static str, Board)> {
    let all: Vec<(&'static str, Board)> = variants().into_iter().map(|v| (v.name, v.board)).collect();
    let want: String = arg("--variants", "all".to_string());
    if want == "all" {
        return all;
    }
    want.split(',')
        .map(|w| {
            *all.iter().find(|(n, _)| *n == w).unwrap_or_else(|| {
                let names: Vec<&str> = all.iter().map(|(n, _)| *n).collect();
                fail(&format!("unknown variant {w:?}; expected one of {}", names.join(",")))
            })
        })
        .collect()
}

/// A comma-separated list of numbers, each at least 1.
fn budgets(name: &str, default: &str) -> Vec<u64> {
    let text: String = arg(name, default.to_string());
    text.split(',')
        .map(|t| match t.trim().parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => fail(&format!("{name} takes positive integers, comma-separated, not {text:?}")),
        })
        .collect()
}

/// One variant's files and what they hold.
struct Store {
    set: PathBuf,
    screened: PathBuf,
    /// Candidate ids already considered (kept or dropped).
    seen: HashSet<String>,
    /// Notations already in the set (one position once).
    notations: HashSet<String>,
    kept: usize,
}

/// The lines of `path` that `valid` accepts; a file holding others (a line
/// cut short when a run was killed) is rewritten without them, with a
/// warning.
fn valid_lines(path: &Path, valid: impl Fn(&str) -> bool) -> Vec<String> {
    let Ok(f) = File::open(path) else { return Vec::new() };
    let all: Vec<String> = BufReader::new(f).lines().map_while(Result::ok).collect();
    let good: Vec<String> = all.iter().filter(|l| valid(l)).cloned().collect();
    if good.len() != all.len() {
        eprintln!("{}: dropping {} invalid line(s) (a run cut short)", path.display(), all.len() - good.len());
        let mut text = good.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        std::fs::write(path, text).unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    }
    good
}

impl Store {
    fn open(dir: &Path, variant: &str) -> Store {
        let set = dir.join(format!("{variant}.jsonl"));
        let screened = dir.join(format!("{variant}.screened.tsv"));
        let mut seen = HashSet::new();
        let mut notations = HashSet::new();
        let records = valid_lines(&set, |l| parse_entry(l).is_ok());
        for l in &records {
            let v: Value = serde_json::from_str(l).expect("checked above");
            seen.insert(v["id"].as_str().unwrap_or_default().to_string());
            notations.insert(v["notation"].as_str().unwrap_or_default().to_string());
        }
        for l in valid_lines(&screened, |l| l.split('\t').count() == 4) {
            seen.insert(l.split('\t').next().unwrap_or_default().to_string());
        }
        Store { set, screened, seen, notations, kept: records.len() }
    }

    /// Append one line to `path` and flush it, so that a killed run leaves
    /// at most that line cut short.
    fn append(path: &Path, line: &str) {
        let mut f = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        f.write_all(format!("{line}\n").as_bytes())
            .and_then(|_| f.flush())
            .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
    }

    /// Note a candidate as considered: `verdict` is `kept`, `dropped` or
    /// `skipped` (a game that could not be played).
    fn note(&mut self, id: &str, verdict: &str, reason: &str, wp: Option<f64>) {
        let wp = wp.map_or("-".to_string(), |w| format!("{w:.3}"));
        Store::append(&self.screened, &format!("{id}\t{verdict}\t{reason}\t{wp}"));
        self.seen.insert(id.to_string());
    }
}

/// An analysis as JSON, with its win probability.
fn analysis_json(p: &AnyPosition, ms: u64, a: &Analysis) -> Value {
    json!({
        "ms": ms,
        "depth": a.depth,
        "score": score_json(a.score),
        "wp": p.win_probability(a.score),
        "best": a.best_move,
        "stopped_by": a.stopped_by.name(),
        "nodes": a.nodes,
    })
}

/// A time-bounded analysis (default limits otherwise).
fn timed(p: &AnyPosition, ms: u64, tt_bits: u32, playing: bool) -> Analysis {
    p.analyse(&Limits { tt_bits, playing, ..Limits::time(ms) })
}

/// The solver within `cfg.solve_ms`, its proof checked: the reference
/// when it proves a result.
fn solve(p: &AnyPosition, cfg: &Cfg) -> Option<Value> {
    solve_within(p, cfg.solve_ms, cfg.table_mb)
}

/// [`solve`] with its limits given.
fn solve_within(p: &AnyPosition, solve_ms: u64, table_mb: i64) -> Option<Value> {
    let limits = Limits::checked_budget(None, Some(solve_ms as i64), Budget::default(), Some(table_mb))
        .unwrap_or_else(|e| fail(&format!("--solve-ms / --table-mb: {e}")));
    let s = p.solve(&limits);
    let wp = match s.outcome {
        Outcome::Win => 1.0,
        Outcome::Loss => 0.0,
        Outcome::Unknown => return None,
    };
    Some(json!({
        "kind": "proof",
        "outcome": s.outcome.name(),
        "turns": s.turns,
        "wp": wp,
        "best": s.line.first(),
        "line": s.line,
        "ms": s.time_ms,
        "nodes": s.nodes,
        "solve_limit_ms": solve_ms,
    }))
}

/// `refset resolve --solve-ms N`: the solver again, with the longer limit
/// N, on every record whose reference is an analysis made with a shorter
/// solver limit; a proof it finds (checked) becomes the reference (the
/// analysis is kept beside it as `analysis`), and a record it does not
/// prove is marked as tried at N (`solve_limit_ms`), so a rerun resumes.
/// Each variant's file is rewritten after every record (write, then
/// rename). The build's limit can thus be raised afterwards, for the
/// positions already kept, without building again.
fn resolve() {
    let dir = PathBuf::from(arg("--dir", "bench/data/refset".to_string()));
    let solve_ms: u64 = arg("--solve-ms", 60_000);
    let table_mb: i64 = arg("--table-mb", 512);
    if solve_ms == 0 {
        fail("--solve-ms must be at least 1");
    }
    for (v, _) in chosen_variants() {
        let path = dir.join(format!("{v}.jsonl"));
        let mut records: Vec<Value> = valid_lines(&path, |l| parse_entry(l).is_ok())
            .iter()
            .map(|l| serde_json::from_str(l).expect("checked above"))
            .collect();
        let (mut tried, mut proved) = (0, 0);
        for i in 0..records.len() {
            let r = &records[i]["reference"];
            let limit = r["solve_limit_ms"].as_u64().unwrap_or(0);
            if r["kind"] != "analysis" || limit >= solve_ms {
                continue;
            }
            let notation = records[i]["notation"].as_str().unwrap_or_default().to_string();
            let p = AnyPosition::from_notation(&notation).unwrap_or_else(|e| fail(&format!("{notation}: {e}")));
            let t = Instant::now();
            tried += 1;
            match solve_within(&p, solve_ms, table_mb) {
                Some(mut proof) => {
                    proved += 1;
                    proof["analysis"] = records[i]["reference"].clone();
                    records[i]["reference"] = proof;
                }
                None => records[i]["reference"]["solve_limit_ms"] = json!(solve_ms),
            }
            println!(
                "{}: {} within {solve_ms} ms ({:.0} s)",
                records[i]["id"].as_str().unwrap_or("?"),
                if records[i]["reference"]["kind"] == "proof" { "proven" } else { "unproven" },
                t.elapsed().as_secs_f64()
            );
            let mut text: String = records.iter().map(|r| r.to_string() + "\n").collect();
            if text.is_empty() {
                text.push('\n');
            }
            let tmp = path.with_extension("jsonl.tmp");
            std::fs::write(&tmp, text)
                .and_then(|_| std::fs::rename(&tmp, &path))
                .unwrap_or_else(|e| fail(&format!("{}: {e}", path.display())));
        }
        println!("== {v}: {tried} analysed references solved again within {solve_ms} ms, {proved} proven");
    }
}

/// A position the build considers, with where it came from.
struct Candidate<'a> {
    variant: &'a str,
    /// `<variant>/start` or `<variant>/g<game>/<phase>`.
    id: String,
    /// `start`, `opening`, `middle` or `ending`.
    phase: &'a str,
    game: Option<u64>,
    ply: u32,
    position: AnyPosition,
}

/// Screen one candidate and, when kept, write it with its reference.
fn consider(store: &mut Store, c: Candidate, cfg: &Cfg) {
    let Candidate { variant, id, phase, game, ply, position: p } = c;
    let (id, p) = (id.as_str(), &p);
    let notation = p.notation();
    if store.notations.contains(&notation) {
        store.note(id, "dropped", "duplicate", None);
        return;
    }
    let t = Instant::now();
    let screen = timed(p, cfg.screen_ms, Limits::default().tt_bits, false);
    let wp = p.win_probability(screen.score);
    let quick = timed(p, cfg.quick_ms, Limits::default().tt_bits, false);
    let contested = (cfg.lo..=cfg.hi).contains(&wp);
    let quick_proves = matches!(quick.score, Score::Win { .. } | Score::Loss { .. });
    let (reason, proof) = if phase == "start" {
        ("start", solve(p, cfg))
    } else if contested {
        ("contested", solve(p, cfg))
    } else if quick_proves {
        store.note(id, "dropped", "decided", Some(wp));
        return;
    } else {
        match solve(p, cfg) {
            Some(proof) => ("proof-missed", Some(proof)),
            None => {
                store.note(id, "dropped", "decided-unproven", Some(wp));
                return;
            }
        }
    };
    let reference = proof.unwrap_or_else(|| {
        let a = timed(p, cfg.ref_ms, cfg.ref_tt_bits, false);
        let mut r = analysis_json(p, cfg.ref_ms, &a);
        r["kind"] = json!("analysis");
        r["pv"] = json!(a.pv);
        r["solve_limit_ms"] = json!(cfg.solve_ms);
        r
    });
    let record = json!({
        "id": id,
        "variant": variant,
        "phase": phase,
        "game": game,
        "ply": ply,
        "notation": notation,
        "reason": reason,
        "screen": analysis_json(p, cfg.screen_ms, &screen),
        "quick": analysis_json(p, cfg.quick_ms, &quick),
        "reference": reference,
        "build": {
            "seed": cfg.seed,
            "random_plies": cfg.random_plies,
            "move_nodes": cfg.move_nodes,
            "solve_ms": cfg.solve_ms,
            "ref_ms": cfg.ref_ms,
        },
    });
    Store::append(&store.set, &record.to_string());
    store.note(id, "kept", reason, Some(wp));
    store.notations.insert(notation);
    store.kept += 1;
    println!(
        "{id}: kept ({reason}), screening wp {wp:.2}, reference {} wp {:.2}, {:.0} s",
        record["reference"]["kind"].as_str().unwrap_or("?"),
        record["reference"]["wp"].as_f64().unwrap_or(f64::NAN),
        t.elapsed().as_secs_f64()
    );
}

/// Game `g` of `variant` (its index `vi`): the positions of its self-play
/// stretch with their plies, or why it could not be played.
fn self_play(start: &AnyPosition, vi: u64, g: u64, cfg: &Cfg) -> Result<Vec<(u32, AnyPosition)>, String> {
    let mut rng = Rng::new(cfg.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (vi << 40) ^ g);
    let mut p = start.clone();
    let mut ply = 0;
    for _ in 0..scripted_plies(start) + cfg.random_plies {
        p = random_ply(&p, &mut rng).ok_or("the random opening ended the game")?;
        ply += 1;
    }
    let mut out = Vec::new();
    while game_status(&p) == Status::Ongoing && ply < cfg.max_plies {
        let limits = Limits {
            depth: None,
            nodes: Some(cfg.move_nodes),
            budget: Budget::until(Instant::now() + Duration::from_secs(cfg.safety_s)),
            tt_bits: 15,
            playing: true,
            ..Limits::default()
        };
        let a = p.analyse(&limits);
        if a.stopped_by == StopReason::Deadline {
            return Err(format!("a search ran into the {} s safety deadline at ply {ply}", cfg.safety_s));
        }
        let Some(mv) = a.best_move else { break };
        let next = play_text(&p, &mv)?;
        out.push((ply, p));
        p = next;
        ply += 1;
    }
    Ok(out)
}

/// The three phases' candidates of a self-play stretch: one seeded ply in
/// each third.
fn candidates(stretch: &[(u32, AnyPosition)], vi: u64, g: u64, seed: u64) -> Vec<(&'static str, u32, AnyPosition)> {
    let n = stretch.len();
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_7A5E ^ (vi << 40) ^ (g << 8));
    let mut out = Vec::new();
    for (k, phase) in ["opening", "middle", "ending"].into_iter().enumerate() {
        let (lo, hi) = (k * n / 3, (k + 1) * n / 3);
        if hi > lo {
            let (ply, p) = &stretch[lo + rng.below(hi - lo)];
            out.push((phase, *ply, p.clone()));
        }
    }
    out
}

fn build() {
    let cfg = Cfg {
        dir: PathBuf::from(arg("--dir", "bench/data/refset".to_string())),
        seed: arg("--seed", 41),
        random_plies: arg("--random-plies", 4),
        move_nodes: arg("--move-nodes", 5000),
        max_plies: arg("--max-plies", 300),
        safety_s: arg("--safety-s", 30),
        screen_ms: arg("--screen-ms", 1000),
        quick_ms: arg("--quick-ms", 100),
        solve_ms: arg("--solve-ms", 60_000),
        table_mb: arg("--table-mb", 512),
        ref_ms: arg("--ref-ms", 10_000),
        ref_tt_bits: arg("--ref-tt-bits", 22),
        lo: arg("--lo", 0.1),
        hi: arg("--hi", 0.9),
        per_variant: arg("--per-variant", 100),
        per_variant_isolo: arg("--per-variant-isolo", 50),
        games: arg("--games", 10_000),
        stop_at: Instant::now() + Duration::from_secs(60 * arg::<u64>("--minutes", 1_000_000)),
    };
    if !(0.0..=1.0).contains(&cfg.lo) || !(cfg.lo..=1.0).contains(&cfg.hi) {
        fail("--lo and --hi must satisfy 0 <= lo <= hi <= 1");
    }
    if cfg.move_nodes == 0 || cfg.screen_ms == 0 || cfg.quick_ms == 0 || cfg.solve_ms == 0 || cfg.ref_ms == 0 {
        fail("--move-nodes, --screen-ms, --quick-ms, --solve-ms and --ref-ms must be at least 1");
    }
    std::fs::create_dir_all(&cfg.dir).unwrap_or_else(|e| fail(&format!("{}: {e}", cfg.dir.display())));
    let chosen = chosen_variants();
    let mut stores: Vec<Store> = chosen.iter().map(|(v, _)| Store::open(&cfg.dir, v)).collect();
    for ((v, _), s) in chosen.iter().zip(&stores) {
        println!("{v}: {} positions already, {} candidates considered", s.kept, s.seen.len());
    }
    let target = |b: Board| if b == Board::TwoRows { cfg.per_variant_isolo } else { cfg.per_variant };
    for ((v, _), store) in chosen.iter().zip(stores.iter_mut()) {
        let id = format!("{v}/start");
        if !store.seen.contains(&id) {
            let p = AnyPosition::start(v).expect("a listed variant");
            consider(store, Candidate { variant: v, id, phase: "start", game: None, ply: 0, position: p }, &cfg);
        }
    }
    let all_names: Vec<&str> = variants().into_iter().map(|v| v.name).collect();
    'games: for g in 0..cfg.games {
        let mut any = false;
        for ((v, board), store) in chosen.iter().zip(stores.iter_mut()) {
            if store.kept >= target(*board) {
                continue;
            }
            any = true;
            if Instant::now() >= cfg.stop_at {
                break 'games;
            }
            let ids: Vec<String> = ["opening", "middle", "ending"].iter().map(|ph| format!("{v}/g{g}/{ph}")).collect();
            let game_id = format!("{v}/g{g}/game");
            if store.seen.contains(&game_id) || ids.iter().all(|i| store.seen.contains(i)) {
                continue;
            }
            // The variant's index in the core's list, not in this run's,
            // so that a run over some variants meets the same games.
            let vi = all_names.iter().position(|n| n == v).unwrap_or(0) as u64;
            let start = AnyPosition::start(v).expect("a listed variant");
            let stretch = match self_play(&start, vi, g, &cfg) {
                Ok(s) => s,
                Err(why) => {
                    println!("{game_id}: skipped: {why}");
                    store.note(&game_id, "skipped", &why, None);
                    continue;
                }
            };
            for (phase, ply, p) in candidates(&stretch, vi, g, cfg.seed) {
                let id = format!("{v}/g{g}/{phase}");
                if !store.seen.contains(&id) && store.kept < target(*board) && Instant::now() < cfg.stop_at {
                    consider(store, Candidate { variant: v, id, phase, game: Some(g), ply, position: p }, &cfg);
                }
            }
        }
        if !any {
            break;
        }
    }
    for ((v, _), s) in chosen.iter().zip(&stores) {
        println!("== {v}: {} positions, {} candidates considered", s.kept, s.seen.len());
    }
}

/// A position's win probability and canonical best move at one budget
/// (`recorded`: the build's own analysis at that budget, no search).
fn measured(e: &Entry, ms: u64, playing: bool, recorded: bool) -> (f64, Option<String>) {
    if recorded {
        return match e.recorded.iter().find(|r| r.0 == ms) {
            Some((_, wp, best)) => (*wp, best.clone()),
            None => fail(&format!("{}: no recorded analysis of {ms} ms (--recorded takes the build's budgets)", e.id)),
        };
    }
    let a = timed(&e.position, ms, Limits::default().tt_bits, playing);
    let best = a.best_move.as_deref().and_then(|m| igisoro_bench::refset::canonical_move(&e.position, m));
    (e.position.win_probability(a.score), best)
}

fn measure() {
    let dir = PathBuf::from(arg("--dir", "bench/data/refset".to_string()));
    let ms = budgets("--ms", "100,1000");
    let playing = std::env::args().any(|a| a == "--playing");
    let recorded = std::env::args().any(|a| a == "--recorded");
    let verbose = std::env::args().any(|a| a == "--verbose");
    let limit: usize = arg("--limit", usize::MAX);
    println!(
        "reference set {}: {} at {} ms{}",
        dir.display(),
        if recorded {
            "the analyses recorded when the set was built"
        } else if playing {
            "level 10's playing search"
        } else {
            "analysis"
        },
        ms.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
        if limit < usize::MAX { format!(", first {limit} positions per variant") } else { String::new() }
    );
    for (v, _) in chosen_variants() {
        let path = dir.join(format!("{v}.jsonl"));
        let Ok(f) = File::open(&path) else {
            println!("{v}: no set ({} missing)", path.display());
            continue;
        };
        let entries: Vec<Entry> = BufReader::new(f)
            .lines()
            .map_while(Result::ok)
            .enumerate()
            .map(|(i, l)| parse_entry(&l).unwrap_or_else(|e| fail(&format!("{}:{}: {e}", path.display(), i + 1))))
            .take(limit)
            .collect();
        let mut per = vec![Measure::default(); ms.len()];
        let mut drift = vec![0.0; ms.len()];
        let mut starts = Vec::new();
        for e in &entries {
            let got: Vec<(f64, Option<String>)> = ms.iter().map(|&b| measured(e, b, playing, recorded)).collect();
            for (k, (wp, best)) in got.iter().enumerate() {
                per[k].add(*wp, best.as_deref(), e.wp, e.best.as_deref());
                drift[k] += (wp - got[0].0).abs();
            }
            let row = got.iter().map(|(w, b)| format!("{w:.2} {}", b.as_deref().unwrap_or("-"))).collect::<Vec<_>>();
            let line =
                format!("  {}: reference {:.2} {} | {}", e.id, e.wp, e.best.as_deref().unwrap_or("-"), row.join(" | "));
            if e.phase == "start" {
                starts.push(line);
            } else if verbose {
                println!("{line}");
            }
        }
        for (k, m) in per.iter().enumerate() {
            let vs_first = if k > 0 {
                format!(", mean |wp({} ms) - wp({} ms)| {:.3}", ms[0], ms[k], drift[k] / m.n.max(1) as f64)
            } else {
                String::new()
            };
            println!(
                "{v} at {} ms: {} positions, mean |wp - reference| {:.3}, same verdict {:.1}%, same best move {:.1}% (of {}){vs_first}",
                ms[k],
                m.n,
                m.mean_abs_err(),
                100.0 * m.verdict_share(),
                100.0 * m.best_share(),
                m.with_best
            );
        }
        for s in starts {
            println!("{s}");
        }
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("build") => build(),
        Some("measure") => measure(),
        Some("resolve") => resolve(),
        _ => fail(
            "usage: refset build [--variants all|a,b] [--solve-ms 60000] [--ref-ms 10000] [--minutes T] ...\n\
             \x20      refset measure [--ms 100,1000] [--playing | --recorded] [--limit K] [--verbose]\n\
             \x20      refset resolve [--variants all|a,b] [--solve-ms 60000]\n\
             (options: see the module docs, bench/src/bin/refset.rs)",
        ),
    }
}
