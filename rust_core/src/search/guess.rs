//! Trying one option before the turn's graph is built.
//!
//! Why: building a position's turn graph runs every start's relay chain,
//! and most of a search's time goes there. At a cut node one option is
//! usually enough to prove the cutoff, and it is often known before any
//! turn is run: the transposition table's best option of a shallower
//! search, or this ply's killer. When that option is its start followed
//! by the game's follow-up choices ([`super::MoveKey::follow_up`]: in the
//! 4x8 family, every capture taken and every lap counter-clockwise, so the
//! opponent never decides inside it), it is played alone and searched; if
//! it reaches beta the graph is never built. Otherwise its value is kept and handed to
//! [`Searcher::frontier_search`](super::searcher::Searcher), which searches
//! it first and does not search it again.
//!
//! Alpha-beta stays exact whatever order options are searched in, so this
//! changes no value of a fixed-depth search (the oracle tests check that),
//! only how many nodes it takes.

use super::searcher::Searcher;
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

/// Decisions a guessed option may take after its start (see
/// [`Searcher::try_single`]).
const MAX_FOLLOW_UPS: u32 = 64;

impl<G: Engine> Searcher<G> {
    /// The key of the option to try before building a position's graph:
    /// the table's best option when its start names it (see
    /// [`super::tt::Entry::start`]), else (when the table names no best
    /// option at all) this ply's killer.
    pub fn guess_key(&self, entry: Option<super::tt::Entry>, ply: u32) -> Option<usize> {
        match entry {
            Some(e) if e.start != NO_START => Some(e.start as usize),
            // The table's best option is not named by its start: it goes
            // first once the graph is built, not a killer before it.
            Some(e) if e.item != u16::MAX => None,
            _ => self.ord.killer(ply),
        }
    }

    /// Play the option with move key `key` at `pos` when it is a legal
    /// start followed by the game's follow-up choices to the end of the
    /// turn (each step within the search's lap cap), and search it
    /// `depth - 1` turns deeper in the window. `None` when it is not such an
    /// option here (not a legal start, a decision the follow-up rule does
    /// not answer or the opponent's, a chain endless or longer than the
    /// cap); nothing is searched then. Such a path cannot pass a state
    /// twice and still finish (it is deterministic), so a finished one is a
    /// legal option.
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
        let (mut node, mut choice) = (root, choice);
        // A follow-up path that comes back to a decision it passed loops
        // forever; a bound on its decisions stops it without remembering
        // the states (a longer finished path is then not guessed: only
        // speed depends on it).
        for step in 0.. {
            if step == MAX_FOLLOW_UPS {
                return Ok(None);
            }
            let (advanced, capped) =
                crate::budget::with_lap_cap(self.ctl.turn_laps(), || G::advance(pos, &node, choice, &mut NoTrace));
            let Advance::Reached(next, _) = advanced else { return Ok(None) };
            if capped {
                return Ok(None);
            }
            node = next;
            let mut opts = std::mem::take(&mut self.opts);
            let point = G::point(pos, &node, &mut opts);
            let follow = G::follow_up(&opts);
            self.opts = opts;
            match (point, follow) {
                (Point::Done, _) => break,
                (Point::Decide(Actor::Mover), Some(c)) => choice = c,
                _ => return Ok(None),
            }
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
    use crate::board4x8::{Choice, Igisoro, Position, Variant};
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
            lmr: false,
        }
    }

    /// Every key is tried on random positions of every variant: a try
    /// succeeds for every start whose graph option is that start followed
    /// only by captures taken and counter-clockwise laps (read off the
    /// graph's decision lists, not the follow-up rule), and gives that
    /// option's result, capture and one-ply value (minus the result's
    /// evaluation); any try that succeeds gives one of the graph's results.
    #[test]
    fn a_tried_start_is_the_graphs_option_for_it() {
        let (mut tried, mut followed) = (0, 0);
        for v in Variant::ALL {
            let mut rng = Rng::new(0x6e55 ^ (v as u64) << 20);
            for _ in 0..30 {
                let mut p = Position::start(v);
                for _ in 0..rng.below(30) {
                    // Giant `igisoro` turns are left out: they take long
                    // to build.
                    let g = TurnGraph::<Igisoro>::build_bounded(&p, 5_000, &mut || false).expect("no stop");
                    let mut s = searcher();
                    for key in (0..KEYS).filter(|_| !g.truncated) {
                        let t = s.try_single(&p, key, 1, 0, -1_000_000, 1_000_000).expect("no limit");
                        let option = g.frontier().iter().find(|&&n| {
                            let path = g.path_to(n);
                            matches!(g.kind[n as usize], Kind::Done(_))
                                && Igisoro::move_key(path[0]) == key
                                && path[1..].iter().all(|c| matches!(c, Choice::Capture | Choice::Ccw))
                        });
                        let Some(t) = t else {
                            assert!(option.is_none(), "{v} key {key}: not tried but graph option {option:?} at {p:?}");
                            continue;
                        };
                        let res = g.results.iter().find(|r| r.pos == t.pos).expect("a tried option is a graph result");
                        if let Some(&n) = option {
                            let Kind::Done(r) = g.kind[n as usize] else { unreachable!() };
                            assert_eq!(&g.results[r as usize].pos, &t.pos, "{v} key {key} at {p:?}");
                            followed += (g.path_to(n).len() > 1) as u32;
                        }
                        assert_eq!(t.captured, res.captured, "{v} key {key} at {p:?}");
                        // As the search scores a leaf: a game that cannot end is a draw.
                        let leaf = if Igisoro::cannot_end(&res.pos).is_some() {
                            0
                        } else if s.ctl.has_move::<Igisoro>(&res.pos) {
                            Igisoro::evaluate(&res.pos)
                        } else {
                            super::super::searcher::lost(1)
                        };
                        assert_eq!(t.value, -leaf, "{v} key {key} at {p:?}");
                        tried += 1;
                    }
                    match random_move::<Igisoro>(&p, &mut rng) {
                        Some((n, _)) => p = n,
                        None => break,
                    }
                }
            }
        }
        assert!(tried > 1000 && followed > 100, "only {tried} starts tried, {followed} with follow-ups");
    }
}
