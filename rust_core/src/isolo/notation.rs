//! The text notation of Isolo positions, a FEN-like single line, and the
//! kucheleka token:
//!
//! ```text
//! notation := variant " " board " " side ( " " field )*
//! board    := row "/" row                   ; North's row first, then South's
//! row      := count ( "," count ){n-1}      ; n = 4..8 holes, column order a..
//! count    := "0" | [1-9][0-9]*             ; 0..=30000
//! side     := "s" | "n"                     ; side to move
//! field    := "phase=" ( "fore_play" | "kucheleka" | "main" )
//!           | option "=" value              ; a rule option, e.g. holes=6
//! ```
//!
//! Rows are written in column order, left to right as South sees the board,
//! so opposite holes stand in the same place: North's row reads North's
//! holes n..1, South's reads South's holes 1..n. The number of holes is the
//! length of the rows (a `holes=` field, if given, must agree). The
//! formatter writes `phase` when it is not `fore_play` and each rule option
//! other than `holes` that differs from the variant's default, always in
//! that order, so `parse(format(p)) == p` and equal positions format equally.
//! Example, the start: `isolo 2,2,2,2/2,2,2,2 s`.
//!
//! Kucheleka token: `k` followed by the arranger's counts in column order
//! joined by `.`, e.g. `k3.0.5.2` (see `kucheleka::Arrangement`).

use super::geometry::{MAX_HOLES, MIN_HOLES};
use super::kucheleka::Arrangement;
use super::position::{Phase, Position, PositionError, Setup, MAX_TOTAL};
use super::rules::{RuleSetting, OPTIONS};
use super::variant::{UnknownVariant, Variant};

pub use crate::notation_syntax::NotationError;
use crate::notation_syntax::{count_row, parse_count, split_line, syntax};

/// Either the text is not notation, or it describes an invalid position.
pub type ParseError = crate::notation_syntax::ParseError<PositionError>;

/// Parse the text notation (see the module docs for the grammar).
pub fn parse(text: &str) -> Result<Position, ParseError> {
    let line = split_line(text, 2, "the board must be 2 rows (North's, then South's) separated by '/'", |row| {
        count_row(row, MIN_HOLES..=MAX_HOLES, "a row must be 4 to 8 counts separated by ','", 5)
    })?;
    let mut rules: Vec<(&str, &str)> = Vec::new();
    let mut phase = Phase::ForePlay.name();
    for (field, k, v) in line.fields {
        match k {
            "phase" => phase = v,
            _ if OPTIONS.iter().any(|(n, _, _)| *n == k) => rules.push((k, v)),
            _ => return Err(syntax(field, "unknown key: expected phase or a rule option")),
        }
    }
    // The text the syntax left open is read after it, in validation's order.
    let invalid = ParseError::Invalid;
    let variant: Variant = line.variant.parse().map_err(|e: UnknownVariant| invalid(e.into()))?;
    let setup = Setup::from_text(variant, &rules, line.rows, line.side, phase).map_err(invalid)?;
    Position::from_setup(&setup).map_err(invalid)
}

/// Format a position in the text notation (canonical: see module docs).
pub fn format(p: &Position) -> String {
    let rows: Vec<String> =
        p.picture().iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")).collect();
    let mut out = format!("{} {} {}", p.variant().name(), rows.join("/"), p.to_move().letter());
    if p.phase() != Phase::ForePlay {
        out += &format!(" phase={}", p.phase().name());
    }
    for r in p.rule_overrides() {
        if !matches!(r, RuleSetting::Holes(_)) {
            out += &format!(" {}={}", r.name(), r.value());
        }
    }
    out
}

/// Parse a kucheleka token (`k3.0.5.2`) for a board of `n` holes per row.
/// Checks syntax and the number of holes; the seed total is a legality
/// question, checked where the arrangement is played.
pub fn parse_arrangement(token: &str, n: usize) -> Result<Arrangement, NotationError> {
    let err = |reason: String| NotationError { part: token.to_string(), reason };
    let body = token.strip_prefix('k').ok_or_else(|| err("an arrangement starts with 'k'".into()))?;
    let parts: Vec<&str> = body.split('.').collect();
    if parts.len() != n {
        return Err(err(format!("an arrangement has {} counts separated by '.', got {}", n, parts.len())));
    }
    let mut cols = Vec::with_capacity(n);
    for c in parts {
        let v = parse_count(c, 5)
            .filter(|&v| v <= MAX_TOTAL)
            .ok_or_else(|| err(format!("'{}' is not a count from 0 to {}", c, MAX_TOTAL)))?;
        cols.push(v as u16);
    }
    Ok(Arrangement::from_columns(&cols).expect("n is valid"))
}

/// Serialise a position as the JSON form (every key written; `rules` holds
/// the options that differ from the variant's defaults, `holes` included,
/// so that `pits` and `rules` agree). Hand-written because the crate has no
/// JSON dependency; the binding may build the same shape from [`Setup`].
pub fn to_json(p: &Position) -> String {
    let s = p.to_setup();
    let rules: Vec<String> = s
        .rules
        .iter()
        .map(|r| match r {
            RuleSetting::Holes(n) => format!("\"{}\": {}", r.name(), n),
        })
        .collect();
    let rows: Vec<String> = s
        .pits
        .iter()
        .map(|r| format!("[{}]", r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")))
        .collect();
    format!(
        "{{\"variant\": \"{}\", \"rules\": {{{}}}, \"pits\": [{}], \"to_move\": \"{}\", \"phase\": \"{}\"}}",
        s.variant.name(),
        rules.join(", "),
        rows.join(", "),
        s.to_move.name(),
        s.phase.name()
    )
}
