"""A fixed legal-move-list workload for callgrind: the Python API's
``legal_moves`` and ``legal_moves_json`` (both under a timeout, as the
service calls them) on the 4x8 variants' starts, 20 seeded random positions
and 5,000 moves of a crowded one, five times over. Counted with only the
legal-move functions collected, so Python's start-up does not drown them
(docs/benchmarks/instruction-counts.md):

    valgrind --tool=callgrind --toggle-collect='*legal_moves*' .venv/bin/python bench/legal_moves_callgrind.py

Prints the number of moves listed (the same before and after a change that
must not alter the lists)."""

from __future__ import annotations

import igisoro
from igisoro_testing.positions import SLOW

positions = [igisoro.Position.start(v.name) for v in igisoro.variants() if v.board == "4x8"]
for seed in range(20):
    p = igisoro.Position.start("igisoro")
    for k in range(6):
        if p.status().state != "ongoing":
            break
        p = p.random_move(seed * 10 + k)
    positions.append(p)
slow = igisoro.Position.from_notation(SLOW)
for _ in range(5):
    for p in positions:
        p.legal_moves_json(None, timeout=10)
        p.legal_moves(None, timeout=10)
slow.legal_moves_json(5000, timeout=10)
slow.legal_moves(5000, timeout=10)
print(sum(p.legal_moves_json(None).count for p in positions))
