"""The README's serve command as it runs on a fresh machine: gunicorn with
no job settings starts one local worker on the embedded broker, so a job
runs with nothing else started; and ``igisoro analyse --server`` gets the
same lines from it as a local run."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import igisoro
from igisoro.batch import Limits, analyse_items

from igisoro_testing.client import call, results, wait_state
from igisoro_testing.positions import random_positions
from igisoro_testing.servers import ROOT, start_gunicorn, stop


def test_default_serve_runs_jobs_and_the_cli_streams_them(tmp_path: Path) -> None:
    api, server = start_gunicorn(tmp_path)  # no IGISORO_JOB_*: embedded broker, local worker
    try:
        start = igisoro.Position.start("igisoro-fr").notation()
        status, _, body = call(server, "POST", "/v1/jobs", {"kind": "games", "games": [
            {"position": start, "moves": ["a2"]}, {"position": start, "moves": ["zz"]}], "depth": 2})
        assert status == 202, body
        job_id = json.loads(body)["id"]
        assert wait_state(server, job_id, ("done", "failed"), timeout=120)["state"] == "done"
        lines = results(server, job_id)
        assert lines[0]["plies"][0]["canonical"] == "a2" and lines[1]["illegal"]["ply"] == 1
        # The embedded broker keeps no delivered message (it would grow by a row a chunk).
        with sqlite3.connect(tmp_path / "jobs" / "broker.sqlite") as db:
            assert db.execute("SELECT COUNT(*) FROM kombu_message WHERE visible = 0").fetchone() == (0,)

        positions = random_positions(40, seed=11)
        (tmp_path / "in.txt").write_text("\n".join(positions) + "\n")
        out = tmp_path / "out.jsonl"
        run = subprocess.run([sys.executable, "-m", "igisoro", "analyse", str(tmp_path / "in.txt"), "-o", str(out),
                              "--depth", "3", "--server", server.url, "--quiet"],
                             cwd=ROOT, capture_output=True, text=True, timeout=180)
        assert run.returncode == 0, run.stderr
    finally:
        stop(api)
    got = [json.loads(line) for line in out.read_text().splitlines()]
    want = analyse_items("positions", positions, Limits(depth=3))
    strip = ("time_ms", "truncated_turns", "cached")  # see test_jobs_live._comparable
    assert [{k: v for k, v in a.items() if k not in strip} for a in got] == \
        [{k: v for k, v in b.items() if k not in strip} for b in want]


def _local_workers(master: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(master), "-f", "igisoro_service.jobs.worker"], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def test_the_local_worker_is_restarted_when_it_dies(tmp_path: Path) -> None:
    api, server = start_gunicorn(tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not (first := _local_workers(api.pid)):
            assert time.monotonic() < deadline, "no local worker started"
            time.sleep(0.2)
        os.kill(first[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while not (second := _local_workers(api.pid)) or second == first:
            assert time.monotonic() < deadline, "the local worker was not restarted"
            time.sleep(0.2)
        start = igisoro.Position.start("isolo").notation()
        status, _, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": [start], "depth": 2})
        assert status == 202, body
        assert wait_state(server, json.loads(body)["id"], ("done", "failed"), timeout=120)["state"] == "done"
    finally:
        stop(api)
    assert "restarting it" in server.log.read_text()
