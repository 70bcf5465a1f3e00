//! Win probability (issue 21, part 4): self-play data for the fit, and the
//! review-label comparison. Hand-run and reproducible: every search is
//! bounded by depth and nodes, never by time, so the games and scores are
//! the same whatever the machine's load.
//!
//! Subcommands:
//!
//! - `generate`: engine-vs-engine games per variant. Game `g` of a variant
//!   starts with `--min-opening..=--opening-plies` seeded uniform-random
//!   plies (seed `--seed + g`; after Ikibuguzo's scripted opening, whose
//!   plies are all alike), then both sides play the search's best move
//!   at `--depth` with at most `--nodes` nodes per move. Every position
//!   where the game goes on is written with the search's score for the side
//!   to move (the one that chose the move), a few cheap features from the
//!   side to move's view and the game's result for the side to move: 1 won,
//!   0 lost, 0.5 for a game that reached a position proven unable to end
//!   (where it stops: nobody can win it), and for a game still on after
//!   `--max-plies` plies, the material verdict (more seeds won, 0.5 for
//!   equal seeds; `cut` = 1). `--playing`: level 10's playing search
//!   (`Limits::playing`) at the same depth, to check the fitted model on
//!   the scores level 10 reports.
//!   Issue 41's options: `--time-ms T` (timed searches: level 10 as
//!   `best_move(10, T)` plays, an analysis as `analyse(time_ms=T)`; depends
//!   on the load), `--depth 0` (no depth bound: node-bounded deep searches
//!   standing for a time, with `--tt-bits` level 10's table for it),
//!   `--both` (both kinds of search at every position, a `search` column
//!   telling the rows apart), `--in-script` (the random plies counted from
//!   the start, inside Ikibuguzo's scripted opening, as the issue did).
//!   A game in which one search ran into the `--safety-s` deadline (a
//!   safety net for the rare giant turn; node limits decide everything
//!   else) is left out whole and counted. Columns: see [`HEADER`].
//! - `review`: seeded games between two noisy levels, each ply judged as
//!   `python/igisoro/review.py` does (best move at `--depth`, the move
//!   played at `--depth - 1` from the position after it) and labelled both
//!   by the seed loss (review.py's thresholds) and by the drop in win
//!   probability ([`igisoro_core::search::win_probability`]): the mover's
//!   probability after the best move (the best line's score, seen from the
//!   position after that move) minus after the move played, both with the
//!   opponent to move; prints the two labellings side by side, how many
//!   labels fall in decided positions and on moves that turned the game,
//!   and (up to `--show`) the plies the drop judges more severely or the
//!   seed loss two steps more severely.
//!
//! - `predict --data F`: the core's probability for every row of a
//!   `generate --notation` file, to check the Rust constants against the
//!   fit (`bench/winprob_fit.py --rust`).
//!
//! Run (the recorded runs are in docs/benchmarks/win-probability.md):
//! `cargo run --release -p igisoro-bench --bin winprob -- generate --variants igisoro:3000,igisoro-wikipedia:300,igisoro-fr:300,ikibuguzo-1:3000,ikibuguzo-2:3000 --depth 4 --max-plies 300 --out bench/data/winprob/selfplay-d4.tsv`
//! (then `gzip -9` it: the fit reads `.tsv.gz`)
//! (`--variants name:games,...`: games per variant; `all`: every variant, `--games` each)
//! `cargo run --release -p igisoro-bench --bin winprob -- generate --variants igisoro:600,igisoro-wikipedia:40,igisoro-fr:40,ikibuguzo-1:600,ikibuguzo-2:600 --depth 3 --max-plies 300 --seed 3100000 --out bench/data/winprob/check-d3.tsv`
//! (games of another depth, to check the fit with)
//! `cargo run --release -p igisoro-bench --bin winprob -- review --variant igisoro --games 40 --depth 4`

use igisoro_bench::{arg, fail};
use igisoro_core::any_position::Family;
use igisoro_core::board4x8::rules::Opening;
use igisoro_core::board4x8::{self as b4, Igisoro};
use igisoro_core::budget::{with_budget, Budget};
use igisoro_core::explore::{play, random_move, status};
use igisoro_core::isolo::{self as iso, Isolo};
use igisoro_core::moves::parse_move;
use igisoro_core::review::{for_mover, value as seed_value};
use igisoro_core::rng::Rng;
use igisoro_core::search::win_probability::{win_probability, WinModel};
use igisoro_core::search::{analyse, best_move, best_move_until, Limits, Score, StopReason};
use igisoro_core::{Side, Status};
use std::io::Write;
use std::time::{Duration, Instant};

/// The output's columns, tab-separated, one position per line. Scores and
/// features are from the side to move's view (`me`); `kind` is `cs`
/// (centiseeds in `score`), `win` or `loss` (a proven result, `turns` in
/// `score`); `result` is the game's result for the side to move.
/// With `--notation`, a last column holds the position's notation (the
/// tracked data leaves it out: it is two thirds of the file).
/// `search` is the kind of search whose score the row holds (`analysis` or
/// `playing`, level 10's), `nodes` the positions it visited.
const HEADER: &str = "game\tvariant\tply\tside\tkind\tscore\tdepth\tseeds_me\tseeds_them\tinner_me\tinner_them\tstarts_me\tstarts_them\tresult\tcut\tlength\tsearch\tnodes";

/// What the data tool needs from a rule system beyond the search: start
/// positions by name and the cheap features.
trait Sample: Family + WinModel {
    /// The start position of a variant name of this family.
    fn start(name: &str) -> Option<Self::Pos>;
    /// The variant's name.
    fn variant(p: &Self::Pos) -> &'static str;
    /// Seeds held by `side`.
    fn seeds(p: &Self::Pos, side: Side) -> u32;
    /// Seeds in `side`'s inner row (Isolo: its only row).
    fn inner(p: &Self::Pos, side: Side) -> u32;
    /// Pits of `side` holding enough seeds to start a turn.
    fn starts(p: &Self::Pos, side: Side) -> u32;
    /// Plies of a scripted opening still to come (Ikibuguzo's Ludii
    /// openings): random plies there would all be the same, so the random
    /// plies of an opening come after them.
    fn scripted(p: &Self::Pos) -> u32;
}

impl Sample for Igisoro {
    fn start(name: &str) -> Option<b4::Position> {
        name.parse().ok().map(b4::Position::start)
    }
    fn variant(p: &b4::Position) -> &'static str {
        p.variant().name()
    }
    fn seeds(p: &b4::Position, side: Side) -> u32 {
        p.seeds(side)
    }
    fn inner(p: &b4::Position, side: Side) -> u32 {
        p.local_pits()[side.index()][8..].iter().map(|&c| c as u32).sum()
    }
    fn starts(p: &b4::Position, side: Side) -> u32 {
        let min = p.rules().min_seeds.max(1);
        p.local_pits()[side.index()].iter().filter(|&&c| c >= min).count() as u32
    }
    fn scripted(p: &b4::Position) -> u32 {
        match p.rules().opening {
            Opening::LudiiOpening1 | Opening::LudiiOpening2 => p.opening_plies() as u32,
            _ => 0,
        }
    }
}

impl Sample for Isolo {
    fn start(name: &str) -> Option<iso::Position> {
        name.parse().ok().map(iso::Position::start)
    }
    fn variant(p: &iso::Position) -> &'static str {
        p.variant().name()
    }
    fn seeds(p: &iso::Position, side: Side) -> u32 {
        p.seeds(side)
    }
    fn inner(p: &iso::Position, side: Side) -> u32 {
        p.seeds(side)
    }
    fn starts(p: &iso::Position, side: Side) -> u32 {
        p.local_rows()[side.index()].iter().filter(|&&c| c > 0).count() as u32
    }
    fn scripted(_: &iso::Position) -> u32 {
        0
    }
}

/// Every variant the tool knows, 4x8 family first.
const VARIANTS: [&str; 6] = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2", "isolo"];

/// Settings of one `generate` run.
#[derive(Clone, Copy)]
struct Gen {
    games: u64,
    seed: u64,
    opening_plies: u32,
    min_opening: u32,
    depth: u32,
    nodes: u64,
    max_plies: u32,
    safety_s: f64,
    notation: bool,
    /// Level 10's playing search (reductions, learned correction) instead
    /// of an analysis, to score its values with the fitted model.
    playing: bool,
    /// `--time-ms T`: every search bounded by `T` ms of wall time instead
    /// (depth unbounded, `--nodes` ignored): level 10 exactly as
    /// `best_move(level 10, T)` plays, an analysis as `analyse(time_ms=T)`
    /// answers (with its solver share). Depends on the machine's load.
    time_ms: Option<u64>,
    /// `--both`: at every position also search with the other kind of
    /// search (same limits) and write its row too (`search` column); the
    /// game goes on with the first kind's move.
    both: bool,
    /// `--tt-bits B`: the table size of a node-bounded search (default:
    /// the analysis default; level 10 sizes its table by its time budget,
    /// `level::table_bits`, and a node budget standing for a time should
    /// pass that size).
    tt_bits: Option<u32>,
    /// `--in-script`: the random plies count from the start, inside
    /// Ikibuguzo's scripted opening (where every ply is forced), as a
    /// caller playing "4 random plies" from the start does: Ikibuguzo's
    /// games then all reach the script's end alike, and the engine plays
    /// its last plies (issue 41's check of the win probability).
    in_script: bool,
}

/// Nodes and process CPU seconds of a run, to turn a time budget into a
/// node budget (nodes per CPU second are what an idle core would give).
static NODES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// This process's CPU time (user + system) in seconds, from /proc (Linux).
fn cpu_s() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(") ").map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the name.
    let ticks: f64 = f.get(11).and_then(|x| x.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// One search of `p` by the settings `s`, playing (level 10) or not.
fn search<G: Sample>(p: &G::Pos, s: &Gen, playing: bool) -> igisoro_core::search::Analysis {
    let a = match s.time_ms {
        Some(t) if playing => best_move_until::<G>(p, 10, t, 0, &safety(s.safety_s)),
        Some(t) => {
            analyse::<G>(p, &Limits { depth: None, time_ms: Some(t), budget: safety(s.safety_s), ..Limits::default() })
        }
        None => analyse::<G>(
            p,
            &Limits {
                depth: (s.depth > 0).then_some(s.depth),
                nodes: Some(s.nodes),
                budget: safety(s.safety_s),
                playing,
                tt_bits: s.tt_bits.unwrap_or(Limits::default().tt_bits),
                ..Limits::default()
            },
        ),
    };
    NODES.fetch_add(a.nodes, std::sync::atomic::Ordering::Relaxed);
    a
}

/// A safety deadline `s` seconds from now (see the module docs).
fn safety(s: f64) -> Budget {
    Budget::until(Instant::now() + Duration::from_secs_f64(s))
}

/// The position after the search's move `a` (`None`: no move came back).
fn play_move<G: Family>(p: &G::Pos, mv: &str) -> G::Pos {
    let choices = parse_move::<G>(p, mv).expect("the engine's move parses");
    play::<G>(p, &choices).expect("the engine's move is legal").result
}

/// `plies` uniform-random plies from `start` (each within the safety
/// deadline); `None` when one found no move or ran out of time, or the
/// game ended.
fn opening<G: Sample>(start: &G::Pos, plies: u32, rng: &mut Rng, safety_s: f64) -> Option<G::Pos> {
    let mut p = start.clone();
    for _ in 0..plies {
        let budget = safety(safety_s);
        match with_budget(budget, || random_move::<G>(&p, rng)) {
            (Some((q, _)), false) => p = q,
            _ => return None,
        }
    }
    (status::<G>(&p) == Status::Ongoing).then_some(p)
}

/// The material verdict of a game cut at the ply cap.
fn by_material<G: Sample>(p: &G::Pos) -> Option<Side> {
    match G::seeds(p, Side::South).cmp(&G::seeds(p, Side::North)) {
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    }
}

/// One self-play game: its lines, or `None` when a search hit the safety
/// deadline (or the opening failed).
fn game<G: Sample>(start: &G::Pos, id: u64, g: u64, s: &Gen) -> Option<Vec<String>> {
    let mut rng = Rng::new((s.seed + g).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x3117);
    let plies = if s.in_script { 0 } else { G::scripted(start) }
        + s.min_opening
        + rng.below((s.opening_plies.max(s.min_opening) - s.min_opening) as usize + 1) as u32;
    let mut p = opening::<G>(start, plies, &mut rng, s.safety_s)?;
    let mut rows: Vec<(G::Pos, Score, u32, u32, bool, u64)> = Vec::new();
    let mut ply = plies;
    let (winner, cut) = loop {
        match status::<G>(&p) {
            Status::Won { winner, .. } => break (Some(winner), false),
            // Proven: neither side can win from here (docs/RULES.md, "Games
            // that cannot end"), so the game's result is a half for each.
            Status::Endless { .. } => break (None, false),
            Status::Ongoing => {}
        }
        if ply >= s.max_plies {
            break (by_material::<G>(&p), true);
        }
        let a = search::<G>(&p, s, s.playing);
        if a.stopped_by == StopReason::Deadline {
            eprintln!("game {id} left out: a search ran into the safety deadline at ply {ply}");
            return None;
        }
        let Some(mv) = a.best_move.clone() else { break (Some(G::to_move(&p).other()), false) };
        rows.push((p.clone(), a.score, a.depth, ply, s.playing, a.nodes));
        if s.both {
            let b = search::<G>(&p, s, !s.playing);
            if b.stopped_by == StopReason::Deadline {
                eprintln!("game {id} left out: a search ran into the safety deadline at ply {ply}");
                return None;
            }
            rows.push((p.clone(), b.score, b.depth, ply, !s.playing, b.nodes));
        }
        p = play_move::<G>(&p, &mv);
        ply += 1;
    };
    let length = ply;
    let out = rows
        .into_iter()
        .map(|(q, score, depth, ply, playing, nodes)| {
            let me = G::to_move(&q);
            let result = match winner {
                Some(w) if w == me => "1",
                Some(_) => "0",
                None => "0.5",
            };
            let (kind, value) = match score {
                Score::Centiseeds(c) => ("cs", c as i64),
                Score::Win { turns } => ("win", turns as i64),
                Score::Loss { turns } => ("loss", turns as i64),
            };
            let them = me.other();
            format!(
                "{id}\t{}\t{ply}\t{}\t{kind}\t{value}\t{depth}\t{}\t{}\t{}\t{}\t{}\t{}\t{result}\t{}\t{length}\t{}\t{nodes}{}",
                G::variant(&q),
                me.name(),
                G::seeds(&q, me),
                G::seeds(&q, them),
                G::inner(&q, me),
                G::inner(&q, them),
                G::starts(&q, me),
                G::starts(&q, them),
                cut as u8,
                if playing { "playing" } else { "analysis" },
                if s.notation { format!("\t{}", G::notation(&q)) } else { String::new() },
            )
        })
        .collect();
    Some(out)
}

/// `generate` for one variant: returns (games kept, games left out: the
/// random opening ended the game or a search hit the safety deadline,
/// positions).
fn generate_variant<G: Sample>(name: &str, index: u64, s: &Gen, out: &mut impl Write, t0: Instant) -> (u64, u64, u64) {
    let start = G::start(name).unwrap_or_else(|| fail(&format!("unknown variant {name}")));
    let (mut kept, mut dropped, mut positions) = (0, 0, 0);
    for g in 0..s.games {
        // Game ids are unique across variants: the fit splits by game id.
        let id = index * 1_000_000 + g;
        match game::<G>(&start, id, g, s) {
            Some(lines) => {
                kept += 1;
                positions += lines.len() as u64;
                for l in lines {
                    writeln!(out, "{l}").unwrap();
                }
            }
            None => dropped += 1,
        }
        if g % 50 == 49 {
            out.flush().unwrap();
            eprintln!("{name}: {} games, {positions} positions, {:.0} s", g + 1, t0.elapsed().as_secs_f64());
        }
    }
    (kept, dropped, positions)
}

fn generate() {
    let s = Gen {
        games: arg("--games", 200),
        seed: arg("--seed", 2_100_000),
        opening_plies: arg("--opening-plies", 8),
        min_opening: arg("--min-opening", 2),
        depth: arg("--depth", 3),
        nodes: arg("--nodes", 200_000),
        max_plies: arg("--max-plies", 200),
        safety_s: arg("--safety-s", 20.0),
        notation: std::env::args().any(|a| a == "--notation"),
        playing: std::env::args().any(|a| a == "--playing"),
        time_ms: std::env::args().any(|a| a == "--time-ms").then(|| arg("--time-ms", 10)),
        both: std::env::args().any(|a| a == "--both"),
        tt_bits: std::env::args().any(|a| a == "--tt-bits").then(|| arg("--tt-bits", 18)),
        in_script: std::env::args().any(|a| a == "--in-script"),
    };
    let variants: String = arg("--variants", "all".to_string());
    let out: String = arg("--out", "bench/data/winprob/selfplay.tsv".to_string());
    // `name` or `name:games` (that variant's own game count).
    let names: Vec<(&str, u64)> = if variants == "all" {
        VARIANTS.iter().map(|&v| (v, s.games)).collect()
    } else {
        variants
            .split(',')
            .map(|v| match v.split_once(':') {
                Some((n, g)) => (n, g.parse().unwrap_or_else(|_| fail(&format!("--variants {v}: games")))),
                None => (v, s.games),
            })
            .collect()
    };
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).unwrap_or_else(|e| fail(&format!("{out}: {e}"))));
    writeln!(f, "{HEADER}{}", if s.notation { "\tnotation" } else { "" }).unwrap();
    let t0 = Instant::now();
    for (name, games) in names {
        let s = Gen { games, ..s };
        let index =
            VARIANTS.iter().position(|v| *v == name).unwrap_or_else(|| fail(&format!("unknown variant {name}")));
        let t = Instant::now();
        let (c0, n0) = (cpu_s(), NODES.load(std::sync::atomic::Ordering::Relaxed));
        let (kept, dropped, positions) = if name == "isolo" {
            generate_variant::<Isolo>(name, index as u64, &s, &mut f, t0)
        } else {
            generate_variant::<Igisoro>(name, index as u64, &s, &mut f, t0)
        };
        let (cpu, nodes) = (cpu_s() - c0, NODES.load(std::sync::atomic::Ordering::Relaxed) - n0);
        println!(
            "generate {name}: {kept} games ({dropped} left out: opening ended the game, or deadline), {positions} positions, depth {}, nodes {}, \
             time {:?} ms, playing {}, both {}, max plies {}, seed {}, {:.0} s; searched {nodes} nodes in {cpu:.1} CPU s ({:.0} nodes per CPU s)",
            s.depth,
            s.nodes,
            s.time_ms,
            s.playing,
            s.both,
            s.max_plies,
            s.seed,
            t.elapsed().as_secs_f64(),
            nodes as f64 / cpu.max(1e-9)
        );
    }
    f.flush().unwrap();
    println!("-> {out} ({:.0} s)", t0.elapsed().as_secs_f64());
}

/// review.py's labels by seed loss: (label, minimum loss in seeds).
const SEED_THRESHOLDS: [(&str, f64); 3] = [("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0)];
/// The same score from the other side's view.
fn negated(s: Score) -> Score {
    match s {
        Score::Centiseeds(c) => Score::Centiseeds(-c),
        Score::Win { turns } => Score::Loss { turns },
        Score::Loss { turns } => Score::Win { turns },
    }
}

/// review.py's `label`: the seed loss and its label.
fn seed_label(best: Score, played: Score) -> (f64, Option<&'static str>) {
    let loss = (seed_value(best) - seed_value(played)).max(0.0);
    let forced = matches!(best, Score::Win { .. }) && !matches!(played, Score::Win { .. })
        || matches!(played, Score::Loss { .. }) && !matches!(best, Score::Loss { .. });
    if forced {
        return (loss, Some("blunder"));
    }
    (loss, SEED_THRESHOLDS.iter().find(|(_, at)| loss >= *at).map(|(n, _)| *n))
}

/// A label by the drop in win probability, with thresholds for
/// (inaccuracy, mistake, blunder).
fn drop_label(drop: f64, t: [f64; 3]) -> Option<&'static str> {
    if drop >= t[2] {
        Some("blunder")
    } else if drop >= t[1] {
        Some("mistake")
    } else if drop >= t[0] {
        Some("inaccuracy")
    } else {
        None
    }
}

/// One reviewed ply.
struct Reviewed {
    game: u64,
    ply: u32,
    side: Side,
    played: String,
    best: String,
    best_score: Score,
    played_score: Score,
    loss: f64,
    seed: Option<&'static str>,
    /// The mover's win probability after the best move and after the
    /// move played.
    before: f64,
    after: f64,
    notation: String,
    /// The mover's result in the game (1, 0.5, 0).
    result: f64,
}

fn score_text(s: Score) -> String {
    match s {
        Score::Centiseeds(c) => format!("{:+.2}", c as f64 / 100.0),
        Score::Win { turns } => format!("win in {turns}"),
        Score::Loss { turns } => format!("loss in {turns}"),
    }
}

/// One game between two levels from a seeded opening, reviewed ply by ply.
fn review_game<G: Sample>(
    start: &G::Pos,
    g: u64,
    levels: [u8; 2],
    depth: u32,
    max_plies: u32,
    seed: u64,
) -> Vec<Reviewed> {
    let mut rng = Rng::new((seed + g).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x4E71);
    let plies = G::scripted(start) + 2 + rng.below(5) as u32;
    let Some(mut p) = opening::<G>(start, plies, &mut rng, 20.0) else { return vec![] };
    let mut out = Vec::new();
    let mut ply = plies;
    while status::<G>(&p) == Status::Ongoing && ply < max_plies {
        let side = G::to_move(&p);
        // A noisy level picks the move (deterministic: its depth bound ends
        // the search long before the generous time).
        let chosen = best_move::<G>(&p, levels[side.index()], 600_000, seed ^ (g << 20) ^ ply as u64);
        let Some(mv) = chosen.best_move else { break };
        let after = play_move::<G>(&p, &mv);
        // review.py: the best move at `depth`, the move played at `depth - 1`.
        let best = analyse::<G>(&p, &Limits::depth(depth));
        let Some(best_mv) = best.best_move.clone() else { break };
        let canonical = igisoro_core::moves::format_move::<G>(&p, &parse_move::<G>(&p, &mv).unwrap());
        // The mover's probability after a move, from the search of the
        // position after it (the opponent's view when sides alternate).
        // Both moves are judged after the move, so the probabilities
        // compared have the same side to move.
        let mover_after = |q: &G::Pos, score_there: Score| {
            let wp = win_probability::<G>(q, score_there);
            if G::to_move(q) == side {
                wp
            } else {
                1.0 - wp
            }
        };
        let best_after = play_move::<G>(&p, &best_mv);
        let best_there = if G::to_move(&best_after) == side { best.score } else { negated(best.score) };
        let best_p = mover_after(&best_after, best_there);
        let (played_score, after_p) = if canonical == best_mv {
            (best.score, best_p)
        } else {
            let reply = analyse::<G>(&after, &Limits::depth(depth.saturating_sub(1).max(1)));
            (for_mover(reply.score, G::to_move(&after) == side), mover_after(&after, reply.score))
        };
        let (loss, seed_lbl) = seed_label(best.score, played_score);
        out.push(Reviewed {
            game: g,
            ply,
            side,
            played: canonical,
            best: best_mv,
            best_score: best.score,
            played_score,
            loss,
            seed: seed_lbl,
            before: best_p,
            after: after_p,
            notation: G::notation(&p),
            result: 0.0,
        });
        p = after;
        ply += 1;
    }
    // The game's result for each mover (a game still on at the ply cap by
    // material, as `generate` scores it).
    let winner = match status::<G>(&p) {
        Status::Won { winner, .. } => Some(winner),
        Status::Ongoing | Status::Endless { .. } => by_material::<G>(&p),
    };
    for r in &mut out {
        r.result = match winner {
            Some(w) if w == r.side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    out
}

fn review() {
    let variant: String = arg("--variant", "igisoro".to_string());
    let games: u64 = arg("--games", 6);
    let depth: u32 = arg("--depth", 4);
    let seed: u64 = arg("--seed", 2_200_000);
    let max_plies: u32 = arg("--max-plies", 120);
    let levels: String = arg("--levels", "5,6".to_string());
    let lv: Vec<u8> = levels.split(',').map(|l| l.parse().unwrap_or_else(|_| fail("--levels a,b"))).collect();
    let levels = [lv[0], *lv.get(1).unwrap_or(&lv[0])];
    // The win-probability thresholds compared: `--wp t1,t2,t3` (inaccuracy,
    // mistake, blunder), several sets separated by `/`.
    let sets: String = arg("--wp", "0.05,0.10,0.15/0.10,0.20,0.30".to_string());
    let sets: Vec<[f64; 3]> = sets
        .split('/')
        .map(|t| {
            let v: Vec<f64> = t.split(',').map(|x| x.parse().unwrap_or_else(|_| fail("--wp a,b,c/..."))).collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    let mut all = Vec::new();
    for g in 0..games {
        let r = if variant == "isolo" {
            review_game::<Isolo>(&Isolo::start(&variant).unwrap(), g, levels, depth, max_plies, seed)
        } else {
            let start = Igisoro::start(&variant).unwrap_or_else(|| fail(&format!("unknown variant {variant}")));
            review_game::<Igisoro>(&start, g, levels, depth, max_plies, seed)
        };
        all.extend(r);
    }
    println!("review {variant}: {games} games, levels {levels:?}, depth {depth}, seed {seed}: {} plies", all.len());
    let names = [None, Some("inaccuracy"), Some("mistake"), Some("blunder")];
    let name = |l: Option<&str>| l.unwrap_or("-").to_string();
    for t in &sets {
        println!("\nwin-probability drop thresholds {t:?} (rows: seed-loss label, columns: drop label)");
        println!("| seed \\ drop | - | inaccuracy | mistake | blunder |");
        println!("|---|---|---|---|---|");
        for a in names {
            let row: Vec<String> = names
                .iter()
                .map(|&b| {
                    all.iter()
                        .filter(|r| r.seed == a && drop_label((r.before - r.after).max(0.0), *t) == b)
                        .count()
                        .to_string()
                })
                .collect();
            println!("| {} | {} |", name(a), row.join(" | "));
        }
        // Labels given where the mover's position was already decided
        // either way (after the best move, p < 0.1 or p > 0.9).
        let decided = |r: &&Reviewed| r.before < 0.1 || r.before > 0.9;
        let seed_dec = all.iter().filter(decided).filter(|r| r.seed.is_some()).count();
        let seed_all = all.iter().filter(|r| r.seed.is_some()).count();
        let wp_dec =
            all.iter().filter(decided).filter(|r| drop_label((r.before - r.after).max(0.0), *t).is_some()).count();
        let wp_all = all.iter().filter(|r| drop_label((r.before - r.after).max(0.0), *t).is_some()).count();
        println!(
            "labelled plies: seed loss {seed_all} ({seed_dec} in positions already decided, p < 0.1 or > 0.9), \
             drop {wp_all} ({wp_dec} decided)"
        );
        // Whether the labelled move went with a change of the mover's
        // fate: it was expected to win after the best move (p > 0.5) and
        // lost the game. A label on a move that changed nothing (the game
        // went as expected before it) tells the player less.
        let turned = |r: &&&Reviewed| r.before > 0.5 && r.result < 0.5;
        for (scheme, pick) in [
            ("seed loss", &(|r: &&Reviewed| r.seed.is_some()) as &dyn Fn(&&Reviewed) -> bool),
            ("drop", &|r: &&Reviewed| drop_label((r.before - r.after).max(0.0), *t).is_some()),
        ] {
            let labelled: Vec<&Reviewed> = all.iter().filter(|r| pick(r)).collect();
            let n = labelled.iter().filter(turned).count();
            println!(
                "  {scheme}: {} labelled plies, {n} of them by a mover expected to win after the best move who lost the game",
                labelled.len()
            );
        }
    }
    let t = sets[0];
    println!(
        "\nplies where the drop label is more severe, or the seed label two steps more severe (drop thresholds {t:?}, \
         first --show):"
    );
    println!("| game | ply | side | played | best | best score | played score | seed loss | seed label | p after best | p after played | drop label | mover's result | position |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let show: usize = arg("--show", 30);
    let rank = |l: Option<&str>| names.iter().position(|&n| n == l).unwrap() as i32;
    let mut shown = 0;
    for r in &all {
        let d = drop_label((r.before - r.after).max(0.0), t);
        // Every ply the drop judges more severely; the others only when two
        // steps apart.
        if (rank(d) > rank(r.seed) || rank(r.seed) - rank(d) >= 2) && shown < show {
            shown += 1;
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {:.2} | {} | {:.3} | {:.3} | {} | {} | `{}` |",
                r.game,
                r.ply,
                r.side.name(),
                r.played,
                r.best,
                score_text(r.best_score),
                score_text(r.played_score),
                r.loss,
                name(r.seed),
                r.before,
                r.after,
                name(d),
                r.result,
                r.notation
            );
        }
    }
}

/// `predict --data F`: the core's win probability for every row of a
/// `generate --notation` file, one per line, for checking that the Rust
/// constants and features match the fit (`bench/winprob_fit.py --rust F`).
fn predict() {
    use igisoro_core::any_position::AnyPosition;
    use std::io::BufRead;
    let data: String = arg("--data", String::new());
    let file = std::fs::File::open(&data).unwrap_or_else(|e| fail(&format!("--data {data}: {e}")));
    let mut lines = std::io::BufReader::new(file).lines().map(|l| l.expect("readable"));
    let header: Vec<String> = lines.next().unwrap_or_default().split('\t').map(String::from).collect();
    let col = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| fail(&format!("no column {name}")));
    let (kind, score, notation) = (col("kind"), col("score"), col("notation"));
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for line in lines {
        let v: Vec<&str> = line.split('\t').collect();
        let n: i64 = v[score].parse().expect("score");
        let s = match v[kind] {
            "cs" => Score::Centiseeds(n as i32),
            "win" => Score::Win { turns: n as u32 },
            _ => Score::Loss { turns: n as u32 },
        };
        let p = AnyPosition::from_notation(v[notation]).unwrap_or_else(|e| fail(&format!("{}: {e}", v[notation])));
        writeln!(out, "{:.9}", p.win_probability(s)).unwrap();
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("generate") => generate(),
        Some("review") => review(),
        Some("predict") => predict(),
        _ => fail("usage: winprob generate|review|predict [options] (see the source's docs)"),
    }
}
