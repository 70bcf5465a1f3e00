//! Game-tree search: alpha-beta over whole turns with iterative deepening,
//! a transposition table, move ordering and the opponent's in-turn
//! decisions searched as min nodes. Everything here is engine opinion; the
//! rules (what is legal) stay in the rule modules and reach the search only
//! through [`Game`] and the four small traits below.
//!
//! One file per technique:
//! - [`turn_graph`]: a turn as a graph of decision nodes, results deduplicated;
//! - [`searcher`]: the state of one search, which the next three extend;
//! - [`alphabeta`]: negamax over whole turns, principal variation search;
//! - [`in_turn`]: the mover's max and the opponent's min nodes inside a turn;
//! - [`in_turn_order`]: which in-turn option to try first (capture estimates);
//! - [`tt`], [`zobrist`]: the transposition table and its keys;
//! - [`ordering`]: TT move, captures, killers, history;
//! - [`guess`]: the TT move or a killer tried before a turn graph is built;
//! - [`limits`]: depth / nodes / time / cancellation;
//! - [`iterative`]: iterative deepening and multi-PV; [`analysis`]: its result type;
//! - [`eval`], [`zobrist`], [`ordering`]'s `MoveKey`, [`win_probability`](mod@win_probability)'s
//!   `WinModel`: the traits a family implements (evaluation, keys, move keys, win model);
//! - [`board4x8`]: the 4x8 family's implementations (static terms, the tempo
//!   look-ahead, keys, the fitted win model);
//! - [`isolo`]: the same for Isolo;
//! - [`level`]: strength levels 1..10;
//! - [`win_probability`](mod@win_probability): the side to move's chance to win, from a score;
//! - [`batch`]: many positions in parallel;
//! - [`solve`](mod@solve): a proof-number solver (df-pn): proven win, loss or unknown
//!   (`solve_turn`: one turn as an AND/OR graph; `solve_tt`: its table, sized to the budget);
//! - [`solve_check`]: an independent walk of a whole proof tree with the rules;
//! - [`proof_first`]: the solver's share of a timed analysis, whose checked
//!   proof answers the analysis ([`StopReason::Solved`]);
//! - [`reference`](mod@reference): the plain negamax the tests use as an oracle;
//! - [`root_choice`]: a family's own choice of the root move where its move
//!   list is a sample ([`omweso_arrange`]: Omweso's arrangement chooser).
//!
//! Entry points: [`analyse`], [`analyse_with`], [`best_move`], [`analyse_many`],
//! [`solve()`].
//!
//! Known limits, and why:
//! - Turn size. With optional capture and retreat one turn can have
//!   thousands to millions of decision nodes. Each turn graph is capped at
//!   `Limits::turn_nodes` (4096 by default); a capped turn is searched in
//!   part and counted in `Analysis::truncated_turns`, so callers can tell an
//!   exact result from an approximation.
//! - Slow single steps. Settling an endless relay chain exactly can take
//!   hundreds of millions of laps (seconds). Inside the tree a chain is cut
//!   after `Limits::turn_laps` laps (2,000 by default, a few microseconds): its
//!   option is left out and the turn counts in `truncated_turns`; a leaf
//!   whose only possible moves were cut is evaluated, not scored as lost.
//!   The root's moves are always settled exactly, so the best move is legal
//!   and none is missing. (One measured position went from 27 s to 7 ms at
//!   depth 4, with the same result.)
//! - Non-alternating turns. A child's value is negated only when the side
//!   to move changes; `Score::Win/Loss { turns }` still converts plies to
//!   turns as if sides alternated (exact except across Isolo's kucheleka).
//! - Cyclic turn graphs (a turn can come back to a decision node). Inside
//!   the tree they are searched exactly with a path check; at the root each
//!   option is searched with its canonical route marked as visited.

// The search's modules: private, public only with the `internals` feature
// (`internal_modules!`, declared in the crate root).
internal_modules! {
    alphabeta;
    analysis;
    batch;
    board4x8;
    eval;
    guess;
    in_turn;
    in_turn_order;
    isolo;
    iterative;
    level;
    level_table;
    limits;
    omweso;
    omweso_arrange;
    ordering;
    proof_first;
    reference;
    root_choice;
    searcher;
    solve;
    solve_check;
    tt;
    turn_graph;
    win_probability;
    zobrist;
}
mod solve_tt;
mod solve_turn;

pub use batch::analyse_many;
pub use eval::Evaluate;
pub use iterative::{analyse, analyse_reporting, analyse_with, Analysis, Line, Score};
pub use level::{best_move, best_move_until};
pub use level_table::LevelTable;
pub use limits::{Limits, StopReason, SOLVE_SHARE, SOLVE_SHARE_MAX_MS};
pub use ordering::MoveKey;
pub use root_choice::RootChoice;
pub use solve::{solve, solve_certified, Certificate, Outcome, Solution};
pub use solve_check::{check, check_until, solve_checked, Check};
pub use win_probability::{win_probability, Context, WinModel};
pub use zobrist::Zobrist;

use crate::game::Game;

/// Everything the search needs from a rule system: the rules ([`Game`]), an
/// evaluation, position keys, move keys, its own root choice where its
/// move list is a sample ([`RootChoice`]) and its level table
/// ([`LevelTable`]). Implemented for
/// [`crate::board4x8::Igisoro`] and [`crate::isolo::Isolo`] (see [`isolo`]).
/// The side to move always comes from [`Game::to_move`]: turns need not
/// alternate (Isolo's fore-play winner moves again).
pub trait Engine: Game + Evaluate + Zobrist + MoveKey + RootChoice + LevelTable {}
impl<G: Game + Evaluate + Zobrist + MoveKey + RootChoice + LevelTable> Engine for G {}
