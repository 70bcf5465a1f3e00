"""Positions: validated boards with the side to move, rule state and rules."""

from __future__ import annotations

import json

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal
from collections.abc import Iterator, Sequence

from igisoro import _igisoro
from igisoro.analysis import Analysis, Score, _int_or_none, check_timeout, limits
from igisoro.arrangement import ArrangementEvaluation
from igisoro.errors import (
    ArrangementError,
    EngineTimeoutError,
    InvalidLimitError,
    InvalidNotationError,
    InvalidPositionError,
    NotEnumerableError,
)
from igisoro.move import Move
from igisoro.solution import Solution
from igisoro.stream import analysis_stream

if TYPE_CHECKING:
    from igisoro.trace import TraceEvent

Side = Literal["south", "north"]

#: The stage of a game, for the families that have stages: Isolo's
#: ``fore_play``, ``kucheleka`` (the winner's rearrangement) and ``main``
#: (``docs/ISOLO.md``); Omweso's ``setup`` (each side arranges its seeds,
#: South first) and ``play`` (``docs/OMWESO.md``). The 4x8 family has none
#: (its opening is ``opening_plies``), so :attr:`Position.phase` is None there.
Phase = Literal["fore_play", "kucheleka", "main", "setup", "play"]

#: The text form of an arrangement: ``k``, then the arranger's two rows as
#: they stand in the picture (top row first), 8 counts each joined by ``.``,
#: the rows joined by ``/``.
_ARRANGEMENT_PATTERN = r"^k[0-9]+(\.[0-9]+){7}/[0-9]+(\.[0-9]+){7}$"


@dataclass(frozen=True)
class ArrangementRule:
    """What a set-up move is, in a position of Omweso's set-up phase
    (:meth:`Position.arrangement_rule`).

    Why a rule and not a list: the arranger may put its seeds in its 16
    pits in any counts, and 32 seeds make C(47, 15) = 751,616,304,549
    arrangements, which nothing may enumerate (``docs/OMWESO.md``). Any
    arrangement that holds exactly :attr:`seeds` seeds is legal.

    >>> rule = Position.start("omweso").arrangement_rule()
    >>> rule.side, rule.seeds, rule.pits[:3], rule.arrangements
    ('south', 32, ('a2', 'b2', 'c2'), 751616304549)
    """

    #: The side to arrange.
    side: Side
    #: The seeds it holds, which the arrangement must place, all of them.
    seeds: int
    #: Its 16 pits in the order of the arrangement's counts: the top row of
    #: the picture a..h (South's row 2, North's row 4), then the bottom row
    #: (South's row 1, North's row 3).
    pits: tuple[str, ...]
    #: The notation's shape, ``k<8 counts>/<8 counts>`` (counts joined by ``.``).
    notation: str
    #: A regular expression the notation matches.
    pattern: str
    #: Two valid arrangements, the core's documented sample: the seeds as
    #: they stand and the same seeds spread evenly.
    examples: tuple[str, ...]
    #: How many arrangements there are: C(seeds + 15, 15).
    arrangements: int

#: The most sowing-trace events :meth:`Position.play` returns (the first
#: ones; :attr:`PlayResult.trace_truncated` says when more were left out).
#: A move on an Isolo board of tens of thousands of seeds sows far more
#: (a 4.8 MB HTTP response was measured); this cap keeps a result, and an
#: HTTP response, around 0.5 MB.
MAX_TRACE_EVENTS: int = _igisoro.MAX_TRACE_EVENTS

def _is_int(v: object) -> bool:
    # bool is an int subclass in Python, but `true` is not a seed count.
    return isinstance(v, int) and not isinstance(v, bool)


def _utf8(text: str, what: str, error: type[Exception]) -> str:
    """Reject strings the core cannot receive (lone surrogates), naming them."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"{what} {text!r} is not valid Unicode text") from None
    return text


def _check_int(name: str, v: object) -> int:
    # The core takes an i64: a larger int would be PyO3's OverflowError,
    # which names no argument; the core checks the real range.
    if not _is_int(v) or not -(2**63) <= v < 2**63:  # type: ignore[operator]
        raise InvalidLimitError(f"{name} must be an integer, not {v!r}")
    return v  # type: ignore[return-value]


def _move_text(move: str | Move | Sequence[str]) -> str:
    if isinstance(move, Move):
        return _utf8(move.notation, "move", InvalidNotationError)
    if isinstance(move, str):
        return _utf8(move, "move", InvalidNotationError)
    if isinstance(move, (list, tuple)) and all(isinstance(t, str) for t in move):
        return _utf8("-".join(move), "move", InvalidNotationError)
    raise InvalidNotationError(f"a move must be notation text, a Move or a list of tokens, not {move!r}")


@dataclass(frozen=True)
class Status:
    """Whether the game goes on, and if not who won and why.

    ``endless``: the game is proven unable to end (reason ``lone_seed``,
    ``out_of_reach`` or ``odd_singles``, docs/RULES.md "Games that cannot end"): one side
    keeps its seeds where no capture can reach them, so the other side can
    never win, and the rules adjudicate nothing; play may go on. Under
    ``adjudicate=seeds`` such a position is ``won`` instead, reason
    ``adjudicated_seeds``.
    """

    state: Literal["ongoing", "won", "endless"]
    winner: Side | None = None
    #: ``no_legal_move``, ``end_pits_captured``, ``row_emptied`` or
    #: ``adjudicated_seeds`` (won); ``lone_seed``, ``out_of_reach`` or
    #: ``odd_singles`` (endless).
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"state": ..., "winner": ..., "reason": ...}``."""
        return {"state": self.state, "winner": self.winner, "reason": self.reason}


@dataclass(frozen=True)
class LegalMove:
    """One complete legal move with its effect."""

    #: The canonical decision list (shortest, then lexicographically first).
    move: Move
    #: The position after the move.
    result: Position
    #: Seeds the mover captured.
    captured: int
    #: Laps sown.
    laps: int

    @property
    def notation(self) -> str:
        """Canonical move notation."""
        return self.move.notation


class MoveList(list[LegalMove]):
    """A list of legal moves that also says whether a bound cut it."""

    def __init__(self, moves: list[LegalMove], truncated: bool) -> None:
        super().__init__(moves)
        #: True when ``limit`` cut the list (at least one more move exists).
        self.truncated = truncated


def _check_limit(limit: int | None) -> None:
    """A move-list bound: none, or a positive integer."""
    if limit is not None and (not _is_int(limit) or limit < 1 or limit > 2**62):
        raise InvalidLimitError(f"limit must be a positive integer, got {limit!r}")


@dataclass(frozen=True)
class LegalMovesJson:
    """What :meth:`Position.legal_moves_json` returns."""

    #: The moves as a JSON array (UTF-8).
    json: bytes
    #: How many moves the array holds.
    count: int
    #: True when ``limit`` cut the list (at least one more move exists).
    truncated: bool


@dataclass(frozen=True)
class Decision:
    """The next decision point of a partially played turn."""

    #: True when the partial list is already a complete move.
    complete: bool
    #: ``mover`` or ``opponent`` (who decides); None when complete.
    role: str | None = None
    #: The deciding side; None when complete.
    actor: Side | None = None
    #: Options that can still finish the turn.
    options: tuple[str, ...] = ()
    #: When complete: the resulting position, captures and laps.
    result: Position | None = None
    captured: int | None = None
    laps: int | None = None


@dataclass(frozen=True)
class PlayResult:
    """A move played with checking."""

    position: Position
    status: Status
    captured: int
    laps: int
    #: Sowing trace for animation: lift, hand, sow, capture, retreat,
    #: lap_end and decision events, in order (see :mod:`igisoro.trace`);
    #: at most :data:`MAX_TRACE_EVENTS` of them, the first ones.
    trace: list[TraceEvent] = field(repr=False)
    #: Whether the trace was cut at :data:`MAX_TRACE_EVENTS` events (a move
    #: that sows more, e.g. on an Isolo board of tens of thousands of seeds).
    trace_truncated: bool = False


class Position:
    """A validated position. Immutable; :meth:`play` returns a new one.

    Build one with :meth:`start`, :meth:`from_json` or :meth:`from_notation`.
    """

    __slots__ = ("_pos",)

    def __init__(self, pos: _igisoro.Pos) -> None:
        self._pos = pos

    # -- construction -----------------------------------------------------

    @classmethod
    def start(cls, variant: str = "igisoro") -> Position:
        """The start position of a variant (default ``igisoro``)."""
        if not isinstance(variant, str):
            raise InvalidPositionError(f"invalid position: variant must be a string, not {variant!r}")
        return cls(_igisoro.Pos.start(_utf8(variant, "variant", InvalidPositionError)))

    @classmethod
    def from_notation(cls, text: str) -> Position:
        """Parse the text notation (see ``docs/NOTATION.md``)."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"position notation must be a string, not {text!r}")
        return cls(_igisoro.Pos.from_notation(_utf8(text, "position notation", InvalidNotationError)))

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Position:
        """Validate the JSON form (a dict, or a JSON string).

        Keys: ``variant`` (default ``igisoro``), ``rules`` (overrides),
        ``pits`` (the board picture), ``to_move``, and the variant's state:
        ``opening_plies`` (default 0) and ``winner`` (default null) for the
        4x8 family, ``phase`` (default ``fore_play``) for Isolo.
        """
        # The core reads the JSON form (one reader for every caller, naming
        # the bad field), from the dict itself: a request's body is parsed
        # once, never written back to text to be parsed again.
        if isinstance(data, str):
            return cls(_igisoro.Pos.from_json(_utf8(data, "position JSON", InvalidPositionError)))
        if not isinstance(data, dict):
            raise InvalidPositionError(f"invalid position: expected a JSON object, not {data!r}"[:200])
        return cls(_igisoro.Pos.from_json(data))

    @classmethod
    def read(cls, value: str | dict[str, Any]) -> Position:
        """A position from either of the forms a request or an item gives:
        a ``str`` is the text notation (:meth:`from_notation`), anything
        else the JSON form's object (:meth:`from_json`). The one reader of
        "notation or JSON" for the HTTP service, batches and jobs.

        Why a string is always notation here, never JSON text: in a request
        body or a JSON line the JSON form is already an object, so a string
        can only be notation. Anything else that is not an object raises
        :class:`InvalidPositionError` naming it.

        >>> Position.read("isolo 2,2,2,2/2,2,2,2 s") == Position.read(
        ...     {"variant": "isolo", "pits": [[2] * 4, [2] * 4], "to_move": "south"})
        True
        >>> Position.read(5)
        Traceback (most recent call last):
        ...
        igisoro.InvalidPositionError: invalid position: expected a JSON object, not 5
        """
        if isinstance(value, str):
            return cls.from_notation(value)
        return cls.from_json(value)

    # -- views ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON form; ``rules`` holds only the overrides of the variant's defaults."""
        return json.loads(self._pos.form_json())  # type: ignore[no-any-return]

    def notation(self) -> str:
        """The canonical text notation."""
        return self._pos.notation()

    @property
    def variant(self) -> str:
        """The variant's canonical name."""
        return str(self.to_json()["variant"])

    @property
    def to_move(self) -> Side:
        """``"south"`` or ``"north"``."""
        return self._pos.to_move()  # type: ignore[return-value]

    @property
    def pits(self) -> list[list[int]]:
        """The board picture: row 4 (North's outer row) first, each row a..h."""
        return list(self.to_json()["pits"])

    @property
    def rules(self) -> dict[str, Any]:
        """Every rule option with its effective value."""
        return json.loads(self._pos.rules_json())  # type: ignore[no-any-return]

    @property
    def phase(self) -> Phase | None:
        """The stage of the game (see :data:`Phase`): Isolo's
        ``fore_play``/``kucheleka``/``main``, Omweso's ``setup``/``play``,
        None for the 4x8 family, which has no stages.

        >>> Position.start("omweso").phase
        'setup'
        >>> Position.start("igisoro").phase is None
        True
        """
        phase: Phase | None = self.to_json().get("phase")
        return phase

    def arrangement_rule(self) -> ArrangementRule | None:
        """In Omweso's set-up phase, what a move is (see
        :class:`ArrangementRule`); None in any other position, whose moves
        :meth:`legal_moves` lists in full.
        """
        data = self.to_json()
        if data.get("phase") != "setup":
            return None
        side: Side = data["to_move"]
        top, bottom = ("4", "3") if side == "north" else ("2", "1")
        pits = tuple(c + r for r in (top, bottom) for c in "abcdefgh")
        # The JSON picture's rows run from row 4 down to row 1.
        rows = {"4": 0, "3": 1, "2": 2, "1": 3}
        seeds = sum(data["pits"][rows[top]]) + sum(data["pits"][rows[bottom]])
        decision = self._pos.next_decision("", None)
        return ArrangementRule(side=side, seeds=seeds, pits=pits, notation="k<8 counts>/<8 counts>",
                               pattern=_ARRANGEMENT_PATTERN, examples=tuple(decision[3]),
                               arrangements=math.comb(seeds + 15, 15))

    def arrangement(self, side: str, rows: Sequence[Sequence[int]]) -> Move:
        """An Omweso arrangement given in its JSON form (``side`` and two
        rows of 8 counts, as :attr:`ArrangementRule.pits` orders them),
        checked, as a :class:`Move` (its text form ``k...``, also its
        canonical notation), ready for :meth:`play`.

        Why the side is given: so that a client arranging for the wrong
        side is told so. Raises :class:`ArrangementError` (``code``
        ``wrong_side``, ``bad_shape``, ``negative_count``, ``wrong_total``,
        ``not_setup_phase``; ``bad_notation`` for a count that is not an
        integer or a position of another family).

        >>> Position.start("omweso").arrangement("south", [[2] * 8, [2] * 8]).notation
        'k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2'
        """
        if not isinstance(side, str) or not isinstance(rows, (list, tuple)) or not all(
                isinstance(r, (list, tuple)) and all(_is_int(v) and -(2**63) <= v < 2**63 for v in r) for r in rows):
            given = f"{{side: {side!r}, rows: {rows!r}}}"[:200]
            error = ArrangementError(f"illegal move '{given}' in {self.notation()}: "
                                     "bad_notation: an arrangement is a side and rows of integer counts")
            error.code = "bad_notation"
            error.value = None
            raise error
        return Move(tuple(self._pos.arrangement(_utf8(side, "side", InvalidNotationError),
                                                [list(r) for r in rows]).split("-")))

    # -- rules ------------------------------------------------------------

    def legal_moves(self, limit: int | None = None, timeout: float | None = None) -> MoveList:
        """Every complete legal move, one per distinct resulting position.

        With ``limit``, at most that many are returned and ``truncated`` on
        the result says whether more exist. The GIL is released while the
        core enumerates. With ``timeout`` (seconds) the call raises
        :class:`EngineTimeoutError` instead of running longer.

        In Omweso's set-up (:attr:`phase` ``setup``) the moves are not
        listed: it raises :class:`NotEnumerableError`, whose ``rule`` (as
        :meth:`arrangement_rule`) says what a move is there; any arrangement
        it allows is legal (``POST /v1/legal-moves`` answers the rule
        likewise, with no moves). Why not a list: there are C(47, 15)
        arrangements, an empty list would mean the side to move has lost,
        and a sample would pass for the whole list.

        Pass both for positions you do not control, as the HTTP service
        does: a few crowded ``igisoro`` positions (optional captures with
        retreat) have turns through tens of millions of intermediate states,
        and enumerating all of them takes minutes and gigabytes (one such
        position grew past 3.9 GB in 30 s; its first 1,000 moves take about
        7 s and under 200 MB).
        """
        _check_limit(limit)
        self._not_listed()
        moves, truncated = self._pos.legal_moves(limit, check_timeout(timeout))
        # The core holds the timeout (listing and writing the moves out);
        # wrapping them here is a few microseconds each.
        return MoveList([LegalMove(Move(tuple(n.split("-"))), Position(r), c, laps) for n, r, c, laps in moves],
                        truncated)

    def legal_moves_json(self, limit: int | None = None, timeout: float | None = None) -> LegalMovesJson:
        """:meth:`legal_moves` as JSON text, for servers.

        The text is a JSON array with one object per move, ``{"move":
        notation, "result": {"position": <to_json()>, "notation": <notation()>},
        "captured": n, "laps": n}``, written by the core in one call: several
        times faster than converting each :class:`LegalMove`, which matters
        on a hot HTTP path. Same arguments and errors as :meth:`legal_moves`.
        """
        _check_limit(limit)
        self._not_listed()
        return LegalMovesJson(*self._pos.legal_moves_json(limit, check_timeout(timeout)))

    def _not_listed(self, refused: str = "the moves of {} are not listed") -> None:
        """Raise :class:`NotEnumerableError` where moves are not listed
        (Omweso's set-up), its message opening with ``refused`` (what was
        asked, the position at ``{}``); the set-up's marker in the notation
        is its phase field, so no other position pays for more than a
        substring test."""
        if " phase=setup" not in self._pos.notation():
            return
        rule = self.arrangement_rule()
        if rule is None:  # pragma: no cover - the notation writes the phase only in the set-up
            return
        error = NotEnumerableError(
            f"{refused.format(self.notation())}: a set-up move is an arrangement of "
            f"{rule.side}'s {rule.seeds} seeds over its 16 pits, one of {rule.arrangements:,}; "
            "Position.arrangement_rule() says what a move is, and any such arrangement can be played")
        error.rule = rule
        raise error

    def next_decision(self, partial: str | Move | Sequence[str] = "", timeout: float | None = None) -> Decision:
        """The next decision after a partial decision list (step-wise play).

        Raises :class:`IllegalMoveError` if the partial list is not a prefix
        of a legal move.

        In Omweso's set-up the first decision is the whole arrangement, one
        of C(47, 15): its options are not listed, so with an empty
        ``partial`` it raises :class:`NotEnumerableError` (its ``rule`` as
        :meth:`arrangement_rule`), as :meth:`legal_moves` does. Why not the
        core's sample of two as the options: a step-wise client would offer
        them as the only choices. An arrangement as ``partial`` is the whole
        move (the decision comes back complete).
        """
        text = _move_text(partial)
        if not text.strip("-"):
            self._not_listed()
        r = self._pos.next_decision(text, check_timeout(timeout))
        if r[0] == "decide":
            return Decision(complete=False, role=r[1], actor=r[2], options=tuple(r[3]))
        return Decision(complete=True, result=Position(r[1]), captured=r[2], laps=r[3])

    def play(self, move: str | Move | Sequence[str], timeout: float | None = None) -> PlayResult:
        """Play a complete move, or raise :class:`IllegalMoveError` saying why.

        ``timeout`` (seconds) bounds the whole call, the move and the
        status of its result, in one budget held by the core; past it the
        call raises :class:`EngineTimeoutError`. The trace holds at most
        :data:`MAX_TRACE_EVENTS` events (``trace_truncated`` says whether
        more were left out), so a result's size is bounded.
        """
        pos, captured, laps, trace, cut, (state, winner, reason) = self._pos.play(_move_text(move),
                                                                                 check_timeout(timeout))
        status = Status(state, winner, reason)  # type: ignore[arg-type]
        return PlayResult(Position(pos), status, captured, laps, json.loads(trace), cut)

    def is_legal(self, move: str | Move | Sequence[str], timeout: float | None = None) -> bool:
        """Whether ``move`` is a complete legal move here."""
        from igisoro.errors import IllegalMoveError

        try:
            self._pos.play(_move_text(move), check_timeout(timeout))
        except (IllegalMoveError, InvalidNotationError):
            return False
        return True

    def canonical(self, move: str | Move | Sequence[str], timeout: float | None = None) -> Move:
        """The canonical notation of the legal move ``move`` plays."""
        return Move.from_notation(self._pos.canonical(_move_text(move), check_timeout(timeout)))

    def status(self, timeout: float | None = None) -> Status:
        """Ongoing, or the winner and the reason."""
        state, winner, reason = self._pos.status(check_timeout(timeout))
        return Status(state, winner, reason)  # type: ignore[arg-type]

    def random_move(self, seed: int, timeout: float | None = None) -> Position | None:
        """The result of one uniformly random legal move (seeded), or None."""
        if not _is_int(seed) or not 0 <= seed < 2**64:
            raise InvalidLimitError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
        r = self._pos.random_move(seed, check_timeout(timeout))
        return None if r is None else Position(r)

    # -- search -----------------------------------------------------------

    def analyse(
        self,
        depth: int | None = None,
        nodes: int | None = None,
        time_ms: int | None = None,
        multipv: int = 1,
        timeout: float | None = None,
    ) -> Analysis:
        """Search under limits (at least one of depth, nodes, time_ms; see
        :mod:`igisoro.analysis` for the maxima and for ``timeout``, an outside
        deadline that cuts the search short). Releases the GIL.

        A move comes back whenever the game is not over, whatever the limits;
        only a ``timeout`` that passes before any move is settled raises
        :class:`EngineTimeoutError`.

        With ``time_ms``, a fifth of it goes to the solver first: a forced
        win or loss it proves, confirmed by its independent check, is the
        answer (``stopped_by`` ``"solved"``, the proof's move and line, a
        win probability of 1 or 0) in place of a seed score. Depth- and
        node-limited analyses do not use it and stay deterministic."""
        found = self._pos.analyse(limits(depth, nodes, time_ms, multipv), timeout=check_timeout(timeout))
        return self._with_move(Analysis._from(found), timeout)

    def analyse_iter(
        self,
        depth: int | None = None,
        nodes: int | None = None,
        time_ms: int | None = None,
        multipv: int = 1,
        timeout: float | None = None,
    ) -> Iterator[Analysis]:
        """:meth:`analyse` as it deepens: the analysis of each completed depth
        as the search reaches it (``stopped_by`` ``"depth"``), then the final
        answer, the same as :meth:`analyse` gives for these limits. The
        search runs on a background thread and waits while the consumer
        handles each one; stopping early (``close()``, ``break``) cancels it
        at once. :func:`igisoro.stream.analysis_stream` also says which one
        is final.

        >>> [a.depth for a in Position.start("igisoro").analyse_iter(depth=3)]
        [1, 2, 3, 3]
        """
        return (a for a, _final in analysis_stream(self, depth, nodes, time_ms, multipv, timeout))

    def evaluate_arrangement(
        self,
        arrangement: Move | str,
        depth: int | None = None,
        nodes: int | None = None,
        time_ms: int | None = None,
        timeout: float | None = None,
    ) -> ArrangementEvaluation:
        """Score an Omweso set-up move and the standard arrangements alike,
        in this set-up position (see :class:`ArrangementEvaluation`): South's
        against North's standard replies, North's against South's actual
        arrangement, each by a shallow search of the sowing phase under the
        limits (as :meth:`analyse`'s; ``timeout`` cuts the work short, the
        given arrangement is always scored). Raises
        :class:`ArrangementError` for a move that is not a valid
        arrangement here (``code`` ``not_setup_phase`` in the sowing phase,
        ``bad_notation`` in another game). Releases the GIL.
        """
        found = self._pos.compare_arrangement(_move_text(arrangement),
                                              limits(depth, nodes, time_ms, 1), timeout=check_timeout(timeout))
        return ArrangementEvaluation._from(found)

    def best_move(self, level: int = 10, time_ms: int = 1000, seed: int = 0, timeout: float | None = None) -> Analysis:
        """The move a player of strength ``level`` (1 beginner .. 10 full
        strength) chooses with ``time_ms`` per move; randomness is seeded.
        ``timeout`` as in :meth:`analyse`."""
        lv = _check_int("level", level)
        ms = _check_int("time_ms", time_ms)
        if not _is_int(seed) or not 0 <= seed < 2**64:  # the core's u64
            raise InvalidLimitError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
        found = self._pos.best_move(lv, ms, seed, timeout=check_timeout(timeout))
        return self._with_move(Analysis._from(found), timeout)

    def win_probability(self, score: Score) -> float:
        """The side to move's chance to win given a ``score`` of this position
        (the side to move's view), from the engine's model: 1.0 and 0.0 for
        a proven win and loss, an estimate within 0.001..0.999 otherwise
        (see :attr:`Analysis.win_probability`, which is this for its score).

        >>> p = Position.start("igisoro")
        >>> p.win_probability(Score("seeds", value=0.0))
        0.5
        >>> p.win_probability(Score("win", turns=3))
        1.0
        """
        if not isinstance(score, Score):
            raise TypeError(f"win_probability takes an igisoro.Score, not {score!r}")
        # Checked here: the core would read an unknown type or a NaN as an
        # even score, and a negative turn count is PyO3's nameless OverflowError.
        t, v, n = score.type, score.value, score.turns
        if t == "seeds":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                raise ValueError(f"a seeds score needs a finite value, not {v!r}")
        elif t in ("win", "loss"):
            if not _is_int(n) or not 0 <= n < 2**32:  # type: ignore[operator]
                raise ValueError(f"a {t} score needs turns from 0 to 2**32-1, not {n!r}")
        else:
            raise ValueError(f"a score's type is seeds, win or loss, not {t!r}")
        return self._pos.win_probability((t, v, n))

    def solve(self, nodes: int | None = None, time_ms: int | None = None, timeout: float | None = None,
              max_table_mb: int | None = None) -> Solution:
        """Prove a win or a loss for the side to move, with a line that shows
        it, or answer ``unknown`` (see :mod:`igisoro.solution`). ``nodes`` and
        ``time_ms`` are the solver's budget (at least one; the maxima of
        :data:`igisoro.analysis.ENGINE_MAXIMA`), ``timeout`` an outside
        deadline as in :meth:`analyse`. The solver's table is sized to the
        budget (about 4,000 slots of 24 bytes a millisecond, 8 a node) within
        ``max_table_mb`` megabytes (default 2048, at most 65536). Releases
        the GIL.

        >>> Position.from_notation("isolo 2,2,2,2/2,2,2,2 s").solve(time_ms=2000).outcome
        'win'

        In Omweso's set-up it raises :class:`NotEnumerableError` (``rule``
        as :meth:`arrangement_rule`): a proof must answer every move of the
        side to move, and there the moves are C(47, 15) arrangements that
        nothing lists; the core's sample of two would make a "proof" over
        two of them (``docs/OMWESO.md``, "Solving from the set-up"). Solve
        a position after both arrangements instead.
        """
        self._not_listed("{} cannot be solved: a proof needs every move, and its moves are not listed")
        found = self._pos.solve(_int_or_none("nodes", nodes), _int_or_none("time_ms", time_ms),
                                timeout=check_timeout(timeout),
                                max_table_mb=_int_or_none("max_table_mb", max_table_mb))
        return Solution._from(found)

    def _with_move(self, a: Analysis, timeout: float | None) -> Analysis:
        """``a``, unless the outside ``timeout`` left it without a move in a
        game that is not over: ``best_move is None`` must mean game over."""
        if a.best_move is None and a.stopped_by == "deadline":
            raise EngineTimeoutError(
                f"the timeout of {timeout} s passed before any move of {self.notation()!r} was settled"
            )
        return a

    # -- dunder -----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._pos == other._pos

    def __hash__(self) -> int:
        return hash(self._pos)

    def __repr__(self) -> str:
        return f"Position.from_notation({self.notation()!r})"

    def __str__(self) -> str:
        return self.notation()
