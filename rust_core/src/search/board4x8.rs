//! The 4x8 family's search code: how the engine evaluates, keys and orders
//! Igisoro positions, and its win-probability model. The search itself is
//! generic ([`super::alphabeta`] and friends, over [`super::Engine`]); this
//! file is where the family plugs into its traits, beside
//! [`super::isolo`] for Isolo. The static terms are in [`static_eval`], the
//! one-turn tempo look-ahead in [`tempo`].

pub mod static_eval;
pub mod tempo;
pub mod value_net;

use super::eval::{Evaluate, SEED};
use super::ordering::MoveKey;
use super::level_table::LevelTable;
use super::root_choice::RootChoice;
use super::win_probability::{Context, WinModel};
use super::zobrist::{mix, splitmix, Zobrist};
use crate::board4x8::{Choice, Igisoro, Position, Variant};
use crate::side::Side;
use static_eval::mobility;

impl Evaluate for Igisoro {
    /// The hand-made evaluation ([`hand_made`]). Analyses keep it: with the
    /// learned correction their fixed-depth scores swing more from depth to
    /// depth (issues 31 and 41, `docs/benchmarks/stability.md`).
    fn evaluate(pos: &Position) -> i32 {
        hand_made(pos)
    }

    /// [`Evaluate::evaluate`] with the learned correction ([`value_net`]),
    /// clamped the same way.
    const PLAYING_REDUCTIONS: bool = true;

    fn evaluate_playing(pos: &Position) -> i32 {
        clamp_to_seeds(pos, tempo::evaluate(pos) + value_net::correction(pos))
    }

    fn baseline(pos: &Position) -> i32 {
        let me = pos.to_move().index();
        let pits = pos.local_pits();
        let min = pos.rules().min_seeds;
        let material = pos.seeds(pos.to_move()) as i32 - pos.seeds(pos.to_move().other()) as i32;
        let mob = mobility(&pits[me], min) - mobility(&pits[1 - me], min);
        // 10 x material + 2 x mobility, in tenths of a seed -> centiseeds.
        (10 * material + 2 * mob) * 10
    }
}

/// The hand-made evaluation alone: the static terms with the side to
/// move's tempo measured by one turn of look-ahead ([`tempo`]), clamped
/// ([`clamp_to_seeds`]). It is what the learned correction is trained to
/// correct (`bench/value_net.py`), the baseline of the ablation table
/// (`docs/benchmarks/levels.md`), and what analyses use.
pub fn hand_made(pos: &Position) -> i32 {
    clamp_to_seeds(pos, tempo::evaluate(pos))
}

/// `value` clamped to ±(the seeds on the board) x [`SEED`]: an estimate in
/// centiseeds never claims more than every seed there is (the terms beside
/// material, summed, could reach "+74 seeds" on a board of 64), and stays
/// far below the forced results (`tt::MATE_BOUND`).
pub fn clamp_to_seeds(pos: &Position, value: i32) -> i32 {
    let total = (pos.seeds(Side::South) + pos.seeds(Side::North)) as i32 * SEED;
    value.clamp(-total, total)
}

/// Counts 0..=64 are possible (all 64 seeds in one pit).
const COUNTS: usize = 65;
const PIT_KEYS: usize = 2 * 16 * COUNTS;

const fn pit_table() -> [u64; PIT_KEYS] {
    let mut t = [0u64; PIT_KEYS];
    let mut i = 0;
    while i < PIT_KEYS {
        // An empty pit adds nothing (key 0), so the key needs no branch on
        // each pit's count (a mispredicted branch per pit cost more than
        // the lookups).
        t[i] = if i % COUNTS == 0 { 0 } else { splitmix(0x1650_5EED ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)) };
        i += 1;
    }
    t
}

static PIT: [u64; PIT_KEYS] = pit_table();
const NORTH_TO_MOVE: u64 = splitmix(0xA11CE);
/// The rules pack into well under 64 bits; hashing them makes a table shared
/// between positions with custom rules safe (rules never change in a game,
/// but a batch or a cached table might mix games).
fn rules_bits(pos: &Position) -> u64 {
    let r = pos.rules();
    (r.min_seeds as u64)
        | (r.capture as u64) << 8
        | (r.retreat as u64) << 10
        | (r.captured_sowing as u64) << 11
        | (r.clockwise as u64) << 14
        | (r.reverse as u64) << 17
        | (r.opening as u64) << 33
        | (r.end_pits_win as u64) << 36
        | (r.adjudicate as u64) << 37
        | (pos.variant() as u64) << 40
}

impl Zobrist for Igisoro {
    fn zobrist(pos: &Position) -> u64 {
        let pits = pos.local_pits();
        let mut h = 0u64;
        for (s, row) in pits.iter().enumerate() {
            for (i, &c) in row.iter().enumerate() {
                h ^= PIT[(s * 16 + i) * COUNTS + c as usize];
            }
        }
        if pos.to_move() == Side::North {
            h ^= NORTH_TO_MOVE;
        }
        if pos.opening_plies() != 0 {
            h ^= mix(1, pos.opening_plies() as u64);
        }
        if let Some(w) = pos.winner() {
            h ^= mix(2, w.index() as u64 + 1);
        }
        h ^ mix(3, rules_bits(pos))
    }
}

impl MoveKey for Igisoro {
    fn move_key(first: Choice) -> usize {
        match first {
            Choice::Start(p) => p.0 as usize, // 0..32, absolute so both sides differ
            _ => 32,
        }
    }

    fn key_choice(key: usize) -> Option<Choice> {
        (key < 32).then_some(Choice::Start(crate::board4x8::Pit(key as u8)))
    }

    /// Take the capture and sow counter-clockwise. Why these: a decision
    /// offers either capture or pass, or the two directions, so exactly one
    /// option is followed at each; the capture is usually the best choice,
    /// and a path that never passes meets no retreat decision (the
    /// opponent's), so its result is the mover's to force. Under
    /// `igisoro` rules (optional capture) most best options are such a
    /// path, and without this only starts with no later decision could be
    /// tried before the graph. With it, this ply's killer is tried first
    /// under those rules too: tried as a start alone it had made their deep
    /// searches slower (`git show 923cacc^:BENCHMARKS.md`, "Options tried before the turn
    /// graph"); followed up, it makes their typical searches faster
    /// ("Guessed options followed to the end of the turn").
    fn follow_up(options: &[Choice]) -> Option<Choice> {
        [Choice::Capture, Choice::Ccw].into_iter().find(|c| options.contains(c))
    }
}

/// Per 4x8 variant, in [`Variant::ALL`] order: `a` (per seed of score),
/// `c` (per start pit of margin), `d` (per seed of material margin).
///
/// Fitted on 2026-11-28 (refitted when the status learnt the `odd_singles`
/// and `out_of_reach` endings: `igisoro-wikipedia` and `igisoro-fr` games
/// now stop there, at a half for each side, instead of running to the ply
/// cap and being scored by material) by `.venv-bench/bin/python
/// bench/winprob_fit.py --data bench/data/winprob/selfplay-d4.tsv.gz`
/// (logistic regression without intercept, per variant, on the training
/// games' positions with a seed score) from the self-play data of `cargo
/// run --release -p igisoro-bench --bin winprob -- generate` (depth-4
/// searches, command and results in docs/benchmarks/win-probability.md).
/// The `igisoro` and Ikibuguzo rows (`min_seeds = 2`: none of the new
/// endings) are the 2026-11-25 fit's: the refit moved them by under 1e-5
/// (its data differs by a few games' worth of searches since), which
/// changes no answer worth a fixture's churn. Re-run both after a change to
/// the search's scores and paste the printed block here (the printed
/// `BASELINE_SLOPE` is a comparison only, see its constant).
pub const COEFFICIENTS: [[f64; 3]; 5] = [
    [0.221693, 0.032026, -0.026342], // igisoro
    [0.016034, -0.002560, 0.002578], // igisoro-wikipedia
    [0.016477, 0.004110, 0.004315], // igisoro-fr
    [0.239904, -0.115946, 0.016518], // ikibuguzo-1
    [0.206592, 0.072347, -0.028378], // ikibuguzo-2
];

impl WinModel for Igisoro {
    fn context(pos: &Position) -> Context {
        let me = pos.to_move();
        let pits = pos.local_pits();
        let min = pos.rules().min_seeds.max(1);
        let starts = |s: Side| pits[s.index()].iter().filter(|&&c| c >= min).count() as i32;
        let variant = Variant::ALL.iter().position(|&v| v == pos.variant()).expect("every variant is in ALL");
        Context {
            coefficients: COEFFICIENTS[variant],
            starts: starts(me) - starts(me.other()),
            material: pos.seeds(me) as i32 - pos.seeds(me.other()) as i32,
        }
    }
}

/// Every 4x8 move list is complete: the search chooses among it.
impl RootChoice for Igisoro {}

/// The common table: the levels were set on this family's ladder.
impl LevelTable for Igisoro {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::legal_moves;

    /// A position whose terms sum past the board's 64 seeds (63 to 1, many
    /// start pits and big pits against one): the evaluation stays within
    /// 6400 centiseeds, the unclamped terms do not.
    #[test]
    fn evaluation_stays_within_the_seeds() {
        let p = crate::board4x8::notation::parse(
            "igisoro-fr 0,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/1,1,1,1,1,1,1,1/8,8,8,8,8,8,7,0 s",
        )
        .unwrap();
        let raw = tempo::evaluate(&p);
        let v = Igisoro::evaluate(&p);
        assert!(raw > 6400, "{raw}: the unclamped terms go past the seeds here");
        assert_eq!(v, 6400);
        for q in legal_moves::<Igisoro>(&p, None).moves {
            assert!(Igisoro::evaluate(&q.result).abs() <= 6400);
        }
    }

    #[test]
    fn keys_separate_distinct_results() {
        for v in Variant::ALL {
            let p = Position::start(v);
            let ms = legal_moves::<Igisoro>(&p, None).moves;
            let mut keys: Vec<u64> = ms.iter().map(|m| Igisoro::zobrist(&m.result)).collect();
            keys.push(Igisoro::zobrist(&p));
            let n = keys.len();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), n, "{}", v);
        }
    }
}
