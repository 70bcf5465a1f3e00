//! All PyO3 code, the private `igisoro._igisoro` module: marshalling only
//! (dispatch, budgets, limits, errors and JSON are the core's). Core calls
//! run inside `py.detach`. [`convert`]: core values to Python and back;
//! [`error`]: core errors to Python exceptions, one exhaustive match, so a
//! new kind of error forces a decision there.

mod convert;
mod error;

use crate::any_position::{self, AnyPosition};
use crate::budget::Budget;
use crate::calls::{Decision, LegalMove, MAX_TRACE_EVENTS};
use crate::error::Error;
use crate::review::{Label, Review, ReviewedPly, Searched};
use crate::search::limits::{MAX_MULTIPV, MAX_SEARCH_DEPTH, MAX_SEARCH_NODES, MAX_SEARCH_TIME_MS};
use crate::search::{Analysis, Limits};
use crate::{json_form, json_out};
use crate::{KnownPly, KnownReview};
use convert::*;
use error::to_py_err;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;

/// A validated position (any rule system the engine knows); equal and
/// hashed as the core's position.
#[pyclass(frozen, eq, hash, module = "igisoro._igisoro", name = "Pos")]
#[derive(Clone, PartialEq, Hash)]
pub struct PyPos {
    inner: AnyPosition,
}

/// A flag another thread sets to stop a running `analyse` at once.
#[pyclass(frozen, module = "igisoro._igisoro")]
#[derive(Default)]
pub struct Cancel(std::sync::Arc<std::sync::atomic::AtomicBool>);

#[pymethods]
impl Cancel {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    /// Stop the search at its next poll (a fraction of a millisecond).
    fn set(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Validate a time limit in seconds into a budget.
fn budget(timeout: Option<f64>) -> PyResult<Budget> {
    Budget::from_timeout(timeout).map_err(to_py_err)
}

/// Run a core call without the GIL under the budget of `timeout`; its error as a Python exception.
fn within<R: Send>(py: Python<'_>, timeout: Secs, f: impl FnOnce(Budget) -> Result<R, Error> + Send) -> PyResult<R> {
    let b = budget(timeout)?;
    py.detach(|| f(b)).map_err(to_py_err)
}

/// Search limits checked by the core ([`Limits::checked`]) under the
/// call's budget, whose end cuts the search short (`stopped_by: "deadline"`).
fn search_limits(l: (Option<i64>, Option<i64>, Option<i64>, i64), budget: Budget) -> PyResult<Limits> {
    Limits::checked(l.0, l.1, l.2, l.3, budget).map_err(to_py_err)
}

/// Complete legal moves: ([(notation, result, captured, laps)], truncated).
type MoveTuples = (Vec<(String, PyPos, u32, u32)>, bool);
/// A move played: (result, captured, laps, the trace as JSON text, trace
/// truncated, the result's status).
type Played = (PyPos, u32, u32, String, bool, StatusParts);
/// A limit, a time limit in seconds, an object (or objects) for Python, positions, games.
type Opt = Option<i64>;
type Secs = Option<f64>;
type Obj = Option<Py<PyAny>>;
type Stop<'a> = Option<PyRef<'a, Cancel>>;
type Out = PyResult<Py<PyAny>>;
type Outs = PyResult<Vec<Py<PyAny>>>;
type Objs = Vec<Py<PyAny>>;
type Many = Vec<PyPos>;
type Games = Vec<(PyPos, Vec<String>)>;
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
        let limit = any_position::move_limit(limit).map_err(to_py_err)?;
        let (moves, truncated) = within(py, timeout, |b| self.inner.legal_moves(limit, b))?;
        let wrap = |m: LegalMove| (m.notation, PyPos { inner: m.result }, m.captured, m.laps);
        Ok((moves.into_iter().map(wrap).collect(), truncated))
    }

    /// Complete legal moves as the HTTP API's JSON array, written by the
    /// core (faster than building it in Python): (the array, its length, truncated).
    #[pyo3(signature = (limit=None, timeout=None))]
    fn legal_moves_json(&self, py: Python<'_>, limit: Opt, timeout: Secs) -> PyResult<(Py<PyBytes>, usize, bool)> {
        let limit = any_position::move_limit(limit).map_err(to_py_err)?;
        let (text, count, truncated) = within(py, timeout, |b| self.inner.legal_moves_json_under(limit, b))?;
        Ok((PyBytes::new(py, text.as_bytes()).unbind(), count, truncated))
    }

    /// The next decision after a partial decision list:
    /// ("decide", role, side, options) or ("complete", result, captured, laps).
    #[pyo3(signature = (partial, timeout=None))]
    fn next_decision<'py>(&self, py: Python<'py>, partial: &str, timeout: Option<f64>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match within(py, timeout, |b| self.inner.next_decision(partial, b))? {
            Decision::Decide { role, side, options } => ("decide", role, side.name(), options).into_bound_py_any(py)?,
            Decision::Complete { result: r, captured: c, laps: l } => {
                ("complete", PyPos { inner: r }, c, l).into_bound_py_any(py)?
            }
        })
    }

    /// Play a complete move with checking, its result's status decided under
    /// the same budget (see [`crate::calls::PlayedMove`]).
    #[pyo3(signature = (mv, timeout=None))]
    fn play(&self, py: Python<'_>, mv: &str, timeout: Secs) -> PyResult<Played> {
        let p = within(py, timeout, |b| self.inner.play(mv, b))?;
        let trace = py.detach(|| json_out::trace_json(&p.trace, p.mover));
        Ok((PyPos { inner: p.result }, p.captured, p.laps, trace, p.trace_truncated, p.status.parts()))
    }

    /// An Omweso arrangement's JSON form (side, rows) as its text form,
    /// checked (see [`AnyPosition::arrangement_from_json`]).
    fn arrangement(&self, side: &str, rows: Vec<Vec<i64>>) -> PyResult<String> {
        self.inner.arrangement_from_json(side, &rows).map_err(to_py_err)
    }

    /// Canonical notation of the legal move a decision list plays.
    #[pyo3(signature = (mv, timeout=None))]
    fn canonical(&self, py: Python<'_>, mv: &str, timeout: Option<f64>) -> PyResult<String> {
        within(py, timeout, |b| self.inner.canonical(mv, b))
    }

    /// (state, winner, reason).
    #[pyo3(signature = (timeout=None))]
    fn status(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<StatusParts> {
        Ok(within(py, timeout, |b| self.inner.status(b))?.parts())
    }

    /// The result of one uniformly random legal move (seeded), or None.
    #[pyo3(signature = (seed, timeout=None))]
    fn random_move(&self, py: Python<'_>, seed: u64, timeout: Option<f64>) -> PyResult<Option<PyPos>> {
        Ok(within(py, timeout, |b| self.inner.random_move(seed, b))?.map(|inner| PyPos { inner }))
    }

    /// Perft counts for depths 1..=depth: [(move sequences, distinct positions)].
    #[pyo3(signature = (depth, timeout=None))]
    fn perft(&self, py: Python<'_>, depth: u32, timeout: Option<f64>) -> PyResult<Vec<(u64, u64)>> {
        within(py, timeout, |b| self.inner.perft(depth, b))
    }

    /// Search under limits (depth, nodes, time_ms, multipv): `igisoro.Analysis`'s fields. Past
    /// `timeout`, or once `cancel` is set, the search returns what it has (`stopped_by:
    /// "deadline"`). With `report`, each completed depth's fields are passed to it (GIL held).
    #[pyo3(signature = (lim, timeout=None, report=None, cancel=None))]
    fn analyse(&self, py: Python, lim: (Opt, Opt, Opt, i64), timeout: Secs, report: Obj, cancel: Stop) -> Out {
        let limits = search_limits(lim, Budget { cancel: cancel.map(|c| c.0.clone()), ..budget(timeout)? })?;
        let wp = |a: &Analysis| self.inner.win_probability(a.score);
        let a = match report {
            None => py.detach(|| self.inner.analyse(&limits)),
            Some(f) => {
                // `report` handles its own errors (igisoro.stream); the search goes on.
                let mut each =
                    |a: &Analysis| Python::attach(|py| _ = f.call1(py, (analysis_tuple(py, a, wp(a)).ok(),)));
                py.detach(|| self.inner.analyse_reporting(&limits, &mut each))
            }
        };
        Ok(analysis_tuple(py, &a, wp(&a))?.unbind())
    }

    /// Score the Omweso set-up move `arrangement` (`k...`) and the standard
    /// arrangements under limits (depth, nodes, time_ms, multipv): the
    /// comparison's JSON text (`json_out::write_comparison`).
    #[pyo3(signature = (arrangement, lim, timeout=None))]
    fn compare_arrangement(
        &self,
        py: Python<'_>,
        arrangement: &str,
        lim: (Opt, Opt, Opt, i64),
        timeout: Secs,
    ) -> PyResult<String> {
        let limits = search_limits(lim, budget(timeout)?)?;
        let c = py.detach(|| self.inner.compare_arrangement(arrangement, &limits)).map_err(to_py_err)?;
        Ok(json_out::comparison_json(&c, |s| self.inner.win_probability(s)))
    }

    /// The move a player of strength `level` (1..10) would choose with
    /// `time_ms` per move; randomness is seeded. `timeout` as in `analyse`.
    #[pyo3(signature = (level, time_ms, seed, timeout=None))]
    fn best_move(&self, py: Python<'_>, level: i64, time_ms: i64, seed: u64, timeout: Secs) -> Out {
        let b = budget(timeout)?;
        let a = py.detach(|| self.inner.best_move_checked(level, time_ms, seed, &b)).map_err(to_py_err)?;
        Ok(analysis_tuple(py, &a, self.inner.win_probability(a.score))?.unbind())
    }

    /// The side to move's win probability given a score of this position
    /// (`igisoro.Score`'s fields), from the core's fitted model.
    fn win_probability(&self, score: (String, Option<f64>, Option<u32>)) -> f64 {
        self.inner.win_probability(json_out::score_of(&score.0, score.1, score.2))
    }

    /// Prove a win or loss within `nodes` and/or `time_ms` (`timeout` as in
    /// `analyse`), the table sized to the budget within `max_table_mb`.
    #[pyo3(signature = (nodes=None, time_ms=None, timeout=None, max_table_mb=None))]
    fn solve(&self, py: Python, nodes: Opt, time_ms: Opt, timeout: Secs, max_table_mb: Opt) -> PyResult<SolutionTuple> {
        let limits = Limits::checked_budget(nodes, time_ms, budget(timeout)?, max_table_mb).map_err(to_py_err)?;
        Ok(solution_tuple(py.detach(|| self.inner.solve(&limits))))
    }
}

/// A review as Python takes it: (its JSON, each ply's (position after,
/// best, reply), final position, illegal move's error or None), or its error.
fn review_tuple(py: Python, r: Result<Review, Error>) -> Out {
    let a = |s: &Option<Searched>| s.as_ref().map(|s| analysis_tuple(py, &s.analysis, s.win_probability)).transpose();
    let ply = |p: &ReviewedPly| Ok((PyPos { inner: p.after.clone() }, a(&p.best)?, a(&p.reply)?));
    match r {
        Err(e) => Ok(to_py_err(e).into_value(py).into_any()),
        Ok(r) => {
            let plies = r.plies.iter().map(ply).collect::<PyResult<Vec<_>>>()?;
            let illegal = r.illegal.as_ref().map(|i| to_py_err(i.error.clone()).into_value(py));
            (json_out::review_json(&r), plies, PyPos { inner: r.final_position }, illegal).into_py_any(py)
        }
    }
}

/// Review games, (start, moves) each ([`crate::review::review_many`];
/// `threads`: None, one per core): per game, its [`review_tuple`]. A
/// `timeout` of 0 is a budget already spent (a batch's game begun after
/// its deadline).
#[pyfunction]
#[pyo3(signature = (games, lim, timeout=None, threads=None))]
fn review_many(py: Python, games: Games, lim: (Opt, Opt, Opt), timeout: Secs, threads: Option<usize>) -> Outs {
    let b = Budget::from_timeout_or_spent(timeout).map_err(to_py_err)?;
    let limits = search_limits((lim.0, lim.1, lim.2, 1), Budget::default())?;
    let games: Vec<_> = games.into_iter().map(|(p, moves)| (p.inner, moves)).collect();
    let found = py.detach(|| crate::review::review_many(&games, &limits, &b, threads));
    found.into_iter().map(|r| review_tuple(py, r)).collect()
}

/// Review games as `review_many` does, each ply `known(before, canonical)`
/// answers (a ply's JSON object, or None) taken from it
/// ([`crate::review_known`]; an exception of `known` stops the call). Gives
/// (per game ("whole", its [`review_tuple`]) or ("assembled", the review's
/// JSON, plies answered by `known`, searches cut short), and each ply not
/// known, reviewed now as a one-move game, as (its start, its [`review_tuple`])).
#[pyfunction]
#[pyo3(signature = (games, lim, known, timeout=None, threads=None))]
fn review_known(
    py: Python,
    games: Games,
    lim: (Opt, Opt, Opt),
    known: Py<PyAny>,
    timeout: Secs,
    threads: Option<usize>,
) -> PyResult<(Objs, Objs)> {
    let b = Budget::from_timeout_or_spent(timeout).map_err(to_py_err)?;
    let limits = search_limits((lim.0, lim.1, lim.2, 1), Budget::default())?;
    let games: Vec<_> = games.into_iter().map(|(p, moves)| (p.inner, moves)).collect();
    let lookup = |before: &AnyPosition, canonical: &str| -> PyResult<Option<KnownPly>> {
        Python::attach(|py| {
            let found = known.call1(py, (PyPos { inner: before.clone() }, canonical))?;
            match json_value(found.bind(py), 0)? {
                serde_json::Value::Null => Ok(None),
                serde_json::Value::Object(ply) => Ok(Some(ply)),
                _ => Err(PyTypeError::new_err(format!("a known ply is a JSON object or None, not {found}"))),
            }
        })
    };
    let found = py.detach(|| crate::review_known(&games, &limits, &b, threads, lookup))?;
    let game = |g: KnownReview| match g {
        KnownReview::Whole(r) => ("whole", review_tuple(py, *r)?).into_py_any(py),
        KnownReview::Assembled { json, cached_plies, cut_searches } => {
            ("assembled", json, cached_plies, cut_searches).into_py_any(py)
        }
    };
    let fresh = |r: Review| (PyPos { inner: r.start.clone() }, review_tuple(py, Ok(r))?).into_py_any(py);
    Ok((
        found.games.into_iter().map(game).collect::<PyResult<_>>()?,
        found.fresh.into_iter().flatten().map(fresh).collect::<PyResult<_>>()?,
    ))
}

/// The loss in seeds and the label (None: no label) of a move whose value
/// is `played` where the best was `best` (`igisoro.Score`'s fields, the
/// mover's view) and whose mover's win probability dropped by `drop`: the
/// core's rule ([`crate::review::label`]).
#[pyfunction]
fn review_label(best: ScoreFields, played: ScoreFields, drop: f64) -> (f64, Option<&'static str>) {
    let score = |f: ScoreFields| json_out::score_of(&f.0, f.1, f.2);
    let (loss, label) = crate::review::label(score(best), score(played), drop);
    (loss, label.map(Label::name))
}

/// Analyse many positions in parallel on all cores (GIL released); one
/// analysis tuple per position, in order.
/// `time_ms` bounds each position; `timeout` (seconds) the whole batch.
#[pyfunction]
#[pyo3(signature = (positions, depth=None, nodes=None, time_ms=None, multipv=1, timeout=None))]
fn analyse_many(py: Python, positions: Many, depth: Opt, nodes: Opt, time_ms: Opt, multipv: i64, timeout: Secs) -> Out {
    let limits = search_limits((depth, nodes, time_ms, multipv), budget(timeout)?)?;
    let items: Vec<AnyPosition> = positions.into_iter().map(|p| p.inner).collect();
    let results = py.detach(|| AnyPosition::analyse_many(&items, &limits));
    let tuples = results.iter().zip(&items).map(|(a, p)| analysis_tuple(py, a, p.win_probability(a.score)));
    Ok(PyList::new(py, tuples.collect::<PyResult<Vec<_>>>()?)?.into_any().unbind())
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

#[pymodule]
fn _igisoro(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPos>()?;
    m.add_class::<Cancel>()?;
    m.add_function(wrap_pyfunction!(analyse_many, m)?)?;
    m.add_function(wrap_pyfunction!(review_many, m)?)?;
    m.add_function(wrap_pyfunction!(review_known, m)?)?;
    m.add_function(wrap_pyfunction!(review_label, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_json, m)?)?;
    m.add_function(wrap_pyfunction!(score_json, m)?)?;
    m.add_function(wrap_pyfunction!(solution_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // Every variant's metadata and every rule option, as JSON text (fixed data).
    m.add("VARIANTS_JSON", json_out::variants_json())?;
    m.add("RULE_OPTIONS_JSON", json_out::rule_options_json())?;
    m.add("LEVELS_JSON", json_out::levels_json())?;
    m.add("MAX_SEARCH_DEPTH", MAX_SEARCH_DEPTH)?;
    m.add("MAX_SEARCH_NODES", MAX_SEARCH_NODES)?;
    m.add("MAX_SEARCH_TIME_MS", MAX_SEARCH_TIME_MS)?;
    m.add("MAX_MULTIPV", MAX_MULTIPV)?;
    m.add("MAX_TRACE_EVENTS", MAX_TRACE_EVENTS)?;
    // The review's labels by the drop in the mover's win probability, most
    // severe first: ((name, minimum drop), ...), the core's only copy.
    let thresholds = crate::review::THRESHOLDS.map(|(l, at)| (l.name(), at));
    m.add("REVIEW_THRESHOLDS", PyTuple::new(m.py(), thresholds)?)?;
    Ok(())
}
