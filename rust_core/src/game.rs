//! The interface every rule system implements, so that move enumeration,
//! step-wise play, checked play, random playouts, search and the Python/HTTP
//! layers work for the 4x8 Igisoro family and for 2-row Isolo alike.
//!
//! A turn is modelled as a graph of *decision nodes*: each node is an
//! intermediate state of the turn at which somebody (usually the mover, for
//! a retreat the opponent) must choose. Between decision nodes the turn runs
//! deterministically (sowing laps and relays); [`Game::advance`] runs such a
//! stretch in one call. The generic code in [`crate::explore`] never looks
//! inside a node; it only needs nodes to be hashable so that a state reached
//! twice is explored once and a repeated state on one path is recognised.

use crate::side::Side;
use std::fmt::Debug;
use std::hash::Hash;

/// Who makes a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player whose turn it is.
    Mover,
    /// The player waiting for its turn (Igisoro's retreat, "ndakubye").
    Opponent,
}

impl Actor {
    /// `mover` or `opponent`.
    pub fn name(self) -> &'static str {
        match self {
            Actor::Mover => "mover",
            Actor::Opponent => "opponent",
        }
    }

    /// The side that decides, given the side to move.
    pub fn side(self, to_move: Side) -> Side {
        match self {
            Actor::Mover => to_move,
            Actor::Opponent => to_move.other(),
        }
    }
}

/// What a decision node asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point {
    /// Somebody must choose among the options written to the option buffer.
    Decide(Actor),
    /// The turn is over; [`Game::finish`] gives the resulting position.
    Done,
}

/// What a deterministic stretch of a turn ran into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance<N> {
    /// The next decision node, or the finished turn, and the laps sown on the
    /// way. The count saturates at `u32::MAX` (a finite chain that long
    /// would take seconds to run; the count must not wrap silently).
    Reached(N, u32),
    /// The stretch repeats a state with no decision in between: it never ends.
    Endless,
    /// The thread's [`crate::budget`] ran out before the stretch was settled.
    Aborted,
}

/// One step of a sowing trace, for animation. Pits are given by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Seeds lifted from a pit into the hand (`count` may include seeds
    /// added to the pit by a capture first).
    Lift { pit: String, count: u32 },
    /// Seeds that enter the hand without being on the board: captured seeds
    /// sown on their own (`turn_start` / `landing` sowing) or a stock seed.
    Hand { count: u32 },
    /// One seed sown into a pit.
    Sow { pit: String },
    /// Seeds taken from the opponent's pits.
    Capture { pits: Vec<String>, count: u32 },
    /// The opponent moved its threatened inner pit into the outer pit behind it.
    Retreat { from: String, to: String, count: u32 },
    /// A lap ended in this pit.
    LapEnd { pit: String },
    /// A decision was taken.
    Decision { actor: Actor, choice: String },
}

/// Receives the events of a turn. The hot paths use [`NoTrace`], which the
/// compiler removes entirely, so tracing costs nothing unless asked for.
pub trait Observer {
    /// Whether events are wanted at all (lets callers skip building names).
    const ON: bool;
    /// Record one event.
    fn event(&mut self, e: Event);
}

/// The observer that records nothing.
pub struct NoTrace;
impl Observer for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

/// An observer that keeps every event.
#[derive(Default)]
pub struct Trace(pub Vec<Event>);
impl Observer for Trace {
    const ON: bool = true;
    fn event(&mut self, e: Event) {
        self.0.push(e);
    }
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser had no legal move at the start of its turn.
    NoLegalMove,
    /// Ikibuguzo: the winner captured both inner end pits of the loser in one turn.
    EndPitsCaptured,
    /// Isolo: the loser's row is empty.
    RowEmptied,
    /// The game could not end ([`Ending`]) and the rules' `adjudicate`
    /// option gives it to the side with more seeds.
    AdjudicatedSeeds,
}

impl WinReason {
    /// Snake-case name used by the API.
    pub fn name(self) -> &'static str {
        match self {
            WinReason::NoLegalMove => "no_legal_move",
            WinReason::EndPitsCaptured => "end_pits_captured",
            WinReason::RowEmptied => "row_emptied",
            WinReason::AdjudicatedSeeds => "adjudicated_seeds",
        }
    }
}

/// Why a position is proven unable to end ([`Game::cannot_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// 4x8 with `min_seeds = 1`: one side holds a single seed, which no
    /// capture can reach and which can always be sown (`docs/RULES.md`,
    /// "Games that cannot end").
    LoneSeed,
    /// 4x8 with `min_seeds = 1`: one side holds two to eight seeds, one
    /// per pit and no two in one column, and can step them on for ever
    /// without ever putting two in one column, so no capture can reach
    /// them and the other side can never win (same section).
    OutOfReach,
    /// 4x8 with `min_seeds = 1` and no `end_pits_win`: one side holds an
    /// odd number of seeds, one per pit; captures take them two at a time
    /// and the side keeps stepping one seed into an empty pit, so it never
    /// runs out and the other side can never win (same section).
    OddSingles,
}

impl Ending {
    /// Snake-case name used by the API.
    pub fn name(self) -> &'static str {
        match self {
            Ending::LoneSeed => "lone_seed",
            Ending::OutOfReach => "out_of_reach",
            Ending::OddSingles => "odd_singles",
        }
    }
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Won {
        winner: Side,
        reason: WinReason,
    },
    /// Proven unable to end under the rules, which adjudicate nothing
    /// (`adjudicate = none`): play may go on, but no result can come.
    Endless {
        reason: Ending,
    },
}

impl Status {
    /// (state, winner, reason): `("ongoing", None, None)`, `("won",
    /// Some(side), Some(reason))` or `("endless", None, Some(reason))`, as
    /// callers show it.
    pub fn parts(self) -> (&'static str, Option<&'static str>, Option<&'static str>) {
        match self {
            Status::Ongoing => ("ongoing", None, None),
            Status::Won { winner, reason } => ("won", Some(winner.name()), Some(reason.name())),
            Status::Endless { reason } => ("endless", None, Some(reason.name())),
        }
    }
}

/// What a game says about a choice its option list at a node leaves out
/// ([`Game::unlisted`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unlisted {
    /// Not a choice there at all: the listed options are the ones.
    NotAnOption,
    /// Legal all the same: the list was only a sample of the options.
    Legal,
    /// The right kind of choice, but illegal here, and why.
    Illegal(String),
}

/// A rule system. Implemented by [`crate::board4x8::Igisoro`] (and later Isolo).
pub trait Game {
    /// A validated position (board, side to move, rule state, rules).
    type Pos: Clone + Eq + Hash + Debug + Send + Sync;
    /// An intermediate state of a turn at a decision point (or finished).
    type Node: Clone + Eq + Hash + Debug;
    /// One decision: a start, a direction, capture/pass, retreat/stay...
    /// `Ord` must agree with the order of the notation tokens, because the
    /// canonical decision list of a move is the shortest, then
    /// lexicographically first, list.
    type Choice: Copy + Eq + Ord + Hash + Debug;

    /// The node at the start of the side to move's turn.
    fn root(pos: &Self::Pos) -> Self::Node;
    /// The node's decision (options into `opts`, sorted) or `Done`.
    fn point(pos: &Self::Pos, node: &Self::Node, opts: &mut Vec<Self::Choice>) -> Point;
    /// Take `choice` at `node` and run on to the next decision node.
    /// `choice` must be one of the node's options, or one [`Game::unlisted`]
    /// calls legal.
    fn advance<O: Observer>(
        pos: &Self::Pos,
        node: &Self::Node,
        choice: Self::Choice,
        obs: &mut O,
    ) -> Advance<Self::Node>;
    /// The position after a finished turn.
    fn finish(pos: &Self::Pos, node: &Self::Node) -> Self::Pos;
    /// Seeds the mover captured during the turn that ended in `node`.
    fn captured(pos: &Self::Pos, node: &Self::Node) -> u32;
    /// A win already decided by the position's state (not by move generation).
    fn decided(pos: &Self::Pos) -> Option<(Side, WinReason)>;
    /// The side to move.
    fn to_move(pos: &Self::Pos) -> Side;
    /// Notation of one decision.
    fn choice_text(pos: &Self::Pos, choice: Self::Choice) -> String;
    /// Parse one decision token; the first token of a move is its start.
    fn parse_choice(pos: &Self::Pos, token: &str, first: bool) -> Option<Self::Choice>;
    /// Judge a choice that [`Game::point`] did not list at `node`. Most
    /// games list every option, so by default nothing unlisted is legal;
    /// Isolo's kucheleka lists only a sample of the arrangements when there
    /// are too many to list, and accepts any valid one. Checked play
    /// ([`crate::explore::play`]) asks this, so every caller, the bindings
    /// included, gets the same answer.
    fn unlisted(_pos: &Self::Pos, _node: &Self::Node, _choice: Self::Choice) -> Unlisted {
        Unlisted::NotAnOption
    }
    /// Whether [`Game::point`]'s option list at `node` is every option
    /// (false: only a sample, see [`Game::unlisted`]). Why: a search may
    /// take the best of a sample, but a proof that the chooser loses
    /// whatever it does needs every option (`search::solve`).
    fn lists_all(_pos: &Self::Pos, _node: &Self::Node) -> bool {
        true
    }
    /// Whether distinct finished nodes always give distinct positions
    /// ([`Game::finish`] is one-to-one on them), so that a turn graph,
    /// which keeps each node once, gets each result once without hashing
    /// the results too. Why: that hash was the largest single cost of
    /// building a graph after the sowing itself. False (the safe default)
    /// makes the graph deduplicate results by position.
    const DISTINCT_RESULTS: bool = false;
    /// A cheap, sufficient test that the side to move has a legal move:
    /// true only when one surely exists; false says nothing (the full
    /// search of [`crate::explore::has_legal_move`] then decides).
    ///
    /// Why: a search asks "has the side to move a move at all?" at every
    /// leaf, and proving it by running a turn cost about a seventh of a
    /// search. By default nothing is sure.
    fn surely_has_move(_pos: &Self::Pos) -> bool {
        false
    }
    /// A proof that the game can never end from `pos` (see [`Ending`]),
    /// when the rules adjudicate nothing; `None` says nothing. A position
    /// the rules adjudicate is a [`Game::decided`] win instead. Must be
    /// cheap when it fails: the search asks it at every node.
    fn cannot_end(_pos: &Self::Pos) -> Option<Ending> {
        None
    }
}

/// Why a decision list is not (part of) a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// Decision number `step` (0 = the start) is not an option there.
    NotAnOption { step: usize, given: String, options: Vec<String>, actor: Actor },
    /// Decision number `step` is of a kind the game accepts unlisted (an
    /// Isolo arrangement), but not legal here, for `reason`.
    Rejected { step: usize, given: String, reason: String },
    /// The turn ended before decision number `step`.
    TooManyDecisions { step: usize },
    /// The list ends while the turn still needs a decision.
    Incomplete { step: usize, options: Vec<String>, actor: Actor },
    /// Decision `step` leads back to a state this turn already passed through.
    Repeats { step: usize },
    /// Decision `step` starts a stretch of laps that never ends.
    Endless { step: usize },
    /// Decision `step` is an option, but every continuation after it is endless.
    NoWayOut { step: usize },
    /// The game is already over.
    GameOver,
    /// The thread's budget ran out before the answer was settled.
    Interrupted,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let who = |a: &Actor| match a {
            Actor::Mover => "the mover",
            Actor::Opponent => "the opponent",
        };
        match self {
            PlayError::NotAnOption { step, given, options, actor } => write!(
                f,
                "decision {} ('{}') is not possible: {} must choose one of [{}]",
                step,
                given,
                who(actor),
                options.join(", ")
            ),
            PlayError::Rejected { step, given, reason } => {
                write!(f, "decision {} ('{}') is not possible: {}", step, given, reason)
            }
            PlayError::TooManyDecisions { step } => {
                write!(f, "the turn is already complete before decision {}", step)
            }
            PlayError::Incomplete { step, options, actor } => write!(
                f,
                "the move is incomplete: decision {} is needed, {} must choose one of [{}]",
                step,
                who(actor),
                options.join(", ")
            ),
            PlayError::Repeats { step } => {
                write!(f, "decision {} returns to a state this turn already passed through (an endless turn)", step)
            }
            PlayError::Endless { step } => {
                write!(f, "decision {} leads to laps that never end", step)
            }
            PlayError::NoWayOut { step } => {
                write!(f, "after decision {} every continuation of the turn is endless", step)
            }
            PlayError::GameOver => write!(f, "the game is over"),
            PlayError::Interrupted => write!(f, "the time limit ran out before the move was settled"),
        }
    }
}
