//! The two readings of Omweso (after shakmaty's `Variant`): name, source,
//! default rules and start position.

use super::rules::{AfterCapture, CapturedSowing, Clockwise, Rules, LEFT_PITS};
use crate::setup_checks::parse_variant;
use std::fmt;
use std::str::FromStr;

pub use crate::setup_checks::UnknownVariant;

/// An Omweso rule system (see `docs/OMWESO.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Current tournament rules, as Wikipedia's "Omweso" gives them.
    Omweso,
    /// Shackell (1934) as Ludii 1.3.12 plays it.
    Mweso,
}

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 2] = [Variant::Omweso, Variant::Mweso];

    /// The canonical name used in JSON and notation.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Omweso => "omweso",
            Variant::Mweso => "mweso",
        }
    }

    /// Other accepted names (none: the two names are the sources' own).
    pub fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// Where the rules come from.
    pub fn source(self) -> &'static str {
        match self {
            Variant::Omweso => "Wikipedia, \"Omweso\" (tournament rules); read as docs/OMWESO.md pins it",
            Variant::Mweso => "Shackell (1934: 14-19) as Ludii 1.3.12 Mweso.lud plays it; read as docs/OMWESO.md pins it",
        }
    }

    /// One sentence for people choosing a variant.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Omweso => {
                "Omweso (Uganda), tournament rules: free set-up of 32 seeds each, relay sowing, captures of both \
                 opposite pits sown again, clockwise laps from the left-hand pits towards a capture, a win by \
                 capturing at both ends"
            }
            Variant::Mweso => {
                "Mweso (Uganda) after Shackell 1934 as Ludii plays it: free set-up, relay sowing, captures sown \
                 from the capturing lap's origin and the capturing pit relayed, clockwise only on the first lap"
            }
        }
    }

    /// The variant's rule options.
    pub fn rules(self) -> Rules {
        let omweso = Rules {
            min_seeds: 2,
            captured_sowing: CapturedSowing::LapOrigin,
            after_capture: AfterCapture::SowOn,
            clockwise: Clockwise::CaptureOnly,
            reverse: LEFT_PITS,
            end_pits_win: true,
        };
        match self {
            Variant::Omweso => omweso,
            Variant::Mweso => Rules {
                after_capture: AfterCapture::RelayCapturingPit,
                clockwise: Clockwise::FirstLap,
                end_pits_win: false,
                ..omweso
            },
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        parse_variant(&Variant::ALL, s, Variant::name, Variant::aliases)
    }
}
