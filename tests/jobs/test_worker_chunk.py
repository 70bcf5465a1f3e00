"""The worker's task itself, run in a separate Python process (the worker
module configures its Celery app and store from the environment when it is
imported, so it gets a process of its own with its own ``IGISORO_JOB_DIR``),
against the real engine and the embedded SQLite store: what a chunk does
when the store fails under it, and with items no store could write."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from igisoro_testing.positions import START
from igisoro_testing.servers import ROOT

# Runs one job of three items through ``run_chunk``; the store's first write
# of results fails as a SQLite file locked past its wait does.
SCRIPT = r"""
import json, sqlite3, sys, time
from celery.exceptions import Reject
from igisoro_service.jobs import worker
from igisoro_service.jobs.store import Job

worker._STORE_BACKOFF = 0
store = worker._store
items = json.loads(sys.stdin.read())  # the chunk's NDJSON lines, as uploaded
job = Job(id="j1", owner="", kind="positions", state="queued", total=len(items), done=0, errors=0,
          limits={"depth": 1, "nodes": None, "time_ms": None, "multipv": 1}, chunk_size=len(items),
          created=time.time())
store.create(job, ["\n".join(items)], None)
real, writes = store.add_results, []

def flaky(*args, **kwargs):
    writes.append(1)
    if len(writes) == 1:
        raise sqlite3.OperationalError("database is locked")
    return real(*args, **kwargs)

store.add_results = flaky
out = {}
try:
    worker.run_chunk("j1", 0)
except Reject as e:
    out["rejected"] = {"requeue": e.requeue, "state": store.get("j1").state, "done": store.get("j1").done}
worker.run_chunk("j1", 0)  # the message again, the store back
out["state"] = store.get("j1").state
out["lines"] = [json.loads(line) for _, line in store.results("j1", -1, 10)]
print(json.dumps(out))
"""


def test_a_store_error_requeues_the_chunk_and_odd_items_are_error_lines(tmp_path: Path) -> None:
    lines = [
        json.dumps(START),
        '"\\ud800"',  # a lone surrogate, escaped as JSON allows
        "[" * 10_000 + "]" * 10_000,  # nested past Python's recursion limit
        json.dumps(START.replace("igisoro", "igisoro-nope")),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "IGISORO_JOB_DIR": str(tmp_path)}
    arg = json.dumps(lines)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], input=arg, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    # Not a failed attempt: the message goes back, the job is as it was.
    assert out["rejected"] == {"requeue": True, "state": "running", "done": 0}
    assert out["state"] == "done"
    got = out["lines"]
    assert [ln["index"] for ln in got] == [0, 1, 2, 3]
    assert got[0]["best_move"] and "error" not in got[0]
    assert "error" in got[1]
    assert "not valid JSON" in got[2]["error"]["detail"]
    assert "igisoro-nope" in got[3]["error"]["detail"]
