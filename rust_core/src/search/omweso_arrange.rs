//! Omweso's set-up move chosen by search: a seeded hill-climb over
//! arrangements, each scored by a shallow search of the sowing phase
//! (`docs/OMWESO.md`, "Choosing an arrangement").
//!
//! Why not the alpha-beta over the move list: the list is a sample of two
//! of C(47, 15) arrangements, and nothing may enumerate them. So the
//! candidates are the standard arrangements ([`crate::omweso::standard`]),
//! the set-up sample (the seeds as they stand, spread evenly), and then
//! seeded local changes of the best so far (one or two seeds moved from one
//! pit to another), kept when they score better: a first-improvement
//! hill-climb, deterministic for [`Limits::seed`] and limits.
//!
//! How an arrangement is scored, from the arranger's view:
//! - North arranges second, on an open board, so its arrangement is scored
//!   against South's actual one: the search of the sowing position after it
//!   (South to sow), negated.
//! - South arranges first, so its arrangement is scored against North's
//!   standard replies: the least, over them, of the search of the sowing
//!   position they make. With one line asked for, a reply that scores no
//!   better than the best candidate so far ends that candidate (it cannot
//!   be chosen), as alpha-beta cuts a move.
//!
//! The sowing search is the ordinary analysis ([`analyse_with`]) to
//! [`MAX_SUB_DEPTH`] turns at most (the caller's depth less the set-up
//! plies, at least 1), with what is left of the caller's nodes and time and
//! under the call's one budget, so the whole choice keeps the caller's
//! limits. A depth-only analysis climbs [`CLIMB_STEPS`] steps; one with a
//! node or time limit up to [`LIMITED_CLIMB_STEPS`], until the limit.

use super::iterative::{analyse_with, Analysis, Line, Score};
use super::limits::{Limits, StopReason};
use super::root_choice::RootChoice;
use super::searcher::EvalFn;
use super::tt::MATE_BOUND;
use crate::board4x8::geometry::PITS;
use crate::game::{Advance, Game, NoTrace};
use crate::omweso::standard::standard;
use crate::omweso::{arrangement, Arrangement, Choice, Omweso, Phase, Position};
use crate::rng::Rng;
use crate::side::Side;
use std::collections::HashSet;
use std::time::Instant;

/// Deepest sowing search behind an arrangement, in turns. Why 2: a
/// candidate costs one search per standard reply (six for South), and a
/// climb of dozens of candidates must fit an ordinary analysis's time; 2
/// turns see the first exchange of captures, which is where a set-up shows.
pub const MAX_SUB_DEPTH: u32 = 3;

/// Climbing steps of a depth-only analysis (its cost is then fixed).
pub const CLIMB_STEPS: usize = 48;

/// Most climbing steps when a node or time limit bounds the choice.
pub const LIMITED_CLIMB_STEPS: usize = 400;

impl RootChoice for Omweso {
    /// In the set-up phase, the chooser below; in the sowing phase, none.
    fn choose_root(pos: &Position, limits: &Limits, eval: EvalFn<Position>) -> Option<Analysis> {
        (pos.phase == Phase::Setup).then(|| choose(pos, limits, eval))
    }
}

/// An arrangement scored from the arranger's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The arrangement.
    pub arrangement: Arrangement,
    /// Its standard name ([`crate::omweso::standard::STANDARD`]), if one.
    pub name: Option<&'static str>,
    /// The internal value (centiseeds, or a forced result counted in plies
    /// from the set-up position).
    pub value: i32,
    /// The line: the arrangement, South's standard reply that scores worst
    /// for it when South arranges, then the sowing search's line.
    pub pv: Vec<String>,
    /// Whether `value` is exact (false: a reply cut it, it is an upper bound).
    pub exact: bool,
}

impl Scored {
    /// The value as a score.
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }
}

/// The set-up position `pos` after `a` (a valid arrangement of its arranger).
pub fn arranged(pos: &Position, a: &Arrangement) -> Position {
    match Omweso::advance(pos, &Omweso::root(pos), Choice::Arrange(*a), &mut NoTrace) {
        Advance::Reached(node, _) => Omweso::finish(pos, &node),
        // An arrangement is one step that sows nothing.
        other => unreachable!("an arrangement does not sow: {:?}", other),
    }
}

/// The running state of one choice: the caller's limits, what was spent.
struct Scorer<'a> {
    limits: &'a Limits,
    eval: EvalFn<Position>,
    started: Instant,
    nodes: u64,
    truncated: u64,
    sub_depth: u32,
    /// The least depth a sowing search completed (those of a game already
    /// decided or proven aside): the choice's depth, as an analysis reports
    /// its last completed depth.
    done_depth: Option<u32>,
    stop: Option<StopReason>,
}

impl Scorer<'_> {
    fn new<'a>(pos: &Position, limits: &'a Limits, eval: EvalFn<Position>) -> Scorer<'a> {
        let plies = plies(pos);
        let sub_depth = limits.depth.map_or(MAX_SUB_DEPTH, |d| d.saturating_sub(plies).clamp(1, MAX_SUB_DEPTH));
        Scorer { limits, eval, started: Instant::now(), nodes: 0, truncated: 0, sub_depth, done_depth: None, stop: None }
    }

    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// The depth an answer reports: the set-up plies and the least
    /// completed sowing depth (the set-up plies alone when every sowing
    /// position was already decided).
    fn depth(&self, pos: &Position) -> u32 {
        plies(pos) + self.done_depth.unwrap_or(0)
    }

    /// Whether a limit is reached (and which, kept in `stop`).
    fn out(&mut self) -> bool {
        if self.stop.is_none() {
            self.stop = if crate::budget::check() {
                Some(StopReason::Deadline)
            } else if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
                Some(StopReason::Nodes)
            } else if self.limits.time_ms.is_some_and(|t| self.elapsed_ms() >= t) {
                Some(StopReason::Time)
            } else {
                None
            };
        }
        self.stop.is_some()
    }

    /// The sowing search of `play` (South to sow): its value from South's
    /// view and its line, within what is left of the limits.
    fn leaf(&mut self, play: &Position) -> (i32, Vec<String>) {
        let l = self.limits;
        let sub = Limits {
            depth: Some(self.sub_depth),
            nodes: l.nodes.map(|n| n.saturating_sub(self.nodes).max(1)),
            time_ms: l.time_ms.map(|t| t.saturating_sub(self.elapsed_ms()).max(1)),
            multipv: 1,
            solve_share: 0,
            ..l.clone()
        };
        let a = analyse_with::<Omweso>(play, &sub, self.eval);
        self.nodes += a.nodes;
        self.truncated += a.truncated_turns;
        // A decided or proven sowing position has nothing deeper to search.
        if !matches!(a.stopped_by, StopReason::GameOver | StopReason::Proven | StopReason::Solved) {
            self.done_depth = Some(self.done_depth.map_or(a.depth, |d| d.min(a.depth)));
        }
        (value_of(a.score), a.pv)
    }

    /// `a`'s score for the arranger of `pos`; with `cutoff`, South's
    /// replies stop at the first that scores `cutoff` or less.
    fn score(&mut self, pos: &Position, a: Arrangement, cutoff: Option<i32>) -> Scored {
        let after = arranged(pos, &a);
        let name = standard(pos.to_move, pos.seeds(pos.to_move)).into_iter().find(|(_, s)| *s == a).map(|(n, _)| n);
        let mut scored = Scored { arrangement: a, name, value: 0, pv: vec![a.token()], exact: true };
        if pos.to_move == Side::North || after.phase == Phase::Play {
            let (v, pv) = self.leaf(&after);
            scored.value = shift(-v, 1);
            scored.pv.extend(pv);
            return scored;
        }
        // South: the worst of North's standard replies.
        let mut worst: Option<(i32, Vec<String>)> = None;
        for (_, b) in standard(Side::North, after.seeds(Side::North)) {
            let (v, pv) = self.leaf(&arranged(&after, &b));
            if worst.as_ref().is_none_or(|(w, _)| v < *w) {
                worst = Some((v, [vec![b.token()], pv].concat()));
            }
            if cutoff.is_some_and(|c| v <= c) {
                scored.exact = false;
                break;
            }
            if self.out() {
                break;
            }
        }
        let (v, pv) = worst.unwrap_or_default();
        scored.value = shift(v, 2);
        scored.pv.extend(pv);
        scored
    }
}

/// Set-up plies before the sowing: 2 when South arranges (then North), 1
/// when North does.
fn plies(pos: &Position) -> u32 {
    if pos.to_move == Side::South {
        2
    } else {
        1
    }
}

/// A sowing search's score as an internal value (forced results in plies).
fn value_of(score: Score) -> i32 {
    use super::tt::MATE;
    match score {
        Score::Centiseeds(c) => c,
        Score::Win { turns } => MATE - (2 * turns as i32 - 1).max(0),
        Score::Loss { turns } => -(MATE - 2 * turns as i32),
    }
}

/// A forced result counted from `plies` earlier (the set-up plies).
fn shift(v: i32, plies: i32) -> i32 {
    if v > MATE_BOUND {
        v - plies
    } else if v < -MATE_BOUND {
        v + plies
    } else {
        v
    }
}

/// The first candidates: the standard arrangements, then the set-up sample
/// (the seeds as they stand, spread evenly), without repeats.
fn first_candidates(pos: &Position) -> Vec<Arrangement> {
    let mut out: Vec<Arrangement> = standard(pos.to_move, pos.seeds(pos.to_move)).into_iter().map(|(_, a)| a).collect();
    for a in arrangement::sample(pos) {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// A seeded local change of `a`: one or two seeds moved from a non-empty
/// pit to another pit of the arranger.
fn perturb(rng: &mut Rng, side: Side, a: &Arrangement) -> Arrangement {
    let mut local = a.local(side);
    let full: Vec<usize> = (0..PITS).filter(|&i| local[i] > 0).collect();
    if full.is_empty() {
        return *a;
    }
    let from = full[rng.below(full.len())];
    let k = 1 + rng.below(local[from].min(2) as usize) as u8;
    let to = (from + 1 + rng.below(PITS - 1)) % PITS;
    local[from] -= k;
    local[to] += k;
    Arrangement::of_local(side, &local)
}

/// Choose the arrangement of the side to arrange in `pos` (a set-up
/// position) under `limits`: the analysis whose best move is it, its lines
/// the best candidates scored (`limits.multipv` of them, all exact).
pub fn choose(pos: &Position, limits: &Limits, eval: EvalFn<Position>) -> Analysis {
    let mut s = Scorer::new(pos, limits, eval);
    let me = pos.to_move;
    // With one line, a candidate is only needed exactly when it is the best.
    let cut = limits.multipv <= 1;
    let mut scored: Vec<Scored> = Vec::new();
    let mut seen: HashSet<Arrangement> = HashSet::new();
    let mut best: Option<usize> = None;
    let consider = |s: &mut Scorer, scored: &mut Vec<Scored>, best: &mut Option<usize>, a: Arrangement| {
        let cutoff = best.filter(|_| cut).map(|b| scored[b].value);
        let c = s.score(pos, a, cutoff);
        if c.exact && best.is_none_or(|b| c.value > scored[b].value) {
            *best = Some(scored.len());
        }
        scored.push(c);
    };
    for a in first_candidates(pos) {
        if s.out() {
            break;
        }
        seen.insert(a);
        consider(&mut s, &mut scored, &mut best, a);
    }
    let steps = if limits.nodes.is_some() || limits.time_ms.is_some() { LIMITED_CLIMB_STEPS } else { CLIMB_STEPS };
    let mut rng = Rng::new(limits.seed ^ 0x0E50_A22A);
    for _ in 0..steps {
        if s.out() {
            break;
        }
        let Some(b) = best else { break };
        let a = perturb(&mut rng, me, &scored[b].arrangement);
        if seen.insert(a) {
            consider(&mut s, &mut scored, &mut best, a);
        }
    }
    let time_ms = s.elapsed_ms();
    let stopped_by = s.stop.unwrap_or(StopReason::Depth);
    let Some(b) = best else {
        // Nothing scored before a limit: the first candidate, by the static
        // evaluation, so that a move always comes back.
        let a = first_candidates(pos)[0];
        let value = eval(pos);
        let line = Line { mv: a.token(), score: Score::Centiseeds(value), value, pv: vec![a.token()] };
        return Analysis {
            best_move: Some(line.mv.clone()),
            score: line.score,
            pv: line.pv.clone(),
            lines: vec![line],
            depth: 0,
            nodes: s.nodes,
            time_ms,
            truncated_turns: s.truncated,
            stopped_by,
        };
    };
    let best = scored[b].clone();
    let mut exact: Vec<&Scored> = scored.iter().filter(|c| c.exact).collect();
    // Best first; among equals the one scored first (the standard order).
    exact.sort_by_key(|c| std::cmp::Reverse(c.value));
    let lines: Vec<Line> = exact
        .into_iter()
        .take(limits.multipv.max(1))
        .map(|c| Line { mv: c.arrangement.token(), score: c.score(), value: c.value, pv: c.pv.clone() })
        .collect();
    Analysis {
        best_move: Some(best.arrangement.token()),
        score: best.score(),
        pv: best.pv.clone(),
        lines,
        depth: s.depth(pos),
        nodes: s.nodes,
        time_ms,
        truncated_turns: s.truncated,
        stopped_by,
    }
}

/// What [`compare`] answers: a given arrangement and the standard ones,
/// each scored as the chooser scores its candidates (exactly).
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The given arrangement, scored.
    pub given: Scored,
    /// The standard arrangements, scored, in their order (fewer when a
    /// limit ended the work first: `stopped_by` says so).
    pub standard: Vec<Scored>,
    /// The depth behind the scores, in turns: the set-up plies and the
    /// least depth a sowing search completed.
    pub depth: u32,
    /// Positions the sowing searches visited.
    pub nodes: u64,
    /// Time spent.
    pub time_ms: u64,
    /// Turns searched in part (see [`Analysis::truncated_turns`]).
    pub truncated_turns: u64,
    /// Why the work ended: [`StopReason::Depth`] when every arrangement was
    /// scored, else the limit that ended it.
    pub stopped_by: StopReason,
}

/// Score `given` (a valid arrangement of `pos`'s arranger) and the
/// standard arrangements under `limits`, with the game's evaluation. The
/// given one is scored first, so it always has a score.
pub fn compare(pos: &Position, given: Arrangement, limits: &Limits, eval: EvalFn<Position>) -> Comparison {
    let mut s = Scorer::new(pos, limits, eval);
    let given = s.score(pos, given, None);
    let mut standard_scored = Vec::new();
    for (_, a) in standard(pos.to_move, pos.seeds(pos.to_move)) {
        if s.out() {
            break;
        }
        standard_scored.push(s.score(pos, a, None));
    }
    s.out();
    Comparison {
        given,
        standard: standard_scored,
        depth: s.depth(pos),
        nodes: s.nodes,
        time_ms: s.elapsed_ms(),
        truncated_turns: s.truncated,
        stopped_by: s.stop.unwrap_or(StopReason::Depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::omweso::Variant;
    use crate::search::Evaluate;

    fn limits(nodes: u64, seed: u64) -> Limits {
        Limits { depth: Some(3), nodes: Some(nodes), seed, ..Limits::default() }
    }

    #[test]
    fn a_perturbation_keeps_the_total_and_changes_the_arrangement() {
        let a = standard(Side::North, 32)[0].1;
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let b = perturb(&mut rng, Side::North, &a);
            assert_eq!(b.total(), 32);
            assert_ne!(a, b);
        }
    }

    #[test]
    fn the_choice_is_legal_deterministic_and_no_worse_than_every_standard_one() {
        for variant in [Variant::Omweso, Variant::Mweso] {
            let south = Position::start(variant);
            let north = arranged(&south, &standard(Side::South, 32)[3].1);
            for pos in [south, north] {
                // Depth only: the climb's length is fixed, and each sowing
                // search is the same one `compare` runs.
                let l = Limits { depth: Some(3), seed: 11, ..Limits::default() };
                let a = choose(&pos, &l, Omweso::evaluate);
                assert_eq!(a.stopped_by, StopReason::Depth);
                let mv = a.best_move.clone().unwrap();
                let chosen = Arrangement::parse(&mv).unwrap();
                assert!(arrangement::check(&pos, &chosen).is_ok());
                assert_eq!(a, Analysis { time_ms: a.time_ms, ..choose(&pos, &l, Omweso::evaluate) });
                // The same measure, exactly, for every standard arrangement.
                let cmp = compare(&pos, chosen, &l, Omweso::evaluate);
                assert_eq!(cmp.standard.len(), standard(pos.to_move, 32).len());
                for st in &cmp.standard {
                    assert!(cmp.given.value >= st.value, "{:?}: {} < {} ({})", variant, cmp.given.value, st.value, st.arrangement.token());
                }
            }
        }
    }

    #[test]
    fn the_node_limit_is_kept() {
        let pos = Position::start(Variant::Omweso);
        let a = choose(&pos, &limits(5_000, 1), Omweso::evaluate);
        // The last sowing search is given only what is left, so the total
        // passes the limit by at most that search's own overshoot (it
        // stops at its next node check).
        assert!(a.nodes <= 5_000 + 64, "{}", a.nodes);
        assert_eq!(a.stopped_by, StopReason::Nodes);
        assert!(Arrangement::parse(a.best_move.as_deref().unwrap()).is_ok());
    }
}
