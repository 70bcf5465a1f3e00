//! Game review: a whole game, ply by ply, judged by the engine.
//!
//! For each ply: the position's evaluation before the move (the mover's
//! view), the engine's best move there with its line, the value of the move
//! played, the loss in seeds, the mover's win probability after the best
//! move and after the move played, the drop between them, and a [`Label`].
//! The best move's value is a depth-`d` search of the position before the
//! move; the played move's value is a depth-`d - 1` search of the position
//! after it (depth 1 at `d` = 1), seen from the mover, so both look `d`
//! turns ahead from the same position. When the move played is the
//! engine's best, no second search is run and the loss is 0.
//!
//! Labels go by the drop in the mover's win probability
//! ([`THRESHOLDS`]), not by the seeds lost: a seed lost in a level game
//! matters, ten seeds lost in a game already settled do not (measured in
//! `docs/benchmarks/win-probability.md`). A move that throws away a forced
//! win, or walks into a forced loss the best move avoided, is a blunder
//! whatever the estimate says. For the loss, a forced result counts as
//! `±(1000 - turns)` seeds.
//!
//! The moves are checked first, in order, each with [`crate::calls`] under
//! the review's one [`Budget`]; the first illegal one is reported at its ply
//! ([`Review::illegal`]) and the review covers the plies before it. A
//! budget spent before the moves are all checked (a review begun with no
//! time left included) is [`Error::Timeout`]; searches not started before
//! it leave their ply's fields `None`, and the review says `partial`.
//! There is no deadline arithmetic: every call gets the same deadline.
//! The review's JSON is written by [`crate::json_out::review_json`].

use crate::any_position::AnyPosition;
use crate::budget::Budget;
use crate::error::Error;
use crate::explore::PlayError;
use crate::game::Status;
use crate::search::{Analysis, Limits, Score, StopReason};
use crate::side::Side;

/// A label of a move, by how much the mover's win probability dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    /// Every label, mildest first: the order of a review's summary.
    pub const MILDEST_FIRST: [Label; 3] = [Label::Inaccuracy, Label::Mistake, Label::Blunder];

    /// The name the API writes.
    pub fn name(self) -> &'static str {
        match self {
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// The label the API writes as `name`, if any (a ply read back from a
    /// store of reviewed plies, [`crate::known`]).
    pub fn named(name: &str) -> Option<Label> {
        Label::MILDEST_FIRST.into_iter().find(|l| l.name() == name)
    }
}

/// How many of `labels` are each label, mildest first (a review's summary).
pub fn summary_of(labels: impl IntoIterator<Item = Option<Label>>) -> [(Label, usize); 3] {
    let mut counts = Label::MILDEST_FIRST.map(|l| (l, 0));
    for l in labels.into_iter().flatten() {
        if let Some((_, n)) = counts.iter_mut().find(|(c, _)| *c == l) {
            *n += 1;
        }
    }
    counts
}

/// (label, minimum drop in the mover's win probability), most severe first
/// (lichess's 0.1 / 0.2 / 0.3 on its -1..1 scale of winning chances).
pub const THRESHOLDS: [(Label, f64); 3] = [(Label::Blunder, 0.15), (Label::Mistake, 0.10), (Label::Inaccuracy, 0.05)];

/// Seed value of a forced result, for the loss arithmetic only.
pub const FORCED: f64 = 1000.0;

/// A search of one position and the side to move's win probability there.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    pub analysis: Analysis,
    pub win_probability: f64,
}

/// How the move played compares with the best one.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The played move's value from the mover's view.
    pub played_score: Score,
    /// Seeds lost against the best move (never negative, rounded to 0.01).
    pub loss: f64,
    pub label: Option<Label>,
    /// The mover's win probability after the best move (rounded to 0.0001).
    pub best_win_probability: f64,
    /// The mover's win probability after the move played (rounded to 0.0001).
    pub played_win_probability: f64,
    /// Their difference, never negative (rounded to 0.0001): what the label reads.
    pub win_probability_drop: f64,
}

/// One legal ply of a reviewed game.
#[derive(Clone, Debug)]
pub struct ReviewedPly {
    /// 1-based ply number.
    pub ply: usize,
    /// The side that played it.
    pub side: Side,
    /// The move as given.
    pub mv: String,
    /// Its canonical notation.
    pub canonical: String,
    pub captured: u32,
    pub after: AnyPosition,
    /// The search of the position before the move (None: not run in time).
    pub best: Option<Searched>,
    /// The search of the position after it, when the move played was not
    /// the engine's best.
    pub reply: Option<Searched>,
    /// None when a search needed was not run in time, or there was no move.
    pub judgement: Option<Judgement>,
}

impl ReviewedPly {
    /// The search before the move, when it found a move.
    pub fn searched(&self) -> Option<&Searched> {
        self.best.as_ref().filter(|s| s.analysis.best_move.is_some())
    }
}

/// The first illegal move of a reviewed game.
#[derive(Clone, Debug)]
pub struct IllegalPly {
    pub ply: usize,
    pub mv: String,
    /// Why it was refused: [`Error::Play`], or [`Error::MoveSyntax`] /
    /// [`Error::Notation`] for text that is not a move.
    pub error: Error,
}

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct Review {
    pub start: AnyPosition,
    pub plies: Vec<ReviewedPly>,
    pub illegal: Option<IllegalPly>,
    /// The last legal position and its status.
    pub final_position: AnyPosition,
    pub status: Status,
    /// True when the budget left a ply unsearched or cut a search short.
    pub partial: bool,
}

impl Review {
    /// How many plies got each label, mildest first.
    pub fn summary(&self) -> [(Label, usize); 3] {
        summary_of(self.plies.iter().map(|p| p.judgement.as_ref().and_then(|j| j.label)))
    }
}

/// A budget running out while a move was being checked.
fn is_timeout(e: &Error) -> bool {
    matches!(e, Error::Timeout { .. } | Error::Play { err: PlayError::Interrupted, .. })
}

/// The loss arithmetic's value of a score, in seeds (a forced result as
/// [`FORCED`] seeds less its turns). Public for the win-probability bench,
/// which compares label schemes on the same arithmetic.
pub fn value(s: Score) -> f64 {
    match s {
        Score::Win { turns } => FORCED - turns as f64,
        Score::Loss { turns } => -FORCED + turns as f64,
        Score::Centiseeds(c) => c as f64 / 100.0,
    }
}

/// The score of the position after a move, from the mover's view (public
/// for the same bench).
pub fn for_mover(after: Score, same_side: bool) -> Score {
    match after {
        _ if same_side => after, // Isolo: the fore-play's winner moves again
        Score::Win { turns } => Score::Loss { turns },
        Score::Loss { turns } => Score::Win { turns: turns + 1 },
        Score::Centiseeds(c) => Score::Centiseeds(-c),
    }
}

/// A score from the mover's view as the side to move next sees it (turn
/// counts aside: only the win probability reads it).
fn for_next(s: Score, same_side: bool) -> Score {
    match s {
        _ if same_side => s,
        Score::Win { turns } => Score::Loss { turns },
        Score::Loss { turns } => Score::Win { turns },
        Score::Centiseeds(c) => Score::Centiseeds(-c),
    }
}

/// The mover's win probability after its move, from `score` of the
/// position `after` (the view of `after`'s side to move).
fn mover_chance(after: &AnyPosition, score: Score, same_side: bool) -> f64 {
    let p = after.win_probability(score);
    if same_side {
        p
    } else {
        1.0 - p
    }
}

/// Python's `max(0.0, x)`.
fn at_least_zero(x: f64) -> f64 {
    if x > 0.0 {
        x
    } else {
        0.0
    }
}

/// `x` rounded to `digits` decimals, correctly (as Python's `round`).
fn round_to(x: f64, digits: usize) -> f64 {
    format!("{:.*}", digits, x).parse().unwrap_or(x)
}

/// The loss in seeds (never negative) and the label, if any, for a `drop`
/// in the mover's win probability.
pub fn label(best: Score, played: Score, drop: f64) -> (f64, Option<Label>) {
    let loss = at_least_zero(value(best) - value(played));
    let is_win = |s: Score| matches!(s, Score::Win { .. });
    let is_loss = |s: Score| matches!(s, Score::Loss { .. });
    if (is_win(best) && !is_win(played)) || (is_loss(played) && !is_loss(best)) {
        return (loss, Some(Label::Blunder));
    }
    (loss, THRESHOLDS.iter().find(|(_, at)| drop >= *at).map(|(l, _)| *l))
}

/// Review the game of `moves` from `start` (see the module docs): each
/// ply's searches under `limits` (its depth one less for the reply's, at
/// least 1; its deadline and cancel flag are the budget's), every call
/// under the one `budget`.
pub fn review(
    start: &AnyPosition,
    moves: &[impl AsRef<str>],
    limits: &Limits,
    budget: &Budget,
) -> Result<Review, Error> {
    review_with(start, moves, limits, budget, |p, l| p.analyse(l))
}

/// Review many games, each a start and its moves, in parallel under the
/// one `budget` (every game's calls get the same deadline; a game begun
/// after it is [`Error::Timeout`]), on `threads` threads (None: rayon's
/// pool, one per core). Results in input order, as [`review`] gives them.
/// The batch's one deadline lives here, so no caller does deadline
/// arithmetic to share it (issue 30).
pub fn review_many(
    games: &[(AnyPosition, Vec<String>)],
    limits: &Limits,
    budget: &Budget,
    threads: Option<usize>,
) -> Vec<Result<Review, Error>> {
    use rayon::prelude::*;
    let all = || games.par_iter().map(|(start, moves)| review(start, moves, limits, budget)).collect();
    match threads.map(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build()) {
        Some(Ok(pool)) => pool.install(all),
        _ => all(),
    }
}

/// [`review`] with the search given (a test forces a search to run out).
fn review_with(
    start: &AnyPosition,
    moves: &[impl AsRef<str>],
    limits: &Limits,
    budget: &Budget,
    analyse: impl Fn(&AnyPosition, &Limits) -> Analysis,
) -> Result<Review, Error> {
    let walking = || {
        if budget.spent() {
            let seconds = budget.seconds.unwrap_or(0.0);
            return Err(Error::Timeout { what: "checking the review's moves".into(), seconds });
        }
        Ok(budget.clone())
    };
    // The moves first, with the status: before the searches, which may use
    // up the budget.
    let mut walked: Vec<(AnyPosition, String, String, u32, AnyPosition)> = Vec::new();
    let mut illegal = None;
    let mut pos = start.clone();
    let mut status = None;
    for (i, mv) in moves.iter().enumerate() {
        let mv = mv.as_ref();
        let played = match pos.play(mv, walking()?) {
            Ok(played) => played,
            Err(e) if is_timeout(&e) => return Err(e),
            Err(error) => {
                illegal = Some(IllegalPly { ply: i + 1, mv: mv.to_string(), error });
                break;
            }
        };
        // Past 2000 Isolo kucheleka arrangements the engine finds canonical
        // forms only among the sampled ones it lists; notation of an
        // arrangement is strict (one spelling each), so there the move as
        // played is canonical.
        let canonical = match pos.canonical(mv, walking()?) {
            Ok(c) => c,
            Err(e @ Error::Play { .. }) if !is_timeout(&e) => mv.to_string(),
            Err(e) => return Err(e),
        };
        let after = played.result;
        walked.push((pos, mv.to_string(), canonical, played.captured, after.clone()));
        pos = after;
        status = Some(played.status);
    }
    let status = match status {
        Some(s) => s,
        None => start.status(walking()?)?,
    };

    // A search of `p` (its depth one less when `shallower`), or None when
    // the budget ran out before it, or before it settled any move.
    let searched = |p: &AnyPosition, shallower: bool| -> Option<Searched> {
        if budget.spent() {
            return None;
        }
        let mut l = limits.clone();
        if shallower {
            l.depth = l.depth.map(|d| d.saturating_sub(1).max(1));
        }
        l.budget = budget.clone();
        let a = analyse(p, &l);
        if a.best_move.is_none() && a.stopped_by == StopReason::Deadline {
            return None;
        }
        let win_probability = p.win_probability(a.score);
        Some(Searched { analysis: a, win_probability })
    };
    // The position after `mv`, or None when the budget is spent.
    let played = |p: &AnyPosition, mv: &str| -> Result<Option<AnyPosition>, Error> {
        if budget.spent() {
            return Ok(None);
        }
        match p.play(mv, budget.clone()) {
            Ok(played) => Ok(Some(played.result)),
            Err(e) if is_timeout(&e) => Ok(None),
            Err(e) => Err(e),
        }
    };

    let mut plies = Vec::with_capacity(walked.len());
    let mut partial = false;
    for (n, (before, mv, canonical, captured, after)) in walked.into_iter().enumerate() {
        let side = before.to_move();
        let mut ply =
            ReviewedPly { ply: n + 1, side, mv, canonical, captured, after, best: None, reply: None, judgement: None };
        ply.best = searched(&before, false);
        let best = match &ply.best {
            Some(s) if s.analysis.best_move.is_some() => s.analysis.clone(),
            b => {
                partial = partial || b.is_none();
                plies.push(ply);
                continue;
            }
        };
        partial = partial || best.stopped_by == StopReason::Deadline;
        let best_move = best.best_move.as_deref().unwrap_or_default();
        // The position the best move leaves, with the best line's value.
        let is_best = ply.canonical == best_move;
        let after_best = if is_best { Some(ply.after.clone()) } else { played(&before, best_move)? };
        let Some(after_best) = after_best else {
            partial = true;
            plies.push(ply);
            continue;
        };
        let best_side = after_best.to_move() == side;
        let best_chance = mover_chance(&after_best, for_next(best.score, best_side), best_side);
        let (played_score, played_chance) = if is_best {
            (best.score, best_chance)
        } else {
            ply.reply = searched(&ply.after, true);
            let Some(reply) = &ply.reply else {
                partial = true;
                plies.push(ply);
                continue;
            };
            let same_side = ply.after.to_move() == side;
            partial = partial || reply.analysis.stopped_by == StopReason::Deadline;
            let score = reply.analysis.score;
            (for_mover(score, same_side), mover_chance(&ply.after, score, same_side))
        };
        let drop = at_least_zero(best_chance - played_chance);
        let (loss, label) = label(best.score, played_score, drop);
        ply.judgement = Some(Judgement {
            played_score,
            loss: round_to(loss, 2),
            label,
            best_win_probability: round_to(best_chance, 4),
            played_win_probability: round_to(played_chance, 4),
            win_probability_drop: round_to(drop, 4),
        });
        plies.push(ply);
    }
    Ok(Review { start: start.clone(), plies, illegal, final_position: pos, status, partial })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn start() -> AnyPosition {
        AnyPosition::start("igisoro").unwrap()
    }

    /// The first legal move of each position along the way (also the
    /// known-plies review's tests' games).
    pub(crate) fn first_moves(mut p: AnyPosition, n: usize) -> Vec<String> {
        let mut moves = Vec::new();
        for _ in 0..n {
            let (legal, _) = p.legal_moves(Some(1), Budget::default()).unwrap();
            let Some(m) = legal.into_iter().next() else { break };
            moves.push(m.notation);
            p = m.result;
        }
        moves
    }

    #[test]
    fn labels_go_by_the_drop_and_forced_results_are_blunders() {
        let seeds = |v: i32| Score::Centiseeds(v);
        assert_eq!(label(seeds(200), seeds(-150), 0.12), (3.5, Some(Label::Mistake)));
        assert_eq!(label(seeds(3000), seeds(2000), 0.004), (10.0, None));
        assert_eq!(label(seeds(0), seeds(-10), 0.05), (0.1, Some(Label::Inaccuracy)));
        assert_eq!(label(seeds(0), seeds(0), 0.15).1, Some(Label::Blunder));
        assert_eq!(label(Score::Win { turns: 2 }, seeds(4000), 0.001).1, Some(Label::Blunder));
        assert_eq!(label(seeds(100), Score::Loss { turns: 3 }, 0.0).1, Some(Label::Blunder));
        // Both lost: no proof thrown away.
        assert_eq!(label(Score::Loss { turns: 5 }, Score::Loss { turns: 2 }, 0.0), (3.0, None));
        assert_eq!(round_to(0.123_456, 4), 0.1235);
    }

    #[test]
    fn an_illegal_move_is_reported_at_its_ply_with_the_core_error() {
        let moves = [first_moves(start(), 2), vec!["a1".into(), "b2".into()]].concat();
        let r = review(&start(), &moves, &Limits::depth(1), &Budget::default()).unwrap();
        assert_eq!(r.plies.len(), 2);
        let illegal = r.illegal.as_ref().unwrap();
        assert_eq!((illegal.ply, illegal.mv.as_str()), (3, "a1"));
        assert!(matches!(illegal.error, Error::Play { .. }), "{:?}", illegal.error);
        assert_eq!(r.final_position, r.plies[1].after);
        assert!(r.plies.iter().all(|p| p.judgement.is_some()) && !r.partial);
        let r = review(&start(), &["zz9"], &Limits::depth(1), &Budget::default()).unwrap();
        assert!(matches!(r.illegal.unwrap().error, Error::MoveSyntax(_)));
        assert_eq!((r.final_position, r.status), (start(), Status::Ongoing));
    }

    #[test]
    fn a_game_played_to_its_end_has_its_winner_and_a_thrown_away_win_is_a_blunder() {
        // The last plies of a random game (tests/data/review_games.json, "igisoro game over").
        let from =
            AnyPosition::from_notation("igisoro 2,1,0,2,2,9,0,3/5,0,14,1,3,3,2,1/1,0,1,0,3,3,0,1/1,0,1,3,1,0,0,1 s");
        let r = review(&from.unwrap(), &["d1", "c3-x-x-x", "f2-p-r", "a3"], &Limits::depth(2), &Budget::default());
        let r = r.unwrap();
        assert_eq!(r.status.parts(), ("won", Some("north"), Some("no_legal_move")));
        assert_eq!(r.final_position, r.plies[3].after);
        assert!(r.illegal.is_none() && !r.partial);
        // North could win at once and did not: a blunder whatever the estimate.
        let second = &r.plies[1];
        assert_eq!(second.searched().unwrap().analysis.score, Score::Win { turns: 1 });
        assert_eq!(second.judgement.as_ref().unwrap().label, Some(Label::Blunder));
        // The winning move is the best: no reply searched, nothing lost.
        let last = &r.plies[3];
        let j = last.judgement.as_ref().unwrap();
        assert!(last.reply.is_none() && j.loss == 0.0 && j.label.is_none());
        assert_eq!(r.summary().map(|(_, n)| n), [0, 0, 3]);
    }

    #[test]
    fn no_time_left_refuses_the_walk_and_a_search_that_runs_out_leaves_its_ply_unsearched() {
        let moves = first_moves(start(), 3);
        let spent = Budget::from_timeout_or_spent(Some(0.0)).unwrap();
        match review(&start(), &moves, &Limits::depth(1), &spent) {
            Err(Error::Timeout { what, seconds }) => {
                assert!(what == "checking the review's moves" && seconds == 0.0, "{what}")
            }
            other => panic!("{:?}", other.map(|r| r.plies.len())),
        }
        assert!(review(&start(), &moves, &Limits::depth(1), &spent).is_err());
        assert!(matches!(Budget::from_timeout_or_spent(Some(-1.0)), Err(Error::Limit(_))));
        // The second search runs out before settling a move.
        let calls = std::cell::Cell::new(0);
        let r = review_with(&start(), &moves, &Limits::depth(1), &Budget::default(), |p, l| {
            calls.set(calls.get() + 1);
            let mut a = p.analyse(l);
            if calls.get() == 2 {
                (a.best_move, a.stopped_by) = (None, StopReason::Deadline);
            }
            a
        })
        .unwrap();
        assert!(r.partial && r.plies.len() == 3);
        assert!(r.plies.iter().filter(|p| p.judgement.is_none()).count() == 1);
    }
}
