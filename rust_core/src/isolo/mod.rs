//! Isolo of the Bemba (Zambia; Chaplin 1956): two rows of `n` holes, a stock
//! seed added before every move, a fore-play, the winner's rearrangement
//! (kucheleka) and a main game. Implements the same [`crate::game::Game`]
//! trait as the 4x8 family, so `explore`, search and the bindings use it
//! unchanged. Rules as implemented: `docs/ISOLO.md`.

pub mod geometry;
pub mod kucheleka;
pub mod notation;
pub mod position;
pub mod rules;
pub mod turn;
pub mod variant;

pub use geometry::Hole;
pub use kucheleka::{arrange, ArrangeError, Arrangement};
pub use position::{Phase, Position, PositionError, Setup, MAX_TOTAL};
pub use rules::Rules;
pub use turn::{Choice, Isolo};
pub use variant::Variant;
