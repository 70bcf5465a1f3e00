//! All PyO3 code: the private `igisoro._igisoro` module that the Python
//! package wraps.
//!
//! - One position type for every rule system ([`AnyPos`]); each method
//!   dispatches once to code generic over [`Game`], so Isolo and the 4x8
//!   family share every path and callers never special-case a game.
//! - Everything CPU-heavy runs inside `py.detach` (the GIL is released)
//!   under an optional time limit ([`crate::budget`]).
//! - Every engine error maps to one Python exception in `to_py_err`, one
//!   exhaustive match, so a new error forces a decision here.

use crate::board4x8 as b4;
use crate::budget::{with_budget, Budget};
use crate::explore::{self, NextDecision, PlayError};
use crate::game::{Actor, Event, Game, Status};
use crate::isolo as iso;
use crate::json_form::{write_str, Extra, Form};
use crate::moves::{format_move, parse_move, MoveSyntaxError};
use crate::rng::Rng;
use crate::search::{self, Analysis, Limits, Score};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use std::time::{Duration, Instant};

create_exception!(_igisoro, IgisoroError, PyValueError, "Base of every error the engine raises.");
create_exception!(_igisoro, InvalidNotationError, IgisoroError, "Text that is not valid notation.");
create_exception!(_igisoro, InvalidPositionError, IgisoroError, "A setup that is not a valid position.");
create_exception!(_igisoro, UnknownVariantError, InvalidPositionError, "A variant name that is not known.");
create_exception!(_igisoro, IllegalMoveError, IgisoroError, "A move that is not legal in the position.");
create_exception!(_igisoro, InvalidLimitError, IgisoroError, "A bound or limit out of range.");
create_exception!(_igisoro, EngineTimeoutError, IgisoroError, "The time limit ran out before the answer was settled.");

/// Every engine error, once, with the input named in the message.
enum Error {
    Position(String),
    UnknownVariant(String),
    Notation { text: String, detail: String },
    MoveSyntax(MoveSyntaxError),
    Play { mv: String, pos: String, err: PlayError },
    Limit(String),
    Timeout { what: String, seconds: f64 },
}

fn all_variant_names() -> Vec<&'static str> {
    b4::Variant::ALL.iter().map(|v| v.name()).chain(iso::Variant::ALL.iter().map(|v| v.name())).collect()
}

fn to_py_err(e: Error) -> PyErr {
    match e {
        Error::UnknownVariant(v) => UnknownVariantError::new_err(format!(
            "unknown variant '{}': expected one of {}",
            v,
            all_variant_names().join(", ")
        )),
        Error::Position(p) => InvalidPositionError::new_err(format!("invalid position: {}", p)),
        Error::Notation { text, detail } => {
            InvalidNotationError::new_err(format!("invalid notation {:?}: {}", text, detail))
        }
        Error::MoveSyntax(m) => InvalidNotationError::new_err(m.to_string()),
        Error::Play { err: PlayError::Interrupted, pos, mv } => {
            EngineTimeoutError::new_err(format!("move '{}' in {}: {}", mv, pos, PlayError::Interrupted))
        }
        Error::Play { mv, pos, err } => IllegalMoveError::new_err(format!("illegal move '{}' in {}: {}", mv, pos, err)),
        Error::Limit(s) => InvalidLimitError::new_err(s),
        Error::Timeout { what, seconds } => EngineTimeoutError::new_err(format!(
            "{} did not finish within the time limit of {} s (the turn graph of this position is too large)",
            what, seconds
        )),
    }
}

/// A validated position of any rule system.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum AnyPos {
    Board4x8(b4::Position),
    Isolo(iso::Position),
}

/// What the binding needs from a rule system beyond [`Game`].
trait Engine: Game<Pos: Send + Sync, Choice: Send> {
    fn wrap(p: Self::Pos) -> AnyPos;
    fn notation(p: &Self::Pos) -> String;
    /// The JSON form's parts (variant, rule overrides, pits picture,
    /// to_move, extra state fields).
    fn fields(p: &Self::Pos) -> Form;
    fn all_rules(p: &Self::Pos) -> Vec<(String, String)>;
}

impl Engine for b4::Igisoro {
    fn wrap(p: b4::Position) -> AnyPos {
        AnyPos::Board4x8(p)
    }
    fn notation(p: &b4::Position) -> String {
        b4::notation::format(p)
    }
    fn fields(p: &b4::Position) -> Form {
        let s = p.to_setup();
        let extra = vec![("opening_plies", Extra::Int(s.opening_plies)), ("winner", Extra::Text(s.winner))];
        Form {
            variant: s.variant,
            rules: s.rules,
            options: b4::rules::OPTIONS,
            pits: s.pits,
            to_move: s.to_move,
            extra,
        }
    }
    fn all_rules(p: &b4::Position) -> Vec<(String, String)> {
        p.rules().all().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }
}

impl Engine for iso::Isolo {
    fn wrap(p: iso::Position) -> AnyPos {
        AnyPos::Isolo(p)
    }
    fn notation(p: &iso::Position) -> String {
        iso::notation::format(p)
    }
    fn fields(p: &iso::Position) -> Form {
        let s = p.to_setup();
        let extra = vec![("phase", Extra::Text(Some(s.phase)))];
        Form {
            variant: s.variant,
            rules: s.rules,
            options: iso::rules::OPTIONS,
            pits: s.pits,
            to_move: s.to_move,
            extra,
        }
    }
    fn all_rules(p: &iso::Position) -> Vec<(String, String)> {
        p.rules().all().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }
}

/// Run `$body` with `$G` bound to the position's game and `$p` to its
/// position.
macro_rules! with_game {
    ($pos:expr, $p:ident, $G:ident => $body:expr) => {
        match $pos {
            AnyPos::Board4x8($p) => {
                type $G = b4::Igisoro;
                $body
            }
            AnyPos::Isolo($p) => {
                type $G = iso::Isolo;
                $body
            }
        }
    };
}

/// A validated position (any rule system the engine knows).
#[pyclass(frozen, module = "igisoro._igisoro", name = "Pos")]
#[derive(Clone)]
pub struct PyPos {
    inner: AnyPos,
}

fn side_name(to_move: crate::Side, actor: Actor) -> &'static str {
    match actor {
        Actor::Mover => to_move.name(),
        Actor::Opponent => to_move.other().name(),
    }
}

fn actor_name(a: Actor) -> &'static str {
    match a {
        Actor::Mover => "mover",
        Actor::Opponent => "opponent",
    }
}

fn status_tuple(s: Status) -> (&'static str, Option<&'static str>, Option<&'static str>) {
    match s {
        Status::Ongoing => ("ongoing", None, None),
        Status::Won { winner, reason } => ("won", Some(winner.name()), Some(reason.name())),
    }
}

fn event_dict<'py>(py: Python<'py>, to_move: crate::Side, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        Event::Lift { pit, count } => {
            d.set_item("type", "lift")?;
            d.set_item("pit", pit)?;
            d.set_item("count", count)?;
        }
        Event::Hand { count } => {
            d.set_item("type", "hand")?;
            d.set_item("count", count)?;
        }
        Event::Sow { pit } => {
            d.set_item("type", "sow")?;
            d.set_item("pit", pit)?;
        }
        Event::Capture { pits, count } => {
            d.set_item("type", "capture")?;
            d.set_item("pits", pits.clone())?;
            d.set_item("count", count)?;
        }
        Event::Retreat { from, to, count } => {
            d.set_item("type", "retreat")?;
            d.set_item("from", from)?;
            d.set_item("to", to)?;
            d.set_item("count", count)?;
        }
        Event::LapEnd { pit } => {
            d.set_item("type", "lap_end")?;
            d.set_item("pit", pit)?;
        }
        Event::Decision { actor, choice } => {
            d.set_item("type", "decision")?;
            d.set_item("actor", side_name(to_move, *actor))?;
            d.set_item("choice", choice)?;
        }
    }
    Ok(d)
}

/// Validate a time limit in seconds into a budget.
fn budget(timeout: Option<f64>) -> PyResult<Budget> {
    match timeout {
        None => Ok(Budget::default()),
        Some(t) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
            Ok(Budget { deadline: Some(Instant::now() + Duration::from_secs_f64(t)), cancel: None })
        }
        Some(t) => {
            Err(to_py_err(Error::Limit(format!("timeout must be a number of seconds in (0, 86400], got {}", t))))
        }
    }
}

/// Run `f` without the GIL under a time limit; a tripped limit is an error.
fn run<R: Send>(py: Python<'_>, timeout: Option<f64>, what: &str, f: impl FnOnce() -> R + Send) -> PyResult<R> {
    let b = budget(timeout)?;
    let (r, tripped) = py.detach(|| with_budget(b, f));
    if tripped {
        return Err(to_py_err(Error::Timeout { what: what.to_string(), seconds: timeout.unwrap_or(0.0) }));
    }
    Ok(r)
}

fn game_of(variant: &str) -> Result<bool, Error> {
    if variant.parse::<b4::Variant>().is_ok() {
        Ok(true)
    } else if variant.parse::<iso::Variant>().is_ok() {
        Ok(false)
    } else {
        Err(Error::UnknownVariant(variant.to_string()))
    }
}

impl PyPos {
    /// A `limit` argument: none, or at least 1.
    fn move_limit(limit: Option<i64>) -> PyResult<Option<usize>> {
        match limit {
            None => Ok(None),
            Some(l) if l >= 1 => Ok(Some(l as usize)),
            Some(l) => Err(to_py_err(Error::Limit(format!("limit must be at least 1, got {}", l)))),
        }
    }

    fn parse_choices<G: Engine>(p: &G::Pos, text: &str) -> PyResult<Vec<G::Choice>> {
        parse_move::<G>(p, text).map_err(|e| to_py_err(Error::MoveSyntax(e)))
    }
    fn play_err(&self, mv: &str, err: PlayError) -> PyErr {
        to_py_err(Error::Play { mv: mv.to_string(), pos: self.notation(), err })
    }
}

/// Server-side maxima for search limits (documented in the Python API).
const MAX_SEARCH_DEPTH: i64 = 64;
const MAX_SEARCH_NODES: i64 = 100_000_000;
const MAX_SEARCH_TIME_MS: i64 = 600_000;
const MAX_MULTIPV: i64 = 16;

/// Validate search limits: at least one of depth, nodes and time, each in
/// range, plus an optional outside `timeout` (seconds) that cuts the search
/// short without an error (the result says `stopped_by: "deadline"`).
fn search_limits(
    depth: Option<i64>,
    nodes: Option<i64>,
    time_ms: Option<i64>,
    multipv: i64,
    timeout: Option<f64>,
) -> PyResult<Limits> {
    let check = |name: &str, v: Option<i64>, max: i64| -> PyResult<Option<i64>> {
        match v {
            Some(x) if !(1..=max).contains(&x) => {
                Err(to_py_err(Error::Limit(format!("{} must be an integer from 1 to {}, got {}", name, max, x))))
            }
            _ => Ok(v),
        }
    };
    let depth = check("depth", depth, MAX_SEARCH_DEPTH)?;
    let nodes = check("nodes", nodes, MAX_SEARCH_NODES)?;
    let time_ms = check("time_ms", time_ms, MAX_SEARCH_TIME_MS)?;
    let multipv = check("multipv", Some(multipv), MAX_MULTIPV)?.unwrap_or(1);
    if depth.is_none() && nodes.is_none() && time_ms.is_none() {
        return Err(to_py_err(Error::Limit("a search needs at least one limit: depth, nodes or time_ms".into())));
    }
    Ok(Limits {
        depth: depth.map(|d| d as u32),
        nodes: nodes.map(|n| n as u64),
        time_ms: time_ms.map(|t| t as u64),
        deadline: budget(timeout)?.deadline,
        multipv: multipv as usize,
        ..Limits::default()
    })
}

fn score_dict<'py>(py: Python<'py>, s: &Score) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match *s {
        Score::Centiseeds(c) => {
            d.set_item("type", "seeds")?;
            d.set_item("value", c as f64 / 100.0)?;
        }
        Score::Win { turns } => {
            d.set_item("type", "win")?;
            d.set_item("turns", turns)?;
        }
        Score::Loss { turns } => {
            d.set_item("type", "loss")?;
            d.set_item("turns", turns)?;
        }
    }
    Ok(d)
}

fn analysis_dict<'py>(py: Python<'py>, a: &Analysis) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("best_move", &a.best_move)?;
    d.set_item("score", score_dict(py, &a.score)?)?;
    d.set_item("pv", &a.pv)?;
    let lines = PyList::empty(py);
    for l in &a.lines {
        let ld = PyDict::new(py);
        ld.set_item("move", &l.mv)?;
        ld.set_item("score", score_dict(py, &l.score)?)?;
        ld.set_item("pv", &l.pv)?;
        lines.append(ld)?;
    }
    d.set_item("lines", lines)?;
    d.set_item("depth", a.depth)?;
    d.set_item("nodes", a.nodes)?;
    d.set_item("time_ms", a.time_ms)?;
    d.set_item("truncated_turns", a.truncated_turns)?;
    d.set_item("stopped_by", a.stopped_by.name())?;
    Ok(d)
}

impl AnyPos {
    /// Search this position (dispatches once to the generic search).
    fn analyse(&self, limits: &Limits) -> Result<Analysis, String> {
        Ok(with_game!(self, p, G => search::analyse::<G>(p, limits)))
    }

    fn best_move(&self, level: u8, time_ms: u64, seed: u64, deadline: Option<Instant>) -> Result<Analysis, String> {
        Ok(with_game!(self, p, G => search::best_move_until::<G>(p, level, time_ms, seed, deadline)))
    }
}

#[pymethods]
impl PyPos {
    /// Validate an unchecked setup. `state` holds the variant's extra
    /// fields: `opening_plies` and `winner` (4x8) or `phase` (Isolo).
    #[staticmethod]
    fn from_fields(
        variant: String,
        rules: Vec<(String, String)>,
        pits: Vec<Vec<i64>>,
        to_move: String,
        state: &Bound<'_, PyDict>,
    ) -> PyResult<PyPos> {
        let four = game_of(&variant).map_err(to_py_err)?;
        let allowed: &[&str] = if four { &["opening_plies", "winner"] } else { &["phase"] };
        for k in state.keys() {
            let k: String = k.extract()?;
            if !allowed.contains(&k.as_str()) {
                return Err(to_py_err(Error::Position(format!(
                    "field '{}' does not apply to variant '{}' (its state fields: {})",
                    k,
                    variant,
                    allowed.join(", ")
                ))));
            }
        }
        let inner = if four {
            let opening_plies: i64 = match state.get_item("opening_plies")? {
                Some(v) => v.extract()?,
                None => 0,
            };
            let winner: Option<String> = match state.get_item("winner")? {
                Some(v) => v.extract()?,
                None => None,
            };
            let s = b4::Setup { variant, rules, pits, to_move, opening_plies, winner };
            AnyPos::Board4x8(b4::Position::from_setup(&s).map_err(|e| to_py_err(Error::Position(e.to_string())))?)
        } else {
            let phase: String = match state.get_item("phase")? {
                Some(v) => v.extract()?,
                None => "fore_play".to_string(),
            };
            let s = iso::Setup { variant, rules, pits, to_move, phase };
            AnyPos::Isolo(iso::Position::from_setup(&s).map_err(|e| to_py_err(Error::Position(e.to_string())))?)
        };
        Ok(PyPos { inner })
    }

    /// The start position of a variant.
    #[staticmethod]
    fn start(variant: &str) -> PyResult<PyPos> {
        let inner = if let Ok(v) = variant.parse::<b4::Variant>() {
            AnyPos::Board4x8(b4::Position::start(v))
        } else if let Ok(v) = variant.parse::<iso::Variant>() {
            AnyPos::Isolo(iso::Position::start(v))
        } else {
            return Err(to_py_err(Error::UnknownVariant(variant.into())));
        };
        Ok(PyPos { inner })
    }

    /// Parse the text notation (the variant name, its first field, picks the game).
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<PyPos> {
        let variant = text.split(' ').next().unwrap_or("");
        let syntax = |detail: String| to_py_err(Error::Notation { text: text.into(), detail });
        match game_of(variant) {
            Err(_) if variant.is_empty() => Err(syntax("expected a variant name first".into())),
            Err(e) => Err(to_py_err(e)),
            Ok(true) => match b4::notation::parse(text) {
                Ok(p) => Ok(PyPos { inner: AnyPos::Board4x8(p) }),
                Err(b4::notation::ParseError::Syntax(e)) => Err(syntax(e.to_string())),
                Err(b4::notation::ParseError::Invalid(e)) => Err(to_py_err(Error::Position(e.to_string()))),
            },
            Ok(false) => match iso::notation::parse(text) {
                Ok(p) => Ok(PyPos { inner: AnyPos::Isolo(p) }),
                Err(iso::notation::ParseError::Syntax(e)) => Err(syntax(e.to_string())),
                Err(iso::notation::ParseError::Invalid(e)) => Err(to_py_err(Error::Position(e.to_string()))),
            },
        }
    }

    /// The canonical text notation.
    fn notation(&self) -> String {
        with_game!(&self.inner, p, G => G::notation(p))
    }

    /// The JSON form's fields: variant, rules (overrides), pits, to_move
    /// and the variant's state fields.
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let form = with_game!(&self.inner, p, G => G::fields(p));
        let d = PyDict::new(py);
        d.set_item("variant", form.variant)?;
        d.set_item("rules", form.rules)?;
        d.set_item("pits", form.pits)?;
        d.set_item("to_move", form.to_move)?;
        for (k, v) in form.extra {
            match v {
                Extra::Int(i) => d.set_item(k, i)?,
                Extra::Text(t) => d.set_item(k, t)?,
            }
        }
        Ok(d)
    }

    /// Every rule option with its effective value (text form).
    fn rules(&self) -> Vec<(String, String)> {
        with_game!(&self.inner, p, G => G::all_rules(p))
    }

    /// The side to move.
    fn to_move(&self) -> &'static str {
        with_game!(&self.inner, p, G => G::to_move(p).name())
    }

    /// Complete legal moves: ([(notation, result, captured, laps)], truncated).
    #[pyo3(signature = (limit=None, timeout=None))]
    #[allow(clippy::type_complexity)]
    fn legal_moves(
        &self,
        py: Python<'_>,
        limit: Option<i64>,
        timeout: Option<f64>,
    ) -> PyResult<(Vec<(String, PyPos, u32, u32)>, bool)> {
        let limit = Self::move_limit(limit)?;
        with_game!(&self.inner, p, G => {
            let list = run(py, timeout, "listing the legal moves", || explore::legal_moves::<G>(p, limit))?;
            let moves = list
                .moves
                .into_iter()
                .map(|m| (format_move::<G>(p, &m.choices), PyPos { inner: G::wrap(m.result) }, m.captured, m.laps))
                .collect();
            Ok((moves, list.truncated))
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
        let (text, count, truncated) = with_game!(&self.inner, p, G => {
            run(py, timeout, "listing the legal moves", || {
                let list = explore::legal_moves::<G>(p, limit);
                let mut out = String::with_capacity(64 + 320 * list.moves.len());
                let mut digits = itoa::Buffer::new();
                out.push('[');
                for (i, m) in list.moves.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str("{\"move\":");
                    write_str(&mut out, &format_move::<G>(p, &m.choices));
                    out.push_str(",\"result\":{\"position\":");
                    G::fields(&m.result).write(&mut out);
                    out.push_str(",\"notation\":");
                    write_str(&mut out, &G::notation(&m.result));
                    out.push_str("},\"captured\":");
                    out.push_str(digits.format(m.captured));
                    out.push_str(",\"laps\":");
                    out.push_str(digits.format(m.laps));
                    out.push('}');
                }
                out.push(']');
                (out, list.moves.len(), list.truncated)
            })?
        });
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
                    let side = side_name(G::to_move(p), actor);
                    Ok(("decide", actor_name(actor), side, opts).into_pyobject(py)?.into_any())
                }
                Ok(NextDecision::Complete { result, captured, laps }) => {
                    Ok(("complete", PyPos { inner: G::wrap(result) }, captured, laps).into_pyobject(py)?.into_any())
                }
                Err(e) => Err(self.play_err(partial, e)),
            }
        })
    }

    /// Play a complete move with checking: (result, captured, laps, trace).
    #[pyo3(signature = (mv, timeout=None))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        mv: &str,
        timeout: Option<f64>,
    ) -> PyResult<(PyPos, u32, u32, Bound<'py, PyList>)> {
        with_game!(&self.inner, p, G => {
            let choices = Self::parse_choices::<G>(p, mv)?;
            if choices.is_empty() {
                return Err(to_py_err(Error::Notation { text: mv.into(), detail: "a move needs at least a start".into() }));
            }
            let played = run(py, timeout, "playing the move", || explore::play::<G>(p, &choices))?
                .map_err(|e| self.play_err(mv, e))?;
            let trace = PyList::empty(py);
            for e in &played.trace {
                trace.append(event_dict(py, G::to_move(p), e)?)?;
            }
            Ok((PyPos { inner: G::wrap(played.result) }, played.captured, played.laps, trace))
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
    fn status(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
    ) -> PyResult<(&'static str, Option<&'static str>, Option<&'static str>)> {
        with_game!(&self.inner, p, G => Ok(status_tuple(run(py, timeout, "deciding the game status", || explore::status::<G>(p))?)))
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
        with_game!(&self.inner, p, G => run(py, None, "playouts", || {
            let mut rng = Rng::new(seed);
            let mut total = 0;
            for _ in 0..games {
                let mut q = p.clone();
                for _ in 0..max_plies {
                    match explore::random_move::<G>(&q, &mut rng) {
                        Some((n, _)) => q = n,
                        None => break,
                    }
                    total += 1;
                }
            }
            total
        }))
    }

    /// Perft counts for depths 1..=depth: [(move sequences, distinct positions)].
    #[pyo3(signature = (depth, timeout=None))]
    fn perft(&self, py: Python<'_>, depth: u32, timeout: Option<f64>) -> PyResult<Vec<(u64, u64)>> {
        if depth > 6 {
            return Err(to_py_err(Error::Limit(format!("perft depth must be at most 6, got {}", depth))));
        }
        with_game!(&self.inner, p, G => run(py, timeout, "perft", || explore::perft::<G>(p, depth)))
    }

    /// Search under limits (at least one of depth, nodes, time_ms):
    /// a dict with best_move, score, pv, lines (multi-PV), depth, nodes,
    /// time_ms, truncated_turns and stopped_by. `timeout` (seconds) is an
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
    ) -> PyResult<Bound<'py, PyDict>> {
        let limits = search_limits(depth, nodes, time_ms, multipv, timeout)?;
        let inner = &self.inner;
        let a = py.detach(|| inner.analyse(&limits)).map_err(IgisoroError::new_err)?;
        analysis_dict(py, &a)
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
    ) -> PyResult<Bound<'py, PyDict>> {
        if !(1..=10).contains(&level) {
            return Err(to_py_err(Error::Limit(format!("level must be from 1 to 10, got {}", level))));
        }
        if !(1..=MAX_SEARCH_TIME_MS).contains(&time_ms) {
            return Err(to_py_err(Error::Limit(format!(
                "time_ms must be an integer from 1 to {}, got {}",
                MAX_SEARCH_TIME_MS, time_ms
            ))));
        }
        let deadline = budget(timeout)?.deadline;
        let inner = &self.inner;
        let a = py
            .detach(|| inner.best_move(level as u8, time_ms as u64, seed, deadline))
            .map_err(IgisoroError::new_err)?;
        analysis_dict(py, &a)
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
/// dict per position, in order, or a str error for that position.
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
    let limits = search_limits(depth, nodes, time_ms, multipv, timeout)?;
    let items: Vec<AnyPos> = positions.iter().map(|p| p.inner.clone()).collect();
    let share = search::batch::Share::new(&limits, items.len());
    let results: Vec<Result<Analysis, String>> =
        py.detach(|| items.par_iter().map(|p| p.analyse(&share.next())).collect());
    let out = PyList::empty(py);
    for r in &results {
        match r {
            Ok(a) => out.append(analysis_dict(py, a)?)?,
            Err(e) => out.append(e)?,
        }
    }
    Ok(out)
}

/// Metadata of every variant: name, board, aliases, source, description,
/// rule options (effective values), start notation.
#[pyfunction]
fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    let add = |name: &str,
               board: &str,
               aliases: Vec<&str>,
               source: &str,
               desc: &str,
               rules: Vec<(&str, String)>,
               start: String|
     -> PyResult<()> {
        let d = PyDict::new(py);
        d.set_item("name", name)?;
        d.set_item("board", board)?;
        d.set_item("aliases", aliases)?;
        d.set_item("source", source)?;
        d.set_item("description", desc)?;
        d.set_item("rules", rules)?;
        d.set_item("start", start)?;
        out.append(d)
    };
    for v in b4::Variant::ALL {
        let start = b4::notation::format(&b4::Position::start(v));
        add(v.name(), "4x8", v.aliases().to_vec(), v.source(), v.description(), v.rules().all(), start)?;
    }
    for v in iso::Variant::ALL {
        let start = iso::notation::format(&iso::Position::start(v));
        add(v.name(), "2xn", v.aliases().to_vec(), v.source(), v.description(), v.rules().all(), start)?;
    }
    Ok(out)
}

/// Rule options: name, board it applies to, kind and allowed values, description.
#[pyfunction]
fn rule_options(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    let boards = [("4x8", b4::rules::OPTIONS), ("2xn", iso::rules::OPTIONS)];
    for (board, options) in boards {
        for (name, kind, doc) in options {
            let d = PyDict::new(py);
            d.set_item("name", *name)?;
            d.set_item("board", board)?;
            d.set_item("description", *doc)?;
            match kind {
                b4::rules::OptionKind::Bool => d.set_item("kind", "bool")?,
                b4::rules::OptionKind::Int { min, max } => {
                    d.set_item("kind", "int")?;
                    d.set_item("min", *min)?;
                    d.set_item("max", *max)?;
                }
                b4::rules::OptionKind::Choice(values) => {
                    d.set_item("kind", "choice")?;
                    d.set_item("values", values.to_vec())?;
                }
                b4::rules::OptionKind::Pits => d.set_item("kind", "pits")?,
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
    m.add("IgisoroError", py.get_type::<IgisoroError>())?;
    m.add("InvalidNotationError", py.get_type::<InvalidNotationError>())?;
    m.add("InvalidPositionError", py.get_type::<InvalidPositionError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidLimitError", py.get_type::<InvalidLimitError>())?;
    m.add("EngineTimeoutError", py.get_type::<EngineTimeoutError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
