//! Iterative deepening at the root, multi-PV, and the analysis result.
//!
//! Why iterative deepening: each iteration fills the table with best moves
//! that order the next one, so depth d+1 after 1..d costs little more than
//! d+1 alone, and a stopped search always has the last completed depth to
//! fall back on (time and node limits, cancellation).
//!
//! Multi-PV: the root's options are searched in the previous iteration's
//! order with alpha set to the k-th best exact score so far. An option that
//! fails low is provably not among the k best; every option that beats the
//! k-th gets an exact score. With k = 1 this is ordinary alpha-beta.
//!
//! A stopped iteration is not thrown away (single-PV only): the options it
//! finished were searched one turn deeper than the last completed depth,
//! the previous best among them first, with a full window. Any finished
//! option that got an exact score beat every finished option before it at
//! the new depth, so the best of them is a better-informed choice than the
//! last completed iteration's move. Without this, the time a timed search
//! spends in its last iteration is wasted; with it, a single-PV search
//! starts iterations until its time is used up, while a multi-PV search
//! only starts an iteration it has time to finish (see
//! `Control::iteration_stop`).

use super::searcher::{EvalFn, Searcher, INF};
use super::in_turn::Memo;
use super::limits::{Control, Limits, Stop, StopReason, MAX_DEPTH};
use super::ordering::Ordering;
use super::solve::{Outcome, Solution};
use super::tt::{Table, MATE, MATE_BOUND};
use super::turn_graph::{Kind, TurnGraph};
use super::Engine;
use crate::explore::status;
use crate::game::Status;
use crate::moves::format_move;

// The result types, in a file of their own so that the family hooks can
// name them without importing the search (`super::root_choice`).
pub use super::analysis::{Analysis, Line, Score};

/// Analyse with the game's own evaluation (its playing form for a
/// [`Limits::playing`] search).
pub fn analyse<G: Engine>(pos: &G::Pos, limits: &Limits) -> Analysis {
    analyse_with::<G>(pos, limits, evaluation::<G>(limits))
}

/// The game's evaluation for `limits`: its playing form for a playing search.
fn evaluation<G: Engine>(limits: &Limits) -> EvalFn<G::Pos> {
    if limits.playing {
        G::evaluate_playing
    } else {
        G::evaluate
    }
}

#[derive(Clone)]
struct RootItem {
    node: u32,
    value: i32,
    exact: bool,
    principal: Option<usize>,
}

/// Analyse with any evaluation function (the public baseline uses its own).
///
/// A move always comes back when the game is not over, whatever the
/// caller's own limits (`time_ms`, `nodes`): the game status and the root's
/// options are settled under the outside deadline only, and a search that
/// completes no iteration still plays the best option its first iteration
/// finished, else the first option in capture order (see
/// [`Analysis::depth`]). Only the outside deadline (or cancellation) can
/// leave `best_move` empty in a game that is not over; the result then says
/// [`StopReason::Deadline`].
pub fn analyse_with<G: Engine>(pos: &G::Pos, limits: &Limits, eval: EvalFn<G::Pos>) -> Analysis {
    analyse_outside::<G>(pos, limits, eval, None)
}

/// [`analyse`], handing `report` the analysis of every completed depth as
/// the search goes (what the answer would be if it stopped now: lines,
/// score, nodes and time so far, `stopped_by` [`StopReason::Depth`]). The
/// final answer is the same as without a report: reading the lines back
/// only reads the search's table. For streamed analyses; a caller that
/// wants to stop sets the cancel flag of `limits.budget`.
pub fn analyse_reporting<G: Engine>(pos: &G::Pos, limits: &Limits, report: &mut dyn FnMut(&Analysis)) -> Analysis {
    analyse_outside::<G>(pos, limits, evaluation::<G>(limits), Some(report))
}

fn analyse_outside<G: Engine>(
    pos: &G::Pos,
    limits: &Limits,
    eval: EvalFn<G::Pos>,
    report: Option<&mut dyn FnMut(&Analysis)>,
) -> Analysis {
    // The outside deadline and cancel flag also bound the rules core, so a
    // single long relay chain inside `Game::advance` cannot hold the call
    // past them (see crate::budget); the search adds its own time limit.
    crate::budget::with_budget(limits.budget.clone(), || {
        // A root whose list is only a sample (Omweso's set-up): the
        // family's own choice (`super::root_choice`), one report at its end.
        if let Some(a) = G::choose_root(pos, limits, eval) {
            if let Some(report) = report {
                report(&a);
            }
            return a;
        }
        analyse_bounded::<G>(pos, limits, eval, report)
    })
    .0
}

fn analyse_bounded<G: Engine>(
    pos: &G::Pos,
    limits: &Limits,
    eval: EvalFn<G::Pos>,
    report: Option<&mut dyn FnMut(&Analysis)>,
) -> Analysis {
    // The clock starts first (fields are built in the order written): the
    // search's own time also counts setting up its table, which reuses the
    // thread's last one but clears it every 64 searches (`tt::Table::new`).
    let mut s = Searcher::<G> {
        ctl: Control::new(limits),
        tt: Table::new(limits.tt_bits),
        ord: Ordering::new(),
        eval,
        pool: Vec::new(),
        opts: Vec::new(),
        orders: Vec::new(),
        lmr: limits.playing && G::PLAYING_REDUCTIONS,
    };
    let over = |score| Analysis {
        best_move: None,
        score,
        pv: vec![],
        lines: vec![],
        depth: 0,
        nodes: 0,
        time_ms: 0,
        truncated_turns: 0,
        stopped_by: StopReason::GameOver,
    };
    let st = status::<G>(pos);
    if crate::budget::check() {
        // The outside deadline passed before the status was settled.
        return Analysis {
            time_ms: s.ctl.elapsed_ms(),
            stopped_by: StopReason::Deadline,
            ..over(Score::Centiseeds((s.eval)(pos)))
        };
    }
    if let Status::Won { winner, .. } = st {
        return over(if winner == G::to_move(pos) { Score::Win { turns: 0 } } else { Score::Loss { turns: 0 } });
    }
    // The solver's share of a timed analysis comes first (see
    // `super::proof_first` for why first, and why only with `time_ms`).
    if let Some(sol) = super::proof_first::proof::<G>(pos, limits, s.ctl.started()) {
        if let Some(a) = solved(&sol, s.ctl.elapsed_ms()) {
            return a;
        }
    }
    let Ok(g) = s.ctl.root_graph::<G>(pos) else {
        return Analysis {
            nodes: 0,
            time_ms: s.ctl.elapsed_ms(),
            stopped_by: StopReason::Deadline,
            ..over(Score::Centiseeds((s.eval)(pos)))
        };
    };
    // From here on the search's own time limit bounds the rules core too.
    let own = limits.time_ms.map(|ms| s.ctl.started() + std::time::Duration::from_millis(ms));
    let search = limits.budget.no_later_than(own);
    crate::budget::with_budget(search, || search_root::<G>(&mut s, pos, &g, limits, report)).0
}

/// The analysis a checked proof stands for ([`StopReason::Solved`]): the
/// forced result in [`Score`]'s units (as the solver counts it along its
/// proof, so a shortest win can only be shorter), the proof's first move and
/// line, and the solver's expansions as `nodes`. One line whatever
/// `multipv`: beside a proof the other moves' scores would be estimates
/// (and after a proven loss every move loses), so a solved analysis says
/// only what is proven. `depth` is the line's length in turns, how far the
/// answer looked; no turn of a proof is truncated. `None` for a solution
/// without a result, length or line (which `proof_first::proof` never
/// returns).
fn solved(sol: &Solution, time_ms: u64) -> Option<Analysis> {
    let turns = sol.turns?;
    let (score, value) = match sol.outcome {
        // A win on the mover's t-th turn ends the game after 2t - 1 plies, a
        // loss on the opponent's t-th after 2t, as `Score::from_value` reads.
        Outcome::Win => (Score::Win { turns }, MATE - (2 * turns as i32 - 1)),
        Outcome::Loss => (Score::Loss { turns }, -(MATE - 2 * turns as i32)),
        Outcome::Unknown => return None,
    };
    let mv = sol.line.first()?.clone();
    let line = Line { mv: mv.clone(), score, value, pv: sol.line.clone() };
    Some(Analysis {
        best_move: Some(mv),
        score,
        pv: sol.line.clone(),
        lines: vec![line],
        depth: sol.line.len() as u32,
        nodes: sol.nodes,
        time_ms,
        truncated_turns: 0,
        stopped_by: StopReason::Solved,
    })
}

/// Iterative deepening over the root's options `g` (see the module docs).
fn search_root<G: Engine>(
    s: &mut Searcher<G>,
    pos: &G::Pos,
    g: &TurnGraph<G>,
    limits: &Limits,
    mut report: Option<&mut dyn FnMut(&Analysis)>,
) -> Analysis {
    let frontier = g.frontier();
    let mut items: Vec<RootItem> =
        frontier.iter().map(|&node| RootItem { node, value: -INF, exact: false, principal: None }).collect();
    // Captures first for the first iteration; afterwards by score.
    items.sort_by_key(|it| match g.kind[it.node as usize] {
        Kind::Done(r) => std::cmp::Reverse(g.results[r as usize].captured),
        _ => std::cmp::Reverse(0),
    });
    let multipv = limits.multipv.max(1);
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut done: Option<(u32, Vec<RootItem>)> = None;
    // The best finished option of a stopped iteration (see module docs).
    let mut partial: Option<RootItem> = None;
    let mut stopped_by = StopReason::Depth;
    for d in 1..=max_depth {
        if d > 1 {
            if let Some(why) = s.ctl.iteration_stop(multipv == 1) {
                stopped_by = why;
                break;
            }
        }
        let mut finished = 0;
        match root_iteration(s, g, &mut items, d, multipv, &mut finished) {
            Ok(()) => {
                if let Some(report) = report.as_mut() {
                    report(&analysis_at(s, pos, g, &items, d, limits, StopReason::Depth));
                }
                done = Some((d, items.clone()))
            }
            Err(Stop) => {
                stopped_by = s.ctl.stop_reason();
                if multipv == 1 {
                    partial = items[..finished].iter().filter(|it| it.exact).max_by_key(|it| it.value).cloned();
                }
                break;
            }
        }
        let best = items[0].value;
        // A proven result does not change with depth (a shorter one would
        // have been found by an earlier iteration), so stop once all the
        // requested lines are proven or the best one is a proven win/loss.
        if multipv == 1 && best.abs() > MATE_BOUND {
            stopped_by = StopReason::Proven;
            break;
        }
    }
    let (depth, mut items) = match done {
        Some(x) => x,
        // Not even depth 1 finished: the options in capture order (the
        // stopped first iteration's best finished option goes first below).
        None => (0, items),
    };
    if let Some(best) = partial {
        // The stopped iteration's best finished option; `depth` stays the
        // last completed one.
        items.insert(0, best);
        items.truncate(1);
    }
    analysis_at(s, pos, g, &items, depth, limits, stopped_by)
}

/// The analysis that `items` (the root's options, best first, searched to
/// `depth`) stand for, with the search's nodes and time so far.
fn analysis_at<G: Engine>(
    s: &Searcher<G>,
    pos: &G::Pos,
    g: &TurnGraph<G>,
    items: &[RootItem],
    depth: u32,
    limits: &Limits,
    stopped_by: StopReason,
) -> Analysis {
    let multipv = limits.multipv.max(1);
    // The lines are read back under the outside deadline only, as the
    // root's options were settled: a search stopped by its own time has
    // tripped the budget of the rules core, under which a relay chain of the
    // PV would be cut and the PV end early. The work is bounded: at most
    // `depth` turn graphs of `turn_nodes` nodes, chains cut at `turn_laps`.
    let (lines, _) = crate::budget::with_budget(limits.budget.clone(), || {
        let mut lines = Vec::new();
        for it in items.iter().filter(|it| it.exact || depth == 0).take(multipv) {
            let Some(r) = it.principal.or_else(|| any_result(g, it.node)) else { continue };
            let res = &g.results[r];
            let mv = format_move::<G>(pos, &g.path_to(res.node));
            let mut pv = vec![mv.clone()];
            pv.extend(pv_from::<G>(s, &res.pos, depth.saturating_sub(1), limits));
            // An option no iteration scored has only the static evaluation.
            let value = if it.exact { it.value } else { (s.eval)(pos) };
            lines.push(Line { mv, score: Score::from_value(value), value, pv });
        }
        lines
    });
    let first = lines.first().cloned();
    Analysis {
        best_move: first.as_ref().map(|l| l.mv.clone()),
        score: first.as_ref().map_or(Score::Loss { turns: 0 }, |l| l.score),
        pv: first.map_or(vec![], |l| l.pv),
        lines,
        depth,
        nodes: s.ctl.nodes,
        time_ms: s.ctl.elapsed_ms(),
        truncated_turns: s.ctl.truncated,
        stopped_by,
    }
}

/// One iteration over the root options (see module docs for multi-PV).
fn root_iteration<G: Engine>(
    s: &mut Searcher<G>,
    g: &TurnGraph<G>,
    items: &mut Vec<RootItem>,
    depth: u32,
    multipv: usize,
    finished: &mut usize,
) -> Result<(), Stop> {
    let mut memo = if g.has_opponent { vec![Memo::FRESH; g.kind.len()] } else { Vec::new() };
    let mut exact: Vec<i32> = Vec::new(); // sorted descending
    for it in items.iter_mut() {
        let alpha = if exact.len() >= multipv { exact[multipv - 1] } else { -INF };
        let v = if alpha == -INF {
            s.item_value(g, it.node, depth, -INF, INF, &mut memo)?
        } else {
            match s.item_value(g, it.node, depth, alpha, alpha + 1, &mut memo)? {
                Some(v) if v > alpha => s.item_value(g, it.node, depth, alpha, INF, &mut memo)?,
                other => other,
            }
        };
        match v {
            None => {
                it.value = -INF;
                it.exact = false;
            }
            Some(v) => {
                it.value = v;
                it.exact = v > alpha;
                if it.exact {
                    let at = exact.partition_point(|&x| x >= v);
                    exact.insert(at, v);
                    it.principal = s.principal(g, it.node, v, depth, &mut memo)?;
                }
            }
        }
        // Counted only once the option's value and principal line are set.
        *finished += 1;
    }
    // Exact scores first, best first; stable so ties keep the previous order.
    items.sort_by(|a, b| b.exact.cmp(&a.exact).then(b.value.cmp(&a.value)));
    // Options from which the turn cannot finish are not moves.
    items.retain(|it| it.value > -INF);
    Ok(())
}

/// Some result reachable from node `n` (a fallback when no principal line
/// was recorded): follow first children to a finished turn; `None` when
/// no turn can finish from `n`.
fn any_result<G: Engine>(g: &TurnGraph<G>, n: u32) -> Option<usize> {
    if let Kind::Done(r) = g.kind[n as usize] {
        return Some(r as usize);
    }
    let mut seen = vec![false; g.kind.len()];
    let mut stack = vec![n];
    while let Some(i) = stack.pop() {
        if let Kind::Done(r) = g.kind[i as usize] {
            return Some(r as usize);
        }
        for &c in g.children_of(i).iter().rev() {
            if !seen[c as usize] {
                seen[c as usize] = true;
                stack.push(c);
            }
        }
    }
    None
}

/// Slots of [`Control::record_pv`]'s record: 2^12 (64 KB), small enough
/// to come from the allocator's heap rather than fresh pages (a few
/// microseconds per search), and far more than the exact positions of the
/// iterations a PV is read from.
const PV_SLOTS: usize = 1 << 12;

/// The PV record: kept in [`Control`] (its slots, `Control::pv`) because
/// every search carries one, written by the alpha-beta search at each exact
/// node and read back here, by [`pv_from`], after the search.
impl Control {
    /// Record that position `key` was searched to an exact value whose
    /// principal result is `best` (a result's Zobrist key), the newest
    /// record of a position replacing the older one.
    ///
    /// Why apart from the table: the principal variation is read back
    /// after the search ([`Control::pv_best`]), and the table's entries of
    /// its positions are overwritten by whatever is searched after them
    /// (the root's later options, a stopped next iteration), most often in
    /// the small tables of short searches (`level::table_bits`): a PV then
    /// ended early. Exact positions are few (about the PV nodes of each
    /// iteration), so this record keeps them far longer. It changes no
    /// search decision: depth- and node-limited searches visit the same
    /// nodes.
    #[inline]
    pub fn record_pv(&mut self, key: u64, best: u64) {
        if self.pv.is_empty() {
            self.pv = vec![[0; 2]; PV_SLOTS];
        }
        self.pv[key as usize & (PV_SLOTS - 1)] = [key, best];
    }

    /// The principal result last recorded for `key` by [`Control::record_pv`].
    pub fn pv_best(&self, key: u64) -> Option<u64> {
        let s = self.pv.get(key as usize & (PV_SLOTS - 1))?;
        (s[0] == key && s[1] != 0).then_some(s[1])
    }
}

/// The principal variation after `pos`: each position's principal result
/// as the search last recorded it with an exact value
/// ([`Control::record_pv`]), else as the
/// table has it.
///
/// It ends early only where neither has the position (both are fixed-size:
/// a long search's record can lose an early entry to a later exact
/// position), at a turn searched without a principal result (a cyclic turn
/// graph), or when a turn of the line cannot be rebuilt (the outside
/// deadline passed, or its result is not found again).
fn pv_from<G: Engine>(s: &Searcher<G>, pos: &G::Pos, max: u32, limits: &Limits) -> Vec<String> {
    let mut out = Vec::new();
    let mut p = pos.clone();
    for _ in 0..max {
        let key = G::zobrist(&p);
        let best = s.ctl.pv_best(key).or_else(|| s.tt.probe(key).map(|e| e.best)).unwrap_or(0);
        if best == 0 {
            break;
        }
        // The same lap cap as inside the search: these positions were
        // searched with it, and the best result is found with it too.
        let (g, _) = crate::budget::with_lap_cap(limits.turn_laps, || {
            TurnGraph::<G>::build_bounded(&p, limits.turn_nodes, &mut || false)
        });
        let Ok(g) = g else { break };
        let Some(res) = g.results.iter().find(|r| G::zobrist(&r.pos) == best) else { break };
        out.push(format_move::<G>(&p, &g.path_to(res.node)));
        p = res.pos.clone();
    }
    out
}
