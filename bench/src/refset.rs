//! The reference set of contested positions (issue 41, target 1): its
//! records, the moves the builder plays on [`AnyPosition`]s of either rule
//! system, and the measures of an engine against the set (target 2). The
//! builder and the measuring run are `src/bin/refset.rs`.
//!
//! A record is one JSON object per line of `data/refset/<variant>.jsonl`;
//! the fields the measure reads are `id`, `notation`, `phase` and
//! `reference` (`wp`, `best`, `kind`). The rest (the screening analyses,
//! the limits) is there to be read by people.

use igisoro_core::board4x8::rules::Opening;
use igisoro_core::explore::{canonical, play, random_move, status};
use igisoro_core::moves::{format_move, parse_move};
use igisoro_core::rng::Rng;
use igisoro_core::search::Score;
use igisoro_core::{with_game, AnyPosition, Family, Status};
use serde_json::{json, Value};

/// A score as JSON: `{"cs": n}`, `{"win": turns}` or `{"loss": turns}`.
pub fn score_json(s: Score) -> Value {
    match s {
        Score::Centiseeds(c) => json!({ "cs": c }),
        Score::Win { turns } => json!({ "win": turns }),
        Score::Loss { turns } => json!({ "loss": turns }),
    }
}

/// The position after one uniform-random complete move, `None` when the
/// game is over.
pub fn random_ply(p: &AnyPosition, rng: &mut Rng) -> Option<AnyPosition> {
    with_game!(p, q, G => random_move::<G>(q, rng).map(|(r, _)| G::wrap(r)))
}

/// The position after the move written `mv` (a search's move text).
pub fn play_text(p: &AnyPosition, mv: &str) -> Result<AnyPosition, String> {
    with_game!(p, q, G => {
        let choices = parse_move::<G>(q, mv).map_err(|e| format!("move {mv:?}: {e}"))?;
        play::<G>(q, &choices).map(|r| G::wrap(r.result)).map_err(|e| format!("move {mv:?}: {e}"))
    })
}

/// The canonical text of the move written `mv` here, so that two writings
/// of one move compare equal; `None` when it does not parse or is illegal.
pub fn canonical_move(p: &AnyPosition, mv: &str) -> Option<String> {
    with_game!(p, q, G => {
        let choices = parse_move::<G>(q, mv).ok()?;
        canonical::<G>(q, &choices).ok().map(|c| format_move::<G>(q, &c))
    })
}

/// Whether the game goes on from `p`.
pub fn game_status(p: &AnyPosition) -> Status {
    with_game!(p, q, G => status::<G>(q))
}

/// Plies of a scripted opening still to come (Ikibuguzo's Ludii openings):
/// random plies there would all be the same move, so an opening's random
/// plies come after them.
pub fn scripted_plies(p: &AnyPosition) -> u32 {
    match p {
        AnyPosition::Board4x8(b) => scripted_plies_4x8(b),
        AnyPosition::Isolo(_) | AnyPosition::Omweso(_) => 0,
    }
}

/// [`scripted_plies`] of a 4x8 position (the matches' openings use it too).
pub fn scripted_plies_4x8(b: &igisoro_core::board4x8::Position) -> u32 {
    match b.rules().opening {
        Opening::LudiiOpening1 | Opening::LudiiOpening2 => b.opening_plies() as u32,
        _ => 0,
    }
}

/// Who a win probability favours: 1 the side to move, -1 the opponent, 0
/// neither (exactly one half).
pub fn verdict(wp: f64) -> i8 {
    if wp > 0.5 {
        1
    } else if wp < 0.5 {
        -1
    } else {
        0
    }
}

/// One set record as the measure reads it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: String,
    pub phase: String,
    pub position: AnyPosition,
    /// The reference's win probability for the side to move (1 or 0 for a
    /// proof).
    pub wp: f64,
    /// The reference's best move, canonical; `None` when it gave none.
    pub best: Option<String>,
    /// Whether the reference is a proof (else a long analysis).
    pub proof: bool,
    /// The screening analyses the build recorded (`quick`, `screen`): their
    /// time limit in ms, win probability and canonical best move.
    pub recorded: Vec<(u64, f64, Option<String>)>,
}

/// Read one record line; the error names what is missing or wrong.
pub fn parse_entry(line: &str) -> Result<Entry, String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let text = |k: &str| v.get(k).and_then(Value::as_str).ok_or_else(|| format!("no text field {k:?}"));
    let id = text("id")?.to_string();
    let phase = text("phase")?.to_string();
    let position = AnyPosition::from_notation(text("notation")?).map_err(|e| format!("{id}: {e}"))?;
    let r = v.get("reference").ok_or_else(|| format!("{id}: no reference"))?;
    let wp = r.get("wp").and_then(Value::as_f64).ok_or_else(|| format!("{id}: reference without wp"))?;
    if !(0.0..=1.0).contains(&wp) {
        return Err(format!("{id}: reference wp {wp} outside [0, 1]"));
    }
    let best = r.get("best").and_then(Value::as_str).and_then(|m| canonical_move(&position, m));
    let proof = r.get("kind").and_then(Value::as_str) == Some("proof");
    let recorded = ["quick", "screen"]
        .iter()
        .filter_map(|k| v.get(*k))
        .filter_map(|a| {
            let ms = a.get("ms")?.as_u64()?;
            let wp = a.get("wp")?.as_f64()?;
            Some((ms, wp, a.get("best").and_then(Value::as_str).and_then(|m| canonical_move(&position, m))))
        })
        .collect();
    Ok(Entry { id, phase, position, wp, best, proof, recorded })
}

/// Sums of the target-2 measures over positions, for one budget.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measure {
    /// Positions measured.
    pub n: u32,
    /// Sum of |wp - reference wp|.
    pub abs_err: f64,
    /// Positions whose verdict ([`verdict`]) is the reference's.
    pub same_verdict: u32,
    /// Positions with a reference move.
    pub with_best: u32,
    /// Of those, positions whose best move is the reference's.
    pub same_best: u32,
}

impl Measure {
    /// Add one position: the engine's `wp` and move against the reference
    /// (moves already canonical).
    pub fn add(&mut self, wp: f64, best: Option<&str>, reference_wp: f64, reference_best: Option<&str>) {
        self.n += 1;
        self.abs_err += (wp - reference_wp).abs();
        self.same_verdict += (verdict(wp) == verdict(reference_wp)) as u32;
        if let Some(r) = reference_best {
            self.with_best += 1;
            self.same_best += (best == Some(r)) as u32;
        }
    }
    /// Mean |wp - reference|.
    pub fn mean_abs_err(&self) -> f64 {
        self.abs_err / self.n.max(1) as f64
    }
    /// Share of positions with the reference's verdict.
    pub fn verdict_share(&self) -> f64 {
        self.same_verdict as f64 / self.n.max(1) as f64
    }
    /// Share of best moves equal to the reference's.
    pub fn best_share(&self) -> f64 {
        self.same_best as f64 / self.with_best.max(1) as f64
    }
}
