//! Playing strength (issue 3), hand-run. Three matches:
//!
//! - `baseline`: level 10 against the public baseline bot (depth-5
//!   alpha-beta, evaluation 10 x material + 2 x mobility), under the
//!   baseline's rules (`--rules baseline`: igisoro with capture=obligatory,
//!   clockwise=never) or plain `igisoro` (`--rules igisoro`), or the bot's
//!   rules in full (`--rules bot`: `igisoro-wikipedia`, which starts from
//!   the outer rows, with min_seeds=2, capture=obligatory, retreat=false,
//!   captured_sowing=landing, clockwise=never; `matches::bot_rules_start`).
//!   Time: level 10 gets, for each move, the mean of all the baseline's own
//!   move times measured so far in the run (as a deadline, floored to whole
//!   microseconds; before the
//!   baseline has moved, one timed baseline search of the first opening
//!   seeds the mean). Both sides' actual mean time per move is printed.
//!   `--baseline-cap-ms N` (off by default) caps each baseline move (and
//!   the calibration search) at N ms: a deadline on its search, which then
//!   plays the best move of its deepest completed iteration (it also starts
//!   no iteration once it has used half the cap; when not even the root
//!   turn was settled, the harness's fallback, a random move). Under `igisoro` rules a
//!   few depth-5 searches take minutes; the cap lets the match finish, but
//!   a capped move is no longer exactly the depth-5 bot's move, so every
//!   capped move is printed (game, ply, depth completed, position) and
//!   counted, with the level-10 moves that took at least N ms.
//! - `ladder`: level L against level L-2 for L = 3..10, `--ms` per move
//!   each, in the `igisoro` variant.
//! - `random`: each level 1..10 against a uniform-random player
//!   (`explore::random_move`).
//!
//! - `analysis`: the best move of a timed analysis (as the API's
//!   `/v1/evaluate` answers, `--ms` per move) against level 10 at the same
//!   `--ms`, under `--rules` (which takes the Ikibuguzo variants too; their
//!   random opening plies come after the scripted opening).
//! - `versus`: level 10 of this build against level 10 of another build
//!   (`--engine PATH`, that build's `engine` binary; see
//!   `bench/src/bin/engine.rs`), `--ms` per move each, under `--rules`.
//!
//! And one analysis of the match itself: `forced` searches every opening
//! (`--depth`, `--nodes` per opening) and counts the proven wins and losses
//! of the side to move, to see whether the openings are decided by force.
//!
//! Games: `--games` per match (per pair for the ladder), as pairs: opening
//! `k` is `--opening-plies` seeded uniform-random plies from the start, all
//! openings distinct, and it is played twice, once with each colour. A game
//! still on after `--max-plies` plies is scored by material (equal: a draw)
//! and counted as cut. Scores count a draw as half a win; the interval is a
//! 95% Wilson interval on that score.
//!
//! `STRENGTH_TRACE=1` prints every move (side, player, budget, time, the
//! search's completed depth and stop reason) to stderr;
//! `STRENGTH_TRACE_BEFORE=1` prints each position before its search, to
//! find a search that does not end.
//! `baseline --plain` plays the baseline as a plain alpha-beta
//! (`matches::plain_alphabeta`: no table, ordering or iterative deepening,
//! same values), the way the public bot is described; only its time, and
//! so level 10's matched time, changes. It is also the bot as described in
//! that it knows only its own rules (obligatory capture, no clockwise
//! laps): under `--rules igisoro` it searches the game as its rules see it
//! and plays that turn, taking every capture (`matches::in_bot_rules`,
//! `matches::played_as_bot`), while level 10 plays full `igisoro`. Without
//! `--plain` the bot plays full `igisoro` on the engine's searcher, a
//! stronger bot than the one described.
//! `baseline --ties random` lets the baseline draw among its equally
//! valued best moves (seeded by the game): with `--plain` by searching its
//! root moves in a random order (`Player::BaselinePlainShuffled`, the same
//! search, so the same time), otherwise by an extra multi-PV search off
//! the clock (`Player::BaselineCappedTies`). With `--opening-plies 0` every
//! game starts from the start position itself, and that draw (with level
//! 10's timing) is what makes games differ; the summary counts the
//! distinct games per colour.
//! `baseline --clock`: level 10's time as a clock instead of the mean for
//! every move: it may use, over its moves so far and the next, the bot's
//! mean move time for each (see `clock_budget_ms`), so that time it leaves
//! unused on one move is available later and its mean matches the bot's.
//! `baseline --only-openings K,L`: only those openings' pairs, with the
//! game numbers and seeds of the full run (to replay lost pairs).
//! `baseline --time-factor F`: level 10 gets F times the bot's running
//! mean time per move (default 1, parity; issue 21's "10x the bot's time"
//! is `--time-factor 10`).
//! `baseline --level10-us N`: level 10's deadline is N microseconds for
//! every move (off parity; for screening changes at a budget that does not
//! follow the machine's load through the bot's times).
//! `baseline --level10-ms N` is an experiment off time parity: level 10
//! gets N ms for every move (how far more time moves the score).
//! `baseline --resolved` (or `--level10-eval resolved`) is an experiment:
//! level 10 searching with `matches::evaluate_resolved` (captures resolved
//! at the horizon); `--level10-eval baseline`, level 10 searching with the
//! baseline's own evaluation (10 x material + 2 x mobility), to tell what
//! the engine's evaluation adds at the matched time.
//!
//! `--book PATH` (every match): the openings are the balanced book's
//! first ones (`bench/data/book/<rules>.txt`, built by the `book` binary:
//! openings a deep search scores near even) instead of random plies, so
//! that a pair is not decided by the colours before the engines play
//! (issue 41, target 5). `baseline --plain --bot-depth D`: the plain bot
//! searching to depth D instead of 5 (`Player::BotDepth`; the issue's
//! depth-7 bot is `--bot-depth 7`).
//!
//! Statistics (issue 41): every match also prints its pairs' pentanomial
//! counts (LL, LD, DD + WL, WD, WW: the pair's score 0, 1/2, 1, 3/2, 2 for
//! the first player), the Elo estimate with its 95% interval, and the GSPRT
//! of `bench/src/sprt.rs` on those counts: its LLR, its bounds and the
//! verdict (H0 accepted, H1 accepted, continue). `--elo0` (0) and `--elo1`
//! (10) are the hypotheses' Elo, `--alpha` and `--beta` (0.05 each) the
//! error rates, `--sprt-model normalized|logistic` (normalized, as fishtest
//! and OpenBench) how Elo maps to scores. `--sprt-stop` ends a match at
//! the first pair after which the test has a verdict (the sequential
//! test; without it the games asked for are all played and the verdict
//! only reported).
//!
//! Run (release, one thread):
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules baseline --games 200`
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules igisoro --games 200 --baseline-cap-ms 10000`
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules baseline --plain --ties random --opening-plies 0 --games 200`
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules igisoro --ties random --opening-plies 0 --games 200 --baseline-cap-ms 10000`
//! `cargo run --release -p igisoro-bench --bin strength -- baseline --rules igisoro --plain --ties random --opening-plies 0 --games 200`
//! `cargo run --release -p igisoro-bench --bin strength -- ladder --games 60 --ms 50`
//! `target/release/strength versus --engine /tmp/prev-target/release/engine --rules igisoro --ms 10 --games 400 --opening-plies 4`
//! `cargo run --release -p igisoro-bench --bin strength -- random --games 40 --ms 50`
//! `cargo run --release -p igisoro-bench --bin strength -- roundrobin --rules igisoro --games 100 --ms 50 --out /tmp/rr.jsonl`
//! (then `python3 bench/ratings.py /tmp/rr.jsonl --anchor L1`; see `round_robin`)
//! `cargo run --release -p igisoro-bench --bin strength -- forced --rules baseline --games 200 --depth 11 --nodes 5000000`

use igisoro_bench::book;
use igisoro_bench::matches::{
    bot_enumerations, bot_search, evaluate_resolved, openings, play_game, rules_start, start_external, Outcome, Player,
    Tally, BOT_DEPTH, BOT_MOVES_CAP,
};
use igisoro_bench::sprt::{report, Model, Sprt, Verdict};
use igisoro_bench::{arg, fail, opt};
use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::search::{analyse_with, Evaluate, Limits, Score, StopReason, Zobrist};
use igisoro_core::{Budget, Side};
use std::collections::HashSet;
use std::time::{Duration, Instant};

fn side_name(s: Side) -> &'static str {
    if s == Side::South {
        "S"
    } else {
        "N"
    }
}

/// A game's result for `me`: "win", "draw" or "loss".
fn outcome(winner: Option<Side>, me: Side) -> &'static str {
    match winner {
        Some(w) if w == me => "win",
        None => "draw",
        _ => "loss",
    }
}

/// One game's line in the logs: `game 12 opening 5 <who> as S: win in 40
/// plies (cut)`; game `g` (from 0) plays opening `g / 2`.
fn game_line(g: usize, who: &str, side: Side, o: &Outcome) -> String {
    format!(
        "game {:>3} opening {:>3} {who} as {}: {} in {} plies{}",
        g + 1,
        g / 2,
        side_name(side),
        outcome(o.winner, side),
        o.plies,
        if o.cut { " (cut)" } else { "" }
    )
}

/// The command line's match settings.
struct Cfg {
    games: usize,
    opening_plies: u32,
    max_plies: u32,
    seed: u64,
    verbose: bool,
    /// The test every match reports, and whether a verdict ends the match.
    sprt: Sprt,
    sprt_stop: bool,
    /// `--book PATH`: the openings come from this balanced book
    /// (`igisoro_bench::book`) instead of `opening_plies` random plies.
    book: Option<String>,
}

/// The `n` openings of a match from `start`: the book's first `n` with
/// `--book`, else `n` distinct openings of `cfg.opening_plies` seeded
/// random plies. A book too short or for other rules ends the run with
/// its reason.
fn match_openings(cfg: &Cfg, start: &Position, n: usize) -> Vec<Position> {
    match &cfg.book {
        Some(path) => book::load(path, start).and_then(|b| book::first(&b, n)).unwrap_or_else(|e| fail(&e)),
        None => openings(start, n, cfg.opening_plies, cfg.seed),
    }
}

/// Whether `--sprt-stop` ends the match after this pair.
fn decided(t: &Tally, cfg: &Cfg) -> bool {
    cfg.sprt_stop && cfg.sprt.verdict(cfg.sprt.llr_pentanomial(t.penta.counts)) != Verdict::Continue
}

/// Play `cfg.games` games (pairs of colours over distinct openings) of `a`
/// against `b`; returns `a`'s tally.
fn run_match(label: &str, start: &Position, a: Player, b: Player, cfg: &Cfg) -> Tally {
    let Cfg { games, max_plies, seed, verbose, .. } = *cfg;
    let ops = match_openings(cfg, start, games.div_ceil(2));
    let mut t = Tally::default();
    let t0 = Instant::now();
    let (mut ms_a, mut moves_a, mut ms_b, mut moves_b) = (0.0, 0u32, 0.0, 0u32);
    let mut pair = [0.0; 2];
    for g in 0..games {
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let players = if a_side == Side::South { [a, b] } else { [b, a] };
        let tg = Instant::now();
        let (o, clock) =
            play_game(&ops[g / 2], players, seed * 100_003 + g as u64, max_plies, &mut || 0, &mut |_, _, _| {});
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
            println!("  {label} {} ({:.1} s)", game_line(g, "A", a_side, &o), tg.elapsed().as_secs_f64());
        }
        if g % 2 == 1 && decided(&t, cfg) {
            println!("  {label}: the SPRT has its verdict after {} pairs (--sprt-stop)", t.penta.pairs());
            break;
        }
    }
    println!(
        "{label}: {} | A {:.1} ms/move, B {:.1} ms/move | {:.0} s",
        t.summary(),
        ms_a / moves_a.max(1) as f64,
        ms_b / moves_b.max(1) as f64,
        t0.elapsed().as_secs_f64()
    );
    println!("{label}: {}", report(&t.penta, &cfg.sprt));
    t
}

/// Per-run counters of the baseline match (kept across games).
#[derive(Clone, Copy, Default)]
struct Counters {
    /// The baseline's measured move times (with the calibration search):
    /// level 10's time rule.
    mean_sum: f64,
    mean_n: u32,
    /// The baseline's moves in the games (without the calibration).
    base_ms: f64,
    base_n: u32,
    base_max: f64,
    /// Baseline moves whose search the cap stopped.
    base_capped: u32,
    /// Capped baseline moves by last completed depth (0..=4).
    capped_depth: [u32; 5],
    eng_ms: f64,
    eng_n: u32,
    eng_max: f64,
    /// Level-10 moves that took at least the cap.
    eng_capped: u32,
    /// Level 10's budgets (microseconds).
    budget_us: u64,
    budget_n: u64,
}

/// Level 10's budget for its next move under `--clock`, in ms: what is
/// left of the bot's mean move time (`mean`) for each of level 10's moves so
/// far and this one, after the `used_ms` its `moves` took, kept between a
/// quarter and four times that mean.
///
/// Why a clock: "no more time per move than the baseline uses" is a mean
/// over the match, and level 10 given the mean for every move uses about
/// two thirds of it (it starts no iteration after half its time). Saving
/// the rest for later moves brings its mean up to the bot's and not past
/// it (the bounds only shape single moves; the printed means show the
/// parity).
fn clock_budget_ms(mean: f64, moves: u32, used_ms: f64) -> f64 {
    (mean * (moves + 1) as f64 - used_ms).clamp(mean / 4.0, mean * 4.0)
}

/// The baseline match's own options (see the module doc).
struct BaselineOpts {
    /// `--rules`: `baseline` or `igisoro`.
    rules: String,
    /// `--resolved`: level 10 with `matches::evaluate_resolved`.
    /// `--level10-eval resolved|baseline` (or `--resolved`): level 10's
    /// search with another evaluation, at the same matched time.
    level10_eval: Option<(&'static str, igisoro_bench::matches::Eval)>,
    /// `--baseline-cap-ms`: the baseline's per-move safety cap.
    cap_ms: Option<u64>,
    /// `--level10-ms`: level 10's fixed time per move instead of the matched time.
    fixed_ms: Option<u64>,
    /// `--clock`: level 10's time as a clock (see `clock_budget_ms`).
    clock: bool,
    /// `--level10-us N`: level 10's deadline N microseconds for every move
    /// instead of the matched time (screening at a load-independent budget).
    fixed_us: Option<u64>,
    /// `--time-factor F`: level 10's matched time is F times the bot's
    /// running mean (1: parity).
    time_factor: f64,
    /// `--plain`: the baseline as a plain alpha-beta.
    plain: bool,
    /// `--ties random`: the plain baseline draws among equally valued best
    /// moves (`Player::BaselinePlainShuffled`).
    shuffled: bool,
    /// `--bot-depth D` (with `--plain`): the plain bot searches to D
    /// instead of its described 5 (`Player::BotDepth`; issue 41's depth-7
    /// bot).
    bot_depth: u32,
}

fn baseline(cfg: &Cfg, opts: &BaselineOpts) {
    let Cfg { games, opening_plies, max_plies, seed, .. } = *cfg;
    let BaselineOpts {
        ref rules,
        level10_eval,
        cap_ms,
        fixed_ms,
        fixed_us,
        clock,
        time_factor,
        plain,
        shuffled,
        bot_depth,
    } = *opts;
    if bot_depth != BOT_DEPTH && (!plain || shuffled) {
        fail("--bot-depth takes --plain (and not --ties random): only the plain bot searches to another depth");
    }
    // `--level10-eval`: an experiment, level 10's search with another
    // evaluation instead of the engine's.
    let me = match (fixed_ms, level10_eval) {
        (Some(ms), _) => Player::Level(10, ms),
        (None, Some((_, e))) => Player::MatchedWith(e),
        (None, None) => Player::Level10Matched,
    };
    let base = match cap_ms {
        _ if plain && shuffled => Player::BaselinePlainShuffled,
        _ if plain && bot_depth != BOT_DEPTH => Player::BotDepth(bot_depth),
        _ if plain => Player::BaselinePlain,
        // Without a cap, ten minutes: a safety net only.
        c if shuffled => Player::BaselineCappedTies(c.unwrap_or(600_000)),
        Some(c) => Player::BaselineCapped(c),
        None => Player::Baseline,
    };
    let start = rules_start(rules);
    println!(
        "level 10{}{} vs baseline ({}depth {bot_depth}, 10 x material + 2 x mobility{}), rules {rules} ({}), {games} games, \
         {}, cap {max_plies} plies, seed {seed}",
        level10_eval.map_or(String::new(), |(name, _)| format!(" ({name} eval)")),
        match fixed_ms {
            Some(ms) => format!(" at {ms} ms per move (not matched)"),
            None if fixed_us.is_some() => format!(" at {} us per move (not matched)", fixed_us.unwrap_or(0)),
            None if clock && time_factor != 1.0 => format!(" on a clock ({time_factor} x the bot's mean time)"),
            None if clock => " on a clock (mean time matched)".to_string(),
            None if time_factor != 1.0 => format!(" at {time_factor} x the bot's mean time per move"),
            None => String::new(),
        },
        match (plain, shuffled) {
            (true, true) => "plain alpha-beta, equal best moves drawn at random, ",
            (true, false) => "plain alpha-beta, ",
            (false, true) => "equal best moves drawn at random off the clock, ",
            (false, false) => "",
        },
        match cap_ms {
            Some(c) => format!(", baseline capped at {c} ms per move"),
            None => String::new(),
        },
        start.rule_overrides().iter().map(|r| format!("{}={}", r.name(), r.value())).collect::<Vec<_>>().join(","),
        match &cfg.book {
            Some(b) => format!("openings from the book {b}"),
            None => format!("{opening_plies} random opening plies"),
        }
    );
    // `--only-openings K,L,..`: replay those openings' pairs alone (game
    // numbers and seeds as in the full run), e.g. to look at lost pairs.
    let only: Option<Vec<usize>> = igisoro_bench::arg::<String>("--only-openings", String::new())
        .split(',')
        .filter(|k| !k.is_empty())
        .map(|k| k.parse().expect("--only-openings takes opening numbers, comma-separated"))
        .collect::<Vec<usize>>()
        .into();
    let only = only.filter(|o| !o.is_empty());
    let game_ids: Vec<usize> = match &only {
        Some(ks) => ks.iter().flat_map(|&k| [2 * k, 2 * k + 1]).collect(),
        None => (0..games).collect(),
    };
    let n_ops = game_ids.iter().max().map_or(0, |g| g / 2 + 1).max(games.div_ceil(2));
    let ops = match_openings(cfg, &start, n_ops);
    // The run's counters; the level-10 budget hook and the move hook both
    // need them, so they live in a cell.
    let c = std::cell::Cell::new(Counters::default());
    // Every move's time, [bot, level 10], for the medians: on a loaded
    // machine a few moves descheduled for a scheduler tick or more (4 ms
    // and up) carry the means, and the median shows the typical move.
    let times = std::cell::RefCell::new([Vec::new(), Vec::new()]);
    {
        // Seeds level 10's time rule; capped like the baseline's moves.
        let t = Instant::now();
        let budget =
            Budget { deadline: cap_ms.map(|ms| Instant::now() + Duration::from_millis(ms)), ..Budget::default() };
        if plain {
            // The bot's own view of the opening, as in its games (searching
            // the `igisoro` position itself met a giant optional-capture
            // turn and took the run to 24 GB).
            let _ = bot_search(&ops[0], bot_depth, None);
        } else {
            let _ = analyse_with::<Igisoro>(&ops[0], &Limits { budget, ..Limits::depth(5) }, Igisoro::baseline);
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        c.set(Counters { mean_sum: ms, mean_n: 1, ..Counters::default() });
        println!("calibration: one baseline search of opening 0 took {ms:.1} ms");
    }
    let mut t = Tally::default();
    let mut per_side = [Tally::default(), Tally::default()];
    let mut pair = [0.0; 2];
    // Distinct games (by their sequence of positions), per colour of level
    // 10: games from one start differ only as far as the players vary.
    let mut lines = [HashSet::new(), HashSet::new()];
    let t0 = Instant::now();
    for &g in &game_ids {
        let line = std::cell::Cell::new(0u64);
        let eng = if g % 2 == 0 { Side::South } else { Side::North };
        let players = if eng == Side::South { [me, base] } else { [base, me] };
        let tg = Instant::now();
        let mut capped_here: Vec<String> = Vec::new();
        let (o, _clock) = play_game(
            &ops[g / 2],
            players,
            seed * 100_003 + g as u64,
            max_plies,
            &mut || {
                let mut k = c.get();
                let mean = match fixed_us {
                    Some(us) => us as f64 / 1000.0,
                    None => time_factor * k.mean_sum / k.mean_n as f64,
                };
                let ms = if clock { clock_budget_ms(mean, k.eng_n, k.eng_ms) } else { mean };
                let b = (ms * 1000.0).floor() as u64; // microseconds
                k.budget_us += b;
                k.budget_n += 1;
                c.set(k);
                b
            },
            &mut |pos, ms, info| {
                line.set(line.get().wrapping_mul(0x100_0000_01B3) ^ Igisoro::zobrist(pos));
                let mut k = c.get();
                times.borrow_mut()[(pos.to_move() == eng) as usize].push(ms);
                if pos.to_move() == eng {
                    k.eng_ms += ms;
                    k.eng_n += 1;
                    k.eng_max = k.eng_max.max(ms);
                    if cap_ms.is_some_and(|cap| ms >= cap as f64) {
                        k.eng_capped += 1;
                    }
                } else {
                    k.mean_sum += ms;
                    k.mean_n += 1;
                    k.base_ms += ms;
                    k.base_n += 1;
                    k.base_max = k.base_max.max(ms);
                    if cap_ms.is_some() && info.stopped_by == Some(StopReason::Deadline) {
                        let d = info.depth.unwrap_or(0);
                        k.base_capped += 1;
                        k.capped_depth[(d as usize).min(4)] += 1;
                        capped_here.push(format!(
                            "  capped baseline move: game {} ply {} as {}, {:.0} ms, depth {d} completed, position {}",
                            g + 1,
                            info.ply,
                            side_name(pos.to_move()),
                            ms,
                            notation::format(pos)
                        ));
                    }
                }
                c.set(k);
            },
        );
        t.add(&o, eng);
        lines[eng.index()].insert(line.get());
        per_side[eng.index()].add(&o, eng);
        pair[eng.index()] = Tally::result(&o, eng);
        if g % 2 == 1 {
            t.add_pair(pair[0], pair[1]);
        }
        let stop = g % 2 == 1 && decided(&t, cfg);
        for line in &capped_here {
            println!("{line}");
        }
        let k = c.get();
        println!(
            "{} ({:.1} s{}) | running {}",
            game_line(g, "level 10", eng, &o),
            tg.elapsed().as_secs_f64(),
            if cap_ms.is_some() {
                format!(", capped so far: baseline {}, level 10 {}", k.base_capped, k.eng_capped)
            } else {
                String::new()
            },
            t.summary()
        );
        if stop {
            println!("the SPRT has its verdict after {} pairs (--sprt-stop)", t.penta.pairs());
            break;
        }
    }
    let k = c.get();
    println!("== level 10 vs baseline, rules {rules}: {}", t.summary());
    println!("   {}", report(&t.penta, &cfg.sprt));
    let pairs = t.penta.pairs() as usize;
    let pct = |n: u32| 100.0 * n as f64 / pairs.max(1) as f64;
    println!(
        "   pairs (opening played with both colours): {pairs}; won both {} ({:.1}%), split {}, lost both {} ({:.1}%)",
        t.pairs_won,
        pct(t.pairs_won),
        pairs as u32 - t.pairs_won - t.pairs_lost,
        t.pairs_lost,
        pct(t.pairs_lost)
    );
    println!("   level 10 as South: {}", per_side[0].summary());
    println!("   level 10 as North: {}", per_side[1].summary());
    println!(
        "   distinct games (move sequences): {} of {} with level 10 as South, {} of {} as North",
        lines[0].len(),
        per_side[0].games(),
        lines[1].len(),
        per_side[1].games()
    );
    println!(
        "   time per move: baseline {:.1} ms (mean over {} moves, max {:.0} ms), level 10 {:.1} ms (mean over {} moves, max {:.0} ms), \
         level 10 budget {}; {:.0} s in all",
        k.base_ms / k.base_n.max(1) as f64,
        k.base_n,
        k.base_max,
        k.eng_ms / k.eng_n.max(1) as f64,
        k.eng_n,
        k.eng_max,
        match fixed_ms {
            Some(ms) => format!("{ms} ms (fixed by --level10-ms)"),
            None => format!("{:.1} ms (mean)", k.budget_us as f64 / k.budget_n.max(1) as f64 / 1000.0),
        },
        t0.elapsed().as_secs_f64()
    );
    let [mut bot_t, mut eng_t] = times.into_inner();
    println!(
        "   time per move, median / 90th percentile: baseline {} ms, level 10 {} ms",
        percentiles(&mut bot_t),
        percentiles(&mut eng_t)
    );
    if plain {
        let (n, cut) = bot_enumerations();
        println!(
            "   the plain bot's move lists: {n} enumerated (calibration included), {cut} cut at {BOT_MOVES_CAP} moves"
        );
    }
    if let Some(cap) = cap_ms {
        println!(
            "   cap {cap} ms: {} of {} baseline moves capped (last completed depth 0/1/2/3/4: {}), \
             {} of {} level-10 moves took at least {cap} ms",
            k.base_capped,
            k.base_n,
            k.capped_depth.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("/"),
            k.eng_capped,
            k.eng_n
        );
    }
}

/// "median / 90th percentile" of `ms`, in ms.
fn percentiles(ms: &mut [f64]) -> String {
    if ms.is_empty() {
        return "-".to_string();
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!("{:.2} / {:.2}", at(0.5), at(0.9))
}

/// `roundrobin`: every two of levels `--from..=--to` (and, unless
/// `--no-bot`, the depth-5 baseline bot as `bot`: `Player::BaselinePlain`,
/// which plays by its own rules) play `--games` games on paired openings
/// under `--rules`, `--ms` a move for the levels. Every game is appended
/// to `--out` as a JSON line for `bench/ratings.py`: `white` is the player
/// to move in the opening position (the first mover), `black` the other,
/// `result` the first mover's (`1-0`, `0-1`, `1/2-1/2`), with the opening's
/// number, the plies and whether the game was cut at `--max-plies`.
fn round_robin(cfg: &Cfg, rules: &str, ms: u64, from: u8, to: u8, bot: bool, out: &str) {
    use std::io::Write;
    let mut players: Vec<(String, Player)> = (from..=to).map(|l| (format!("L{l}"), Player::Level(l, ms))).collect();
    if bot {
        players.push(("bot".to_string(), Player::BaselinePlain));
    }
    if players.len() < 2 {
        fail("a round robin needs at least two players (--from, --to, --no-bot)");
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .unwrap_or_else(|e| fail(&format!("--out {out}: {e}")));
    let ops = match_openings(cfg, &rules_start(rules), cfg.games.div_ceil(2));
    println!(
        "round robin, rules {rules}, {} players, {} games per pair, {ms} ms a move, seed {}, games to {out}",
        players.len(),
        2 * ops.len(),
        cfg.seed
    );
    for i in 0..players.len() {
        for j in i + 1..players.len() {
            let (a, b) = (&players[i], &players[j]);
            let mut t = Tally::default();
            let mut pair = [0.0; 2];
            for g in 0..2 * ops.len() {
                let a_side = if g % 2 == 0 { Side::South } else { Side::North };
                let seats = if a_side == Side::South { [a, b] } else { [b, a] };
                let op = &ops[g / 2];
                let (o, _) = play_game(
                    op,
                    [seats[0].1, seats[1].1],
                    cfg.seed * 100_003 + g as u64,
                    cfg.max_plies,
                    &mut || 0,
                    &mut |_, _, _| {},
                );
                t.add(&o, a_side);
                pair[a_side.index()] = Tally::result(&o, a_side);
                if g % 2 == 1 {
                    t.add_pair(pair[0], pair[1]);
                }
                let first = op.to_move();
                let result = match o.winner {
                    Some(w) if w == first => "1-0",
                    Some(_) => "0-1",
                    None => "1/2-1/2",
                };
                let line = format!(
                    "{{\"white\":\"{}\",\"black\":\"{}\",\"result\":\"{result}\",\"rules\":\"{rules}\",\"opening\":{},\"plies\":{},\"cut\":{}}}\n",
                    seats[first.index()].0,
                    seats[first.other().index()].0,
                    g / 2,
                    o.plies,
                    o.cut
                );
                file.write_all(line.as_bytes()).unwrap_or_else(|e| fail(&format!("--out {out}: {e}")));
            }
            println!("{} vs {}: {}", a.0, b.0, t.summary());
            println!("{} vs {}: {}", a.0, b.0, report(&t.penta, &cfg.sprt));
        }
    }
    println!("fit: python3 bench/ratings.py {out} --anchor L{from}");
}

/// `forced`: the engine's proven results on the match openings (South to
/// move in every one), counted by how many plies the game then lasts.
fn forced(start: &Position, cfg: &Cfg, depth: u32, nodes: u64) {
    let ops = match_openings(cfg, start, cfg.games.div_ceil(2));
    println!(
        "forced results on {} openings ({} random plies, seed {}), depth {depth}, at most {nodes} nodes each",
        ops.len(),
        cfg.opening_plies,
        cfg.seed
    );
    // Plies until the game ends under best play, for the side to move's
    // wins and losses; `open`: no proven result.
    let (mut wins, mut losses, mut open) = (Vec::new(), Vec::new(), 0);
    let t0 = Instant::now();
    for (k, p) in ops.iter().enumerate() {
        let a = analyse_with::<Igisoro>(p, &Limits { nodes: Some(nodes), ..Limits::depth(depth) }, Igisoro::evaluate);
        let line = match a.score {
            Score::Win { turns } => {
                wins.push(2 * turns - 1);
                format!("side to move wins in {} plies", 2 * turns - 1)
            }
            Score::Loss { turns } => {
                losses.push(2 * turns);
                format!("side to move loses in {} plies", 2 * turns)
            }
            Score::Centiseeds(c) => {
                open += 1;
                format!("{c:+} centiseeds")
            }
        };
        println!("opening {k:>3}: depth {:>2} ({}), {line}", a.depth, a.stopped_by.name());
    }
    let within = |v: &[u32], h: u32| v.iter().filter(|&&x| x <= h).count();
    println!(
        "== {} openings: side to move (South) proven to win {} (within 5 plies: {}), to lose {} (within 5 plies: {}), \
         open {open}; {:.0} s",
        ops.len(),
        wins.len(),
        within(&wins, 5),
        losses.len(),
        within(&losses, 5),
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
    let sprt = Sprt::new(
        opt("--elo0", 0.0),
        opt("--elo1", 10.0),
        opt("--alpha", 0.05),
        opt("--beta", 0.05),
        opt::<String>("--sprt-model", "normalized".to_string()).parse::<Model>().unwrap_or_else(|e| fail(&e)),
    )
    .unwrap_or_else(|e| fail(&format!("SPRT settings: {e}")));
    let sprt_stop = std::env::args().any(|a| a == "--sprt-stop");
    let book = Some(opt::<String>("--book", String::new())).filter(|b| !b.is_empty());
    let cfg = Cfg { games, opening_plies, max_plies, seed, verbose, sprt, sprt_stop, book };
    match cmd.as_str() {
        "baseline" => {
            // 0 (the default) turns `--baseline-cap-ms` and `--level10-ms` off.
            let positive = |n: u64| (n > 0).then_some(n);
            let opts = BaselineOpts {
                rules: arg("--rules", "baseline".to_string()),
                level10_eval: match arg("--level10-eval", "engine".to_string()).as_str() {
                    _ if std::env::args().any(|a| a == "--resolved") => Some(("resolved", evaluate_resolved)),
                    "engine" => None,
                    "resolved" => Some(("resolved", evaluate_resolved)),
                    "baseline" => Some(("baseline", Igisoro::baseline)),
                    other => panic!("--level10-eval engine|resolved|baseline, not {other}"),
                },
                cap_ms: positive(arg("--baseline-cap-ms", 0)),
                fixed_ms: positive(arg("--level10-ms", 0)),
                clock: std::env::args().any(|a| a == "--clock"),
                time_factor: arg("--time-factor", 1.0),
                fixed_us: positive(arg("--level10-us", 0)),
                plain: std::env::args().any(|a| a == "--plain"),
                shuffled: match arg("--ties", "first".to_string()).as_str() {
                    "first" => false,
                    "random" => true,
                    other => panic!("--ties first|random, not {other}"),
                },
                bot_depth: opt("--bot-depth", BOT_DEPTH),
            };
            baseline(&cfg, &opts);
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
        "forced" => {
            // How many match openings are already decided by force: each
            // opening searched by the engine to `--depth` plies (a node cap
            // per opening keeps the run bounded); a proven result within the
            // baseline's 5-ply horizon is one the baseline cannot miss.
            let rules: String = arg("--rules", "baseline".to_string());
            let depth: u32 = arg("--depth", 9);
            let nodes: u64 = arg("--nodes", 20_000_000);
            forced(&rules_start(&rules), &cfg, depth, nodes);
        }
        "versus" => {
            // Level 10 of this build against level 10 of another build
            // (`--engine`, that build's `engine` binary), `--ms` per move
            // each, paired openings under `--rules` (issue 31's target 2).
            let path: String = arg("--engine", String::new());
            assert!(!path.is_empty(), "versus needs --engine PATH (a build's target/release/engine)");
            let rules: String = arg("--rules", "igisoro".to_string());
            start_external(&path);
            println!("level 10 (this build) vs level 10 of {path}, rules {rules}, {games} games, {ms} ms per move, seed {seed}, {opening_plies} opening plies");
            run_match("this vs other", &rules_start(&rules), Player::Level(10, ms), Player::External(ms), &cfg);
        }
        "analysis" => {
            // Level 10 against the best move of a timed analysis (what
            // `/v1/evaluate` and `/v1/best-move` without a level answer),
            // `--ms` per move each, paired openings under `--rules` (issue
            // 41, target 3: an analysis's move at least as strong as level 10's).
            let rules: String = arg("--rules", "igisoro".to_string());
            println!("analysis vs level 10, rules {rules}, {games} games, {ms} ms per move, seed {seed}, {opening_plies} opening plies (after a scripted opening)");
            run_match("analysis vs L10", &rules_start(&rules), Player::Analysis(ms), Player::Level(10, ms), &cfg);
        }
        "roundrobin" => {
            let out: String = opt("--out", String::new());
            if out.is_empty() {
                fail("roundrobin needs --out PATH (JSON lines, appended)");
            }
            let rules: String = opt("--rules", "igisoro".to_string());
            let (from, to): (u8, u8) = (opt("--from", 1), opt("--to", 10));
            if !(1..=10).contains(&from) || !(from..=10).contains(&to) {
                fail("--from and --to are levels, 1 <= from <= to <= 10");
            }
            let bot = !std::env::args().any(|a| a == "--no-bot");
            round_robin(&cfg, &rules, ms, from, to, bot, &out);
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
            eprintln!(
                "usage: strength baseline|ladder|random|pair|forced|versus|analysis|roundrobin [--games N] [--rules baseline|igisoro] [--ms MS] ..."
            );
            std::process::exit(2);
        }
    }
}
