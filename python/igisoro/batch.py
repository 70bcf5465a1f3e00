"""Many items analysed at once, written as result lines: the work of an
analysis job (``POST /v1/jobs``) and of ``igisoro analyse``.

An item is a position (its notation text or its JSON object) or a game
(``{"position": start, "moves": [move, ...]}``, moves as text or token
lists). Each item gives one result line: ``{"index": i, ...}`` with the
object ``/v1/evaluate`` (positions) or ``/v1/games/review`` (games)
returns, or ``{"index": i, "error": <problem object>}``. A bad item is an
error line, never a failed batch, so a million-position job is not lost to
one typo.

>>> import igisoro
>>> from igisoro.batch import Limits, analyse_items
>>> start = igisoro.Position.start("igisoro").notation()
>>> lines = analyse_items("positions", [start, "igisoro zz"], Limits(depth=2))
>>> [(ln["index"], "error" in ln) for ln in lines]
[(0, False), (1, True)]
>>> lines[0]["limits"]
{'depth': 2, 'nodes': None, 'time_ms': None, 'multipv': 1}
>>> game = analyse_items("games", [{"position": start, "moves": ["b2", "a3"]}], Limits(depth=2))[0]
>>> [p["canonical"] for p in game["plies"]], game["illegal"]
(['b2', 'a3'], None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal
from collections.abc import Sequence

from igisoro import _igisoro
from igisoro.analysis import Analysis, analyse_many
from igisoro.defaults import DEFAULT_REVIEW_DEPTH, DEFAULT_SEARCH_DEPTH, MAX_REVIEW_PLIES
from igisoro.errors import IgisoroError
from igisoro.known import Known, review_known
from igisoro.problems import item_problem, problem
from igisoro.position import Position

#: What a batch holds: positions to evaluate, or games to review.
Kind = Literal["positions", "games"]
KINDS: tuple[Kind, ...] = ("positions", "games")

#: Depth used when no limit is given: as ``/v1/evaluate`` and
#: ``/v1/games/review`` do by default (:mod:`igisoro.defaults`).
DEFAULT_DEPTH: dict[Kind, int] = {"positions": DEFAULT_SEARCH_DEPTH, "games": DEFAULT_REVIEW_DEPTH}

#: Most plies of one game (as ``/v1/games/review``'s default cap).
MAX_PLIES = MAX_REVIEW_PLIES


@dataclass(frozen=True)
class Limits:
    """Search limits for every item (per position, or per ply of a game).

    With none of ``depth``, ``nodes``, ``time_ms`` set, :meth:`used` fills
    in the kind's default depth. The engine checks the values (an
    :class:`igisoro.InvalidLimitError` names a bad one).
    """

    depth: int | None = None
    nodes: int | None = None
    time_ms: int | None = None
    multipv: int = 1

    def used(self, kind: Kind) -> Limits:
        """These limits with the default depth filled in; games search one line."""
        depth = self.depth
        if depth is None and self.nodes is None and self.time_ms is None:
            depth = DEFAULT_DEPTH[kind]
        return Limits(depth, self.nodes, self.time_ms, 1 if kind == "games" else self.multipv)

    def to_json(self) -> dict[str, Any]:
        """``{"depth", "nodes", "time_ms", "multipv"}`` as result lines state them."""
        return {"depth": self.depth, "nodes": self.nodes, "time_ms": self.time_ms, "multipv": self.multipv}


@dataclass(frozen=True)
class Unreadable:
    """An item that could not even be read (a line of an upload that is not
    JSON); it becomes an error line at its index."""

    detail: str


def read_position(value: Any, field: str = "position", max_length: int | None = None) -> Position | dict[str, Any]:
    """A position from its notation or JSON object (:meth:`Position.read`),
    else a problem object. ``max_length``: the longest notation read (the
    HTTP service's ``MAX_NOTATION_LENGTH``); None, any.

    The checks before the engine's are the item's envelope, as the HTTP
    service's schema checks a request's ``position`` (a non-empty string or
    an object, no longer than the limit), so a bad item's problem is the one
    a single request would get."""
    if isinstance(value, str) and max_length is not None and len(value) > max_length:
        return item_problem("validation-error", "Request validation failed",
                            f"Longer than the limit of {max_length} characters.", field)
    if not (isinstance(value, str) and value) and not isinstance(value, dict):
        return item_problem("validation-error", "Request validation failed",
                            "Must be a position JSON object or a non-empty text notation string.", field)
    try:
        return Position.read(value)
    except IgisoroError as e:
        return problem(e, field)


def _unreadable(item: Unreadable) -> dict[str, Any]:
    return item_problem("malformed-json", "Malformed JSON", item.detail, "item", status=400)


def _read_game(item: Any, max_plies: int, max_length: int | None = None) -> tuple[Position, list[str]] | dict[str, Any]:
    """``(start, moves)`` of a game item, else a problem object naming the field."""
    if isinstance(item, Unreadable):
        return _unreadable(item)
    if not isinstance(item, dict) or set(item) - {"position", "moves"} or "moves" not in item:
        return item_problem("validation-error", "Request validation failed",
                            'A game is an object {"position": ..., "moves": [...]} and nothing else.', "game")
    moves = item["moves"]
    ok = isinstance(moves, list) and all(
        (isinstance(m, str) and m) or (isinstance(m, list) and m and all(isinstance(t, str) and t for t in m))
        for m in moves)
    if not ok:
        return item_problem("validation-error", "Request validation failed",
                            "Must be a list of moves, each notation text or a list of tokens.", "moves")
    if len(moves) > max_plies:
        return item_problem("validation-error", "Request validation failed",
                            f"A game has at most {max_plies} moves, not {len(moves)}.", "moves")
    start = read_position(item.get("position"), max_length=max_length)
    if isinstance(start, dict):
        return start
    return start, [m if isinstance(m, str) else "-".join(m) for m in moves]


def analyse_items(kind: Kind, items: Sequence[Any], limits: Limits, *, first_index: int = 0,
                  threads: int | None = None, max_plies: int = MAX_PLIES,
                  max_notation_length: int | None = None, item_field: str = "position",
                  timeout: float | None = None, known: Known | None = None) -> list[dict[str, Any]]:
    """One result line per item, in order, indexed from ``first_index``.

    Positions go to the engine in one :func:`igisoro.analyse_many` call
    and games in one :func:`igisoro.review_many` call (games on ``threads``
    threads, default one per core; both the GIL released). Limits apply per
    position or per ply.
    ``timeout`` (seconds) bounds each position's search and each game's
    review from the call's start, one deadline for the whole batch, held by
    the core (no deadline arithmetic here): what it
    cuts short says ``partial``, and a game whose moves are not all checked
    by then (one begun after it, say) is an ``engine-timeout`` error line,
    without extra time.
    ``max_notation_length``: longer position notations are error lines
    (the HTTP service's ``MAX_NOTATION_LENGTH``); None, no limit.
    ``item_field``: the key of a bad position's problem in its ``errors``
    (with the JSON path of the bad part appended), ``{index}`` replaced by
    the item's index: ``position`` in result lines, ``positions[{index}]``
    for the HTTP batch, whose items are keyed by their path in the request.
    ``known``: a store of earlier analyses (:mod:`igisoro.known`): a
    position it answers is not searched (its line says ``"cached": true``),
    a game's plies it knows are not searched again (the line's
    ``cached_plies`` counts them), and what is searched is kept in it.
    """
    used = limits.used(kind)
    stated = {"limits": used.to_json(), "engine_version": _igisoro.__version__}
    if kind == "positions":
        read = [_unreadable(x) if isinstance(x, Unreadable)
                else read_position(x, item_field.format(index=i), max_notation_length)
                for i, x in enumerate(items, start=first_index)]
        asked = used.to_json()
        cached = {i: known.answer(p, asked) if known is not None else None
                  for i, p in enumerate(read) if isinstance(p, Position)}
        valid = [p for i, p in enumerate(read) if isinstance(p, Position) and cached[i] is None]
        found = iter(analyse_many(valid, used.depth, used.nodes, used.time_ms, used.multipv, timeout) if valid else [])
        out: list[dict[str, Any]] = []
        for i, p in enumerate(read):
            if isinstance(p, dict):
                out.append({"index": i + first_index, "error": p})
                continue
            line = {"index": i + first_index, "position": p.notation(), "to_move": p.to_move}
            hit = cached[i]
            if hit is not None:
                line.update({k: v for k, v in hit.items() if k not in ("position", "to_move", "limits",
                                                                       "engine_version")})
            else:
                a = next(found)
                assert isinstance(a, Analysis)  # analyse_many yields analyses
                found_json = a.to_json(used.multipv)  # once, for the line and the store alike
                line.update(found_json)
                if known is not None:
                    line["cached"] = False
                    known.keep(p, used.multipv, a, found_json)
            out.append({**line, **stated})
        return out
    if kind != "games":
        raise ValueError(f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")

    read_games = [_read_game(item, max_plies, max_notation_length) for item in items]
    games = [g for g in read_games if not isinstance(g, dict)]
    reviewed = iter(review_known(games, known, depth=used.depth, nodes=used.nodes, time_ms=used.time_ms,
                                 timeout=timeout, threads=threads) if games else [])
    lines: list[dict[str, Any]] = []
    for i, g in enumerate(read_games, start=first_index):
        if isinstance(g, dict):
            lines.append({"index": i, "error": g})
            continue
        r = next(reviewed)
        if isinstance(r.review, IgisoroError):  # the timeout ran out while replaying the moves
            lines.append({"index": i, "error": problem(r.review, "moves")})
        else:
            extra = {"cached_plies": r.cached_plies} if known is not None else {}
            lines.append({"index": i, **r.review, **extra, **stated})
    return lines
