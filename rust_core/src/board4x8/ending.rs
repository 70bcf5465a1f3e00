//! Positions that can never end: the proven condition behind the status
//! `endless` and the `adjudicate` rule option (`docs/RULES.md`, "Games that
//! cannot end", which gives the proof).
//!
//! The condition ([`lone_seed`]): `min_seeds = 1`, no decided winner, no
//! scripted opening move due, one side holds exactly one seed, and the
//! other side has a legal move from its row as it stands. Then no capture
//! can ever happen again (a capture takes two occupied pits facing the
//! capturing pit, and the lone side has one seed; the lone side's own lap
//! of one seed always ends in the empty pit it lands in), so the lone side
//! always has a move and can never lose, and the other side can never win.

use super::position::{scripted, Position};
use super::turn::Igisoro;
use crate::explore::finishes_from_root;
use crate::game::Game;
use crate::side::Side;

/// The side holding the lone seed, when `pos` is proven unable to end with
/// a result the larger side can be forced into (see the module docs).
pub fn lone_seed(pos: &Position) -> Option<Side> {
    let r = &pos.rules;
    if r.min_seeds != 1 || pos.winner.is_some() || scripted(r.opening, pos.opening_plies).is_some() {
        return None;
    }
    let count = |s: Side| pos.pits[s.index()].iter().map(|&v| v as u32).sum::<u32>();
    let lone = if count(Side::South) == 1 {
        Side::South
    } else if count(Side::North) == 1 {
        Side::North
    } else {
        return None;
    };
    // The larger side must have a move now: its row does not change while
    // the lone side moves, so this is the row its next turn starts from.
    let big = if pos.to_move == lone.other() {
        std::borrow::Cow::Borrowed(pos)
    } else {
        std::borrow::Cow::Owned(Position { to_move: lone.other(), ..pos.clone() })
    };
    (Igisoro::surely_has_move(&big) || finishes_from_root::<Igisoro>(&big)).then_some(lone)
}

#[cfg(test)]
mod tests {
    use super::tests_support::lone_north;
    use super::*;
    use crate::explore::{legal_moves, status};
    use crate::game::{Ending, Status, WinReason};

    #[test]
    fn lone_seed_cannot_end_and_stays_lone() {
        let p = lone_north("");
        assert_eq!(lone_seed(&p), Some(Side::North));
        assert_eq!(status::<Igisoro>(&p), Status::Endless { reason: Ending::LoneSeed });
        // Every move of either side keeps the lone seed and the status.
        let mut q = p.clone();
        for _ in 0..6 {
            let ms = legal_moves::<Igisoro>(&q, None).moves;
            assert!(!ms.is_empty());
            for m in &ms {
                assert_eq!(m.result.seeds(Side::North), 1);
            }
            q = ms[ms.len() / 2].result.clone();
            assert_eq!(status::<Igisoro>(&q), Status::Endless { reason: Ending::LoneSeed });
        }
    }

    #[test]
    fn adjudicated_to_the_side_with_more_seeds() {
        let p = lone_north(" adjudicate=seeds");
        assert_eq!(status::<Igisoro>(&p), Status::Won { winner: Side::South, reason: WinReason::AdjudicatedSeeds });
        assert!(legal_moves::<Igisoro>(&p, None).moves.is_empty());
    }

    #[test]
    fn min_seeds_two_is_not_endless() {
        // The lone side cannot start a turn at all: it has lost.
        let p = lone_north(" min_seeds=2");
        assert_eq!(lone_seed(&p), None);
        assert!(matches!(status::<Igisoro>(&p), Status::Won { .. } | Status::Ongoing));
    }
}

#[cfg(test)]
mod search_tests {
    use super::tests_support::lone_north;
    use crate::board4x8::Igisoro;
    use crate::search::{analyse, win_probability, Limits, Score};

    /// Every line from a position that cannot end stays there: a draw.
    #[test]
    fn the_search_scores_a_game_that_cannot_end_as_a_draw() {
        let p = lone_north("");
        let a = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!(a.score, Score::Centiseeds(0));
        assert!(a.best_move.is_some(), "play may go on");
        assert_eq!(win_probability::<Igisoro>(&p, a.score), 0.5);
    }

    #[test]
    fn the_search_scores_an_adjudicated_game_as_won() {
        let p = lone_north(" adjudicate=seeds");
        let a = analyse::<Igisoro>(&p, &Limits::depth(3));
        assert_eq!(a.score, Score::Win { turns: 0 });
        assert_eq!(win_probability::<Igisoro>(&p, a.score), 1.0);
    }
}

#[cfg(test)]
mod tests_support {
    use crate::board4x8::{notation, Position};

    /// North holds one seed in b3 (an inner pit), South the other 63;
    /// `rules` is appended to the notation (" adjudicate=seeds").
    pub fn lone_north(rules: &str) -> Position {
        let text =
            format!("igisoro-wikipedia 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,3 s{rules}");
        notation::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }
}
