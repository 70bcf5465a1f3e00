//! All PyO3 code: the private `igisoro._igisoro` module that the Python
//! package wraps. Everything CPU-heavy runs inside `py.detach` (the GIL is
//! released), and every engine error maps to one Python exception in
//! `to_py_err`, one exhaustive match, so a new error forces a decision here.

use crate::board4x8::{notation, rules::OptionKind, rules::OPTIONS, Igisoro, Position, PositionError, Setup, Variant};
use crate::explore::{self, NextDecision, PlayError};
use crate::game::{Actor, Event, Status};
use crate::moves::{format_move, parse_move, MoveSyntaxError};
use crate::rng::Rng;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(_igisoro, IgisoroError, PyValueError, "Base of every error the engine raises.");
create_exception!(_igisoro, InvalidNotationError, IgisoroError, "Text that is not valid notation.");
create_exception!(_igisoro, InvalidPositionError, IgisoroError, "A setup that is not a valid position.");
create_exception!(_igisoro, UnknownVariantError, InvalidPositionError, "A variant name that is not known.");
create_exception!(_igisoro, IllegalMoveError, IgisoroError, "A move that is not legal in the position.");
create_exception!(_igisoro, InvalidLimitError, IgisoroError, "A bound or limit out of range.");

/// Every engine error, once, with the input named in the message.
enum Error {
    Position(PositionError),
    Notation { text: String, detail: String },
    MoveSyntax(MoveSyntaxError),
    Play { mv: String, pos: String, err: PlayError },
    Limit(String),
}

fn to_py_err(e: Error) -> PyErr {
    match e {
        Error::Position(PositionError::UnknownVariant(v)) => UnknownVariantError::new_err(format!(
            "unknown variant '{}': expected one of {}",
            v,
            Variant::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
        )),
        Error::Position(p) => InvalidPositionError::new_err(format!("invalid position: {}", p)),
        Error::Notation { text, detail } => {
            InvalidNotationError::new_err(format!("invalid notation {:?}: {}", text, detail))
        }
        Error::MoveSyntax(m) => InvalidNotationError::new_err(m.to_string()),
        Error::Play { mv, pos, err } => {
            IllegalMoveError::new_err(format!("illegal move '{}' in {}: {}", mv, pos, err))
        }
        Error::Limit(s) => InvalidLimitError::new_err(s),
    }
}

/// A validated position (any rule system the engine knows).
#[pyclass(frozen, module = "igisoro._igisoro", name = "Pos")]
#[derive(Clone)]
pub struct PyPos {
    inner: Position,
}

fn wrap(p: Position) -> PyPos {
    PyPos { inner: p }
}

fn side_of(pos: &Position, actor: Actor) -> &'static str {
    match actor {
        Actor::Mover => pos.to_move().name(),
        Actor::Opponent => pos.to_move().other().name(),
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

fn event_dict<'py>(py: Python<'py>, pos: &Position, e: &Event) -> PyResult<Bound<'py, PyDict>> {
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
            d.set_item("actor", side_of(pos, *actor))?;
            d.set_item("choice", choice)?;
        }
    }
    Ok(d)
}

impl PyPos {
    fn parse_move(&self, text: &str) -> PyResult<Vec<crate::board4x8::Choice>> {
        parse_move::<Igisoro>(&self.inner, text).map_err(|e| to_py_err(Error::MoveSyntax(e)))
    }
    fn play_err(&self, mv: &str, err: PlayError) -> PyErr {
        to_py_err(Error::Play { mv: mv.to_string(), pos: notation::format(&self.inner), err })
    }
}

#[pymethods]
impl PyPos {
    /// Validate an unchecked setup.
    #[staticmethod]
    #[pyo3(signature = (variant, rules, pits, to_move, opening_plies, winner))]
    fn from_setup(
        variant: String,
        rules: Vec<(String, String)>,
        pits: Vec<Vec<i64>>,
        to_move: String,
        opening_plies: i64,
        winner: Option<String>,
    ) -> PyResult<PyPos> {
        let setup = Setup { variant, rules, pits, to_move, opening_plies, winner };
        Position::from_setup(&setup).map(wrap).map_err(|e| to_py_err(Error::Position(e)))
    }

    /// The start position of a variant.
    #[staticmethod]
    fn start(variant: &str) -> PyResult<PyPos> {
        let v: Variant =
            variant.parse().map_err(|_| to_py_err(Error::Position(PositionError::UnknownVariant(variant.into()))))?;
        Ok(wrap(Position::start(v)))
    }

    /// Parse the text notation.
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<PyPos> {
        match notation::parse(text) {
            Ok(p) => Ok(wrap(p)),
            Err(notation::ParseError::Syntax(e)) => {
                Err(to_py_err(Error::Notation { text: text.into(), detail: e.to_string() }))
            }
            Err(notation::ParseError::Invalid(e)) => Err(to_py_err(Error::Position(e))),
        }
    }

    /// The canonical text notation.
    fn notation(&self) -> String {
        notation::format(&self.inner)
    }

    /// (variant, rule overrides, pits picture, to_move, opening_plies, winner).
    #[allow(clippy::type_complexity)]
    fn setup(&self) -> (String, Vec<(String, String)>, Vec<Vec<i64>>, String, i64, Option<String>) {
        let s = self.inner.to_setup();
        (s.variant, s.rules, s.pits, s.to_move, s.opening_plies, s.winner)
    }

    /// Every rule option with its effective value (text form).
    fn rules(&self) -> Vec<(String, String)> {
        self.inner.rules().all().into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// Complete legal moves: ([(notation, result, captured, laps)], truncated).
    #[pyo3(signature = (limit=None))]
    #[allow(clippy::type_complexity)]
    fn legal_moves(&self, py: Python<'_>, limit: Option<i64>) -> PyResult<(Vec<(String, PyPos, u32, u32)>, bool)> {
        let limit = match limit {
            None => None,
            Some(l) if l >= 1 => Some(l as usize),
            Some(l) => return Err(to_py_err(Error::Limit(format!("limit must be at least 1, got {}", l)))),
        };
        let pos = &self.inner;
        let list = py.detach(|| explore::legal_moves::<Igisoro>(pos, limit));
        let moves = list
            .moves
            .into_iter()
            .map(|m| (format_move::<Igisoro>(pos, &m.choices), wrap(m.result), m.captured, m.laps))
            .collect();
        Ok((moves, list.truncated))
    }

    /// The next decision after a partial decision list:
    /// ("decide", role, side, options) or ("complete", result, captured, laps).
    fn next_decision<'py>(&self, py: Python<'py>, partial: &str) -> PyResult<Bound<'py, PyAny>> {
        let choices = self.parse_move(partial)?;
        let pos = &self.inner;
        let r = py.detach(|| explore::next_decision::<Igisoro>(pos, &choices));
        match r {
            Ok(NextDecision::Decide { actor, options }) => {
                let opts: Vec<String> = options.iter().map(|c| c.token()).collect();
                Ok(("decide", actor_name(actor), side_of(pos, actor), opts).into_pyobject(py)?.into_any())
            }
            Ok(NextDecision::Complete { result, captured, laps }) => {
                Ok(("complete", wrap(result), captured, laps).into_pyobject(py)?.into_any())
            }
            Err(e) => Err(self.play_err(partial, e)),
        }
    }

    /// Play a complete move with checking: (result, captured, laps, trace).
    fn play<'py>(&self, py: Python<'py>, mv: &str) -> PyResult<(PyPos, u32, u32, Bound<'py, PyList>)> {
        let choices = self.parse_move(mv)?;
        if choices.is_empty() {
            return Err(to_py_err(Error::Notation { text: mv.into(), detail: "a move needs at least a start pit".into() }));
        }
        let pos = &self.inner;
        let played = py.detach(|| explore::play::<Igisoro>(pos, &choices)).map_err(|e| self.play_err(mv, e))?;
        let trace = PyList::empty(py);
        for e in &played.trace {
            trace.append(event_dict(py, pos, e)?)?;
        }
        Ok((wrap(played.result), played.captured, played.laps, trace))
    }

    /// Canonical notation of a legal move given by any decision list
    /// reaching the same result, or an IllegalMoveError.
    fn canonical(&self, py: Python<'_>, mv: &str) -> PyResult<String> {
        let choices = self.parse_move(mv)?;
        let pos = &self.inner;
        let played = py.detach(|| explore::play::<Igisoro>(pos, &choices)).map_err(|e| self.play_err(mv, e))?;
        let list = py.detach(|| explore::legal_moves::<Igisoro>(pos, None));
        let m = list.moves.iter().find(|m| m.result == played.result).expect("a played move is enumerated");
        Ok(format_move::<Igisoro>(pos, &m.choices))
    }

    /// (state, winner, reason).
    fn status(&self, py: Python<'_>) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        let pos = &self.inner;
        status_tuple(py.detach(|| explore::status::<Igisoro>(pos)))
    }

    /// One uniformly random legal move (seeded), or None if there is none.
    fn random_move(&self, py: Python<'_>, seed: u64) -> Option<PyPos> {
        let pos = &self.inner;
        py.detach(|| explore::random_move::<Igisoro>(pos, &mut Rng::new(seed))).map(|(p, _)| wrap(p))
    }

    /// Play `games` random games to the end; returns total plies played.
    /// `max_plies` bounds each game (games that reach it are cut).
    fn playouts(&self, py: Python<'_>, games: u64, seed: u64, max_plies: u64) -> u64 {
        let pos = &self.inner;
        py.detach(|| {
            let mut rng = Rng::new(seed);
            let mut total = 0;
            for _ in 0..games {
                let mut p = pos.clone();
                for _ in 0..max_plies {
                    match explore::random_move::<Igisoro>(&p, &mut rng) {
                        Some((n, _)) => p = n,
                        None => break,
                    }
                    total += 1;
                }
            }
            total
        })
    }

    /// Perft counts for depths 1..=depth: [(move sequences, distinct positions)].
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<Vec<(u64, u64)>> {
        if depth > 6 {
            return Err(to_py_err(Error::Limit(format!("perft depth must be at most 6, got {}", depth))));
        }
        let pos = &self.inner;
        Ok(py.detach(|| explore::perft::<Igisoro>(pos, depth)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.extract::<PyRef<PyPos>>().map_or(false, |o| o.inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }
}

/// Metadata of every variant: name, aliases, source, description, rule
/// options (effective values), start notation.
#[pyfunction]
fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for v in Variant::ALL {
        let d = PyDict::new(py);
        d.set_item("name", v.name())?;
        d.set_item("aliases", v.aliases().to_vec())?;
        d.set_item("source", v.source())?;
        d.set_item("description", v.description())?;
        d.set_item("rules", v.rules().all())?;
        d.set_item("start", notation::format(&Position::start(v)))?;
        out.append(d)?;
    }
    Ok(out)
}

/// Rule options: [(name, kind, allowed values or range, description)].
#[pyfunction]
fn rule_options(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let out = PyList::empty(py);
    for (name, kind, doc) in OPTIONS {
        let d = PyDict::new(py);
        d.set_item("name", *name)?;
        d.set_item("description", *doc)?;
        match kind {
            OptionKind::Bool => d.set_item("kind", "bool")?,
            OptionKind::Int { min, max } => {
                d.set_item("kind", "int")?;
                d.set_item("min", *min)?;
                d.set_item("max", *max)?;
            }
            OptionKind::Choice(values) => {
                d.set_item("kind", "choice")?;
                d.set_item("values", values.to_vec())?;
            }
            OptionKind::Pits => d.set_item("kind", "pits")?,
        }
        out.append(d)?;
    }
    Ok(out)
}

#[pymodule]
fn _igisoro(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyPos>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(rule_options, m)?)?;
    m.add("IgisoroError", py.get_type::<IgisoroError>())?;
    m.add("InvalidNotationError", py.get_type::<InvalidNotationError>())?;
    m.add("InvalidPositionError", py.get_type::<InvalidPositionError>())?;
    m.add("UnknownVariantError", py.get_type::<UnknownVariantError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidLimitError", py.get_type::<InvalidLimitError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
