"""Long engine calls neither block other requests nor outlive their time limit.

A real threaded HTTP server (werkzeug, as gunicorn's gthread worker would
run the app) gets two concurrent legal-moves requests on a position the
engine cannot enumerate within the limit; meanwhile ``/v1/health`` must
answer at once. The engine releases the GIL while it works and stops at its
budget, so both long requests end with 503 near the limit and leave no CPU
work behind.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from igisoro_service import create_app

from igisoro_testing.positions import SLOW, SLOW_LIMIT

#: Run alone, after the parallel run (scripts/test.sh): the tests time requests during long searches.
pytestmark = pytest.mark.serial

#: Seconds of engine time per call: a search ends between half of it and
#: all of it, so the cheap requests sent 0.3 s in are answered first with
#: a second to spare on a loaded machine.
LIMIT = 3.0
#: The limit for legal-moves calls on SLOW (with SLOW_LIMIT), far under the
#: minute of CPU they need, so that the calls surely hit it even on a faster
#: machine; still long enough for the cheap requests sent 0.3 s in to be
#: answered first with over a second to spare.
SHORT = 2.0


def _serve(limit: float) -> Iterator[int]:
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": limit, "MAX_LEGAL_MOVES": SLOW_LIMIT})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv.server_port
    srv.shutdown()
    thread.join(5)


@pytest.fixture
def server() -> Iterator[int]:
    yield from _serve(LIMIT)


@pytest.fixture
def short_server() -> Iterator[int]:
    yield from _serve(SHORT)


def _request(port: int, method: str, path: str, body: object = None) -> tuple[int, dict, float, float]:
    """(status, JSON body, start, end) with monotonic times."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.monotonic()
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    resp = conn.getresponse()
    payload = json.loads(resp.read())
    end = time.monotonic()
    conn.close()
    return resp.status, payload, start, end


def _long_calls(port: int, n: int) -> tuple[list[threading.Thread], list[tuple[int, dict, float, float]]]:
    """``n`` legal-moves calls on SLOW, started in threads; (threads, their results)."""
    results: list[tuple[int, dict, float, float]] = []

    def long_call() -> None:
        results.append(_request(port, "POST", "/v1/legal-moves", {"position": SLOW, "limit": SLOW_LIMIT}))

    workers = [threading.Thread(target=long_call) for _ in range(n)]
    for w in workers:
        w.start()
    return workers, results


def test_health_answers_during_long_engine_calls(short_server):
    port = short_server
    workers, results = _long_calls(port, 2)
    time.sleep(0.3)  # both are inside the engine by now
    health = _request(port, "GET", "/v1/health")
    ready = _request(port, "GET", "/v1/health/ready")
    for w in workers:
        w.join(30)
    assert len(results) == 2

    # Health and readiness answered promptly, while both long calls still ran.
    for status, body, start, end in (health, ready):
        assert status == 200, body
        assert end - start < 1.0
    long_ends = [end for _, _, _, end in results]
    assert ready[3] < min(long_ends)

    # Both long calls hit the engine's limit and were answered 503 near it
    # (the upper bound is loose: two cores shared with other work).
    for status, body, start, end in results:
        assert status == 503
        assert body["type"] == "urn:igisoro:problem:engine-timeout"
        assert SHORT - 0.1 <= end - start < SHORT + 5

    # Nothing keeps computing after the answers: the process is idle.
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.2


def test_past_the_engine_slots_a_call_is_told_to_come_back():
    """Long calls hold the worker's engine slots (here 2): a third waits
    0.5 s for one, then gets 503 overloaded with Retry-After, instead of
    taking the thread a health check needs for the whole engine limit."""
    # 4 s: a long call's budget starts when it takes its slot, so neither can
    # free one within the third's 0.5 s wait even if they started apart.
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 4.0, "MAX_LEGAL_MOVES": SLOW_LIMIT,
                      "MAX_CONCURRENT_ENGINE_CALLS": 2})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    port = srv.server_port
    try:
        workers, results = _long_calls(port, 2)
        slots = app.extensions["igisoro_engine"].slots
        for _ in range(200):  # until both hold a slot (a loaded machine may take a while)
            if slots._value == 0:
                break
            time.sleep(0.01)
        assert slots._value == 0
        third = _request(port, "POST", "/v1/legal-moves", {"position": SLOW, "limit": SLOW_LIMIT})
        live = _request(port, "GET", "/v1/health/live")
        for w in workers:
            w.join(30)
    finally:
        srv.shutdown()
    status, body, start, end = third
    assert status == 503 and body["type"] == "urn:igisoro:problem:overloaded", body
    assert 0.4 <= end - start < 2.5  # it waited SLOT_WAIT, not the long calls' 4 s
    assert live[0] == 200 and live[3] - live[2] < 1.0
    assert sorted(r[1]["type"] for r in results) == ["urn:igisoro:problem:engine-timeout"] * 2


def test_cheap_requests_answer_during_two_long_searches(server):
    """Two searches that cannot finish (depth 20) run to the request
    deadline; meanwhile health and legal-move requests answer promptly, and
    the searches come back as partial results, not errors."""
    from igisoro_testing.positions import START

    port = server
    results: list[tuple[int, dict, float, float]] = []

    def search() -> None:
        results.append(_request(port, "POST", "/v1/evaluate", {"position": START, "depth": 20}))

    workers = [threading.Thread(target=search) for _ in range(2)]
    for w in workers:
        w.start()
    time.sleep(0.3)
    quick = [_request(port, "GET", "/v1/health"),
             _request(port, "POST", "/v1/legal-moves", {"position": START, "limit": 5})]
    for w in workers:
        w.join(30)
    for status, body, start, end in quick:
        assert status == 200, body
        assert end - start < 1.0
    # Both were sent while the searches were running (and answered promptly,
    # above); a search can end after half its budget, so their order of
    # completion is not fixed.
    assert max(start for _, _, start, _ in quick) < min(end for *_, end in results)
    for status, body, start, end in results:
        assert status == 200, body
        assert body["partial"] is True and body["stopped_by"] == "deadline" and body["best_move"]
        # Iterative deepening starts no iteration after half the time left
        # (it could not finish), so a search ends between half the budget
        # and the budget itself.
        assert LIMIT / 2 - 0.1 <= end - start < LIMIT + 5


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.servers  # starts gunicorn
def test_gunicorn_worker_survives_long_calls(tmp_path):
    """The shipped gunicorn settings (gthread, 4 threads) with one worker:
    health answers during two long calls, and the worker is never killed."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    port = _free_port()
    # No local job worker (it would take CPU, and resend jobs from a shared folder).
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1", "IGISORO_ENGINE_TIMEOUT": str(SHORT),
           "IGISORO_MAX_LEGAL_MOVES": str(SLOW_LIMIT), "GUNICORN_ACCESS_LOG": "", "PYTHONPATH": str(root),
           "IGISORO_JOB_LOCAL_WORKER": "0", "IGISORO_JOB_DIR": str(tmp_path / "jobs")}
    for name in ("GUNICORN_THREADS", "GUNICORN_TIMEOUT", "PROMETHEUS_MULTIPROC_DIR"):
        env.pop(name, None)
    log_path = tmp_path / "gunicorn.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "igisoro_service:create_app()"],
                                cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if _request(port, "GET", "/v1/health/live")[0] == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
            time.sleep(0.1)

        results: list[tuple[int, dict, float, float]] = []
        workers = [threading.Thread(target=lambda: results.append(
            _request(port, "POST", "/v1/legal-moves", {"position": SLOW, "limit": SLOW_LIMIT}))) for _ in range(2)]
        for w in workers:
            w.start()
        time.sleep(0.3)
        health = _request(port, "GET", "/v1/health")
        for w in workers:
            w.join(30)
        assert health[0] == 200 and health[3] - health[2] < 1.0
        assert health[3] < min(end for *_, end in results)
        assert [r[0] for r in results] == [503, 503]
        assert _request(port, "GET", "/v1/health/ready")[0] == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:  # never left running into later tests
            proc.kill()
            proc.wait()
    text = log_path.read_text()
    assert "WORKER TIMEOUT" not in text and "Booting worker" in text
    assert text.count("Booting worker") == 1, text  # the one worker was never replaced
