//! The Isolo turn as a state machine over decision nodes (see `game.rs`).
//!
//! A move has one decision, the start hole; everything after it is
//! deterministic (captures are obligatory), so [`Game::advance`] runs the
//! whole chain of laps in one call and reports [`Advance::Endless`] when the
//! chain cycles. The kucheleka is a turn of its own with one decision, the
//! arrangement. All sowing runs in the mover's local numbering (hole 1 =
//! index 0, see `geometry`). The rules are those of RULES-NOTES ("Isolo");
//! `docs/ISOLO.md` states them as implemented.

use super::geometry::{local_name, opposite, Hole, MAX_HOLES};
use super::kucheleka::{self, Arrangement};
use super::notation::parse_arrangement;
use super::position::{Phase, Position, MAX_TOTAL};
use crate::game::{Actor, Advance, Event, Game, Observer, Point, Unlisted, WinReason};
use crate::side::Side;

/// One decision. `Start` sorts before `Arrange`; starts sort like the hole
/// names (`a1 < b1 < ...`), arrangements by their counts in column order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// Add a stock seed to this own hole, lift it and sow.
    Start(Hole),
    /// Kucheleka: put the fore-play winner's seeds into its holes like this.
    Arrange(Arrangement),
}

impl Choice {
    /// The notation token: a hole name, or `k` and the arrangement.
    pub fn token(self) -> String {
        match self {
            Choice::Start(h) => h.name(),
            Choice::Arrange(a) => a.token(),
        }
    }
}

/// What a decision node waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The start of the turn: a start hole, or in the kucheleka phase an
    /// arrangement.
    Root,
    /// The turn is over.
    Done,
}

/// An intermediate state of a turn. Only the root and finished turns are
/// nodes (there is no decision inside a move), so a node is the two rows
/// and the stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// `[mover, opponent][local hole]`.
    pub b: [[u16; MAX_HOLES]; 2],
    pub stage: Stage,
}

/// Isolo as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Isolo;

/// What the lap that produced the seeds in hand was, which decides where
/// captured seeds are sown (RULES-NOTES: "after the first lap, or after a
/// lap that sowed captured seeds: from hole 1; after a relay lap: starting
/// at the hole after the one that lap was lifted from").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The move's first lap (the chosen hole plus the stock seed).
    First,
    /// A relay lap, lifted from this local hole.
    Relay(u8),
    /// A lap that sowed captured seeds (a mwipinda lap included: it sows
    /// the captured singleton together with the hole it was put into).
    Captured,
}

/// A lap waiting to be sown: `hand` seeds, the first into local hole `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pending {
    next: u8,
    hand: u16,
    kind: Kind,
}

impl Isolo {
    /// Sow `p.hand` seeds from hole `p.next` on, left to right, wrapping;
    /// returns the last hole.
    #[inline(always)]
    fn sow<O: Observer>(me: Side, n: usize, row: &mut [u16; MAX_HOLES], p: Pending, obs: &mut O) -> usize {
        let mut q = p.next as usize;
        for k in 0..p.hand {
            if k > 0 {
                q = if q + 1 == n { 0 } else { q + 1 };
            }
            row[q] += 1;
            if O::ON {
                obs.event(Event::Sow { pit: local_name(me, q, n) });
            }
        }
        q
    }

    /// Lift hole `q` for a lap sown from the hole after it.
    #[inline(always)]
    fn lift<O: Observer>(me: Side, n: usize, row: &mut [u16; MAX_HOLES], q: usize, kind: Kind, obs: &mut O) -> Pending {
        let hand = row[q];
        row[q] = 0;
        if O::ON {
            obs.event(Event::Lift { pit: local_name(me, q, n), count: hand as u32 });
        }
        Pending { next: ((q + 1) % n) as u8, hand, kind }
    }

    /// Run laps from a pending lap until the turn ends.
    fn run<O: Observer>(pos: &Position, mut node: Node, mut pending: Pending, obs: &mut O) -> Advance<Node> {
        let n = pos.rules.n();
        let me = pos.to_move;
        let mut laps = 0u32;
        // The turn stops after the lap that sows the seeds of the capture
        // that emptied the opponent's row: the fore-play or the game is won
        // at that moment (docs/ISOLO.md, "End of a turn").
        let mut last_lap = false;
        // Brent's cycle detection over the relay chain. A capture takes
        // seeds from the opponent for good, so no state before it can recur
        // after it: the detector restarts at every capture.
        let mut saved: Option<([u16; MAX_HOLES], Pending)> = None;
        let (mut power, mut lam) = (1u32, 0u32);
        let mut since_check = 0u32;
        loop {
            let kind = pending.kind;
            let hand_sown = pending.hand;
            let q = Self::sow(me, n, &mut node.b[0], pending, obs);
            laps = laps.saturating_add(1);
            if O::ON {
                obs.event(Event::LapEnd { pit: local_name(me, q, n) });
            }
            // The budget, every 2,048 seeds sown (and laps): a board of
            // 30,000 seeds sows hands of thousands, and a traced move on
            // one ran 8 times a 20 ms limit when nothing here looked at the
            // clock. Counted in seeds, not laps, since a lap's cost is its
            // hand (a check costs about as much as sowing 20 seeds).
            since_check += u32::from(hand_sown) + 1;
            if since_check >= 2048 {
                since_check = 0;
                if crate::budget::check() {
                    return Advance::Aborted;
                }
            }
            if last_lap || node.b[0][q] == 1 {
                node.stage = Stage::Done;
                return Advance::Reached(node, laps);
            }
            let o = opposite(q, n);
            let seeds = node.b[1][o];
            if seeds == 0 {
                // Relay: lift the landing hole and sow on from the next hole.
                pending = Self::lift(me, n, &mut node.b[0], q, Kind::Relay(q as u8), obs);
                let state = (node.b[0], pending);
                if saved == Some(state) {
                    return Advance::Endless;
                }
                lam += 1;
                if lam == power {
                    saved = Some(state);
                    power *= 2;
                    lam = 0;
                }
                continue;
            }
            // Capture the opposite hole.
            node.b[1][o] = 0;
            if O::ON {
                obs.event(Event::Capture { pits: vec![local_name(me.other(), o, n)], count: seeds as u32 });
            }
            last_lap = node.b[1][..n].iter().all(|&v| v == 0);
            saved = None;
            power = 1;
            lam = 0;
            let end_hole = o == 0 || o == n - 1;
            pending = if seeds == 1 && end_hole {
                // Mwipinda. Captured opposite my hole 1 (their hole n): the
                // seed goes into my rightmost hole, whose content is sown
                // from hole 1. Opposite my rightmost hole (their hole 1): it
                // goes into my hole 1, whose content is sown from hole 2.
                // Both are "put it in hole x, lift x, sow from after x".
                let x = if q == 0 { n - 1 } else { 0 };
                node.b[0][x] += 1;
                Self::lift(me, n, &mut node.b[0], x, Kind::Captured, obs)
            } else {
                if O::ON {
                    obs.event(Event::Hand { count: seeds as u32 });
                }
                let next = match kind {
                    Kind::First | Kind::Captured => 0,
                    Kind::Relay(r) => (r as usize + 1) % n,
                };
                Pending { next: next as u8, hand: seeds, kind: Kind::Captured }
            };
        }
    }
}

impl Game for Isolo {
    type Pos = Position;
    type Node = Node;
    type Choice = Choice;

    fn root(pos: &Position) -> Node {
        let me = pos.to_move.index();
        Node { b: [pos.rows[me], pos.rows[1 - me]], stage: Stage::Root }
    }

    fn point(pos: &Position, node: &Node, opts: &mut Vec<Choice>) -> Point {
        opts.clear();
        if node.stage == Stage::Done {
            return Point::Done;
        }
        let n = pos.rules.n();
        match pos.phase {
            Phase::Kucheleka => {
                if pos.total() + 2 * n as u32 <= MAX_TOTAL {
                    opts.extend(kucheleka::options(pos).into_iter().map(Choice::Arrange));
                }
            }
            Phase::ForePlay | Phase::Main => {
                if pos.winner().is_none() && pos.total() < MAX_TOTAL {
                    for i in 0..n {
                        if node.b[0][i] > 0 {
                            opts.push(Choice::Start(Hole::from_local(pos.to_move, i, n)));
                        }
                    }
                    opts.sort_unstable();
                }
            }
        }
        Point::Decide(Actor::Mover)
    }

    fn advance<O: Observer>(pos: &Position, node: &Node, choice: Choice, obs: &mut O) -> Advance<Node> {
        let mut node = *node;
        let n = pos.rules.n();
        let me = pos.to_move;
        match (node.stage, choice) {
            (Stage::Root, Choice::Start(h)) => {
                let i = h.local(n);
                // The stock seed goes into the chosen hole; the hole is lifted
                // whole. Its first seed goes into hole 1, except from the hole
                // before the last, whose first seed goes into the rightmost hole.
                if O::ON {
                    obs.event(Event::Hand { count: 1 });
                }
                let content = node.b[0][i];
                node.b[0][i] = 0;
                if O::ON {
                    obs.event(Event::Lift { pit: h.name(), count: content as u32 });
                }
                let next = if i == n - 2 { n - 1 } else { 0 };
                Self::run(pos, node, Pending { next: next as u8, hand: content + 1, kind: Kind::First }, obs)
            }
            (Stage::Root, Choice::Arrange(a)) => {
                // Traced as: the arranger lifts every hole and sows the
                // arrangement; the loser's seeds come from its stock.
                if O::ON {
                    for i in 0..n {
                        if node.b[0][i] > 0 {
                            obs.event(Event::Lift { pit: local_name(me, i, n), count: node.b[0][i] as u32 });
                        }
                    }
                }
                node.b[0] = a.local(me);
                let mut loser = [0u16; MAX_HOLES];
                loser[..n].fill(pos.variant.seeds_per_hole());
                node.b[1] = loser;
                if O::ON {
                    for (side, row) in [(me, node.b[0]), (me.other(), node.b[1])] {
                        if side != me {
                            obs.event(Event::Hand { count: row[..n].iter().map(|&v| v as u32).sum() });
                        }
                        for (i, &v) in row[..n].iter().enumerate() {
                            for _ in 0..v {
                                obs.event(Event::Sow { pit: local_name(side, i, n) });
                            }
                        }
                    }
                }
                node.stage = Stage::Done;
                Advance::Reached(node, 0)
            }
            _ => panic!("advance called with {:?} at {:?}: not an option", choice, node.stage),
        }
    }

    fn finish(pos: &Position, node: &Node) -> Position {
        let me = pos.to_move;
        let mut rows = [[0u16; MAX_HOLES]; 2];
        rows[me.index()] = node.b[0];
        rows[me.other().index()] = node.b[1];
        let opp_empty = node.b[1].iter().all(|&v| v == 0);
        let (phase, to_move) = match pos.phase {
            // The fore-play's winner moves first in the main game.
            Phase::Kucheleka => (Phase::Main, me),
            // The fore-play's winner arranges its seeds.
            Phase::ForePlay if opp_empty => (Phase::Kucheleka, me),
            p => (p, me.other()),
        };
        Position { rows, to_move, phase, variant: pos.variant, rules: pos.rules }
    }

    fn captured(pos: &Position, node: &Node) -> u32 {
        if pos.phase == Phase::Kucheleka {
            return 0;
        }
        let before = pos.seeds(pos.to_move.other());
        let after: u32 = node.b[1].iter().map(|&v| v as u32).sum();
        before - after
    }

    fn decided(pos: &Position) -> Option<(Side, WinReason)> {
        pos.winner().map(|w| (w, WinReason::RowEmptied))
    }

    fn to_move(pos: &Position) -> Side {
        pos.to_move
    }

    fn choice_text(_: &Position, choice: Choice) -> String {
        choice.token()
    }

    fn parse_choice(pos: &Position, token: &str, first: bool) -> Option<Choice> {
        if !first {
            // An Isolo turn has exactly one decision.
            return None;
        }
        if token.starts_with('k') {
            return parse_arrangement(token, pos.rules.n()).ok().map(Choice::Arrange);
        }
        Hole::parse(token, pos.rules.n()).map(Choice::Start)
    }

    /// The kucheleka's list is a sample above `kucheleka::ENUMERATION_LIMIT`
    /// arrangements; every other list is complete.
    fn lists_all(pos: &Position, node: &Node) -> bool {
        !(node.stage == Stage::Root
            && pos.phase() == Phase::Kucheleka
            && kucheleka::count(pos.seeds(pos.to_move()), pos.holes()) > kucheleka::ENUMERATION_LIMIT)
    }

    /// Any valid kucheleka arrangement is legal, listed or not (see `kucheleka`).
    fn unlisted(pos: &Position, node: &Node, choice: Choice) -> Unlisted {
        match (node.stage, choice) {
            (Stage::Root, Choice::Arrange(a)) if pos.phase() == Phase::Kucheleka => match kucheleka::check(pos, &a) {
                Ok(()) => Unlisted::Legal,
                Err(e) => Unlisted::Illegal(e.to_string()),
            },
            _ => Unlisted::NotAnOption,
        }
    }
}
