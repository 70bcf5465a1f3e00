"""Game review: a whole game, ply by ply, judged by the engine.

For each ply: the position's evaluation before the move (mover's view), the
engine's best move there with its line, the value of the move played, the
loss in seeds, the mover's win probability after the best move and after
the move played, the drop between them, and a label. How the two values are made comparable: the best
move's value is a depth-``d`` search of the position before the move; the
played move's value is a depth-``d - 1`` search of the position after it,
seen from the mover (so both look ``d`` turns ahead from the same position;
at ``d`` = 1 the played move's search is depth 1 too, the least there is, and
looks one turn further).
When the move played is the engine's best, no second search is needed and
the loss is 0.

Labels, by the drop in the mover's win probability (the engine's model,
:attr:`Analysis.win_probability`), as analysis boards for other games label
moves, rather than by the loss in seeds: a seed lost in a level game matters,
ten seeds lost in a game already won or lost do not. Measured on engine games
(``docs/benchmarks/win-probability.md``), the seed loss labelled 44-65% of all
moves, most where the result was already settled; the drop labels 2-20% and
still finds the moves that turned won games into losses.

- ``inaccuracy``: drop >= 0.05;
- ``mistake``: drop >= 0.10;
- ``blunder``: drop >= 0.15, or the move throws away a forced win, or it
  walks into a forced loss the best move avoided (proofs, whatever the
  estimate says).

The drop compares the two positions the mover could leave, both with the
opponent to move and both searched to the same depth: after the best move
(its value is the best line's) and after the move played (the reply's
search). The loss in seeds is reported beside it; a forced win or loss
counts as ``±(1000 - turns)`` seeds there.

The moves are first checked in order; an illegal move is reported at its
ply (:attr:`Review.illegal`), the review covers the plies before it, and the
final status is that of the last legal position. With a ``timeout``, plies
not searched before it runs out come back without evaluation and the review
says ``partial``.

One deadline, no grace: ``timeout`` is turned into a deadline once, and
every engine call of the review (checking the moves, then the searches) gets
what is left of it, so the review never runs past it by more than one
call's own margin (``docs/ARCHITECTURE.md``, "Time"). Walking the moves
comes first (microseconds a move); if the deadline passes before they are
all checked (a review begun with no time left, ``timeout=0`` included) the
review raises :class:`EngineTimeoutError`: a batch of reviews sharing one
deadline reports its later games so (an ``engine-timeout`` error line), it
does not give them extra time.

>>> import igisoro
>>> start = igisoro.Position.start("igisoro")
>>> r = igisoro.review(start, ["b2", "a3", "c2"], depth=2)
>>> [(p.ply, p.side, p.canonical) for p in r.plies]
[(1, 'south', 'b2'), (2, 'north', 'a3'), (3, 'south', 'c2')]
>>> r.plies[0].best_move is not None and r.illegal is None and r.partial
False
>>> igisoro.review(start, ["b2", "a1"], depth=1).illegal.ply
2
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from igisoro.analysis import Analysis, Score, check_timeout
from igisoro.defaults import DEFAULT_REVIEW_DEPTH
from igisoro.errors import EngineTimeoutError, IgisoroError, IllegalMoveError, InvalidLimitError
from igisoro.problems import problem
from igisoro.position import Position, Status

#: (label, minimum drop in the mover's win probability), most severe first
#: (lichess's 0.1 / 0.2 / 0.3 on its -1..1 scale of winning chances).
THRESHOLDS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
#: Seed value of a forced result, for the loss arithmetic only.
_FORCED = 1000.0


def _value(s: Score) -> float:
    if s.type == "win":
        return _FORCED - (s.turns or 0)
    if s.type == "loss":
        return -_FORCED + (s.turns or 0)
    return s.value or 0.0


def _for_mover(after: Score, same_side: bool) -> Score:
    """The score of the position after a move, from the mover's view."""
    if same_side:  # Isolo: the fore-play's winner moves again
        return after
    if after.type == "win":
        return Score("loss", turns=after.turns)
    if after.type == "loss":
        return Score("win", turns=(after.turns or 0) + 1)
    return Score("seeds", value=-(after.value or 0.0))


def _for_next(s: Score, same_side: bool) -> Score:
    """A score from the mover's view as the side to move next sees it
    (turn counts aside: only the win probability reads it)."""
    if same_side:
        return s
    if s.type == "win":
        return Score("loss", turns=s.turns)
    if s.type == "loss":
        return Score("win", turns=s.turns)
    return Score("seeds", value=-(s.value or 0.0))


def _mover_chance(after: Position, score: Score, same_side: bool) -> float:
    """The mover's win probability after its move, from ``score`` of the
    position ``after`` (the view of ``after``'s side to move)."""
    p = after.win_probability(score)
    return p if same_side else 1.0 - p


def label(best: Score, played: Score, drop: float) -> tuple[float, str | None]:
    """The loss in seeds (never negative) and the label, if any, for a
    ``drop`` in the mover's win probability.

    >>> label(Score("seeds", value=2.0), Score("seeds", value=-1.5), 0.12)
    (3.5, 'mistake')
    >>> label(Score("seeds", value=30.0), Score("seeds", value=20.0), 0.004)
    (10.0, None)
    >>> label(Score("win", turns=2), Score("seeds", value=40.0), 0.001)[1]
    'blunder'
    """
    loss = max(0.0, _value(best) - _value(played))
    if (best.type == "win" and played.type != "win") or (played.type == "loss" and best.type != "loss"):
        return loss, "blunder"
    for name, at in THRESHOLDS:
        if drop >= at:
            return loss, name
    return loss, None


@dataclass(frozen=True)
class ReviewedPly:
    """One legal ply of a reviewed game. Search fields are None when the
    timeout ran out before their search (or the game was over)."""

    #: 1-based ply number.
    ply: int
    #: The side that played it.
    side: str
    #: The move as given.
    move: str
    #: Its canonical notation.
    canonical: str
    captured: int
    position_after: Position
    #: The search of the position before the move (depth ``d``).
    best: Analysis | None = None
    #: The search of the position after it (depth ``d - 1``), when the move
    #: played was not the engine's best.
    reply: Analysis | None = None
    #: The played move's value from the mover's view.
    played_score: Score | None = None
    #: Seeds lost against the best move (rounded to 0.01).
    loss: float | None = None
    #: ``inaccuracy``, ``mistake``, ``blunder`` or None.
    label: str | None = None
    #: The mover's win probability after the engine's best move.
    best_win_probability: float | None = None
    #: The mover's win probability after the move played.
    played_win_probability: float | None = None
    #: ``best_win_probability - played_win_probability`` (never negative,
    #: rounded to 0.0001): what the label reads.
    win_probability_drop: float | None = None

    @property
    def evaluation(self) -> Score | None:
        """The position's value before the move (mover's view)."""
        return None if self.best is None or self.best.best_move is None else self.best.score

    @property
    def best_move(self) -> str | None:
        """The engine's best move before this ply."""
        return None if self.best is None else self.best.best_move

    def to_json(self) -> dict[str, Any]:
        """The ply as ``/v1/games/review`` writes it; search fields stay null
        where the budget ran out before their search."""
        searched = self.best is not None and self.best.best_move is not None
        return {
            "ply": self.ply, "side": self.side, "move": self.move, "canonical": self.canonical,
            "captured": self.captured, "position_after": self.position_after.notation(),
            "evaluation": self.best.score.to_json() if searched and self.best else None,
            "best_move": self.best_move,
            "best_pv": list(self.best.pv) if searched and self.best else [],
            "played_score": None if self.played_score is None else self.played_score.to_json(),
            "loss": self.loss, "label": self.label,
            "win_probability": self.best.win_probability if searched and self.best else None,
            "best_win_probability": self.best_win_probability,
            "played_win_probability": self.played_win_probability,
            "win_probability_drop": self.win_probability_drop,
        }


@dataclass(frozen=True)
class IllegalPly:
    """The first illegal move of a reviewed game."""

    ply: int
    move: str
    error: IgisoroError


@dataclass(frozen=True)
class Review:
    """What :func:`review` returns."""

    start: Position
    plies: tuple[ReviewedPly, ...]
    illegal: IllegalPly | None
    #: The last legal position and its status.
    final: Position
    status: Status
    #: True when the timeout left a ply unsearched or cut a search short.
    partial: bool

    @property
    def summary(self) -> dict[str, int]:
        """How many plies got each label, mildest first."""
        return {name: sum(p.label == name for p in self.plies) for name, _ in reversed(THRESHOLDS)}

    @property
    def analyses(self) -> list[Analysis]:
        """Every search the review ran, in order."""
        return [a for p in self.plies for a in (p.best, p.reply) if a is not None]

    def to_json(self) -> dict[str, Any]:
        """The review as ``/v1/games/review`` writes it (without the limits
        and engine version the service adds); an illegal move's error is a
        problem object on ``moves.<index>``."""
        illegal = None
        if self.illegal is not None:
            error = problem(self.illegal.error, f"moves.{self.illegal.ply - 1}")
            illegal = {"ply": self.illegal.ply, "move": self.illegal.move, "error": error}
        return {
            "start": self.start.notation(),
            "plies": [p.to_json() for p in self.plies],
            "illegal": illegal,
            "final": {"position": self.final.notation(), "status": self.status.to_json()},
            "summary": self.summary,
            "partial": self.partial,
        }


def _canonical(pos: Position, move: str, timeout: float | None) -> str:
    # Past 2000 Isolo kucheleka arrangements the engine finds canonical forms
    # only among the sampled ones it lists; notation of an arrangement is
    # strict (one spelling each), so there the move as played is canonical.
    try:
        return pos.canonical(move, timeout).notation
    except IllegalMoveError:
        return move


def _played(pos: Position, move: str, timeout: float | None) -> Position | None:
    """The position after ``move``, or None when the budget is spent."""
    if timeout is not None and timeout <= 0:
        return None
    try:
        return pos.play(move, timeout).position
    except EngineTimeoutError:
        return None


def review(
    position: Position,
    moves: Sequence[str],
    *,
    depth: int | None = None,
    nodes: int | None = None,
    time_ms: int | None = None,
    timeout: float | None = None,
) -> Review:
    """Review the game of ``moves`` from ``position`` (see the module docs).

    Limits as in :meth:`Position.analyse` (none given: depth 4), used for
    every ply's search. ``timeout`` (seconds, 0 to 86400) bounds the whole
    review, one deadline for all its engine calls: searches not started
    before it leave their fields None (``partial``); checking the moves
    raises :class:`EngineTimeoutError` past it (0 included: no time is
    added for the walk).
    """
    if depth is None and nodes is None and time_ms is None:
        depth = DEFAULT_REVIEW_DEPTH
    timeout = check_timeout(timeout)
    # 0 is allowed (a batch's games reviewed after its deadline: moves only).
    if timeout is not None and not 0 <= timeout <= 86400:
        raise InvalidLimitError(f"timeout must be from 0 to 86400 seconds, not {timeout!r}")
    # The one deadline; each call below gets what is left of it.
    deadline = None if timeout is None else time.monotonic() + timeout

    def left() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    def walking() -> float | None:
        t = left()
        if t is not None and t <= 0:  # the core refuses a timeout <= 0 (InvalidLimitError): say what happened
            raise EngineTimeoutError(f"the review's time ran out while its moves were checked (timeout {timeout} s)")
        return t

    # The moves first, with the status: before the searches, which may use
    # up the budget.
    walked: list[tuple[Position, Position, str, str, int]] = []
    illegal: IllegalPly | None = None
    pos = position
    status: Status | None = None
    for i, move in enumerate(moves):
        try:
            played = pos.play(move, walking())
        except EngineTimeoutError:
            raise
        except IgisoroError as e:  # not notation, or not legal here
            illegal = IllegalPly(i + 1, move, e)
            break
        walked.append((pos, played.position, move, _canonical(pos, move, walking()), played.captured))
        pos, status = played.position, played.status
    if status is None:
        status = position.status(walking())

    def searched(p: Position, shallower: bool = False) -> Analysis | None:
        t = left()
        if t is not None and t <= 0:
            return None
        d = depth if not shallower or depth is None else max(1, depth - 1)
        try:
            return p.analyse(d, nodes, time_ms, 1, t)
        except EngineTimeoutError:  # not one move settled in the time left (a costly turn): unsearched
            return None

    plies: list[ReviewedPly] = []
    partial = False
    for n, (before, after, move, canonical, captured) in enumerate(walked, start=1):
        base = ReviewedPly(n, before.to_move, move, canonical, captured, after)
        best = searched(before)
        if best is None or best.best_move is None:
            partial = partial or best is None
            plies.append(replace(base, best=best))
            continue
        partial = partial or best.partial
        reply = None
        # The position the best move leaves, with the best line's value.
        after_best = after if canonical == best.best_move else _played(before, best.best_move, left())
        if after_best is None:
            partial = True
            plies.append(replace(base, best=best))
            continue
        best_side = after_best.to_move == before.to_move
        best_chance = _mover_chance(after_best, _for_next(best.score, best_side), best_side)
        if canonical == best.best_move:
            played_score, played_chance = best.score, best_chance
        else:
            reply = searched(after, shallower=True)
            if reply is None:
                partial = True
                plies.append(replace(base, best=best))
                continue
            same_side = after.to_move == before.to_move
            played_score = _for_mover(reply.score, same_side)
            played_chance = _mover_chance(after, reply.score, same_side)
            partial = partial or reply.partial
        drop = max(0.0, best_chance - played_chance)
        loss, name = label(best.score, played_score, drop)
        plies.append(replace(base, best=best, reply=reply, played_score=played_score, loss=round(loss, 2), label=name,
                             best_win_probability=round(best_chance, 4), played_win_probability=round(played_chance, 4),
                             win_probability_drop=round(drop, 4)))
    return Review(position, tuple(plies), illegal, pos, status, partial)
