//! What the position notations of every rule system share: the syntax
//! error, the parse error around it, and the count token.

use std::fmt;

/// A notation that cannot be read. `part` is the offending piece of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub part: String,
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.part, self.reason)
    }
}

/// Either the text is not notation, or it describes an invalid position
/// (`E`: the rule system's position error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError<E> {
    Syntax(NotationError),
    Invalid(E),
}

impl<E: fmt::Display> fmt::Display for ParseError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax(e) => e.fmt(f),
            ParseError::Invalid(e) => e.fmt(f),
        }
    }
}

/// A syntax error at `part`.
pub(crate) fn syntax<E>(part: &str, reason: &str) -> ParseError<E> {
    ParseError::Syntax(NotationError { part: part.to_string(), reason: reason.to_string() })
}

/// A count token: decimal digits, no sign, no leading zeros, at most
/// `max_digits` digits (so it cannot overflow; the range is validation's
/// business, which names the pit).
pub(crate) fn parse_count(c: &str, max_digits: usize) -> Option<u32> {
    let ok = !c.is_empty()
        && c.len() <= max_digits
        && c.bytes().all(|b| b.is_ascii_digit())
        && (c == "0" || !c.starts_with('0'));
    ok.then(|| c.parse().expect("at most 9 digits"))
}
