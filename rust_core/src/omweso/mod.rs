//! Omweso (Mweso) of Uganda: the 4x8 board of Igisoro, with a set-up stage
//! (each side arranges its 32 seeds freely), captures of both opposite pits
//! sown from where the capturing lap began, clockwise laps from the four
//! left-hand pits only towards a capture, and (in `omweso`) the win by
//! capturing at both ends. Implements [`crate::game::Game`], so `explore`
//! (legal moves, play, perft) uses it unchanged. Rules as implemented:
//! `docs/OMWESO.md`; why a family of its own and not options of `board4x8`:
//! `docs/ARCHITECTURE.md`, "Omweso".

pub mod arrangement;
pub mod notation;
pub mod position;
pub mod rules;
pub mod standard;
pub mod turn;
pub mod variant;

pub use arrangement::{ArrangeError, Arrangement};
pub use position::{Phase, Position, PositionError, Setup, MAX_TOTAL};
pub use rules::Rules;
pub use turn::{Choice, Omweso};
pub use variant::Variant;
