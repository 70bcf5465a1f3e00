"""Perft of the Omweso oracle, to check the engine's perft data
(``rust_core/tests/data/{omweso,mweso}.perft``) against an independent
implementation.

Counts as ``explore::perft`` does: per depth, the move sequences (one move
per distinct result) and the distinct positions reached. The start is the
standard one of docs/OMWESO.md (both sides arranged 2 in every pit).

``PYTHONPATH=tests/support python3 -m igisoro_testing.reference.omweso_perft omweso 3``
"""

from __future__ import annotations

import json
import sys

from . import omweso_ref as ref


def standard_start(variant: str) -> dict:
    p = ref.start_position(variant)
    for side in ("south", "north"):
        p = ref.play(p, {"side": side, "rows": [[2] * 8, [2] * 8]})
    return p


def perft(position: dict, depth: int) -> list[tuple[int, int]]:
    out = []
    layer = {ref.position_key(position): (position, 1)}
    for _ in range(depth):
        nxt: dict = {}
        seqs = 0
        for pos, mult in layer.values():
            for res in ref.result_positions(pos):
                seqs += mult
                k = ref.position_key(res)
                old = nxt.get(k)
                nxt[k] = (res, mult + (old[1] if old else 0))
        out.append((seqs, len(nxt)))
        layer = nxt
    return out


if __name__ == "__main__":
    variant, depth = sys.argv[1], int(sys.argv[2])
    for d, (s, n) in enumerate(perft(standard_start(variant), depth), 1):
        print(json.dumps({"variant": variant, "depth": d, "moves": s, "distinct": n}), flush=True)
