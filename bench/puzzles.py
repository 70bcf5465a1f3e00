"""The puzzle trainer, measured (issue 33): hand-run, never a test.

``GET /v1/puzzles/next`` latency with 100,000 puzzles stored, on SQLite (the
embedded default) and on PostgreSQL (a throwaway server from Debian's
package, as the tests start it), each through gunicorn with the shipped
config (2 workers x 4 threads) on loopback, one keep-alive client:

- ``anonymous``: ``?variant=V&rating=R`` with a new anonymous solver id per
  request (since issue 40 an id the server did not sign is anonymous: no
  solver lookup, the two index range reads);
- ``seen``: ``?variant=V&solver=S`` for a solver with 500 rated attempts
  already stored (the "not yet seen" filter at work);
- ``theme``: ``?variant=V&theme=T&rating=R``, ``T`` a theme of about one
  puzzle in five (``clockwise``), the filter the index does not cover.

The 100,000 rows are copies of the real puzzles of the starter set with
distinct ids and ratings spread over 600..2600 (the store does not prove
anything again, and the query depends on the rows' number and ratings, not
on the boards). Usage:
``.venv/bin/python bench/puzzles.py [--puzzles 100000] [--requests 2000]``;
prints a Markdown table (docs/benchmarks/puzzles.md).

``--stats DIR`` instead prints the generation table from the runs' counts
(``VARIANT.stats.json``: :meth:`igisoro.puzzles.Stats.to_json` of a run,
``bench/data/puzzles/``).
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import http.client
import json
import random
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

from igisoro_service.puzzles import solvers
from igisoro_service.puzzles.starter import read_starter
from igisoro_service.puzzles.store import PuzzleStore
from igisoro_testing.servers import start_gunicorn, start_postgres, stop, stop_postgres

VARIANTS = ("igisoro", "ikibuguzo-1", "ikibuguzo-2", "isolo")


def fill(store: PuzzleStore, n: int, seed: int) -> str:
    """``n`` rows copied from the starter set, ids and ratings new; a solver
    with 500 rated attempts, whose id (signed with the database's key, as
    the server issues them) is returned."""
    real = [p for p in read_starter() if p.variant in VARIANTS]
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        p = real[i % len(real)]
        pid = hashlib.sha256(f"bench-{i}".encode()).hexdigest()[:12]
        rows.append(dataclasses.replace(p, id=pid, variant=VARIANTS[i % len(VARIANTS)],
                                        rating=float(rng.randint(600, 2600))))
    for i in range(0, n, 5000):
        store.add(rows[i:i + 5000])
    key = store.secret(solvers.KEY_NAME).encode()
    seen = solvers.issue(key)
    for p in rows[:2000:4]:
        store.attempt(p.id, str(solvers.trusted(key, seen)), rng.random() < 0.5)
    # As an operator would after a bulk load (PostgreSQL's autovacuum does it
    # by itself soon after; without it the planner guessed badly: p99 18 ms
    # against 4 ms in-process at 20,000 puzzles).
    with store.engine.begin() as conn:
        conn.execute(text("ANALYZE"))
    return seen


def quantile(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def measure(port: int, paths: list[str]) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    out = []
    for k, path in enumerate(paths):
        t = time.perf_counter()
        conn.request("GET", path)
        r = conn.getresponse()
        body = r.read()
        assert r.status == 200, (path, body[:300])
        if k >= 100:  # the first 100 warm the workers and their connections
            out.append((time.perf_counter() - t) * 1000)
    conn.close()
    return out


def workloads(n: int, seed: int, seen: str) -> dict[str, list[str]]:
    rng = random.Random(seed)

    def v() -> str:
        return rng.choice(VARIANTS)

    return {
        "anonymous": [f"/v1/puzzles/next?variant={v()}&rating={rng.randint(800, 2200)}&solver=bench-{k:08d}"
                      for k in range(n + 100)],
        "seen": [f"/v1/puzzles/next?variant={v()}&solver={seen}" for _ in range(n + 100)],
        "theme": [f"/v1/puzzles/next?variant={v()}&theme=clockwise&rating={rng.randint(800, 2200)}"
                  for _ in range(n + 100)],
    }


def generation_table(folder: Path) -> None:
    """The generation runs' counts as a Markdown table."""
    print("| run | games | positions looked at | proven wins | puzzles | share of positions | CPU s "
          "| puzzles per core-hour | not puzzles, by reason |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for f in sorted(folder.glob("*.stats.json")):
        d = json.loads(f.read_text())
        reasons = ", ".join(f"{k} {v:,}" for k, v in d["reasons"].items())
        print(f"| {f.name.removesuffix('.stats.json')} | {d['games']:,} | {d['candidates']:,} | {d['won']:,} "
              f"| {d['puzzles']:,} | {100 * d['share']:.2f}% | {d['cpu_seconds']:,.0f} "
              f"| {d['puzzles_per_core_hour']:,.0f} | {reasons} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--puzzles", type=int, default=100_000)
    ap.add_argument("--requests", type=int, default=2000)
    ap.add_argument("--stats", type=Path, help="print the generation table of the runs in this folder instead")
    args = ap.parse_args()
    if args.stats:
        generation_table(args.stats)
        return
    print("| database | workload | requests | p50 ms | p99 ms | max ms |")
    print("|---|---|---:|---:|---:|---:|")
    pg_proc, pg_url, pg_dir = start_postgres()
    try:
        with tempfile.TemporaryDirectory(prefix="igisoro-bench-puzzles-") as tmp:
            for name, url in (("SQLite", f"sqlite:///{tmp}/puzzles.sqlite3"), ("PostgreSQL", pg_url)):
                t = time.monotonic()
                store = PuzzleStore(url)
                seen = fill(store, args.puzzles, 1)
                stored = store.count()
                store.close()
                print(f"<!-- {name}: {stored} puzzles stored in {time.monotonic() - t:.0f} s -->", flush=True)
                run = Path(tmp) / name
                run.mkdir()
                proc, server = start_gunicorn(run, {"IGISORO_DATABASE_URL": url, "IGISORO_PUZZLE_STARTER": "false",
                                                    "IGISORO_JOB_LOCAL_WORKER": "0"})
                try:
                    for work, paths in workloads(args.requests, 2, seen).items():
                        ms = measure(server.port, paths)
                        print(f"| {name} | {work} | {len(ms)} | {quantile(ms, 0.5):.2f} | {quantile(ms, 0.99):.2f} "
                              f"| {max(ms):.2f} |", flush=True)
                finally:
                    stop(proc)
    finally:
        stop_postgres(pg_proc, pg_dir)


if __name__ == "__main__":
    main()
