//! Static evaluation, the trait: the engine's opinion of a position where
//! the game goes on, from the side to move's point of view, in centiseeds
//! (100 = one seed of material).
//!
//! Kept out of the rules on purpose: the rules say what is legal, an
//! evaluation says what is good, and a different engine (or the public
//! baseline) can plug in another function without touching either. Each
//! family's evaluation lives with its search code: [`super::board4x8`]
//! (the fitted terms and the tempo look-ahead) and [`super::isolo`].

use crate::game::Game;

/// A game the search can evaluate.
pub trait Evaluate: Game {
    /// Score of a position where the game goes on, from the side to move's
    /// view, in centiseeds. Must stay well inside `±MATE_BOUND`.
    fn evaluate(pos: &Self::Pos) -> i32;
    /// The evaluation of a playing search (the strength levels, through
    /// [`super::Limits::playing`]): by default [`Evaluate::evaluate`]. The
    /// 4x8 family adds its learned correction here (`board4x8::value_net`):
    /// it chooses moves a little better but moves fixed-depth scores more
    /// from one depth to the next, which an analysis must not (see
    /// `docs/benchmarks/levels.md`, the ablation table).
    fn evaluate_playing(pos: &Self::Pos) -> i32 {
        Self::evaluate(pos)
    }
    /// Whether a playing search of this game uses late-move reductions
    /// (`super::alphabeta`): only where they were measured to help (the
    /// 4x8 family, `docs/benchmarks/levels.md`); off by default.
    const PLAYING_REDUCTIONS: bool = false;
    /// The public baseline's evaluation: 10 x material + 2 x mobility (in
    /// seed and pit counts), scaled to centiseeds.
    fn baseline(pos: &Self::Pos) -> i32;
}

/// Centiseeds per seed.
pub const SEED: i32 = 100;
