"""Deterministic answers (issue 30): identical analyses with depth or node
limits give identical answers, field for field apart from ``time_ms``, in one
process and across processes, whatever the engine did before. (The engine
once remembered endless relay chains from one call in the next, so a turn cut
at the search's lap cap in one call could be settled in the next and
``truncated_turns`` changed.) About 10 s."""

from __future__ import annotations

import json
import subprocess
import sys

import igisoro
from igisoro import Position

#: The 4x8 position with the most complete moves we know: its tree at depth
#: 3 cuts dozens of relay chains at the lap cap.
SLOW = "igisoro 8,7,1,0,3,2,0,1/3,0,3,0,0,1,0,5/2,1,8,3,3,0,1,3/3,1,3,1,0,1,0,0 n"
CASES = [(SLOW, {"depth": 3}), (SLOW, {"nodes": 30_000}),
         *((v.start, {"depth": 4}) for v in igisoro.variants())]

PROGRAM = """
import json, sys
from igisoro import Position
cases = json.loads(sys.argv[1])
print(json.dumps([Position.from_notation(n).analyse(**limits).to_json() for n, limits in cases]))
"""


def timeless(a: dict) -> dict:
    return {k: v for k, v in a.items() if k != "time_ms"}


def answers() -> list[dict]:
    return [timeless(Position.from_notation(n).analyse(**limits).to_json()) for n, limits in CASES]


def test_the_same_analyses_twice_and_in_another_process_are_the_same() -> None:
    first = answers()
    assert first[0]["truncated_turns"] > 0, "the case must cut turns"
    # Other heavy work in between (its own giant chains), then the same again.
    Position.from_notation(SLOW).legal_moves(limit=5000)
    Position.from_notation(SLOW).analyse(depth=2)
    assert answers() == first
    out = subprocess.run([sys.executable, "-c", PROGRAM, json.dumps(CASES)], capture_output=True, text=True,
                         check=True, timeout=120)
    assert [timeless(a) for a in json.loads(out.stdout)] == first
