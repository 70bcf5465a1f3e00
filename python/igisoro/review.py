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

The review is the core's (``rust_core/src/review.rs``), and so is its JSON
(``rust_core/src/json_out.rs``); this module passes the arguments through
and builds the typed objects from what the core returns.

One deadline, no grace: ``timeout`` is passed to the core, which turns it
into one budget; every engine call of the review (checking the moves, then
the searches) runs under it, so the review never runs past it by more than
one call's own margin (``docs/ARCHITECTURE.md``, "Time"). Walking the moves
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

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from igisoro import _igisoro
from igisoro.analysis import Analysis, Score, check_timeout, limits
from igisoro.defaults import DEFAULT_REVIEW_DEPTH
from igisoro.errors import ArrangementError, IgisoroError, InvalidLimitError, InvalidNotationError
from igisoro.position import Position, Status, _move_text
from igisoro.problems import problem

#: (label, minimum drop in the mover's win probability), most severe first
#: (lichess's 0.1 / 0.2 / 0.3 on its -1..1 scale of winning chances): the
#: core's ``review::THRESHOLDS``, which labels the plies, read from it.
THRESHOLDS: tuple[tuple[str, float], ...] = _igisoro.REVIEW_THRESHOLDS


def label(best: Score, played: Score, drop: float) -> tuple[float, str | None]:
    """The loss in seeds (never negative) and the label, if any, for a
    ``drop`` in the mover's win probability: the rule the core's review
    applies (``review::label``, called here), for callers that judge a move
    themselves.

    >>> label(Score("seeds", value=2.0), Score("seeds", value=-1.5), 0.12)
    (3.5, 'mistake')
    >>> label(Score("seeds", value=30.0), Score("seeds", value=20.0), 0.004)
    (10.0, None)
    >>> label(Score("win", turns=2), Score("seeds", value=40.0), 0.001)[1]
    'blunder'
    """
    return _igisoro.review_label(best._fields(), played._fields(), drop)


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
    #: The ply as the core wrote it.
    _json: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def evaluation(self) -> Score | None:
        """The position's value before the move (mover's view)."""
        return None if self.best is None or self.best.best_move is None else self.best.score

    @property
    def best_move(self) -> str | None:
        """The engine's best move before this ply."""
        return None if self.best is None else self.best.best_move

    def to_json(self) -> dict[str, Any]:
        """The ply as ``/v1/games/review`` writes it (written by the core);
        search fields stay null where the budget ran out before their search."""
        return copy.deepcopy(self._json)


@dataclass(frozen=True)
class IllegalPly:
    """The first illegal move of a reviewed game."""

    ply: int
    move: str
    error: IgisoroError

    @property
    def code(self) -> str | None:
        """An Omweso arrangement's error code (``wrong_total``,
        ``negative_count``, ``bad_shape``, ``bad_notation``,
        ``not_setup_phase``; ``docs/OMWESO.md``, "Set-up errors"), None for
        any other refusal: what to fix, without reading the message. The
        review's JSON has it as ``illegal.code``.

        >>> import igisoro
        >>> igisoro.review(igisoro.Position.start("omweso"), ["e2"], depth=1).illegal.code
        'bad_notation'
        """
        return self.error.code if isinstance(self.error, ArrangementError) else None


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
    #: The review's JSON text as the core wrote it.
    _json: str = field(default="", repr=False, compare=False)

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
        and engine version the service adds), written by the core; an
        illegal move's error is a problem object on ``moves.<index>``."""
        out: dict[str, Any] = json.loads(self._json)
        if self.illegal is not None:  # the core writes the error's kind and message; the problem object is built here
            out["illegal"]["error"] = problem(self.illegal.error, f"moves.{self.illegal.ply - 1}")
            out["illegal"]["move"] = self.illegal.move
        return out


def _score(d: dict[str, Any] | None) -> Score | None:
    return None if d is None else Score(d["type"], d.get("value"), d.get("turns"))


def _ply(d: dict[str, Any], after: Any, best: Any, reply: Any) -> ReviewedPly:
    return ReviewedPly(
        d["ply"], d["side"], d["move"], d["canonical"], d["captured"], Position(after),
        best=None if best is None else Analysis._from(best), reply=None if reply is None else Analysis._from(reply),
        played_score=_score(d["played_score"]), loss=d["loss"], label=d["label"],
        best_win_probability=d["best_win_probability"], played_win_probability=d["played_win_probability"],
        win_probability_drop=d["win_probability_drop"], _json=d,
    )


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
    review, one deadline for all its engine calls, held by the core:
    searches not started before it leave their fields None (``partial``);
    checking the moves raises :class:`EngineTimeoutError` past it (0
    included: no time is added for the walk).
    """
    found = review_many([(position, moves)], depth=depth, nodes=nodes, time_ms=time_ms, timeout=timeout)[0]
    if isinstance(found, IgisoroError):
        raise found
    return found


def review_many(
    games: Sequence[tuple[Position, Sequence[str]]],
    *,
    depth: int | None = None,
    nodes: int | None = None,
    time_ms: int | None = None,
    timeout: float | None = None,
    threads: int | None = None,
) -> list[Review | IgisoroError]:
    """Review many games, each a start position and its moves, in parallel
    on ``threads`` threads (default: one per core, the GIL released).

    Each game as :func:`review` reviews it, in order; a game that has no
    review has its error instead (an :class:`EngineTimeoutError` when the
    moves could not all be checked in time). ``timeout`` bounds the whole
    batch, one deadline for every game's engine calls, held by the core: a
    game begun after it is an :class:`EngineTimeoutError`.
    """
    lim, sent = _checked(games, depth, nodes, time_ms, threads)
    found = _igisoro.review_many([(p._pos, s) for (p, _), (s, _) in zip(games, sent, strict=True)],
                                 lim, check_timeout(timeout), threads)
    return [f if isinstance(f, IgisoroError) else _reviewed(p, f, refused)
            for (p, _), (_, refused), f in zip(games, sent, found, strict=True)]


def _checked(games: Sequence[tuple[Position, Sequence[str]]], depth: int | None, nodes: int | None,
             time_ms: int | None, threads: int | None,
             ) -> tuple[tuple[int | None, int | None, int | None], list[tuple[list[str], dict[int, tuple[str, IgisoroError]]]]]:
    """A review's arguments checked (depth 4 when no limit is given), and
    each game's moves as the core takes them (:func:`_sendable`)."""
    if depth is None and nodes is None and time_ms is None:
        depth = DEFAULT_REVIEW_DEPTH
    d, n, ms, _ = limits(depth, nodes, time_ms, 1)
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int)
                                or not 1 <= threads <= 1024):
        raise InvalidLimitError(f"threads must be an integer from 1 to 1024, not {threads!r}")
    for game in games:
        if not (isinstance(game, tuple) and len(game) == 2 and isinstance(game[0], Position)):
            raise TypeError(f"review_many takes (Position, moves) pairs, not {game!r}")
    return (d, n, ms), [_sendable(moves) for _, moves in games]


def _sendable(moves: Sequence[str]) -> tuple[list[str], dict[int, tuple[str, IgisoroError]]]:
    """The moves as the core takes them, and those it cannot by index.

    A move that is not text the core can take (a wrong type, lone
    surrogates from JSON such as "\\ud800") is sent as U+FFFD, which no move
    notation contains, so the review stops at its ply as at any other text
    that is not a move; the ply keeps the move as given and the reason.
    """
    sent: list[str] = []
    refused: dict[int, tuple[str, IgisoroError]] = {}
    for i, m in enumerate(moves):
        try:
            sent.append(_move_text(m))
        except InvalidNotationError as e:
            sent.append("\ufffd")
            refused[i] = (m if isinstance(m, str) else repr(m), e)
    return sent, refused


def _reviewed(position: Position, found: Any, refused: dict[int, tuple[str, IgisoroError]]) -> Review:
    """A :class:`Review` from what the core gave for one game."""
    text, plies_found, final, error = found
    data = json.loads(text)
    plies = tuple(_ply(p, *f) for p, f in zip(data["plies"], plies_found, strict=True))
    illegal = None
    if error is not None:
        at = data["illegal"]["ply"] - 1
        move, error = refused.get(at, (data["illegal"]["move"], error))
        illegal = IllegalPly(at + 1, move, error)
    s = data["final"]["status"]
    return Review(position, plies, illegal, Position(final), Status(s["state"], s["winner"], s["reason"]),
                  data["partial"], _json=text)
