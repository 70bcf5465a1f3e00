"""Analyses known before: a store the batch pipeline (:mod:`igisoro.batch`,
so analysis jobs, ``/v1/analysis/batch`` and ``/v1/games/review``) reads
before searching and fills after.

The library defines only what it needs from a store (:class:`Known`); the
HTTP service's cache of analyses (``igisoro_service.analysis_cache``, the
"cloud evaluation" of issue 32) is one, shared by every API worker and job
worker that points at it.

Two kinds of entry:

- a position's analysis (the JSON :meth:`Analysis.to_json` writes), asked
  for with the limits of a request: the store answers only when what it
  holds meets them (its rule, documented by the store);
- a reviewed ply (the JSON of one ply of a review): the position before the
  move, the move in canonical notation and the review's depth name it.
  A review's ply depends on nothing else (``rust_core/src/review.rs``
  searches the position before the move and the one after it, and judges
  the move from those two alone), so a ply reviewed in one game is the same
  ply in every game that reaches it: games that share their openings share
  those plies' searches.

:func:`review_known` reviews games with such a store, in one core call
(``rust_core/src/known.rs``) that holds the one deadline and writes the
review's JSON: the core walks the moves, asks the store for each ply, reviews
the others each as a one-move game in one parallel run, and assembles the
review the one :func:`igisoro.review` writes (the suite checks the two
equal, field for field, on random games); this module keeps what was
searched. Only depth-limited reviews read the store (a node or time limit
stops inside an iteration, and so is not a depth's answer); a game with a
move the walk refuses (illegal, or not a move at all) is reviewed whole as
before, so its error is the core's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol
from collections.abc import Sequence

from igisoro import _igisoro
from igisoro.analysis import Analysis, check_timeout
from igisoro.errors import IgisoroError
from igisoro.position import Position
from igisoro.review import Review, _checked, _reviewed, review_many


class Known(Protocol):
    """What :mod:`igisoro.batch` needs from a store of earlier analyses."""

    def answer(self, position: Position, limits: dict[str, Any]) -> dict[str, Any] | None:
        """A stored analysis of ``position`` (its JSON, with ``"cached":
        true``) that meets ``limits`` (``{"depth", "nodes", "time_ms",
        "multipv"}``), or None."""

    def keep(self, position: Position, multipv: int, analysis: Analysis,
             json_form: dict[str, Any] | None = None) -> None:
        """Store ``analysis`` of ``position`` (the store decides whether it is
        worth keeping). ``json_form``: its ``to_json(multipv)`` when the
        caller has it already (a batch's line), so it is not made twice."""

    def ply(self, before: Position, canonical: str, depth: int) -> dict[str, Any] | None:
        """The stored review of the move ``canonical`` from ``before`` at ``depth``, or None."""

    def keep_ply(self, before: Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
        """Store a reviewed ply (complete: its searches were not cut short)."""


def keep_review(known: Known, r: Review) -> None:
    """Keep a review's completed searches: each ply's best move at the
    review's depth, the reply one turn shallower."""
    before = r.start
    for p in r.plies:
        if p.best is not None:
            known.keep(before, 1, p.best)
        if p.reply is not None:
            known.keep(p.position_after, 1, p.reply)
        before = p.position_after


@dataclass(frozen=True)
class Reviewed:
    """What :func:`review_known` gives for one game."""

    #: The review's JSON (as :meth:`Review.to_json`), or the error that
    #: left the game without one (the deadline passed before its moves were
    #: all checked).
    review: dict[str, Any] | IgisoroError
    #: Plies answered by the store, without a search.
    cached_plies: int = 0
    #: Searches the deadline cut short (``partial`` analyses), as the
    #: service's metrics count them.
    cut_searches: int = 0


def _cut(r: Review | IgisoroError) -> int:
    return 0 if isinstance(r, IgisoroError) else sum(a.partial for a in r.analyses)


def review_known(games: Sequence[tuple[Position, Sequence[str]]], known: Known | None, *,
                 depth: int | None = None, nodes: int | None = None, time_ms: int | None = None,
                 timeout: float | None = None, threads: int | None = None) -> list[Reviewed]:
    """Review ``games`` as :func:`igisoro.review_many` does, reading and
    filling ``known`` (module docs); in input order."""
    if known is None or depth is None or nodes is not None or time_ms is not None:
        whole = review_many(games, depth=depth, nodes=nodes, time_ms=time_ms, timeout=timeout, threads=threads)
        if known is not None:
            for r in whole:
                if isinstance(r, Review):
                    keep_review(known, r)
        return [Reviewed(r if isinstance(r, IgisoroError) else r.to_json(), cut_searches=_cut(r)) for r in whole]

    lim, sent = _checked(games, depth, None, None, threads)

    def stored(before: _igisoro.Pos, canonical: str) -> dict[str, Any] | None:
        return known.ply(Position(before), canonical, depth)

    found, fresh = _igisoro.review_known([(p._pos, s) for (p, _), (s, _) in zip(games, sent, strict=True)],
                                         lim, stored, check_timeout(timeout), threads)
    for before, one in fresh:  # each ply not known, reviewed now as a one-move game
        r = _reviewed(Position(before), one, {})
        keep_review(known, r)
        if len(r.plies) == 1 and not r.partial and r.illegal is None:  # one move judged whole
            known.keep_ply(r.start, r.plies[0].canonical, depth, r.plies[0].to_json())
    out: list[Reviewed] = []
    for (start, _), (_, refused), g in zip(games, sent, found, strict=True):
        match g:
            case ("assembled", str(text), int(cached), int(cut)):
                out.append(Reviewed(json.loads(text), cached_plies=cached, cut_searches=cut))
            case (_, IgisoroError() as e):  # reviewed whole: no review
                out.append(Reviewed(e))
            case (_, walk_refused):  # reviewed whole: a move the walk refused
                game = _reviewed(start, walk_refused, refused)
                keep_review(known, game)
                out.append(Reviewed(game.to_json(), cut_searches=_cut(game)))
    return out
