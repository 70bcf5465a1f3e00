//! Engine-vs-engine games for the strength benchmarks (`bin/strength.rs`,
//! `bin/tune.rs`): players, seeded openings, one game, a match summary with
//! a Wilson interval.
//!
//! A move chosen by a search is its whole turn, including the opponent's
//! in-turn decisions (retreat) the mover's search expects: the mover's
//! minimax assumes the opponent answers its best, so these are the
//! opponent's best replies *as the mover sees them*. The opponent does not
//! get to choose them itself; under obligatory capture (the baseline rules)
//! there are no such decisions at all. The plain bot in an `igisoro` game
//! (`Player::BaselinePlain`) never passes, so it never gives level 10 such
//! a decision; the retreats it gets against level 10's passes are thus the
//! ones level 10 expects of it, a rule its own search does not know.

use igisoro_core::board4x8::rules::{Capture, CapturedSowing, Clockwise, RuleSetting};
use igisoro_core::board4x8::{notation, Choice, Igisoro, Position, Setup, Variant};
use igisoro_core::budget::{with_budget, Budget};
use igisoro_core::explore::{
    has_legal_move, legal_moves, next_decision, play, random_move, status, MoveInfo as TurnMove, NextDecision,
};
use igisoro_core::game::Game;
use igisoro_core::moves::parse_move;
use igisoro_core::rng::Rng;
use igisoro_core::search::searcher::lost;
use igisoro_core::search::{
    analyse, analyse_with, best_move, best_move_until, Analysis, Limits, MoveKey, StopReason, Zobrist,
};
use igisoro_core::{Side, Status};
use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// An evaluation usable by the searcher (a plain function pointer).
pub type Eval = fn(&Position) -> i32;

/// Who chooses the moves of one side.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    /// `search::best_move` at this level, `ms` per move.
    Level(u8, u64),
    /// Level 10 with a per-move time given by the game loop's `budget_ms` hook.
    Level10Matched,
    /// Like `Level10Matched` (unbounded depth, the matched time) but with
    /// another evaluation: for trying evaluations at time parity.
    MatchedWith(Eval),
    /// The public baseline: depth-5 alpha-beta, 10 x material + 2 x mobility.
    Baseline,
    /// The baseline with a per-move safety cap in milliseconds: a deadline
    /// on its search. A search the deadline stops plays the best move of its
    /// deepest completed iteration (the searcher also starts no iteration
    /// once it has used half the cap), so a capped move is no longer exactly
    /// the depth-5 bot's move.
    BaselineCapped(u64),
    /// `BaselineCapped` that draws among equally valued best moves: its
    /// move's time is that of the capped depth-5 search alone; then, off
    /// the clock, a depth-5 search valuing every root move (multi-PV, same
    /// cap) lists the moves equal to the best, and the game's generator
    /// draws one. When that search does not finish within the cap, the
    /// first search's move is played. The engine-searcher counterpart of
    /// `BaselinePlainShuffled`, for rules the plain bot cannot play.
    BaselineCappedTies(u64),
    /// The public baseline written the way its description reads: a plain
    /// depth-5 alpha-beta over complete moves in enumeration order, with
    /// no transposition table, ordering or iterative deepening
    /// ([`plain_alphabeta`]). Same evaluation and the same values as
    /// `Baseline`; only its time (and so level 10's matched time) differs.
    /// Like the bot described, it knows only its own rules (obligatory
    /// capture, no clockwise laps): in a game under other rules it searches
    /// the game as those rules model it ([`in_bot_rules`]: the opponent
    /// too takes every capture, and nobody retreats) and plays its turn
    /// with every capture taken ([`played_as_bot`]).
    BaselinePlain,
    /// `BaselinePlain` with its root moves in a seeded random order (the
    /// game's generator): it keeps the first best move, so among equally
    /// valued best moves it plays one uniformly at random, and every other
    /// choice is the plain bot's. The variety that lets games from one start
    /// differ without giving either side a random move.
    BaselinePlainShuffled,
    /// `BaselinePlain` searching to this depth instead of 5: issue 41's
    /// "full-width depth-7 bot with the public bot's two-term evaluation",
    /// the stronger bot a match on the balanced book is measured against.
    BotDepth(u32),
    /// Fixed-depth search (no time limit) with the given evaluation.
    Depth(u32, Eval),
    /// Node-limited search with the given evaluation.
    Nodes(u64, Eval),
    /// `explore::random_move`: uniform among the options at every decision point.
    Random,
    /// Level 10 of another build at `ms` per move: the engine process
    /// started by [`start_external`] (`bench/src/bin/engine.rs`).
    External(u64),
    /// The best move of a timed analysis, `ms` per move, as `/v1/evaluate`
    /// and `/v1/best-move` without a level answer it (issue 41: play and
    /// analysis judged by the same test).
    Analysis(u64),
}

/// The other build's engine process of [`Player::External`] (kept, so it
/// is not a zombie; it ends when its input closes at exit), its input and output.
type External = (std::process::Child, std::process::ChildStdin, std::io::BufReader<std::process::ChildStdout>);
static EXTERNAL: std::sync::Mutex<Option<External>> = std::sync::Mutex::new(None);

/// Start the engine binary at `path` (`bench/src/bin/engine.rs` of some
/// build) as [`Player::External`]'s engine.
pub fn start_external(path: &str) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start the engine {path}: {e}"));
    let (input, output) = (child.stdin.take().expect("piped"), child.stdout.take().expect("piped"));
    *EXTERNAL.lock().expect("not poisoned") = Some((child, input, std::io::BufReader::new(output)));
}

/// The external engine's move (level 10, `ms`, `seed`) in `p`, as notation.
fn external_move(p: &Position, ms: u64, seed: u64) -> Option<String> {
    use std::io::{BufRead, Write};
    let mut guard = EXTERNAL.lock().expect("not poisoned");
    let (_, input, output) = guard.as_mut().expect("start_external was called");
    writeln!(input, "10 {ms} {seed} {}", notation::format(p)).expect("the engine reads");
    input.flush().expect("the engine reads");
    let mut line = String::new();
    output.read_line(&mut line).expect("the engine answers");
    let mv = line.trim();
    (mv != "-" && !mv.is_empty()).then(|| mv.to_string())
}

/// The overrides that make `igisoro` the public bot's rules: it knows
/// obligatory capture and no clockwise laps.
const BOT_RULES: [RuleSetting; 2] =
    [RuleSetting::Capture(Capture::Obligatory), RuleSetting::Clockwise(Clockwise::Never)];

/// The start of the baseline's rules: `igisoro` with `capture=obligatory`,
/// `clockwise=never`.
pub fn baseline_start() -> Position {
    in_bot_rules(&Position::start(Variant::Igisoro))
}

/// `p` as the public bot models it: the same pits, side to move and rule
/// state (the opening's ply count), under the bot's own rules
/// ([`BOT_RULES`]). Positions already under them come back unchanged.
pub fn in_bot_rules(p: &Position) -> Position {
    let mut s: Setup = p.to_setup();
    s.rules.retain(|r| BOT_RULES.iter().all(|b| b.name() != r.name()));
    s.rules.extend(BOT_RULES);
    Position::from_setup(&s).expect("the bot's rules are valid overrides of any igisoro position")
}

/// The bot's turn `choices` (a start, under its own rules: see
/// [`in_bot_rules`]) played in the game `p`, whose rules may offer more:
/// at every decision the bot takes the capture and sows counter-clockwise,
/// the only options its rules know. Both are legal under `igisoro`
/// (capture is optional there, clockwise only allowed), so the turn is the
/// same chain of laps; the harness checks that it ends in the bot's own
/// result. A retreat decision cannot come up: it follows a pass, and the
/// bot never passes. Returns the game's position after the turn and the
/// turn's decisions under the game's rules. Panics when the game's rules
/// offer neither option.
pub fn played_as_bot(p: &Position, choices: &[Choice], bot_result: &Position) -> (Position, Vec<Choice>) {
    let mut partial = choices.to_vec();
    loop {
        match next_decision::<Igisoro>(p, &partial).expect("the bot's turn is legal in the game") {
            NextDecision::Complete { result, .. } => {
                assert_eq!(
                    &in_bot_rules(&result),
                    bot_result,
                    "the bot's turn {partial:?} under the game's rules ends elsewhere than in its own"
                );
                return (result, partial);
            }
            NextDecision::Decide { options, .. } => {
                // The engine's follow-up rule is exactly the bot's: the
                // capture, else counter-clockwise.
                let pick = <Igisoro as MoveKey>::follow_up(&options);
                partial.push(pick.unwrap_or_else(|| panic!("the bot knows none of {options:?} after {partial:?}")));
            }
        }
    }
}

/// The public bot's own rules in full, as its description gives them:
/// `igisoro-wikipedia` (4 seeds in each *outer* pit at the start) with a
/// 2-seed minimum, obligatory capture, no retreat, captured seeds sown
/// from the capturing pit, no clockwise laps. The harness's `baseline`
/// rules ([`baseline_start`]) differ in two points: they start from the
/// inner rows and sow captured seeds from the turn's start pit.
pub fn bot_rules_start() -> Position {
    let mut s: Setup = Position::start(Variant::IgisoroWikipedia).to_setup();
    let bot = [
        RuleSetting::MinSeeds(2),
        RuleSetting::Capture(Capture::Obligatory),
        RuleSetting::Retreat(false),
        RuleSetting::CapturedSowing(CapturedSowing::Landing),
        RuleSetting::Clockwise(Clockwise::Never),
    ];
    s.rules.retain(|r| bot.iter().all(|b| b.name() != r.name()));
    s.rules.extend(bot);
    Position::from_setup(&s).expect("the bot's rules are valid overrides of igisoro-wikipedia")
}

/// The start of a bench's `--rules`: `baseline` ([`baseline_start`]),
/// `bot` ([`bot_rules_start`]), or a variant's start: `igisoro`,
/// `igisoro-wikipedia` or `igisoro-fr`.
pub fn rules_start(rules: &str) -> Position {
    match rules {
        "baseline" => baseline_start(),
        "bot" => bot_rules_start(),
        "igisoro" => Position::start(Variant::Igisoro),
        "igisoro-wikipedia" => Position::start(Variant::IgisoroWikipedia),
        "igisoro-fr" => Position::start(Variant::IgisoroFr),
        "ikibuguzo-1" => Position::start(Variant::Ikibuguzo1),
        "ikibuguzo-2" => Position::start(Variant::Ikibuguzo2),
        other => {
            panic!("--rules baseline|bot|igisoro|igisoro-wikipedia|igisoro-fr|ikibuguzo-1|ikibuguzo-2, not {other}")
        }
    }
}

/// `n` distinct openings: `plies` seeded uniform-random plies from `start`
/// (opening `k` uses seed `seed + k`, retried with later seeds when it
/// repeats an earlier opening or ends the game), after the scripted
/// opening of an Ikibuguzo start (whose plies are forced: random plies
/// there would give every opening the same moves, issue 41). `plies == 0`:
/// `n` copies of `start`. Panics when far fewer than `n` distinct openings exist.
pub fn openings(start: &Position, n: usize, plies: u32, seed: u64) -> Vec<Position> {
    let plies = if plies == 0 { 0 } else { plies + crate::refset::scripted_plies_4x8(start) };
    let mut out = Vec::with_capacity(n);
    let mut seen = HashSet::new();
    let mut s = seed;
    if plies == 0 {
        // Every game from `start` itself: the variety must then come from
        // the players (see `Player::BaselinePlainShuffled`).
        return vec![start.clone(); n];
    }
    while out.len() < n {
        // Fewer distinct openings than asked (2 plies from the igisoro start
        // give 64): say so rather than search forever.
        assert!(
            s - seed < 1000 * n as u64 + 10_000,
            "only {} distinct openings of {plies} plies found in {} tries; ask for fewer games or more plies",
            out.len(),
            s - seed
        );
        let mut rng = Rng::new(s.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5EED);
        s += 1;
        let Some(p) = random_plies(start, plies, &mut rng) else { continue };
        if status::<Igisoro>(&p) == Status::Ongoing && seen.insert(Igisoro::zobrist(&p)) {
            out.push(p);
        }
    }
    out
}

/// `plies` uniform-random plies from `start`, each given at most a second
/// (one ply can meet a relay chain that takes seconds to settle); `None`
/// if a ply found no move or ran out of its second.
pub fn random_plies(start: &Position, plies: u32, rng: &mut Rng) -> Option<Position> {
    let mut p = start.clone();
    for _ in 0..plies {
        let budget = Budget { deadline: Some(Instant::now() + Duration::from_secs(1)), cancel: None, seconds: None };
        match with_budget(budget, || random_move::<Igisoro>(&p, rng)) {
            (Some((q, _)), false) => p = q,
            _ => return None,
        }
    }
    Some(p)
}

/// How one game ended.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// `None`: a draw (cut at the ply cap with equal material, or at a
    /// position proven unable to end).
    pub winner: Option<Side>,
    pub plies: u32,
    /// Cut at the ply cap and scored by material.
    pub cut: bool,
}

/// What the search behind one move reported (`depth` and `stopped_by` are
/// `None` for the random player).
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveInfo {
    /// The ply of the move (0: the game's first move from the opening).
    pub ply: u32,
    /// Last completed depth of the search.
    pub depth: Option<u32>,
    /// Why the search ended (`StopReason::Deadline` for a capped baseline move).
    pub stopped_by: Option<StopReason>,
    /// Time spent choosing the move that is not the player's own time (the
    /// tie draw of `BaselineCappedTies`); the game loop leaves it off the clock.
    pub untimed_ms: f64,
}

impl MoveInfo {
    /// A move of the plain alpha-beta: always its full depth 5.
    const PLAIN: MoveInfo = MoveInfo { ply: 0, depth: Some(5), stopped_by: Some(StopReason::Depth), untimed_ms: 0.0 };

    /// What the search `a` reported.
    fn searched(a: &Analysis) -> MoveInfo {
        MoveInfo { depth: Some(a.depth), stopped_by: Some(a.stopped_by), ..MoveInfo::default() }
    }
}

/// Time spent and moves made by each side in one game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    pub ms: [f64; 2],
    pub moves: [u32; 2],
}

fn choose(p: &Position, who: Player, seed: u64, matched_us: u64, rng: &mut Rng) -> (Option<Position>, MoveInfo) {
    // A matched budget is a deadline to the microsecond: the baseline's
    // moves can take about a millisecond, and whole milliseconds (floored)
    // would give level 10 nothing.
    let budget = Budget::until(Instant::now() + Duration::from_micros(matched_us.max(1)));
    let a: Analysis = match who {
        Player::Level(l, ms) => best_move::<Igisoro>(p, l, ms, seed),
        Player::Level10Matched => best_move_until::<Igisoro>(p, 10, 600_000, seed, &budget),
        Player::MatchedWith(e) => analyse_with::<Igisoro>(p, &Limits { depth: None, budget, ..Limits::default() }, e),
        Player::Baseline => analyse_with::<Igisoro>(p, &Limits::depth(5), baseline_eval),
        Player::BaselineCapped(cap_ms) => {
            let budget = Budget::until(Instant::now() + Duration::from_millis(cap_ms));
            analyse_with::<Igisoro>(p, &Limits { budget, ..Limits::depth(5) }, baseline_eval)
        }
        Player::BaselineCappedTies(cap_ms) => {
            let budget = Budget::until(Instant::now() + Duration::from_millis(cap_ms));
            let a = analyse_with::<Igisoro>(p, &Limits { budget, ..Limits::depth(5) }, baseline_eval);
            let t = Instant::now();
            let budget = Budget::until(Instant::now() + Duration::from_millis(cap_ms));
            let all = Limits { budget, multipv: usize::MAX, ..Limits::depth(5) };
            let mut every = analyse_with::<Igisoro>(p, &all, baseline_eval);
            let mut chosen = a.clone();
            if every.stopped_by != StopReason::Deadline && !every.lines.is_empty() {
                let best = every.lines[0].value;
                every.lines.retain(|l| l.value == best);
                chosen.best_move = Some(every.lines.swap_remove(rng.below(every.lines.len())).mv);
            }
            let info = MoveInfo { untimed_ms: t.elapsed().as_secs_f64() * 1000.0, ..MoveInfo::searched(&a) };
            return (play_best(p, &chosen, rng), info);
        }
        Player::BaselinePlain | Player::BaselinePlainShuffled | Player::BotDepth(_) => {
            // The bot searches the game as its own rules see it; playing
            // its turn under the game's rules is the harness's work, off
            // its clock (a replay of the turn: nothing under the bot's
            // own rules).
            let shuffle = matches!(who, Player::BaselinePlainShuffled).then_some(&mut *rng);
            let depth = if let Player::BotDepth(d) = who { d } else { BOT_DEPTH };
            let found = bot_search(p, depth, shuffle);
            let t = Instant::now();
            let next = match found {
                Some((m, _)) => Some(played_as_bot(p, &m.choices, &m.result).0),
                None => {
                    // Its rules leave it no move where the game's have one
                    // (only a start whose obligatory captures loop forever
                    // does that): it cannot choose, so a random legal move.
                    eprintln!("the bot has no move under its own rules: {}", notation::format(p));
                    random_move::<Igisoro>(p, rng).map(|(q, _)| q)
                }
            };
            return (next, MoveInfo { untimed_ms: t.elapsed().as_secs_f64() * 1000.0, ..MoveInfo::PLAIN });
        }
        Player::Depth(d, e) => analyse_with::<Igisoro>(p, &Limits::depth(d), e),
        Player::Nodes(n, e) => {
            analyse_with::<Igisoro>(p, &Limits { depth: None, nodes: Some(n), ..Limits::default() }, e)
        }
        Player::Random => return (random_move::<Igisoro>(p, rng).map(|(q, _)| q), MoveInfo::default()),
        Player::Analysis(ms) => analyse::<Igisoro>(p, &Limits { depth: None, time_ms: Some(ms), ..Limits::default() }),
        Player::External(ms) => {
            return (play_notation(p, external_move(p, ms, seed).as_deref(), rng), MoveInfo::default());
        }
    };
    (play_best(p, &a, rng), MoveInfo::searched(&a))
}

/// The position after the search's best move; when the search settled no
/// option (out of time first), after a uniformly random move instead.
/// `None`: the side to move has no move.
pub fn play_best(p: &Position, a: &Analysis, rng: &mut Rng) -> Option<Position> {
    play_notation(p, a.best_move.as_deref(), rng)
}

/// The position after the move `mv` (notation), or after a uniformly random
/// move when there is none; `None`: the side to move has no move.
fn play_notation(p: &Position, mv: Option<&str>, rng: &mut Rng) -> Option<Position> {
    match mv {
        Some(mv) => {
            let choices = parse_move::<Igisoro>(p, mv).expect("engine move parses");
            Some(play::<Igisoro>(p, &choices).expect("engine move is legal").result)
        }
        None => random_move::<Igisoro>(p, rng).map(|(q, _)| q),
    }
}

/// Most complete moves the plain bot enumerates in one position.
///
/// Under the bot's own rules (obligatory capture, no clockwise laps) a
/// turn has no decision after its start, so a position has at most 16
/// moves, one per start pit, and this bound never binds: the bot stays
/// exactly the one described. It is a safety net for a position under
/// other rules reaching the plain search: under `igisoro` (optional
/// capture, then the opponent's retreat) one turn can have hundreds of
/// thousands of distinct results, and enumerating them all took 24 GB and
/// got the whole strength run killed (the calibration searched the game's
/// position instead of the bot's view of it, [`bot_search`]). The first
/// 64 results of such a turn take about 0.06 ms. How often it binds is
/// counted ([`bot_enumerations`]) and printed by the strength harness.
pub const BOT_MOVES_CAP: usize = 64;

/// The plain bot's enumerations so far in this process, and how many of
/// them [`BOT_MOVES_CAP`] cut.
static ENUMERATIONS: AtomicU64 = AtomicU64::new(0);
static ENUMERATIONS_CUT: AtomicU64 = AtomicU64::new(0);

/// (enumerations, enumerations cut by [`BOT_MOVES_CAP`]) by the plain bot
/// in this process so far.
pub fn bot_enumerations() -> (u64, u64) {
    (ENUMERATIONS.load(Ordering::Relaxed), ENUMERATIONS_CUT.load(Ordering::Relaxed))
}

/// The plain bot's move list: `explore::legal_moves` in its order, at most
/// [`BOT_MOVES_CAP`] of them (counted when the cap cuts the list).
fn bot_moves(p: &Position) -> Vec<TurnMove<Igisoro>> {
    let list = legal_moves::<Igisoro>(p, Some(BOT_MOVES_CAP));
    ENUMERATIONS.fetch_add(1, Ordering::Relaxed);
    if list.truncated {
        ENUMERATIONS_CUT.fetch_add(1, Ordering::Relaxed);
    }
    list.moves
}

/// The plain bot's search of the game position `p` as it sees it: under
/// its own rules ([`in_bot_rules`]), to `depth`, its evaluation, root
/// shuffled when `rng` is given. What `Player::BaselinePlain` plays (at
/// [`BOT_DEPTH`]; `Player::BotDepth` at its own) and what the strength
/// harness times to seed level 10's time.
pub fn bot_search(p: &Position, depth: u32, rng: Option<&mut Rng>) -> Option<(TurnMove<Igisoro>, i32)> {
    plain_alphabeta_move(&in_bot_rules(p), depth, baseline_eval, rng)
}

/// The public baseline bot's depth, as it is described.
pub const BOT_DEPTH: u32 = 5;

/// A plain fixed-depth alpha-beta (fail-hard negamax) over whole turns:
/// the complete legal moves of `explore::legal_moves` (at most
/// [`BOT_MOVES_CAP`], which never binds under the bot's rules), searched in
/// that order, nothing else. It returns the first best move's result and its
/// value (side to move's view, centiseeds; a side with no move loses).
/// Only for rules without in-turn opponent decisions (the baseline's
/// obligatory capture): a complete move there is the mover's alone.
pub fn plain_alphabeta(p: &Position, depth: u32, eval: Eval) -> Option<(Position, i32)> {
    plain_alphabeta_move(p, depth, eval, None).map(|(m, v)| (m.result, v))
}

/// [`plain_alphabeta`] with the root moves shuffled by `rng` first: the
/// same value, and a best move drawn uniformly from the equally valued
/// best ones (the first of them in a uniformly random order).
pub fn plain_alphabeta_shuffled(p: &Position, depth: u32, eval: Eval, rng: &mut Rng) -> Option<(Position, i32)> {
    plain_alphabeta_move(p, depth, eval, Some(rng)).map(|(m, v)| (m.result, v))
}

/// [`plain_alphabeta`] (root shuffled when `rng` is given) returning the
/// whole move, its decisions included, for [`played_as_bot`].
pub fn plain_alphabeta_move(
    p: &Position,
    depth: u32,
    eval: Eval,
    rng: Option<&mut Rng>,
) -> Option<(TurnMove<Igisoro>, i32)> {
    let mut moves = bot_moves(p);
    if let Some(rng) = rng {
        rng.shuffle(&mut moves);
    }
    debug_assert!(moves.iter().all(|m| m.result.to_move() != p.to_move()));
    let mut best: Option<(TurnMove<Igisoro>, i32)> = None;
    let mut alpha = -i32::MAX;
    for m in moves {
        let v = -plain_value(&m.result, depth - 1, 1, -i32::MAX, -alpha, eval);
        if best.is_none() || v > alpha {
            alpha = v;
            best = Some((m, v));
        }
    }
    best
}

fn plain_value(p: &Position, depth: u32, ply: u32, mut alpha: i32, beta: i32, eval: Eval) -> i32 {
    // Won or lost positions score by distance, as in the engine's search
    // (`searcher::lost`), so the oracle test below compares values exactly.
    // A leaf only asks whether the side to move has a move at all (the
    // cheap check), as a plain bot's game-over test would.
    if let Some((winner, _)) = Igisoro::decided(p) {
        return if winner == p.to_move() { -lost(ply) } else { lost(ply) };
    }
    if depth == 0 {
        return if has_legal_move::<Igisoro>(p) { eval(p) } else { lost(ply) };
    }
    let moves = bot_moves(p);
    if moves.is_empty() {
        return lost(ply);
    }
    for m in moves {
        assert_ne!(m.result.to_move(), p.to_move(), "plain_alphabeta: turns must alternate");
        let v = -plain_value(&m.result, depth - 1, ply + 1, -beta, -alpha, eval);
        if v >= beta {
            return beta;
        }
        alpha = alpha.max(v);
    }
    alpha
}

fn baseline_eval(p: &Position) -> i32 {
    <Igisoro as igisoro_core::search::Evaluate>::baseline(p)
}

/// A paired match with no clock: every opening played twice, `a` with
/// South then with North against `b`, game `k` seeded `seed + k` and cut at
/// 300 plies; tallied for `a`, pairs included. `on_pair` sees the tally
/// after each opening (for progress).
pub fn paired_match(
    ops: &[Position],
    a: Player,
    b: Player,
    seed: u64,
    on_pair: &mut dyn FnMut(usize, &Tally),
) -> Tally {
    let mut t = Tally::default();
    for (k, op) in ops.iter().enumerate() {
        let mut r = [0.0; 2];
        for a_side in [Side::South, Side::North] {
            let players = if a_side == Side::South { [a, b] } else { [b, a] };
            let (o, _) = play_game(op, players, seed + k as u64, 300, &mut || 0, &mut |_, _, _| {});
            t.add(&o, a_side);
            r[a_side.index()] = Tally::result(&o, a_side);
        }
        t.add_pair(r[0], r[1]);
        on_pair(k, &t);
    }
    t
}

/// Play one game from `start`. `players[0]` is South, `players[1]` North.
/// `matched_us()` gives a `Level10Matched` player its time (microseconds) for the next
/// move; `on_move(pos, ms, info)` is told every move's position before the
/// move (the mover is `pos.to_move()`), duration and search report. A game still on
/// after `max_plies` is scored by material (equal material: a draw); one
/// that reaches a position proven unable to end is a draw.
pub fn play_game(
    start: &Position,
    players: [Player; 2],
    seed: u64,
    max_plies: u32,
    matched_us: &mut dyn FnMut() -> u64,
    on_move: &mut dyn FnMut(&Position, f64, &MoveInfo),
) -> (Outcome, Clock) {
    let mut p = start.clone();
    let mut rng = Rng::new(seed ^ 0xA5A5_5A5A);
    let mut clock = Clock::default();
    let mut plies = 0;
    loop {
        match status::<Igisoro>(&p) {
            Status::Won { winner, .. } => return (Outcome { winner: Some(winner), plies, cut: false }, clock),
            // Proven unable to end (docs/RULES.md): neither side can win, a draw.
            Status::Endless { .. } => return (Outcome { winner: None, plies, cut: false }, clock),
            Status::Ongoing => {}
        }
        if plies >= max_plies {
            let (s, n) = (p.seeds(Side::South), p.seeds(Side::North));
            let winner = match s.cmp(&n) {
                std::cmp::Ordering::Greater => Some(Side::South),
                std::cmp::Ordering::Less => Some(Side::North),
                std::cmp::Ordering::Equal => None,
            };
            return (Outcome { winner, plies, cut: true }, clock);
        }
        let side = p.to_move();
        let who = players[side.index()];
        let budget = if matches!(who, Player::Level10Matched | Player::MatchedWith(_)) { matched_us() } else { 0 };
        if std::env::var_os("STRENGTH_TRACE_BEFORE").is_some() {
            // Before the search, so that a search that never ends shows its position.
            eprintln!("ply {plies} {side:?} {who:?} searching {}", igisoro_core::board4x8::notation::format(&p));
        }
        let t = Instant::now();
        let move_seed = seed.wrapping_mul(1_000_003).wrapping_add(plies as u64);
        let (next, mut info) = choose(&p, who, move_seed, budget, &mut rng);
        info.ply = plies;
        let ms = t.elapsed().as_secs_f64() * 1000.0 - info.untimed_ms;
        if std::env::var_os("STRENGTH_TRACE").is_some() {
            let search = match (info.depth, info.stopped_by) {
                (Some(d), Some(why)) => format!(", depth {d} ({})", why.name()),
                _ => String::new(),
            };
            eprintln!(
                "ply {plies} {side:?} {who:?} budget {budget} us: {ms:.1} ms{search}, seeds S {} N {}",
                p.seeds(Side::South),
                p.seeds(Side::North)
            );
        }
        clock.ms[side.index()] += ms;
        clock.moves[side.index()] += 1;
        on_move(&p, ms, &info);
        match next {
            Some(q) => p = q,
            // No legal move: the status check above will say so next round.
            None => {
                return (Outcome { winner: Some(side.other()), plies, cut: false }, clock);
            }
        }
        plies += 1;
    }
}

/// Wins, draws and losses of one player over a match.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub cut: u32,
    /// Openings (played once with each colour) whose two games were won
    /// by the same colour: decided by the opening, not by the players.
    pub colour_pairs: u32,
    /// Openings whose two games this player won / lost.
    pub pairs_won: u32,
    pub pairs_lost: u32,
    /// Every pair by its score (`crate::sprt`): the SPRT's input.
    pub penta: crate::sprt::Pentanomial,
}

impl Tally {
    /// This player's result in one game: 1 win, 0.5 draw, 0 loss.
    pub fn result(o: &Outcome, me: Side) -> f64 {
        match o.winner {
            Some(w) if w == me => 1.0,
            None => 0.5,
            _ => 0.0,
        }
    }
    pub fn add(&mut self, o: &Outcome, me: Side) {
        match o.winner {
            Some(w) if w == me => self.wins += 1,
            None => self.draws += 1,
            _ => self.losses += 1,
        }
        self.cut += o.cut as u32;
    }
    /// Record a pair: this player's results with South and with North
    /// (1 win, 0.5 draw, 0 loss) on the same opening.
    pub fn add_pair(&mut self, as_south: f64, as_north: f64) {
        self.penta.add(as_south, as_north);
        if as_south + as_north == 2.0 {
            self.pairs_won += 1;
        } else if as_south + as_north == 0.0 {
            self.pairs_lost += 1;
        } else if (as_south - as_north).abs() == 1.0 {
            self.colour_pairs += 1;
        }
    }
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
    /// Score: wins plus half the draws.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
    pub fn score(&self) -> f64 {
        self.points() / self.games().max(1) as f64
    }
    /// 95% Wilson interval of the score (draws counted as half a win).
    pub fn wilson(&self) -> (f64, f64) {
        wilson(self.points(), self.games() as f64)
    }
    /// "W-D-L, score% [lo%, hi%]".
    pub fn summary(&self) -> String {
        let (lo, hi) = self.wilson();
        format!(
            "{}-{}-{} ({} games), score {:.1}% [95% CI {:.1}%, {:.1}%], cut {}, pairs won/lost/same-colour {}/{}/{}",
            self.wins,
            self.draws,
            self.losses,
            self.games(),
            100.0 * self.score(),
            100.0 * lo,
            100.0 * hi,
            self.cut,
            self.pairs_won,
            self.pairs_lost,
            self.colour_pairs
        )
    }
}

/// 95% Wilson score interval for `wins` successes out of `n`.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = wins / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// An experimental evaluation: the engine's static value with the side to
/// move's immediate captures resolved, i.e. the better of the static value
/// (it may play a quiet move) and, for each distinct capturing result of
/// its turn, minus the static value of that result. Turns with opponent
/// decisions or over 512 decision nodes keep the static value.
pub fn evaluate_resolved(pos: &Position) -> i32 {
    use igisoro_core::search::turn_graph::TurnGraph;
    use igisoro_core::search::Evaluate;
    let stand = Igisoro::evaluate(pos);
    if igisoro_core::budget::check() {
        return stand;
    }
    let Ok(g) = TurnGraph::<Igisoro>::build_bounded(pos, 512, &mut igisoro_core::budget::check) else {
        return stand;
    };
    if g.has_opponent || g.truncated {
        return stand;
    }
    g.results.iter().filter(|r| r.captured > 0).map(|r| -Igisoro::evaluate(&r.pos)).fold(stand, i32::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use igisoro_core::search::reference::negamax;

    /// The plain baseline computes the oracle's fixed-depth values (the
    /// unpruned negamax of `search::reference`) on the match openings and
    /// on positions a few plies later, under the baseline's rules.
    #[test]
    fn plain_alphabeta_matches_the_oracle() {
        let mut checked = 0;
        for (k, start) in openings(&baseline_start(), 30, 4, 7).iter().enumerate() {
            let mut rng = Rng::new(k as u64);
            let Some(p) = random_plies(start, (k % 5) as u32 * 2, &mut rng) else { continue };
            if status::<Igisoro>(&p) != Status::Ongoing {
                continue;
            }
            let (q, v) = plain_alphabeta(&p, 3, baseline_eval).expect("an ongoing position has a move");
            assert_eq!(
                v,
                negamax::<Igisoro>(&p, 3, 0, baseline_eval),
                "{}",
                igisoro_core::board4x8::notation::format(&p)
            );
            // The move played is one the oracle values as best.
            let after =
                if status::<Igisoro>(&q) == Status::Ongoing { -negamax::<Igisoro>(&q, 2, 1, baseline_eval) } else { v };
            assert_eq!(after, v);
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} positions checked");
    }

    /// The shuffled baseline keeps the plain one's value and plays one of
    /// the oracle's best moves, and its seed does change the move where
    /// several are equally best (the variety a match from one start needs).
    #[test]
    fn shuffled_baseline_plays_a_best_move_chosen_by_its_seed() {
        let mut varied = 0;
        for (k, p) in openings(&baseline_start(), 12, 4, 11).iter().enumerate() {
            let v = negamax::<Igisoro>(p, 3, 0, baseline_eval);
            let mut played = HashSet::new();
            for seed in 0..8 {
                let mut rng = Rng::new(seed * 31 + k as u64);
                let (q, w) = plain_alphabeta_shuffled(p, 3, baseline_eval, &mut rng).expect("a move");
                assert_eq!(w, v, "{}", igisoro_core::board4x8::notation::format(p));
                if status::<Igisoro>(&q) == Status::Ongoing {
                    assert_eq!(-negamax::<Igisoro>(&q, 2, 1, baseline_eval), v);
                }
                played.insert(Igisoro::zobrist(&q));
            }
            varied += (played.len() > 1) as u32;
        }
        assert!(varied > 0, "no opening had two equally best moves for the seeds to choose between");
    }

    /// The bot in an `igisoro` game: its move, searched under its own
    /// rules, plays legally in the game (checked play of the decisions
    /// found) with the same result and capture, and where it captures (a
    /// decision under `igisoro`, where capture is optional) it takes the
    /// capture.
    #[test]
    fn the_bot_plays_its_own_rules_turns_in_igisoro_games() {
        let (mut checked, mut captures) = (0, 0);
        for (k, start) in openings(&Position::start(Variant::Igisoro), 40, 6, 3).iter().enumerate() {
            let mut rng = Rng::new(k as u64);
            let Some(p) = random_plies(start, (k % 4) as u32 * 3, &mut rng) else { continue };
            if status::<Igisoro>(&p) != Status::Ongoing {
                continue;
            }
            let own = in_bot_rules(&p);
            assert_eq!(in_bot_rules(&own), own, "already under the bot's rules: unchanged");
            let Some((m, _)) = plain_alphabeta_move(&own, 2, baseline_eval, Some(&mut rng)) else { continue };
            let (q, decisions) = played_as_bot(&p, &m.choices, &m.result);
            let played = play::<Igisoro>(&p, &decisions).expect("the bot's move is legal in the game");
            assert_eq!((&played.result, played.captured), (&q, m.captured), "{}", notation::format(&p));
            assert!(q.rule_overrides().is_empty(), "the game keeps its own rules");
            if m.captured > 0 {
                assert!(decisions.contains(&Choice::Capture), "{decisions:?}");
                captures += 1;
            }
            checked += 1;
        }
        assert!(checked >= 30 && captures >= 5, "only {checked} positions, {captures} capturing moves checked");
    }

    /// The bot's full rules: outer rows filled, and already the bot's own
    /// view of the game (the plain bot searches the game as it is).
    #[test]
    fn the_bots_full_rules_start_from_the_outer_rows() {
        let p = bot_rules_start();
        assert_eq!(in_bot_rules(&p), p);
        let text = notation::format(&p);
        assert!(text.starts_with("igisoro-wikipedia 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/"), "{text}");
        assert!(text.contains("captured_sowing=landing") && text.contains("min_seeds=2"), "{text}");
        assert!(!legal_moves::<Igisoro>(&p, None).moves.is_empty());
    }

    /// An `igisoro` position whose turn (optional capture, then the
    /// opponent's retreat) has tens of thousands of distinct results: met
    /// in the calibration search of the first `igisoro` opening of seed
    /// 2026, whose full enumeration took the run to 24 GB.
    const GIANT_TURN: &str = "igisoro 1,2,0,1,0,1,1,3/0,5,1,6,1,1,2,7/7,1,1,6,0,5,0,4/0,3,0,1,2,0,1,1 s";

    /// The plain search stays bounded on a giant turn: its enumeration is
    /// cut at `BOT_MOVES_CAP` (counted), well within a budget that stops an
    /// unbounded enumeration after 2 s (and a few hundred MB). The bot's
    /// own view of the position has a handful of moves, and its depth-5
    /// search of it (what the harness plays and times) is quick.
    #[test]
    fn the_plain_search_is_bounded_on_a_giant_turn() {
        let giant = notation::parse(GIANT_TURN).expect("valid position");
        let budget = Budget { deadline: Some(Instant::now() + Duration::from_secs(2)), cancel: None, seconds: None };
        let ((found, cut), tripped) = with_budget(budget, || {
            let before = bot_enumerations().1;
            let found = plain_alphabeta_move(&giant, 1, baseline_eval, None);
            (found, bot_enumerations().1 - before)
        });
        assert!(!tripped, "the enumeration ran out of its 2 s budget: unbounded");
        assert!(found.is_some() && cut >= 1, "the cap did not bind ({cut} cut)");
        let own = legal_moves::<Igisoro>(&in_bot_rules(&giant), None);
        assert!(own.moves.len() <= 16 && !own.truncated, "{} moves under the bot's rules", own.moves.len());
        let t = Instant::now();
        assert!(bot_search(&giant, BOT_DEPTH, None).is_some());
        assert!(t.elapsed() < Duration::from_secs(2), "the bot's depth-5 search took {:?}", t.elapsed());
    }

    /// Asking for more distinct openings than exist stops with a message
    /// instead of searching forever (2 plies from the start give 64).
    #[test]
    #[should_panic(expected = "distinct openings of 2 plies")]
    fn too_many_openings_is_an_error_not_a_hang() {
        openings(&baseline_start(), 65, 2, 1);
    }
}
