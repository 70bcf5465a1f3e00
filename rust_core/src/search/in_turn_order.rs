//! The order in which the in-turn search tries a decision node's options.
//!
//! Why: inside a turn with opponent decisions (Igisoro's retreat) the
//! search is an alpha-beta of its own (see [`super::in_turn`]), and it
//! prunes only when each side's best option comes first. The options come
//! in the rules' canonical order, which for Igisoro lists "pass" before
//! "capture" and "no retreat" before "retreat": for both sides the usually
//! worse option first, so the in-turn search rarely cut off (igisoro mid-1
//! of `bench/data/search_positions.txt`, depth 4: 1,833 nodes in canonical
//! order, 498 with the order below; see `git show 923cacc^:BENCHMARKS.md`).
//!
//! What: each node gets an estimate, the in-turn minimax of the seeds the
//! mover captures by the end of the turn (mover nodes take the maximum,
//! opponent nodes the minimum, a finished turn its own capture count), and
//! each node's children are sorted by it: highest first at mover nodes,
//! lowest first at opponent nodes, options from which the turn cannot
//! finish last. Only the capture counts the graph already holds are used
//! (no evaluation, no rule knowledge), ties keep the canonical order, and
//! the order changes which nodes are visited, never a value.
//!
//! Graphs without opponent nodes are left alone (their options are all
//! finished turns, ordered at the frontier by [`super::ordering`]), and so
//! are cyclic graphs (an estimate would depend on the path; they are rare
//! and searched exactly by the path-checked search whatever the order).

use super::turn_graph::{Kind, TurnGraph};
use crate::game::Game;

impl<G: Game> TurnGraph<G> {
    /// Sort every node's children by the capture estimate (see module docs).
    pub(crate) fn order_in_turn(&mut self) {
        if !self.has_opponent || self.cyclic {
            return;
        }
        let est = self.capture_estimates();
        // Sort key: options that can finish first, then best for the
        // node's decider; `sort_by_key` is stable, so ties stay canonical.
        for i in 0..self.kind.len() {
            let max = match self.kind[i] {
                Kind::Mover => true,
                Kind::Opponent => false,
                Kind::Done(_) => continue,
            };
            let (a, b) = (self.child_start[i] as usize, self.child_start[i + 1] as usize);
            self.children[a..b].sort_by_key(|&c| match est[c as usize] {
                None => (1, 0),
                Some(v) if max => (0, -(v as i64)),
                Some(v) => (0, v as i64),
            });
        }
    }

    /// Per node, the in-turn minimax of the mover's captured seeds, or
    /// `None` when no finished turn is reachable. Needs an acyclic graph:
    /// an iterative depth-first post-order, so deep turns cannot overflow
    /// the stack.
    fn capture_estimates(&self) -> Vec<Option<u32>> {
        let n = self.kind.len();
        let mut est: Vec<Option<u32>> = vec![None; n];
        let mut done = vec![false; n];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        while let Some(&mut (i, ref mut next)) = stack.last_mut() {
            let children = self.children_of(i);
            if let Some(&c) = children.get(*next) {
                *next += 1;
                if !done[c as usize] {
                    stack.push((c, 0));
                }
                continue;
            }
            stack.pop();
            let iu = i as usize;
            est[iu] = match self.kind[iu] {
                Kind::Done(r) => Some(self.results[r as usize].captured),
                Kind::Mover => children.iter().filter_map(|&c| est[c as usize]).max(),
                Kind::Opponent => children.iter().filter_map(|&c| est[c as usize]).min(),
            };
            done[iu] = true;
        }
        est
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::{notation, Igisoro};

    /// North to move in igisoro, reached by the benchmark's mid-1 search:
    /// its turn offers captures (the rules list "p" before "x") and the
    /// opponent's retreat ("n" before "r").
    const RETREATS: &str = "igisoro 0,6,1,6,1,3,0,0/0,5,4,0,2,0,0,7/3,2,2,3,2,1,2,5/3,1,1,0,1,2,1,0 n";

    #[test]
    fn children_are_sorted_by_the_capture_estimate() {
        let p = notation::parse(RETREATS).unwrap();
        let g = TurnGraph::<Igisoro>::build(&p);
        assert!(g.has_opponent && !g.cyclic);
        let est = g.capture_estimates();
        let mut capture_first = 0;
        for i in 0..g.kind.len() as u32 {
            let keys: Vec<(bool, i64)> = g
                .children_of(i)
                .iter()
                .map(|&c| match (est[c as usize], g.kind[i as usize]) {
                    (None, _) => (true, 0),
                    (Some(v), Kind::Mover) => (false, -(v as i64)),
                    (Some(v), _) => (false, v as i64),
                })
                .collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "node {i}: {keys:?}");
            // A child whose canonical edge comes from `i` tells which choice it is.
            let choice = |c: u32| match g.parent[c as usize] {
                Some((q, ch)) if q == i => Igisoro::choice_text(&p, ch),
                _ => String::new(),
            };
            let names: Vec<String> = g.children_of(i).iter().map(|&c| choice(c)).collect();
            let first_is_capture = names.first().is_some_and(|s| s == "x");
            if g.kind[i as usize] == Kind::Mover && first_is_capture && names.iter().any(|s| s == "p") {
                capture_first += 1;
            }
        }
        assert!(capture_first > 0, "no capture was moved before its pass");
    }

    #[test]
    fn the_frontier_keeps_the_canonical_order() {
        let p = notation::parse(RETREATS).unwrap();
        let g = TurnGraph::<Igisoro>::build(&p);
        let moves: Vec<String> =
            g.frontier().iter().map(|&n| crate::moves::format_move::<Igisoro>(&p, &g.path_to(n))).collect();
        // Breadth-first in the rules' order: the start pits, then the
        // decisions after them, "p" before "x".
        assert_eq!(moves, ["b3", "c3", "e3", "f4", "h3", "b4-p", "d4-p", "b4-x-p", "b4-x-x", "d4-x-p", "d4-x-x"]);
    }
}
