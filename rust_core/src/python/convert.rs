//! Core results as the Python objects `igisoro` expects, and Python values
//! as JSON for the core's reader: fields copied from one form to the other.

use super::error::to_py_err;
use crate::error::FormError;
use crate::json_out::{analysis_json, outcome, score_of, stop_reason};
use crate::search::{Analysis, Line, Score, Solution};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use pyo3::IntoPyObjectExt;

/// A score as (type, seeds, turns): the fields of `igisoro.Score`.
pub(super) type ScoreTuple<'a> = (&'a str, Option<f64>, Option<u32>);

pub(super) fn score_tuple(s: &Score) -> ScoreTuple<'static> {
    match *s {
        Score::Centiseeds(c) => ("seeds", Some(c as f64 / 100.0), None),
        Score::Win { turns } => ("win", None, Some(turns)),
        Score::Loss { turns } => ("loss", None, Some(turns)),
    }
}

/// An analysis as a tuple of `igisoro.Analysis`'s fields, in order (the
/// dataclass is built from it directly), with the side to move's win
/// probability, then its JSON text with every line, written here by the
/// core's writer once, so that `Analysis.to_json` does not come back for it.
pub(super) fn analysis_tuple<'py>(py: Python<'py>, a: &Analysis, win_probability: f64) -> PyResult<Bound<'py, PyAny>> {
    let lines: Vec<(&str, ScoreTuple, &[String])> =
        a.lines.iter().map(|l| (l.mv.as_str(), score_tuple(&l.score), l.pv.as_slice())).collect();
    let score = score_tuple(&a.score);
    let stopped = a.stopped_by.name();
    let json = analysis_json(a, win_probability, None);
    (&a.best_move, score, &a.pv, lines, a.depth, a.nodes, a.time_ms, a.truncated_turns, stopped, win_probability, json)
        .into_bound_py_any(py)
}

/// A solution as the fields of `igisoro.Solution`, in order.
pub(super) type SolutionTuple = (&'static str, Vec<String>, Option<u32>, u64, u64, &'static str, u64, Option<u64>);

pub(super) fn solution_tuple(s: Solution) -> SolutionTuple {
    (s.outcome.name(), s.line, s.turns, s.nodes, s.time_ms, s.stopped_by.name(), s.unknown_turns, s.proof_positions)
}

/// `igisoro.Score`'s fields as Python passes them back.
pub(super) type ScoreFields = (String, Option<f64>, Option<u32>);
/// `igisoro.Analysis`'s fields, in order, as Python passes them back (the
/// inverse of [`analysis_tuple`]), for the core's JSON writer.
pub(super) type AnalysisFields = (Option<String>, ScoreFields, Texts, Vec<LineFields>, u32, u64, u64, u64, String, f64);
type Texts = Vec<String>;
type LineFields = (String, ScoreFields, Texts);
/// `igisoro.Solution`'s fields, in order (the inverse of [`solution_tuple`]).
pub(super) type SolutionFields = (String, Vec<String>, Option<u32>, u64, u64, String, u64, Option<u64>);

/// A name the core does not know, as the error Python sees.
fn unknown(what: &str, name: &str) -> PyErr {
    PyValueError::new_err(format!("unknown {what} {name:?}"))
}

/// An analysis and its win probability back from `igisoro.Analysis`'s fields.
pub(super) fn analysis_from(f: AnalysisFields) -> PyResult<(Analysis, f64)> {
    let (best_move, (k, v, t), pv, lines, depth, nodes, time_ms, truncated_turns, stopped, win_probability) = f;
    let line = |(mv, (k, v, t), pv): LineFields| Line { mv, score: score_of(&k, v, t), value: 0, pv };
    let lines = lines.into_iter().map(line).collect();
    let stopped_by = stop_reason(&stopped).ok_or_else(|| unknown("stopped_by", &stopped))?;
    let score = score_of(&k, v, t);
    Ok((Analysis { best_move, score, pv, lines, depth, nodes, time_ms, truncated_turns, stopped_by }, win_probability))
}

/// A solution back from `igisoro.Solution`'s fields.
pub(super) fn solution_from(f: SolutionFields) -> PyResult<Solution> {
    let (o, line, turns, nodes, time_ms, stopped, unknown_turns, proof_positions) = f;
    let outcome = outcome(&o).ok_or_else(|| unknown("outcome", &o))?;
    let stopped_by = stop_reason(&stopped).ok_or_else(|| unknown("stopped_by", &stopped))?;
    Ok(Solution { outcome, line, turns, nodes, time_ms, stopped_by, unknown_turns, proof_positions })
}

/// A Python value as JSON: what `json.loads` makes (dicts with string keys,
/// lists, strings, finite numbers, booleans, None), else a position error
/// naming the offending value.
pub(super) fn json_value(v: &Bound<'_, PyAny>, depth: u32) -> PyResult<serde_json::Value> {
    use serde_json::{Number, Value};
    let bad = |why: &str| {
        let shown: String = v.repr().map_or_else(|_| "?".into(), |r| r.to_string().chars().take(80).collect());
        to_py_err(FormError::whole(format!("not JSON ({why}): {shown}")).into())
    };
    if depth > 32 {
        return Err(bad("nested too deeply"));
    }
    Ok(if v.is_none() {
        Value::Null
    } else if let Ok(b) = v.cast::<PyBool>() {
        Value::Bool(b.is_true())
    } else if v.is_instance_of::<PyInt>() {
        // As serde_json reads a long integer in text: as a float, so the reader names the field it does not fit.
        let n = v.extract::<i64>().map(Into::into).ok().or_else(|| v.extract::<f64>().ok().and_then(Number::from_f64));
        Value::Number(n.ok_or_else(|| bad("integer out of range"))?)
    } else if let Ok(f) = v.cast::<PyFloat>() {
        Number::from_f64(f.value()).map(Value::Number).ok_or_else(|| bad("not a finite number"))?
    } else if let Ok(s) = v.cast::<PyString>() {
        Value::String(s.to_str().map_err(|_| bad("text that is not UTF-8"))?.to_owned())
    } else if let Ok(d) = v.cast::<PyDict>() {
        let mut m = serde_json::Map::new();
        for (k, x) in d.iter() {
            let k = k.cast::<PyString>().map_err(|_| bad("a key that is not a string"))?;
            m.insert(k.to_str().map_err(|_| bad("a key that is not UTF-8"))?.to_owned(), json_value(&x, depth + 1)?);
        }
        Value::Object(m)
    } else if let Ok(l) = v.cast::<PyList>() {
        Value::Array(l.iter().map(|x| json_value(&x, depth + 1)).collect::<PyResult<_>>()?)
    } else {
        return Err(bad(&format!("a {}", v.get_type().name()?)));
    })
}
