//! The Igisoro family on a 4x8 board: Igisoro (Mancala World, Wikipedia,
//! French school rules) and Ikibuguzo (Ludii's two openings).

pub(crate) mod cycles;
pub mod ending;
pub mod geometry;
mod landing_classes;
pub mod notation;
pub mod position;
pub mod rules;
pub mod turn;
pub mod variant;

pub use geometry::Pit;
pub use position::{Position, PositionError, Setup};
pub use rules::Rules;
pub use turn::{Choice, Igisoro};
pub use variant::Variant;
