"""Search results: scores, lines and analyses, and batch analysis.

Limits: at least one of ``depth`` (1..64 whole turns), ``nodes``
(1..100,000,000) and ``time_ms`` (1..600,000); ``multipv`` 1..16. Anything
else raises :class:`igisoro.InvalidLimitError` naming the bad value. These
are the engine's maxima, defined once in the core and read here as
:data:`ENGINE_MAXIMA`; the HTTP service may set lower ones.

>>> ENGINE_MAXIMA
{'MAX_SEARCH_DEPTH': 64, 'MAX_SEARCH_NODES': 100000000, 'MAX_SEARCH_TIME_MS': 600000, 'MAX_MULTIPV': 16}

``timeout`` (seconds, up to a day) is different from ``time_ms``: it is an
outside deadline, such as a server's request deadline. A search that meets
it returns the best result so far, with ``stopped_by == "deadline"``,
instead of raising; ``time_ms`` is the thinking time the caller asked for.

A search with ``time_ms`` gives a fifth of it, at most a second, to the
solver first (the core's ``SOLVE_SHARE`` and ``SOLVE_SHARE_MAX_MS``): where the solver proves a forced win or loss and
its independent check confirms it, the analysis is that proof
(``stopped_by == "solved"``). Depth- and node-limited searches never do,
so identical ones give identical answers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from collections.abc import Sequence

from igisoro import _igisoro
from igisoro.errors import IgisoroError, InvalidLimitError, InvalidPositionError

if TYPE_CHECKING:
    from igisoro.position import Position


#: The engine's maxima for search limits (from the core; inclusive).
ENGINE_MAXIMA: dict[str, int] = {
    "MAX_SEARCH_DEPTH": _igisoro.MAX_SEARCH_DEPTH,
    "MAX_SEARCH_NODES": _igisoro.MAX_SEARCH_NODES,
    "MAX_SEARCH_TIME_MS": _igisoro.MAX_SEARCH_TIME_MS,
    "MAX_MULTIPV": _igisoro.MAX_MULTIPV,
}

#: Why a search ended (see :attr:`Analysis.stopped_by`).
StopReason = Literal["depth", "proven", "solved", "nodes", "time", "deadline", "game_over"]


@dataclass(frozen=True)
class Score:
    """A position's value from the side to move's view.

    ``seeds``: an estimate, in seeds of material margin (``value``).
    ``win``/``loss``: a forced result; ``turns`` counts the winner's turns.
    """

    type: Literal["seeds", "win", "loss"]
    value: float | None = None
    turns: int | None = None

    @classmethod
    def _from(cls, t: tuple[Any, ...]) -> Score:
        """From the core's (type, value, turns)."""
        return cls(*t)

    def _fields(self) -> tuple[str, float | None, int | None]:
        """The core's (type, value, turns)."""
        return (self.type, self.value, self.turns)

    def to_json(self) -> dict[str, Any]:
        """``{"type": "seeds", "value": 1.5}`` or ``{"type": "win", "turns": 2}``,
        written by the core (the one writer of search results; a seed value
        is written in the engine's unit, rounded to 0.01).

        >>> Score("win", turns=2).to_json()
        {'type': 'win', 'turns': 2}
        """
        return json.loads(_igisoro.score_json(self._fields()))  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Line:
    """One candidate move with its score and principal variation."""

    move: str
    score: Score
    pv: tuple[str, ...]


@dataclass(frozen=True)
class Analysis:
    """The result of a search."""

    #: Canonical notation of the best move; None when the game is over.
    best_move: str | None
    score: Score
    pv: tuple[str, ...]
    #: The best ``multipv`` moves, best first.
    lines: tuple[Line, ...]
    #: Last completed depth in whole turns. A search stopped by a limit may
    #: play a move from the next, unfinished iteration when that iteration
    #: already proved it better (single line only). A ``solved`` analysis:
    #: the proof line's length in turns.
    depth: int
    nodes: int
    time_ms: int
    #: Turns too large to search whole; non-zero means an approximation.
    truncated_turns: int
    #: Why the search ended: ``depth`` (done), ``proven`` (forced result
    #: found by the search), ``solved`` (a timed analysis whose share for
    #: the solver proved a forced win or loss, confirmed by its independent
    #: check: the score, move and line are the proof's, one line whatever
    #: ``multipv``), ``nodes``, ``time`` (its own limits), ``deadline`` (the
    #: outside ``timeout``: cut short) or ``game_over`` (nothing to search).
    stopped_by: StopReason
    #: The probability that the side to move wins, from the engine's model
    #: fitted on its self-play games (docs/benchmarks/win-probability.md):
    #: exactly 1.0 or 0.0 only for a proven win or loss, an estimate within
    #: 0.001..0.999 otherwise. The same for a position and its colour swap.
    win_probability: float = 0.5
    #: The JSON text (every line) the core wrote with the search's result;
    #: None for an analysis built here. Not an argument, so that
    #: ``dataclasses.replace`` never carries it over to other fields.
    _json: str | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def partial(self) -> bool:
        """True when an outside deadline cut the search short of its limits."""
        return self.stopped_by == "deadline"

    def to_json(self, multipv: int | None = None) -> dict[str, Any]:
        """The analysis as the HTTP API and the batch tools write it (the first
        ``multipv`` lines, all by default), with ``partial`` spelled out:
        :meth:`to_json_text` parsed."""
        return json.loads(self.to_json_text(multipv))  # type: ignore[no-any-return]

    def to_json_text(self, multipv: int | None = None) -> str:
        """The JSON text of :meth:`to_json`, written by the core (its one
        writer of search results, ``rust_core/src/json_out.rs``): the text it
        wrote with the search's result when that holds the lines asked for
        (no second call into the core), else written now."""
        if self._json is not None and (multipv is None or multipv >= len(self.lines)):
            return self._json
        return _igisoro.analysis_json(self._fields(), multipv)

    def _fields(self) -> tuple[Any, ...]:
        """These fields as the core's tuple (the inverse of :meth:`_from`)."""
        lines = [(ln.move, ln.score._fields(), ln.pv) for ln in self.lines]
        return (self.best_move, self.score._fields(), self.pv, lines, self.depth, self.nodes, self.time_ms,
                self.truncated_turns, self.stopped_by, self.win_probability)

    @classmethod
    def _from(cls, t: tuple[Any, ...]) -> Analysis:
        """From the core's tuple of these fields, in order, and the JSON text it wrote."""
        best_move, score, pv, lines, depth, nodes, time_ms, truncated_turns, stopped_by, win_probability, text = t
        a = cls(
            best_move=best_move,
            score=Score._from(score),
            pv=tuple(pv),
            lines=tuple(Line(mv, Score._from(sc), tuple(line_pv)) for mv, sc, line_pv in lines),
            depth=depth,
            nodes=nodes,
            time_ms=time_ms,
            truncated_turns=truncated_turns,
            stopped_by=stopped_by,
            win_probability=win_probability,
        )
        object.__setattr__(a, "_json", text)  # frozen: set once, here
        return a


def _int_or_none(name: str, v: object) -> int | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not -(2**62) < v < 2**62:
        raise InvalidLimitError(f"{name} must be an integer, not {v!r}")
    return v


def check_timeout(v: object) -> float | None:
    """A timeout in seconds, type-checked (the range is checked by the core)."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InvalidLimitError(f"timeout must be a number of seconds, not {v!r}")
    try:
        return float(v)
    except OverflowError:  # an int past a float's range
        raise InvalidLimitError(f"timeout must be at most 86400 seconds, not {v!r}") from None


def limits(depth: object, nodes: object, time_ms: object, multipv: object) -> tuple[int | None, int | None, int | None, int]:
    """Type-check search limits (ranges are checked by the core)."""
    mpv = _int_or_none("multipv", multipv)
    return (
        _int_or_none("depth", depth),
        _int_or_none("nodes", nodes),
        _int_or_none("time_ms", time_ms),
        1 if mpv is None else mpv,
    )


def analyse_many(
    positions: Sequence[Position],
    depth: int | None = None,
    nodes: int | None = None,
    time_ms: int | None = None,
    multipv: int = 1,
    timeout: float | None = None,
) -> list[Analysis | IgisoroError]:
    """Analyse many positions in parallel across cores (the GIL is released).

    ``time_ms`` bounds each position's search; ``timeout`` (seconds) the
    whole batch: positions not finished by then come back with
    ``stopped_by == "deadline"``. Results come back in order, one
    :class:`Analysis` per position (the core searches every valid position;
    the :class:`IgisoroError` in the return type is kept for callers that
    already handle it).
    """
    from igisoro.position import Position

    positions = list(positions)  # a generator is read once, here
    for i, p in enumerate(positions):
        if not isinstance(p, Position):
            raise InvalidPositionError(f"positions[{i}] must be a Position, not {p!r}")
    out = _igisoro.analyse_many([p._pos for p in positions], *limits(depth, nodes, time_ms, multipv), timeout=check_timeout(timeout))
    return [Analysis._from(r) for r in out]
