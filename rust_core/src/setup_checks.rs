//! The setup errors every game family shares: the variant name, the rule
//! options and the side to move. Each family's `PositionError` wraps them
//! (`PositionError::Setup`) next to its own board checks, so these messages
//! (which the Python API and the service pass on verbatim) are written once
//! and read the same in every variant.

use std::fmt;

/// A name that is not a known variant or alias (the `FromStr` error of
/// every family's `Variant`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

/// The variant among `all` whose name or one of whose aliases is `s`.
/// Every family's `Variant::from_str`: names are matched exactly, no case
/// folding, so the notation and JSON forms stay one spelling each.
pub fn parse_variant<V: Copy>(
    all: &[V],
    s: &str,
    name: fn(V) -> &'static str,
    aliases: fn(V) -> &'static [&'static str],
) -> Result<V, UnknownVariant> {
    all.iter().copied().find(|&v| name(v) == s || aliases(v).contains(&s)).ok_or_else(|| UnknownVariant(s.to_string()))
}

/// An option name or value the rules do not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    UnknownOption(String),
    BadValue { option: String, value: String, expected: String },
}

/// What is wrong with the parts of a setup that every family has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    UnknownVariant(String),
    UnknownOption(String),
    BadOptionValue {
        option: String,
        value: String,
        expected: String,
    },
    /// The side to move is neither `south` nor `north`.
    BadSide(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownVariant(v) => write!(f, "unknown variant '{}'", v),
            SetupError::UnknownOption(o) => write!(f, "unknown rule option '{}'", o),
            SetupError::BadOptionValue { option, value, expected } => {
                write!(f, "rule option '{}' cannot be '{}': expected {}", option, value, expected)
            }
            SetupError::BadSide(s) => write!(f, "side to move must be 'south' or 'north', not '{}'", s),
        }
    }
}

impl From<RuleError> for SetupError {
    fn from(e: RuleError) -> SetupError {
        match e {
            RuleError::UnknownOption(o) => SetupError::UnknownOption(o),
            RuleError::BadValue { option, value, expected } => SetupError::BadOptionValue { option, value, expected },
        }
    }
}

impl From<UnknownVariant> for SetupError {
    fn from(e: UnknownVariant) -> SetupError {
        SetupError::UnknownVariant(e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_variant_matches_names_and_aliases_exactly() {
        let all = [1u8, 2];
        let name = |v: u8| if v == 1 { "one" } else { "two" };
        let aliases = |v: u8| -> &'static [&'static str] {
            if v == 2 {
                &["deux"]
            } else {
                &[]
            }
        };
        assert_eq!(parse_variant(&all, "one", name, aliases), Ok(1));
        assert_eq!(parse_variant(&all, "deux", name, aliases), Ok(2));
        assert_eq!(parse_variant(&all, "One", name, aliases), Err(UnknownVariant("One".into())));
    }

    #[test]
    fn rule_errors_keep_their_parts() {
        let e = RuleError::BadValue { option: "holes".into(), value: "9".into(), expected: "4 to 8".into() };
        assert_eq!(SetupError::from(e).to_string(), "rule option 'holes' cannot be '9': expected 4 to 8");
        assert_eq!(SetupError::from(UnknownVariant("x".into())).to_string(), "unknown variant 'x'");
    }
}
