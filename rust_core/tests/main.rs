//! The integration tests of the core, in one test binary (`cargo test
//! --test engine`): each file here is a module, so the search and the rules
//! families are compiled and linked once, not once per file (19 binaries
//! took twice the build time). `search_limits.rs` and `level_budget.rs`
//! stay binaries of their own: they measure time, and run alone.
//!
//! Run one file's tests with a filter: `cargo test --test engine solve::`.

mod isolo_common;
mod played;

mod determinism;
mod distinct_results;
mod fuzz_parse;
mod isolo_properties;
mod isolo_scenarios;
mod isolo_setup;
mod omweso_properties;
mod omweso_scenarios;
mod perft;
mod proof_in_analysis;
mod scenarios;
mod search_always_moves;
mod search_forced;
mod search_isolo;
mod search_oracle;
mod search_partial;
mod search_pv;
mod search_reductions;
mod search_reporting;
mod solve;
mod sure_move;
mod value_net;
