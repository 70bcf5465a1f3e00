"""Analysis jobs' throughput against in-process analysis, side by side.

Starts Redis, gunicorn and Celery workers on loopback (as tests/jobs does)
and times, on the same 10,000 positions (seeded random play from every
variant's start) at depth 4, in one run:

- in-process ``igisoro.analyse_many`` on 1 thread and on every core;
- a job through the API with 1 worker process and with 2 (each worker one
  engine thread: ``RAYON_NUM_THREADS=1``, so workers are the unit of scale),
  timed from sending the request to the ``finished`` time the job's record
  gives (the last line stored), polled every 0.5 s as a client would;
- ``igisoro analyse`` in local mode (every core);
- time from submission to the first result line.

    .venv/bin/python bench/jobs.py --positions 10000 --depth 4 | tee bench/data/jobs.txt

Figures go to docs/benchmarks/jobs.md.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, UTC
from pathlib import Path

from igisoro_testing.client import call
from igisoro_testing.positions import random_positions as positions
from igisoro_testing.servers import Backend, kill_group, start_redis, stop


def in_process(items: list[str], depth: int, threads: int) -> float:
    """Seconds for analyse_many in a fresh process with ``threads`` engine threads."""
    code = ("import sys, json, time, igisoro; ps = [igisoro.Position.from_notation(p) for p in json.load(sys.stdin)]; "
            f"t = time.perf_counter(); igisoro.analyse_many(ps, depth={depth}); print(time.perf_counter() - t)")
    run = subprocess.run([sys.executable, "-c", code], input=json.dumps(items), capture_output=True, text=True,
                         env={**os.environ, "RAYON_NUM_THREADS": str(threads)}, check=True)
    return float(run.stdout)


def job(backend: Backend, items: list[str], depth: int, workers: int, chunk: int,
        pool: str | None = None) -> tuple[float, float]:
    """(seconds from submission to done, seconds to the first result line)."""
    procs = [backend.worker(f"b{i}", extra={"RAYON_NUM_THREADS": "1"}, pool=pool) for i in range(workers)]
    time.sleep(3)  # workers connected
    api, server = backend.api({"IGISORO_JOB_CHUNK_POSITIONS": str(chunk)})
    try:
        t0, wall0 = time.perf_counter(), time.time()
        status, _, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": items, "depth": depth})
        assert status == 202, body
        job_id = json.loads(body)["id"]
        first = None
        while True:
            state = json.loads(call(server, "GET", f"/v1/jobs/{job_id}")[2])
            if first is None and state["done"]:
                first = time.perf_counter() - t0
            if state["state"] in ("done", "failed", "cancelled"):
                break
            # Fine polling until the first line (its latency is measured),
            # then as a client would: polling must not cost the workers CPU.
            time.sleep(0.01 if first is None else 0.5)
        assert state["state"] == "done" and state["done"] == len(items), state
        # From sending the request to the moment the job's record says the
        # last line was stored (same machine, same clock): no polling error.
        total = _seconds(state["finished"]) - wall0
        return total, first or total
    finally:
        stop(api)
        for p in procs:
            kill_group(p)


def _seconds(iso: str) -> float:
    """Seconds since the epoch of the API's ``2026-11-25T10:58:40.338Z``."""
    return datetime.strptime(iso, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC).timestamp()


def cli(items: list[str], depth: int, tmp: Path) -> float:
    """Seconds for ``igisoro analyse`` in local mode (every core)."""
    src, out = tmp / "cli-in.txt", tmp / "cli-out.jsonl"
    src.write_text("\n".join(items) + "\n")
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "igisoro", "analyse", str(src), "-o", str(out), "--depth", str(depth),
                    "--quiet", "--force"], check=True)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=10_000)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--chunk", type=int, default=256, help="JOB_CHUNK_POSITIONS for the job runs")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds (the machine is shared and noisy)")
    args = ap.parse_args()
    items = positions(args.positions, seed=2026)
    tmp = Path(tempfile.mkdtemp(prefix="igisoro-bench-jobs-"))
    redis_proc, port = start_redis(tmp)
    import redis

    rows: dict[str, list[float]] = {}
    try:
        for r in range(args.rounds):
            redis.Redis(port=port).flushall()
            backend = Backend("redis", {"IGISORO_JOB_BROKER_URL": f"redis://127.0.0.1:{port}/0",
                                        "IGISORO_JOB_STORE_URL": f"redis://127.0.0.1:{port}/1"}, tmp)
            rows.setdefault("in-process analyse_many, 1 thread", []).append(in_process(items, args.depth, 1))
            rows.setdefault("in-process analyse_many, 2 threads", []).append(in_process(items, args.depth, 2))
            one, first1 = job(backend, items, args.depth, 1, args.chunk)
            rows.setdefault("job, 1 worker (1 thread)", []).append(one)
            rows.setdefault("first result line, 1 worker", []).append(first1)
            two, first2 = job(backend, items, args.depth, 2, args.chunk)
            rows.setdefault("job, 2 workers (1 thread each)", []).append(two)
            rows.setdefault("igisoro analyse, local (2 threads)", []).append(cli(items, args.depth, tmp))
            print(f"round {r + 1}: " + ", ".join(f"{k}: {v[-1]:.2f} s" for k, v in rows.items()), flush=True)
    finally:
        redis_proc.terminate()
    best = {k: min(v) for k, v in rows.items()}
    print(f"\n{args.positions} positions, depth {args.depth}, chunk {args.chunk}, best of {args.rounds} rounds "
          f"(cores: {os.cpu_count()}), Redis broker and store")
    for k, v in best.items():
        print(f"  {k:40s} {v:7.2f} s   {args.positions / v:8.0f} positions/s")
    one, two = best["job, 1 worker (1 thread)"], best["job, 2 workers (1 thread each)"]
    base1, base2 = best["in-process analyse_many, 1 thread"], best["in-process analyse_many, 2 threads"]
    print(f"  job overhead, 1 worker vs 1 thread:      {one / base1 - 1:+.1%}")
    print(f"  2 workers vs 1 worker:                   {one / two:.2f}x")
    print(f"  CLI local vs in-process (2 threads):     {best['igisoro analyse, local (2 threads)'] / base2 - 1:+.1%}")


if __name__ == "__main__":
    main()
