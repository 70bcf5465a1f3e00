//! The rule options of the 4x8 family. Every variant is a set of values of
//! these options; a position may override any of them ("custom rules").
//! See `docs/RULES.md` for what each option means and where it comes from.

use super::geometry::{Pit, PITS};
use crate::side::Side;

/// Whether a capture opportunity must be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Capture {
    /// The mover may pass ("ndahise").
    Optional,
    /// The mover must capture.
    Obligatory,
}

/// Where captured seeds are sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturedSowing {
    /// Alone, from the pit after the turn's start pit.
    TurnStart,
    /// Added to the pit the capturing lap was lifted from, which is lifted whole.
    LapStart,
    /// Alone, onward from the capturing pit.
    Landing,
}

/// When a lap may run clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Clockwise {
    /// A lap from a reverse pit, only if it ends in a capture (then taken).
    CaptureOnly,
    /// A turn started at a reverse pit keeps the chosen direction throughout.
    WholeTurn,
    /// Never.
    Never,
}

/// The opening phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// None: the game starts in its main phase.
    None,
    /// No capture while `opening_plies` is positive (Mancala World: kuvuna
    /// and kwivunura of each side, 4 plies).
    NoCapture,
    /// Ludii's Ikibuguzo Opening 1: three scripted moves per side.
    LudiiOpening1,
    /// Ludii's Ikibuguzo Opening 2: eight scripted moves per side.
    LudiiOpening2,
}

impl Opening {
    /// The number of plies the opening lasts from the start position.
    pub fn plies(self) -> u8 {
        match self {
            Opening::None => 0,
            Opening::NoCapture => 4,
            Opening::LudiiOpening1 => 6,
            Opening::LudiiOpening2 => 16,
        }
    }
}

/// How a position that cannot end is scored (`docs/RULES.md`, "Games that
/// cannot end").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjudicate {
    /// Not at all: the pinned rules, under which such a game never ends.
    None,
    /// Won by the side with more seeds (drawn if equal).
    Seeds,
}

/// A full set of rule options. Small and `Copy`: every position carries one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Seeds a pit needs to start a turn (1 or 2 in the seeds).
    pub min_seeds: u8,
    pub capture: Capture,
    /// After a pass, may the opponent retreat ("ndakubye")?
    pub retreat: bool,
    pub captured_sowing: CapturedSowing,
    pub clockwise: Clockwise,
    /// Reverse pits as a mask over local pit numbers; the same mask serves
    /// both sides because North's pits mirror South's.
    pub reverse: u16,
    pub opening: Opening,
    /// Capturing both of the opponent's inner end pits in one turn wins.
    pub end_pits_win: bool,
    /// How a position that cannot end is scored.
    pub adjudicate: Adjudicate,
}

/// How an option's value is written, for the API's metadata and type checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    Choice(&'static [&'static str]),
    /// A list of South pit names (North's are mirrored).
    Pits,
}

impl OptionKind {
    /// `bool`, `int`, `choice` or `pits`, as the option listings name it.
    pub fn name(&self) -> &'static str {
        match self {
            OptionKind::Bool => "bool",
            OptionKind::Int { .. } => "int",
            OptionKind::Choice(_) => "choice",
            OptionKind::Pits => "pits",
        }
    }
}

/// Every option name, in the order the notation writes overrides.
pub const OPTIONS: &[(&str, OptionKind, &str)] = &[
    ("min_seeds", OptionKind::Int { min: 1, max: 64 }, "seeds a pit needs to start a turn"),
    ("capture", OptionKind::Choice(&["optional", "obligatory"]), "whether a capture opportunity must be taken"),
    ("retreat", OptionKind::Bool, "after a pass the opponent may retreat (ndakubye)"),
    ("captured_sowing", OptionKind::Choice(&["turn_start", "lap_start", "landing"]), "where captured seeds are sown"),
    (
        "clockwise",
        OptionKind::Choice(&["capture_only", "whole_turn", "never"]),
        "when a lap from a reverse pit may run clockwise",
    ),
    ("reverse_pits", OptionKind::Pits, "South's reverse pits; North's are the mirror images"),
    ("opening", OptionKind::Choice(&["none", "no_capture", "ludii_opening_1", "ludii_opening_2"]), "the opening phase"),
    ("end_pits_win", OptionKind::Bool, "capturing both opponent inner end pits in one turn wins"),
    (
        "adjudicate",
        OptionKind::Choice(&["none", "seeds"]),
        "how a position that cannot end is scored: none (never ends) or seeds (more seeds wins)",
    ),
];

/// An option name or value the rules do not know.
pub use crate::setup_checks::RuleError;

/// One rule option set to a typed value: what a setup's rule overrides
/// hold. Why typed: text becomes a setting only at the notation and JSON
/// edges ([`RuleSetting::parse`]), so applying overrides ([`Rules::apply`])
/// and writing them out never parse again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSetting {
    /// `min_seeds`: 1..=64.
    MinSeeds(u8),
    /// `capture`.
    Capture(Capture),
    /// `retreat`.
    Retreat(bool),
    /// `captured_sowing`.
    CapturedSowing(CapturedSowing),
    /// `clockwise`.
    Clockwise(Clockwise),
    /// `reverse_pits`: South's reverse pits as a mask over local pit
    /// numbers (see [`Rules::reverse`]).
    ReversePits(u16),
    /// `opening`.
    Opening(Opening),
    /// `end_pits_win`.
    EndPitsWin(bool),
    /// `adjudicate`.
    Adjudicate(Adjudicate),
}

impl RuleSetting {
    /// Read an option from its text form (`"true"`, `"2"`, `"a1,b2"`...),
    /// naming the option or the value that is wrong.
    pub fn parse(option: &str, value: &str) -> Result<RuleSetting, RuleError> {
        let kind = OPTIONS
            .iter()
            .find(|(n, _, _)| *n == option)
            .map(|(_, k, _)| *k)
            .ok_or_else(|| RuleError::UnknownOption(option.to_string()))?;
        let bad =
            |expected: String| RuleError::BadValue { option: option.to_string(), value: value.to_string(), expected };
        Ok(match kind {
            OptionKind::Bool => {
                let v = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad("true or false".into())),
                };
                match option {
                    "retreat" => RuleSetting::Retreat(v),
                    _ => RuleSetting::EndPitsWin(v),
                }
            }
            OptionKind::Int { min, max } => {
                let v: i64 = value
                    .parse()
                    .ok()
                    .filter(|v| (min..=max).contains(v))
                    .ok_or_else(|| bad(format!("an integer from {} to {}", min, max)))?;
                RuleSetting::MinSeeds(v as u8)
            }
            OptionKind::Choice(names) => {
                if !names.contains(&value) {
                    return Err(bad(format!("one of {}", names.join(", "))));
                }
                match (option, value) {
                    ("capture", "optional") => RuleSetting::Capture(Capture::Optional),
                    ("capture", _) => RuleSetting::Capture(Capture::Obligatory),
                    ("captured_sowing", "turn_start") => RuleSetting::CapturedSowing(CapturedSowing::TurnStart),
                    ("captured_sowing", "lap_start") => RuleSetting::CapturedSowing(CapturedSowing::LapStart),
                    ("captured_sowing", _) => RuleSetting::CapturedSowing(CapturedSowing::Landing),
                    ("clockwise", "capture_only") => RuleSetting::Clockwise(Clockwise::CaptureOnly),
                    ("clockwise", "whole_turn") => RuleSetting::Clockwise(Clockwise::WholeTurn),
                    ("clockwise", _) => RuleSetting::Clockwise(Clockwise::Never),
                    ("adjudicate", "none") => RuleSetting::Adjudicate(Adjudicate::None),
                    ("adjudicate", _) => RuleSetting::Adjudicate(Adjudicate::Seeds),
                    (_, "none") => RuleSetting::Opening(Opening::None),
                    (_, "no_capture") => RuleSetting::Opening(Opening::NoCapture),
                    (_, "ludii_opening_1") => RuleSetting::Opening(Opening::LudiiOpening1),
                    _ => RuleSetting::Opening(Opening::LudiiOpening2),
                }
            }
            OptionKind::Pits => {
                let mut mask = 0u16;
                if !value.is_empty() {
                    for name in value.split(',') {
                        let pit = Pit::parse(name)
                            .filter(|p| p.owner() == Side::South)
                            .ok_or_else(|| bad("a comma-separated list of South pit names (a1..h2)".into()))?;
                        mask |= 1 << pit.local();
                    }
                }
                RuleSetting::ReversePits(mask)
            }
        })
    }

    /// The option's name, as [`OPTIONS`] lists it.
    pub fn name(self) -> &'static str {
        match self {
            RuleSetting::MinSeeds(_) => "min_seeds",
            RuleSetting::Capture(_) => "capture",
            RuleSetting::Retreat(_) => "retreat",
            RuleSetting::CapturedSowing(_) => "captured_sowing",
            RuleSetting::Clockwise(_) => "clockwise",
            RuleSetting::ReversePits(_) => "reverse_pits",
            RuleSetting::Opening(_) => "opening",
            RuleSetting::EndPitsWin(_) => "end_pits_win",
            RuleSetting::Adjudicate(_) => "adjudicate",
        }
    }

    /// The value's text form (inverse of [`RuleSetting::parse`]; reverse
    /// pits sorted by name).
    pub fn value(self) -> String {
        match self {
            RuleSetting::MinSeeds(v) => v.to_string(),
            RuleSetting::Capture(c) => match c {
                Capture::Optional => "optional",
                Capture::Obligatory => "obligatory",
            }
            .into(),
            RuleSetting::Retreat(b) | RuleSetting::EndPitsWin(b) => b.to_string(),
            RuleSetting::CapturedSowing(c) => match c {
                CapturedSowing::TurnStart => "turn_start",
                CapturedSowing::LapStart => "lap_start",
                CapturedSowing::Landing => "landing",
            }
            .into(),
            RuleSetting::Clockwise(c) => match c {
                Clockwise::CaptureOnly => "capture_only",
                Clockwise::WholeTurn => "whole_turn",
                Clockwise::Never => "never",
            }
            .into(),
            RuleSetting::ReversePits(mask) => {
                let mut pits: Vec<Pit> =
                    (0..PITS).filter(|&i| mask >> i & 1 == 1).map(|i| Pit::from_local(Side::South, i)).collect();
                pits.sort();
                pits.iter().map(|p| p.name()).collect::<Vec<_>>().join(",")
            }
            RuleSetting::Opening(o) => match o {
                Opening::None => "none",
                Opening::NoCapture => "no_capture",
                Opening::LudiiOpening1 => "ludii_opening_1",
                Opening::LudiiOpening2 => "ludii_opening_2",
            }
            .into(),
            RuleSetting::Adjudicate(a) => match a {
                Adjudicate::None => "none",
                Adjudicate::Seeds => "seeds",
            }
            .into(),
        }
    }
}

impl Rules {
    /// Whether local pit `i` is a reverse pit.
    #[inline(always)]
    pub fn is_reverse(&self, i: usize) -> bool {
        self.reverse >> i & 1 == 1
    }

    /// Set one option from its text form (`"true"`, `"2"`, `"a1,b2"`...):
    /// [`RuleSetting::parse`] then [`Rules::apply`].
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        self.apply(RuleSetting::parse(option, value)?);
        Ok(())
    }

    /// Set one option. Cannot fail: the setting's value is already typed.
    pub fn apply(&mut self, setting: RuleSetting) {
        match setting {
            RuleSetting::MinSeeds(v) => self.min_seeds = v,
            RuleSetting::Capture(v) => self.capture = v,
            RuleSetting::Retreat(v) => self.retreat = v,
            RuleSetting::CapturedSowing(v) => self.captured_sowing = v,
            RuleSetting::Clockwise(v) => self.clockwise = v,
            RuleSetting::ReversePits(v) => self.reverse = v,
            RuleSetting::Opening(v) => self.opening = v,
            RuleSetting::EndPitsWin(v) => self.end_pits_win = v,
            RuleSetting::Adjudicate(v) => self.adjudicate = v,
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
    pub fn settings(&self) -> [RuleSetting; 9] {
        [
            RuleSetting::MinSeeds(self.min_seeds),
            RuleSetting::Capture(self.capture),
            RuleSetting::Retreat(self.retreat),
            RuleSetting::CapturedSowing(self.captured_sowing),
            RuleSetting::Clockwise(self.clockwise),
            RuleSetting::ReversePits(self.reverse),
            RuleSetting::Opening(self.opening),
            RuleSetting::EndPitsWin(self.end_pits_win),
            RuleSetting::Adjudicate(self.adjudicate),
        ]
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
