"""Checks the engine's Omweso move lists against the oracle, from a dump the
engine wrote (``rust_core/tests/omweso_properties.rs``, ``dump_for_oracle``):
each line is a position and the results of all its legal moves, in the JSON
form. A differential test that needs no Python binding.

``PYTHONPATH=tests/support python3 -m igisoro_testing.reference.omweso_diff <dump> [max_nodes]``
(a position whose turn graph passes ``max_nodes`` in the oracle is skipped
and counted: the oracle has no fast proof of endless chains).
"""

from __future__ import annotations

import json
import sys
import time

from . import omweso_ref as ref


def main(path: str, max_nodes: int = 2_000_000) -> int:
    checked = skipped = 0
    turns: dict[str, int] = {}
    start = time.time()
    with open(path) as f:
        for n, line in enumerate(f, 1):
            item = json.loads(line)
            pos = item["position"]
            engine = {ref.position_key(r) for r in item["results"]}
            if len(engine) != len(item["results"]):
                raise SystemExit(f"line {n}: the engine listed a result twice")
            try:
                oracle = ref.results(pos, max_nodes=max_nodes)
            except ref.TooManyNodes:
                skipped += 1
                continue
            if engine != oracle:
                print(f"line {n}: MISMATCH for {json.dumps(pos)}")
                for k in sorted(engine - oracle):
                    print("  engine only:", k)
                for k in sorted(oracle - engine):
                    print("  oracle only:", k)
                return 1
            checked += 1
            turns[pos["variant"]] = turns.get(pos["variant"], 0) + len(engine)
    print(json.dumps({"positions": checked, "skipped_over_budget": skipped, "turns": turns,
                      "seconds": round(time.time() - start, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], *(int(a) for a in sys.argv[2:3])))
