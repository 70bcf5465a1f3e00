//! Rule-system independent turn exploration: complete-move enumeration,
//! step-wise decisions, checked play and random play.
//!
//! A turn is a graph whose vertices are decision nodes ([`Game::Node`]).
//! Exploring it with one visited set per turn keeps the work proportional to
//! the number of distinct states (a state reached twice has the same
//! continuations) and makes endless turns fall out exactly: a branch that
//! comes back to a state on its own path is not a legal move, and cutting it
//! loses no finite outcome, because that outcome is reached from the first
//! visit. Everything here is iterative; turns with thousands of laps and
//! thousands of outcomes do not touch the call stack.

use crate::game::{Actor, Advance, Game, NoTrace, Observer, Point, Status, Trace, Unlisted, WinReason};
use crate::rng::Rng;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::collections::VecDeque;

/// One complete legal move with what it does.
#[derive(Clone, Debug)]
pub struct MoveInfo<G: Game> {
    /// Canonical decision list: the shortest, then lexicographically first,
    /// list reaching `result`.
    pub choices: Vec<G::Choice>,
    /// The position after the move.
    pub result: G::Pos,
    /// Seeds captured by the mover.
    pub captured: u32,
    /// Laps sown along the canonical decision list.
    pub laps: u32,
}

/// The legal moves of a position, possibly cut at a caller's bound.
#[derive(Clone, Debug)]
pub struct MoveList<G: Game> {
    /// Moves in canonical order (by decision count, then lexicographically).
    pub moves: Vec<MoveInfo<G>>,
    /// True when the bound cut the list: at least one more move exists.
    pub truncated: bool,
    /// True when the thread's budget ran out: the list is incomplete.
    pub interrupted: bool,
}

/// Defined beside the [`Game`] trait (low in the core, so that
/// `crate::error` can name it without depending on this module).
pub use crate::game::PlayError;

/// The answer to "what must be decided next?".
#[derive(Clone, Debug)]
pub enum NextDecision<G: Game> {
    /// `actor` must choose one of `options`; only options that still lead to
    /// a finished turn are listed.
    Decide { actor: Actor, options: Vec<G::Choice> },
    /// The partial list is already a complete move.
    Complete { result: G::Pos, captured: u32, laps: u32 },
}

/// A move played with checking.
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    pub result: G::Pos,
    pub captured: u32,
    pub laps: u32,
    /// Lift / sow / capture / retreat / lap-end events, in order.
    pub trace: Vec<crate::game::Event>,
}

/// Enumerate every complete legal move, one per distinct resulting position.
///
/// `limit` bounds the number of moves returned; when it cuts the list,
/// `truncated` is set (never silently). Breadth-first search over decision
/// nodes with options in sorted order visits every node first along its
/// shortest, then lexicographically first, decision list, which is exactly
/// the canonical list we want to show.
pub fn legal_moves<G: Game>(pos: &G::Pos, limit: Option<usize>) -> MoveList<G> {
    bfs::<G>(pos, limit, None)
}

/// The canonical decision list of the legal move that `choices` plays.
/// Stops the breadth-first search as soon as that result is reached.
pub fn canonical<G: Game>(pos: &G::Pos, choices: &[G::Choice]) -> Result<Vec<G::Choice>, PlayError> {
    let Walked { node, unlisted, .. } = walk::<G, _>(pos, choices, &mut NoTrace)?;
    let mut opts = Vec::new();
    if let Point::Decide(actor) = G::point(pos, &node, &mut opts) {
        return Err(PlayError::Incomplete {
            step: choices.len(),
            options: opts.iter().map(|&o| G::choice_text(pos, o)).collect(),
            actor,
        });
    }
    if unlisted {
        // No listed route reaches what an unlisted option plays (an Isolo
        // arrangement is the whole move and has one spelling): the move as
        // given is its own canonical form.
        return Ok(choices.to_vec());
    }
    let target = G::finish(pos, &node);
    let list = bfs::<G>(pos, None, Some(&target));
    match list.moves.into_iter().last() {
        Some(m) if m.result == target => Ok(m.choices),
        _ => Err(PlayError::Interrupted),
    }
}

/// Breadth-first search over the turn graph (see [`legal_moves`]); stops
/// after `limit` results, at the result `stop_at`, or when the budget runs out.
fn bfs<G: Game>(pos: &G::Pos, limit: Option<usize>, stop_at: Option<&G::Pos>) -> MoveList<G> {
    let mut moves: Vec<MoveInfo<G>> = Vec::new();
    let (mut truncated, mut interrupted) = (false, false);
    if G::decided(pos).is_some() {
        return MoveList { moves, truncated, interrupted };
    }
    // Paths are a parent-pointer tree so that queue entries stay small.
    let mut tree: Vec<(u32, G::Choice)> = Vec::new();
    let mut visited: HashSet<G::Node> = HashSet::default();
    let mut seen_results: HashSet<G::Pos> = HashSet::default();
    let mut queue: VecDeque<(G::Node, u32, u32)> = VecDeque::new(); // node, path id, laps
    let root = G::root(pos);
    visited.insert(root.clone());
    queue.push_back((root, u32::MAX, 0));
    let mut opts = Vec::new();
    while let Some((node, path, laps)) = queue.pop_front() {
        if crate::budget::check() {
            interrupted = true;
            break;
        }
        match G::point(pos, &node, &mut opts) {
            Point::Done => {
                let result = G::finish(pos, &node);
                // Each node is dequeued once, so with distinct results (see
                // `Game::DISTINCT_RESULTS`) this one is new.
                if G::DISTINCT_RESULTS || seen_results.insert(result.clone()) {
                    if limit.is_some_and(|l| moves.len() >= l) {
                        truncated = true;
                        break;
                    }
                    let last = stop_at == Some(&result);
                    moves.push(MoveInfo {
                        choices: unwind(&tree, path),
                        captured: G::captured(pos, &node),
                        result,
                        laps,
                    });
                    if last {
                        break;
                    }
                }
            }
            Point::Decide(_) => {
                let options = std::mem::take(&mut opts);
                for &c in &options {
                    if let Advance::Reached(next, l) = G::advance(pos, &node, c, &mut NoTrace) {
                        if visited.insert(next.clone()) {
                            tree.push((path, c));
                            queue.push_back((next, (tree.len() - 1) as u32, laps.saturating_add(l)));
                        }
                    }
                }
                opts = options;
            }
        }
    }
    MoveList { moves, truncated, interrupted }
}

fn unwind<C: Copy>(tree: &[(u32, C)], mut id: u32) -> Vec<C> {
    let mut out = Vec::new();
    while id != u32::MAX {
        let (parent, c) = tree[id as usize];
        out.push(c);
        id = parent;
    }
    out.reverse();
    out
}

/// Whether a finished turn is reachable from `start` without entering any
/// state of `path`. Plain reachability in the turn graph minus `path`, so a
/// persistent visited set keeps it linear in the number of states.
fn can_finish<G: Game>(pos: &G::Pos, start: &G::Node, path: &HashSet<G::Node>) -> bool {
    // Relay chains are tried under a growing lap cap (4096 laps, then 16
    // times more each round, up to the caller's own cap or none): one
    // finishing branch is enough, and a single start whose chain needs
    // hundreds of millions of laps to prove endless must not be paid for
    // when another start ends the turn at once. A round that found nothing
    // and cut nothing is exact; the last round has the caller's cap, so the
    // answer is exactly what an uncapped search would give.
    let outer = crate::budget::lap_cap();
    let mut cap = FIRST_LAP_CAP.min(outer);
    loop {
        let (found, capped) = crate::budget::with_lap_cap(cap, || reach_end::<G>(pos, start, path));
        if found || !capped {
            return found;
        }
        if cap >= outer {
            crate::budget::note_capped();
            return false;
        }
        cap = cap.saturating_mul(16).min(outer);
    }
}

/// First lap cap of [`can_finish`]: most chains end well within it.
const FIRST_LAP_CAP: u64 = 4096;

/// Depth-first search for a finished turn, stopping at the first one.
///
/// Why the bookkeeping is lazy: a search asks this at every leaf (does the
/// side to move have a move at all?), and there one of the first options
/// nearly always ends the turn at once. The visited set is only filled
/// once an option reaches an unfinished node, so that answer costs no
/// allocation beyond the options themselves (the eager version took about a
/// fifth of a depth-6 search).
fn reach_end<G: Game>(pos: &G::Pos, start: &G::Node, path: &HashSet<G::Node>) -> bool {
    let mut opts = Vec::with_capacity(16);
    if G::point(pos, start, &mut opts) == Point::Done {
        return true;
    }
    let mut scratch = Vec::new();
    let mut seen: HashSet<G::Node> = HashSet::default();
    let mut stack = Vec::new();
    let mut node = start.clone();
    loop {
        if crate::budget::check() {
            return false;
        }
        // `opts` holds `node`'s options; `scratch` is only looked at for
        // whether a child is finished, so `opts` stays intact meanwhile.
        for &c in &opts {
            if let Advance::Reached(next, _) = G::advance(pos, &node, c, &mut NoTrace) {
                if path.contains(&next) {
                    continue;
                }
                // A finished turn ends the search before the remaining
                // options are advanced (each may be a long chain). A node
                // already seen was not finished, so testing first is the
                // same answer.
                if G::point(pos, &next, &mut scratch) == Point::Done {
                    return true;
                }
                if seen.is_empty() {
                    seen.insert(start.clone());
                }
                if seen.insert(next.clone()) {
                    stack.push(next);
                }
            }
        }
        // The next unexplored node with options.
        loop {
            let Some(n) = stack.pop() else { return false };
            if let Point::Decide(_) = G::point(pos, &n, &mut opts) {
                node = n;
                break;
            }
        }
    }
}

/// Where a checked walk ends.
struct Walked<G: Game> {
    /// The node reached.
    node: G::Node,
    /// The nodes on the path, the root included.
    path: HashSet<G::Node>,
    laps: u32,
    /// Some decision was one the game does not list but accepts
    /// ([`Game::unlisted`]).
    unlisted: bool,
}

/// Walk a (partial) decision list with full checking, tracing into `obs`.
fn walk<G: Game, O: Observer>(pos: &G::Pos, choices: &[G::Choice], obs: &mut O) -> Result<Walked<G>, PlayError> {
    if G::decided(pos).is_some() {
        return Err(PlayError::GameOver);
    }
    let mut node = G::root(pos);
    let mut path = HashSet::default();
    path.insert(node.clone());
    let (mut laps, mut unlisted) = (0u32, false);
    let mut opts = Vec::new();
    for (step, &c) in choices.iter().enumerate() {
        let actor = match G::point(pos, &node, &mut opts) {
            Point::Done => return Err(PlayError::TooManyDecisions { step }),
            Point::Decide(a) => a,
        };
        if !opts.contains(&c) {
            match G::unlisted(pos, &node, c) {
                Unlisted::Legal => unlisted = true,
                Unlisted::NotAnOption => {
                    return Err(PlayError::NotAnOption {
                        step,
                        given: G::choice_text(pos, c),
                        options: opts.iter().map(|&o| G::choice_text(pos, o)).collect(),
                        actor,
                    })
                }
                Unlisted::Illegal(reason) => {
                    return Err(PlayError::Rejected { step, given: G::choice_text(pos, c), reason })
                }
            }
        }
        if O::ON {
            obs.event(crate::game::Event::Decision { actor, choice: G::choice_text(pos, c) });
        }
        match G::advance(pos, &node, c, obs) {
            Advance::Endless => return Err(PlayError::Endless { step }),
            Advance::Aborted => return Err(PlayError::Interrupted),
            Advance::Reached(next, l) => {
                laps = laps.saturating_add(l);
                if !path.insert(next.clone()) {
                    return Err(PlayError::Repeats { step });
                }
                node = next;
            }
        }
    }
    Ok(Walked { node, path, laps, unlisted })
}

/// The next decision after a partial decision list, with only the options
/// that can still finish the turn. Agrees with [`legal_moves`]: following
/// listed options always ends in one of its results.
pub fn next_decision<G: Game>(pos: &G::Pos, partial: &[G::Choice]) -> Result<NextDecision<G>, PlayError> {
    if partial.is_empty() && G::decided(pos).is_some() {
        // A finished game looks like a side with no legal move: nothing to choose.
        return Ok(NextDecision::Decide { actor: Actor::Mover, options: Vec::new() });
    }
    let Walked { node, path, laps, .. } = walk::<G, _>(pos, partial, &mut NoTrace)?;
    let mut opts = Vec::new();
    match G::point(pos, &node, &mut opts) {
        Point::Done => {
            Ok(NextDecision::Complete { result: G::finish(pos, &node), captured: G::captured(pos, &node), laps })
        }
        Point::Decide(actor) => {
            let options: Vec<G::Choice> = opts
                .into_iter()
                .filter(|&c| match G::advance(pos, &node, c, &mut NoTrace) {
                    Advance::Endless | Advance::Aborted => false,
                    Advance::Reached(next, _) => !path.contains(&next) && can_finish::<G>(pos, &next, &path),
                })
                .collect();
            if options.is_empty() {
                // Only reachable through a partial list that walked into a
                // dead end; the root of a position with no move is reported
                // as a decision with no options so callers can see "no move".
                if !partial.is_empty() {
                    return Err(PlayError::NoWayOut { step: partial.len() - 1 });
                }
            }
            Ok(NextDecision::Decide { actor, options })
        }
    }
}

/// Play a complete decision list with checking, recording a sowing trace.
pub fn play<G: Game>(pos: &G::Pos, choices: &[G::Choice]) -> Result<Played<G>, PlayError> {
    let mut trace = Trace::default();
    let Walked { node, laps, .. } = walk::<G, _>(pos, choices, &mut trace)?;
    let mut opts = Vec::new();
    match G::point(pos, &node, &mut opts) {
        Point::Done => {
            Ok(Played { result: G::finish(pos, &node), captured: G::captured(pos, &node), laps, trace: trace.0 })
        }
        Point::Decide(actor) => Err(PlayError::Incomplete {
            step: choices.len(),
            options: opts.iter().map(|&o| G::choice_text(pos, o)).collect(),
            actor,
        }),
    }
}

/// Whether the side to move has at least one legal move. Cheaper than
/// enumerating: it stops at the first finished turn.
pub fn has_legal_move<G: Game>(pos: &G::Pos) -> bool {
    if G::decided(pos).is_some() {
        return false;
    }
    if G::surely_has_move(pos) {
        return true;
    }
    let root = G::root(pos);
    can_finish::<G>(pos, &root, &HashSet::default())
}

/// Whether some start of the side to move finishes a turn, without asking
/// [`Game::decided`] first (what [`has_legal_move`] adds): for a game's own
/// `decided`, which may need it (`board4x8::ending`).
pub fn finishes_from_root<G: Game>(pos: &G::Pos) -> bool {
    can_finish::<G>(pos, &G::root(pos), &HashSet::default())
}

/// The game status: a decided win, a side with no legal move, a game
/// proven unable to end ([`Game::cannot_end`]), or ongoing.
pub fn status<G: Game>(pos: &G::Pos) -> Status {
    if let Some((winner, reason)) = G::decided(pos) {
        return Status::Won { winner, reason };
    }
    // An exhausted budget is noted here even when the answer would come
    // at once (the sure-move test reads no clock): every call under a
    // spent budget then reports it the same way.
    crate::budget::check();
    if has_legal_move::<G>(pos) {
        match G::cannot_end(pos) {
            Some(reason) => Status::Endless { reason },
            None => Status::Ongoing,
        }
    } else {
        Status::Won { winner: G::to_move(pos).other(), reason: WinReason::NoLegalMove }
    }
}

/// Play one random move, choosing uniformly among the options that can still
/// finish the turn at every decision point (the opponent's retreat choices
/// included). Returns `None` when the side to move has no legal move.
///
/// Trying options in a random order and taking the first that can finish is
/// a uniform pick among those options; in the common case the first option
/// tried ends the turn at once and no reachability search is needed.
pub fn random_move<G: Game>(pos: &G::Pos, rng: &mut Rng) -> Option<(G::Pos, u32)> {
    if G::decided(pos).is_some() {
        return None;
    }
    let mut node = G::root(pos);
    let mut path: HashSet<G::Node> = HashSet::default();
    let mut opts = Vec::new();
    loop {
        match G::point(pos, &node, &mut opts) {
            Point::Done => return Some((G::finish(pos, &node), G::captured(pos, &node))),
            Point::Decide(_) => {
                rng.shuffle(&mut opts);
                path.insert(node.clone());
                let mut chosen = None;
                let mut probe = Vec::new();
                for &c in &opts {
                    if let Advance::Reached(next, _) = G::advance(pos, &node, c, &mut NoTrace) {
                        if path.contains(&next) {
                            continue;
                        }
                        if G::point(pos, &next, &mut probe) == Point::Done || can_finish::<G>(pos, &next, &path) {
                            chosen = Some(next);
                            break;
                        }
                    }
                }
                node = chosen?;
            }
        }
    }
}

/// Play `games` random games of at most `max_plies` plies from `pos`
/// (seeded); returns the plies played (a throughput measure).
pub fn playouts<G: Game>(pos: &G::Pos, games: u64, seed: u64, max_plies: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let mut total = 0;
    for _ in 0..games {
        let mut q = pos.clone();
        for _ in 0..max_plies {
            match random_move::<G>(&q, &mut rng) {
                Some((n, _)) => q = n,
                None => break,
            }
            total += 1;
        }
    }
    total
}

/// Deepest perft a caller may ask for (depth 7 takes minutes and gigabytes).
pub const MAX_PERFT_DEPTH: u32 = 6;

/// Perft-style counts from `pos`: for each depth 1..=depth, the number of
/// move sequences (leaves of the move tree, one move per distinct result)
/// and the number of distinct positions reached.
pub fn perft<G: Game>(pos: &G::Pos, depth: u32) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut layer: HashMap<G::Pos, u64> = HashMap::default();
    layer.insert(pos.clone(), 1);
    for _ in 0..depth {
        let mut next: HashMap<G::Pos, u64> = HashMap::default();
        let mut sequences = 0u64;
        for (p, mult) in &layer {
            // Each position's list checks the budget; this stops the
            // layer at once when one of them was interrupted (the caller
            // discards the counts), rather than listing the rest.
            if crate::budget::check() {
                return out;
            }
            for m in legal_moves::<G>(p, None).moves {
                sequences += mult;
                *next.entry(m.result).or_insert(0) += mult;
            }
        }
        out.push((sequences, next.len() as u64));
        layer = next;
    }
    out
}
