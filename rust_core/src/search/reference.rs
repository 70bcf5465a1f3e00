//! The oracle: a plain, unpruned, fixed-depth negamax over whole turns, with
//! no table, no ordering and no memo (after minimax-rs `tests/strategies.rs`).
//!
//! It defines what the optimised search must compute. The turn is walked
//! decision by decision with the path checked for repeats, exactly as the
//! rules define a legal move; mover decisions maximise, the opponent's
//! in-turn decisions minimise, and options from which the turn cannot finish
//! are not options. A result's value is minus the next side's value, or the
//! value itself when the same side moves again (turns need not alternate).
//! Slow on purpose: it is only for tests.

use super::searcher::{lost, EvalFn};
use super::Engine;
use crate::explore::has_legal_move;
use crate::game::{Actor, Advance, NoTrace, Point};
use std::collections::HashSet;

/// The fixed-depth negamax value of `pos` (side to move's view).
pub fn negamax<G: Engine>(pos: &G::Pos, depth: u32, ply: u32, eval: EvalFn<G::Pos>) -> i32 {
    let mut unbounded = u64::MAX;
    negamax_bounded::<G>(pos, depth, ply, eval, &mut unbounded).expect("unbounded")
}

/// [`negamax`] giving up (`None`) after `budget` in-turn steps, so tests
/// can skip positions whose turns are too big for a plain search (with
/// optional capture and retreat a turn can have millions of decision nodes).
pub fn negamax_bounded<G: Engine>(
    pos: &G::Pos,
    depth: u32,
    ply: u32,
    eval: EvalFn<G::Pos>,
    budget: &mut u64,
) -> Option<i32> {
    if let Some((w, _)) = G::decided(pos) {
        return Some(if w == G::to_move(pos) { -lost(ply) } else { lost(ply) });
    }
    if G::cannot_end(pos).is_some() {
        return Some(0);
    }
    if depth == 0 {
        return Some(if has_legal_move::<G>(pos) { eval(pos) } else { lost(ply) });
    }
    let root = G::root(pos);
    let mut path = HashSet::new();
    path.insert(root.clone());
    match turn::<G>(pos, &root, &mut path, depth, ply, eval, budget) {
        Err(()) => None,
        Ok(v) => Some(v.unwrap_or(lost(ply))),
    }
}

/// The mover's value of an in-turn node; `Ok(None)` if no finished turn is
/// reachable without repeating a state of the path, `Err` if out of budget.
fn turn<G: Engine>(
    pos: &G::Pos,
    node: &G::Node,
    path: &mut HashSet<G::Node>,
    depth: u32,
    ply: u32,
    eval: EvalFn<G::Pos>,
    budget: &mut u64,
) -> Result<Option<i32>, ()> {
    // The path length bound also keeps the recursion off the stack limit.
    if *budget == 0 || path.len() > 2000 {
        return Err(());
    }
    *budget -= 1;
    let mut opts = Vec::new();
    let actor = match G::point(pos, node, &mut opts) {
        Point::Done => {
            let next = G::finish(pos, node);
            let v = negamax_bounded::<G>(&next, depth - 1, ply + 1, eval, budget).ok_or(())?;
            // Negate only when the side to move changes (Isolo's fore-play
            // winner moves again: kucheleka, then the first main-game move).
            return Ok(Some(if G::to_move(&next) == G::to_move(pos) { v } else { -v }));
        }
        Point::Decide(a) => a,
    };
    let mut best: Option<i32> = None;
    for c in opts {
        let Advance::Reached(next, _) = G::advance(pos, node, c, &mut NoTrace) else { continue };
        if !path.insert(next.clone()) {
            continue;
        }
        let v = turn::<G>(pos, &next, path, depth, ply, eval, budget);
        path.remove(&next);
        if let Some(v) = v? {
            best = Some(match (best, actor) {
                (None, _) => v,
                (Some(b), Actor::Mover) => b.max(v),
                (Some(b), Actor::Opponent) => b.min(v),
            });
        }
    }
    Ok(best)
}
