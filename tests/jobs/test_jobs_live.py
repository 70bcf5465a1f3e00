"""Jobs end to end with real processes: gunicorn, Celery workers, and the
embedded SQLite broker or Redis. Each test runs on both backends."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import igisoro
from igisoro.batch import Limits, analyse_items

from igisoro_testing.client import call, results, wait_done_at_least, wait_state
from igisoro_testing.positions import random_positions
from igisoro_testing.servers import Backend, kill_group, stop


def _comparable(line: dict[str, Any]) -> dict[str, Any]:
    # Everything is reproducible at a fixed depth but the wall-clock time
    # and the count of truncated giant turns: the engine remembers giant
    # turns it has proved across calls in one process, so the count depends
    # on what that process searched before (moves, scores and nodes do not).
    # ``cached`` says whether the worker found the analysis in the cache of
    # analyses; each test's cache starts empty, and the tests that need it
    # check it themselves.
    return {k: v for k, v in line.items() if k not in ("time_ms", "truncated_turns", "cached")}


# Run alone (scripts/test.sh): on Redis a chunk has 7 s (the backend's short
# chunk timeout), and a second test process on the same 2 cores made one
# analysis stop at that deadline, partial, unlike the in-process one.
@pytest.mark.serial
def test_thousand_positions_match_in_process_analysis(backend: Backend) -> None:
    positions = random_positions(1000, seed=19)
    positions[500] = "igisoro not-a-board s"
    backend.worker("w1")
    api, server = backend.api()
    try:
        status, headers, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": positions,
                                                                   "depth": 3})
        assert status == 202, body
        job = json.loads(body)
        assert headers["Location"] == f"/v1/jobs/{job['id']}" and job["total"] == 1000
        final = wait_state(server, job["id"], ("done", "failed"))
        assert final["state"] == "done" and final["done"] == 1000 and final["errors"] == 1
        lines = results(server, job["id"])
    finally:
        stop(api)
    expected = analyse_items("positions", positions, Limits(depth=3))
    assert [ln["index"] for ln in lines] == list(range(1000))
    assert [_comparable(a) for a in lines] == [_comparable(b) for b in expected]
    assert lines[500]["error"]["type"] == "urn:igisoro:problem:invalid-notation"


def _pool_children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def _running_a_chunk(worker_log: Path) -> bool:
    """Whether the worker has a chunk it received and has not finished (its
    log at info level): the chunk's message is then recorded as taken."""
    text = worker_log.read_text(errors="replace")
    return text.count("] received") > text.count("] succeeded in")


def _killed_mid_job(backend: Backend, kill: Callable[[subprocess.Popen[bytes]], None]) -> None:
    """``kill -9`` mid-chunk: the chunk runs again, no index twice."""
    # 100 ms a position, 8 a chunk: a kill lands mid-chunk; 40 positions
    # are left after it (4 s of work), enough to see the lost chunk redone.
    positions = random_positions(56, seed=7)
    w1 = backend.worker("w1")
    api, server = backend.api({"IGISORO_JOB_CHUNK_POSITIONS": "8"})
    try:
        status, _, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": positions,
                                                             "time_ms": 100})
        assert status == 202, body
        job_id = json.loads(body)["id"]
        wait_done_at_least(server, job_id, 16)
        # Not at once: done reaches 16 as the worker stores a chunk, when it
        # is about to take the next message, and Redis loses a message taken
        # (popped from the queue) by a worker killed before it recorded it
        # as unacknowledged: nothing would ever redeliver it.
        deadline = time.monotonic() + 60
        while not _running_a_chunk(backend.tmp / "worker-w1.log"):
            assert time.monotonic() < deadline, "the worker took no next chunk"
            time.sleep(0.02)
        kill(w1)
        final = wait_state(server, job_id, ("done", "failed"), timeout=240)
        assert final["state"] == "done", final
        lines = results(server, job_id)
    finally:
        stop(api)
    assert [ln["index"] for ln in lines] == list(range(56))
    assert final["done"] == 56 and not any("error" in ln for ln in lines)


def test_whole_worker_killed_mid_job(backend: Backend) -> None:
    """The whole worker (main process and pool) killed, a new one started:
    on Redis the lost chunk comes back after the redelivery timeout; the
    embedded worker re-sends it when it starts."""

    def kill(w1: subprocess.Popen[bytes]) -> None:
        kill_group(w1)
        backend.worker("w2")

    _killed_mid_job(backend, kill)


def test_pool_process_killed_mid_job(redis_backend: Backend) -> None:
    """Celery's main process sees its pool process die and, with
    reject_on_worker_lost, gives the chunk back to the queue at once. (The
    embedded worker has no pool: see service/igisoro_service/jobs/worker.py.)"""

    def kill(w1: subprocess.Popen[bytes]) -> None:
        children = _pool_children(w1.pid)
        assert children, "no pool process found"
        for pid in children:
            os.kill(pid, signal.SIGKILL)

    _killed_mid_job(redis_backend, kill)


def test_api_restarted_mid_job(backend: Backend) -> None:
    positions = random_positions(200, seed=3)
    backend.worker("w1")
    api, server = backend.api({"IGISORO_JOB_CHUNK_POSITIONS": "8"})
    status, _, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": positions, "depth": 5})
    assert status == 202, body
    job_id = json.loads(body)["id"]
    before = wait_done_at_least(server, job_id, 8)
    stop(api)
    api, server = backend.api()
    try:
        again = json.loads(call(server, "GET", f"/v1/jobs/{job_id}")[2])
        assert again["total"] == 200 and again["done"] >= before["done"]
        final = wait_state(server, job_id, ("done", "failed"))
        assert final["state"] == "done"
        assert [ln["index"] for ln in results(server, job_id)] == list(range(200))
    finally:
        stop(api)


def test_cancel_keeps_finished_results(backend: Backend) -> None:
    positions = random_positions(400, seed=5)
    backend.worker("w1")
    api, server = backend.api({"IGISORO_JOB_CHUNK_POSITIONS": "4"})
    try:
        job_id = json.loads(call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": positions,
                                                              "depth": 6})[2])["id"]
        wait_done_at_least(server, job_id, 4)
        status, _, body = call(server, "DELETE", f"/v1/jobs/{job_id}")
        assert status == 200 and json.loads(body)["state"] == "cancelled"
        time.sleep(1.5)  # a chunk that was running ends and is dropped
        job = json.loads(call(server, "GET", f"/v1/jobs/{job_id}")[2])
        assert job["state"] == "cancelled" and 4 <= job["done"] < 400
        lines = results(server, job_id)
        assert len(lines) == job["done"] and all("best_move" in ln for ln in lines)
    finally:
        stop(api)


def test_ndjson_with_a_malformed_line_caps_and_resumable_results(backend: Backend) -> None:
    start = igisoro.Position.start("igisoro").notation()
    body = "\n".join([json.dumps(start), "{not json", "", json.dumps({"position": start, "moves": ["b2"]}),
                      json.dumps(start)]) + "\n"
    backend.worker("w1")
    api, server = backend.api({"IGISORO_JOB_MAX_POSITIONS": "4"})
    try:
        over = call(server, "POST", "/v1/jobs?kind=positions&depth=2", ndjson=body + json.dumps(start) + "\n")
        assert over[0] == 422 and b"JOB_MAX_POSITIONS" in over[2], over
        status, _, raw = call(server, "POST", "/v1/jobs?kind=positions&depth=2", ndjson=body)
        assert status == 202, raw
        job = json.loads(raw)
        assert job["total"] == 4  # the blank line is not an item
        final = wait_state(server, job["id"], ("done", "failed"))
        assert (final["state"], final["done"], final["errors"]) == ("done", 4, 2)
        lines = results(server, job["id"])
        assert lines[1]["error"]["type"] == "urn:igisoro:problem:malformed-json"
        assert lines[2]["error"]["type"] == "urn:igisoro:problem:invalid-position"  # a game in a positions job
        assert [ln["index"] for ln in results(server, job["id"], after=1)] == [2, 3]
        # A game job over NDJSON: each line reviewed ply by ply.
        games = json.dumps({"position": start, "moves": ["b2", "a3"]}) + "\n"
        status, _, raw = call(server, "POST", "/v1/jobs?kind=games&depth=2", ndjson=games)
        gid = json.loads(raw)["id"]
        assert wait_state(server, gid, ("done", "failed"))["state"] == "done"
        review = results(server, gid)[0]
        assert [p["canonical"] for p in review["plies"]] == ["b2", "a3"] and review["limits"]["depth"] == 2
    finally:
        stop(api)


def test_jobs_belong_to_their_api_key(backend: Backend) -> None:
    backend.worker("w1")
    api, server = backend.api({"IGISORO_API_KEYS": "alpha,beta"})
    start = igisoro.Position.start("isolo").notation()
    try:
        a = {"X-API-Key": "alpha"}
        status, _, raw = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": [start], "depth": 2},
                              headers=a)
        job_id = json.loads(raw)["id"]
        assert wait_state(server, job_id, ("done",), headers=a)["done"] == 1
        for path in (f"/v1/jobs/{job_id}", f"/v1/jobs/{job_id}/results"):
            status, h, raw = call(server, "GET", path, headers={"X-API-Key": "beta"})
            assert status == 404 and h["Content-Type"] == "application/problem+json", raw
        assert call(server, "DELETE", f"/v1/jobs/{job_id}", headers={"X-API-Key": "beta"})[0] == 404
        assert call(server, "GET", f"/v1/jobs/{job_id}")[0] == 401
        assert len(results(server, job_id, headers=a)) == 1
        # The listing is per key too: alpha sees its job, beta none.
        listed = json.loads(call(server, "GET", "/v1/jobs", headers=a)[2])
        assert [(j["id"], j["state"]) for j in listed["jobs"]] == [(job_id, "done")] and listed["next"] is None
        assert json.loads(call(server, "GET", "/v1/jobs", headers={"X-API-Key": "beta"})[2])["jobs"] == []
    finally:
        stop(api)


def test_metrics_count_jobs(backend: Backend) -> None:
    backend.worker("w1")
    api, server = backend.api()
    start = igisoro.Position.start("igisoro").notation()
    try:
        job_id = json.loads(call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": [start] * 3,
                                                              "depth": 2})[2])["id"]
        wait_state(server, job_id, ("done",))
        text = call(server, "GET", "/metrics")[2].decode()
    finally:
        stop(api)
    assert 'igisoro_jobs_submitted_total{kind="positions"} 1.0' in text
    assert 'igisoro_jobs_finished_total{state="done"} 1.0' in text
    assert "igisoro_job_items_done_total 3.0" in text
    assert "igisoro_job_items_pending 0.0" in text
    assert "igisoro_job_chunk_seconds_count 1.0" in text


def test_the_cli_against_the_real_service_writes_what_a_local_run_writes(redis_backend: Backend, tmp_path) -> None:
    """``igisoro analyse --server`` against gunicorn, a Celery worker and
    Redis (its own tests use a small stand-in server): the same lines as
    the same command run locally, error lines included, and a re-run finds
    nothing left to do."""
    from igisoro import cli

    src = tmp_path / "in.jsonl"
    items = [json.dumps(p) for p in random_positions(40, seed=23)]
    items[7] = json.dumps("igisoro not-a-board s")
    items[11] = "{not json"
    src.write_text("\n".join(items) + "\n")
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    assert cli.main(["analyse", str(src), "-o", str(local), "--depth", "2", "--quiet"]) == 0
    redis_backend.worker("w1")
    api, server = redis_backend.api()
    try:
        args = ["analyse", str(src), "-o", str(remote), "--depth", "2", "--quiet", "--server", server.url,
                "--poll", "0.1"]
        assert cli.main(args) == 0
        assert cli.main(args) == 0  # resumed: every line is there already
    finally:
        stop(api)
    def read(path: Any) -> list[dict[str, Any]]:
        lines = [_comparable(json.loads(x)) for x in path.read_text().splitlines()]
        for ln in lines:
            # A line that is not JSON is named by its line in the file
            # locally and by its item on the server: the same problem.
            if ln.get("error", {}).get("type") == "urn:igisoro:problem:malformed-json":
                ln["error"] = {"type": ln["error"]["type"], "status": ln["error"]["status"]}
        return lines

    assert read(remote) == read(local)
    assert len(read(remote)) == 40 and "error" in read(remote)[7] and "error" in read(remote)[11]
