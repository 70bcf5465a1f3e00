"""The cache of analyses, measured (issue 32): hand-run, never a test.

Starts the shipped topology on loopback (gunicorn with its config, nginx in
front; ``igisoro_testing.servers.start_topology``) with an empty cache, then:

1. latency of ``POST /v1/evaluate`` at depth 6: the first request of each
   of 50 positions (searched) against the same requests again (answered from
   the cache), one keep-alive client, through gunicorn and through nginx:
   p50 and p99 in milliseconds;
2. replaying games that share their openings: 200 games of ``--plies``
   plies from 10 openings (seeded random play; each game follows one of the
   openings for its first 8 plies), every position of every game evaluated
   at depth 5 in order: the share answered from the cache and the engine
   time saved (the stored ``time_ms`` of each hit, summed, against the
   search time of the misses);
3. memory per entry: the SQLite file's size over its entries, and the
   in-process map's bytes per entry (``tracemalloc`` around loading them).

Usage: ``.venv/bin/python bench/cloud_eval.py [--plies 40]``; prints
Markdown tables (docs/benchmarks/cloud-eval.md).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import statistics
import time
import tracemalloc
from pathlib import Path

import igisoro
from igisoro_testing.servers import start_topology, stop


def post(conn: http.client.HTTPConnection, body: dict) -> tuple[float, dict]:
    t = time.perf_counter()
    conn.request("POST", "/v1/evaluate", json.dumps(body), {"Content-Type": "application/json"})
    r = conn.getresponse()
    data = json.loads(r.read())
    assert r.status == 200, data
    return (time.perf_counter() - t) * 1000, data


def quantile(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def positions(n: int, seed: int) -> list[igisoro.Position]:
    """``n`` distinct positions of seeded random play."""
    rng = random.Random(seed)
    out: list[igisoro.Position] = []
    while len(out) < n:
        p = igisoro.Position.start("igisoro")
        for _ in range(rng.randint(2, 12)):
            q = p.random_move(rng.randrange(2**32))
            if q is None:
                break
            p = q
        if p.status().state == "ongoing" and p not in out:
            out.append(p)
    return out


def games(count: int, plies: int, seed: int) -> list[list[igisoro.Position]]:
    rng = random.Random(seed)
    openings = []
    for _ in range(10):
        p, line = igisoro.Position.start("igisoro"), []
        for _ in range(8):
            p = p.random_move(rng.randrange(2**32)) or p
            line.append(p)
        openings.append(line)
    out = []
    for _ in range(count):
        line = list(rng.choice(openings))
        p = line[-1]
        while len(line) < plies and p.status().state == "ongoing":
            p = p.random_move(rng.randrange(2**32)) or p
            line.append(p)
        out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--plies", type=int, default=40)
    args = ap.parse_args()
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="igisoro-cloud-eval-"))
    procs, gport, nport = start_topology(tmp)
    try:
        print("| via | searched p50 ms | searched p99 ms | cached p50 ms | cached p99 ms | requests |")
        print("|---|---:|---:|---:|---:|---:|")
        both = positions(100, 1)
        for via, port, ps in (("gunicorn", gport, both[:50]), ("nginx", nport, both[50:])):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            searched, cached = [], []
            for p in ps:
                ms, d = post(conn, {"position": p.notation(), "depth": 6})
                assert not d["cached"]
                searched.append(ms)
            for _ in range(20):
                for p in ps:
                    ms, d = post(conn, {"position": p.notation(), "depth": 6})
                    assert d["cached"]
                    cached.append(ms)
            print(f"| {via} | {statistics.median(searched):.1f} | {quantile(searched, 0.99):.1f} | "
                  f"{statistics.median(cached):.2f} | {quantile(cached, 0.99):.2f} | {len(searched)} + {len(cached)} |")

        conn = http.client.HTTPConnection("127.0.0.1", gport, timeout=60)
        hits = misses = 0
        saved = spent = 0.0
        t = time.perf_counter()
        for line in games(200, args.plies, 3):
            for p in line:
                if p.status().state != "ongoing":
                    continue
                _, d = post(conn, {"position": p.notation(), "depth": 5})
                if d["cached"]:
                    hits += 1
                    saved += d["time_ms"]
                else:
                    misses += 1
                    spent += d["time_ms"]
        wall = time.perf_counter() - t
        print()
        print("| positions evaluated | from the cache | engine time of the misses (s) | engine time the hits saved (s) | wall (s) |")
        print("|---:|---:|---:|---:|---:|")
        print(f"| {hits + misses} | {hits} ({100 * hits / (hits + misses):.1f}%) | {spent / 1000:.1f} | "
              f"{saved / 1000:.1f} | {wall:.1f} |")

        found = list(tmp.rglob("analysis-cache.sqlite3"))
        db = found[0]
        rows = sqlite3.connect(db).execute("SELECT body FROM analyses").fetchall()
        size = sum(f.stat().st_size for f in db.parent.glob("analysis-cache.sqlite3*"))
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        kept = [json.loads(r[0]) for r in rows]
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print()
        print("| entries | SQLite bytes per entry (file and WAL) | JSON body bytes per entry | in-memory bytes per entry |")
        print("|---:|---:|---:|---:|")
        print(f"| {len(rows)} | {size / len(rows):.0f} | {statistics.mean(len(r[0]) for r in rows):.0f} | "
              f"{(after - before) / len(kept):.0f} |")
    finally:
        for proc in procs:
            stop(proc)


if __name__ == "__main__":
    main()
