//! Isolo's variant metadata (after shakmaty's `Variant`): name, aliases,
//! source, default rules and start position. A closed enum with one member
//! today, so that a second reading (for example Deledicq and Popova's) can be
//! added the same way as in the 4x8 family.

use super::geometry::MAX_HOLES;
use super::rules::Rules;
use crate::setup_checks::parse_variant;
use std::fmt;
use std::str::FromStr;

/// An Isolo rule system (see `docs/ISOLO.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Isolo of the Bemba (Zambia) as Chaplin (1956) describes it, read as
    /// pinned by RULES-NOTES.md.
    Isolo,
}

impl Variant {
    /// Every variant, the default first.
    pub const ALL: [Variant; 1] = [Variant::Isolo];

    /// The canonical name used in JSON and notation.
    pub fn name(self) -> &'static str {
        "isolo"
    }

    /// Other accepted names.
    pub fn aliases(self) -> &'static [&'static str] {
        &["isolo-bemba", "bemba-isolo"]
    }

    /// Where the rules come from.
    pub fn source(self) -> &'static str {
        "Mancala World, \"Isolo\" (seed 004), after J. H. Chaplin, \"A Note on Mancala Games in Northern \
         Rhodesia\", Man 56 (12): 169, 1956; read as docs/ISOLO.md pins it"
    }

    /// One sentence for people choosing a variant.
    pub fn description(self) -> &'static str {
        "Bemba Isolo (Zambia): two rows of 4 holes, a stock seed added to the chosen hole before every \
         move, sowing from the leftmost hole, obligatory captures resown, a fore-play, the winner's free \
         rearrangement (kucheleka) and a main game; a player whose row is emptied loses."
    }

    /// The variant's rule options.
    pub fn rules(self) -> Rules {
        Rules::default()
    }

    /// Seeds in every hole at the start (of the fore-play; also what the
    /// fore-play's loser gets in every hole for the main game).
    pub fn seeds_per_hole(self) -> u16 {
        2
    }

    /// The start counts for `rules`, `[side][local hole]` (both sides alike).
    pub fn start_rows(self, rules: &Rules) -> [[u16; MAX_HOLES]; 2] {
        let mut row = [0u16; MAX_HOLES];
        row[..rules.n()].fill(self.seeds_per_hole());
        [row, row]
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
