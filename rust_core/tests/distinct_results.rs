//! `Game::DISTINCT_RESULTS` lets turn graphs and move enumeration skip
//! deduplicating results by position, on the claim that distinct finished
//! nodes give distinct positions. Checked here on random turns of every
//! 4x8 variant: no result appears twice, and the enumerated moves are the
//! distinct results a plain walk over every decision list finds.

use igisoro_core::board4x8::{Igisoro, Position, Variant};
use igisoro_core::explore::{legal_moves, random_move};
use igisoro_core::game::{Advance, Game, NoTrace, Point};
use igisoro_core::rng::Rng;
use igisoro_core::search::turn_graph::TurnGraph;
use std::collections::HashSet;

/// Every finished position of the turn by a plain depth-first walk over
/// decision lists (no node deduplication; a repeated node on the path is
/// cut, as the rules say). `None` when the walk grows past `budget` nodes.
fn results_by_walk(p: &Position, budget: &mut usize) -> Option<HashSet<Position>> {
    let mut out = HashSet::new();
    let mut stack = vec![(Igisoro::root(p), Vec::new())];
    let mut opts = Vec::new();
    while let Some((n, path)) = stack.pop() {
        *budget = budget.checked_sub(1)?;
        match Igisoro::point(p, &n, &mut opts) {
            Point::Done => {
                out.insert(Igisoro::finish(p, &n));
            }
            Point::Decide(_) => {
                for &c in &opts.clone() {
                    if let Advance::Reached(m, _) = Igisoro::advance(p, &n, c, &mut NoTrace) {
                        if !path.contains(&m) {
                            let mut q: Vec<_> = path.clone();
                            q.push(n);
                            stack.push((m, q));
                        }
                    }
                }
            }
        }
    }
    Some(out)
}

#[test]
fn a_turn_has_no_result_twice() {
    let mut walked = 0;
    for v in Variant::ALL {
        let mut rng = Rng::new(0xd1 ^ (v as u64) << 16);
        for _ in 0..60 {
            let mut p = Position::start(v);
            for _ in 0..rng.below(40) {
                let g = TurnGraph::<Igisoro>::build_bounded(&p, 20_000, &mut || false).expect("no stop");
                if !g.truncated {
                    let distinct: HashSet<&Position> = g.results.iter().map(|r| &r.pos).collect();
                    assert_eq!(distinct.len(), g.results.len(), "{v}: a result twice in the graph of {p:?}");
                    let moves = legal_moves::<Igisoro>(&p, None).moves;
                    let listed: HashSet<&Position> = moves.iter().map(|m| &m.result).collect();
                    assert_eq!(listed.len(), moves.len(), "{v}: a result listed twice at {p:?}");
                    assert_eq!(listed, distinct, "{v}: graph and enumeration differ at {p:?}");
                    let mut budget = 200_000;
                    if let Some(all) = results_by_walk(&p, &mut budget) {
                        assert_eq!(all.iter().collect::<HashSet<_>>(), listed, "{v}: walk differs at {p:?}");
                        walked += 1;
                    }
                }
                match random_move::<Igisoro>(&p, &mut rng) {
                    Some((n, _)) => p = n,
                    None => break,
                }
            }
        }
    }
    assert!(walked > 500, "only {walked} turns walked");
}
