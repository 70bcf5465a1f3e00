//! One position's turn seen by the proof-number solver ([`super::solve`](mod@super::solve)):
//! an AND/OR graph for one attacker over the turn graph's nodes, with the
//! proof and disproof numbers of its results. The attacker's decisions are
//! OR nodes, the defender's AND nodes, whoever's turn it is (a retreat is
//! decided by the side not moving). Options from which the turn cannot
//! finish are not options, as in [`super::reference`].
//!
//! Why its own file: the solver recurses over positions; everything inside
//! one position's turn (its numbers, which result to expand next with which
//! thresholds, the proof's length and line) is this small graph walk.

use super::turn_graph::{Kind, TurnGraph};
use crate::game::Game;
use crate::side::Side;

/// Proof and disproof numbers of a node for one attacker: `pn == 0` is
/// proven (the attacker wins), `dn == 0` disproven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pn {
    pub(super) pn: u64,
    pub(super) dn: u64,
}

/// Infinity for proof numbers; sums stay below it unless a term is it.
pub(super) const INF: u64 = u32::MAX as u64;

pub(super) const PROVEN: Pn = Pn { pn: 0, dn: INF };
pub(super) const DISPROVEN: Pn = Pn { pn: INF, dn: 0 };
/// An unknown leaf: the attacker does not win through it (module docs).
pub(super) const UNKNOWN: Pn = DISPROVEN;
/// A node never expanded.
pub(super) const FRESH: Pn = Pn { pn: 1, dn: 1 };

pub(super) fn add(a: u64, b: u64) -> u64 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

/// The threshold for the best child given the second best `x`: the
/// "1 + epsilon" trick (Pawlewicz & Lew 2007) with epsilon = 1/4. Why: with
/// the plain `x + 1` two children of close value make the search switch
/// between them at every step, re-expanding both.
pub(super) fn widen(x: u64) -> u64 {
    if x >= INF {
        INF
    } else {
        (x + 1 + x / 4).min(INF)
    }
}

/// A node's own decider: the attacker's nodes are OR nodes.
pub(super) fn is_or(decider: Side, attacker: Side) -> bool {
    decider == attacker
}

/// A distance standing for "not known": the stored proof below was lost.
pub(super) const LOST_DIST: u32 = u16::MAX as u32;

/// One position's turn graph seen as an AND/OR graph for one attacker,
/// with the current numbers of its results.
pub(super) struct View<'a, G: Game> {
    pub(super) g: &'a TurnGraph<G>,
    pub(super) values: &'a [Pn],
    pub(super) mover: Side,
    pub(super) attacker: Side,
}

/// A node of the turn seen by [`View`]: an in-turn node, or (without
/// opponent decisions) the whole turn as one node over its results.
#[derive(Clone, Copy)]
pub(super) enum Slot {
    Node(u32),
    Result(u32),
}

impl<G: Game> View<'_, G> {
    /// The node's decider is the attacker (an OR node).
    pub(super) fn or_at(&self, n: u32) -> bool {
        let decider = match self.g.kind[n as usize] {
            Kind::Opponent => self.mover.other(),
            _ => self.mover,
        };
        is_or(decider, self.attacker)
    }

    /// The children of the root (whole-turn view) or of in-turn node `n`.
    pub(super) fn children(&self, at: Option<u32>) -> Vec<Slot> {
        match at {
            None if !self.g.has_opponent => (0..self.g.results.len() as u32).map(Slot::Result).collect(),
            None => vec![Slot::Node(0)],
            Some(n) => self.g.children_of(n).iter().map(|&c| Slot::Node(c)).collect(),
        }
    }

    /// The numbers of a slot; `None` when no finished turn is reachable
    /// from it (not an option).
    pub(super) fn slot(&self, s: Slot, memo: &mut [Option<Option<Pn>>]) -> Option<Pn> {
        match s {
            Slot::Result(r) => Some(self.values[r as usize]),
            Slot::Node(n) => self.node(n, memo),
        }
    }

    pub(super) fn node(&self, n: u32, memo: &mut [Option<Option<Pn>>]) -> Option<Pn> {
        if let Some(v) = memo[n as usize] {
            return v;
        }
        let v = match self.g.kind[n as usize] {
            Kind::Done(r) => Some(self.values[r as usize]),
            _ => {
                let or = self.or_at(n);
                let kids: Vec<Pn> = self.children(Some(n)).into_iter().filter_map(|c| self.slot(c, memo)).collect();
                combine(or, &kids)
            }
        };
        memo[n as usize] = Some(v);
        v
    }

    /// The position's numbers (its turn's root).
    pub(super) fn value(&self, memo: &mut [Option<Option<Pn>>]) -> Pn {
        if self.g.has_opponent {
            self.node(0, memo).unwrap_or(if self.mover == self.attacker { DISPROVEN } else { PROVEN })
        } else {
            let kids: Vec<Pn> = self.values.to_vec();
            combine(self.mover == self.attacker, &kids).expect("a turn with results")
        }
    }

    /// The most proving result to expand and its thresholds, walking the
    /// turn from its root with df-pn's rules at each node.
    pub(super) fn select(&self, mut tp: u64, mut td: u64, memo: &mut [Option<Option<Pn>>]) -> (usize, u64, u64) {
        let mut at: Option<u32> = None;
        loop {
            let or = match at {
                None if !self.g.has_opponent => self.mover == self.attacker,
                None => {
                    at = Some(0);
                    continue;
                }
                Some(n) => self.or_at(n),
            };
            let here = match at {
                None => self.value(memo),
                Some(n) => self.node(n, memo).expect("a live node"),
            };
            // The best child by the node's own number (the proof number at
            // an OR node, the disproof number at an AND node), and the
            // second best number.
            let mut best: Option<(Slot, Pn, u64)> = None;
            let mut second = INF;
            for c in self.children(at) {
                let Some(v) = self.slot(c, memo) else { continue };
                let k = if or { v.pn } else { v.dn };
                match best {
                    Some((_, _, b)) if k >= b => second = second.min(k),
                    _ => {
                        if let Some((_, _, b)) = best {
                            second = second.min(b);
                        }
                        best = Some((c, v, k));
                    }
                }
            }
            let (c, v, _) = best.expect("a node below its thresholds has a live child");
            if or {
                td = td.saturating_sub(here.dn).saturating_add(v.dn).min(INF);
                tp = tp.min(widen(second));
            } else {
                tp = tp.saturating_sub(here.pn).saturating_add(v.pn).min(INF);
                td = td.min(widen(second));
            }
            match c {
                Slot::Result(r) => return (r as usize, tp, td),
                Slot::Node(n) => match self.g.kind[n as usize] {
                    Kind::Done(r) => return (r as usize, tp, td),
                    _ => at = Some(n),
                },
            }
        }
    }

    /// Plies to the end along the proof of a proven position, given each
    /// result's (`LOST_DIST` where unknown): the attacker takes its
    /// shortest proven option, the defender its longest.
    /// `live` is the memo of [`View::value`] (a dead node is `Some(None)`).
    pub(super) fn dist(&self, dists: &[u32], live: &mut [Option<Option<Pn>>]) -> u32 {
        let mut memo = vec![None; self.g.kind.len()];
        self.dist_at(None, dists, &mut memo, live).unwrap_or(LOST_DIST)
    }

    pub(super) fn dist_at(
        &self,
        at: Option<u32>,
        dists: &[u32],
        memo: &mut [Option<Option<u32>>],
        live: &mut [Option<Option<Pn>>],
    ) -> Option<u32> {
        if let Some(n) = at {
            if let Kind::Done(r) = self.g.kind[n as usize] {
                return (self.values[r as usize].pn == 0).then_some(dists[r as usize]);
            }
            if let Some(d) = memo[n as usize] {
                return d;
            }
        }
        let or = match at {
            None if self.g.has_opponent => return self.dist_at(Some(0), dists, memo, live),
            None => self.mover == self.attacker,
            Some(n) => self.or_at(n),
        };
        let mut out: Option<u32> = None;
        let mut all = true;
        for c in self.children(at) {
            let d = match c {
                Slot::Result(r) => (self.values[r as usize].pn == 0).then_some(dists[r as usize]),
                Slot::Node(n) => {
                    if self.node(n, live).is_none() {
                        continue;
                    }
                    self.dist_at(Some(n), dists, memo, live)
                }
            };
            match d {
                Some(d) => out = Some(if or { out.map_or(d, |o| o.min(d)) } else { out.map_or(d, |o| o.max(d)) }),
                None => all = false,
            }
        }
        let d = if or || all { out } else { None };
        if let Some(n) = at {
            memo[n as usize] = Some(d);
        }
        d
    }

    /// The result the proof line goes to: through the attacker's shortest
    /// proven option and the defender's longest resistance.
    pub(super) fn line_result(&self, dists: &[u32], live: &mut [Option<Option<Pn>>]) -> Option<usize> {
        let mut memo = vec![None; self.g.kind.len()];
        let mut at: Option<u32> = None;
        loop {
            let or = match at {
                None if self.g.has_opponent => {
                    at = Some(0);
                    continue;
                }
                None => self.mover == self.attacker,
                Some(n) => self.or_at(n),
            };
            let mut best: Option<(Slot, u32)> = None;
            for c in self.children(at) {
                let d = match c {
                    Slot::Result(r) => (self.values[r as usize].pn == 0).then_some(dists[r as usize]),
                    Slot::Node(n) if self.node(n, live).is_none() => continue,
                    Slot::Node(n) => self.dist_at(Some(n), dists, &mut memo, live),
                };
                let Some(d) = d else { continue };
                if best.is_none_or(|b| if or { d < b.1 } else { d > b.1 }) {
                    best = Some((c, d));
                }
            }
            match best?.0 {
                Slot::Result(r) => return Some(r as usize),
                Slot::Node(n) => match self.g.kind[n as usize] {
                    Kind::Done(r) => return Some(r as usize),
                    _ => at = Some(n),
                },
            }
        }
    }
}

/// An OR node's numbers are the minimum proof and the summed disproof
/// numbers of its options, an AND node's the reverse; `None` without any.
pub(super) fn combine(or: bool, kids: &[Pn]) -> Option<Pn> {
    if kids.is_empty() {
        return None;
    }
    let (mut lo, mut sum) = (INF, 0);
    for k in kids {
        let (a, b) = if or { (k.pn, k.dn) } else { (k.dn, k.pn) };
        lo = lo.min(a);
        sum = add(sum, b);
    }
    Some(if or { Pn { pn: lo, dn: sum } } else { Pn { pn: sum, dn: lo } })
}
