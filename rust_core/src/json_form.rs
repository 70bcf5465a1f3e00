//! Positions in their JSON form, written straight to text.
//!
//! Why in Rust: the HTTP API's legal-move list shows every resulting
//! position in both forms. Building a Python dict per position and encoding
//! it cost more than enumerating the moves (see BENCHMARKS.md, "HTTP API
//! under load"), so the core writes the list's JSON in one call. The text is
//! byte for byte what Python's `Position.to_json()` encodes to with compact
//! separators and keys in order (orjson, the service's encoder); a Python
//! test compares the two on random positions of every variant.

use crate::board4x8::rules::OptionKind;
use std::fmt::Write;

/// A state field of the JSON form beyond the board and side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    Int(i64),
    /// `None` is written as `null`.
    Text(Option<String>),
}

/// A position's JSON form, in its key order: `variant`, `rules` (the
/// overrides of the variant's defaults), `pits`, `to_move`, then the
/// variant's state fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub variant: String,
    /// Rule overrides as (option, text value), as the core keeps them.
    pub rules: Vec<(String, String)>,
    /// The rule system's options, for each value's JSON type.
    pub options: &'static [(&'static str, OptionKind, &'static str)],
    pub pits: Vec<Vec<i64>>,
    pub to_move: String,
    pub extra: Vec<(&'static str, Extra)>,
}

/// Append `s` as a JSON string, escaped as orjson escapes it (quote,
/// backslash and control characters; other characters as they are).
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Append an option's text value as its JSON type: `true`/`false`, a
/// number, a list of pit names, or a string.
fn write_rule_value(out: &mut String, kind: Option<&OptionKind>, text: &str) {
    match kind {
        Some(OptionKind::Bool) => out.push_str(if text == "true" { "true" } else { "false" }),
        Some(OptionKind::Int { .. }) => match text.parse::<i64>() {
            Ok(n) => out.push_str(itoa::Buffer::new().format(n)),
            Err(_) => write_str(out, text),
        },
        Some(OptionKind::Pits) => {
            out.push('[');
            for (i, pit) in text.split(',').filter(|p| !p.is_empty()).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, pit);
            }
            out.push(']');
        }
        Some(OptionKind::Choice(_)) | None => write_str(out, text),
    }
}

impl Form {
    /// Append the JSON object.
    pub fn write(&self, out: &mut String) {
        out.push_str("{\"variant\":");
        write_str(out, &self.variant);
        out.push_str(",\"rules\":{");
        for (i, (name, value)) in self.rules.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_str(out, name);
            out.push(':');
            let kind = self.options.iter().find(|(n, _, _)| n == name).map(|(_, k, _)| k);
            write_rule_value(out, kind, value);
        }
        out.push_str("},\"pits\":[");
        let mut digits = itoa::Buffer::new();
        for (i, row) in self.pits.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('[');
            for (j, n) in row.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                out.push_str(digits.format(*n));
            }
            out.push(']');
        }
        out.push_str("],\"to_move\":");
        write_str(out, &self.to_move);
        for (name, value) in &self.extra {
            out.push(',');
            write_str(out, name);
            out.push(':');
            match value {
                Extra::Int(n) => out.push_str(digits.format(*n)),
                Extra::Text(Some(t)) => write_str(out, t),
                Extra::Text(None) => out.push_str("null"),
            }
        }
        out.push('}');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::{self as b4, rules::OPTIONS};

    #[test]
    fn strings_are_escaped_like_json() {
        let mut s = String::new();
        write_str(&mut s, "a\"b\\c\nd\u{1}é");
        assert_eq!(s, "\"a\\\"b\\\\c\\nd\\u0001é\"");
    }

    #[test]
    fn a_start_position_with_overrides() {
        let p = b4::Position::start(b4::Variant::Igisoro);
        let setup = p.to_setup();
        let form = Form {
            variant: setup.variant,
            rules: vec![
                ("retreat".into(), "false".into()),
                ("min_seeds".into(), "1".into()),
                ("reverse_pits".into(), "a1,b2".into()),
                ("capture".into(), "obligatory".into()),
            ],
            options: OPTIONS,
            pits: vec![vec![0, 1], vec![2]],
            to_move: "south".into(),
            extra: vec![("opening_plies", Extra::Int(4)), ("winner", Extra::Text(None))],
        };
        let mut s = String::new();
        form.write(&mut s);
        assert_eq!(
            s,
            "{\"variant\":\"igisoro\",\"rules\":{\"retreat\":false,\"min_seeds\":1,\
             \"reverse_pits\":[\"a1\",\"b2\"],\"capture\":\"obligatory\"},\"pits\":[[0,1],[2]],\
             \"to_move\":\"south\",\"opening_plies\":4,\"winner\":null}"
        );
    }
}
