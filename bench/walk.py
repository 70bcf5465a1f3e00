"""The seeded random walk the Python benchmarks use to reach test positions.

One definition so that every script's positions are reproducible the same
way: game ``game`` plays up to ``plies`` moves from ``start``, move ``k``
chosen by ``Position.random_move(game * 1000 + k)`` (uniform among the legal
options at every decision point, seeded)."""

from __future__ import annotations

import igisoro


def random_walk(
    start: igisoro.Position, game: int, plies: int, timeout: float | None = None, stop_before_end: bool = False
) -> igisoro.Position:
    """The position after the walk. It stops early when the side to move has
    no move; with ``stop_before_end`` it also stops short of a position
    whose game is over (so the result is always a position to analyse)."""
    p = start
    for k in range(plies):
        q = p.random_move(game * 1000 + k, timeout=timeout)
        if q is None or (stop_before_end and q.status().state != "ongoing"):
            break
        p = q
    return p
