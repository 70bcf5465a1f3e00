//! What the position notations of every rule system share: the syntax
//! error, the parse error around it, the count token, and the shape of a
//! line (`variant board side key=value...`).

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

/// The parts every position notation shares: `variant board side` and then
/// `key=value` fields, each key at most once. `rows` holds the board's rows
/// as the caller's `row` parser read them, in order.
pub(crate) struct Line<'a, R> {
    pub variant: &'a str,
    pub rows: Vec<R>,
    /// `s` or `n`.
    pub side: &'a str,
    /// `(field, key, value)` in the order given.
    pub fields: Vec<(&'a str, &'a str, &'a str)>,
}

/// Split a notation line into its shared parts. The board must have
/// `n_rows` rows separated by `/` (`rows_reason` says so otherwise); each row
/// is read by `row`. Errors come in reading order, each naming its part.
pub(crate) fn split_line<'a, E, R>(
    text: &'a str,
    n_rows: usize,
    rows_reason: &str,
    row: impl Fn(&str) -> Result<R, ParseError<E>>,
) -> Result<Line<'a, R>, ParseError<E>> {
    let mut parts = text.split(' ');
    let variant =
        parts.next().filter(|v| !v.is_empty()).ok_or_else(|| syntax(text, "expected a variant name first"))?;
    let board = parts.next().ok_or_else(|| syntax(text, "expected the board after the variant"))?;
    let texts: Vec<&str> = board.split('/').collect();
    if texts.len() != n_rows {
        return Err(syntax(board, rows_reason));
    }
    let rows = texts.into_iter().map(row).collect::<Result<Vec<R>, _>>()?;
    let side = parts.next().ok_or_else(|| syntax(text, "expected the side to move ('s' or 'n') after the board"))?;
    if side != "s" && side != "n" {
        return Err(syntax(side, "the side to move must be 's' or 'n'"));
    }
    let mut fields: Vec<(&str, &str, &str)> = Vec::new();
    for field in parts {
        let (k, v) = field.split_once('=').ok_or_else(|| syntax(field, "expected key=value"))?;
        if fields.iter().any(|&(_, seen, _)| seen == k) {
            return Err(syntax(field, "this key is given twice"));
        }
        fields.push((field, k, v));
    }
    Ok(Line { variant, rows, side, fields })
}

/// One board row: counts separated by `,`, as many as `len` allows
/// (`reason` says how many otherwise), each at most `max_digits` digits.
pub(crate) fn count_row<E>(
    row: &str,
    len: std::ops::RangeInclusive<usize>,
    reason: &str,
    max_digits: usize,
) -> Result<Vec<i64>, ParseError<E>> {
    let cells: Vec<&str> = row.split(',').collect();
    if !len.contains(&cells.len()) {
        return Err(syntax(row, reason));
    }
    cells
        .into_iter()
        .map(|c| {
            parse_count(c, max_digits)
                .map(i64::from)
                .ok_or_else(|| syntax(c, "a count must be a decimal number without sign or leading zeros"))
        })
        .collect()
}
