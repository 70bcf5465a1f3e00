"""Batch analysis scaling: ``igisoro.analyse_many`` on N fixed positions with
a rayon pool of 1 thread and of 2 threads, against analysing the same
positions one by one from Python (``Position.analyse`` in a loop), and one
by one from 2 Python threads (``analyse`` releases the GIL).

The rayon pool size is read once per process from ``RAYON_NUM_THREADS``, so
each setting runs in its own subprocess (this script re-runs itself with
``--worker``); every worker searches the same positions with the same
limits, checks that its results equal the first worker's, and reports the
best and mean wall time over ``--rounds`` rounds after one warm-up round,
CPU seconds per wall second (the parallelism actually achieved) and how many
of its threads did work (over 0.1 s of CPU). Linux shares CPU between
sessions (autogroup scheduling): while other sessions keep the cores busy, a
process gets its session's share whatever its thread count, and the last
column shows it.

Positions: seeded random play from every variant's start (``random_move``
with seed ``g * 1000 + k``; game ``g`` stops after 10 + g % 30 plies), keeping
games still on whose depth-``--depth`` search takes under ``--max-ms`` and
truncates no turn in a screening run (so that one giant turn does not turn
the batch into a single-position benchmark); the counts are printed.

Run: .venv/bin/python bench/batch_scaling.py [--positions 60] [--depth 4] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import igisoro
from walk import random_walk

VARIANTS = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2"]


def choose(n: int, depth: int, max_ms: float) -> tuple[list[str], int]:
    """``n`` notations (spread over the variants) and how many were screened out."""
    per = -(-n // len(VARIANTS))
    out: list[str] = []
    dropped = 0
    for v in VARIANTS:
        kept, g = 0, 0
        while kept < per and len(out) < n:
            p = random_walk(igisoro.Position.start(v), g, 10 + g % 30, timeout=2)
            g += 1
            if p.status().state != "ongoing":
                continue
            t = time.perf_counter()
            a = p.analyse(depth=depth, time_ms=int(10 * max_ms))
            if (time.perf_counter() - t) * 1e3 > max_ms or a.truncated_turns or a.depth < depth:
                dropped += 1
                continue
            out.append(p.notation())
            kept += 1
    return out, dropped


def summary(results: list[igisoro.Analysis | igisoro.IgisoroError]) -> list[str]:
    """What must not depend on the thread count: best move and score."""
    return [str(r) if isinstance(r, igisoro.IgisoroError) else f"{r.best_move} {r.score} {r.depth}" for r in results]


def busy_threads() -> int:
    """Threads of this process that used over 0.1 s of CPU (Linux; 0 elsewhere)."""
    n = 0
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return 0
    for t in tasks:
        try:
            with open(f"/proc/self/task/{t}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # utime + stime, fields 14 and 15 of stat (11 and 12 after the name).
        if (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") > 0.1:
            n += 1
    return n


def worker(mode: str, path: str, depth: int, rounds: int) -> None:
    with open(path) as f:
        positions = [igisoro.Position.from_notation(line) for line in f.read().splitlines() if line]

    def run() -> list[igisoro.Analysis | igisoro.IgisoroError]:
        if mode == "many":
            return igisoro.analyse_many(positions, depth=depth)
        if mode == "loop":
            return [p.analyse(depth=depth) for p in positions]
        return list(pool.map(lambda p: p.analyse(depth=depth), positions))

    pool = ThreadPoolExecutor(max_workers=2)  # kept, so its threads' CPU time can be read

    first = run()  # warm-up (page faults, allocator)
    times = []
    cpu = time.process_time()
    for _ in range(rounds):
        t = time.perf_counter()
        r = run()
        times.append(time.perf_counter() - t)
        assert summary(r) == summary(first)
    # CPU seconds (all threads) per wall second: the parallelism achieved.
    busy = (time.process_time() - cpu) / sum(times)
    print(json.dumps({"best": min(times), "mean": sum(times) / len(times), "busy": busy,
                      "threads": busy_threads(), "summary": summary(first)}))
    pool.shutdown()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--max-ms", type=float, default=200.0)
    ap.add_argument("--worker", choices=["many", "loop", "threads"])
    ap.add_argument("--file")
    args = ap.parse_args()
    if args.worker:
        assert args.file is not None
        worker(args.worker, args.file, args.depth, args.rounds)
        return
    positions, dropped = choose(args.positions, args.depth, args.max_ms)
    print(
        f"{len(positions)} positions ({len(positions) // len(VARIANTS)} or so per variant; "
        f"{dropped} screened out), depth {args.depth}, {args.rounds} rounds after a warm-up; "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(positions) + "\n")
        path = f.name
    runs = [
        ("Python loop of `Position.analyse`", "loop", 1),
        ("`analyse_many`, RAYON_NUM_THREADS=1", "many", 1),
        ("`analyse_many`, RAYON_NUM_THREADS=2", "many", 2),
        ("2 Python threads calling `Position.analyse`", "threads", 1),
    ]
    print("| how | threads | busy threads | best s | mean s | positions/s (best) | speed-up vs loop | CPU s / wall s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    base = None
    reference = None
    try:
        for name, mode, threads in runs:
            env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
            cmd = [sys.executable, __file__, "--worker", mode, "--file", path, "--depth", str(args.depth), "--rounds", str(args.rounds)]
            out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            if reference is None:
                reference = r["summary"]
            assert r["summary"] == reference, f"{name}: results differ from the first run"
            base = base or r["best"]
            n_threads = 2 if mode == "threads" else threads
            print(
                f"| {name} | {n_threads} | {r['threads']} | {r['best']:.3f} | {r['mean']:.3f} | "
                f"{len(positions) / r['best']:.0f} | {base / r['best']:.2f}x | {r['busy']:.2f} |",
                flush=True,
            )
    finally:
        os.unlink(path)
    print(f"load average {os.getloadavg()[0]:.2f} at the end; results identical in every run")


if __name__ == "__main__":
    main()
