//! The rule options of Isolo. There is one: the number of holes per row.
//! RULES-NOTES pins 4 and asks to keep the count a parameter; the sowing
//! rules are stated for any `n` (hole 1, the rightmost hole, "the hole before
//! the last"), so every `n` from 4 to 8 plays the same rules.

use super::geometry::{MAX_HOLES, MIN_HOLES};

/// A full set of rule options. Small and `Copy`: every position carries one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Holes per row, `MIN_HOLES..=MAX_HOLES`.
    pub holes: u8,
}

/// How an option's value is written, for the API's metadata and type checks
/// (the same shape as the 4x8 family's, so the API can list both alike).
pub use crate::board4x8::rules::OptionKind;

/// Every option name, with its kind and a description.
pub const OPTIONS: &[(&str, OptionKind, &str)] = &[(
    "holes",
    OptionKind::Int { min: MIN_HOLES as i64, max: MAX_HOLES as i64 },
    "holes per row (Chaplin's board has 4)",
)];

/// An option name or value the rules do not know.
pub use crate::setup_checks::RuleError;

impl Default for Rules {
    fn default() -> Rules {
        Rules { holes: MIN_HOLES as u8 }
    }
}

impl Rules {
    /// Holes per row.
    #[inline(always)]
    pub fn n(&self) -> usize {
        self.holes as usize
    }

    /// Set one option from its text form.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        match option {
            "holes" => {
                let v: usize = value.parse().ok().filter(|v| (MIN_HOLES..=MAX_HOLES).contains(v)).ok_or_else(|| {
                    RuleError::BadValue {
                        option: option.to_string(),
                        value: value.to_string(),
                        expected: format!("an integer from {} to {}", MIN_HOLES, MAX_HOLES),
                    }
                })?;
                self.holes = v as u8;
                Ok(())
            }
            _ => Err(RuleError::UnknownOption(option.to_string())),
        }
    }

    /// The text form of one option's value (inverse of [`Rules::set`]).
    pub fn get(&self, option: &str) -> Option<String> {
        match option {
            "holes" => Some(self.holes.to_string()),
            _ => None,
        }
    }

    /// All options as (name, text value) pairs, in [`OPTIONS`] order.
    pub fn all(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|(n, _, _)| (*n, self.get(n).unwrap())).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_option() {
        let mut r = Rules::default();
        assert_eq!(r.n(), 4);
        r.set("holes", "6").unwrap();
        assert_eq!(r.get("holes").as_deref(), Some("6"));
        assert!(matches!(r.set("holes", "3"), Err(RuleError::BadValue { .. })));
        assert!(matches!(r.set("holes", "9"), Err(RuleError::BadValue { .. })));
        assert!(matches!(r.set("capture", "x"), Err(RuleError::UnknownOption(_))));
    }
}
