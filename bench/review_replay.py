"""Reviews replayed with the cache of analyses (issue 32): hand-run, never a test.

``--reviews`` games (default 1,000) of ``--plies`` plies (seeded random play;
each game follows one of 10 openings of 8 plies, then goes its own way) are
reviewed through gunicorn (``POST /v1/games/review`` at ``--depth``, the
shipped config, one keep-alive client), three times:

1. ``off``: a server with the cache off: every ply searched (the baseline);
2. ``cold``: a server with an empty cache: the plies of the shared openings
   are searched once and then taken from the cache (``cached_plies``);
   game by game alternating with ``off``, so that both see the same load;
3. ``replay``: the same reviews again on that server: every ply from the cache.

Prints one Markdown table (``docs/benchmarks/cloud-eval.md``): plies, plies
from the cache, wall time, and the time saved against ``off``, measured
side by side in one run.

Usage: ``.venv/bin/python bench/review_replay.py [--reviews 1000] [--plies 16] [--depth 4]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import tempfile
import time
from pathlib import Path

import igisoro
from igisoro_testing.servers import start_gunicorn, stop


def games(count: int, plies: int, seed: int) -> list[list[str]]:
    """Move lists from the ``igisoro`` start: 10 openings of 8 plies, then each game its own way."""
    rng = random.Random(seed)

    def extend(p: igisoro.Position, moves: list[str], upto: int) -> list[str]:
        moves = list(moves)
        while len(moves) < upto and p.status().state == "ongoing":
            legal = list(p.legal_moves(limit=200))
            m = rng.choice(legal)
            moves.append(str(m.move))
            p = m.result
        return moves

    start = igisoro.Position.start("igisoro")
    openings = [extend(start, [], 8) for _ in range(10)]
    out = []
    for _ in range(count):
        opening = rng.choice(openings)
        p = start
        for m in opening:
            p = p.play(m).position
        out.append(extend(p, opening, plies))
    return out


def review(conn: http.client.HTTPConnection, start: str, moves: list[str], depth: int) -> tuple[int, int, float]:
    """(plies, plies from the cache, wall seconds) of one review."""
    body = json.dumps({"position": start, "moves": moves, "depth": depth})
    t = time.perf_counter()
    try:
        conn.request("POST", "/v1/games/review", body, {"Content-Type": "application/json"})
        r = conn.getresponse()
    except (ConnectionError, http.client.HTTPException):
        # gunicorn closes a keep-alive connection now and then (a worker's
        # max_requests): once more on a new one.
        conn.close()
        t = time.perf_counter()
        conn.request("POST", "/v1/games/review", body, {"Content-Type": "application/json"})
        r = conn.getresponse()
    d = json.loads(r.read())
    assert r.status == 200 and not d["partial"], d
    return len(d["plies"]), d["cached_plies"], time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reviews", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=16)
    ap.add_argument("--depth", type=int, default=4)
    args = ap.parse_args()
    start = igisoro.Position.start("igisoro").notation()
    all_moves = games(args.reviews, args.plies, 7)
    procs, conns = [], {}
    for name, env in (("off", {"IGISORO_CACHE_URL": "off"}), ("on", {})):
        tmp = Path(tempfile.mkdtemp(prefix=f"igisoro-review-replay-{name}-"))
        proc, server = start_gunicorn(tmp, {"IGISORO_JOB_LOCAL_WORKER": "0", **env})
        procs.append(proc)
        conns[name] = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    totals = {k: [0, 0, 0.0] for k in ("off", "cold", "replay")}
    try:
        # The baseline and the cold cache game by game, side by side (the
        # machine's load changes over minutes); then the replay.
        for passes in ((("off", "off"), ("cold", "on")), (("replay", "on"),)):
            for moves in all_moves:
                for row, server_name in passes:
                    plies, cached, wall = review(conns[server_name], start, moves, args.depth)
                    totals[row][0] += plies
                    totals[row][1] += cached
                    totals[row][2] += wall
    finally:
        for proc in procs:
            stop(proc)
    base = totals["off"][2]
    print(f"{args.reviews} reviews of {args.plies} plies at depth {args.depth}, 10 shared openings of 8 plies")
    print()
    print("| pass | plies | from the cache | wall (s) | time saved against `off` |")
    print("|---|---:|---:|---:|---:|")
    for name, label in (("off", "cache off (every ply searched)"), ("cold", "empty cache"),
                        ("replay", "the same reviews again")):
        plies, cached, wall = totals[name]
        print(f"| {label} | {plies:,} | {cached:,} ({100 * cached / plies:.1f}%) | {wall:.1f} | "
              f"{100 * (1 - wall / base):.1f}% |")


if __name__ == "__main__":
    main()
