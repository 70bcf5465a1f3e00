//! Positions in their JSON form: the one reader ([`read`], text to a
//! setup, every field's JSON type checked with the field named) and the one
//! writer ([`Form::write`], straight to text), used by the Python API
//! (`Position.from_json` / `to_json`) and so by the HTTP service.
//!
//! Why the writer writes text: the HTTP API's legal-move list shows every
//! resulting position in both forms. Building a Python dict per position
//! and encoding it cost more than enumerating the moves (see
//! `docs/benchmarks/http-load.md`), so the core writes the list's JSON in one
//! call. The text is byte for byte what Python's `Position.to_json()`
//! encodes to with compact separators and keys in order (orjson, the
//! service's encoder); a Python test compares the two on random positions of
//! every variant.

use crate::any_setup::{AnySetup, Extra};
use crate::any_variant::BOARDS;
use crate::board4x8::rules::{self as b4, OptionKind};
use crate::error::{Error, FormError};
use crate::isolo::rules as iso;
use serde_json::{Map, Value};
use std::fmt::Write;

/// A position's JSON form, in its key order: `variant`, `rules` (the
/// overrides of the variant's defaults), `pits`, `to_move`, then the
/// variant's state fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub variant: String,
    /// Rule overrides in their JSON types (from the typed settings, never
    /// through text).
    pub rules: Vec<(&'static str, RuleValue)>,
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

/// Append an option's value as JSON.
pub(crate) fn write_rule_value(out: &mut String, value: &RuleValue) {
    match value {
        RuleValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        RuleValue::Int(n) => out.push_str(itoa::Buffer::new().format(*n)),
        RuleValue::Pits(names) => {
            out.push('[');
            for (i, pit) in names.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, pit);
            }
            out.push(']');
        }
        RuleValue::Text(t) => write_str(out, t),
    }
}

/// A rule option's value in its JSON type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleValue {
    Bool(bool),
    Int(i64),
    /// Pit names.
    Pits(Vec<String>),
    Text(String),
}

/// A 4x8 rule setting in its JSON type: the one place that knows which
/// option is which type, for the writer and for the Python binding alike.
impl From<b4::RuleSetting> for RuleValue {
    fn from(s: b4::RuleSetting) -> RuleValue {
        match s {
            b4::RuleSetting::MinSeeds(n) => RuleValue::Int(n.into()),
            b4::RuleSetting::Retreat(b) | b4::RuleSetting::EndPitsWin(b) => RuleValue::Bool(b),
            b4::RuleSetting::ReversePits(_) => {
                RuleValue::Pits(s.value().split(',').filter(|p| !p.is_empty()).map(String::from).collect())
            }
            b4::RuleSetting::Capture(_)
            | b4::RuleSetting::CapturedSowing(_)
            | b4::RuleSetting::Clockwise(_)
            | b4::RuleSetting::Opening(_)
            | b4::RuleSetting::Adjudicate(_) => RuleValue::Text(s.value()),
        }
    }
}

/// An Isolo rule setting in its JSON type.
impl From<iso::RuleSetting> for RuleValue {
    fn from(s: iso::RuleSetting) -> RuleValue {
        match s {
            iso::RuleSetting::Holes(n) => RuleValue::Int(n.into()),
        }
    }
}

/// An Omweso rule setting in its JSON type.
impl From<crate::omweso::rules::RuleSetting> for RuleValue {
    fn from(s: crate::omweso::rules::RuleSetting) -> RuleValue {
        use crate::omweso::rules::RuleSetting as S;
        match s {
            S::MinSeeds(n) => RuleValue::Int(n.into()),
            S::EndPitsWin(b) => RuleValue::Bool(b),
            S::ReversePits(_) => {
                RuleValue::Pits(s.value().split(',').filter(|p| !p.is_empty()).map(String::from).collect())
            }
            S::CapturedSowing(_) | S::AfterCapture(_) | S::Clockwise(_) => RuleValue::Text(s.value()),
        }
    }
}

/// The kind of a rule option of any rule system.
fn option_kind(name: &str) -> Option<&'static OptionKind> {
    BOARDS.iter().flat_map(|b| b.options().iter()).find(|(n, _, _)| *n == name).map(|(_, k, _)| k)
}

/// A JSON value as short text for a message (at most 200 characters).
fn shown(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(200) {
        Some((i, _)) => s[..i].to_string(),
        None => s,
    }
}

/// The input as a whole does not read.
fn invalid(msg: String) -> Error {
    FormError::whole(msg).into()
}

/// One count of `pits` does not read.
fn bad_pit(row: usize, col: usize, msg: String) -> Error {
    FormError { field: Some("pits".into()), pit: Some((row, col)), message: msg }.into()
}

/// One field of the input does not read.
fn bad_field(field: impl Into<String>, msg: String) -> Error {
    FormError::field(field, msg).into()
}

/// A JSON number as an integer within ±2^62, or `None` (not an integer, or
/// out of that range).
fn small_int(v: &Value) -> Option<i64> {
    v.as_i64().filter(|n| n.unsigned_abs() < 1 << 62)
}

/// The JSON form's keys.
const KEYS: [&str; 7] = ["variant", "rules", "pits", "to_move", "opening_plies", "winner", "phase"];

/// Read a position's JSON form (text) into a setup, checking each field's
/// JSON type and naming the field that is wrong. Keys: `variant` (default
/// `igisoro`), `rules` (overrides), `pits`, `to_move` (default `south`),
/// and the variant's state fields (see [`AnySetup::new`]). The position
/// itself is checked when the setup is validated.
pub fn read(text: &str) -> Result<AnySetup, Error> {
    let data: Value = serde_json::from_str(text).map_err(|e| {
        let head: String = text.chars().take(80).collect();
        invalid(format!("not JSON ({}): {:?}", e, head))
    })?;
    read_value(&data)
}

/// Read the JSON form from a value already parsed (the binding converts a
/// Python dict straight to one, so a request's body is parsed only once).
pub fn read_value(data: &Value) -> Result<AnySetup, Error> {
    let Value::Object(data) = data else {
        return Err(invalid(format!("expected a JSON object, not {}", shown(data))));
    };
    read_object(data)
}

fn read_object(data: &Map<String, Value>) -> Result<AnySetup, Error> {
    let mut unknown: Vec<&str> = data.keys().map(String::as_str).filter(|k| !KEYS.contains(k)).collect();
    if !unknown.is_empty() {
        unknown.sort_unstable();
        let names: Vec<String> = unknown.iter().map(|k| format!("{:?}", k)).collect();
        return Err(bad_field(unknown[0], format!("unknown field(s) [{}]", names.join(", "))));
    }
    let variant = match data.get("variant") {
        None => "igisoro".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => return Err(bad_field("variant", format!("variant must be a string, not {}", shown(v)))),
    };
    let rules = match data.get("rules") {
        None => Vec::new(),
        Some(Value::Object(m)) => {
            m.iter().map(|(k, v)| option_text(k, v).map(|t| (k.clone(), t))).collect::<Result<_, _>>()?
        }
        Some(v) => return Err(bad_field("rules", format!("rules must be an object, not {}", shown(v)))),
    };
    let pits = match data.get("pits") {
        None => return Err(bad_field("pits", "missing field 'pits'".into())),
        Some(v) => read_pits(v)?,
    };
    let to_move = match data.get("to_move") {
        None => "south".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => return Err(bad_field("to_move", format!("to_move must be 'south' or 'north', not {}", shown(v)))),
    };
    let mut state = Vec::new();
    if let Some(v) = data.get("opening_plies") {
        let n = small_int(v)
            .ok_or_else(|| bad_field("opening_plies", format!("opening_plies must be an integer, not {}", shown(v))))?;
        state.push(("opening_plies".to_string(), Extra::Int(n)));
    }
    match data.get("winner") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => state.push(("winner".to_string(), Extra::Text(Some(s.clone())))),
        Some(v) => {
            return Err(bad_field("winner", format!("winner must be null, 'south' or 'north', not {}", shown(v))))
        }
    }
    match data.get("phase") {
        None => {}
        Some(Value::String(s)) => state.push(("phase".to_string(), Extra::Text(Some(s.clone())))),
        Some(v) => return Err(bad_field("phase", format!("phase must be a string, not {}", shown(v)))),
    }
    AnySetup::new(variant, rules, pits, to_move, state)
}

/// A rule option's JSON value to the core's text form, checking its type.
fn option_text(name: &str, value: &Value) -> Result<String, Error> {
    let Some(kind) = option_kind(name) else {
        return Err(bad_field(format!("rules.{}", name), format!("unknown rule option {:?}", name)));
    };
    let text = match (kind, value) {
        (OptionKind::Bool, Value::Bool(b)) => Some(b.to_string()),
        (OptionKind::Int { .. }, Value::Number(n)) if n.is_i64() || n.is_u64() => Some(n.to_string()),
        (OptionKind::Choice(_), Value::String(s)) => Some(s.clone()),
        (OptionKind::Pits, Value::Array(items)) => items
            .iter()
            .map(|p| p.as_str().filter(|s| !s.is_empty()))
            .collect::<Option<Vec<&str>>>()
            .map(|names| names.join(",")),
        _ => None,
    };
    text.ok_or_else(|| {
        let expected = match kind {
            OptionKind::Bool => "true or false",
            OptionKind::Int { .. } => "an integer",
            OptionKind::Choice(_) => "a string",
            OptionKind::Pits => "a list of pit names",
        };
        bad_field(
            format!("rules.{}", name),
            format!("rule option {:?} must be {}, not {}", name, expected, shown(value)),
        )
    })
}

/// The board picture: a list of rows of non-negative counts (the shape and
/// the counts' range are the rule system's to check).
fn read_pits(v: &Value) -> Result<Vec<Vec<i64>>, Error> {
    let rows = match v {
        Value::Array(rows) if rows.iter().all(Value::is_array) => rows,
        _ => return Err(bad_field("pits", format!("pits must be a list of rows, not {}", shown(v)))),
    };
    let mut pits = Vec::with_capacity(rows.len());
    for (k, row) in rows.iter().enumerate() {
        let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
        let mut out = Vec::with_capacity(row.len());
        for (c, n) in row.iter().enumerate() {
            match n {
                Value::Number(num) if num.is_i64() || num.is_u64() => match small_int(n) {
                    Some(x) => out.push(x),
                    None => return Err(bad_pit(k, c, format!("pits[{}][{}] = {} is out of range", k, c, num))),
                },
                _ => {
                    return Err(bad_pit(
                        k,
                        c,
                        format!("pits[{}][{}] is {}, but a count must be a non-negative integer", k, c, shown(n)),
                    ))
                }
            }
        }
        pits.push(out);
    }
    Ok(pits)
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
            write_rule_value(out, value);
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
    use crate::board4x8 as b4;

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
            variant: setup.variant.name().to_string(),
            rules: [("retreat", "false"), ("min_seeds", "1"), ("reverse_pits", "b2,a1"), ("capture", "obligatory")]
                .into_iter()
                .map(|(k, v)| (k, crate::board4x8::rules::RuleSetting::parse(k, v).unwrap().into()))
                .collect(),
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

    #[test]
    fn read_round_trips_the_writer() {
        for v in crate::any_position::variants() {
            let p = crate::any_position::AnyPosition::start(v.name).unwrap();
            let q = crate::any_position::AnyPosition::from_setup(&read(&p.to_json()).unwrap()).unwrap();
            assert_eq!(p, q);
        }
    }

    #[test]
    fn the_board_is_checked_before_the_state_fields() {
        // Why: validation once read the side to move, the winner, the ply
        // count and the phase after the board; they are read at the text
        // edge now, and an input with several mistakes keeps its error.
        let board = "[[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4],[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0]]";
        let cases = [
            (
                r#"{"pits": [[1]], "to_move": "east", "winner": "x", "opening_plies": 300}"#.to_string(),
                "wrong number of pits: expected 4 rows of 8, got 1 rows",
            ),
            (
                format!(r#"{{"pits": {board}, "to_move": "east", "winner": "x", "opening_plies": 300}}"#),
                "side to move must be 'south' or 'north', not 'east'",
            ),
            (
                format!(r#"{{"pits": {board}, "winner": "x", "opening_plies": 300}}"#),
                "state field 'winner': 'x' is not 'south' or 'north'",
            ),
            (
                format!(r#"{{"pits": {board}, "opening_plies": 300}}"#),
                "state field 'opening_plies': 300 is outside 0..=4 for opening 'no_capture'",
            ),
            (
                format!(r#"{{"pits": {board}, "opening_plies": -1}}"#),
                "state field 'opening_plies': -1 is outside 0..=4 for opening 'no_capture'",
            ),
            (
                r#"{"variant": "isolo", "pits": [[2,2,2,2],[2,2,2]], "to_move": "east", "phase": "late"}"#.to_string(),
                "wrong number of holes: North's row has 4 holes but South's has 3",
            ),
            (
                r#"{"variant": "isolo", "pits": [[2,2,2,2],[2,2,2,2]], "to_move": "east", "phase": "late"}"#
                    .to_string(),
                "side to move must be 'south' or 'north', not 'east'",
            ),
            (
                r#"{"variant": "isolo", "pits": [[2,2,2,2],[2,2,2,2]], "phase": "late"}"#.to_string(),
                "phase must be 'fore_play', 'kucheleka' or 'main', not 'late'",
            ),
        ];
        for (text, message) in cases {
            let e = read(&text).and_then(|s| crate::any_position::AnyPosition::from_setup(&s)).unwrap_err();
            assert_eq!(e.to_string(), format!("invalid position: {}", message), "{}", text);
        }
    }

    #[test]
    fn read_names_the_bad_field() {
        let cases = [
            ("[1, 2]", "expected a JSON object"),
            ("not json", "not JSON"),
            (r#"{"pits": [[1, "4"]]}"#, "pits[0][1]"),
            (r#"{"pits": [[1]], "opening_plies": 1e20}"#, "opening_plies"),
            (r#"{"pits": [[1]], "rules": {"min_seeds": true}}"#, "min_seeds"),
            (r#"{"pits": [[1]], "rules": {"bogus": 1}}"#, "bogus"),
            (r#"{"pits": [[1]], "extra": 1}"#, "extra"),
            (r#"{"variant": "igisoro"}"#, "pits"),
        ];
        for (text, named) in cases {
            let e = read(text).unwrap_err().to_string();
            assert!(e.contains(named), "{}: {}", text, e);
        }
    }
}
