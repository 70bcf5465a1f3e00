//! A game review assembled from plies reviewed before (issue 40).
//!
//! A reviewed ply depends only on the position before the move, the move
//! and the review's limits ([`crate::review`] searches the position before
//! the move and the one after it, and judges the move from those two
//! alone), so a store of reviewed plies (the service's cache of analyses)
//! answers that ply in every game that reaches it. [`review_known`] walks
//! each game's moves under the call's one [`Budget`], asks the caller's
//! store for each ply, reviews the plies it does not know each as a
//! one-move game in one parallel [`review_many`] under the same budget (a
//! ply that two games of the call share, once), and writes each game's
//! review from the two, as [`crate::json_out::review_json`] writes a fresh
//! one (the Python suite checks the two equal on random games).
//!
//! A game whose walk is refused (an illegal move, text that is not a move,
//! or the budget spent first) is reviewed whole instead, so its answer
//! (its illegal move, or its timeout) is the core's own review's.
//!
//! Why in the core: the one deadline and the one JSON writer stay here, so
//! the caller (`python/igisoro/known.py`) reads no clock and writes no
//! review JSON; it only looks plies up and keeps what was searched.

use crate::any_position::AnyPosition;
use crate::budget::Budget;
use crate::error::Error;
use crate::game::Status;
use crate::json_out::{assembled_review_json, ply_json, ReviewEnd};
use crate::review::{review_many, summary_of, Label, Review, ReviewedPly};
use crate::search::{Limits, StopReason};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// A ply reviewed before, as a store keeps it: the JSON object
/// [`crate::json_out::ply_json`] wrote (its `ply` and `move` are those of
/// the game it was first reviewed in; the assembled review writes its own).
pub type KnownPly = Map<String, Value>;

/// What [`review_known`] gives for one game.
#[derive(Debug)]
pub enum KnownReview {
    /// Reviewed whole (its walk was refused): the core's review, or the
    /// error that left the game without one.
    Whole(Box<Result<Review, Error>>),
    /// Assembled from known plies and plies reviewed now.
    Assembled {
        /// The review's JSON, as [`crate::json_out::review_json`] writes it.
        json: String,
        /// Plies the store answered, without a search.
        cached_plies: usize,
        /// Searches the budget cut short, counted per ply that uses them.
        cut_searches: usize,
    },
}

/// What [`review_known`] gives for a call.
#[derive(Debug)]
pub struct KnownReviews {
    /// One per game, in input order.
    pub games: Vec<KnownReview>,
    /// Each ply the store did not know, reviewed as a one-move game (its
    /// start is the position before the move): what the store may keep.
    pub fresh: Vec<Result<Review, Error>>,
}

/// One move of a game as the walk found it.
struct Walked {
    before: AnyPosition,
    mv: String,
    canonical: String,
    captured: u32,
    after: AnyPosition,
}

/// Every move of a game and the last position's status, or None when one is
/// refused or the budget runs out first (the game is then reviewed whole).
fn walk(start: &AnyPosition, moves: &[String], budget: &Budget) -> Option<(Vec<Walked>, Status)> {
    let mut plies = Vec::with_capacity(moves.len());
    let mut pos = start.clone();
    let mut status = None;
    for mv in moves {
        if budget.spent() {
            return None;
        }
        let canonical = pos.canonical(mv, budget.clone()).ok()?;
        let played = pos.play(mv, budget.clone()).ok()?;
        status = Some(played.status);
        let after = played.result;
        plies.push(Walked { before: pos, mv: mv.clone(), canonical, captured: played.captured, after: after.clone() });
        pos = after;
    }
    let status = match status {
        Some(s) => s,
        None if budget.spent() => return None,
        None => start.status(budget.clone()).ok()?,
    };
    Some((plies, status))
}

/// Searches of `r` the budget cut short.
fn cut(r: &Review) -> usize {
    let searches = r.plies.iter().flat_map(|p| [&p.best, &p.reply]).flatten();
    searches.filter(|s| s.analysis.stopped_by == StopReason::Deadline).count()
}

/// A game whose walk went through, waiting for the plies not known.
struct Walk {
    plies: Vec<Walked>,
    status: Status,
    found: Vec<Option<KnownPly>>,
}

/// Review `games` (each a start and its moves) as [`review_many`] does,
/// each ply known to `known` (the position before it and its canonical move
/// name it; an error of the store's stops the call) taken from it, the
/// others reviewed under `limits` and the one `budget` on `threads` threads
/// (see the module docs).
pub fn review_known<E>(
    games: &[(AnyPosition, Vec<String>)],
    limits: &Limits,
    budget: &Budget,
    threads: Option<usize>,
    mut known: impl FnMut(&AnyPosition, &str) -> Result<Option<KnownPly>, E>,
) -> Result<KnownReviews, E> {
    // Every walk and every look-up first, before any search, then one core
    // call for everything not known: whole games the walk refused, and each
    // unknown ply as a one-move game, once however many games reach it.
    let mut asked: Vec<(AnyPosition, Vec<String>)> = Vec::new();
    let mut ply_at: HashMap<(AnyPosition, String), usize> = HashMap::new();
    let mut walks: Vec<Result<Walk, usize>> = Vec::with_capacity(games.len());
    for (start, moves) in games {
        let Some((plies, status)) = walk(start, moves, budget) else {
            walks.push(Err(asked.len()));
            asked.push((start.clone(), moves.clone()));
            continue;
        };
        let found = plies.iter().map(|p| known(&p.before, &p.canonical)).collect::<Result<Vec<_>, E>>()?;
        for (p, f) in plies.iter().zip(&found) {
            if f.is_none() {
                ply_at.entry((p.before.clone(), p.canonical.clone())).or_insert_with(|| {
                    asked.push((p.before.clone(), vec![p.mv.clone()]));
                    asked.len() - 1
                });
            }
        }
        walks.push(Ok(Walk { plies, status, found }));
    }
    let answered = if asked.is_empty() { Vec::new() } else { review_many(&asked, limits, budget, threads) };

    let mut games_out: Vec<Option<KnownReview>> = Vec::with_capacity(games.len());
    let mut whole_at: HashMap<usize, usize> = HashMap::new(); // index in asked -> game
    for ((start, _), w) in games.iter().zip(walks) {
        match w {
            Err(at) => {
                whole_at.insert(at, games_out.len());
                games_out.push(None);
            }
            Ok(w) => {
                let at = |p: &Walked| &answered[ply_at[&(p.before.clone(), p.canonical.clone())]];
                games_out.push(Some(assemble(start, w, at)));
            }
        }
    }
    let mut fresh = Vec::with_capacity(answered.len());
    for (i, r) in answered.into_iter().enumerate() {
        match whole_at.get(&i) {
            Some(&g) => games_out[g] = Some(KnownReview::Whole(Box::new(r))),
            None => fresh.push(r),
        }
    }
    // Every slot is filled: a game's own, or its whole review's.
    Ok(KnownReviews { games: games_out.into_iter().flatten().collect(), fresh })
}

/// One game's review from its known plies and, for the others, the
/// one-move reviews `answer` finds.
fn assemble<'a>(start: &AnyPosition, w: Walk, answer: impl Fn(&Walked) -> &'a Result<Review, Error>) -> KnownReview {
    let (mut texts, mut labels) = (Vec::with_capacity(w.plies.len()), Vec::with_capacity(w.plies.len()));
    let (mut cached_plies, mut cut_searches, mut partial) = (0, 0, false);
    for (i, (p, found)) in w.plies.iter().zip(w.found).enumerate() {
        // The game's own numbering and spelling of its moves.
        let (number, mv) = (i + 1, p.mv.clone());
        if let Some(mut ply) = found {
            cached_plies += 1;
            labels.push(ply.get("label").and_then(Value::as_str).and_then(Label::named));
            ply.insert("ply".into(), number.into());
            ply.insert("move".into(), mv.into());
            texts.push(Value::Object(ply).to_string());
            continue;
        }
        let judged = match answer(p) {
            Ok(r) => {
                cut_searches += cut(r);
                partial |= r.partial;
                r.plies.first().cloned()
            }
            Err(_) => None, // begun after the deadline
        };
        let ply = match judged {
            Some(j) => ReviewedPly { ply: number, mv, ..j },
            None => {
                partial = true;
                let (before, canonical, after) = (&p.before, p.canonical.clone(), p.after.clone());
                let side = before.to_move();
                let captured = p.captured;
                ReviewedPly {
                    ply: number,
                    side,
                    mv,
                    canonical,
                    captured,
                    after,
                    best: None,
                    reply: None,
                    judgement: None,
                }
            }
        };
        labels.push(ply.judgement.as_ref().and_then(|j| j.label));
        texts.push(ply_json(&ply));
    }
    let final_position = w.plies.last().map_or(start, |p| &p.after);
    let end = ReviewEnd { final_position, status: &w.status, summary: summary_of(labels), partial };
    KnownReview::Assembled { json: assembled_review_json(start, &texts, &end), cached_plies, cut_searches }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_out::review_json;
    use crate::review::tests::first_moves;
    use std::convert::Infallible;

    /// A store of plies in memory, keyed by the position before and the move.
    type Store = HashMap<(AnyPosition, String), KnownPly>;

    fn keep(store: &mut Store, fresh: &[Result<Review, Error>]) {
        for r in fresh.iter().flatten() {
            let p = &r.plies[0];
            let Value::Object(ply) = serde_json::from_str(&ply_json(p)).unwrap() else { unreachable!() };
            store.insert((r.start.clone(), p.canonical.clone()), ply);
        }
    }

    fn json(r: &KnownReview) -> String {
        match r {
            KnownReview::Assembled { json, .. } => json.clone(),
            KnownReview::Whole(r) => review_json(r.as_ref().as_ref().unwrap()),
        }
    }

    #[test]
    fn a_review_from_known_plies_is_the_fresh_review_and_an_illegal_game_is_reviewed_whole() {
        let start = AnyPosition::start("igisoro").unwrap();
        let moves = first_moves(start.clone(), 4);
        let games = vec![
            (start.clone(), moves.clone()),
            (start.clone(), moves[..2].to_vec()), // shares its plies with the first game
            (start.clone(), vec![moves[0].clone(), "a1".into()]),
        ];
        let (limits, budget) = (Limits::depth(2), Budget::default());
        let fresh: Vec<String> =
            review_many(&games, &limits, &budget, None).iter().map(|r| review_json(r.as_ref().unwrap())).collect();
        let mut store = Store::new();
        let lookup = |s: &Store| {
            let s = s.clone();
            move |p: &AnyPosition, c: &str| Ok::<_, Infallible>(s.get(&(p.clone(), c.to_string())).cloned())
        };
        let first = review_known(&games, &limits, &budget, None, lookup(&store)).unwrap();
        assert_eq!(first.fresh.len(), 4, "each ply once, the shared ones too");
        assert!(
            matches!(&first.games[2], KnownReview::Whole(r) if r.as_ref().as_ref().is_ok_and(|r| r.illegal.is_some()))
        );
        keep(&mut store, &first.fresh);
        let again = review_known(&games, &limits, &budget, None, lookup(&store)).unwrap();
        assert!(again.fresh.is_empty());
        for ((f, a), want) in first.games.iter().zip(&again.games).zip(&fresh) {
            assert_eq!((&json(f), &json(a)), (want, want));
        }
        assert!(matches!(again.games[0], KnownReview::Assembled { cached_plies: 4, cut_searches: 0, .. }));
    }

    #[test]
    fn no_time_left_reviews_the_game_whole_and_a_store_error_stops_the_call() {
        let start = AnyPosition::start("isolo").unwrap();
        let games = vec![(start.clone(), first_moves(start, 2))];
        let spent = Budget::from_timeout_or_spent(Some(0.0)).unwrap();
        let none = |_: &AnyPosition, _: &str| Ok::<_, Infallible>(None);
        let r = review_known(&games, &Limits::depth(1), &spent, None, none).unwrap();
        assert!(matches!(&r.games[..], [KnownReview::Whole(w)] if matches!(**w, Err(Error::Timeout { .. }))));
        let failing = |_: &AnyPosition, _: &str| Err("store down");
        assert_eq!(
            review_known(&games, &Limits::depth(1), &Budget::default(), None, failing).unwrap_err(),
            "store down"
        );
    }
}
