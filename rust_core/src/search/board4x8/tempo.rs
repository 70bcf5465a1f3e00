//! The side to move's tempo, measured at the horizon by one turn of
//! look-ahead (4x8 family).
//!
//! Why: scores swung with the depth (issue 21, part 3). From the `igisoro`
//! start, depths 1..6 gave 3.69, 0.00, 4.19, 2.91, 4.23, 0.37 seeds, and
//! over 500 positions the score moved by 6-8 seeds on average from one
//! depth to the next, up at odd depths and down at even ones
//! (`docs/benchmarks/stability.md`). The cause is the horizon: whoever is
//! to move at a leaf is about to capture, and in this family almost every
//! turn captures something, often a dozen seeds through relays. The static
//! evaluation credits that only through its single-lap threat terms; on
//! 480 random positions the best turn was worth 11.4 seeds more than the
//! evaluation said (`stability tempo`). So a leaf where the root's side
//! moves next was worth several seeds more than the evaluation said, and
//! the searches whose leaves have the root's opponent to move (odd depths)
//! came out higher than the even ones. No cheap feature explained the gap
//! from one position to the next (constant plus threat and mobility terms:
//! root mean square left 13.9 of 14.3 seeds), and a quiescence search does
//! not end here (captures never run out).
//!
//! What it does: the leaf's value moves two thirds of the way from the
//! static value `s` towards the best value the side to move gets by one
//! turn, `t` (minus the static value of the turn's result):
//! `s + (t - s) * 2 / 3`. Why a share: if the static value misses the
//! mover's tempo by `b`, the one-turn value gives it about `b` too much (the
//! reply is beyond the horizon), and halfway would be unbiased; the turns
//! looked at are a subset of the mover's (below), so `t` is low, and a
//! little more than half fits better. Fitted on 30 positions generated
//! with another seed than the measured set (`stability measure --positions
//! <seed 7000 set> --depths 3..6`): mean |score(d) - score(d+1)| 6.00
//! seeds with the static value, 3.57, 3.45, 3.48, 3.56 and 4.15 with
//! shares 1/2, 3/5, 2/3, 3/4 and 1; 2/3 left the smallest mean signed
//! swing between odd and even depths (+0.80 and -0.23 seeds, against +4.39
//! and -4.71 before).
//! Which turns: each start followed by the follow-up choices the guessed
//! options use (every capture taken, every lap counter-clockwise:
//! [`super::MoveKey::follow_up`]), so the look-ahead plays at most one
//! turn per start pit and builds no turn graph. Turns that need another
//! decision (a pass, a retreat, a clockwise lap), chains longer than the
//! lap cap and results that decide the game are left out; with none left
//! the static value stands.
//!
//! Measured (all 500 positions, depths 4..9): the mean change fell from
//! 6.37 to 3.20 seeds, the odd/even back-and-forth in it from 5.73 to
//! 2.34; at equal depth the search plays at least as well, at about 1.7
//! times the instructions per node. Isolo's evaluation and the baseline
//! bot's are not touched.

use super::static_eval::{evaluate_weighted, WEIGHTS};
use crate::search::limits::TURN_LAPS;
use crate::search::MoveKey;
use crate::board4x8::{Choice, Igisoro, Position};
use crate::game::{Actor, Advance, Game, NoTrace, Point};

/// The share of the one-turn gain credited to the side to move, as a
/// fraction (numerator, denominator): two thirds, fitted (see the module
/// docs).
pub const SHARE: (i32, i32) = (2, 3);

/// Decisions a looked-ahead turn may take after its start (as for guessed
/// options, `super::guess`).
const MAX_FOLLOW_UPS: u32 = 64;

thread_local! {
    /// Option buffers (starts, then each later decision's), kept so that
    /// a leaf allocates nothing.
    static BUFFERS: std::cell::RefCell<(Vec<Choice>, Vec<Choice>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// The engine's evaluation: the static value with [`SHARE`] of the side
/// to move's one-turn gain (see the module docs).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_shared(pos, SHARE)
}

/// The static value `s` moved `share` of the way towards the best
/// one-turn value `t`: `s + (t - s) * share.0 / share.1` (rounded down).
/// Public for the stability bench, which tries other shares.
pub fn evaluate_shared(pos: &Position, share: (i32, i32)) -> i32 {
    let s = evaluate_weighted(pos, &WEIGHTS);
    match one_turn(pos) {
        Some(t) => s + ((t - s) * share.0).div_euclid(share.1),
        None => s,
    }
}

/// The best value to the side to move of a turn played by its start and
/// the follow-up choices, each result valued by minus its static value;
/// `None` when no such turn finishes (see the module docs).
pub fn one_turn(pos: &Position) -> Option<i32> {
    BUFFERS.with(|b| {
        let (starts, opts) = &mut *b.borrow_mut();
        let root = Igisoro::root(pos);
        if Igisoro::point(pos, &root, starts) != Point::Decide(Actor::Mover) {
            return None;
        }
        let mut best: Option<i32> = None;
        for &start in starts.iter() {
            let Some(result) = play_followed(pos, root, start, opts) else { continue };
            if Igisoro::decided(&result).is_some() {
                continue;
            }
            let v = -evaluate_weighted(&result, &WEIGHTS);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        best
    })
}

/// The result of `start` followed by the follow-up choices to the end of
/// the turn, or `None` (a decision they do not answer, a chain past the
/// lap cap, too many decisions).
fn play_followed(
    pos: &Position,
    root: <Igisoro as Game>::Node,
    start: Choice,
    opts: &mut Vec<Choice>,
) -> Option<Position> {
    let (mut node, mut choice) = (root, start);
    for _ in 0..MAX_FOLLOW_UPS {
        let (advanced, capped) =
            crate::budget::with_lap_cap(TURN_LAPS, || Igisoro::advance(pos, &node, choice, &mut NoTrace));
        let Advance::Reached(next, _) = advanced else { return None };
        if capped {
            return None;
        }
        node = next;
        match (Igisoro::point(pos, &node, opts), Igisoro::follow_up(opts)) {
            (Point::Done, _) => return Some(Igisoro::finish(pos, &node)),
            (Point::Decide(Actor::Mover), Some(c)) => choice = c,
            _ => return None,
        }
    }
    None
}
