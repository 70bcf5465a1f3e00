//! Playing strength (issue 3), hand-run. Three matches:
//!
//! - `baseline`: level 10 against the public baseline bot (depth-5
//!   alpha-beta, evaluation 10 x material + 2 x mobility), under the
//!   baseline's rules (`--rules baseline`: igisoro with capture=obligatory,
//!   clockwise=never) or plain `igisoro` (`--rules igisoro`).
//!   Time: level 10 gets, for each move, the mean of all the baseline's own
//!   move times measured so far in the run (as a deadline, floored to whole
//!   microseconds; before the
//!   baseline has moved, one timed baseline search of the first opening
//!   seeds the mean). Both sides' actual mean time per move is printed.
//! - `ladder`: level L against level L-2 for L = 3..10, `--ms` per move
//!   each, in the `igisoro` variant.
//! - `random`: each level 1..10 against a uniform-random player
//!   (`explore::random_move`).
//!
//! Games: `--games` per match (per pair for the ladder), as pairs: opening
//! `k` is `--opening-plies` seeded uniform-random plies from the start, all
//! openings distinct, and it is played twice, once with each colour. A game
//! still on after `--max-plies` plies is scored by material (equal: a draw)
//! and counted as cut. Scores count a draw as half a win; the interval is a
//! 95% Wilson interval on that score.
//!
//! `STRENGTH_TRACE=1` prints every move (side, player, budget, time) to stderr.
//! `baseline --resolved` is an experiment: level 10 searching with
//! `matches::evaluate_resolved` (captures resolved at the horizon).
//!
//! Run (release, one thread):
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules baseline --games 200`
//! `cargo run --release -p igisoro-bench --bin strength -- ladder --games 60 --ms 50`
//! `cargo run --release -p igisoro-bench --bin strength -- random --games 40 --ms 50`

use igisoro_bench::arg;
use igisoro_bench::matches::{baseline_start, evaluate_resolved, openings, play_game, Player, Tally};
use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::search::{analyse_with, Evaluate, Limits};
use igisoro_core::Side;
use std::time::Instant;

fn side_name(s: Side) -> &'static str {
    if s == Side::South {
        "S"
    } else {
        "N"
    }
}

/// The command line's match settings.
struct Cfg {
    games: usize,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    verbose: bool,
}

/// Play `cfg.games` games (pairs of colours over distinct openings) of `a`
/// against `b`; returns `a`'s tally.
fn run_match(label: &str, start: &Position, a: Player, b: Player, cfg: &Cfg) -> Tally {
    let Cfg { games, opening_plies, max_plies, seed, verbose } = *cfg;
    let ops = openings(start, games.div_ceil(2), opening_plies, seed);
    let mut t = Tally::default();
    let t0 = Instant::now();
    let (mut ms_a, mut moves_a, mut ms_b, mut moves_b) = (0.0, 0u32, 0.0, 0u32);
    let mut pair = [0.0; 2];
    for g in 0..games {
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let players = if a_side == Side::South { [a, b] } else { [b, a] };
        let tg = Instant::now();
        let (o, clock) = play_game(&ops[g / 2], players, seed * 100_003 + g as u64, max_plies, &mut || 0, &mut |_, _| {});
        t.add(&o, a_side);
        pair[a_side.index()] = Tally::result(&o, a_side);
        if g % 2 == 1 {
            t.add_pair(pair[0], pair[1]);
        }
        ms_a += clock.ms[a_side.index()];
        moves_a += clock.moves[a_side.index()];
        ms_b += clock.ms[a_side.other().index()];
        moves_b += clock.moves[a_side.other().index()];
        if verbose {
            println!(
                "  {label} game {:>3} opening {:>3} A as {}: {} in {} plies{} ({:.1} s)",
                g + 1,
                g / 2,
                side_name(a_side),
                match o.winner {
                    Some(w) if w == a_side => "win",
                    None => "draw",
                    _ => "loss",
                },
                o.plies,
                if o.cut { " (cut)" } else { "" },
                tg.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "{label}: {} | A {:.1} ms/move, B {:.1} ms/move | {:.0} s",
        t.summary(),
        ms_a / moves_a.max(1) as f64,
        ms_b / moves_b.max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    t
}

fn baseline(games: usize, rules: &str, opening_plies: u32, max_plies: u32, seed: u64, resolved: bool) {
    // `--resolved`: an experiment, level 10's search with
    // `matches::evaluate_resolved` instead of the engine's evaluation.
    let me = if resolved { Player::MatchedWith(evaluate_resolved) } else { Player::Level10Matched };
    let start = match rules {
        "baseline" => baseline_start(),
        "igisoro" => Position::start(Variant::Igisoro),
        other => panic!("--rules baseline|igisoro, not {other}"),
    };
    println!(
        "level 10{} vs baseline (depth 5, 10 x material + 2 x mobility), rules {rules} ({}), {games} games, \
         {opening_plies} random opening plies, cap {max_plies} plies, seed {seed}",
        if resolved { " (resolved eval)" } else { "" },
        start.rule_overrides().iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
    );
    let ops = openings(&start, games.div_ceil(2), opening_plies, seed);
    // The baseline's measured move times, shared by every game of the run.
    let mut base_ms = 0.0f64;
    let mut base_n = 0u32;
    {
        let t = Instant::now();
        let _ = analyse_with::<Igisoro>(&ops[0], &Limits::depth(5), Igisoro::baseline);
        base_ms += t.elapsed().as_secs_f64() * 1000.0;
        base_n += 1;
        println!("calibration: one baseline search of opening 0 took {:.1} ms", base_ms);
    }
    let mut t = Tally::default();
    let mut per_side = [Tally::default(), Tally::default()];
    let (mut eng_ms, mut eng_n, mut eng_max) = (0.0f64, 0u32, 0.0f64);
    let (mut game_base_ms, mut game_base_n) = (0.0f64, 0u32);
    let mut budgets = 0u64;
    let mut budget_n = 0u64;
    let mut pair = [0.0; 2];
    let t0 = Instant::now();
    for g in 0..games {
        let eng = if g % 2 == 0 { Side::South } else { Side::North };
        let players = if eng == Side::South { [me, Player::Baseline] } else { [Player::Baseline, me] };
        let tg = Instant::now();
        let (o, _clock) = {
            // Both closures need the running mean: keep it in cells.
            let mean = std::cell::Cell::new((base_ms, base_n));
            let used = std::cell::Cell::new((0.0f64, 0u32, 0.0f64, 0.0f64, 0u32, 0u64, 0u64));
            let r = play_game(
                &ops[g / 2],
                players,
                seed * 100_003 + g as u64,
                max_plies,
                &mut || {
                    let (s, n) = mean.get();
                    let b = (s / n as f64 * 1000.0).floor() as u64; // microseconds
                    let u = used.get();
                    used.set((u.0, u.1, u.2, u.3, u.4, u.5 + b, u.6 + 1));
                    b
                },
                &mut |side, ms| {
                    let mut u = used.get();
                    if side == eng {
                        u.0 += ms;
                        u.1 += 1;
                        u.2 = u.2.max(ms);
                    } else {
                        let (s, n) = mean.get();
                        mean.set((s + ms, n + 1));
                        u.3 += ms;
                        u.4 += 1;
                    }
                    used.set(u);
                },
            );
            let (s, n) = mean.get();
            base_ms = s;
            base_n = n;
            let u = used.get();
            eng_ms += u.0;
            eng_n += u.1;
            eng_max = eng_max.max(u.2);
            game_base_ms += u.3;
            game_base_n += u.4;
            budgets += u.5;
            budget_n += u.6;
            r
        };
        t.add(&o, eng);
        per_side[eng.index()].add(&o, eng);
        pair[eng.index()] = Tally::result(&o, eng);
        if g % 2 == 1 {
            t.add_pair(pair[0], pair[1]);
        }
        println!(
            "game {:>3} opening {:>3} level 10 as {}: {} in {} plies{} ({:.1} s) | running {}",
            g + 1,
            g / 2,
            side_name(eng),
            match o.winner {
                Some(w) if w == eng => "win",
                None => "draw",
                _ => "loss",
            },
            o.plies,
            if o.cut { " (cut)" } else { "" },
            tg.elapsed().as_secs_f64(),
            t.summary()
        );
    }
    println!("== level 10 vs baseline, rules {rules}: {}", t.summary());
    println!("   level 10 as South: {}", per_side[0].summary());
    println!("   level 10 as North: {}", per_side[1].summary());
    println!(
        "   time per move: baseline {:.1} ms (mean over {} moves), level 10 {:.1} ms (mean over {} moves, max {:.0} ms), \
         level 10 budget {:.1} ms (mean); {:.0} s in all",
        game_base_ms / game_base_n.max(1) as f64,
        game_base_n,
        eng_ms / eng_n.max(1) as f64,
        eng_n,
        eng_max,
        budgets as f64 / budget_n.max(1) as f64 / 1000.0,
        t0.elapsed().as_secs_f64()
    );
}

fn main() {
    let cmd = std::env::args().nth(1).unwrap_or_default();
    let games: usize = arg("--games", 20);
    let seed: u64 = arg("--seed", 1);
    let max_plies: u32 = arg("--max-plies", 300);
    let opening_plies: u32 = arg("--opening-plies", 4);
    let ms: u64 = arg("--ms", 50);
    let verbose = std::env::args().any(|a| a == "--verbose");
    let cfg = Cfg { games, opening_plies, max_plies, seed, verbose };
    match cmd.as_str() {
        "baseline" => {
            let rules: String = arg("--rules", "baseline".to_string());
            baseline(games, &rules, opening_plies, max_plies, seed, std::env::args().any(|a| a == "--resolved"));
        }
        "ladder" => {
            let start = Position::start(Variant::Igisoro);
            let from: u8 = arg("--from", 3);
            let to: u8 = arg("--to", 10);
            println!("level L vs level L-2, igisoro, {games} games per pair, {ms} ms per move, seed {seed}");
            for l in from..=to {
                let label = format!("L{l} vs L{}", l - 2);
                run_match(&label, &start, Player::Level(l, ms), Player::Level(l - 2, ms), &cfg);
            }
        }
        "random" => {
            let start = Position::start(Variant::Igisoro);
            let from: u8 = arg("--from", 1);
            let to: u8 = arg("--to", 10);
            println!("level L vs uniform random, igisoro, {games} games per level, {ms} ms per move, seed {seed}");
            for l in from..=to {
                let label = format!("L{l} vs random");
                run_match(&label, &start, Player::Level(l, ms), Player::Random, &cfg);
            }
        }
        "pair" => {
            // One pairing, for spot checks: --a L --b L.
            let start = Position::start(Variant::Igisoro);
            let a: u8 = arg("--a", 10);
            let b: u8 = arg("--b", 8);
            let label = format!("L{a} vs L{b}");
            run_match(&label, &start, Player::Level(a, ms), Player::Level(b, ms), &cfg);
        }
        _ => {
            eprintln!("usage: strength baseline|ladder|random|pair [--games N] [--rules baseline|igisoro] [--ms MS] ...");
            std::process::exit(2);
        }
    }
}
