//! A solver: depth-first proof-number search (df-pn, Nagai 2002) over whole
//! turns, with the opponent's in-turn decisions as nodes of their own.
//!
//! It answers a narrower question than [`super::analyse`]: not "which move
//! is best by the evaluation" but "can the side to move force a win, or is
//! it lost whatever it does?", and it either proves the answer or says it
//! does not know. No evaluation is used; a proof rests only on the rules'
//! own ends ([`Game::decided`](crate::game::Game::decided) and "a side with no legal move at the start
//! of its turn has lost"), read exactly as [`super::reference`] reads them.
//!
//! # The AND/OR tree
//!
//! One run proves or disproves "the attacker wins" for a fixed attacker.
//! At a position the side to move's turn graph ([`TurnGraph`]) is built:
//! every decision taken by the attacker (its own in-turn choices on its
//! turn, a retreat it decides on the other side's turn) is an OR node, every
//! decision taken by the defender an AND node; a finished turn leads to the
//! next position. A turn without opponent decisions is one node whose
//! children are its distinct results. Options from which the turn cannot
//! finish are not options (as in the reference).
//!
//! Why two runs: a position is not always won or lost within what the
//! solver can see (repetitions, turns it cannot settle), so "the attacker
//! cannot win" does not prove "the defender wins". The solver runs "the
//! side to move wins" and "the side to move loses" side by side in slices
//! of doubling size over one table (keys salted by attacker) until one is
//! proven, both are disproven, or the budget runs out.
//!
//! # Short runs
//!
//! df-pn follows the smallest proof numbers wherever they lead; with lines
//! of up to 256 turns it can chase a long forcing sequence, where the
//! defender has few replies, past a short win where it has many (measured:
//! a win in 4 turns the alpha-beta search finds in 6 ms, not proven in 3.6
//! million expansions). So, unless the caller sets `Limits::depth`, two
//! more runs go beside the full ones: the same two questions within 8
//! turns, then 16, 32, ... (the bound doubles once neither side wins within
//! it), each slice an eighth of the full runs' so that most of the budget
//! stays with the full runs. A short run's disproof holds only under its
//! bound: its keys are salted by the bound as well, and its entries give
//! up their table slots like open ones. A short run's proof is a proof.
//!
//! # What counts as unknown, and why it is safe
//!
//! These leaves are scored as "the attacker does not win" (disproven) in
//! both runs, so no proof ever rests on them; they can only make the solver
//! answer [`Outcome::Unknown`]:
//! - a position repeated on the current line (the rules know no draw, and
//!   a proof must not depend on the way a position was reached; such a
//!   value is never stored);
//! - a line longer than the depth limit;
//! - a turn the solver cannot settle exactly: its graph cut by
//!   `Limits::turn_nodes` or a relay chain cut by `Limits::turn_laps`; a
//!   turn with opponent decisions whose graph has a cycle (its value
//!   depends on the route through it; the alpha-beta search handles it with
//!   a path check, the solver leaves it); a defender's turn whose options
//!   the game lists only as a sample ([`Game::lists_all`](crate::game::Game::lists_all): Isolo's
//!   kucheleka with too many arrangements). Counted in
//!   [`Solution::unknown_turns`].
//!
//! A disproof can therefore depend on the line (the "graph history
//! interaction" of df-pn with repetitions): that only costs proofs, it never
//! makes a wrong one, because a proven value is only ever built from proven
//! children, down to real ends of the game.
//!
//! # Budget
//!
//! [`Limits`]' node and time limits, its outside deadline and its cancel
//! flag bound the solver as they bound the alpha-beta search (the deadline
//! and the flag reach into the rules core, see [`crate::budget`]). A budget
//! that runs out gives [`Outcome::Unknown`], never a proof that was not
//! finished. The depth limit bounds the length of a line (in turns).

use super::limits::{Control, Limits, Stop, StopReason};
use super::solve_tt::{Table, MIN_TABLE_BITS};
use super::solve_turn::{Pn, View, DISPROVEN, FRESH, INF, LOST_DIST, PROVEN, UNKNOWN};
use super::turn_graph::TurnGraph;
use super::Engine;
use crate::moves::format_move;
use crate::side::Side;
use rustc_hash::FxHashSet as HashSet;

/// What the solver established, for the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move can force a win.
    Win,
    /// The side to move loses whatever it does.
    Loss,
    /// Neither was proven within the budget (or at all, see
    /// [`Solution::stopped_by`]).
    Unknown,
}

impl Outcome {
    /// `win`, `loss` or `unknown`, as the API names it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Unknown => "unknown",
        }
    }
}

/// The solver's answer ([`solve`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Proven win, proven loss, or unknown, for the side to move.
    pub outcome: Outcome,
    /// A proof line in canonical move notation, whole turns, as
    /// [`super::Line::pv`] carries them: the winner's moves and the loser's
    /// longest resistance within the proof found, up to the game's end.
    /// Empty when nothing was proven or the game is already over. With
    /// opponent decisions inside a turn, a move is written as the canonical
    /// decision list to its result (as the alpha-beta search writes it).
    pub line: Vec<String>,
    /// With a proof: in [`super::Score`]'s units, the winner's turns
    /// (`Win`: the side to move's own turns, this one included; `Loss`:
    /// the opponent's turns) along the proof found. The proof bounds the
    /// game's length, so a shortest forced win can only be shorter.
    /// `None` without a proof (or, rarely, when the table lost the
    /// proof's length; the line is then cut where the table fails too).
    pub turns: Option<u32>,
    /// Positions the solver expanded.
    pub nodes: u64,
    /// Wall-clock time spent, in milliseconds.
    pub time_ms: u64,
    /// Why the solver ended: `Proven`; `GameOver` (nothing to solve);
    /// `Nodes`, `Time` or `Deadline` (a limit; the outcome is then
    /// `Unknown` unless a proof came first); `Depth`: neither side could be
    /// proven to win within what the solver can see (every remaining line
    /// ends in a repetition, the depth limit or an unsettled turn).
    pub stopped_by: StopReason,
    /// Turns the solver met but could not settle exactly (see the module
    /// docs); each is a reason why an `Unknown` may hide a result.
    pub unknown_turns: u64,
    /// With a proof confirmed by [`super::solve_check::solve_checked`]: the
    /// positions of the whole proof tree it walked again with the rules.
    /// `None` without a proof, from [`solve`] (which does not check), or
    /// when the check ran out of its step budget before confirming it.
    pub proof_positions: Option<u64>,
}

/// The proofs a solve left in its table, for the side whose win it proved
/// ([`solve_certified`]).
pub struct Certificate {
    /// `None`: every position is taken as a candidate (the check is then a
    /// plain exhaustive search; only the tests use it, see
    /// [`Certificate::everything`]).
    table: Option<Table>,
    salt: u64,
    /// The side whose win is claimed.
    pub winner: Side,
}

impl Certificate {
    pub(super) fn new(table: Table, salt: u64, winner: Side) -> Certificate {
        Certificate { table: Some(table), salt, winner }
    }

    /// A certificate that names every position as proven for `winner`:
    /// the check then decides by exhaustive search alone (bounded by
    /// [`super::solve_check::check`]'s `max_line`). Why it exists: the tests compare that
    /// search with the oracle, which shows the check's own logic can fail
    /// a claim, whatever a table says.
    pub fn everything(winner: Side) -> Certificate {
        Certificate { table: None, salt: 0, winner }
    }

    /// Whether the table holds a proof of `key` for the winner (the
    /// check's map of where the proof goes, [`super::solve_check`]).
    pub(super) fn names(&self, key: u64) -> bool {
        match &self.table {
            None => true,
            Some(t) => t.probe(key ^ self.salt).is_some_and(|e| e.pn == 0),
        }
    }
}

/// Depth limit (turns on one line) when [`Limits::depth`] is `None`.
pub const SOLVE_DEPTH: u32 = 256;

/// Solve `pos` for its side to move within `limits`: a proven win or loss
/// with a proof line, or `Unknown`.
///
/// Reads `nodes`, `time_ms`, `deadline`, `cancel` (the budget), `depth`
/// (longest line in turns, one full run per side; `None`: [`SOLVE_DEPTH`]
/// with the short runs of the module docs beside it), `tt_bits` (table size,
/// at least [`MIN_TABLE_BITS`]), `turn_nodes` and `turn_laps` (turns bigger
/// than these are left unknown); `multipv` is ignored. Safe to call without
/// the GIL: it touches no shared state but the cancel flag.
pub fn solve<G: Engine>(pos: &G::Pos, limits: &Limits) -> Solution {
    solve_certified::<G>(pos, limits).0
}

/// [`solve`], and with a proof its [`Certificate`]: the table's proofs for
/// the winner, for [`super::solve_check::check`] to walk the whole proof
/// tree again with the rules. Keeps the table (`2^tt_bits` slots of 24
/// bytes) alive as long as the certificate.
pub fn solve_certified<G: Engine>(pos: &G::Pos, limits: &Limits) -> (Solution, Option<Certificate>) {
    let ctl = Control::new(limits);
    let own = limits.time_ms.map(|ms| ctl.started() + std::time::Duration::from_millis(ms));
    let budget = limits.budget.no_later_than(own);
    let mut s = Solver::<G> {
        tt: Table::new(limits.tt_bits.max(MIN_TABLE_BITS)),
        ctl,
        path: HashSet::default(),
        max_depth: limits.depth.unwrap_or(SOLVE_DEPTH),
        short: limits.depth.is_none(),
        salt: 0,
        weak: false,
        turn_nodes: limits.turn_nodes,
        slice_left: 0,
        slice_over: false,
        unknown_turns: 0,
        pool: Vec::new(),
    };
    let (found, _) = crate::budget::with_budget(budget, || s.run(pos));
    let (outcome, mut stopped_by, winner) = found;
    // The line is read from the table after the budget: the proof is
    // complete, and reading it rebuilds only the turns along one line.
    let (line, plies) = match winner {
        Some((w, salt)) => s.line(pos, w, salt, limits.turn_laps),
        None => (Vec::new(), None),
    };
    if plies == Some(0) {
        // Proven at the root itself: the side to move has no legal move.
        stopped_by = StopReason::GameOver;
    }
    let turns = plies.map(|p| if outcome == Outcome::Win { p.div_ceil(2) } else { p / 2 });
    let solution = Solution {
        outcome,
        line,
        turns: if outcome == Outcome::Unknown { None } else { turns },
        nodes: s.ctl.nodes,
        time_ms: s.ctl.elapsed_ms(),
        stopped_by,
        unknown_turns: s.unknown_turns,
        proof_positions: None,
    };
    (solution, winner.map(|(w, salt)| Certificate::new(s.tt, salt, w)))
}

/// Key salt per attacker and line bound (0: the full depth limit): all runs
/// share one table, and a disproof found under a short bound ("no win
/// within 8 turns") must not be read as one under another.
fn salt(attacker: Side, bound: u32) -> u64 {
    [0, 0x5D1F_3A7B_C2E4_9061][attacker.index()] ^ (bound as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The first line bound of the short runs, in turns (module docs).
const SHORT_FIRST: u32 = 8;

/// The short runs' slice, as a fraction of the full runs' (1/8, about a
/// ninth of the budget): they catch short wins cheaply and leave most of
/// the budget to the full runs. Measured at 1/4 on 1,000 `igisoro`
/// positions at 1 s: 15 proofs of 268 lost to the smaller full runs, none
/// gained (docs/benchmarks/solver.md).
const SHORT_SHARE: u64 = 8;

/// One df-pn over a position's turns for a fixed attacker, with its budget.
struct Solver<G: Engine> {
    tt: Table,
    ctl: Control,
    /// Keys of the positions on the current line (repetition check).
    path: HashSet<u64>,
    max_depth: u32,
    /// Run short-bounded searches beside the full ones (`Limits::depth`
    /// not set; module docs).
    short: bool,
    /// The current run's key salt ([`salt`]).
    salt: u64,
    /// The current run is a short one: its disproofs hold only under its
    /// bound, so the table may give up their slots first.
    weak: bool,
    turn_nodes: usize,
    /// Expansions left in the current slice (see [`Solver::run`]).
    slice_left: u64,
    /// The slice, not the budget, stopped the last descent.
    slice_over: bool,
    unknown_turns: u64,
    /// Turn graphs to build into (see `Searcher::pool`; boxed so that
    /// taking one moves a pointer, not the graph's vectors and tables).
    #[allow(clippy::vec_box)]
    pool: Vec<Box<TurnGraph<G>>>,
}

/// What a finished run says: the outcome, why it ended, and the side whose
/// win was proven with the salt of the run that proved it.
type Found = (Outcome, StopReason, Option<(Side, u64)>);

impl<G: Engine> Solver<G> {
    /// The runs, interleaved in slices of doubling size (module docs).
    fn run(&mut self, pos: &G::Pos) -> Found {
        self.runs(pos).unwrap_or_else(|stopped| stopped)
    }

    /// [`Solver::run`], with `Err` for an answer the budget forced.
    fn runs(&mut self, pos: &G::Pos) -> Result<Found, Found> {
        if let Some((w, _)) = G::decided(pos) {
            let o = if w == G::to_move(pos) { Outcome::Win } else { Outcome::Loss };
            return Ok((o, StopReason::GameOver, None));
        }
        let me = G::to_move(pos);
        let full = self.max_depth;
        let mut open = [true, true];
        // The short runs' bound, `None` once it reaches the full one.
        let mut bound = (self.short && SHORT_FIRST < full).then_some(SHORT_FIRST);
        let mut short_open = [true, true];
        let mut slice = 256u64;
        loop {
            for (k, attacker) in [me, me.other()].into_iter().enumerate() {
                if open[k] {
                    match self.one(pos, attacker, full, 0, slice)? {
                        Some(true) => return Ok(self.proven(me, attacker, 0)),
                        Some(false) => open[k] = false,
                        None => {}
                    }
                }
            }
            if !open[0] && !open[1] {
                return Ok((Outcome::Unknown, StopReason::Depth, None));
            }
            if let Some(b) = bound {
                for (k, attacker) in [me, me.other()].into_iter().enumerate() {
                    if short_open[k] && open[k] {
                        match self.one(pos, attacker, b, b, (slice / SHORT_SHARE).max(64))? {
                            Some(true) => return Ok(self.proven(me, attacker, b)),
                            Some(false) => short_open[k] = false,
                            None => {}
                        }
                    }
                }
                if !short_open[0] && !short_open[1] {
                    // Neither side wins within `b` turns: try twice as long.
                    bound = (2 * b < full).then_some(2 * b);
                    short_open = [true, true];
                }
            }
            slice = slice.saturating_mul(2);
        }
    }

    /// One slice of `slice` expansions of the run "`attacker` wins within
    /// `depth` turns" (`bound`: 0 for the full run, else the short bound):
    /// `Some(true)` proven, `Some(false)` disproven, `None` open; `Err`
    /// with the answer when the budget ran out.
    fn one(&mut self, pos: &G::Pos, attacker: Side, depth: u32, bound: u32, slice: u64) -> Result<Option<bool>, Found> {
        self.max_depth = depth;
        self.salt = salt(attacker, bound);
        self.weak = bound != 0;
        self.slice_left = slice;
        self.slice_over = false;
        self.path.clear();
        let key = G::zobrist(pos) ^ self.salt;
        match self.mid(pos, key, attacker, INF, INF, 0) {
            Ok(v) if v.pn == 0 => Ok(Some(true)),
            Ok(v) if v.dn == 0 => Ok(Some(false)),
            Ok(_) => Ok(None),
            Err(Stop) if self.slice_over => Ok(None),
            Err(Stop) => Err((Outcome::Unknown, self.ctl.stop_reason(), None)),
        }
    }

    /// The answer once `attacker`'s win is proven by the run of `bound`.
    fn proven(&self, me: Side, attacker: Side, bound: u32) -> Found {
        let o = if attacker == me { Outcome::Win } else { Outcome::Loss };
        (o, StopReason::Proven, Some((attacker, salt(attacker, bound))))
    }

    /// Count one expansion, or stop (budget or end of slice).
    fn tick(&mut self) -> Result<(), Stop> {
        if self.slice_left == 0 {
            self.slice_over = true;
            return Err(Stop);
        }
        self.slice_left -= 1;
        self.ctl.visit()
    }

    /// The value of a position already known without expanding it: a
    /// decided game, the table, or a line that may go no further.
    fn known(&self, pos: &G::Pos, key: u64, attacker: Side, depth: u32) -> Option<Pn> {
        if let Some((w, _)) = G::decided(pos) {
            return Some(if w == attacker { PROVEN } else { DISPROVEN });
        }
        if let Some(e) = self.tt.probe(key) {
            if e.pn == 0 || e.dn == 0 {
                return Some(Pn { pn: e.pn as u64, dn: e.dn as u64 });
            }
        }
        if self.path.contains(&key) || depth >= self.max_depth {
            return Some(UNKNOWN);
        }
        self.tt.probe(key).map(|e| Pn { pn: e.pn as u64, dn: e.dn as u64 })
    }

    /// Build the turn graph of `pos` (relay chains cut at the lap cap);
    /// `Ok(false)` if it cannot be settled exactly (module docs).
    fn graph(&mut self, pos: &G::Pos, g: &mut TurnGraph<G>) -> Result<bool, Stop> {
        let before = self.ctl.truncated;
        self.ctl.graph::<G>(pos, g)?;
        // A budget that ran out inside the rules core leaves options out
        // without a stop poll noticing: such a graph must not be used.
        if crate::budget::check() {
            return Err(Stop);
        }
        Ok(self.ctl.truncated == before && !(g.has_opponent && g.cyclic))
    }

    /// Expand `pos` (df-pn's MID) until its numbers reach a threshold.
    fn mid(&mut self, pos: &G::Pos, key: u64, attacker: Side, tp: u64, td: u64, depth: u32) -> Result<Pn, Stop> {
        self.tick()?;
        if let Some(v) = self.known(pos, key, attacker, depth).filter(|v| v.pn == 0 || v.dn == 0) {
            return Ok(v);
        }
        let mut g = self.pool.pop().unwrap_or_else(|| Box::new(TurnGraph::empty()));
        let exact = match self.graph(pos, &mut g) {
            Ok(e) => e,
            Err(e) => {
                self.pool.push(g);
                return Err(e);
            }
        };
        let mover = G::to_move(pos);
        let start = self.ctl.nodes;
        // A sample of the defender's options proves nothing (Isolo's
        // kucheleka lists a sample when it has too many; the turn's root is
        // the only node a game samples today).
        let exact = exact && (mover == attacker || G::lists_all(pos, &G::root(pos)));
        if !exact || g.results.is_empty() {
            // No legal move: the mover has lost.
            let v = if !exact {
                self.unknown_turns += 1;
                UNKNOWN
            } else if mover == attacker {
                DISPROVEN
            } else {
                PROVEN
            };
            self.tt.store(key, v, 0, 1, self.weak);
            self.recycle(g);
            return Ok(v);
        }
        let salt = self.salt;
        let keys: Vec<u64> = g.results.iter().map(|r| G::zobrist(&r.pos) ^ salt).collect();
        let mut memo = vec![None; if g.has_opponent { g.kind.len() } else { 0 }];
        self.path.insert(key);
        let (v, values) = loop {
            let values: Vec<Pn> = g
                .results
                .iter()
                .zip(&keys)
                .map(|(r, &k)| self.known(&r.pos, k, attacker, depth + 1).unwrap_or(FRESH))
                .collect();
            let view = View { g: &g, values: &values, mover, attacker };
            memo.iter_mut().for_each(|m| *m = None);
            let v = view.value(&mut memo);
            if v.pn >= tp || v.dn >= td {
                break (v, values);
            }
            let (r, ctp, ctd) = view.select(tp, td, &mut memo);
            let child = &g.results[r].pos;
            if let Err(e) = self.mid(child, keys[r], attacker, ctp, ctd, depth + 1) {
                self.path.remove(&key);
                self.recycle(g);
                return Err(e);
            }
        };
        self.path.remove(&key);
        let dist = if v.pn == 0 {
            let dists: Vec<u32> = g.results.iter().zip(&keys).map(|(r, &k)| self.dist(&r.pos, k, attacker)).collect();
            let view = View { g: &g, values: &values, mover, attacker };
            (1 + view.dist(&dists, &mut memo)).min(LOST_DIST)
        } else {
            0
        };
        self.tt.store(key, v, dist, self.ctl.nodes - start + 1, self.weak);
        self.recycle(g);
        Ok(v)
    }

    /// Plies to the end along the stored proof of a proven position.
    /// `LOST_DIST` when it is not proven (or its entry was lost).
    fn dist(&self, pos: &G::Pos, key: u64, attacker: Side) -> u32 {
        if let Some((w, _)) = G::decided(pos) {
            return if w == attacker { 0 } else { LOST_DIST };
        }
        self.tt.probe(key).filter(|e| e.pn == 0).map_or(LOST_DIST, |e| e.dist)
    }

    fn recycle(&mut self, g: Box<TurnGraph<G>>) {
        if g.reusable() {
            self.pool.push(g);
        }
    }

    /// The proof line for `winner` from `pos`, and its length in plies as
    /// stored with the root (`None` if the root's entry was lost).
    fn line(&self, pos: &G::Pos, winner: Side, salt: u64, laps: u64) -> (Vec<String>, Option<u32>) {
        let plies = self.tt.probe(G::zobrist(pos) ^ salt).filter(|e| e.pn == 0 && e.dist < LOST_DIST).map(|e| e.dist);
        let mut out = Vec::new();
        let mut p = pos.clone();
        for _ in 0..plies.unwrap_or(0) {
            if G::decided(&p).is_some() {
                break;
            }
            let (g, capped) =
                crate::budget::with_lap_cap(laps, || TurnGraph::<G>::build_bounded(&p, self.turn_nodes, &mut || false));
            let Ok(g) = g else { break };
            if capped || g.results.is_empty() {
                break;
            }
            let keys: Vec<u64> = g.results.iter().map(|r| G::zobrist(&r.pos) ^ salt).collect();
            let values: Vec<Pn> = g
                .results
                .iter()
                .zip(&keys)
                .map(|(r, &k)| if self.dist(&r.pos, k, winner) < LOST_DIST { PROVEN } else { FRESH })
                .collect();
            let dists: Vec<u32> = g.results.iter().zip(&keys).map(|(r, &k)| self.dist(&r.pos, k, winner)).collect();
            let view = View { g: &g, values: &values, mover: G::to_move(&p), attacker: winner };
            let mut memo = vec![None; g.kind.len()];
            view.value(&mut memo);
            let Some(r) = view.line_result(&dists, &mut memo) else { break };
            out.push(format_move::<G>(&p, &g.path_to(g.results[r].node)));
            p = g.results[r].pos.clone();
        }
        (out, plies)
    }
}
