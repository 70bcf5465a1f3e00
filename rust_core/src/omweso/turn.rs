//! The Omweso turn as a state machine over decision nodes (see `game.rs`).
//!
//! A turn is a chain of laps (`docs/OMWESO.md`, "A turn"). The mover
//! decides only the start pit and, at a lap from a left-hand pit whose
//! clockwise sowing would capture at once, the direction (`ccw`/`cw`, in
//! time order); everything else is deterministic (captures are obligatory,
//! there is no retreat), so [`Game::advance`] runs from one decision to the
//! next and reports [`Advance::Endless`] when the stretch cycles, with the
//! Igisoro family's exact detector (`board4x8::cycles::Watch`: Brent,
//! distinguished points, the landing classes modulo 17). Why it carries
//! over: between two decisions an Omweso stretch is a relay chain on the
//! same 16-pit loop, ended by the same events (an empty pit; a landing on
//! an inner pit whose two opposite pits are occupied; under `capture_only`
//! a relay lap from a left-hand pit whose clockwise lap would capture, a
//! decision in both families), so the Igisoro rules with the same
//! `clockwise` reading (`capture_only`; `first_lap`'s later laps are
//! `whole_turn`'s fixed direction) give the detector the same dynamics.
//! A plain Brent run took 4 minutes on one crowded start. The set-up
//! is a turn of its own with one decision, the arrangement. All sowing runs
//! in the mover's local numbering (`board4x8::geometry`): counter-clockwise
//! is `+1`, the inner row is 8..16, inner pit `i` faces the opponent's
//! `23 - i` and `i - 8`.

use super::arrangement::{self, Arrangement};
use super::position::{Phase, Position};
use super::rules::{AfterCapture, CapturedSowing, Clockwise};
use crate::board4x8::cycles::{capture_mask, Watch};
use crate::board4x8::geometry::{local_name, name_order_pits, opposite_inner, opposite_outer, Pit, PITS};
use crate::game::{Actor, Advance, Event, Game, Observer, Point, Unlisted, WinReason};
use crate::side::Side;

/// One decision. Ordered as the notation's tokens sort (`a1 < ... < h4`,
/// then `ccw < cw`), which the canonical decision list relies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// Lift this own pit and sow.
    Start(Pit),
    /// Sow the pending lap counter-clockwise.
    Ccw,
    /// Sow the pending lap clockwise (it captures at once).
    Cw,
    /// The set-up: arrange the side's seeds like this.
    Arrange(Arrangement),
}

impl Choice {
    /// The notation token.
    pub fn token(self) -> String {
        match self {
            Choice::Start(p) => p.name(),
            Choice::Ccw => "ccw".into(),
            Choice::Cw => "cw".into(),
            Choice::Arrange(a) => a.token(),
        }
    }
}

/// What a node waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The turn's start: a start pit, or in the set-up an arrangement.
    Root,
    /// A lap of `hand` seeds from the pit after local `anchor`, which the
    /// mover may sow either way.
    Dir { anchor: u8, hand: u8 },
    /// The turn is over.
    Done,
}

/// An intermediate state of a turn: what its future depends on (the
/// oracle's node: both sides' pits, the pending lap, the turn's start pit
/// for `turn_start`, and which end columns were captured for
/// `end_pits_win`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// `[mover, opponent][local pit]`.
    pub b: [[u8; PITS]; 2],
    /// What the node waits for.
    pub stage: Stage,
    /// The turn's start pit (local; 0 at the root).
    pub start: u8,
    /// Bit 0: captured opposite the mover's inner pit 8, bit 1: opposite 15
    /// (the two end columns, for either side).
    pub ends: u8,
}

/// Omweso as a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Omweso;

/// A lap about to be sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lap {
    anchor: u8,
    hand: u8,
    cw: bool,
}

/// Either a lap whose direction is settled, or a direction decision.
enum Next {
    Lap(Lap),
    Decide { anchor: u8, hand: u8 },
}

#[inline(always)]
fn step(i: usize, cw: bool) -> usize {
    if cw {
        (i + PITS - 1) % PITS
    } else {
        (i + 1) % PITS
    }
}

/// Sow `hand` seeds one per pit from the pit after `anchor`; a lap of 16 or
/// more sows every pit, the anchor included. Returns the last pit.
#[inline(always)]
fn sow<O: Observer>(me: Side, row: &mut [u8; PITS], anchor: u8, hand: u8, cw: bool, obs: &mut O) -> usize {
    let mut i = anchor as usize;
    for _ in 0..hand {
        i = step(i, cw);
        row[i] += 1;
        if O::ON {
            obs.event(Event::Sow { pit: local_name(me, i) });
        }
    }
    i
}

/// Whether the last seed in `landing` captures: an occupied pit of the
/// mover's inner row whose two opposite pits are both occupied.
#[inline(always)]
fn captures(b: &[[u8; PITS]; 2], landing: usize) -> bool {
    landing >= 8 && b[0][landing] >= 2 && b[1][opposite_inner(landing)] > 0 && b[1][opposite_outer(landing)] > 0
}

impl Omweso {
    /// The lap of `hand` seeds after `anchor`: its direction where there is
    /// no choice, else a decision (`docs/OMWESO.md`, "Clockwise sowing").
    fn lap(pos: &Position, b: &[[u8; PITS]; 2], anchor: u8, hand: u8, first: bool, cw: bool) -> Next {
        let mode = pos.rules.clockwise;
        if mode == Clockwise::FirstLap && !first {
            return Next::Lap(Lap { anchor, hand, cw });
        }
        if mode != Clockwise::Never && pos.rules.is_reverse(anchor as usize) {
            let mut trial = *b;
            let landing = sow(pos.to_move, &mut trial[0], anchor, hand, true, &mut crate::game::NoTrace);
            if captures(&trial, landing) {
                return Next::Decide { anchor, hand };
            }
        }
        Next::Lap(Lap { anchor, hand, cw: false })
    }

    /// Lift local pit `i` into the hand.
    fn lift<O: Observer>(me: Side, row: &mut [u8; PITS], i: usize, obs: &mut O) -> u8 {
        let hand = row[i];
        row[i] = 0;
        if O::ON {
            obs.event(Event::Lift { pit: local_name(me, i), count: hand as u32 });
        }
        hand
    }

    /// The Igisoro rules whose relay dynamics are this position's, for the
    /// endless-chain detector (see the module docs): only `clockwise` and
    /// `reverse` are read by it.
    fn watch_rules(pos: &Position) -> crate::board4x8::rules::Rules {
        use crate::board4x8::rules::Clockwise as B4;
        let mut r = crate::board4x8::Variant::Igisoro.rules();
        r.clockwise = match pos.rules.clockwise {
            Clockwise::CaptureOnly => B4::CaptureOnly,
            Clockwise::FirstLap => B4::WholeTurn,
            Clockwise::Never => B4::Never,
        };
        r.reverse = pos.rules.reverse;
        r
    }

    /// Run laps from `next` until the turn ends or asks for a direction.
    fn run<O: Observer>(pos: &Position, mut node: Node, mut next: Next, obs: &mut O) -> Advance<Node> {
        let me = pos.to_move;
        let mut laps = 0u32;
        // A capture takes seeds from the opponent for good, so no state
        // before it can recur after it: the watch restarts at every capture.
        let wr = Self::watch_rules(pos);
        let first_cw = matches!(next, Next::Lap(Lap { cw: true, .. }));
        let mut watch = Watch::new(&wr, first_cw, capture_mask(&node.b[1], true));
        loop {
            let lap = match next {
                Next::Decide { anchor, hand } => {
                    node.stage = Stage::Dir { anchor, hand };
                    return Advance::Reached(node, laps);
                }
                Next::Lap(lap) => lap,
            };
            let landing = sow(me, &mut node.b[0], lap.anchor, lap.hand, lap.cw, obs);
            laps = laps.saturating_add(1);
            if O::ON {
                obs.event(Event::LapEnd { pit: local_name(me, landing) });
            }
            if node.b[0][landing] == 1 {
                node.stage = Stage::Done;
                return Advance::Reached(node, laps);
            }
            if !captures(&node.b, landing) {
                // Relay: lift the landing pit and sow on.
                let hand = Self::lift(me, &mut node.b[0], landing, obs);
                next = Self::lap(pos, &node.b, landing as u8, hand, false, lap.cw);
                if let Next::Lap(l) = next {
                    if watch.endless(u128::from_le_bytes(node.b[0]), l.anchor as usize, l.hand) {
                        return if watch.aborted { Advance::Aborted } else { Advance::Endless };
                    }
                }
                continue;
            }
            let (oi, oo) = (opposite_inner(landing), opposite_outer(landing));
            let taken = node.b[1][oi] + node.b[1][oo];
            node.b[1][oi] = 0;
            node.b[1][oo] = 0;
            if O::ON {
                obs.event(Event::Capture {
                    pits: vec![local_name(me.other(), oi), local_name(me.other(), oo)],
                    count: taken as u32,
                });
                obs.event(Event::Hand { count: taken as u32 });
            }
            match landing {
                8 => node.ends |= 1,
                15 => node.ends |= 2,
                _ => {}
            }
            let origin = match pos.rules.captured_sowing {
                CapturedSowing::LapOrigin => lap.anchor,
                CapturedSowing::TurnStart => node.start,
            };
            next = match pos.rules.after_capture {
                // The captured seeds are a lap like any other, which may
                // itself run clockwise towards a capture.
                AfterCapture::SowOn => Self::lap(pos, &node.b, origin, taken, false, false),
                // Ludii: captured seeds counter-clockwise, their end not
                // looked at; then the capturing pit is lifted and sown in
                // the capturing lap's direction.
                AfterCapture::RelayCapturingPit => {
                    sow(me, &mut node.b[0], origin, taken, false, obs);
                    let hand = Self::lift(me, &mut node.b[0], landing, obs);
                    Self::lap(pos, &node.b, landing as u8, hand, false, lap.cw)
                }
            };
            let cw = matches!(next, Next::Lap(Lap { cw: true, .. }));
            watch.reset(&wr, cw, capture_mask(&node.b[1], true));
        }
    }

    /// Whether the turn that ended in `node` wins by capturing at both ends.
    fn wins(pos: &Position, node: &Node) -> bool {
        pos.rules.end_pits_win && node.ends == 3
    }
}

impl Game for Omweso {
    type Pos = Position;
    type Node = Node;
    type Choice = Choice;

    fn root(pos: &Position) -> Node {
        let me = pos.to_move.index();
        Node { b: [pos.pits[me], pos.pits[1 - me]], stage: Stage::Root, start: 0, ends: 0 }
    }

    fn point(pos: &Position, node: &Node, opts: &mut Vec<Choice>) -> Point {
        opts.clear();
        match node.stage {
            Stage::Done => return Point::Done,
            Stage::Dir { .. } => opts.extend([Choice::Ccw, Choice::Cw]),
            Stage::Root => match pos.phase {
                Phase::Setup => opts.extend(arrangement::sample(pos).into_iter().map(Choice::Arrange)),
                Phase::Play => {
                    if pos.winner.is_none() {
                        for &(i, pit) in name_order_pits(pos.to_move) {
                            if node.b[0][i] >= pos.rules.min_seeds {
                                opts.push(Choice::Start(pit));
                            }
                        }
                    }
                }
            },
        }
        Point::Decide(Actor::Mover)
    }

    fn advance<O: Observer>(pos: &Position, node: &Node, choice: Choice, obs: &mut O) -> Advance<Node> {
        let mut node = *node;
        let me = pos.to_move;
        match (node.stage, choice) {
            (Stage::Root, Choice::Start(pit)) => {
                let i = pit.local();
                node.start = i as u8;
                let hand = Self::lift(me, &mut node.b[0], i, obs);
                let next = Self::lap(pos, &node.b, i as u8, hand, true, false);
                Self::run(pos, node, next, obs)
            }
            (Stage::Dir { anchor, hand }, Choice::Ccw | Choice::Cw) => {
                if O::ON {
                    obs.event(Event::Decision { actor: Actor::Mover, choice: choice.token() });
                }
                let lap = Lap { anchor, hand, cw: choice == Choice::Cw };
                Self::run(pos, node, Next::Lap(lap), obs)
            }
            (Stage::Root, Choice::Arrange(a)) => {
                if O::ON {
                    for i in 0..PITS {
                        if node.b[0][i] > 0 {
                            obs.event(Event::Lift { pit: local_name(me, i), count: node.b[0][i] as u32 });
                        }
                    }
                }
                node.b[0] = a.local(me);
                if O::ON {
                    for i in 0..PITS {
                        for _ in 0..node.b[0][i] {
                            obs.event(Event::Sow { pit: local_name(me, i) });
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
        let mut pits = [[0u8; PITS]; 2];
        pits[me.index()] = node.b[0];
        pits[me.other().index()] = node.b[1];
        let (phase, to_move, winner) = match pos.phase {
            // South arranges, then North, then South sows first.
            Phase::Setup if me == Side::South => (Phase::Setup, Side::North, None),
            Phase::Setup => (Phase::Play, Side::South, None),
            Phase::Play => (Phase::Play, me.other(), Self::wins(pos, node).then_some(me)),
        };
        Position { pits, to_move, phase, winner, ..*pos }
    }

    fn captured(pos: &Position, node: &Node) -> u32 {
        if pos.phase == Phase::Setup {
            return 0;
        }
        let after: u32 = node.b[1].iter().map(|&v| v as u32).sum();
        pos.seeds(pos.to_move.other()) - after
    }

    fn decided(pos: &Position) -> Option<(Side, WinReason)> {
        pos.winner.map(|w| (w, WinReason::EndPitsCaptured))
    }

    fn to_move(pos: &Position) -> Side {
        pos.to_move
    }

    fn choice_text(_: &Position, choice: Choice) -> String {
        choice.token()
    }

    fn parse_choice(_: &Position, token: &str, first: bool) -> Option<Choice> {
        if !first {
            return match token {
                "ccw" => Some(Choice::Ccw),
                "cw" => Some(Choice::Cw),
                _ => None,
            };
        }
        if token.starts_with('k') {
            return Arrangement::parse(token).ok().map(Choice::Arrange);
        }
        Pit::parse(token).map(Choice::Start)
    }

    /// The set-up's list is a sample; every other list is complete.
    fn lists_all(pos: &Position, node: &Node) -> bool {
        !(node.stage == Stage::Root && pos.phase == Phase::Setup)
    }

    /// Any valid arrangement is legal in the set-up, listed or not; an
    /// arrangement in the sowing phase or a start pit in the set-up is
    /// refused with the doc's error code.
    fn unlisted(pos: &Position, node: &Node, choice: Choice) -> Unlisted {
        match (node.stage, choice) {
            (Stage::Root, Choice::Arrange(a)) => match arrangement::check(pos, &a) {
                Ok(()) => Unlisted::Legal,
                Err(e) => Unlisted::Illegal(e.to_string()),
            },
            (Stage::Root, Choice::Start(_)) if pos.phase == Phase::Setup => Unlisted::Illegal(
                arrangement::ArrangeError::BadNotation("a sowing move in the set-up phase".into()).to_string(),
            ),
            _ => Unlisted::NotAnOption,
        }
    }
}
