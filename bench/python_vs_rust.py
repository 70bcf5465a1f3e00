"""Speed-up of the Rust engine over the plain Python reference (the oracle
in tests/support/igisoro_testing/reference/igisoro_ref.py) on the same work, measured in one run:
enumerating every complete legal move of a fixed set of positions per
variant. Both sides are timed through Python on identical positions, and
the result counts are checked equal, so the work is the same. The engine
column counts moves in the core (`perft(1)`, no Python objects built); the
API column is `Position.legal_moves()`, which also builds a Python object per
move and result, for transparency.

Run: .venv/bin/python bench/python_vs_rust.py [--positions 200]
"""

from __future__ import annotations

import argparse
import time

import igisoro
from walk import random_walk

from igisoro_testing.reference import igisoro_ref

VARIANTS = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2"]


def position_set(variant: str, n: int) -> list[igisoro.Position]:
    """`n` positions reached by seeded random play (10..60 plies), skipping
    any whose turn graph is too large for the slow reference to finish."""
    out: list[igisoro.Position] = []
    seed = 0
    while len(out) < n:
        p = random_walk(igisoro.Position.start(variant), seed, 10 + seed % 50, timeout=5)
        seed += 1
        try:
            igisoro_ref.results(p.to_json(), max_nodes=20_000)
        except igisoro_ref.TooManyNodes:
            continue
        out.append(p)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=200)
    args = ap.parse_args()
    print(
        f"{'variant':<18} {'positions':>9} {'moves':>8} {'python s':>9} {'engine s':>9} "
        f"{'speed-up':>9} {'API s':>8} {'speed-up':>9}"
    )
    for v in VARIANTS:
        positions = position_set(v, args.positions)
        js = [p.to_json() for p in positions]
        t = time.perf_counter()
        n_py = igisoro_ref.enumerate_all(js)
        t_py = time.perf_counter() - t
        # Repeat the fast side so its time is well above timer resolution.
        reps = 20
        raw = [p._pos for p in positions]
        t = time.perf_counter()
        for _ in range(reps):
            n_rs = sum(r.perft(1)[0][0] for r in raw)
        t_rs = (time.perf_counter() - t) / reps
        t = time.perf_counter()
        for _ in range(reps):
            n_api = sum(len(p.legal_moves()) for p in positions)
        t_api = (time.perf_counter() - t) / reps
        assert n_py == n_rs == n_api, (v, n_py, n_rs, n_api)
        print(
            f"{v:<18} {len(positions):>9} {n_rs:>8} {t_py:>9.3f} {t_rs:>9.4f} "
            f"{t_py / t_rs:>8.0f}x {t_api:>8.4f} {t_py / t_api:>8.0f}x"
        )


if __name__ == "__main__":
    main()
