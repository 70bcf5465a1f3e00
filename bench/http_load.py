"""HTTP load benchmark (issue 4): wrk against gunicorn on loopback, in one run.

Hand-run, never part of the test suite. Needs ``wrk`` (Debian package) and
the project's ``.venv`` (``./scripts/bootstrap.sh``). Starts the service with
the shipped ``gunicorn.conf.py``, then measures, each for ``--seconds``:

1. throughput and p50/p99 latency of a trivial endpoint (``GET
   /v1/health/live``: Flask, no engine call), ``POST /v1/legal-moves`` (start
   position) and ``POST /v1/best-move`` (fixed depth), side by side;
2. responsiveness: ``GET /v1/health`` latency while two clients keep long
   searches running (depth 20, cut by the request deadline);
3. batch: positions per second through ``/v1/analysis/batch`` against the
   same positions sent one per request (``/v1/evaluate``), same depth, with
   the number of searches the request deadline cut short (should be 0).

Usage: ``.venv/bin/python bench/http_load.py [--seconds 10] [--workers 2] [--parts 1,2,3]``.
Prints a Markdown table per part.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(port: int, path: str, body: object, timeout: float = 60) -> dict:
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def wrk(url: str, seconds: int, connections: int, body: object | None, tmp: Path) -> dict[str, float]:
    """Run wrk; requests/s, p50 and p99 in ms, and non-2xx count."""
    cmd = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "30s"]
    if body is not None:
        script = tmp / f"post{abs(hash(json.dumps(body)))}.lua"
        script.write_text('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                          f"wrk.body = {json.dumps(json.dumps(body))}\n")
        cmd += ["-s", str(script)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout

    def ms(label: str) -> float:
        m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        if not m:
            raise RuntimeError(f"no {label} in wrk output:\n{out}")
        v, unit = float(m.group(1)), m.group(2)
        return v / 1000 if unit == "us" else v * 1000 if unit == "s" else v

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": rps, "p50": ms("50%"), "p99": ms("99%"), "non2xx": float(bad.group(1)) if bad else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds of the throughput rows")
    ap.add_argument("--parts", default="1,2,3", help="which parts to run, e.g. 1 for throughput only")
    ap.add_argument("--engine-timeout", type=float, default=3.0,
                    help="the server's IGISORO_ENGINE_TIMEOUT: how long each long search of part 2 runs")
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk not found: apt-get install wrk")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(args.workers),
           "GUNICORN_ACCESS_LOG": "", "LOG_LEVEL": "warning", "IGISORO_ENGINE_TIMEOUT": str(args.engine_timeout)}
    tmp = Path(tempfile.mkdtemp(prefix="igisoro-bench-"))
    server = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py", "igisoro_service:create_app()"],
                              cwd=ROOT, env=env)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/v1/health/live", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        print(f"gunicorn: {args.workers} workers x 4 threads; wrk: 2 threads, {args.connections} connections, "
              f"{args.seconds} s per row; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n")

        parts = {int(x) for x in args.parts.split(",")}
        if 1 in parts:
            throughput(base, args, tmp)
        if 2 in parts:
            health_under_load(port, base, args, tmp)
        if 3 in parts:
            batch_vs_single(port, args)
    finally:
        server.terminate()
        server.wait(30)
        shutil.rmtree(tmp, ignore_errors=True)


def throughput(base: str, args: argparse.Namespace, tmp: Path) -> None:
    """Part 1: the trivial endpoint, legal moves and best move, side by side.

    Searches get as many connections as the workers have search slots
    (MAX_CONCURRENT_SEARCHES, 2 each): more would be answered 503 overloaded
    by design. Each row runs once to warm up, then ``--rounds`` times in
    alternation: the machine is shared and noisy, so medians of side-by-side
    rounds are reported.
    """
    search_conns = 2
    rows = [
        ("GET /v1/health/live (trivial)", base + "/v1/health/live", None, args.connections),
        ("POST /v1/legal-moves (start)", base + "/v1/legal-moves", {"position": START}, args.connections),
        ("POST /v1/best-move (depth 4)", base + "/v1/best-move", {"position": START, "depth": 4}, search_conns),
    ]
    for _, url, body, conns in rows:
        wrk(url, 1, conns, body, tmp)
    runs: dict[str, list[dict[str, float]]] = {name: [] for name, *_ in rows}
    for _ in range(args.rounds):
        for name, url, body, conns in rows:
            runs[name].append(wrk(url, args.seconds, conns, body, tmp))
    trivial_name = rows[0][0]
    print("Each row: the median of the rounds (requests/s, p50, p99); `vs trivial` is the median of the\n"
          "per-round ratios to the trivial endpoint's rate in the same round, with their range.\n")
    print("| endpoint | connections | requests/s | p50 ms | p99 ms | non-2xx | vs trivial (range) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, _, _, conns in rows:
        rs = runs[name]
        ratios = sorted(100 * r["rps"] / t["rps"] for r, t in zip(rs, runs[trivial_name]))

        def med(key: str) -> float:
            return statistics.median(r[key] for r in rs)

        print(f"| {name} | {conns} | {med('rps'):,.0f} | {med('p50'):.2f} | {med('p99'):.2f} | "
              f"{sum(r['non2xx'] for r in rs):.0f} | {statistics.median(ratios):.0f}% "
              f"({ratios[0]:.0f}-{ratios[-1]:.0f}%) |")


def health_under_load(port: int, base: str, args: argparse.Namespace, tmp: Path) -> None:
    """Part 2: ``GET /v1/health`` idle and while two long searches run."""
    stop = threading.Event()
    searches = [0]

    def long_searches() -> None:
        while not stop.is_set():
            post(port, "/v1/evaluate", {"position": START, "depth": 20})
            searches[0] += 1

    idle = wrk(base + "/v1/health", args.seconds, 1, None, tmp)
    load = [threading.Thread(target=long_searches, daemon=True) for _ in range(2)]
    for t in load:
        t.start()
    time.sleep(0.5)
    busy = wrk(base + "/v1/health", args.seconds, 1, None, tmp)
    stop.set()
    for t in load:
        t.join(60)
    print(f"\n`GET /v1/health` (1 connection), idle and while 2 clients run long searches "
          f"({searches[0]} searches of {args.engine_timeout:g} s each, cut by the deadline):\n")
    print("| server | requests/s | p50 ms | p99 ms |")
    print("|---|---:|---:|---:|")
    for name, r in (("idle", idle), ("2 long searches", busy)):
        print(f"| {name} | {r['rps']:,.0f} | {r['p50']:.2f} | {r['p99']:.2f} |")


def batch_vs_single(port: int, args: argparse.Namespace) -> None:
    """Part 3: positions per second through ``/v1/analysis/batch`` against one per request."""
    # 3. Batch against one request per position: 64 positions 4..19
    # plies into seeded random igisoro games, the same depth both ways.
    import igisoro
    from walk import random_walk

    positions = []
    for game in range(64):
        p = random_walk(igisoro.Position.from_notation(START), game, 4 + game % 16, stop_before_end=True)
        positions.append(p.notation())
    depth = 3
    partial = {"batch": 0, "single": 0}
    t = time.perf_counter()
    reps = 0
    while time.perf_counter() - t < args.seconds:
        out = post(port, "/v1/analysis/batch", {"positions": positions, "depth": depth})
        partial["batch"] += sum(r.get("partial", False) for r in out["results"])
        reps += 1
    batch_rate = reps * len(positions) / (time.perf_counter() - t)
    t = time.perf_counter()
    done = 0
    while time.perf_counter() - t < args.seconds or done % len(positions):
        out = post(port, "/v1/evaluate", {"position": positions[done % len(positions)], "depth": depth})
        partial["single"] += out["partial"]
        done += 1
    single_rate = done / (time.perf_counter() - t)
    print(f"\n{len(positions)} positions at depth {depth}, one client:\n")
    print("| how | positions/s | searches cut by the deadline |")
    print("|---|---:|---:|")
    print(f"| `/v1/analysis/batch`, {len(positions)} per request | {batch_rate:,.1f} | {partial['batch']} |")
    print(f"| `/v1/evaluate`, one per request | {single_rate:,.1f} | {partial['single']} |")
    print(f"\nbatch / single: {batch_rate / single_rate:.2f}x")


if __name__ == "__main__":
    main()
