"""A puzzle's first rating, before anyone has tried it: harder when its
proof is bigger, when more moves look better than the winning one to a
shallow search, and when it is longer. Attempts then move it by Glicko-2
(the service's :mod:`igisoro_service.puzzles.ratings`)."""

from __future__ import annotations

import math

from igisoro.position import Position

#: The depth of the "shallow search" whose preferences make a move tempting.
SHALLOW_DEPTH = 2
#: Most lines the shallow search ranks (the engine's multipv maximum).
SHALLOW_LINES = 16


def tempting_moves(position: Position, winning: str) -> int:
    """How many moves a depth-2 search ranks above ``winning`` (each of them
    loses, since ``winning`` is the only winning move); all it lists when
    ``winning`` is not among its best 16."""
    lines = position.analyse(depth=SHALLOW_DEPTH, multipv=SHALLOW_LINES).lines
    for i, line in enumerate(lines):
        if line.move == winning:
            return i
    return len(lines)


def first_rating(proof_nodes: int, tempting: int, turns: int) -> float:
    """The starting rating, 600..2600: 900, plus 60 a doubling of the proof's
    size, 120 a tempting move and 150 a turn past the first. The weights are
    a first guess on Glicko's scale; players' attempts correct them."""
    r = 900 + 60 * math.log2(1 + max(0, proof_nodes)) + 120 * tempting + 150 * (turns - 1)
    return float(round(min(2600.0, max(600.0, r))))
