"""In-process WSGI timing of the HTTP paths (no server, no wrk): median microseconds per request.

Run from a checkout's root: `PYTHONPATH=. .venv/bin/python bench/http_inproc.py <label>`.
Used beside `http_load.py` to compare two trees with less noise than a loaded server
(see docs/benchmarks/http-load.md); alternate the trees and compare the medians.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from igisoro_service import create_app

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
START_JSON = {"variant": "igisoro", "pits": [[0] * 8, [4] * 8, [4] * 8, [0] * 8], "to_move": "south", "opening_plies": 4}


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else "run"
    c = create_app({"TESTING": True}).test_client()
    cases: list[tuple[str, Callable[[], Any], int]] = [
        ("health", lambda: c.get("/v1/health/live"), 2000),
        ("legal-moves", lambda: c.post("/v1/legal-moves", json={"position": START}), 2000),
        ("best-move d4", lambda: c.post("/v1/best-move", json={"position": START, "depth": 4}), 300),
        ("evaluate d4 from JSON", lambda: c.post("/v1/evaluate", json={"position": START_JSON, "depth": 4}), 300),
    ]
    for name, call, n in cases:
        for _ in range(50):  # warm-up, and every answer must be a success
            if call().status_code != 200:
                raise SystemExit(f"{name}: not a 200")
        per = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(n):
                call()
            per.append((time.perf_counter() - t) / n * 1e6)
        print(f"{label:6} {name:22} {statistics.median(per):8.1f} us (rounds {min(per):.1f}-{max(per):.1f})", flush=True)


if __name__ == "__main__":
    main()
