//! Rules engine for Igisoro and related mancala games.
//!
//! Layout: [`game`] is the interface a rule system implements; [`explore`]
//! is everything built on it that does not depend on the rules (complete
//! moves, step-wise decisions, checked play, random play, perft);
//! [`board4x8`] and [`isolo`] hold the rule systems; [`any_position`] is one
//! position type over both (dispatch, variant metadata); [`json_form`] is
//! the JSON form's reader and writer; [`review`] is the game review, and
//! [`review_known`] one assembled from plies reviewed before;
//! [`json_out`] writes search results (scores, analyses, solutions,
//! reviews) as JSON; [`error`] is every error a caller
//! sees. PyO3 bindings live only in `python/` (marshalling only), behind
//! the `python` feature.

pub mod any_position;
pub mod board4x8;
pub mod budget;
pub mod calls;
pub mod error;
pub mod explore;
pub mod game;
pub mod isolo;
pub mod json_form;
pub mod json_out;
// A review from plies known before: reached through the names below.
mod known;
pub mod moves;
pub mod review;
pub mod rng;
pub mod search;
pub mod side;

// Internals: public only with the `internals` feature (see `search`'s
// `internal_modules!`), for the bench and the integration tests.
#[cfg(feature = "internals")]
pub mod notation_syntax;
#[cfg(not(feature = "internals"))]
mod notation_syntax;
#[cfg(feature = "internals")]
pub mod setup_checks;
#[cfg(not(feature = "internals"))]
mod setup_checks;

#[cfg(feature = "python")]
mod python;

// The curated API: what a caller of the engine needs, named at the root.
pub use any_position::{variants, AnyPosition, AnySetup, AnyVariant, Board, Family, VariantInfo};
pub use budget::Budget;
pub use calls::{Decision, LegalMove, PlayedMove, MAX_TRACE_EVENTS};
pub use error::Error;
pub use game::{Actor, Ending, Game, Status, WinReason};
pub use json_out::{analysis_json, review_json, score_json, solution_json};
pub use known::{review_known, KnownPly, KnownReview, KnownReviews};
pub use review::{Label, Review};
pub use search::{Analysis, Limits, Outcome, Score, Solution, StopReason};
pub use side::Side;
