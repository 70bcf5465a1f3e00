//! All PyO3 code: the private `igisoro._igisoro` module that the Python
//! package wraps.
//!
//! Marshalling only: the position type, dispatch, variant metadata, limits
//! and errors live in the core ([`crate::any_position`],
//! [`crate::search::Limits::checked`], [`crate::error`]); this file turns
//! Python arguments into core calls and core results into Python objects.
//! - Everything CPU-heavy runs inside `py.detach` (the GIL is released)
//!   under an optional time limit ([`crate::budget`]).
//! - Every core [`Error`] maps to one Python exception type in `to_py_err`,
//!   one exhaustive match, so a new kind of error forces a decision here.
//! - [`convert`]: core results as Python objects, Python values as JSON.

mod convert;

use crate::any_position::{self, AnyPosition, Family, BOARDS};
use crate::board4x8::rules::OptionKind;
use crate::budget::{with_budget, Budget};
use crate::error::{Error, ErrorValue};
use crate::explore::{self, NextDecision, PlayError};
use crate::game::Game;
use crate::json_form::{self, Extra};
use crate::json_out;
use crate::moves::{format_move, parse_move};
use crate::rng::Rng;
use crate::search::limits::{MAX_MULTIPV, MAX_SEARCH_DEPTH, MAX_SEARCH_NODES, MAX_SEARCH_TIME_MS};
use crate::search::Limits;
use crate::with_game;
use convert::{
    analysis_from, analysis_tuple, dict, event_dict, json_value, rules_dict, score_from, solution_from, solution_tuple,
    AnalysisFields, ScoreFields, SolutionFields, SolutionTuple,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

create_exception!(_igisoro, IgisoroError, PyValueError, "Base of every error the engine raises.");
create_exception!(_igisoro, InvalidNotationError, IgisoroError, "Text that is not valid notation.");
create_exception!(_igisoro, InvalidPositionError, IgisoroError, "A setup that is not a valid position.");
create_exception!(_igisoro, UnknownVariantError, InvalidPositionError, "A variant name that is not known.");
create_exception!(_igisoro, IllegalMoveError, IgisoroError, "A move that is not legal in the position.");
create_exception!(_igisoro, InvalidLimitError, IgisoroError, "A bound or limit out of range.");
create_exception!(_igisoro, EngineTimeoutError, IgisoroError, "The time limit ran out before the answer was settled.");

/// What an exception says about the input beyond its message: the
/// attributes `field`, `pit`, `value` and `path` of every engine exception
/// (`None` where they do not apply; see `igisoro.errors`).
#[derive(Default)]
struct ErrorParts {
    field: Option<String>,
    pit: Option<(usize, usize)>,
    value: Option<ErrorValue>,
    path: Option<String>,
}

/// The Python exception type of each kind of core error, with the field,
/// pit and value it concerns set on the instance.
fn to_py_err(e: Error) -> PyErr {
    let msg = e.to_string();
    let (err, parts) = match e {
        Error::UnknownVariant(v) => (
            UnknownVariantError::new_err(msg),
            ErrorParts { field: Some("variant".into()), value: Some(ErrorValue::Text(v)), ..Default::default() },
        ),
        Error::Position(p) => (
            InvalidPositionError::new_err(msg),
            ErrorParts { field: p.field(), pit: p.pit(), value: p.value(), path: p.path() },
        ),
        Error::Notation { text, .. } => (
            InvalidNotationError::new_err(msg),
            ErrorParts { value: Some(ErrorValue::Text(text)), ..Default::default() },
        ),
        Error::MoveSyntax(_) => (InvalidNotationError::new_err(msg), ErrorParts::default()),
        Error::Play { err: PlayError::Interrupted, .. } => (EngineTimeoutError::new_err(msg), ErrorParts::default()),
        Error::Play { mv, .. } => {
            (IllegalMoveError::new_err(msg), ErrorParts { value: Some(ErrorValue::Text(mv)), ..Default::default() })
        }
        Error::Limit(_) => (InvalidLimitError::new_err(msg), ErrorParts::default()),
        Error::Timeout { .. } => (EngineTimeoutError::new_err(msg), ErrorParts::default()),
    };
    Python::attach(|py| {
        let exc = err.value(py);
        let value = match parts.value {
            None => py.None(),
            Some(ErrorValue::Int(n)) => n.into_pyobject(py).map_or_else(|_| py.None(), |v| v.into_any().unbind()),
            Some(ErrorValue::Text(t)) => t.into_pyobject(py).map_or_else(|_| py.None(), |v| v.into_any().unbind()),
        };
        // Setting an attribute on a fresh exception instance cannot fail in
        // practice; if it did, the class default (None) still answers.
        let _ = exc.setattr("field", parts.field);
        let _ = exc.setattr("pit", parts.pit);
        let _ = exc.setattr("value", value);
        let _ = exc.setattr("path", parts.path);
    });
    err
}

/// A validated position (any rule system the engine knows).
#[pyclass(frozen, module = "igisoro._igisoro", name = "Pos")]
#[derive(Clone)]
pub struct PyPos {
    inner: AnyPosition,
}

/// Validate a time limit in seconds into a budget.
fn budget(timeout: Option<f64>) -> PyResult<Budget> {
    Budget::from_timeout(timeout).map_err(to_py_err)
}

/// Run `f` without the GIL under a time limit; a tripped limit is an error.
fn run<R: Send>(py: Python<'_>, timeout: Option<f64>, what: &str, f: impl FnOnce() -> R + Send) -> PyResult<R> {
    run_under(py, budget(timeout)?, timeout, what, f)
}

/// [`run`] under a budget the caller made (and may check again after).
fn run_under<R: Send>(
    py: Python<'_>,
    b: Budget,
    timeout: Option<f64>,
    what: &str,
    f: impl FnOnce() -> R + Send,
) -> PyResult<R> {
    let (r, tripped) = py.detach(|| with_budget(b, f));
    if tripped {
        return Err(timed_out(what, timeout));
    }
    Ok(r)
}

fn timed_out(what: &str, timeout: Option<f64>) -> PyErr {
    to_py_err(Error::Timeout { what: what.to_string(), seconds: timeout.unwrap_or(0.0) })
}

impl PyPos {
    /// A `limit` argument: none, or at least 1 (checked by the core).
    fn move_limit(limit: Option<i64>) -> PyResult<Option<usize>> {
        any_position::move_limit(limit).map_err(to_py_err)
    }

    fn parse_choices<G: Family>(p: &G::Pos, text: &str) -> PyResult<Vec<G::Choice>> {
        parse_move::<G>(p, text).map_err(|e| to_py_err(Error::MoveSyntax(e)))
    }
    fn play_err(&self, mv: &str, err: PlayError) -> PyErr {
        to_py_err(Error::Play { mv: mv.to_string(), pos: self.notation(), err })
    }
}

/// Search limits checked by the core ([`Limits::checked`]), plus an
/// optional outside `timeout` (seconds) that cuts the search short without
/// an error (the result says `stopped_by: "deadline"`).
fn search_limits(l: (Option<i64>, Option<i64>, Option<i64>, i64), timeout: Option<f64>) -> PyResult<Limits> {
    Limits::checked(l.0, l.1, l.2, l.3, budget(timeout)?.deadline).map_err(to_py_err)
}

/// Complete legal moves: ([(notation, result, captured, laps)], truncated).
type MoveTuples = (Vec<(String, PyPos, u32, u32)>, bool);
/// A move played: (result, captured, laps, trace, trace truncated, the
/// result's status).
type Played<'py> = (PyPos, u32, u32, Bound<'py, PyList>, bool, StatusParts);

/// The most sowing-trace events `play` returns; the rest are left out and
/// the result says so (`trace_truncated`). Why: one move on an Isolo board
/// of tens of thousands of seeds sows far more (a 4.8 MB HTTP response was
/// measured); 20,000 events are about 0.5 MB of JSON, more than the 12,571
/// of a long move of the heaviest 4x8 position we know.
pub const MAX_TRACE_EVENTS: usize = 20_000;
/// (state, winner, reason), as [`crate::game::Status::parts`] gives it.
type StatusParts = (&'static str, Option<&'static str>, Option<&'static str>);

#[pymethods]
impl PyPos {
    /// Read and validate the JSON form, as text or as the Python objects a
    /// JSON parser makes (a dict is not written back to text to be parsed
    /// again), in the core's one reader ([`crate::json_form::read_value`]).
    #[staticmethod]
    fn from_json(data: &Bound<'_, PyAny>) -> PyResult<PyPos> {
        let setup = match data.cast::<PyString>() {
            Ok(text) => json_form::read(text.to_str()?),
            Err(_) => json_form::read_value(&json_value(data, 0)?),
        };
        Ok(PyPos { inner: AnyPosition::from_setup(&setup.map_err(to_py_err)?).map_err(to_py_err)? })
    }

    /// The start position of a variant.
    #[staticmethod]
    fn start(variant: &str) -> PyResult<PyPos> {
        Ok(PyPos { inner: AnyPosition::start(variant).map_err(to_py_err)? })
    }

    /// Parse the text notation (the variant name, its first field, picks the game).
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<PyPos> {
        Ok(PyPos { inner: AnyPosition::from_notation(text).map_err(to_py_err)? })
    }

    /// The canonical text notation.
    fn notation(&self) -> String {
        self.inner.notation()
    }

    /// The JSON form as a dict: variant, rules (overrides, JSON types),
    /// pits, to_move and the variant's state fields.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let form = self.inner.form();
        let rules = rules_dict(py, &form.rules)?;
        let d = dict!(py, "variant" => form.variant, "rules" => rules, "pits" => form.pits, "to_move" => form.to_move);
        for (k, v) in form.extra {
            match v {
                Extra::Int(i) => d.set_item(k, i)?,
                Extra::Text(t) => d.set_item(k, t)?,
            }
        }
        Ok(d)
    }

    /// Every rule option with its effective value (JSON types).
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        rules_dict(py, &with_game!(&self.inner, p, G => G::all_rules(p)))
    }

    /// The side to move.
    fn to_move(&self) -> &'static str {
        with_game!(&self.inner, p, G => G::to_move(p).name())
    }

    /// Complete legal moves: ([(notation, result, captured, laps)], truncated).
    ///
    /// The moves are written out under the budget too, and the writing stops
    /// once it trips (the result is then discarded): tens of thousands of
    /// moves gathered within the limit took seconds more to format.
    #[pyo3(signature = (limit=None, timeout=None))]
    fn legal_moves(&self, py: Python<'_>, limit: Option<i64>, timeout: Option<f64>) -> PyResult<MoveTuples> {
        let limit = Self::move_limit(limit)?;
        with_game!(&self.inner, p, G => {
            run(py, timeout, "listing the legal moves", || {
                let list = explore::legal_moves::<G>(p, limit);
                let mut moves = Vec::with_capacity(list.moves.len());
                for (i, m) in list.moves.into_iter().enumerate() {
                    if i % 1024 == 0 && crate::budget::check() {
                        break;
                    }
                    moves.push((format_move::<G>(p, &m.choices), PyPos { inner: G::wrap(m.result) }, m.captured, m.laps));
                }
                (moves, list.truncated)
            })
        })
    }

    /// Complete legal moves as JSON text: (the array, its length,
    /// truncated). Each item is `{"move", "result": {"position",
    /// "notation"}, "captured", "laps"}`, the HTTP API's form, written in
    /// Rust because building it in Python cost more than the enumeration.
    #[pyo3(signature = (limit=None, timeout=None))]
    fn legal_moves_json<'py>(
        &self,
        py: Python<'py>,
        limit: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<(Bound<'py, pyo3::types::PyBytes>, usize, bool)> {
        let limit = Self::move_limit(limit)?;
        // The text is written with the GIL released too: a list can hold
        // thousands of moves.
        let inner = &self.inner;
        let (text, count, truncated) = run(py, timeout, "listing the legal moves", || inner.legal_moves_json(limit))?;
        Ok((pyo3::types::PyBytes::new(py, text.as_bytes()), count, truncated))
    }

    /// The next decision after a partial decision list:
    /// ("decide", role, side, options) or ("complete", result, captured, laps).
    #[pyo3(signature = (partial, timeout=None))]
    fn next_decision<'py>(&self, py: Python<'py>, partial: &str, timeout: Option<f64>) -> PyResult<Bound<'py, PyAny>> {
        with_game!(&self.inner, p, G => {
            let choices = Self::parse_choices::<G>(p, partial)?;
            let r = run(py, timeout, "finding the next decision", || explore::next_decision::<G>(p, &choices))?;
            match r {
                Ok(NextDecision::Decide { actor, options }) => {
                    let opts: Vec<String> = options.iter().map(|&c| G::choice_text(p, c)).collect();
                    let side = actor.side(G::to_move(p)).name();
                    Ok(("decide", actor.name(), side, opts).into_pyobject(py)?.into_any())
                }
                Ok(NextDecision::Complete { result, captured, laps }) => {
                    Ok(("complete", PyPos { inner: G::wrap(result) }, captured, laps).into_pyobject(py)?.into_any())
                }
                Err(e) => Err(self.play_err(partial, e)),
            }
        })
    }

    /// Play a complete move with checking: (result, captured, laps, trace,
    /// trace truncated, status): at most [`MAX_TRACE_EVENTS`] events of the
    /// trace, and the result's status decided under the same time limit as
    /// the move (one budget for the call; the caller adds up nothing).
    #[pyo3(signature = (mv, timeout=None))]
    fn play<'py>(&self, py: Python<'py>, mv: &str, timeout: Option<f64>) -> PyResult<Played<'py>> {
        with_game!(&self.inner, p, G => {
            let choices = Self::parse_choices::<G>(p, mv)?;
            if choices.is_empty() {
                return Err(to_py_err(Error::Notation { text: mv.into(), detail: "a move needs at least a start".into() }));
            }
            let b = budget(timeout)?;
            let deadline = b.deadline;
            let (played, status) = run_under(py, b, timeout, "playing the move", || {
                explore::play::<G>(p, &choices).map(|played| {
                    let status = explore::status::<G>(&played.result);
                    (played, status)
                })
            })?
            .map_err(|e| self.play_err(mv, e))?;
            let cut = played.trace.len() > MAX_TRACE_EVENTS;
            // Building the events' dicts takes about a microsecond each (12 ms
            // for a 4x8 move of 12,000 events): under the same deadline.
            let mut events = Vec::with_capacity(played.trace.len().min(MAX_TRACE_EVENTS));
            for (i, e) in played.trace.iter().take(MAX_TRACE_EVENTS).enumerate() {
                if i % 1024 == 1023 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                    return Err(timed_out("playing the move", timeout));
                }
                events.push(event_dict(py, G::to_move(p), e)?);
            }
            let trace = PyList::new(py, events)?;
            Ok((PyPos { inner: G::wrap(played.result) }, played.captured, played.laps, trace, cut, status.parts()))
        })
    }

    /// Canonical notation of the legal move a decision list plays.
    #[pyo3(signature = (mv, timeout=None))]
    fn canonical(&self, py: Python<'_>, mv: &str, timeout: Option<f64>) -> PyResult<String> {
        with_game!(&self.inner, p, G => {
            let choices = Self::parse_choices::<G>(p, mv)?;
            let c = run(py, timeout, "finding the canonical move", || explore::canonical::<G>(p, &choices))?
                .map_err(|e| self.play_err(mv, e))?;
            Ok(format_move::<G>(p, &c))
        })
    }

    /// (state, winner, reason).
    #[pyo3(signature = (timeout=None))]
    fn status(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<StatusParts> {
        with_game!(&self.inner, p, G => Ok(run(py, timeout, "deciding the game status", || explore::status::<G>(p))?.parts()))
    }

    /// The result of one uniformly random legal move (seeded), or None.
    #[pyo3(signature = (seed, timeout=None))]
    fn random_move(&self, py: Python<'_>, seed: u64, timeout: Option<f64>) -> PyResult<Option<PyPos>> {
        with_game!(&self.inner, p, G => {
            let r = run(py, timeout, "choosing a random move", || explore::random_move::<G>(p, &mut Rng::new(seed)))?;
            Ok(r.map(|(q, _)| PyPos { inner: G::wrap(q) }))
        })
    }

    /// Play `games` random games of at most `max_plies` plies; returns plies played.
    fn playouts(&self, py: Python<'_>, games: u64, seed: u64, max_plies: u64) -> PyResult<u64> {
        with_game!(&self.inner, p, G => run(py, None, "playouts", || explore::playouts::<G>(p, games, seed, max_plies)))
    }

    /// Perft counts for depths 1..=depth: [(move sequences, distinct positions)].
    #[pyo3(signature = (depth, timeout=None))]
    fn perft(&self, py: Python<'_>, depth: u32, timeout: Option<f64>) -> PyResult<Vec<(u64, u64)>> {
        any_position::check_perft_depth(depth).map_err(to_py_err)?;
        with_game!(&self.inner, p, G => run(py, timeout, "perft", || explore::perft::<G>(p, depth)))
    }

    /// Search under limits (at least one of depth, nodes, time_ms): the
    /// fields of `igisoro.Analysis` (see `analysis_tuple`). `timeout` (seconds) is an
    /// outside deadline: past it the search returns what it has, flagged
    /// `stopped_by: "deadline"`. Releases the GIL.
    #[pyo3(signature = (depth=None, nodes=None, time_ms=None, multipv=1, timeout=None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        depth: Option<i64>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        multipv: i64,
        timeout: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let limits = search_limits((depth, nodes, time_ms, multipv), timeout)?;
        let inner = &self.inner;
        let a = py.detach(|| inner.analyse(&limits));
        analysis_tuple(py, &a, inner.win_probability(a.score))
    }

    /// The move a player of strength `level` (1..10) would choose with
    /// `time_ms` per move; randomness is seeded. `timeout` as in `analyse`.
    #[pyo3(signature = (level, time_ms, seed, timeout=None))]
    fn best_move<'py>(
        &self,
        py: Python<'py>,
        level: i64,
        time_ms: i64,
        seed: u64,
        timeout: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let deadline = budget(timeout)?.deadline;
        let inner = &self.inner;
        let a = py.detach(|| inner.best_move_checked(level, time_ms, seed, deadline)).map_err(to_py_err)?;
        analysis_tuple(py, &a, inner.win_probability(a.score))
    }

    /// The side to move's win probability given a score of this position
    /// (`igisoro.Score`'s fields), from the core's fitted model.
    fn win_probability(&self, score: (String, Option<f64>, Option<u32>)) -> f64 {
        self.inner.win_probability(score_from((&score.0, score.1, score.2)))
    }

    /// Prove a win or loss for the side to move within `nodes` and/or
    /// `time_ms` (at least one; `timeout` as in `analyse`): the fields of
    /// `igisoro.Solution` (see `solution_tuple`). Releases the GIL.
    #[pyo3(signature = (nodes=None, time_ms=None, timeout=None))]
    fn solve(
        &self,
        py: Python<'_>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<SolutionTuple> {
        let limits = Limits::checked_budget(nodes, time_ms, budget(timeout)?.deadline).map_err(to_py_err)?;
        let inner = &self.inner;
        Ok(solution_tuple(py.detach(|| inner.solve(&limits))))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<PyPos>>().is_ok_and(|o| o.inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }
}

/// Analyse many positions in parallel on all cores (GIL released); one
/// analysis tuple per position, in order.
/// `time_ms` bounds each position; `timeout` (seconds) the whole batch.
#[pyfunction]
#[pyo3(signature = (positions, depth=None, nodes=None, time_ms=None, multipv=1, timeout=None))]
fn analyse_many<'py>(
    py: Python<'py>,
    positions: Vec<PyRef<'py, PyPos>>,
    depth: Option<i64>,
    nodes: Option<i64>,
    time_ms: Option<i64>,
    multipv: i64,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyList>> {
    let limits = search_limits((depth, nodes, time_ms, multipv), timeout)?;
    let items: Vec<AnyPosition> = positions.iter().map(|p| p.inner.clone()).collect();
    let results = py.detach(|| AnyPosition::analyse_many(&items, &limits));
    let tuples = results.iter().zip(&items).map(|(a, p)| analysis_tuple(py, a, p.win_probability(a.score)));
    PyList::new(py, tuples.collect::<PyResult<Vec<_>>>()?)
}

/// An analysis as JSON text, written by the core's one writer
/// ([`crate::json_out`]) from `igisoro.Analysis`'s fields (as `analyse`
/// returns them), with its first `multipv` lines (all with None).
#[pyfunction]
#[pyo3(signature = (fields, multipv=None))]
fn analysis_json(fields: AnalysisFields, multipv: Option<usize>) -> PyResult<String> {
    let (a, win_probability) = analysis_from(fields)?;
    Ok(json_out::analysis_json(&a, win_probability, multipv))
}

/// A score as JSON text from `igisoro.Score`'s fields (the core's writer).
#[pyfunction]
fn score_json(fields: ScoreFields) -> String {
    json_out::score_json(&score_from((&fields.0, fields.1, fields.2)))
}

/// A solution as JSON text from `igisoro.Solution`'s fields (the core's writer).
#[pyfunction]
fn solution_json(fields: SolutionFields) -> PyResult<String> {
    Ok(json_out::solution_json(&solution_from(fields)?))
}

/// Metadata of every variant: name, board, aliases, source, description,
/// rule options (effective values), start notation.
#[pyfunction]
fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for v in any_position::variants() {
        let rules = rules_dict(py, &v.rules)?;
        out.append(dict!(py, "name" => v.name, "board" => v.board.name(), "aliases" => v.aliases.to_vec(),
            "source" => v.source, "description" => v.description, "rules" => rules, "start" => v.start))?;
    }
    Ok(out)
}

/// Rule options: name, board it applies to, kind and allowed values, description.
#[pyfunction]
fn rule_options(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for board in BOARDS {
        for (name, kind, doc) in board.options() {
            let d = dict!(py, "name" => *name, "board" => board.name(), "description" => *doc, "kind" => kind.name());
            match kind {
                OptionKind::Int { min, max } => d.set_item("min", *min).and_then(|_| d.set_item("max", *max))?,
                OptionKind::Choice(values) => d.set_item("values", values.to_vec())?,
                OptionKind::Bool | OptionKind::Pits => {}
            }
            out.append(d)?;
        }
    }
    Ok(out)
}

#[pymodule]
fn _igisoro(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyPos>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(rule_options, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_many, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_json, m)?)?;
    m.add_function(wrap_pyfunction!(score_json, m)?)?;
    m.add_function(wrap_pyfunction!(solution_json, m)?)?;
    m.add("IgisoroError", py.get_type::<IgisoroError>())?;
    m.add("InvalidNotationError", py.get_type::<InvalidNotationError>())?;
    m.add("InvalidPositionError", py.get_type::<InvalidPositionError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidLimitError", py.get_type::<InvalidLimitError>())?;
    m.add("EngineTimeoutError", py.get_type::<EngineTimeoutError>())?;
    // Defaults of the attributes `to_py_err` sets, so that an exception
    // raised from Python code has them too.
    let base = py.get_type::<IgisoroError>();
    for name in ["field", "pit", "value", "path"] {
        base.setattr(name, py.None())?;
    }
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_SEARCH_DEPTH", MAX_SEARCH_DEPTH)?;
    m.add("MAX_SEARCH_NODES", MAX_SEARCH_NODES)?;
    m.add("MAX_SEARCH_TIME_MS", MAX_SEARCH_TIME_MS)?;
    m.add("MAX_MULTIPV", MAX_MULTIPV)?;
    m.add("MAX_TRACE_EVENTS", MAX_TRACE_EVENTS)?;
    Ok(())
}
