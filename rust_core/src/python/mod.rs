//! All PyO3 code, the private `igisoro._igisoro` module: marshalling only.
//! Dispatch, budgets, limits, errors and every JSON text live in the core
//! ([`crate::calls`], [`crate::search::Limits::checked`], [`crate::error`],
//! [`crate::json_out`]). Every core call runs inside `py.detach` (the GIL is
//! released); every core [`Error`] maps to one Python exception type in
//! `to_py_err`, one exhaustive match, so a new kind of error forces a
//! decision here. [`convert`]: core values as Python objects and back.

mod convert;

use crate::any_position::{self, AnyPosition};
use crate::budget::Budget;
use crate::calls::{Decision, LegalMove, MAX_TRACE_EVENTS};
use crate::error::{Error, ErrorValue};
use crate::explore::PlayError;
use crate::json_form;
use crate::json_out;
use crate::search::limits::{MAX_MULTIPV, MAX_SEARCH_DEPTH, MAX_SEARCH_NODES, MAX_SEARCH_TIME_MS};
use crate::search::Limits;
use convert::{
    analysis_from, analysis_tuple, event_dict, json_value, solution_from, solution_tuple, AnalysisFields, ScoreFields,
    SolutionFields, SolutionTuple,
};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};
use pyo3::IntoPyObjectExt;

create_exception!(_igisoro, IgisoroError, PyValueError, "Base of every error the engine raises.");
create_exception!(_igisoro, InvalidNotationError, IgisoroError, "Text that is not valid notation.");
create_exception!(_igisoro, InvalidPositionError, IgisoroError, "A setup that is not a valid position.");
create_exception!(_igisoro, UnknownVariantError, InvalidPositionError, "A variant name that is not known.");
create_exception!(_igisoro, IllegalMoveError, IgisoroError, "A move that is not legal in the position.");
create_exception!(_igisoro, InvalidLimitError, IgisoroError, "A bound or limit out of range.");
create_exception!(_igisoro, EngineTimeoutError, IgisoroError, "The time limit ran out before the answer was settled.");

/// The Python exception type of each kind of core error (one exhaustive
/// match), with the attributes `field`, `pit`, `value` and `path` set from
/// [`Error::parts`] (`None` where they do not apply; see `igisoro.errors`).
fn to_py_err(e: Error) -> PyErr {
    let (msg, parts) = (e.to_string(), e.parts());
    let err = match e {
        Error::UnknownVariant(_) => UnknownVariantError::new_err(msg),
        Error::Position(_) => InvalidPositionError::new_err(msg),
        Error::Notation { .. } | Error::MoveSyntax(_) => InvalidNotationError::new_err(msg),
        Error::Play { err: PlayError::Interrupted, .. } | Error::Timeout { .. } => EngineTimeoutError::new_err(msg),
        Error::Play { .. } => IllegalMoveError::new_err(msg),
        Error::Limit(_) => InvalidLimitError::new_err(msg),
    };
    Python::attach(|py| {
        let value = match parts.value {
            None => None,
            Some(ErrorValue::Int(n)) => n.into_bound_py_any(py).ok(),
            Some(ErrorValue::Text(t)) => t.into_bound_py_any(py).ok(),
        };
        // Setting an attribute on a fresh exception instance cannot fail in
        // practice; if it did, the class default (None) still answers.
        let exc = err.value(py);
        let _ = (exc.setattr("field", parts.field), exc.setattr("pit", parts.pit), exc.setattr("value", value));
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

/// Run a core call without the GIL; its error as a Python exception.
fn detached<R: Send>(py: Python<'_>, f: impl FnOnce() -> Result<R, Error> + Send) -> PyResult<R> {
    py.detach(f).map_err(to_py_err)
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
/// An optional integer argument (a limit), a time limit in seconds, and
/// an object handed back to Python.
type Opt = Option<i64>;
type Secs = Option<f64>;
type Obj<'py> = PyResult<Bound<'py, PyAny>>;
type Ps<'py> = Vec<PyRef<'py, PyPos>>;
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

    /// The JSON form as JSON text (`rules` holds the overrides only).
    fn form_json(&self) -> String {
        self.inner.to_json()
    }

    /// Every rule option with its effective value, as a JSON object.
    fn rules_json(&self) -> String {
        json_out::rules_json(&self.inner.all_rules())
    }

    /// The side to move.
    fn to_move(&self) -> &'static str {
        self.inner.to_move().name()
    }

    /// Complete legal moves: ([(notation, result, captured, laps)], truncated).
    #[pyo3(signature = (limit=None, timeout=None))]
    fn legal_moves(&self, py: Python<'_>, limit: Option<i64>, timeout: Option<f64>) -> PyResult<MoveTuples> {
        let (limit, b) = (any_position::move_limit(limit).map_err(to_py_err)?, budget(timeout)?);
        let (moves, truncated) = detached(py, || self.inner.legal_moves(limit, b))?;
        let wrap = |m: LegalMove| (m.notation, PyPos { inner: m.result }, m.captured, m.laps);
        Ok((moves.into_iter().map(wrap).collect(), truncated))
    }

    /// Complete legal moves as JSON text: (the array, its length,
    /// truncated). Each item is `{"move", "result": {"position",
    /// "notation"}, "captured", "laps"}`, the HTTP API's form, written in
    /// Rust (with the GIL released) because building it in Python cost more
    /// than the enumeration.
    #[pyo3(signature = (limit=None, timeout=None))]
    fn legal_moves_json<'py>(
        &self,
        py: Python<'py>,
        limit: Opt,
        timeout: Secs,
    ) -> PyResult<(Bound<'py, PyBytes>, usize, bool)> {
        let (limit, b) = (any_position::move_limit(limit).map_err(to_py_err)?, budget(timeout)?);
        let (text, count, truncated) = detached(py, || self.inner.legal_moves_json_under(limit, b))?;
        Ok((PyBytes::new(py, text.as_bytes()), count, truncated))
    }

    /// The next decision after a partial decision list:
    /// ("decide", role, side, options) or ("complete", result, captured, laps).
    #[pyo3(signature = (partial, timeout=None))]
    fn next_decision<'py>(&self, py: Python<'py>, partial: &str, timeout: Option<f64>) -> PyResult<Bound<'py, PyAny>> {
        let b = budget(timeout)?;
        Ok(match detached(py, || self.inner.next_decision(partial, b))? {
            Decision::Decide { role, side, options } => {
                ("decide", role, side.name(), options).into_pyobject(py)?.into_any()
            }
            Decision::Complete { result, captured, laps } => {
                ("complete", PyPos { inner: result }, captured, laps).into_pyobject(py)?.into_any()
            }
        })
    }

    /// Play a complete move with checking: (result, captured, laps, trace,
    /// trace truncated, status): at most `MAX_TRACE_EVENTS` events of the
    /// trace, and the result's status decided under the same time limit as
    /// the move (one budget for the call; the caller adds up nothing).
    #[pyo3(signature = (mv, timeout=None))]
    fn play<'py>(&self, py: Python<'py>, mv: &str, timeout: Option<f64>) -> PyResult<Played<'py>> {
        let b = budget(timeout)?;
        let deadline = b.deadline;
        let played = detached(py, || self.inner.play(mv, b))?;
        // Building the events' dicts takes about a microsecond each (12 ms
        // for a 4x8 move of 12,000 events): under the same deadline.
        let mut events = Vec::with_capacity(played.trace.len());
        for (i, e) in played.trace.iter().enumerate() {
            if i % 1024 == 1023 && deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                let seconds = timeout.unwrap_or(0.0);
                return Err(to_py_err(Error::Timeout { what: "playing the move".into(), seconds }));
            }
            events.push(event_dict(py, played.mover, e)?);
        }
        let trace = PyList::new(py, events)?;
        let status = played.status.parts();
        Ok((PyPos { inner: played.result }, played.captured, played.laps, trace, played.trace_truncated, status))
    }

    /// Canonical notation of the legal move a decision list plays.
    #[pyo3(signature = (mv, timeout=None))]
    fn canonical(&self, py: Python<'_>, mv: &str, timeout: Option<f64>) -> PyResult<String> {
        let b = budget(timeout)?;
        detached(py, || self.inner.canonical(mv, b))
    }

    /// (state, winner, reason).
    #[pyo3(signature = (timeout=None))]
    fn status(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<StatusParts> {
        let b = budget(timeout)?;
        Ok(detached(py, || self.inner.status(b))?.parts())
    }

    /// The result of one uniformly random legal move (seeded), or None.
    #[pyo3(signature = (seed, timeout=None))]
    fn random_move(&self, py: Python<'_>, seed: u64, timeout: Option<f64>) -> PyResult<Option<PyPos>> {
        let b = budget(timeout)?;
        Ok(detached(py, || self.inner.random_move(seed, b))?.map(|inner| PyPos { inner }))
    }

    /// Perft counts for depths 1..=depth: [(move sequences, distinct positions)].
    #[pyo3(signature = (depth, timeout=None))]
    fn perft(&self, py: Python<'_>, depth: u32, timeout: Option<f64>) -> PyResult<Vec<(u64, u64)>> {
        let b = budget(timeout)?;
        detached(py, || self.inner.perft(depth, b))
    }

    /// Search under limits (at least one of depth, nodes, time_ms): the
    /// fields of `igisoro.Analysis` (see `analysis_tuple`). `timeout` (seconds) is an
    /// outside deadline: past it the search returns what it has, flagged
    /// `stopped_by: "deadline"`. Releases the GIL.
    #[pyo3(signature = (depth=None, nodes=None, time_ms=None, multipv=1, timeout=None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        depth: Opt,
        nodes: Opt,
        time_ms: Opt,
        multipv: i64,
        timeout: Secs,
    ) -> Obj<'py> {
        let limits = search_limits((depth, nodes, time_ms, multipv), timeout)?;
        let inner = &self.inner;
        let a = py.detach(|| inner.analyse(&limits));
        analysis_tuple(py, &a, inner.win_probability(a.score))
    }

    /// The move a player of strength `level` (1..10) would choose with
    /// `time_ms` per move; randomness is seeded. `timeout` as in `analyse`.
    #[pyo3(signature = (level, time_ms, seed, timeout=None))]
    fn best_move<'py>(&self, py: Python<'py>, level: i64, time_ms: i64, seed: u64, timeout: Secs) -> Obj<'py> {
        let deadline = budget(timeout)?.deadline;
        let inner = &self.inner;
        let a = py.detach(|| inner.best_move_checked(level, time_ms, seed, deadline)).map_err(to_py_err)?;
        analysis_tuple(py, &a, inner.win_probability(a.score))
    }

    /// The side to move's win probability given a score of this position
    /// (`igisoro.Score`'s fields), from the core's fitted model.
    fn win_probability(&self, score: (String, Option<f64>, Option<u32>)) -> f64 {
        self.inner.win_probability(json_out::score_of(&score.0, score.1, score.2))
    }

    /// Prove a win or loss for the side to move within `nodes` and/or
    /// `time_ms` (at least one; `timeout` as in `analyse`): the fields of
    /// `igisoro.Solution` (see `solution_tuple`); the table sized to the
    /// budget within `max_table_mb`. Releases the GIL.
    #[pyo3(signature = (nodes=None, time_ms=None, timeout=None, max_table_mb=None))]
    fn solve(
        &self,
        py: Python<'_>,
        nodes: Opt,
        time_ms: Opt,
        timeout: Secs,
        max_table_mb: Opt,
    ) -> PyResult<SolutionTuple> {
        let deadline = budget(timeout)?.deadline;
        let limits = Limits::checked_budget(nodes, time_ms, deadline, max_table_mb).map_err(to_py_err)?;
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
    positions: Ps<'py>,
    depth: Opt,
    nodes: Opt,
    time_ms: Opt,
    multipv: i64,
    timeout: Secs,
) -> Obj<'py> {
    let limits = search_limits((depth, nodes, time_ms, multipv), timeout)?;
    let items: Vec<AnyPosition> = positions.iter().map(|p| p.inner.clone()).collect();
    let results = py.detach(|| AnyPosition::analyse_many(&items, &limits));
    let tuples = results.iter().zip(&items).map(|(a, p)| analysis_tuple(py, a, p.win_probability(a.score)));
    Ok(PyList::new(py, tuples.collect::<PyResult<Vec<_>>>()?)?.into_any())
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
    json_out::score_json(&json_out::score_of(&fields.0, fields.1, fields.2))
}

/// A solution as JSON text from `igisoro.Solution`'s fields (the core's writer).
#[pyfunction]
fn solution_json(fields: SolutionFields) -> PyResult<String> {
    Ok(json_out::solution_json(&solution_from(fields)?))
}

/// Metadata of every variant as JSON text (see [`json_out::variants_json`]).
#[pyfunction]
fn variants() -> String {
    json_out::variants_json()
}

/// Every rule option as JSON text (see [`json_out::rule_options_json`]).
#[pyfunction]
fn rule_options() -> String {
    json_out::rule_options_json()
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
