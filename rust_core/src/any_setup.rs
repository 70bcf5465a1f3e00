//! A setup of any rule system ([`AnySetup`]): typed from the JSON form's
//! parts, not yet validated ([`crate::any_position::AnyPosition::from_setup`]
//! validates it).
//!
//! Why its own file: the JSON form's reader ([`crate::json_form`]) builds it
//! and the position over every rule system ([`crate::any_position`]) checks
//! it; kept below both, the reader does not import the positions, and the
//! positions import the reader's writer only.

use crate::any_variant::AnyVariant;
use crate::board4x8 as b4;
use crate::error::{Error, FormError};
use crate::isolo as iso;
use crate::omweso as om;

/// A state field of the JSON form beyond the board and side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extra {
    Int(i64),
    /// `None` is written as `null`.
    Text(Option<String>),
}

/// A setup of either rule system: typed, not yet validated.
#[derive(Clone, Debug)]
pub enum AnySetup {
    Board4x8(b4::Setup),
    Isolo(iso::Setup),
    Omweso(om::Setup),
}

impl AnySetup {
    /// A setup from the JSON form's parts, read into their types (the JSON
    /// reader's text edge; see [`b4::Setup::from_text`]): `state` holds the
    /// variant's extra fields, `opening_plies` and `winner` (4x8, defaults 0 and
    /// none) or `phase` (Isolo, default `fore_play`); another field is an
    /// error naming the variant's own.
    pub fn new(
        variant: String,
        rules: Vec<(String, String)>,
        pits: Vec<Vec<i64>>,
        to_move: String,
        state: Vec<(String, Extra)>,
    ) -> Result<AnySetup, Error> {
        let any: AnyVariant = variant.parse()?;
        let allowed = any.board().state_fields();
        if let Some((k, _)) = state.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            return Err(FormError::field(
                k.as_str(),
                format!(
                    "field '{}' does not apply to variant '{}' (its state fields: {})",
                    k,
                    variant,
                    allowed.join(", ")
                ),
            )
            .into());
        }
        let get = |name: &str| state.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let wrong = |name: &str| Error::from(FormError::field(name, format!("{} has the wrong JSON type", name)));
        match any {
            AnyVariant::Board4x8(v) => {
                let opening_plies = match get("opening_plies") {
                    None => 0,
                    Some(Extra::Int(n)) => n,
                    Some(_) => return Err(wrong("opening_plies")),
                };
                let winner = match get("winner") {
                    None => None,
                    Some(Extra::Text(t)) => t,
                    Some(_) => return Err(wrong("winner")),
                };
                b4::Setup::from_text(v, &rules, pits, &to_move, opening_plies, winner.as_deref())
                    .map(AnySetup::Board4x8)
                    .map_err(Error::from)
            }
            AnyVariant::Isolo(v) => {
                let phase = match get("phase") {
                    None => iso::Phase::ForePlay.name().to_string(),
                    Some(Extra::Text(Some(t))) => t,
                    Some(_) => return Err(wrong("phase")),
                };
                iso::Setup::from_text(v, &rules, pits, &to_move, &phase).map(AnySetup::Isolo).map_err(Error::from)
            }
            AnyVariant::Omweso(v) => {
                // The sowing phase is the default, as in the notation.
                let phase = match get("phase") {
                    None => om::Phase::Play.name().to_string(),
                    Some(Extra::Text(Some(t))) => t,
                    Some(_) => return Err(wrong("phase")),
                };
                let winner = match get("winner") {
                    None => None,
                    Some(Extra::Text(t)) => t,
                    Some(_) => return Err(wrong("winner")),
                };
                om::Setup::from_text(v, &rules, pits, &to_move, &phase, winner.as_deref())
                    .map(AnySetup::Omweso)
                    .map_err(Error::from)
            }
        }
    }
}
