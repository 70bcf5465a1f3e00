//! Trying one option before the turn's graph is built.
//!
//! Why: building a position's turn graph runs every start's relay chain,
//! and most of a search's time goes there. At a cut node one option is
//! usually enough to prove the cutoff, and it is often known before any
//! turn is run: the transposition table's best option of a shallower
//! search, or this ply's killer (where that pays:
//! [`super::MoveKey::killer_first`]). When that option is a single decision that
//! finishes the turn (a start pit in the 4x8 family, where no capture or
//! retreat choice follows), it is played alone and searched; if it reaches
//! beta the graph is never built. Otherwise its value is kept and handed to
//! [`Searcher::frontier_search`](super::alphabeta::Searcher), which searches
//! it first and does not search it again.
//!
//! Alpha-beta stays exact whatever order options are searched in, so this
//! changes no value of a fixed-depth search (the oracle tests check that),
//! only how many nodes it takes.

use super::alphabeta::Searcher;
use super::limits::Stop;
use super::tt::NO_START;
use super::Engine;
use crate::game::{Actor, Advance, Game, NoTrace, Point};

/// A guessed option that was played and searched without the graph.
pub struct Tried<G: Game> {
    /// Its value to the mover, searched in the node's full window.
    pub value: i32,
    /// The position it leads to.
    pub pos: G::Pos,
    /// Seeds it captured (for the ordering heuristics).
    pub captured: u32,
}

impl<G: Engine> Searcher<G> {
    /// The key of the option to try before building `pos`'s graph: the
    /// table's best option when it is a single decision, else (when the
    /// table names no best option at all, and the game says it pays:
    /// [`super::MoveKey::killer_first`]) this ply's killer.
    pub fn guess_key(&self, pos: &G::Pos, entry: Option<super::tt::Entry>, ply: u32) -> Option<usize> {
        match entry {
            Some(e) if e.start != NO_START => Some(e.start as usize),
            // The table's best option needs more than one decision: it
            // goes first once the graph is built, not a killer before it.
            Some(e) if e.item != u16::MAX => None,
            _ if G::killer_first(pos) => self.ord.killer(ply),
            _ => None,
        }
    }

    /// Play the option with move key `key` at `pos` when it is one legal
    /// decision that finishes the turn (within the search's lap cap), and
    /// search it `depth - 1` turns deeper in the window. `None` when it is
    /// not such an option here (not a legal start, a decision follows, the
    /// chain is endless or longer than the cap); nothing is searched then.
    pub fn try_single(
        &mut self,
        pos: &G::Pos,
        key: usize,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<Option<Tried<G>>, Stop> {
        let Some(choice) = G::key_choice(key) else { return Ok(None) };
        let root = G::root(pos);
        let mut opts = std::mem::take(&mut self.opts);
        let legal = G::point(pos, &root, &mut opts) == Point::Decide(Actor::Mover) && opts.contains(&choice);
        self.opts = opts;
        if !legal {
            return Ok(None);
        }
        let (advanced, capped) =
            crate::budget::with_lap_cap(self.ctl.turn_laps(), || G::advance(pos, &root, choice, &mut NoTrace));
        let Advance::Reached(node, _) = advanced else { return Ok(None) };
        let mut opts = std::mem::take(&mut self.opts);
        let done = G::point(pos, &node, &mut opts) == Point::Done;
        self.opts = opts;
        if capped || !done {
            return Ok(None);
        }
        let result = G::finish(pos, &node);
        let captured = G::captured(pos, &node);
        let same_mover = G::to_move(&result) == G::to_move(pos);
        let value = self.value_after(same_mover, &result, depth, ply, alpha, beta)?;
        Ok(Some(Tried { value, pos: result, captured }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board4x8::{Igisoro, Position, Variant};
    use crate::explore::random_move;
    use crate::rng::Rng;
    use crate::search::limits::{Control, Limits};
    use crate::search::ordering::{Ordering, KEYS};
    use crate::search::tt::Table;
    use crate::search::turn_graph::{Kind, TurnGraph};
    use crate::search::{Evaluate, MoveKey};

    fn searcher() -> Searcher<Igisoro> {
        Searcher {
            tt: Table::new(0),
            ord: Ordering::new(),
            ctl: Control::new(&Limits::default()),
            eval: Igisoro::evaluate,
            pool: Vec::new(),
            opts: Vec::new(),
            orders: Vec::new(),
        }
    }

    /// Every key is tried on random positions of every variant: a try
    /// succeeds exactly for the starts that are a whole option of the turn
    /// graph (one decision, then Done), and then gives that option's result,
    /// capture and one-ply value (minus the result's evaluation).
    #[test]
    fn a_tried_start_is_the_graphs_option_for_it() {
        let mut tried = 0;
        for v in Variant::ALL {
            let mut rng = Rng::new(0x6e55 ^ (v as u64) << 20);
            for _ in 0..30 {
                let mut p = Position::start(v);
                for _ in 0..rng.below(30) {
                    // Giant `igisoro` turns are left out: they take long
                    // to build and a start there rarely ends the turn alone.
                    let g = TurnGraph::<Igisoro>::build_bounded(&p, 5_000, &mut || false).expect("no stop");
                    let mut s = searcher();
                    for key in (0..KEYS).filter(|_| !g.truncated) {
                        let t = s.try_single(&p, key, 1, 0, -1_000_000, 1_000_000).expect("no limit");
                        let option = g.frontier().iter().find(|&&n| {
                            matches!((g.kind[n as usize], g.parent[n as usize]),
                                (Kind::Done(_), Some((0, c))) if Igisoro::move_key(c) == key)
                        });
                        match (t, option) {
                            (None, None) => {}
                            (Some(t), Some(&n)) => {
                                let Kind::Done(r) = g.kind[n as usize] else { unreachable!() };
                                let res = &g.results[r as usize];
                                assert_eq!((&t.pos, t.captured), (&res.pos, res.captured), "{v} key {key} at {p:?}");
                                let leaf = if s.ctl.has_move::<Igisoro>(&res.pos) {
                                    Igisoro::evaluate(&res.pos)
                                } else {
                                    super::super::alphabeta::lost(1)
                                };
                                assert_eq!(t.value, -leaf, "{v} key {key} at {p:?}");
                                tried += 1;
                            }
                            (t, o) => panic!("{v} key {key}: tried {} but graph option {:?} at {p:?}", t.is_some(), o),
                        }
                    }
                    match random_move::<Igisoro>(&p, &mut rng) {
                        Some((n, _)) => p = n,
                        None => break,
                    }
                }
            }
        }
        assert!(tried > 1000, "only {tried} starts tried");
    }
}
