//! The text notation of Omweso positions: the 4x8 family's line
//! (`docs/NOTATION.md`) with the phase as a field.
//!
//! ```text
//! notation := variant " " board " " side ( " " field )*
//! field    := "phase=setup" | "winner=" ("s"|"n") | option "=" value
//! ```
//!
//! The formatter writes `phase=setup` in the set-up (the sowing phase is the
//! default, as in the JSON form), `winner` when set, then each rule option
//! that differs from the variant's, in that order, so `parse(format(p)) == p`.
//! Example, the start: `omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup`.

use super::position::{Phase, Position, PositionError, Setup};
use super::rules::OPTIONS;
use super::variant::{UnknownVariant, Variant};
use crate::notation_syntax::{count_row, split_line, syntax};
use std::fmt::Write;

/// Either the text is not notation, or it describes an invalid position.
pub type ParseError = crate::notation_syntax::ParseError<PositionError>;

/// Parse the text notation (see the module docs).
pub fn parse(text: &str) -> Result<Position, ParseError> {
    let line = split_line(text, 4, "the board must be 4 rows separated by '/'", |row| {
        count_row(row, 8..=8, "a row must be 8 counts separated by ','", 3)
    })?;
    let mut rules: Vec<(&str, &str)> = Vec::new();
    let mut phase = Phase::Play.name();
    let mut winner = None;
    for (field, k, v) in line.fields {
        match k {
            "phase" => phase = v,
            "winner" => {
                winner = Some(match v {
                    "s" => "south",
                    "n" => "north",
                    _ => return Err(syntax(field, "winner must be 's' or 'n'")),
                })
            }
            _ if OPTIONS.iter().any(|(n, _, _)| *n == k) => rules.push((k, v)),
            _ => return Err(syntax(field, "unknown key: expected phase, winner or a rule option")),
        }
    }
    let invalid = ParseError::Invalid;
    let variant: Variant = line.variant.parse().map_err(|e: UnknownVariant| invalid(PositionError::Setup(e.into())))?;
    let side = if line.side == "s" { "south" } else { "north" };
    let setup = Setup::from_text(variant, &rules, line.rows, side, phase, winner).map_err(invalid)?;
    Position::from_setup(&setup).map_err(invalid)
}

/// Format a position in the text notation (canonical: see the module docs).
pub fn format(p: &Position) -> String {
    let mut out = String::with_capacity(96);
    out.push_str(p.variant.name());
    for (i, row) in p.picture().iter().enumerate() {
        out.push(if i == 0 { ' ' } else { '/' });
        let cells: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        out.push_str(&cells.join(","));
    }
    out.push(' ');
    out.push(p.to_move.letter());
    if p.phase == Phase::Setup {
        out.push_str(" phase=setup");
    }
    if let Some(w) = p.winner {
        let _ = write!(out, " winner={}", w.letter());
    }
    for r in p.rule_overrides() {
        let _ = write!(out, " {}={}", r.name(), r.value());
    }
    out
}
