//! An independent check of a proof found by the solver ([`super::solve`](mod@super::solve)):
//! the whole proof tree is walked again with the rules, not only its line.
//!
//! Why: df-pn over a table is intricate (thresholds, a table shared by two
//! runs, entries replaced under pressure, values that may depend on the
//! path), and a proof that appears only with some table sizes is not
//! something to publish on the solver's word. The check trusts none of it.
//! It walks each turn decision by decision, as [`super::reference`] does
//! (the rules' [`Game::point`](crate::game::Game::point), [`Game::advance`](crate::game::Game::advance) and [`Game::finish`](crate::game::Game::finish),
//! with the path checked for repeats), not through the solver's
//! [`super::turn_graph`] or its AND/OR arithmetic:
//! - at a decision of the winner, one option must lead to a win;
//! - at a decision of the loser, every option must (options from which
//!   the turn cannot finish are not options; a sampled option list, see
//!   [`Game::lists_all`](crate::game::Game::lists_all), cannot be checked and fails);
//! - a finished turn's position must be won in turn, by the same rule,
//!   down to the rules' own ends ([`Game::decided`](crate::game::Game::decided), or a side with no
//!   legal move at the start of its turn);
//! - a position repeated on the line is not won (the rules know no draw).
//!
//! The solver's table serves only as a map of where the proof goes: the
//! check recurses into a position only if the table holds a proof for it,
//! so it visits the proof tree instead of the whole game tree. A wrong
//! entry can make the check fail, never pass: a position counts as won
//! only when the walk below it ends in real wins.

use super::solve::{solve_certified, Certificate, Outcome, Solution};
use super::{Engine, Limits, StopReason};
use crate::explore::has_legal_move;
use crate::game::{Actor, Advance, NoTrace, Point};
use rustc_hash::FxHashSet as HashSet;

/// What [`check`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The claimed winner's win was re-established by the walk.
    pub verified: bool,
    /// The walk ran out of `max_steps` first (`verified` is then false).
    pub gave_up: bool,
    /// Distinct positions shown won for the winner (the proof's size).
    pub positions: u64,
    /// In-turn decision nodes walked.
    pub steps: u64,
}

/// In-turn steps [`solve_checked`]'s check may take per expansion of the
/// solve, and in all at least [`CHECK_BASE`]. Why a budget at all: a
/// proof's tree is at most the positions the solver expanded, and a walk
/// takes about 3 steps a position (the ikibuguzo-1 start's proof, 1.7
/// million expansions: 16,141 positions, 49,271 steps, 18 ms), so a check
/// that needs more has met something the solver did not.
pub const CHECK_PER_NODE: u64 = 4;
/// See [`CHECK_PER_NODE`].
pub const CHECK_BASE: u64 = 100_000;

/// [`super::solve()`] with every proof confirmed by [`check`] before it is
/// returned: `proof_positions` is set when the check confirms it; a proof
/// the check refutes is not returned (`Unknown`, stopped by
/// [`StopReason::Unchecked`]); a check that runs out of its budget
/// (`CHECK_PER_NODE` steps per expansion, at least `CHECK_BASE`) leaves
/// the proof with `proof_positions: None`, and so does one stopped by the
/// outside deadline or the cancel flag of `limits.budget` (a server's request
/// must not be held past its deadline for a check; the solver's own
/// `time_ms` does not bound it).
pub fn solve_checked<G: Engine>(pos: &G::Pos, limits: &Limits) -> Solution {
    let (mut s, cert) = solve_certified::<G>(pos, limits);
    let Some(cert) = cert else { return s };
    let stop = || limits.budget.spent();
    let c = check_until::<G>(pos, &cert, CHECK_BASE.max(CHECK_PER_NODE.saturating_mul(s.nodes)), u32::MAX, &stop);
    if c.verified {
        s.proof_positions = Some(c.positions);
    } else if !c.gave_up {
        s.outcome = Outcome::Unknown;
        s.line.clear();
        s.turns = None;
        s.stopped_by = StopReason::Unchecked;
    }
    s
}

/// Check that `cert.winner` wins from `pos`, walking at most `max_steps`
/// in-turn decision nodes and lines of at most `max_line` turns.
///
/// Runs on a thread of its own with a large stack (64 MB): a proof line
/// can be hundreds of turns long, each turn a few frames deep. If that
/// thread cannot be had, or the walk fails in any way, the check reports
/// `gave_up`, never a confirmation.
pub fn check<G: Engine>(pos: &G::Pos, cert: &Certificate, max_steps: u64, max_line: u32) -> Check {
    check_until::<G>(pos, cert, max_steps, max_line, &|| false)
}

/// [`check`], giving up as soon as `stop` says so (polled every 1,024
/// steps).
pub fn check_until<G: Engine>(
    pos: &G::Pos,
    cert: &Certificate,
    max_steps: u64,
    max_line: u32,
    stop: &(dyn Fn() -> bool + Sync),
) -> Check {
    let failed = Check { verified: false, gave_up: true, positions: 0, steps: 0 };
    std::thread::scope(|s| {
        let walk = std::thread::Builder::new().stack_size(64 << 20).spawn_scoped(s, || {
            let mut c = Checker::<G> {
                cert,
                verified: HashSet::default(),
                line: HashSet::default(),
                steps: 0,
                max_steps,
                max_line,
                stop,
                _g: std::marker::PhantomData,
            };
            let r = c.position(pos, 0);
            Check { verified: r == Ok(true), gave_up: r.is_err(), positions: c.verified.len() as u64, steps: c.steps }
        });
        walk.ok().and_then(|h| h.join().ok()).unwrap_or(failed)
    })
}

/// The walk ran out of steps.
#[derive(Debug, PartialEq, Eq)]
struct GaveUp;

/// A turn's value below a node, for the claimed winner.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Val {
    Win,
    NotWin,
    /// No finished turn is reachable: not an option.
    NoFinish,
}

struct Checker<'a, G: Engine> {
    cert: &'a Certificate,
    /// Positions shown won (a win shown once holds on any path: it rests
    /// only on real ends below it).
    verified: HashSet<u64>,
    /// Positions on the current line.
    line: HashSet<u64>,
    steps: u64,
    max_steps: u64,
    max_line: u32,
    stop: &'a (dyn Fn() -> bool + Sync),
    _g: std::marker::PhantomData<G>,
}

impl<G: Engine> Checker<'_, G> {
    /// Whether the winner wins from `pos`, `depth` turns into the line.
    fn position(&mut self, pos: &G::Pos, depth: u32) -> Result<bool, GaveUp> {
        let winner = self.cert.winner;
        if let Some((w, _)) = G::decided(pos) {
            return Ok(w == winner);
        }
        let key = G::zobrist(pos);
        if self.verified.contains(&key) {
            return Ok(true);
        }
        if depth >= self.max_line {
            // As the oracle's horizon: only a mover with no move has lost.
            return Ok(G::to_move(pos) != winner && !has_legal_move::<G>(pos));
        }
        if !self.cert.names(key) || self.line.contains(&key) {
            return Ok(false);
        }
        self.line.insert(key);
        let root = G::root(pos);
        let mut path = std::collections::HashSet::new();
        path.insert(root.clone());
        let v = self.turn(pos, &root, &mut path, depth);
        self.line.remove(&key);
        let won = match v? {
            Val::Win => true,
            Val::NotWin => false,
            // No legal move: the mover has lost.
            Val::NoFinish => G::to_move(pos) != winner,
        };
        if won {
            self.verified.insert(key);
        }
        Ok(won)
    }

    /// The value of the rest of `pos`'s turn from decision node `node`.
    fn turn(
        &mut self,
        pos: &G::Pos,
        node: &G::Node,
        path: &mut std::collections::HashSet<G::Node>,
        depth: u32,
    ) -> Result<Val, GaveUp> {
        self.steps += 1;
        if self.steps > self.max_steps || self.steps.is_multiple_of(1024) && (self.stop)() {
            return Err(GaveUp);
        }
        let mut opts = Vec::new();
        let actor = match G::point(pos, node, &mut opts) {
            Point::Done => {
                let next = G::finish(pos, node);
                return Ok(if self.position(&next, depth + 1)? { Val::Win } else { Val::NotWin });
            }
            Point::Decide(a) => a,
        };
        let decider = match actor {
            Actor::Mover => G::to_move(pos),
            Actor::Opponent => G::to_move(pos).other(),
        };
        let or = decider == self.cert.winner;
        if !or && !G::lists_all(pos, node) {
            return Ok(Val::NotWin);
        }
        let mut seen = Val::NoFinish;
        for c in opts {
            // `Endless` never finishes; `Aborted` needs a budget the check
            // does not set.
            let Advance::Reached(next, _) = G::advance(pos, node, c, &mut NoTrace) else { continue };
            if !path.insert(next.clone()) {
                continue;
            }
            let v = self.turn(pos, &next, path, depth);
            path.remove(&next);
            match (v?, or) {
                (Val::NoFinish, _) => {}
                (Val::Win, true) => return Ok(Val::Win),
                (Val::NotWin, false) => return Ok(Val::NotWin),
                (v, _) => seen = v,
            }
        }
        Ok(seen)
    }
}
