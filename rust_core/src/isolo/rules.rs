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

    /// Set one option from its text form: [`RuleSetting::parse`] then
    /// [`Rules::apply`].
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        self.apply(RuleSetting::parse(option, value)?);
        Ok(())
    }

    /// Set one option. Cannot fail: the setting's value is already typed.
    pub fn apply(&mut self, setting: RuleSetting) {
        match setting {
            RuleSetting::Holes(n) => self.holes = n,
        }
    }

    /// These rules with `settings` applied in order (a setup's overrides of
    /// its variant's defaults).
    pub fn with(mut self, settings: &[RuleSetting]) -> Rules {
        for s in settings {
            self.apply(*s);
        }
        self
    }

    /// Every option's setting, in [`OPTIONS`] order.
    pub fn settings(&self) -> [RuleSetting; 1] {
        [RuleSetting::Holes(self.holes)]
    }

    /// The settings that differ from `base`, in [`OPTIONS`] order.
    pub fn overrides(&self, base: &Rules) -> Vec<RuleSetting> {
        self.settings().into_iter().zip(base.settings()).filter(|(s, b)| s != b).map(|(s, _)| s).collect()
    }

    /// The text form of one option's value (inverse of [`Rules::set`]).
    pub fn get(&self, option: &str) -> Option<String> {
        self.settings().into_iter().find(|s| s.name() == option).map(RuleSetting::value)
    }
}

/// One rule option set to a typed value: what a setup's rule overrides
/// hold. Why typed: text becomes a setting only at the notation and JSON
/// edges ([`RuleSetting::parse`]), so validation and the writers never
/// parse again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSetting {
    /// `holes`: holes per row, `MIN_HOLES..=MAX_HOLES`.
    Holes(u8),
}

impl RuleSetting {
    /// Read an option from its text form, naming the option or the value
    /// that is wrong.
    pub fn parse(option: &str, value: &str) -> Result<RuleSetting, RuleError> {
        match option {
            "holes" => {
                let v: usize = value.parse().ok().filter(|v| (MIN_HOLES..=MAX_HOLES).contains(v)).ok_or_else(|| {
                    RuleError::BadValue {
                        option: option.to_string(),
                        value: value.to_string(),
                        expected: format!("an integer from {} to {}", MIN_HOLES, MAX_HOLES),
                    }
                })?;
                Ok(RuleSetting::Holes(v as u8))
            }
            _ => Err(RuleError::UnknownOption(option.to_string())),
        }
    }

    /// The option's name, as [`OPTIONS`] lists it.
    pub fn name(self) -> &'static str {
        match self {
            RuleSetting::Holes(_) => "holes",
        }
    }

    /// The value's text form (inverse of [`RuleSetting::parse`]).
    pub fn value(self) -> String {
        match self {
            RuleSetting::Holes(n) => n.to_string(),
        }
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
