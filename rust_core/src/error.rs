//! Every error the engine reports to a caller, as one enum.
//!
//! The rule modules have their own precise errors (a bad pit count, an
//! illegal decision); this is the form they reach a caller in, with the
//! input named in the message. The Python binding maps each variant to one
//! exception type in a single exhaustive match, so a new kind of error
//! forces a decision there (the polars / tiktoken pattern).

use crate::explore::PlayError;
use crate::moves::MoveSyntaxError;
use std::fmt;

/// An engine error, the offending input named.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// A setup that is not a valid position (the rule module's reason).
    Position(String),
    /// A variant name that is not known.
    UnknownVariant(String),
    /// Text that is not position notation.
    Notation { text: String, detail: String },
    /// Text that is not move notation.
    MoveSyntax(MoveSyntaxError),
    /// A move that cannot be played here (or whose checking was interrupted).
    Play { mv: String, pos: String, err: PlayError },
    /// A bound or limit out of range.
    Limit(String),
    /// A time limit ran out before the answer was settled.
    Timeout { what: String, seconds: f64 },
}

/// Every variant name, for the message of [`Error::UnknownVariant`].
fn all_variant_names() -> String {
    crate::any_position::variants().iter().map(|v| v.name).collect::<Vec<_>>().join(", ")
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
