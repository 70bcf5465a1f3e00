//! Rules engine for Igisoro and related mancala games.
//!
//! The API is the list of names below, at the crate root: one position type
//! over every rule system ([`AnyPosition`]: setup, notation, the JSON form,
//! moves, play, search, solve), the calls under one time [`Budget`]
//! ([`LegalMove`], [`PlayedMove`], [`Decision`]), the search's limits and
//! answers ([`Limits`], [`Analysis`], [`Solution`]), the game [`Review`], the
//! JSON writers of those answers ([`analysis_json`], ...) and every [`Error`]
//! a caller sees.
//!
//! Layout (private modules, as shakmaty keeps its own behind its `lib.rs`):
//! `game` is the interface a rule system implements; `explore` is
//! everything built on it that does not depend on the rules (complete
//! moves, step-wise decisions, checked play, random play, perft);
//! `board4x8` and `isolo` hold the rule systems; `any_variant` picks one
//! from a variant name, `any_setup` is a setup of either, not yet validated,
//! and `any_position` the validated position over both (dispatch, variant
//! metadata); `json_form` is the JSON form's reader and writer; `known` a review assembled from plies reviewed before; `calls` runs
//! each operation under one budget (`budget`); `search` is the search, apart
//! from the rules; `review` is the game review; `json_out` writes search
//! results (scores, analyses, solutions, reviews) as JSON; `error` is every
//! error a caller sees. PyO3 bindings live only in `python/` (marshalling
//! only), behind the `python` feature. With the `internals` feature (the
//! bench and the integration tests) the modules are public.

/// Declares modules that are the crate's internals: private to the crate,
/// and public only with the `internals` feature, which the hand-run bench
/// (`bench/`) and the crate's own integration tests turn on to reach them
/// (the rules families, a searcher, a turn graph, the static terms). Not a
/// stable interface: the curated API is the `pub use` list below (as
/// shakmaty's `lib.rs` keeps its modules private behind one list of names).
/// Also used by [`search`](mod@search) for its own modules.
macro_rules! internal_modules {
    ($($(#[$attr:meta])* $name:ident;)*) => {$(
        $(#[$attr])*
        #[cfg(feature = "internals")]
        pub mod $name;
        $(#[$attr])*
        #[cfg(not(feature = "internals"))]
        // Items and re-exports only the bench or the integration tests use
        // are unused without the feature.
        #[allow(dead_code, unused_imports)]
        pub(crate) mod $name;
    )*};
}

internal_modules! {
    any_position;
    any_setup;
    any_variant;
    board4x8;
    budget;
    calls;
    engine_call;
    error;
    explore;
    game;
    isolo;
    json_form;
    json_out;
    known;
    moves;
    notation_syntax;
    omweso;
    review;
    rng;
    search;
    setup_checks;
    side;
}

#[cfg(feature = "python")]
mod python;

// The curated API: what a caller of the engine needs, named at the root
// (with the types its answers are made of: an analysis's lines, a review's
// plies, an error's parts).
pub use any_position::{variants, AnyPosition, Family, VariantInfo};
pub use any_setup::AnySetup;
pub use any_variant::{AnyVariant, Board};
pub use budget::Budget;
pub use calls::{Decision, LegalMove, PlayedMove, MAX_TRACE_EVENTS};
pub use error::{Error, ErrorParts, ErrorValue};
pub use game::{Actor, Ending, Game, PlayError, Status, WinReason};
pub use json_out::{analysis_json, review_json, score_json, solution_json};
pub use known::{review_known, KnownPly, KnownReview, KnownReviews};
// An error's parts: Omweso's set-up refusals carry their code (`Error::Arrangement`).
pub use omweso::ArrangeError;
pub use review::{Label, Review, ReviewedPly};
pub use search::{Analysis, Limits, Line, Outcome, Score, Solution, StopReason};
pub use side::Side;
