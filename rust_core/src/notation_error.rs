//! The syntax error shared by every position notation.

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
