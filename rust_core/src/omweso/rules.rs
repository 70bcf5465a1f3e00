//! The rule options of Omweso and Mweso (`docs/OMWESO.md`, table
//! "Variants"). `capture` and `retreat` are fixed by both sources
//! (obligatory, none) and so are not options here; `setup` and `endless`
//! have one value each in this slice and are not offered either.

use crate::board4x8::geometry::{Pit, PITS};
use crate::side::Side;

pub use crate::board4x8::rules::OptionKind;
pub use crate::setup_checks::RuleError;

/// Where the seeds of a capture are sown from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturedSowing {
    /// From the pit after the capturing lap's origin (both variants).
    LapOrigin,
    /// From the pit after the turn's start pit.
    TurnStart,
}

/// What follows the lap of captured seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterCapture {
    /// The captured seeds are a lap like any other (`omweso`).
    SowOn,
    /// Captured seeds go counter-clockwise, their end is not looked at, and
    /// the capturing pit is lifted in the capturing lap's direction (`mweso`,
    /// as Ludii plays it).
    RelayCapturingPit,
}

/// When a lap may run clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clockwise {
    /// Any lap from a left-hand pit whose own last seed captures (`omweso`).
    CaptureOnly,
    /// Only the turn's first lap, towards a capture; later laps keep its
    /// direction (`mweso`).
    FirstLap,
    /// Always counter-clockwise.
    Never,
}

/// A full set of rule options. Small and `Copy`: every position carries one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Seeds a pit needs to start a turn.
    pub min_seeds: u8,
    /// Where captured seeds are sown.
    pub captured_sowing: CapturedSowing,
    /// What follows the captured seeds' lap.
    pub after_capture: AfterCapture,
    /// When a lap may run clockwise.
    pub clockwise: Clockwise,
    /// The left-hand pits, a mask over local pit numbers (the same for both
    /// sides, as the board is symmetric under a half turn).
    pub reverse: u16,
    /// Capturing from both end columns in one turn wins.
    pub end_pits_win: bool,
}

/// Every option name, in the order the notation writes overrides.
pub const OPTIONS: &[(&str, OptionKind, &str)] = &[
    ("min_seeds", OptionKind::Int { min: 1, max: 64 }, "seeds a pit needs to start a turn"),
    ("captured_sowing", OptionKind::Choice(&["lap_origin", "turn_start"]), "where captured seeds are sown"),
    (
        "after_capture",
        OptionKind::Choice(&["sow_on", "relay_capturing_pit"]),
        "what follows the lap of captured seeds",
    ),
    ("clockwise", OptionKind::Choice(&["capture_only", "first_lap", "never"]), "when a lap may run clockwise"),
    ("reverse_pits", OptionKind::Pits, "South's left-hand pits; North's are the mirror images"),
    ("end_pits_win", OptionKind::Bool, "capturing from both end columns in one turn wins"),
];

/// South's a1, b1, a2, b2 as a local mask (a1 = 0, b1 = 1, b2 = 14, a2 = 15).
pub const LEFT_PITS: u16 = 1 | 1 << 1 | 1 << 14 | 1 << 15;

impl Rules {
    /// Whether local pit `i` is a left-hand (reverse) pit.
    #[inline(always)]
    pub fn is_reverse(&self, i: usize) -> bool {
        self.reverse >> i & 1 == 1
    }

    /// Set one option from its text form.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        self.apply(RuleSetting::parse(option, value)?);
        Ok(())
    }

    /// Set one option (already typed: cannot fail).
    pub fn apply(&mut self, s: RuleSetting) {
        match s {
            RuleSetting::MinSeeds(v) => self.min_seeds = v,
            RuleSetting::CapturedSowing(v) => self.captured_sowing = v,
            RuleSetting::AfterCapture(v) => self.after_capture = v,
            RuleSetting::Clockwise(v) => self.clockwise = v,
            RuleSetting::ReversePits(v) => self.reverse = v,
            RuleSetting::EndPitsWin(v) => self.end_pits_win = v,
        }
    }

    /// These rules with `settings` applied in order.
    pub fn with(mut self, settings: &[RuleSetting]) -> Rules {
        for s in settings {
            self.apply(*s);
        }
        self
    }

    /// Every option's setting, in [`OPTIONS`] order.
    pub fn settings(&self) -> [RuleSetting; 6] {
        [
            RuleSetting::MinSeeds(self.min_seeds),
            RuleSetting::CapturedSowing(self.captured_sowing),
            RuleSetting::AfterCapture(self.after_capture),
            RuleSetting::Clockwise(self.clockwise),
            RuleSetting::ReversePits(self.reverse),
            RuleSetting::EndPitsWin(self.end_pits_win),
        ]
    }

    /// The settings that differ from `base`, in [`OPTIONS`] order.
    pub fn overrides(&self, base: &Rules) -> Vec<RuleSetting> {
        self.settings().into_iter().zip(base.settings()).filter(|(s, b)| s != b).map(|(s, _)| s).collect()
    }

    /// The text form of one option's value.
    pub fn get(&self, option: &str) -> Option<String> {
        self.settings().into_iter().find(|s| s.name() == option).map(RuleSetting::value)
    }
}

/// One rule option set to a typed value (text is read only at the edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSetting {
    /// `min_seeds`: 1..=64.
    MinSeeds(u8),
    /// `captured_sowing`.
    CapturedSowing(CapturedSowing),
    /// `after_capture`.
    AfterCapture(AfterCapture),
    /// `clockwise`.
    Clockwise(Clockwise),
    /// `reverse_pits`: a mask over South's local pit numbers.
    ReversePits(u16),
    /// `end_pits_win`.
    EndPitsWin(bool),
}

impl RuleSetting {
    /// Read an option from its text form, naming the option or value that is wrong.
    pub fn parse(option: &str, value: &str) -> Result<RuleSetting, RuleError> {
        let bad =
            |expected: &str| RuleError::BadValue { option: option.into(), value: value.into(), expected: expected.into() };
        Ok(match option {
            "min_seeds" => RuleSetting::MinSeeds(
                value.parse::<u8>().ok().filter(|v| (1..=64).contains(v)).ok_or_else(|| bad("an integer from 1 to 64"))?,
            ),
            "captured_sowing" => RuleSetting::CapturedSowing(match value {
                "lap_origin" => CapturedSowing::LapOrigin,
                "turn_start" => CapturedSowing::TurnStart,
                _ => return Err(bad("one of lap_origin, turn_start")),
            }),
            "after_capture" => RuleSetting::AfterCapture(match value {
                "sow_on" => AfterCapture::SowOn,
                "relay_capturing_pit" => AfterCapture::RelayCapturingPit,
                _ => return Err(bad("one of sow_on, relay_capturing_pit")),
            }),
            "clockwise" => RuleSetting::Clockwise(match value {
                "capture_only" => Clockwise::CaptureOnly,
                "first_lap" => Clockwise::FirstLap,
                "never" => Clockwise::Never,
                _ => return Err(bad("one of capture_only, first_lap, never")),
            }),
            "reverse_pits" => {
                let mut mask = 0u16;
                if !value.is_empty() {
                    for name in value.split(',') {
                        let pit = Pit::parse(name)
                            .filter(|p| p.owner() == Side::South)
                            .ok_or_else(|| bad("a comma-separated list of South pit names (a1..h2)"))?;
                        mask |= 1 << pit.local();
                    }
                }
                RuleSetting::ReversePits(mask)
            }
            "end_pits_win" => RuleSetting::EndPitsWin(match value {
                "true" => true,
                "false" => false,
                _ => return Err(bad("true or false")),
            }),
            _ => return Err(RuleError::UnknownOption(option.to_string())),
        })
    }

    /// The option's name, as [`OPTIONS`] lists it.
    pub fn name(self) -> &'static str {
        match self {
            RuleSetting::MinSeeds(_) => "min_seeds",
            RuleSetting::CapturedSowing(_) => "captured_sowing",
            RuleSetting::AfterCapture(_) => "after_capture",
            RuleSetting::Clockwise(_) => "clockwise",
            RuleSetting::ReversePits(_) => "reverse_pits",
            RuleSetting::EndPitsWin(_) => "end_pits_win",
        }
    }

    /// The value's text form (inverse of [`RuleSetting::parse`]; pits sorted by name).
    pub fn value(self) -> String {
        match self {
            RuleSetting::MinSeeds(v) => v.to_string(),
            RuleSetting::CapturedSowing(CapturedSowing::LapOrigin) => "lap_origin".into(),
            RuleSetting::CapturedSowing(CapturedSowing::TurnStart) => "turn_start".into(),
            RuleSetting::AfterCapture(AfterCapture::SowOn) => "sow_on".into(),
            RuleSetting::AfterCapture(AfterCapture::RelayCapturingPit) => "relay_capturing_pit".into(),
            RuleSetting::Clockwise(Clockwise::CaptureOnly) => "capture_only".into(),
            RuleSetting::Clockwise(Clockwise::FirstLap) => "first_lap".into(),
            RuleSetting::Clockwise(Clockwise::Never) => "never".into(),
            RuleSetting::ReversePits(mask) => {
                let mut pits: Vec<Pit> =
                    (0..PITS).filter(|&i| mask >> i & 1 == 1).map(|i| Pit::from_local(Side::South, i)).collect();
                pits.sort();
                pits.iter().map(|p| p.name()).collect::<Vec<_>>().join(",")
            }
            RuleSetting::EndPitsWin(b) => b.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_refuse_what_this_slice_lacks() {
        let mut r = crate::omweso::Variant::Omweso.rules();
        for (name, _, _) in OPTIONS {
            let v = r.get(name).unwrap();
            r.set(name, &v).unwrap();
        }
        assert_eq!(r, crate::omweso::Variant::Omweso.rules());
        assert_eq!(r.get("reverse_pits").as_deref(), Some("a1,a2,b1,b2"));
        assert!(matches!(r.set("capture", "optional"), Err(RuleError::UnknownOption(_))));
        assert!(matches!(r.set("setup", "seed_by_seed"), Err(RuleError::UnknownOption(_))));
        assert!(matches!(r.set("clockwise", "whole_turn"), Err(RuleError::BadValue { .. })));
        assert!(matches!(r.set("reverse_pits", "a3"), Err(RuleError::BadValue { .. })));
    }
}
