//! The text notation of 4x8 positions, a FEN-like single line:
//!
//! ```text
//! notation := variant " " board " " side ( " " field )*
//! board    := row "/" row "/" row "/" row    ; row 4 (North outer) first, row 1 last
//! row      := count ( "," count ){7}          ; columns a..h
//! count    := "0" | [1-9][0-9]*               ; 0..=64
//! side     := "s" | "n"                       ; side to move
//! field    := key "=" value
//!             ; opening=<plies left>  winner=s|n  and any rule option,
//!             ; e.g. capture=obligatory  reverse_pits=a1,b2
//! ```
//!
//! The formatter writes `opening` when it is not 0, `winner` when set, and
//! each rule option that differs from the variant's default, always in that
//! order, so `parse(format(p)) == p` and equal positions format equally.
//! Example, the `igisoro` start:
//! `igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4`

use super::position::{Position, PositionError, Setup};
use super::rules::OPTIONS;
use super::variant::{UnknownVariant, Variant};
use std::fmt::Write;

pub use crate::notation_syntax::NotationError;
use crate::notation_syntax::{count_row, split_line, syntax};

/// Either the text is not notation, or it describes an invalid position.
pub type ParseError = crate::notation_syntax::ParseError<PositionError>;

/// Parse the text notation (see the module docs for the grammar).
pub fn parse(text: &str) -> Result<Position, ParseError> {
    let line = split_line(text, 4, "the board must be 4 rows separated by '/'", |row| {
        count_row(row, 8..=8, "a row must be 8 counts separated by ','", 3)
    })?;
    let mut rules: Vec<(&str, &str)> = Vec::new();
    let mut opening_plies = 0;
    let mut winner = None;
    for (field, k, v) in line.fields {
        match k {
            "opening" => {
                opening_plies =
                    v.parse::<u8>().map_err(|_| syntax(field, "opening takes the number of opening plies left"))?
            }
            "winner" => {
                if v != "s" && v != "n" {
                    return Err(syntax(field, "winner must be 's' or 'n'"));
                }
                winner = Some(v);
            }
            _ if OPTIONS.iter().any(|(n, _, _)| *n == k) => rules.push((k, v)),
            _ => return Err(syntax(field, "unknown key: expected opening, winner or a rule option")),
        }
    }
    // The text the syntax left open is read after it, in validation's order.
    let invalid = ParseError::Invalid;
    let variant: Variant = line.variant.parse().map_err(|e: UnknownVariant| invalid(e.into()))?;
    let setup =
        Setup::from_text(variant, &rules, line.rows, line.side, opening_plies.into(), winner).map_err(invalid)?;
    Position::from_setup(&setup).map_err(invalid)
}

/// Format a position in the text notation (canonical: see module docs).
pub fn format(p: &Position) -> String {
    // One buffer, no intermediate strings: positions are written out on hot
    // paths (every result of a legal-move list in the HTTP API).
    let mut out = String::with_capacity(96);
    let mut digits = itoa::Buffer::new();
    out.push_str(p.variant.name());
    for (i, row) in p.picture().iter().enumerate() {
        out.push(if i == 0 { ' ' } else { '/' });
        for (j, v) in row.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push_str(digits.format(*v));
        }
    }
    out.push(' ');
    out.push(p.to_move.letter());
    if p.opening_plies > 0 {
        let _ = write!(out, " opening={}", p.opening_plies);
    }
    if let Some(w) = p.winner {
        let _ = write!(out, " winner={}", w.letter());
    }
    for r in p.rule_overrides() {
        let _ = write!(out, " {}={}", r.name(), r.value());
    }
    out
}
