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

:func:`review_known` reviews games with such a store: the plies it knows
are taken from it, the others are reviewed each as a one-move game, all in
one parallel core call under the one deadline, and kept. The review it
assembles is the one :func:`igisoro.review` writes (the suite checks the two
equal, field for field, on random games). Only depth-limited reviews read
the store (a node or time limit stops inside an iteration, and so is not a
depth's answer); a game with a move the walk refuses (illegal, or not a
move at all) is reviewed whole as before, so its error is the core's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol
from collections.abc import Sequence

from igisoro.analysis import Analysis
from igisoro.errors import IgisoroError
from igisoro.position import Position
from igisoro.review import THRESHOLDS, Review, review_many


class Known(Protocol):
    """What :mod:`igisoro.batch` needs from a store of earlier analyses."""

    def answer(self, position: Position, limits: dict[str, Any]) -> dict[str, Any] | None:
        """A stored analysis of ``position`` (its JSON, with ``"cached":
        true``) that meets ``limits`` (``{"depth", "nodes", "time_ms",
        "multipv"}``), or None."""

    def keep(self, position: Position, multipv: int, analysis: Analysis) -> None:
        """Store ``analysis`` of ``position`` (the store decides whether it is worth keeping)."""

    def ply(self, before: Position, canonical: str, depth: int) -> dict[str, Any] | None:
        """The stored review of the move ``canonical`` from ``before`` at ``depth``, or None."""

    def keep_ply(self, before: Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
        """Store a reviewed ply (complete: its searches were not cut short)."""


@dataclass(frozen=True)
class _Ply:
    """One move of a game as the walk found it."""

    before: Position
    move: str
    canonical: str
    captured: int
    after: Position


def _walk(start: Position, moves: Sequence[str], deadline: float | None) -> list[_Ply] | None:
    """Every move of the game, or None when one is refused or the deadline
    passes first (the game is then reviewed whole, so that its error is the
    core's own)."""
    plies: list[_Ply] = []
    pos = start
    for m in [None, *moves]:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return None
        if m is None:
            continue
        try:
            canonical = str(pos.canonical(m, left))
            played = pos.play(m, left)
        except (IgisoroError, TypeError, ValueError):
            return None
        plies.append(_Ply(pos, m, canonical, played.captured, played.position))
        pos = played.position
    return plies


def _unsearched(n: int, p: _Ply) -> dict[str, Any]:
    """A ply the deadline left unsearched, as the core writes one."""
    return {"ply": n, "side": p.before.to_move, "move": p.move, "canonical": p.canonical,
            "captured": p.captured, "position_after": p.after.notation(), "evaluation": None,
            "best_move": None, "best_pv": [], "played_score": None, "loss": None, "label": None,
            "win_probability": None, "best_win_probability": None, "played_win_probability": None,
            "win_probability_drop": None}


def _assembled(start: Position, plies: list[_Ply], found: list[dict[str, Any]], partial: bool) -> dict[str, Any]:
    """A review's JSON from its plies' (as :meth:`Review.to_json` writes it)."""
    final = plies[-1].after if plies else start
    return {
        "start": start.notation(),
        "plies": found,
        "illegal": None,
        "final": {"position": final.notation(), "status": final.status().to_json()},
        "summary": {name: sum(p["label"] == name for p in found) for name, _ in reversed(THRESHOLDS)},
        "partial": partial,
    }


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

    deadline = None if timeout is None else time.monotonic() + timeout
    walked = [_walk(start, moves, deadline) for start, moves in games]
    found: list[list[dict[str, Any] | None]] = [
        [] if w is None else [known.ply(p.before, p.canonical, depth) for p in w] for w in walked]
    hits = [sum(f is not None for f in plies) for plies in found]
    # One core call for everything not known: whole games the walk refused,
    # and each unknown ply as a one-move game, once however many games of
    # the call reach it (games that share an opening).
    asked: list[tuple[Position, Sequence[str]]] = []
    whole_at: dict[int, int] = {}  # game -> its index in asked
    ply_at: dict[tuple[str, str], int] = {}  # (position before, canonical move) -> index in asked
    for g, (w, (start, moves)) in enumerate(zip(walked, games, strict=True)):
        if w is None:
            whole_at[g] = len(asked)
            asked.append((start, moves))
            continue
        for i, p in enumerate(w):
            key = (p.before.notation(), p.canonical)
            if found[g][i] is None and key not in ply_at:
                ply_at[key] = len(asked)
                asked.append((p.before, [p.move]))
    left = None if deadline is None else max(0.0, deadline - time.monotonic())
    answered = review_many(asked, depth=depth, timeout=left, threads=threads) if asked else []

    # Each answer once: what it cut, and what it leaves in the store.
    for (before, _), r in zip(asked, answered, strict=True):
        if isinstance(r, Review):
            keep_review(known, r)
            if len(r.plies) == 1 and not r.partial and r.illegal is None:  # one move judged whole
                judged = r.plies[0]
                known.keep_ply(before, judged.canonical, depth, judged.to_json())

    out: list[Reviewed] = []
    for g, (w, (start, _)) in enumerate(zip(walked, games, strict=True)):
        if w is None:
            r = answered[whole_at[g]]
            out.append(Reviewed(r if isinstance(r, IgisoroError) else r.to_json(), cut_searches=_cut(r)))
            continue
        plies: list[dict[str, Any]] = []
        partial = cut = 0
        for i, p in enumerate(w):
            ply = found[g][i]
            if ply is None:
                r = answered[ply_at[(p.before.notation(), p.canonical)]]
                cut += _cut(r)
                if isinstance(r, IgisoroError):  # begun after the deadline
                    ply, partial = _unsearched(i + 1, p), True
                else:
                    ply, partial = r.to_json()["plies"][0], partial or r.partial
            # The game's own numbering and spelling of its moves.
            plies.append({**ply, "ply": i + 1, "move": p.move})
        out.append(Reviewed(_assembled(start, w, plies, bool(partial)), cached_plies=hits[g], cut_searches=cut))
    return out
