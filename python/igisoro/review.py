"""Game review: a whole game, ply by ply, judged by the engine.

For each ply: the position's evaluation before the move (mover's view), the
engine's best move there with its line, the value of the move played, the
loss in seeds and a label. How the two values are made comparable: the best
move's value is a depth-``d`` search of the position before the move; the
played move's value is a depth-``d - 1`` search of the position after it,
seen from the mover (so both look ``d`` turns ahead from the same position).
When the move played is the engine's best, no second search is needed and
the loss is 0.

Labels (``loss`` in seeds, the unit of the scores):

- ``inaccuracy``: loss >= 1 seed;
- ``mistake``: loss >= 3 seeds;
- ``blunder``: loss >= 6 seeds, or the move throws away a forced win, or it
  walks into a forced loss the best move avoided.

A forced win or loss counts as ``±(1000 - turns)`` seeds for the loss: a
win that takes k more turns than the best one loses k seeds' worth.

The moves are first checked in order; an illegal move is reported at its
ply (:attr:`Review.illegal`), the review covers the plies before it, and the
final status is that of the last legal position. With a ``timeout``, plies
not searched before it runs out come back without evaluation and the review
says ``partial``.

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

from igisoro.analysis import Analysis, Score
from igisoro.errors import EngineTimeoutError, IgisoroError, IllegalMoveError
from igisoro.problems import problem
from igisoro.position import Position, Status

#: (label, minimum loss in seeds), most severe first.
THRESHOLDS = (("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0))
#: Seed value of a forced result, for the loss arithmetic only.
_FORCED = 1000.0
#: Seconds of budget below which no further search is started.
RESERVE = 0.05


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


def label(best: Score, played: Score) -> tuple[float, str | None]:
    """The loss in seeds (never negative) and its label, if any.

    >>> label(Score("seeds", value=2.0), Score("seeds", value=-1.5))
    (3.5, 'mistake')
    >>> label(Score("win", turns=2), Score("seeds", value=40.0))[1]
    'blunder'
    """
    loss = max(0.0, _value(best) - _value(played))
    if (best.type == "win" and played.type != "win") or (played.type == "loss" and best.type != "loss"):
        return loss, "blunder"
    for name, at in THRESHOLDS:
        if loss >= at:
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
    every ply's search. ``timeout`` (seconds) bounds the whole review:
    playing and checking the moves raise :class:`EngineTimeoutError` past it,
    and searches not started before it leave their fields None (``partial``).
    """
    if depth is None and nodes is None and time_ms is None:
        depth = 4
    deadline = None if timeout is None else time.monotonic() + timeout

    def left() -> float | None:
        return None if deadline is None else deadline - time.monotonic()

    # The moves first, with the status: before the searches, which may use
    # up the budget.
    walked: list[tuple[Position, Position, str, str, int]] = []
    illegal: IllegalPly | None = None
    pos = position
    status: Status | None = None
    for i, move in enumerate(moves):
        try:
            played = pos.play(move, left())
        except EngineTimeoutError:
            raise
        except IgisoroError as e:  # not notation, or not legal here
            illegal = IllegalPly(i + 1, move, e)
            break
        walked.append((pos, played.position, move, _canonical(pos, move, left()), played.captured))
        pos, status = played.position, played.status
    if status is None:
        status = position.status(left())

    def searched(p: Position, shallower: bool = False) -> Analysis | None:
        t = left()
        if t is not None and t < RESERVE:
            return None
        d = depth if not shallower or depth is None else max(1, depth - 1)
        return p.analyse(d, nodes, time_ms, 1, t)

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
        if canonical == best.best_move:
            played_score = best.score
        else:
            reply = searched(after, shallower=True)
            if reply is None:
                partial = True
                plies.append(replace(base, best=best))
                continue
            played_score = _for_mover(reply.score, after.to_move == before.to_move)
            partial = partial or reply.partial
        loss, name = label(best.score, played_score)
        plies.append(replace(base, best=best, reply=reply, played_score=played_score, loss=round(loss, 2), label=name))
    return Review(position, tuple(plies), illegal, pos, status, partial)
