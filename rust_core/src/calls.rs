//! Every rules operation of an [`AnyPosition`] as one call under one
//! [`Budget`]: legal moves, step-wise decisions, checked play, canonical
//! notation, status, random moves, playouts and perft.
//!
//! Why here and not in the binding: the binding is marshalling only, and a
//! caller in Rust (a tool, a test, another binding) should get the same
//! answers and the same time limits without re-doing the dispatch. Each
//! call dispatches once to code generic over the rule system
//! ([`with_game!`](crate::any_position::with_game)), runs under its budget
//! ([`crate::budget::with_budget`]), and gives back family-neutral values:
//! notation text, [`AnyPosition`]s, [`Status`], trace [`Event`]s. A budget
//! that runs out is [`Error::Timeout`] (or, while a move is being checked,
//! [`Error::Play`] with [`PlayError::Interrupted`]), never a result cut
//! short without a word.

use crate::any_position::{AnyPosition, Family};
use crate::budget::{with_budget, Budget};
use crate::engine_call::entry;
use crate::error::Error;
use crate::explore::{self, NextDecision, PlayError};
use crate::game::{Event, Game, Status};
use crate::moves::{format_move, parse_move};
use crate::rng::Rng;
use crate::side::Side;
use crate::any_position::with_game;

/// The most sowing-trace events [`AnyPosition::play`] returns; the rest are
/// left out and [`PlayedMove::trace_truncated`] says so. Why: one move on an
/// Isolo board of tens of thousands of seeds sows far more (a 4.8 MB HTTP
/// response was measured); 20,000 events are about 0.5 MB of JSON, more
/// than the 12,571 of a long move of the heaviest 4x8 position we know.
pub const MAX_TRACE_EVENTS: usize = 20_000;

/// One complete legal move: its canonical notation and what it does.
#[derive(Clone, Debug)]
pub struct LegalMove {
    /// The canonical decision list as move notation (`"b2-c-n"`).
    pub notation: String,
    /// The position after the move.
    pub result: AnyPosition,
    /// Seeds captured by the mover.
    pub captured: u32,
    /// Laps sown along the canonical decision list.
    pub laps: u32,
}

/// The answer to "what must be decided next?", in notation.
#[derive(Clone, Debug)]
pub enum Decision {
    /// `side` (in the `role` of "mover" or "opponent") must choose one of
    /// `options`, each the text of one decision.
    Decide { role: &'static str, side: Side, options: Vec<String> },
    /// The partial list is already a complete move.
    Complete { result: AnyPosition, captured: u32, laps: u32 },
}

/// A move played with checking.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The position after the move.
    pub result: AnyPosition,
    /// Seeds captured by the mover.
    pub captured: u32,
    /// Laps sown.
    pub laps: u32,
    /// The first [`MAX_TRACE_EVENTS`] events of the sowing trace.
    pub trace: Vec<Event>,
    /// True when the trace was longer and its end was left out.
    pub trace_truncated: bool,
    /// The result's status, decided under the same budget as the move.
    pub status: Status,
    /// Who made the move (decision events name their actor relative to it).
    pub mover: Side,
}

/// Run `f` under `budget` (through [`entry`], the one entry of every
/// engine call); a budget that ran out is
/// [`Error::Timeout`] naming `what` and the caller's limit.
pub fn under<R>(budget: Budget, what: &str, f: impl FnOnce() -> R) -> Result<R, Error> {
    let seconds = budget.seconds.unwrap_or(0.0);
    let (r, tripped) = entry(|| with_budget(budget, f));
    if tripped {
        return Err(Error::Timeout { what: what.to_string(), seconds });
    }
    Ok(r)
}

/// The decision list `text` means in `p`, or [`Error::MoveSyntax`] (or the
/// family's own refusal, [`Family::check_move`]).
fn choices<G: Family>(p: &G::Pos, text: &str) -> Result<Vec<G::Choice>, Error> {
    G::check_move(p, text)?;
    parse_move::<G>(p, text).map_err(Error::MoveSyntax)
}

impl AnyPosition {
    /// The error for `mv`, refused (or interrupted) here.
    fn play_error(&self, mv: &str, err: PlayError) -> Error {
        Error::Play { mv: mv.to_string(), pos: self.notation(), err }
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        with_game!(self, p, G => G::to_move(p))
    }

    /// Every rule option with its effective value (JSON types).
    pub fn all_rules(&self) -> Vec<(&'static str, crate::json_form::RuleValue)> {
        with_game!(self, p, G => G::all_rules(p))
    }

    /// Every complete legal move (at most `limit`; `truncated` says whether
    /// more exist), one per distinct resulting position, in canonical order.
    /// The moves are written out under the budget too: tens of thousands of
    /// moves gathered within the limit took seconds more to format.
    pub fn legal_moves(&self, limit: Option<usize>, budget: Budget) -> Result<(Vec<LegalMove>, bool), Error> {
        under(budget, "listing the legal moves", || {
            with_game!(self, p, G => {
                let list = explore::legal_moves::<G>(p, limit);
                let mut moves = Vec::with_capacity(list.moves.len());
                for (i, m) in list.moves.into_iter().enumerate() {
                    if i % 1024 == 0 && crate::budget::check() {
                        break;
                    }
                    let notation = format_move::<G>(p, &m.choices);
                    moves.push(LegalMove { notation, result: G::wrap(m.result), captured: m.captured, laps: m.laps });
                }
                (moves, list.truncated)
            })
        })
    }

    /// [`AnyPosition::legal_moves_json`] (the HTTP API's array, written in
    /// one pass) under `budget`: (the text, its length, truncated).
    pub fn legal_moves_json_under(&self, limit: Option<usize>, budget: Budget) -> Result<(String, usize, bool), Error> {
        under(budget, "listing the legal moves", || self.legal_moves_json(limit))
    }

    /// The next decision after the partial decision list `partial`.
    pub fn next_decision(&self, partial: &str, budget: Budget) -> Result<Decision, Error> {
        with_game!(self, p, G => {
            let cs = choices::<G>(p, partial)?;
            match under(budget, "finding the next decision", || explore::next_decision::<G>(p, &cs))? {
                Ok(NextDecision::Decide { actor, options }) => Ok(Decision::Decide {
                    role: actor.name(),
                    side: actor.side(G::to_move(p)),
                    options: options.iter().map(|&c| G::choice_text(p, c)).collect(),
                }),
                Ok(NextDecision::Complete { result, captured, laps }) => {
                    Ok(Decision::Complete { result: G::wrap(result), captured, laps })
                }
                Err(e) => Err(self.play_error(partial, e)),
            }
        })
    }

    /// Play the complete move `mv` with checking; the result's status is
    /// decided under the same budget (one budget for the call), and the
    /// trace is cut at [`MAX_TRACE_EVENTS`].
    pub fn play(&self, mv: &str, budget: Budget) -> Result<PlayedMove, Error> {
        with_game!(self, p, G => {
            let cs = choices::<G>(p, mv)?;
            if cs.is_empty() {
                return Err(Error::Notation { text: mv.into(), detail: "a move needs at least a start".into() });
            }
            let played = under(budget, "playing the move", || {
                explore::play::<G>(p, &cs).map(|played| {
                    let status = explore::status::<G>(&played.result);
                    (played, status)
                })
            })?;
            let (mut played, status) = played.map_err(|e| self.play_error(mv, e))?;
            let trace_truncated = played.trace.len() > MAX_TRACE_EVENTS;
            played.trace.truncate(MAX_TRACE_EVENTS);
            Ok(PlayedMove {
                result: G::wrap(played.result),
                captured: played.captured,
                laps: played.laps,
                trace: played.trace,
                trace_truncated,
                status,
                mover: G::to_move(p),
            })
        })
    }

    /// The canonical notation of the legal move the decision list `mv` plays.
    pub fn canonical(&self, mv: &str, budget: Budget) -> Result<String, Error> {
        with_game!(self, p, G => {
            let cs = choices::<G>(p, mv)?;
            let c = under(budget, "finding the canonical move", || explore::canonical::<G>(p, &cs))?
                .map_err(|e| self.play_error(mv, e))?;
            Ok(format_move::<G>(p, &c))
        })
    }

    /// Ongoing, or the winner and why.
    pub fn status(&self, budget: Budget) -> Result<Status, Error> {
        under(budget, "deciding the game status", || with_game!(self, p, G => explore::status::<G>(p)))
    }

    /// The result of one uniformly random legal move (seeded), or `None`.
    pub fn random_move(&self, seed: u64, budget: Budget) -> Result<Option<AnyPosition>, Error> {
        under(
            budget,
            "choosing a random move",
            || with_game!(self, p, G => explore::random_move::<G>(p, &mut Rng::new(seed)).map(|(q, _)| G::wrap(q))),
        )
    }

    /// Play `games` random games of at most `max_plies` plies; plies played.
    pub fn playouts(&self, games: u64, seed: u64, max_plies: u64, budget: Budget) -> Result<u64, Error> {
        under(budget, "playouts", || with_game!(self, p, G => explore::playouts::<G>(p, games, seed, max_plies)))
    }

    /// Perft counts for depths `1..=depth` (at most
    /// [`explore::MAX_PERFT_DEPTH`]): (move sequences, distinct positions).
    pub fn perft(&self, depth: u32, budget: Budget) -> Result<Vec<(u64, u64)>, Error> {
        crate::any_position::check_perft_depth(depth)?;
        under(budget, "perft", || with_game!(self, p, G => explore::perft::<G>(p, depth)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_is_a_timeout_naming_the_call_and_the_limit() {
        let p = AnyPosition::start("igisoro").unwrap();
        let spent = Budget::from_timeout(Some(1e-9)).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1));
        match p.perft(3, spent) {
            Err(Error::Timeout { what, seconds }) => assert_eq!((what.as_str(), seconds), ("perft", 1e-9)),
            other => panic!("{:?}", other.map(|v| v.len())),
        }
    }

    #[test]
    fn every_call_answers_for_both_families() {
        for v in ["igisoro", "isolo"] {
            let p = AnyPosition::start(v).unwrap();
            let (moves, truncated) = p.legal_moves(None, Budget::default()).unwrap();
            assert!(!moves.is_empty() && !truncated, "{v}");
            let first = &moves[0];
            let played = p.play(&first.notation, Budget::default()).unwrap();
            assert_eq!(played.result, first.result, "{v}");
            assert_eq!(played.mover, p.to_move());
            assert!(!played.trace.is_empty() && !played.trace_truncated);
            assert_eq!(p.canonical(&first.notation, Budget::default()).unwrap(), first.notation);
            assert_eq!(p.status(Budget::default()).unwrap(), Status::Ongoing);
            assert!(p.random_move(1, Budget::default()).unwrap().is_some());
            assert_eq!(p.perft(1, Budget::default()).unwrap()[0].1, moves.len() as u64, "{v}");
            assert!(matches!(p.next_decision("", Budget::default()).unwrap(), Decision::Decide { .. }));
            assert!(matches!(p.play("zz9", Budget::default()), Err(Error::MoveSyntax(_))));
        }
    }
}
