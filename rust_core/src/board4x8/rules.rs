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
];

/// An option name or value the rules do not know.
pub use crate::setup_checks::RuleError;

impl Rules {
    /// Whether local pit `i` is a reverse pit.
    #[inline(always)]
    pub fn is_reverse(&self, i: usize) -> bool {
        self.reverse >> i & 1 == 1
    }

    /// Set one option from its text form (`"true"`, `"2"`, `"a1,b2"`...).
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        let kind = OPTIONS
            .iter()
            .find(|(n, _, _)| *n == option)
            .map(|(_, k, _)| *k)
            .ok_or_else(|| RuleError::UnknownOption(option.to_string()))?;
        let bad =
            |expected: String| RuleError::BadValue { option: option.to_string(), value: value.to_string(), expected };
        match kind {
            OptionKind::Bool => {
                let v = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad("true or false".into())),
                };
                match option {
                    "retreat" => self.retreat = v,
                    _ => self.end_pits_win = v,
                }
            }
            OptionKind::Int { min, max } => {
                let v: i64 = value
                    .parse()
                    .ok()
                    .filter(|v| (min..=max).contains(v))
                    .ok_or_else(|| bad(format!("an integer from {} to {}", min, max)))?;
                self.min_seeds = v as u8;
            }
            OptionKind::Choice(names) => {
                if !names.contains(&value) {
                    return Err(bad(format!("one of {}", names.join(", "))));
                }
                match (option, value) {
                    ("capture", "optional") => self.capture = Capture::Optional,
                    ("capture", _) => self.capture = Capture::Obligatory,
                    ("captured_sowing", "turn_start") => self.captured_sowing = CapturedSowing::TurnStart,
                    ("captured_sowing", "lap_start") => self.captured_sowing = CapturedSowing::LapStart,
                    ("captured_sowing", _) => self.captured_sowing = CapturedSowing::Landing,
                    ("clockwise", "capture_only") => self.clockwise = Clockwise::CaptureOnly,
                    ("clockwise", "whole_turn") => self.clockwise = Clockwise::WholeTurn,
                    ("clockwise", _) => self.clockwise = Clockwise::Never,
                    (_, "none") => self.opening = Opening::None,
                    (_, "no_capture") => self.opening = Opening::NoCapture,
                    (_, "ludii_opening_1") => self.opening = Opening::LudiiOpening1,
                    _ => self.opening = Opening::LudiiOpening2,
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
                self.reverse = mask;
            }
        }
        Ok(())
    }

    /// The text form of one option's value (inverse of [`Rules::set`]).
    pub fn get(&self, option: &str) -> Option<String> {
        Some(match option {
            "min_seeds" => self.min_seeds.to_string(),
            "capture" => match self.capture {
                Capture::Optional => "optional",
                Capture::Obligatory => "obligatory",
            }
            .into(),
            "retreat" => self.retreat.to_string(),
            "captured_sowing" => match self.captured_sowing {
                CapturedSowing::TurnStart => "turn_start",
                CapturedSowing::LapStart => "lap_start",
                CapturedSowing::Landing => "landing",
            }
            .into(),
            "clockwise" => match self.clockwise {
                Clockwise::CaptureOnly => "capture_only",
                Clockwise::WholeTurn => "whole_turn",
                Clockwise::Never => "never",
            }
            .into(),
            "reverse_pits" => {
                let mut pits: Vec<Pit> =
                    (0..PITS).filter(|&i| self.is_reverse(i)).map(|i| Pit::from_local(Side::South, i)).collect();
                pits.sort();
                pits.iter().map(|p| p.name()).collect::<Vec<_>>().join(",")
            }
            "opening" => match self.opening {
                Opening::None => "none",
                Opening::NoCapture => "no_capture",
                Opening::LudiiOpening1 => "ludii_opening_1",
                Opening::LudiiOpening2 => "ludii_opening_2",
            }
            .into(),
            "end_pits_win" => self.end_pits_win.to_string(),
            _ => return None,
        })
    }

    /// All options as (name, text value) pairs, in [`OPTIONS`] order.
    pub fn all(&self) -> Vec<(&'static str, String)> {
        OPTIONS.iter().map(|(n, _, _)| (*n, self.get(n).unwrap())).collect()
    }
}
