//! The closed set of 4x8 variants with their metadata (after shakmaty's
//! `Variant`): name, aliases, source, default rules and start position.

use super::geometry::PITS;
use super::rules::{Adjudicate, Capture, CapturedSowing, Clockwise, Opening, Rules};
use crate::setup_checks::parse_variant;
use std::fmt;
use std::str::FromStr;

/// A 4x8 rule system as the seeds describe it (see `docs/RULES.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Igisoro as Mancala World describes it (the product's default).
    Igisoro,
    /// Igisoro as the English Wikipedia article describes it.
    IgisoroWikipedia,
    /// The French school rules, "L'igisoro".
    IgisoroFr,
    /// Ikibuguzo as Ludii 1.3.12 plays it, Opening 1.
    Ikibuguzo1,
    /// Ikibuguzo as Ludii 1.3.12 plays it, Opening 2.
    Ikibuguzo2,
}

/// Local pit numbers of the reverse pits: a1, h1, g2, b2 (South's names).
const REVERSE_FOUR: u16 = 1 << 0 | 1 << 7 | 1 << 9 | 1 << 14;
/// Ikibuguzo's two: a1 and b2 (Ludii's LeftMostOuter and SecondLeftInner).
const REVERSE_TWO: u16 = 1 << 0 | 1 << 14;

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 5] =
        [Variant::Igisoro, Variant::IgisoroWikipedia, Variant::IgisoroFr, Variant::Ikibuguzo1, Variant::Ikibuguzo2];

    /// The canonical name used in JSON and notation.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Igisoro => "igisoro",
            Variant::IgisoroWikipedia => "igisoro-wikipedia",
            Variant::IgisoroFr => "igisoro-fr",
            Variant::Ikibuguzo1 => "ikibuguzo-1",
            Variant::Ikibuguzo2 => "ikibuguzo-2",
        }
    }

    /// Other accepted names.
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Igisoro => &["mancala-world", "gisoro"],
            Variant::IgisoroWikipedia => &["wikipedia"],
            Variant::IgisoroFr => &["l-igisoro", "igisoro-french"],
            Variant::Ikibuguzo1 => &["ikibuguzo", "ikibuguzo-opening-1"],
            Variant::Ikibuguzo2 => &["ikibuguzo-opening-2"],
        }
    }

    /// Where the rules come from.
    pub fn source(self) -> &'static str {
        match self {
            Variant::Igisoro => "Mancala World, \"Igisoro\" (seed 000), read as docs/RULES.md pins it",
            Variant::IgisoroWikipedia => "Wikipedia, \"Igisoro\" (seed 001), read as docs/RULES.md pins it",
            Variant::IgisoroFr => "\"L'igisoro\", French school rules (seed 003), read as docs/RULES.md pins it",
            Variant::Ikibuguzo1 => "Ludii 1.3.12, \"Ikibuguzo (Opening 1).lud\" (seed 002; Murray 1951: 217)",
            Variant::Ikibuguzo2 => "Ludii 1.3.12, \"Ikibuguzo (Opening 2).lud\" (Murray 1951: 217)",
        }
    }

    /// One sentence for people choosing a variant.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Igisoro => "Rwandan/Burundian Igisoro: 4 seeds in each inner pit, optional capture with the opponent's retreat, captures sown from the turn's start pit, no capture in the first 4 plies.",
            Variant::IgisoroWikipedia => "Igisoro per Wikipedia: 4 seeds in each outer pit, any non-empty pit may start, optional capture with retreat.",
            Variant::IgisoroFr => "French school Igisoro: obligatory capture, captures added to the lap's origin pit, and a direction chosen at a reverse pit kept for the whole turn.",
            Variant::Ikibuguzo1 => "Ikibuguzo as Ludii plays it: a fixed 0,6,0,0,0,0,0,17,0,3,0,3,0,3,0,0 arrangement, three scripted opening moves each, obligatory capture, and a win by capturing both opponent inner end pits in one turn.",
            Variant::Ikibuguzo2 => "Ikibuguzo with Ludii's second opening: 4 seeds in each outer pit sown out by eight scripted moves each, then as Ikibuguzo.",
        }
    }

    /// The variant's rule options.
    pub fn rules(self) -> Rules {
        let igisoro = Rules {
            min_seeds: 2,
            capture: Capture::Optional,
            retreat: true,
            captured_sowing: CapturedSowing::TurnStart,
            clockwise: Clockwise::CaptureOnly,
            reverse: REVERSE_FOUR,
            opening: Opening::NoCapture,
            end_pits_win: false,
            adjudicate: Adjudicate::None,
        };
        let ikibuguzo = Rules {
            min_seeds: 2,
            capture: Capture::Obligatory,
            retreat: false,
            captured_sowing: CapturedSowing::LapStart,
            clockwise: Clockwise::CaptureOnly,
            reverse: REVERSE_TWO,
            opening: Opening::LudiiOpening1,
            end_pits_win: true,
            adjudicate: Adjudicate::None,
        };
        match self {
            Variant::Igisoro => igisoro,
            Variant::IgisoroWikipedia => Rules { min_seeds: 1, opening: Opening::None, ..igisoro },
            Variant::IgisoroFr => Rules {
                min_seeds: 1,
                capture: Capture::Obligatory,
                retreat: false,
                captured_sowing: CapturedSowing::LapStart,
                clockwise: Clockwise::WholeTurn,
                opening: Opening::None,
                ..igisoro
            },
            Variant::Ikibuguzo1 => ikibuguzo,
            Variant::Ikibuguzo2 => Rules { opening: Opening::LudiiOpening2, ..ikibuguzo },
        }
    }

    /// The start counts, `[side][local pit]` (both sides alike).
    pub fn start_pits(self) -> [[u8; PITS]; 2] {
        let side: [u8; PITS] = match self {
            // Inner row: local 8..16.
            Variant::Igisoro | Variant::IgisoroFr => [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4],
            // Outer row: local 0..8.
            Variant::IgisoroWikipedia | Variant::Ikibuguzo2 => [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0],
            // Ludii's arrangement, in sowing order from the outer-left pit.
            Variant::Ikibuguzo1 => [0, 6, 0, 0, 0, 0, 0, 17, 0, 3, 0, 3, 0, 3, 0, 0],
        };
        [side, side]
    }

    /// Total seeds (64 for the whole family).
    pub fn seed_total(self) -> u32 {
        64
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a known variant or alias.
pub use crate::setup_checks::UnknownVariant;

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        parse_variant(&Variant::ALL, s, Variant::name, Variant::aliases)
    }
}
