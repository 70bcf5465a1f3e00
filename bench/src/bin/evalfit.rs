//! Evaluation fitting (issue 3): fit the static evaluation's weights to
//! search results and game results, then test the fitted evaluation in
//! fixed-depth games. Hand-run and reproducible (seeded, fixed depth).
//!
//! Three steps, each a subcommand:
//!
//! 1. `gen`: play seeded games and write every position with two labels.
//!    Game `g` starts with 4..=12 seeded uniform-random plies (seed
//!    `--seed + g`, so the data never reuses the match openings of seed 1),
//!    then each side plays a fixed-depth search (depth 2..=4, drawn per side)
//!    with our evaluation (`--eval old`, the default: the one before the
//!    fit, which made the recorded data; `--eval engine`: the current one)
//!    or the baseline's (drawn per side), so the positions come from varied
//!    but sensible play. Each position where the
//!    game goes on is written with its notation, the game's result from the
//!    side to move's view (1 win, 0 loss, 0.5 cut at the ply cap with equal
//!    material) and a deeper search value (`--label-depth`, the same
//!    `--eval`, node cap `--label-nodes`; forced results written as
//!    `W`/`L`).
//! 2. `fit`: compute the candidate features ([`FEATURES`]) of every position
//!    and fit (a) a logistic regression of the game result on them
//!    (Texel-style) and (b) a least-squares fit of the search value (forced
//!    results left out). Games with `g % 5 == 0` are held out and the fits
//!    are scored there (log loss, accuracy, root mean squared error) next
//!    to the evaluation before the fit, material alone and the baseline's
//!    evaluation, each with its best sigmoid scale. Weights are printed scaled to 100 per seed of material.
//! 3. `match`: the evaluation with given feature weights against the
//!    baseline evaluation, the engine's (`--vs engine`), the evaluation
//!    before the fit (`--vs old`) or other weights, both at the same fixed
//!    depth, over `--games / 2` seeded openings (the strength runs'
//!    openings: 4 random plies, `--seed 1`) played once with each colour.
//!
//! `speed` compares the evaluations' cost in CPU time.
//!
//! Run (see "Evaluation tuning" in `git show 923cacc^:BENCHMARKS.md` for the recorded runs):
//! `cargo run --release -p igisoro-bench --bin evalfit -- gen --rules baseline --games 3000 --label-depth 6 --out bench/data/evalfit/baseline.tsv`
//! `cargo run --release -p igisoro-bench --bin evalfit -- gen --rules igisoro --games 3000 --max-depth 3 --label-depth 4 --label-nodes 200000 --play-nodes 200000 --eval engine --search-s 5 --out bench/data/evalfit/igisoro.tsv`
//! `cargo run --release -p igisoro-bench --bin evalfit -- fit --data bench/data/evalfit/baseline.tsv`
//! `cargo run --release -p igisoro-bench --bin evalfit -- match --w material=100,mobility=12 --vs baseline --depth 3 --games 1000`
//! (`--nodes n` instead of `--depth`: a node budget per move, for rules
//! where fixed-depth moves can take minutes; `EVALFIT_PROGRESS=1` prints
//! the tally after every opening).

use igisoro_bench::arg;
use igisoro_bench::matches::{openings, paired_match, play_best, random_plies, rules_start, Eval, Player};
use igisoro_core::board4x8::rules::Opening;
use igisoro_core::board4x8::{notation, Igisoro, Position};
use igisoro_core::explore::status;
use igisoro_core::rng::Rng;
use igisoro_core::search::board4x8::static_eval::threats;
use igisoro_core::search::{analyse_with, Evaluate, Limits, Score, StopReason};
use igisoro_core::{Side, Status};
use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Candidate features, all from the side to move's view; `x - y` means
/// "mine minus the opponent's".
const FEATURES: [&str; 34] = [
    "material",        // seeds, mine - theirs
    "mobility",        // pits that can start a turn, mine - theirs
    "threat",          // my best single-lap capture (seeds), side to move only
    "opp_threat",      // the waiting side's best single-lap capture (seeds)
    "vulnerable",      // seeds in capturable columns, theirs - mine (eval.rs `exposed`)
    "inner",           // seeds in the inner row, mine - theirs
    "singles",         // pits with exactly one seed, mine - theirs
    "empty",           // empty pits, mine - theirs
    "n_threats",       // my start pits whose first lap captures
    "n_opp_threats",   // the waiting side's start pits whose first lap captures
    "big",             // pits with at least 8 seeds, mine - theirs
    "inner_occ",       // occupied inner pits, mine - theirs
    "tempo",           // 1: being the side to move
    "low_mob",         // 1 if I have at most 2 start pits
    "opp_low_mob",     // 1 if the opponent has at most 2 start pits
    "outer_occ",       // occupied outer pits, mine - theirs
    "sum_threats",     // seeds over all my capturing start pits (a column counted per pit)
    "opp_sum_threats", // the same for the waiting side
    // Seeds in local pit k (0..8 outer row, 8..16 inner, in sowing order), mine - theirs.
    "p0",
    "p1",
    "p2",
    "p3",
    "p4",
    "p5",
    "p6",
    "p7",
    "p8",
    "p9",
    "p10",
    "p11",
    "p12",
    "p13",
    "p14",
    "p15",
];
const K: usize = FEATURES.len();

fn exposed(me: &[u8; 16], them: &[u8; 16]) -> i32 {
    let mut total = 0;
    for inner in 8..16 {
        let outer = inner - 8;
        if me[inner] > 0 && me[outer] > 0 && them[23 - inner] > 0 {
            total += me[inner] as i32 + me[outer] as i32;
        }
    }
    total
}

fn features(pos: &Position) -> [i32; K] {
    let mut f = [0; K];
    let head = head_features(pos);
    f[..18].copy_from_slice(&head);
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    for k in 0..16 {
        f[18 + k] = pits[me][k] as i32 - pits[1 - me][k] as i32;
    }
    f
}

fn head_features(pos: &Position) -> [i32; 18] {
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    let (a, b) = (&pits[me], &pits[1 - me]);
    let min = pos.rules().min_seeds.max(1);
    let quiet = pos.rules().opening == Opening::NoCapture && pos.opening_plies() > 0;
    let cnt =
        |r: &[u8; 16], f: &dyn Fn(usize, u8) -> bool| r.iter().enumerate().filter(|&(i, &c)| f(i, c)).count() as i32;
    let sum = |r: &[u8; 16], lo: usize, hi: usize| r[lo..hi].iter().map(|&c| c as i32).sum::<i32>();
    let (ma, mb) = (cnt(a, &|_, c| c >= min), cnt(b, &|_, c| c >= min));
    let (t, nt, st) = if quiet { (0, 0, 0) } else { threats(a, b, min) };
    let (ot, not, sot) = if quiet { (0, 0, 0) } else { threats(b, a, min) };
    [
        sum(a, 0, 16) - sum(b, 0, 16),
        ma - mb,
        t,
        ot,
        exposed(b, a) - exposed(a, b),
        sum(a, 8, 16) - sum(b, 8, 16),
        cnt(a, &|_, c| c == 1) - cnt(b, &|_, c| c == 1),
        cnt(a, &|_, c| c == 0) - cnt(b, &|_, c| c == 0),
        nt,
        not,
        cnt(a, &|_, c| c >= 8) - cnt(b, &|_, c| c >= 8),
        cnt(a, &|i, c| i >= 8 && c > 0) - cnt(b, &|i, c| i >= 8 && c > 0),
        1,
        (ma <= 2) as i32,
        (mb <= 2) as i32,
        cnt(a, &|i, c| i < 8 && c > 0) - cnt(b, &|i, c| i < 8 && c > 0),
        st,
        sot,
    ]
}

thread_local! {
    static W: RefCell<[i32; K]> = const { RefCell::new([0; K]) };
    static V: RefCell<[i32; K]> = const { RefCell::new([0; K]) };
}

/// The evaluation before the fit (eval.rs up to 2026-11-22), in features.
const OLD_ENGINE: &str = "material=100,mobility=12,threat=50,vulnerable=15";

/// The candidate evaluation: the weights in `W` (centiseeds per unit).
fn eval_w(pos: &Position) -> i32 {
    let f = features(pos);
    W.with(|w| w.borrow().iter().zip(f.iter()).map(|(w, f)| w * f).sum())
}
/// The opponent's weighted evaluation (`--vs` with weights).
fn eval_v(pos: &Position) -> i32 {
    let f = features(pos);
    V.with(|w| w.borrow().iter().zip(f.iter()).map(|(w, f)| w * f).sum())
}
/// The engine's hand-made evaluation, without the learned correction: what
/// the value network's data are played and labelled with, so that the
/// network is not trained on its own output.
fn eval_engine(pos: &Position) -> i32 {
    igisoro_core::search::board4x8::hand_made(pos)
}
fn eval_baseline(pos: &Position) -> i32 {
    Igisoro::baseline(pos)
}

/// The best move of a search of `p`, played, and whether the search's
/// deadline stopped it.
fn search_move(p: &Position, limits: &Limits, e: fn(&Position) -> i32, rng: &mut Rng) -> (Option<Position>, bool) {
    let a = analyse_with::<Igisoro>(p, limits, e);
    (play_best(p, &a, rng), a.stopped_by == StopReason::Deadline)
}

fn gen() {
    let rules: String = arg("--rules", "baseline".to_string());
    let games: u64 = arg("--games", 1000);
    let seed: u64 = arg("--seed", 1_000_000);
    let label_depth: u32 = arg("--label-depth", 5);
    let label_nodes: u64 = arg("--label-nodes", 2_000_000);
    let max_depth: u32 = arg("--max-depth", 4);
    let play_nodes: u64 = arg("--play-nodes", 2_000_000);
    let max_plies: u32 = arg("--max-plies", 300);
    let out: String = arg("--out", "evalfit.tsv".to_string());
    // `--search-s S`: a deadline of S seconds on every search (0, the
    // default: none). A game in which one search, playing or labelling,
    // runs into it is left out whole and counted: under `igisoro` rules a
    // rare turn with giant pass/retreat graphs can hold a search for many
    // minutes. Ordinary searches take milliseconds, so with a cap of
    // seconds the games kept do not depend on the machine in practice.
    let search_s: f64 = arg("--search-s", 0.0);
    let budget = || igisoro_core::Budget {
        deadline: (search_s > 0.0).then(|| Instant::now() + Duration::from_secs_f64(search_s)),
        ..Default::default()
    };
    let mut dropped = 0;
    // `--eval old` (default): the evaluation before the fit, which made the
    // recorded data sets; `--eval engine`: the current one (without the
    // playing levels' learned correction), for a next round and for the
    // value network's training data (`bench/value_net.sh`).
    let own: Eval = match arg("--eval", "old".to_string()).as_str() {
        "old" => eval_old,
        "engine" => eval_engine,
        other => panic!("--eval old|engine, not {other}"),
    };
    let start = rules_start(&rules);
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).expect("--out"));
    let t0 = Instant::now();
    let (mut positions, mut kept_games) = (0, 0);
    for g in 0..games {
        let mut rng = Rng::new((seed + g).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xF17);
        let plies = 4 + rng.below(9) as u32;
        let Some(mut p) = random_plies(&start, plies, &mut rng) else { continue };
        if status::<Igisoro>(&p) != Status::Ongoing {
            continue;
        }
        let depth = [2 + rng.below(max_depth as usize - 1) as u32, 2 + rng.below(max_depth as usize - 1) as u32];
        let evals: [fn(&Position) -> i32; 2] =
            [if rng.below(2) == 0 { own } else { eval_baseline }, if rng.below(2) == 0 { own } else { eval_baseline }];
        let mut seen: Vec<Position> = Vec::new();
        let mut plies = 0;
        let mut late = false;
        let winner: Option<Side> = loop {
            if let Status::Won { winner, .. } = status::<Igisoro>(&p) {
                break Some(winner);
            }
            if plies >= max_plies {
                let (s, n) = (p.seeds(Side::South), p.seeds(Side::North));
                break match s.cmp(&n) {
                    std::cmp::Ordering::Greater => Some(Side::South),
                    std::cmp::Ordering::Less => Some(Side::North),
                    std::cmp::Ordering::Equal => None,
                };
            }
            seen.push(p.clone());
            let i = p.to_move().index();
            let lim = Limits { depth: Some(depth[i]), nodes: Some(play_nodes), budget: budget(), ..Limits::default() };
            let (next, stopped) = search_move(&p, &lim, evals[i], &mut rng);
            if stopped {
                late = true;
                break None;
            }
            match next {
                Some(q) => p = q,
                None => break Some(p.to_move().other()),
            }
            plies += 1;
        };
        let mut lines = Vec::with_capacity(seen.len());
        for q in &seen {
            let result = match winner {
                Some(w) if w == q.to_move() => "1",
                Some(_) => "0",
                None => "0.5",
            };
            let lim =
                Limits { depth: Some(label_depth), nodes: Some(label_nodes), budget: budget(), ..Limits::default() };
            let a = analyse_with::<Igisoro>(q, &lim, own);
            if a.stopped_by == StopReason::Deadline {
                late = true;
                break;
            }
            let label = match a.score {
                Score::Centiseeds(v) => v.to_string(),
                Score::Win { .. } => "W".to_string(),
                Score::Loss { .. } => "L".to_string(),
            };
            lines.push(format!("{g}\t{}\t{result}\t{label}\t{}", notation::format(q), a.depth));
        }
        if late {
            dropped += 1;
            eprintln!("game {g} left out: a search ran into the --search-s deadline");
            continue;
        }
        kept_games += 1;
        positions += lines.len();
        for line in lines {
            writeln!(f, "{line}").unwrap();
        }
        if g % 100 == 99 {
            eprintln!("{} games, {positions} positions, {:.0} s", g + 1, t0.elapsed().as_secs_f64());
        }
    }
    println!(
        "gen: rules {rules}, {kept_games} games ({dropped} left out by --search-s), {positions} positions, \
         label depth {label_depth}, {:.0} s -> {out}",
        t0.elapsed().as_secs_f64()
    );
}

struct Row {
    game: u64,
    x: [f64; K],
    result: f64,
    /// `None` for a forced result.
    value: Option<f64>,
}

fn load(paths: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for (k, path) in paths.split(',').enumerate() {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in std::io::BufReader::new(file).lines() {
            let line = line.unwrap();
            let v: Vec<&str> = line.split('\t').collect();
            // A file still being written may end in a partial line.
            if v.len() < 5 {
                continue;
            }
            let pos = notation::parse(v[1]).expect("notation");
            let f = features(&pos);
            let mut x = [0.0; K];
            for i in 0..K {
                x[i] = f[i] as f64;
            }
            rows.push(Row {
                // Distinct games across files, same hold-out rule.
                game: v[0].parse::<u64>().unwrap() * 16 + k as u64,
                x,
                result: v[2].parse().unwrap(),
                value: v[3].parse().ok(),
            });
        }
    }
    rows
}

/// Solve `a x = b` (Gaussian elimination with partial pivoting).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().partial_cmp(&a[j][c].abs()).unwrap()).unwrap();
        a.swap(c, p);
        b.swap(c, p);
        let pivot = a[c].clone();
        for r in 0..n {
            if r != c && pivot[c] != 0.0 {
                let m = a[r][c] / pivot[c];
                for (x, p) in a[r][c..].iter_mut().zip(&pivot[c..]) {
                    *x -= m * p;
                }
                b[r] -= m * b[c];
            }
        }
    }
    (0..n).map(|i| if a[i][i] == 0.0 { 0.0 } else { b[i] / a[i][i] }).collect()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression by Newton's method on the features `use_f`, small
/// ridge penalty `lambda` (not on material) for conditioning.
fn logistic(rows: &[&Row], use_f: &[usize], lambda: f64) -> Vec<f64> {
    let n = use_f.len();
    let mut w = vec![0.0; n];
    for _ in 0..30 {
        let mut g = vec![0.0; n];
        let mut h = vec![vec![0.0; n]; n];
        for r in rows {
            let z: f64 = use_f.iter().zip(&w).map(|(&i, w)| w * r.x[i]).sum();
            let p = sigmoid(z);
            let d = p - r.result;
            let s = p * (1.0 - p);
            for a in 0..n {
                g[a] += d * r.x[use_f[a]];
                for b in 0..n {
                    h[a][b] += s * r.x[use_f[a]] * r.x[use_f[b]];
                }
            }
        }
        for a in 0..n {
            g[a] += lambda * w[a];
            h[a][a] += lambda;
        }
        let step = solve(h, g);
        let mut biggest: f64 = 0.0;
        for a in 0..n {
            w[a] -= step[a];
            biggest = biggest.max(step[a].abs());
        }
        if biggest < 1e-9 {
            break;
        }
    }
    w
}

/// Least squares of the search value on the features `use_f`.
fn least_squares(rows: &[&Row], use_f: &[usize], clip: f64) -> Vec<f64> {
    let n = use_f.len();
    let mut a = vec![vec![0.0; n]; n];
    let mut b = vec![0.0; n];
    for r in rows {
        let Some(v) = r.value else { continue };
        let v = v.clamp(-clip, clip);
        for i in 0..n {
            b[i] += r.x[use_f[i]] * v;
            for j in 0..n {
                a[i][j] += r.x[use_f[i]] * r.x[use_f[j]];
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-6;
    }
    solve(a, b)
}

/// Log loss and accuracy of `score` (centiseeds) as a win probability
/// `sigmoid(k * score)` with the best `k`, on `rows`.
fn score_quality(rows: &[&Row], score: &dyn Fn(&Row) -> f64) -> (f64, f64, f64) {
    let loss = |k: f64| {
        rows.iter()
            .map(|r| {
                let p = sigmoid(k * score(r)).clamp(1e-9, 1.0 - 1e-9);
                -(r.result * p.ln() + (1.0 - r.result) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / rows.len() as f64
    };
    // Golden-section search for k on [0, 0.05].
    let (mut lo, mut hi) = (0.0f64, 0.05f64);
    for _ in 0..60 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if loss(m1) < loss(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let k = (lo + hi) / 2.0;
    // A zero score counts as half right.
    let acc = rows
        .iter()
        .map(|r| {
            let s = score(r);
            if s == 0.0 || r.result == 0.5 {
                0.5
            } else if (s > 0.0) == (r.result > 0.5) {
                1.0
            } else {
                0.0
            }
        })
        .sum::<f64>()
        / rows.len() as f64;
    (loss(k), acc, k)
}

fn fmt_w(use_f: &[usize], w: &[f64], scale: f64) -> String {
    use_f.iter().zip(w).map(|(&i, w)| format!("{}={:.0}", FEATURES[i], w * scale)).collect::<Vec<_>>().join(",")
}

fn fit() {
    let data: String = arg("--data", "evalfit.tsv".to_string());
    let only: String = arg("--features", "all".to_string());
    let clip: f64 = arg("--clip", 3200.0);
    let lambda: f64 = arg("--lambda", 1.0);
    let use_f: Vec<usize> = if only == "all" {
        (0..K).collect()
    } else {
        only.split(',')
            .map(|n| FEATURES.iter().position(|f| *f == n).unwrap_or_else(|| panic!("feature {n}")))
            .collect()
    };
    assert_eq!(use_f[0], 0, "material first: it sets the scale");
    let rows = load(&data);
    let train: Vec<&Row> = rows.iter().filter(|r| r.game % 5 != 0).collect();
    let test: Vec<&Row> = rows.iter().filter(|r| r.game % 5 == 0).collect();
    let wins = rows.iter().filter(|r| r.result == 1.0).count();
    let forced = rows.iter().filter(|r| r.value.is_none()).count();
    println!(
        "data {data}: {} positions ({} train, {} held out), {wins} won by the side to move, {forced} with a forced search result",
        rows.len(),
        train.len(),
        test.len()
    );
    // Reference evaluations on the held-out set.
    let refs: [(&str, [i32; K]); 3] = [
        ("baseline (10 material + 2 mobility)", {
            let mut w = [0; K];
            w[0] = 100;
            w[1] = 20;
            w
        }),
        ("material only", {
            let mut w = [0; K];
            w[0] = 100;
            w
        }),
        ("the evaluation before the fit (OLD_ENGINE)", parse_weights(OLD_ENGINE)),
    ];
    let mse = |rows: &[&Row], s: &dyn Fn(&Row) -> f64| {
        let v: Vec<f64> = rows.iter().filter_map(|r| r.value.map(|v| (v.clamp(-clip, clip) - s(r)).powi(2))).collect();
        (v.iter().sum::<f64>() / v.len() as f64).sqrt()
    };
    for (name, w) in refs.iter() {
        let s = |r: &Row| (0..K).map(|i| w[i] as f64 * r.x[i]).sum::<f64>();
        let (ll, acc, k) = score_quality(&test, &s);
        println!(
            "held out, {name}: log loss {ll:.4}, accuracy {:.1}%, k {k:.5}, rms vs search {:.0}",
            100.0 * acc,
            mse(&test, &s)
        );
    }
    // Given weights (`--score name=value,...`), scored like the references.
    let given: String = arg("--score", String::new());
    if !given.is_empty() {
        let w = parse_weights(&given);
        let s = |r: &Row| (0..K).map(|i| w[i] as f64 * r.x[i]).sum::<f64>();
        let (ll, acc, k) = score_quality(&test, &s);
        println!(
            "held out, --score weights: log loss {ll:.4}, accuracy {:.1}%, k {k:.5}, rms vs search {:.0}",
            100.0 * acc,
            mse(&test, &s)
        );
    }
    let search = |r: &Row| r.value.unwrap_or(0.0);
    let with_value: Vec<&Row> = test.iter().copied().filter(|r| r.value.is_some()).collect();
    let (ll, acc, _) = score_quality(&with_value, &search);
    println!(
        "held out, the search value itself (positions without a forced result): log loss {ll:.4}, accuracy {:.1}%",
        100.0 * acc
    );
    let (ll, acc, _) = score_quality(&with_value, &|r: &Row| r.x[0]);
    println!("  material only on the same positions: log loss {ll:.4}, accuracy {:.1}%", 100.0 * acc);

    let wl = logistic(&train, &use_f, lambda);
    let scale = 100.0 / wl[0];
    let s = |r: &Row| use_f.iter().zip(&wl).map(|(&i, w)| w * r.x[i]).sum::<f64>() * scale;
    let (ll, acc, k) = score_quality(&test, &s);
    println!("logistic fit (game result): {}", fmt_w(&use_f, &wl, scale));
    println!(
        "  held out: log loss {ll:.4}, accuracy {:.1}%, k {k:.5}, rms vs search {:.0}",
        100.0 * acc,
        mse(&test, &s)
    );

    let wq = least_squares(&train, &use_f, clip);
    let scale = 100.0 / wq[0];
    let s = |r: &Row| use_f.iter().zip(&wq).map(|(&i, w)| w * r.x[i]).sum::<f64>() * scale;
    let raw = |r: &Row| use_f.iter().zip(&wq).map(|(&i, w)| w * r.x[i]).sum::<f64>();
    let (ll, acc, k) = score_quality(&test, &s);
    println!("least squares (search value): {} (unscaled material {:.0})", fmt_w(&use_f, &wq, scale), wq[0]);
    println!(
        "  held out: log loss {ll:.4}, accuracy {:.1}%, k {k:.5}, rms vs search (unscaled) {:.0}",
        100.0 * acc,
        mse(&test, &raw)
    );
}

fn parse_weights(s: &str) -> [i32; K] {
    let mut w = [0; K];
    for kv in s.split(',').filter(|x| !x.is_empty()) {
        let (k, v) = kv.split_once('=').expect("--w name=value,...");
        let i = FEATURES.iter().position(|f| *f == k).unwrap_or_else(|| panic!("feature {k}"));
        w[i] = v.parse().expect("integer weight");
    }
    w
}

fn run_match() {
    let rules: String = arg("--rules", "baseline".to_string());
    let depth: u32 = arg("--depth", 3);
    let games: usize = arg("--games", 200);
    let seed: u64 = arg("--seed", 1);
    let vs: String = arg("--vs", "baseline".to_string());
    let wtext: String = arg("--w", "material=100".to_string());
    let nodes: u64 = arg("--nodes", 0);
    let w = parse_weights(&wtext);
    W.with(|c| *c.borrow_mut() = w);
    let eb: fn(&Position) -> i32 = match vs.as_str() {
        "baseline" => eval_baseline,
        "engine" => eval_engine,
        other => {
            // `old`: the evaluation before the fit; else weights name=value,...
            let v = parse_weights(if other == "old" { OLD_ENGINE } else { other });
            V.with(|c| *c.borrow_mut() = v);
            eval_v
        }
    };
    let start = rules_start(&rules);
    let ops = openings(&start, games.div_ceil(2), 4, seed);
    let t0 = Instant::now();
    // `--nodes n`: the same node budget per move for both instead of a depth.
    let (pa, pb) = if nodes > 0 {
        (Player::Nodes(nodes, eval_w), Player::Nodes(nodes, eb))
    } else {
        (Player::Depth(depth, eval_w), Player::Depth(depth, eb))
    };
    let progress = std::env::var_os("EVALFIT_PROGRESS").is_some();
    let t = paired_match(&ops, pa, pb, seed, &mut |k, t| {
        if progress {
            eprintln!("opening {k}: {} ({:.0} s)", t.summary(), t0.elapsed().as_secs_f64());
        }
    });
    let limit = if nodes > 0 { format!("{nodes} nodes per move") } else { format!("depth {depth}") };
    println!(
        "match [{wtext}] vs {vs} eval, rules {rules}, {limit}, seed {seed}: {} ({:.0} s)",
        t.summary(),
        t0.elapsed().as_secs_f64()
    );
    std::io::stdout().flush().unwrap();
}

/// The evaluation before the fit, exactly as eval.rs had it (mobility 12,
/// threat 50, vulnerable 15, opp_threat 0 skipped), for the speed comparison.
fn eval_old(pos: &Position) -> i32 {
    let me = pos.to_move().index();
    let pits = pos.local_pits();
    let (mine, theirs) = (&pits[me], &pits[1 - me]);
    let min = pos.rules().min_seeds;
    let material = pos.seeds(pos.to_move()) as i32 - pos.seeds(pos.to_move().other()) as i32;
    let mobility = |row: &[u8; 16]| row.iter().filter(|&&c| c >= min.max(1)).count() as i32;
    let mob = mobility(mine) - mobility(theirs);
    let quiet = pos.rules().opening == Opening::NoCapture && pos.opening_plies() > 0;
    let threat = if quiet { 0 } else { threats(mine, theirs, min).0 };
    let vuln = exposed(theirs, mine) - exposed(mine, theirs);
    material * 100 + 12 * mob + 50 * threat + 15 * vuln
}

/// This thread's CPU time in ns (Linux `/proc/thread-self/schedstat`), so
/// that the cost comparison does not depend on the shared machine's load
/// (wall time there includes time spent waiting for a core).
fn cpu_ns() -> f64 {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux schedstat");
    s.split_whitespace().next().unwrap().parse().unwrap()
}

/// Cost of the evaluations in CPU time: ns per call over the data's
/// positions, and ns per node of depth-`--depth` searches of the first
/// `--searches` of them.
fn speed() {
    let data: String = arg("--data", "evalfit.tsv".to_string());
    let reps: usize = arg("--reps", 20);
    let depth: u32 = arg("--depth", 5);
    let searches: usize = arg("--searches", 500);
    let mut ps = Vec::new();
    for line in std::io::BufReader::new(std::fs::File::open(&data).expect("--data")).lines() {
        let line = line.unwrap();
        if let Some(n) = line.split('\t').nth(1) {
            ps.push(notation::parse(n).expect("notation"));
        }
    }
    let evals: [(&str, Eval); 3] =
        [("before the fit", eval_old), ("engine (fitted)", eval_engine), ("baseline", eval_baseline)];
    for (name, e) in evals {
        let t = cpu_ns();
        let mut acc = 0i64;
        for _ in 0..reps {
            for p in &ps {
                acc += std::hint::black_box(e(std::hint::black_box(p))) as i64;
            }
        }
        let ns = (cpu_ns() - t) / (reps * ps.len()) as f64;
        let t = cpu_ns();
        let mut nodes = 0;
        for p in ps.iter().take(searches) {
            nodes += analyse_with::<Igisoro>(p, &Limits::depth(depth), e).nodes;
        }
        let per_node = (cpu_ns() - t) / nodes as f64;
        println!(
            "{name}: {ns:.1} ns per evaluation ({} positions x {reps}, checksum {acc}); depth {depth} on {searches} positions: {nodes} nodes, {per_node:.0} ns per node",
            ps.len()
        );
    }
}

/// `export --data A.tsv,B.tsv --out F`: the positions of `gen`'s files as
/// the value network's training rows (`bench/value_net.py`), one per line,
/// tab separated: the file's index and game (`i:g`, to hold games out),
/// the game's result for the side to move, the search label, the engine's
/// hand-made value (`Evaluate::evaluate`, without the correction), the `min_seeds >= 2`
/// flag, then the 32 pit counts (the side to move's 16, the opponent's 16,
/// in `Position::local_pits` order).
fn export() {
    let data: String = arg("--data", String::new());
    let out: String = arg("--out", "value_net_rows.tsv".to_string());
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).expect("--out"));
    let mut n = 0;
    for (i, path) in data.split(',').filter(|p| !p.is_empty()).enumerate() {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in std::io::BufReader::new(file).lines() {
            let line = line.expect("readable");
            let cols: Vec<&str> = line.split('\t').collect();
            let p = notation::parse(cols[1]).expect("gen writes valid notation");
            let me = p.to_move().index();
            let pits = p.local_pits();
            let counts: Vec<String> = pits[me].iter().chain(pits[1 - me].iter()).map(|c| c.to_string()).collect();
            let hand = igisoro_core::search::board4x8::hand_made(&p);
            let flag = igisoro_core::search::board4x8::value_net::rule_flags(p.rules());
            writeln!(f, "{i}:{}\t{}\t{}\t{hand}\t{flag}\t{}", cols[0], cols[2], cols[3], counts.join("\t")).unwrap();
            n += 1;
        }
    }
    println!("export: {n} positions from {data} -> {out}");
}

/// `relabel`: a gen file's rows with their search label replaced by the
/// mean of it and a search `--depth` turns deep (default 2; same
/// evaluation, the hand-made one, node cap `--label-nodes`), written to
/// `--out`. Why (issue 41): gen's labels are three-turn searches, and a
/// search with an odd number of turns gives the side to move one turn
/// more than its opponent; a network trained on them alone learns that
/// bonus. The mean of an odd and an even depth balances it. (It did not by
/// itself keep analyses' scores steady across depths with the network:
/// `docs/benchmarks/stability.md`.) A forced result at either depth is kept
/// as the label (the deeper one's first); a row whose label is already
/// forced keeps it.
fn relabel() {
    let data: String = arg("--data", String::new());
    let out: String = arg("--out", "relabelled.tsv".to_string());
    let depth: u32 = arg("--depth", 2);
    let label_nodes: u64 = arg("--label-nodes", 100_000);
    let file = std::fs::File::open(&data).unwrap_or_else(|e| panic!("{data}: {e}"));
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).expect("--out"));
    let t0 = Instant::now();
    let mut n = 0;
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("readable");
        let mut cols: Vec<String> = line.split('\t').map(str::to_string).collect();
        let p = notation::parse(&cols[1]).expect("gen writes valid notation");
        let lim = Limits { depth: Some(depth), nodes: Some(label_nodes), ..Limits::default() };
        let a = analyse_with::<Igisoro>(&p, &lim, eval_engine);
        cols[3] = match (cols[3].parse::<i64>(), a.score) {
            (Ok(deep), Score::Centiseeds(v)) => ((deep + v as i64) as f64 / 2.0).round().to_string(),
            (Ok(_), Score::Win { .. }) => "W".to_string(),
            (Ok(_), Score::Loss { .. }) => "L".to_string(),
            (Err(_), _) => cols[3].clone(),
        };
        writeln!(f, "{}", cols.join("\t")).unwrap();
        n += 1;
    }
    println!("relabel: {n} rows of {data}, mean with depth {depth}, {:.0} s -> {out}", t0.elapsed().as_secs_f64());
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("relabel") => relabel(),
        Some("speed") => speed(),
        Some("gen") => gen(),
        Some("fit") => fit(),
        Some("match") => run_match(),
        Some("export") => export(),
        _ => eprintln!("usage: evalfit gen|relabel|fit|match|export [options] (see the source's docs)"),
    }
}
