//! Strength levels 1..10.
//!
//! Why noise plus depth: a shallow search alone still finds every capture a
//! beginner misses and plays like a greedy machine; adding seeded noise to
//! the scores of all root moves (multi-PV over every move) makes weak levels
//! choose plausible but imperfect moves, reproducibly for a given seed.
//! The two weakest levels also play a share of uniformly random moves
//! (blunders), the one knob that measurably weakens a depth-1 search.
//! Level 10 is the full search within the caller's time budget, with a
//! transposition table sized to that budget ([`table_bits`]).

use super::iterative::{analyse, Analysis};
use super::level_table::LevelTable;
use super::limits::Limits;
use super::tt::MATE_BOUND;
use super::Engine;
use crate::budget::Budget;
use crate::rng::Rng;

/// What a level searches, as callers can read it (`/v1/levels`): the depth
/// in turns (`None`: level 10, as deep as its time allows), the noise added
/// to every root move's score (centiseeds) and the share of moves chosen
/// uniformly at random (percent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// 1..=10.
    pub level: u8,
    /// Fixed depth in turns; `None` for level 10's timed search.
    pub depth: Option<u32>,
    /// Amplitude of the seeded noise on each root move's score, centiseeds.
    pub noise: i32,
    /// Percent of moves played uniformly at random (blunders).
    pub random_pct: u32,
}

/// Every level's settings, 1 to 10, for family `G`: the table
/// [`best_move`] plays by, so that what the API publishes cannot drift
/// from what the levels do.
pub fn settings<G: LevelTable>() -> Vec<Settings> {
    let fixed = G::level_table().iter().enumerate().map(|(i, &(depth, noise, random_pct))| Settings {
        level: i as u8 + 1,
        depth: Some(depth),
        noise,
        random_pct,
    });
    fixed.chain(std::iter::once(Settings { level: 10, depth: None, noise: 0, random_pct: 0 })).collect()
}

/// Level 10's transposition table size (a power of two) for a search of
/// at most `budget`: 2^12 slots (96 KB) under 2 ms, 2^15 (768 KB) under
/// 20 ms, else the default 2^18 (6 MB).
///
/// Why: a search of a millisecond visits one to two thousand positions,
/// and in a 6 MB table nearly every probe misses the processor's caches;
/// a table that fits them made fixed-depth searches of 800-1800 nodes
/// 13-18% faster (same nodes, within 1%). Against the baseline bot at
/// about a millisecond it won slightly more pairs both ways, and under the
/// harness's `baseline` rules lost slightly fewer (docs/benchmarks/levels.md;
/// gains at the edge of the noise).
/// Three coarse sizes, because each thread reuses its last table only when
/// the next search asks for the same size (`tt::Table`), and budgets
/// that drift around one boundary would otherwise reallocate it.
pub fn table_bits(budget: std::time::Duration) -> u32 {
    match budget.as_millis() {
        0..2 => 12,
        2..20 => 15,
        _ => Limits::default().tt_bits,
    }
}

/// Choose a move at `level` (clamped to 1..=10) within `time_ms`, with
/// randomness fixed by `seed`. The returned analysis has `best_move` set to
/// the chosen move (`None` when the game is over).
pub fn best_move<G: Engine>(pos: &G::Pos, level: u8, time_ms: u64, seed: u64) -> Analysis {
    best_move_until::<G>(pos, level, time_ms, seed, &Budget::default())
}

/// [`best_move`] that also stops when the call's `budget` runs out (a
/// server's request deadline); the result then says
/// [`super::StopReason::Deadline`].
pub fn best_move_until<G: Engine>(pos: &G::Pos, level: u8, time_ms: u64, seed: u64, budget: &Budget) -> Analysis {
    let level = level.clamp(1, 10);
    let budget = budget.clone();
    if level == 10 {
        let own = std::time::Duration::from_millis(time_ms);
        let tt_bits = table_bits(budget.left().map_or(own, |left| own.min(left)));
        return analyse::<G>(
            pos,
            &Limits { depth: None, time_ms: Some(time_ms), budget, tt_bits, playing: true, seed, ..Limits::default() },
        );
    }
    let (depth, noise, random_pct) = G::level_table()[level as usize - 1];
    let multipv = if noise > 0 { usize::MAX } else { 1 };
    // No solver share: a level's choice is a depth's, with its own noise
    // over every line, and a level keeps its whole time for it (levels are
    // measured as they were, docs/benchmarks/levels.md).
    let limits =
        Limits { depth: Some(depth), time_ms: Some(time_ms), budget, multipv, solve_share: 0, seed, ..Limits::default() };
    let mut a = analyse::<G>(pos, &limits);
    if noise > 0 && a.lines.len() > 1 {
        let mut rng = Rng::new(seed);
        let blunder = rng.below(100) < random_pct as usize;
        // Forced results are clamped to ±20 seeds before the noise: a weak
        // level should usually, not always, take a win.
        let pick = a
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let base = l.value.clamp(-MATE_BOUND, MATE_BOUND).clamp(-2000, 2000);
                let jitter = rng.below(2 * noise as usize + 1) as i32 - noise;
                (base + jitter, std::cmp::Reverse(i))
            })
            .max()
            .map(|(_, std::cmp::Reverse(i))| i)
            .unwrap_or(0);
        // A weak level's blunder: any move, uniformly.
        let pick = if blunder { rng.below(a.lines.len()) } else { pick };
        let chosen = a.lines.remove(pick);
        a.lines.insert(0, chosen);
        a.best_move = Some(a.lines[0].mv.clone());
        a.score = a.lines[0].score;
        a.pv = a.lines[0].pv.clone();
    }
    a
}
