//! The variant names of every rule system, read once ([`AnyVariant`]), and
//! the rule systems themselves ([`Board`]): their options and the JSON
//! form's state fields.
//!
//! Why its own file: the JSON form's reader ([`crate::json_form`]) and the
//! position over every rule system ([`crate::any_position`]) both choose a
//! rule system from a name; kept below both, neither imports the other for it.

use crate::board4x8 as b4;
use crate::board4x8::rules::OptionKind;
use crate::error::Error;
use crate::isolo as iso;
use crate::omweso as om;

/// A variant of either rule system, read once from its name (or alias) at
/// a text edge, so that the rule system is chosen and the setup built
/// without reading the name again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyVariant {
    /// A variant of the 4x8 family.
    Board4x8(b4::Variant),
    /// An Isolo variant.
    Isolo(iso::Variant),
    /// An Omweso variant.
    Omweso(om::Variant),
}

impl AnyVariant {
    /// The rule system the variant belongs to.
    pub fn board(self) -> Board {
        match self {
            AnyVariant::Board4x8(_) => Board::FourByEight,
            AnyVariant::Isolo(_) => Board::TwoRows,
            AnyVariant::Omweso(_) => Board::Omweso,
        }
    }
}

/// A name or alias of any family; an unknown one is
/// [`Error::UnknownVariant`], whose message lists every variant.
impl std::str::FromStr for AnyVariant {
    type Err = Error;
    fn from_str(variant: &str) -> Result<AnyVariant, Error> {
        if let Ok(v) = variant.parse::<b4::Variant>() {
            Ok(AnyVariant::Board4x8(v))
        } else if let Ok(v) = variant.parse::<iso::Variant>() {
            Ok(AnyVariant::Isolo(v))
        } else if let Ok(v) = variant.parse::<om::Variant>() {
            Ok(AnyVariant::Omweso(v))
        } else {
            Err(Error::UnknownVariant(variant.to_string()))
        }
    }
}

/// The rule system a variant name (or alias) belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// The Igisoro family, 4 rows of 8.
    FourByEight,
    /// Isolo, 2 rows of 4..8 holes.
    TwoRows,
    /// Omweso: the 4x8 board under rules of its own (a set-up phase,
    /// its own options), so a rule system apart from `FourByEight`.
    Omweso,
}

impl Board {
    /// Which rule system `variant` names.
    pub fn of(variant: &str) -> Result<Board, Error> {
        variant.parse::<AnyVariant>().map(AnyVariant::board)
    }

    /// `4x8` or `2xn`, as the variant metadata spells it.
    pub fn name(self) -> &'static str {
        match self {
            Board::FourByEight => "4x8",
            Board::TwoRows => "2xn",
            // Not "4x8": the name keys the option listing, and Omweso's
            // options are not the Igisoro family's.
            Board::Omweso => "omweso",
        }
    }

    /// The rule system's options: (name, kind, description).
    pub fn options(self) -> &'static [(&'static str, OptionKind, &'static str)] {
        match self {
            Board::FourByEight => b4::rules::OPTIONS,
            Board::TwoRows => iso::rules::OPTIONS,
            Board::Omweso => om::rules::OPTIONS,
        }
    }

    /// The JSON form's state fields beyond the board and side to move.
    pub fn state_fields(self) -> &'static [&'static str] {
        match self {
            Board::FourByEight => &["opening_plies", "winner"],
            Board::TwoRows => &["phase"],
            Board::Omweso => &["phase", "winner"],
        }
    }
}

/// The rule systems, in listing order.
pub const BOARDS: [Board; 3] = [Board::FourByEight, Board::TwoRows, Board::Omweso];
