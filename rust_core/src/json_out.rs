//! Search results in their JSON form: the one writer of scores, analyses,
//! solutions and game reviews, as the HTTP API, the batch tools (jobs, `igisoro
//! analyse`) and the Python API's `to_json` methods show them.
//!
//! Each object's keys are written in the API's documented order:
//! - a score: `{"type": "seeds", "value": 1.5}`, or `{"type": "win" |
//!   "loss", "turns": n}`;
//! - an analysis: `best_move`, `score`, `pv`, `lines` (each `{"move",
//!   "score", "pv"}`), `depth`, `nodes`, `time_ms`, `truncated_turns`,
//!   `stopped_by`, `partial` (an outside deadline cut it short),
//!   `win_probability`;
//! - a solution: `outcome`, `line`, `turns`, `nodes`, `time_ms`,
//!   `stopped_by`, `unknown_turns`, `proof_positions`, `partial`.
//!
//! Floats are written in their shortest form that reads back to the same
//! number (Rust's `{:?}`; a non-finite one, which the engine never makes,
//! as `null`), so the text parses to exactly the values the Python objects
//! hold. The limits used and the engine version are the caller's to add:
//! a batch states them once, a single answer beside the analysis.

use crate::any_position::{variants, AnyPosition};
use crate::any_variant::BOARDS;
use crate::board4x8::rules::OptionKind;
use crate::game::{Event, Status};
use crate::json_form::{write_rule_value, write_str};
use crate::review::{IllegalPly, Label, Review, ReviewedPly};
use crate::search::Outcome;
use crate::search::omweso_arrange::{Comparison, Scored};
use crate::search::{Analysis, Score, Solution, StopReason};
use crate::side::Side;
use std::fmt::Write;

fn write_f64(out: &mut String, x: f64) {
    if x.is_finite() {
        let _ = write!(out, "{:?}", x);
    } else {
        out.push_str("null");
    }
}

fn write_u64(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// A list of texts as a JSON array.
fn write_strings(out: &mut String, items: &[impl AsRef<str>]) {
    out.push('[');
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, s.as_ref());
    }
    out.push(']');
}

/// Append a score: seeds as a number (centiseeds / 100), a forced result
/// with its turns.
pub fn write_score(out: &mut String, s: &Score) {
    match *s {
        Score::Centiseeds(c) => {
            out.push_str("{\"type\":\"seeds\",\"value\":");
            write_f64(out, c as f64 / 100.0);
        }
        Score::Win { turns } => {
            out.push_str("{\"type\":\"win\",\"turns\":");
            write_u64(out, turns.into());
        }
        Score::Loss { turns } => {
            out.push_str("{\"type\":\"loss\",\"turns\":");
            write_u64(out, turns.into());
        }
    }
    out.push('}');
}

/// Append an analysis with the side to move's `win_probability` (the core's
/// model, from the position analysed) and its first `multipv` lines (all
/// with `None`).
pub fn write_analysis(out: &mut String, a: &Analysis, win_probability: f64, multipv: Option<usize>) {
    out.push_str("{\"best_move\":");
    match &a.best_move {
        Some(m) => write_str(out, m),
        None => out.push_str("null"),
    }
    out.push_str(",\"score\":");
    write_score(out, &a.score);
    out.push_str(",\"pv\":");
    write_strings(out, &a.pv);
    out.push_str(",\"lines\":[");
    let shown = multipv.map_or(a.lines.len(), |k| k.min(a.lines.len()));
    for (i, line) in a.lines[..shown].iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"move\":");
        write_str(out, &line.mv);
        out.push_str(",\"score\":");
        write_score(out, &line.score);
        out.push_str(",\"pv\":");
        write_strings(out, &line.pv);
        out.push('}');
    }
    out.push(']');
    write_effort(out, a.depth, a.nodes, a.time_ms, a.truncated_turns, a.stopped_by);
    out.push_str(",\"win_probability\":");
    write_f64(out, win_probability);
    out.push('}');
}

/// Append what a search spent and why it stopped, as every search answer
/// ends: `,"depth":..,"nodes":..,"time_ms":..,"truncated_turns":..,
/// "stopped_by":..,"partial":..` (`partial`: cut by the deadline).
fn write_effort(out: &mut String, depth: u32, nodes: u64, time_ms: u64, truncated: u64, stopped_by: StopReason) {
    out.push_str(",\"depth\":");
    write_u64(out, depth.into());
    out.push_str(",\"nodes\":");
    write_u64(out, nodes);
    out.push_str(",\"time_ms\":");
    write_u64(out, time_ms);
    out.push_str(",\"truncated_turns\":");
    write_u64(out, truncated);
    out.push_str(",\"stopped_by\":");
    write_str(out, stopped_by.name());
    out.push_str(",\"partial\":");
    out.push_str(if stopped_by == StopReason::Deadline { "true" } else { "false" });
}

/// Append an arrangement comparison (`AnyPosition::compare_arrangement`):
/// the given arrangement and the standard ones, each with its score, the
/// arranger's win probability by `win_probability`, and its line; `better`
/// counts the standard arrangements that score strictly higher, so a
/// caller reads the given one's rank without comparing scores itself.
pub fn write_comparison(out: &mut String, c: &Comparison, win_probability: impl Fn(Score) -> f64) {
    let one = |out: &mut String, s: &Scored| {
        out.push_str("{\"move\":");
        write_str(out, &s.arrangement.token());
        out.push_str(",\"name\":");
        match s.name {
            Some(n) => write_str(out, n),
            None => out.push_str("null"),
        }
        out.push_str(",\"score\":");
        write_score(out, &s.score());
        out.push_str(",\"win_probability\":");
        write_f64(out, win_probability(s.score()));
        out.push_str(",\"pv\":");
        write_strings(out, &s.pv);
        out.push('}');
    };
    out.push_str("{\"arrangement\":");
    one(out, &c.given);
    out.push_str(",\"standard\":[");
    for (i, s) in c.standard.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        one(out, s);
    }
    out.push_str("],\"better\":");
    write_u64(out, c.standard.iter().filter(|s| s.value > c.given.value).count() as u64);
    write_effort(out, c.depth, c.nodes, c.time_ms, c.truncated_turns, c.stopped_by);
    out.push('}');
}

/// [`write_comparison`] as text.
pub fn comparison_json(c: &Comparison, win_probability: impl Fn(Score) -> f64) -> String {
    let mut out = String::with_capacity(1024);
    write_comparison(&mut out, c, win_probability);
    out
}

/// Append a solution.
pub fn write_solution(out: &mut String, s: &Solution) {
    out.push_str("{\"outcome\":");
    write_str(out, s.outcome.name());
    out.push_str(",\"line\":");
    write_strings(out, &s.line);
    out.push_str(",\"turns\":");
    match s.turns {
        Some(t) => write_u64(out, t.into()),
        None => out.push_str("null"),
    }
    out.push_str(",\"nodes\":");
    write_u64(out, s.nodes);
    out.push_str(",\"time_ms\":");
    write_u64(out, s.time_ms);
    out.push_str(",\"stopped_by\":");
    write_str(out, s.stopped_by.name());
    out.push_str(",\"unknown_turns\":");
    write_u64(out, s.unknown_turns);
    out.push_str(",\"proof_positions\":");
    match s.proof_positions {
        Some(n) => write_u64(out, n),
        None => out.push_str("null"),
    }
    out.push_str(",\"partial\":");
    out.push_str(if s.stopped_by == StopReason::Deadline { "true" } else { "false" });
    out.push('}');
}

/// A score's JSON text.
pub fn score_json(s: &Score) -> String {
    let mut out = String::with_capacity(40);
    write_score(&mut out, s);
    out
}

/// An analysis's JSON text (see [`write_analysis`]).
pub fn analysis_json(a: &Analysis, win_probability: f64, multipv: Option<usize>) -> String {
    let mut out = String::with_capacity(256);
    write_analysis(&mut out, a, win_probability, multipv);
    out
}

/// A solution's JSON text.
pub fn solution_json(s: &Solution) -> String {
    let mut out = String::with_capacity(160);
    write_solution(&mut out, s);
    out
}

/// A game review's JSON text, as `/v1/games/review` answers it (without
/// the limits and engine version the caller adds): `start`, `plies` (each
/// `ply`, `side`, `move`, `canonical`, `captured`, `position_after`,
/// `evaluation`, `best_move`, `best_pv`, `played_score`, `loss`, `label`,
/// `win_probability`, `best_win_probability`, `played_win_probability`,
/// `win_probability_drop`; a search not run leaves its fields null),
/// `illegal` (`ply`, `move`, `code`: an Omweso arrangement's error code or
/// null, `error`: the error's `kind` and `message`),
/// `final` (`position`, `status`), `summary` (the count of each label,
/// mildest first) and `partial`.
pub fn review_json(r: &Review) -> String {
    let mut out = String::with_capacity(256 + 640 * r.plies.len());
    let plies = |out: &mut String| {
        for (i, p) in r.plies.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_ply(out, p);
        }
    };
    let end =
        ReviewEnd { final_position: &r.final_position, status: &r.status, summary: r.summary(), partial: r.partial };
    write_review(&mut out, &r.start, plies, r.illegal.as_ref(), &end);
    out
}

/// The JSON of a review assembled from plies reviewed before
/// ([`crate::known`]), as [`review_json`] writes a fresh one: `plies` are
/// each ply's JSON object as written (by [`ply_json`], or read back from a
/// store), in order; there is no illegal move (a game with one is reviewed
/// whole).
pub fn assembled_review_json(start: &AnyPosition, plies: &[String], end: &ReviewEnd) -> String {
    let mut out = String::with_capacity(256 + plies.iter().map(|p| p.len() + 1).sum::<usize>());
    let plies = |out: &mut String| {
        for (i, p) in plies.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(p);
        }
    };
    write_review(&mut out, start, plies, None, end);
    out
}

/// What a review's JSON says after its plies and illegal move.
pub struct ReviewEnd<'a> {
    /// The last legal position and its status.
    pub final_position: &'a AnyPosition,
    pub status: &'a Status,
    /// How many plies got each label, mildest first.
    pub summary: [(Label, usize); 3],
    /// A ply left unsearched or a search cut short.
    pub partial: bool,
}

/// The one writer of a review's object (see [`review_json`]), its plies
/// written by `plies`.
fn write_review(
    out: &mut String,
    start: &AnyPosition,
    plies: impl FnOnce(&mut String),
    illegal: Option<&IllegalPly>,
    end: &ReviewEnd,
) {
    out.push_str("{\"start\":");
    write_str(out, &start.notation());
    out.push_str(",\"plies\":[");
    plies(out);
    out.push_str("],\"illegal\":");
    match illegal {
        None => out.push_str("null"),
        Some(il) => {
            out.push_str("{\"ply\":");
            write_u64(out, il.ply as u64);
            out.push_str(",\"move\":");
            write_str(out, &il.mv);
            // An Omweso arrangement's error code (`docs/OMWESO.md`, "Set-up
            // errors"), so a client reads what to fix without parsing the
            // message; null for every other refusal.
            out.push_str(",\"code\":");
            write_opt_str(out, il.error.parts().code);
            out.push_str(",\"error\":{\"kind\":");
            write_str(out, il.error.kind());
            out.push_str(",\"message\":");
            write_str(out, &il.error.to_string());
            out.push_str("}}");
        }
    }
    out.push_str(",\"final\":{\"position\":");
    write_str(out, &end.final_position.notation());
    let (state, winner, reason) = end.status.parts();
    out.push_str(",\"status\":{\"state\":");
    write_str(out, state);
    out.push_str(",\"winner\":");
    write_opt_str(out, winner);
    out.push_str(",\"reason\":");
    write_opt_str(out, reason);
    out.push_str("}},\"summary\":{");
    for (i, (label, n)) in end.summary.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_str(out, label.name());
        out.push(':');
        write_u64(out, *n as u64);
    }
    out.push_str("},\"partial\":");
    out.push_str(if end.partial { "true" } else { "false" });
    out.push('}');
}

/// One reviewed ply's JSON object, as [`review_json`] writes it (a ply a
/// store keeps, [`crate::known`]).
pub fn ply_json(p: &ReviewedPly) -> String {
    let mut out = String::with_capacity(640);
    write_ply(&mut out, p);
    out
}

fn write_opt_str(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => write_str(out, s),
        None => out.push_str("null"),
    }
}

fn write_opt_f64(out: &mut String, x: Option<f64>) {
    match x {
        Some(x) => write_f64(out, x),
        None => out.push_str("null"),
    }
}

/// One reviewed ply (see [`review_json`]).
fn write_ply(out: &mut String, p: &ReviewedPly) {
    out.push_str("{\"ply\":");
    write_u64(out, p.ply as u64);
    out.push_str(",\"side\":");
    write_str(out, p.side.name());
    out.push_str(",\"move\":");
    write_str(out, &p.mv);
    out.push_str(",\"canonical\":");
    write_str(out, &p.canonical);
    out.push_str(",\"captured\":");
    write_u64(out, p.captured.into());
    out.push_str(",\"position_after\":");
    write_str(out, &p.after.notation());
    let searched = p.searched();
    out.push_str(",\"evaluation\":");
    match searched {
        Some(s) => write_score(out, &s.analysis.score),
        None => out.push_str("null"),
    }
    out.push_str(",\"best_move\":");
    write_opt_str(out, searched.and_then(|s| s.analysis.best_move.as_deref()));
    out.push_str(",\"best_pv\":");
    write_strings(out, searched.map_or(&[][..], |s| &s.analysis.pv[..]));
    let j = p.judgement.as_ref();
    out.push_str(",\"played_score\":");
    match j {
        Some(j) => write_score(out, &j.played_score),
        None => out.push_str("null"),
    }
    out.push_str(",\"loss\":");
    write_opt_f64(out, j.map(|j| j.loss));
    out.push_str(",\"label\":");
    write_opt_str(out, j.and_then(|j| j.label).map(Label::name));
    out.push_str(",\"win_probability\":");
    write_opt_f64(out, searched.map(|s| s.win_probability));
    out.push_str(",\"best_win_probability\":");
    write_opt_f64(out, j.map(|j| j.best_win_probability));
    out.push_str(",\"played_win_probability\":");
    write_opt_f64(out, j.map(|j| j.played_win_probability));
    out.push_str(",\"win_probability_drop\":");
    write_opt_f64(out, j.map(|j| j.win_probability_drop));
    out.push('}');
}

/// A score from the parts a caller outside Rust holds (`igisoro.Score`'s
/// type, seeds and turns): `win`/`loss` with their turns, else seeds,
/// rounded to the centiseeds the core counts in.
pub fn score_of(kind: &str, seeds: Option<f64>, turns: Option<u32>) -> Score {
    match kind {
        "win" => Score::Win { turns: turns.unwrap_or(0) },
        "loss" => Score::Loss { turns: turns.unwrap_or(0) },
        _ => Score::Centiseeds((seeds.unwrap_or(0.0) * 100.0).round().clamp(i32::MIN as f64, i32::MAX as f64) as i32),
    }
}

/// The stop reason named `name` (as [`StopReason::name`] writes it).
pub fn stop_reason(name: &str) -> Option<StopReason> {
    use StopReason::*;
    [Depth, Proven, Nodes, Time, Deadline, GameOver, Solved, Unchecked].into_iter().find(|r| r.name() == name)
}

/// The outcome named `name` (as [`Outcome::name`] writes it).
pub fn outcome(name: &str) -> Option<Outcome> {
    [Outcome::Win, Outcome::Loss, Outcome::Unknown].into_iter().find(|o| o.name() == name)
}

/// A sowing trace as a JSON array of events, as the Python API and
/// `POST /v1/moves/check` show them: `{"type": "lift", "pit", "count"}`,
/// `hand`, `sow`, `capture` (`pits`, `count`), `retreat` (`from`, `to`,
/// `count`), `lap_end`, `decision` (`actor`: the side, `choice`). `mover`
/// is the side who made the move (a decision names its actor by side).
pub fn trace_json(events: &[Event], mover: Side) -> String {
    let mut out = String::with_capacity(16 + 40 * events.len());
    out.push('[');
    for (i, e) in events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let field = |out: &mut String, k: &str, v: &str| {
            let _ = write!(out, ",\"{}\":", k);
            write_str(out, v);
        };
        let count = |out: &mut String, n: u32| {
            let _ = write!(out, ",\"count\":{}", n);
        };
        match e {
            Event::Lift { pit, count: n } => {
                out.push_str("{\"type\":\"lift\"");
                field(&mut out, "pit", pit);
                count(&mut out, *n);
            }
            Event::Hand { count: n } => {
                out.push_str("{\"type\":\"hand\"");
                count(&mut out, *n);
            }
            Event::Sow { pit } => {
                out.push_str("{\"type\":\"sow\"");
                field(&mut out, "pit", pit);
            }
            Event::Capture { pits, count: n } => {
                out.push_str("{\"type\":\"capture\",\"pits\":");
                write_strings(&mut out, pits);
                count(&mut out, *n);
            }
            Event::Retreat { from, to, count: n } => {
                out.push_str("{\"type\":\"retreat\"");
                field(&mut out, "from", from);
                field(&mut out, "to", to);
                count(&mut out, *n);
            }
            Event::LapEnd { pit } => {
                out.push_str("{\"type\":\"lap_end\"");
                field(&mut out, "pit", pit);
            }
            Event::Decision { actor, choice } => {
                out.push_str("{\"type\":\"decision\"");
                field(&mut out, "actor", actor.side(mover).name());
                field(&mut out, "choice", choice);
            }
        }
        out.push('}');
    }
    out.push(']');
    out
}

/// Rule options and their values as a JSON object.
pub fn rules_json(rules: &[(&str, crate::json_form::RuleValue)]) -> String {
    let mut out = String::from("{");
    write_rules(&mut out, rules);
    out.push('}');
    out
}

fn write_rules(out: &mut String, rules: &[(&str, crate::json_form::RuleValue)]) {
    for (j, (k, value)) in rules.iter().enumerate() {
        if j > 0 {
            out.push(',');
        }
        write_str(out, k);
        out.push(':');
        write_rule_value(out, value);
    }
}

/// Every variant's metadata as a JSON array, the default first: name,
/// board, aliases, source, description, rules (effective values) and start.
pub fn variants_json() -> String {
    let mut out = String::from("[");
    for (i, v) in variants().iter().enumerate() {
        out.push_str(if i > 0 { ",{\"name\":" } else { "{\"name\":" });
        write_str(&mut out, v.name);
        out.push_str(",\"board\":");
        write_str(&mut out, v.board.name());
        out.push_str(",\"aliases\":");
        write_strings(&mut out, v.aliases);
        out.push_str(",\"source\":");
        write_str(&mut out, v.source);
        out.push_str(",\"description\":");
        write_str(&mut out, v.description);
        out.push_str(",\"rules\":{");
        write_rules(&mut out, &v.rules);
        out.push_str("},\"start\":");
        write_str(&mut out, &v.start);
        out.push('}');
    }
    out.push(']');
    out
}

/// Every strength level's settings per rule system, as a JSON object keyed
/// by the board's name (`4x8`, `2xn`, `omweso`), each an array 1 to 10:
/// `level`, `depth` (null for level 10's timed search), `noise`
/// (centiseeds) and `random_percent` ([`crate::search::level::settings`]
/// of the family's [`crate::search::LevelTable`]).
pub fn levels_json() -> String {
    use crate::any_variant::Board;
    use crate::search::level::settings;
    let mut out = String::from("{");
    for board in BOARDS {
        let table = match board {
            Board::FourByEight => settings::<crate::board4x8::Igisoro>(),
            Board::TwoRows => settings::<crate::isolo::Isolo>(),
            Board::Omweso => settings::<crate::omweso::Omweso>(),
        };
        if out.len() > 1 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":[", board.name());
        for (i, l) in table.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let depth = l.depth.map_or("null".to_string(), |d| d.to_string());
            let _ = write!(
                out,
                "{{\"level\":{},\"depth\":{depth},\"noise\":{},\"random_percent\":{}}}",
                l.level, l.noise, l.random_pct
            );
        }
        out.push(']');
    }
    out.push('}');
    out
}

/// Every rule option as a JSON array: name, board, description, kind, and
/// `min`/`max` (integers) or `values` (choices).
pub fn rule_options_json() -> String {
    let mut out = String::from("[");
    for board in BOARDS {
        for (name, kind, doc) in board.options() {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str("{\"name\":");
            write_str(&mut out, name);
            out.push_str(",\"board\":");
            write_str(&mut out, board.name());
            out.push_str(",\"description\":");
            write_str(&mut out, doc);
            out.push_str(",\"kind\":");
            write_str(&mut out, kind.name());
            match kind {
                OptionKind::Int { min, max } => {
                    let _ = write!(out, ",\"min\":{},\"max\":{}", min, max);
                }
                OptionKind::Choice(values) => {
                    out.push_str(",\"values\":");
                    write_strings(&mut out, values);
                }
                OptionKind::Bool | OptionKind::Pits => {}
            }
            out.push('}');
        }
    }
    out.push(']');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Line, Outcome};

    fn analysis(stopped_by: StopReason) -> Analysis {
        let line = |mv: &str, score| Line { mv: mv.into(), score, value: 0, pv: vec![mv.into(), "a3".into()] };
        Analysis {
            best_move: Some("b2".into()),
            score: Score::Centiseeds(150),
            pv: vec!["b2".into(), "a3".into()],
            lines: vec![line("b2", Score::Centiseeds(150)), line("c2", Score::Loss { turns: 3 })],
            depth: 4,
            nodes: 1234,
            time_ms: 5,
            truncated_turns: 0,
            stopped_by,
        }
    }

    #[test]
    fn the_levels_are_the_table_the_levels_play_by() {
        let text = levels_json();
        let all: serde_json::Value = serde_json::from_str(&text).unwrap();
        let boards: Vec<&str> = BOARDS.iter().map(|b| b.name()).collect();
        assert_eq!(all.as_object().unwrap().len(), boards.len());
        for board in boards {
            let levels = all[board].as_array().unwrap();
            assert_eq!(levels.len(), 10, "{board}");
            assert_eq!(levels[0], serde_json::json!({"level": 1, "depth": 1, "noise": 400, "random_percent": 70}));
            assert_eq!(levels[9], serde_json::json!({"level": 10, "depth": null, "noise": 0, "random_percent": 0}));
        }
        // Omweso's own level 4 (search/omweso.rs); the others the common table's.
        assert_eq!(all["omweso"][3], serde_json::json!({"level": 4, "depth": 2, "noise": 300, "random_percent": 25}));
        assert_eq!(all["4x8"][3], serde_json::json!({"level": 4, "depth": 1, "noise": 200, "random_percent": 0}));
        assert_eq!(all["4x8"], all["2xn"]);
    }

    #[test]
    fn a_reviews_refused_arrangement_has_its_code_and_other_refusals_none() {
        use crate::budget::Budget;
        use crate::search::Limits;
        let start = AnyPosition::start("omweso").unwrap();
        let code = |moves: &[&str]| -> serde_json::Value {
            let r = crate::review::review(&start, moves, &Limits::depth(1), &Budget::default()).unwrap();
            serde_json::from_str::<serde_json::Value>(&review_json(&r)).unwrap()["illegal"]["code"].clone()
        };
        assert_eq!(code(&["k1.1.1.1.1.1.1.1/1.1.1.1.1.1.1.1"]), "wrong_total");
        assert_eq!(code(&["k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "e2"]), "bad_notation");
        assert_eq!(code(&["k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "k2"]), "not_setup_phase");
        // A refusal that is no arrangement's: null.
        let igisoro = AnyPosition::start("igisoro").unwrap();
        let r = crate::review::review(&igisoro, &["zz9"], &Limits::depth(1), &Budget::default()).unwrap();
        let v: serde_json::Value = serde_json::from_str(&review_json(&r)).unwrap();
        assert!(v["illegal"]["code"].is_null() && v["illegal"]["error"]["kind"] == "invalid-notation");
    }

    #[test]
    fn an_analysis_in_the_api_key_order() {
        assert_eq!(
            analysis_json(&analysis(StopReason::Depth), 0.625, None),
            "{\"best_move\":\"b2\",\"score\":{\"type\":\"seeds\",\"value\":1.5},\"pv\":[\"b2\",\"a3\"],\
             \"lines\":[{\"move\":\"b2\",\"score\":{\"type\":\"seeds\",\"value\":1.5},\"pv\":[\"b2\",\"a3\"]},\
             {\"move\":\"c2\",\"score\":{\"type\":\"loss\",\"turns\":3},\"pv\":[\"c2\",\"a3\"]}],\
             \"depth\":4,\"nodes\":1234,\"time_ms\":5,\"truncated_turns\":0,\"stopped_by\":\"depth\",\
             \"partial\":false,\"win_probability\":0.625}"
        );
    }

    #[test]
    fn multipv_keeps_the_first_lines_and_a_deadline_is_partial() {
        let text = analysis_json(&analysis(StopReason::Deadline), 1.0, Some(1));
        assert!(text.contains("\"lines\":[{\"move\":\"b2\""), "{}", text);
        assert!(!text.contains("\"move\":\"c2\""), "{}", text);
        assert!(text.ends_with("\"stopped_by\":\"deadline\",\"partial\":true,\"win_probability\":1.0}"), "{}", text);
        // More lines asked for than found: all of them.
        assert_eq!(
            analysis_json(&analysis(StopReason::Depth), 0.5, Some(9)),
            analysis_json(&analysis(StopReason::Depth), 0.5, None)
        );
    }

    #[test]
    fn scores_and_a_game_over() {
        assert_eq!(score_json(&Score::Centiseeds(-7)), "{\"type\":\"seeds\",\"value\":-0.07}");
        assert_eq!(score_json(&Score::Centiseeds(0)), "{\"type\":\"seeds\",\"value\":0.0}");
        assert_eq!(score_json(&Score::Win { turns: 2 }), "{\"type\":\"win\",\"turns\":2}");
        let over = Analysis { best_move: None, lines: vec![], pv: vec![], ..analysis(StopReason::GameOver) };
        assert!(analysis_json(&over, 0.0, None).starts_with("{\"best_move\":null,"));
    }

    #[test]
    fn a_solution_in_the_api_key_order() {
        let s = Solution {
            outcome: Outcome::Win,
            line: vec!["k3".into()],
            turns: Some(1),
            nodes: 10,
            time_ms: 2,
            stopped_by: StopReason::Proven,
            unknown_turns: 0,
            proof_positions: None,
        };
        assert_eq!(
            solution_json(&s),
            "{\"outcome\":\"win\",\"line\":[\"k3\"],\"turns\":1,\"nodes\":10,\"time_ms\":2,\
             \"stopped_by\":\"proven\",\"unknown_turns\":0,\"proof_positions\":null,\"partial\":false}"
        );
    }
}
