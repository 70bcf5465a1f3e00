//! A root whose move list is only a sample: the family may choose the move
//! there by a search of its own instead of the alpha-beta over the listed
//! options.
//!
//! Why a hook: Omweso's set-up move is a whole arrangement, one of
//! C(47, 15), and its move list is a documented sample of two
//! (`crate::omweso::arrangement::sample`); a search over that list would
//! answer every set-up position with one of two arrangements. Its chooser
//! (`super::omweso_arrange`) searches candidate arrangements instead, and
//! every entry point (analyses, streams, batches, levels) reaches it
//! through [`RootChoice::choose_root`] at the one place an analysis starts
//! (`super::iterative`). Every other family keeps the default: no choice of
//! its own.

use super::analysis::Analysis;
use super::limits::Limits;
use crate::game::Game;

/// A family's own choice of the root move where [`Game`]'s list is a sample.
pub trait RootChoice: Game {
    /// The analysis of `pos` when the family chooses its root move itself
    /// (under `limits`, with `eval` at the leaves), or `None` to search the
    /// listed options as usual (the default).
    fn choose_root(_pos: &Self::Pos, _limits: &Limits, _eval: fn(&Self::Pos) -> i32) -> Option<Analysis> {
        None
    }
}
