//! Every error the engine reports to a caller, as one enum.
//!
//! The rule modules have their own precise errors (a bad pit count, an
//! illegal decision); this is the form they reach a caller in, with the
//! input named in the message. A refused position keeps its rule family's
//! typed error ([`PositionError`]), so a caller can tell which field or pit
//! is wrong without reading the message. The Python binding maps each
//! variant to one exception type in a single exhaustive match, so a new
//! kind of error forces a decision there (the polars / tiktoken pattern).
//!
//! This module sits low in the core: it imports the rule modules' own
//! errors and nothing above them (no dispatch, search, JSON form or budget).

use crate::board4x8::position::PositionError as Board4x8Error;
use crate::board4x8::variant::Variant as Board4x8Variant;
use crate::game::PlayError;
use crate::isolo::position::PositionError as IsoloError;
use crate::isolo::variant::Variant as IsoloVariant;
use crate::moves::MoveSyntaxError;
use crate::omweso::arrangement::ArrangeError;
use crate::omweso::variant::Variant as OmwesoVariant;
use crate::setup_checks::SetupError;
use std::fmt;

/// An engine error, the offending input named.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// A setup that is not a valid position (the rule module's reason).
    Position(PositionError),
    /// A variant name that is not known.
    UnknownVariant(String),
    /// Text that is not position notation.
    Notation { text: String, detail: String },
    /// Text that is not move notation.
    MoveSyntax(MoveSyntaxError),
    /// A move that cannot be played here (or whose checking was interrupted).
    Play { mv: String, pos: String, err: PlayError },
    /// An Omweso set-up move (an arrangement) refused, or a move that is not
    /// one in the set-up phase: its own kind so that a caller gets the
    /// doc's error code ([`ArrangeError::code`]) without reading the message.
    Arrangement { mv: String, pos: String, err: ArrangeError },
    /// A bound or limit out of range.
    Limit(String),
    /// A time limit ran out before the answer was settled.
    Timeout { what: String, seconds: f64 },
}

/// The offending value of an input, in its JSON type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorValue {
    Int(i64),
    Text(String),
}

/// A JSON form that does not read (a field of the wrong JSON type, an
/// unknown or missing field, text that is not JSON), before any rule
/// family sees it: the field it concerns and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormError {
    /// The JSON field (`pits`, `to_move`, `rules.min_seeds`, ...), if one.
    pub field: Option<String>,
    /// `(row, column)` in the `pits` picture, for one bad count.
    pub pit: Option<(usize, usize)>,
    pub message: String,
}

impl FormError {
    /// An error about the whole input (not JSON, not an object).
    pub fn whole(message: String) -> FormError {
        FormError { field: None, pit: None, message }
    }
    /// An error about one field.
    pub fn field(field: impl Into<String>, message: String) -> FormError {
        FormError { field: Some(field.into()), pit: None, message }
    }
}

/// Why a setup is not a position: the rule family's own typed error (or
/// the JSON reader's), which names the field, the pit and the value it
/// concerns ([`PositionError::field`], [`PositionError::pit`],
/// [`PositionError::value`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A 4x8 setup the rules refuse.
    Board4x8(Board4x8Error),
    /// An Isolo setup the rules refuse.
    Isolo(IsoloError),
    /// A JSON form that does not read.
    Form(FormError),
    /// One of the above, in a position given as text notation: the same
    /// field, pit and value, but no JSON path ([`PositionError::path`]).
    InNotation(Box<PositionError>),
}

/// The field a shared setup error concerns.
fn setup_field(e: &SetupError) -> String {
    match e {
        SetupError::UnknownVariant(_) => "variant".into(),
        SetupError::UnknownOption(o) => format!("rules.{}", o),
        SetupError::BadOptionValue { option, .. } => format!("rules.{}", option),
        SetupError::BadSide(_) => "to_move".into(),
    }
}

/// The value a shared setup error concerns.
fn setup_value(e: &SetupError) -> Option<ErrorValue> {
    match e {
        SetupError::UnknownVariant(v) => Some(ErrorValue::Text(v.clone())),
        SetupError::UnknownOption(_) => None,
        SetupError::BadOptionValue { value, .. } => Some(ErrorValue::Text(value.clone())),
        SetupError::BadSide(s) => Some(ErrorValue::Text(s.clone())),
    }
}

impl PositionError {
    /// The field of the JSON form the error concerns: `variant`, `pits`,
    /// `to_move`, `rules.<option>`, `opening_plies`, `winner`, `phase`;
    /// `None` for an error about the whole input.
    pub fn field(&self) -> Option<String> {
        match self {
            PositionError::Board4x8(e) => Some(match e {
                Board4x8Error::PitShape(_) | Board4x8Error::BadCount { .. } | Board4x8Error::SeedTotal { .. } => {
                    "pits".into()
                }
                Board4x8Error::Setup(s) => setup_field(s),
                Board4x8Error::StateOutOfRange { field, .. } => field.clone(),
            }),
            PositionError::Isolo(e) => Some(match e {
                IsoloError::PitShape(_) | IsoloError::BadCount { .. } | IsoloError::SeedTotal { .. } => "pits".into(),
                IsoloError::Setup(s) => setup_field(s),
                IsoloError::BadPhase(_) | IsoloError::PhaseMismatch { .. } => "phase".into(),
            }),
            PositionError::Form(e) => e.field.clone(),
            PositionError::InNotation(e) => e.field(),
        }
    }

    /// The pit a bad count is in: `(row, column)` indexes of the `pits`
    /// picture as given (row 0 is the picture's first row).
    pub fn pit(&self) -> Option<(usize, usize)> {
        match self {
            PositionError::Board4x8(Board4x8Error::BadCount { at, .. }) => Some(*at),
            PositionError::Isolo(IsoloError::BadCount { at, .. }) => Some(*at),
            PositionError::Board4x8(_) | PositionError::Isolo(_) => None,
            PositionError::Form(e) => e.pit,
            PositionError::InNotation(e) => e.pit(),
        }
    }

    /// The offending value, where one is meaningful: a pit's count, the
    /// board's total, the side, phase, variant or option value as given.
    pub fn value(&self) -> Option<ErrorValue> {
        match self {
            PositionError::Board4x8(e) => match e {
                Board4x8Error::BadCount { value, .. } => Some(ErrorValue::Int(*value)),
                Board4x8Error::SeedTotal { found, .. } => Some(ErrorValue::Int(*found)),
                Board4x8Error::Setup(s) => setup_value(s),
                Board4x8Error::PitShape(_) | Board4x8Error::StateOutOfRange { .. } => None,
            },
            PositionError::Isolo(e) => match e {
                IsoloError::BadCount { value, .. } => Some(ErrorValue::Int(*value)),
                IsoloError::SeedTotal { found, .. } => Some(ErrorValue::Int(*found)),
                IsoloError::Setup(s) => setup_value(s),
                IsoloError::BadPhase(p) | IsoloError::PhaseMismatch { phase: p, .. } => {
                    Some(ErrorValue::Text(p.clone()))
                }
                IsoloError::PitShape(_) => None,
            },
            PositionError::Form(_) => None,
            PositionError::InNotation(e) => e.value(),
        }
    }

    /// The JSON path of the bad part inside the position's JSON form:
    /// `pits[2][3]`, `pits`, `to_move`, `rules.min_seeds`; `None` for an
    /// error about the whole input or a position given as notation.
    pub fn path(&self) -> Option<String> {
        if let PositionError::InNotation(_) = self {
            return None;
        }
        let field = self.field()?;
        Some(match self.pit() {
            Some((r, c)) if field == "pits" => format!("pits[{}][{}]", r, c),
            _ => field,
        })
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Board4x8(e) => e.fmt(f),
            PositionError::Isolo(e) => e.fmt(f),
            PositionError::Form(e) => f.write_str(&e.message),
            PositionError::InNotation(e) => e.fmt(f),
        }
    }
}

impl From<Board4x8Error> for Error {
    fn from(e: Board4x8Error) -> Error {
        Error::Position(PositionError::Board4x8(e))
    }
}

impl From<IsoloError> for Error {
    fn from(e: IsoloError) -> Error {
        Error::Position(PositionError::Isolo(e))
    }
}

impl From<FormError> for Error {
    fn from(e: FormError) -> Error {
        Error::Position(PositionError::Form(e))
    }
}

/// What an error says about the input beyond its message: the field, the
/// pit (row and column of the `pits` picture), the value and the JSON path
/// it concerns, where they apply (the attributes of the Python exceptions).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorParts {
    pub field: Option<String>,
    pub pit: Option<(usize, usize)>,
    pub value: Option<ErrorValue>,
    pub path: Option<String>,
    /// The error code of an arrangement refused (`wrong_total`, ...;
    /// `docs/OMWESO.md`, "Set-up errors"), None for every other error.
    pub code: Option<&'static str>,
}

impl Error {
    /// The parts of the input this error concerns (see [`ErrorParts`]).
    pub fn parts(&self) -> ErrorParts {
        let text = |t: &str| Some(ErrorValue::Text(t.to_string()));
        match self {
            Error::UnknownVariant(v) => {
                ErrorParts { field: Some("variant".into()), value: text(v), ..Default::default() }
            }
            Error::Position(p) => {
                ErrorParts { field: p.field(), pit: p.pit(), value: p.value(), path: p.path(), code: None }
            }
            Error::Notation { text: t, .. } => ErrorParts { value: text(t), ..Default::default() },
            Error::Play { err: PlayError::Interrupted, .. } => ErrorParts::default(),
            Error::Play { mv, .. } => ErrorParts { value: text(mv), ..Default::default() },
            Error::Arrangement { mv, err, .. } => {
                // The offending value: the count or side at fault, else the move.
                let value = match err {
                    ArrangeError::WrongTotal { found, .. } => Some(ErrorValue::Int(*found)),
                    ArrangeError::NegativeCount(v) => Some(ErrorValue::Int(*v)),
                    ArrangeError::WrongSide { given, .. } => text(given),
                    _ => text(mv),
                };
                ErrorParts { value, code: Some(err.code()), ..Default::default() }
            }
            Error::MoveSyntax(_) | Error::Limit(_) | Error::Timeout { .. } => ErrorParts::default(),
        }
    }

    /// The kind of error, as the problem types name them (`illegal-move`,
    /// `invalid-notation`, `invalid-position`, `unknown-variant`,
    /// `invalid-limit`, `engine-timeout`): what a JSON answer that reports
    /// an error beside a result (a review's illegal move) writes with its
    /// message.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::UnknownVariant(_) => "unknown-variant",
            Error::Position(_) => "invalid-position",
            Error::Notation { .. } | Error::MoveSyntax(_) => "invalid-notation",
            Error::Play { err: PlayError::Interrupted, .. } | Error::Timeout { .. } => "engine-timeout",
            Error::Play { .. } | Error::Arrangement { .. } => "illegal-move",
            Error::Limit(_) => "invalid-limit",
        }
    }

    /// A position error found in text notation (see [`PositionError::InNotation`]).
    pub fn in_notation(self) -> Error {
        match self {
            Error::Position(p @ PositionError::InNotation(_)) => Error::Position(p),
            Error::Position(p) => Error::Position(PositionError::InNotation(Box::new(p))),
            e => e,
        }
    }
}

/// Every variant name, for the message of [`Error::UnknownVariant`]: the
/// 4x8 family's, then Isolo's, then Omweso's (the order of
/// `any_position::variants`).
fn all_variant_names() -> String {
    let four = Board4x8Variant::ALL.into_iter().map(Board4x8Variant::name);
    let two = IsoloVariant::ALL.into_iter().map(IsoloVariant::name);
    let omweso = OmwesoVariant::ALL.into_iter().map(OmwesoVariant::name);
    four.chain(two).chain(omweso).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownVariant(v) => {
                write!(f, "unknown variant '{}': expected one of {}", v, all_variant_names())
            }
            Error::Position(p) => write!(f, "invalid position: {}", p),
            Error::Notation { text, detail } => write!(f, "invalid notation {:?}: {}", text, detail),
            Error::MoveSyntax(m) => write!(f, "{}", m),
            Error::Play { err: PlayError::Interrupted, pos, mv } => {
                write!(f, "move '{}' in {}: {}", mv, pos, PlayError::Interrupted)
            }
            Error::Play { mv, pos, err } => write!(f, "illegal move '{}' in {}: {}", mv, pos, err),
            Error::Arrangement { mv, pos, err } => write!(f, "illegal move '{}' in {}: {}", mv, pos, err),
            Error::Limit(s) => write!(f, "{}", s),
            Error::Timeout { what, seconds } => write!(
                f,
                "{} did not finish within the time limit of {} s (the turn graph of this position is too large)",
                what, seconds
            ),
        }
    }
}

impl std::error::Error for Error {}
