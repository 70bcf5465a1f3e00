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

from service import create_app

from .conftest import SLOW

LIMIT = 1.5  # seconds of engine time per call


@pytest.fixture
def server() -> Iterator[int]:
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": LIMIT})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv.server_port
    srv.shutdown()
    thread.join(5)


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


def test_health_answers_during_long_engine_calls(server):
    port = server
    results: list[tuple[int, dict, float, float]] = []

    def long_call() -> None:
        results.append(_request(port, "POST", "/v1/legal-moves", {"position": SLOW, "limit": 1000}))

    workers = [threading.Thread(target=long_call) for _ in range(2)]
    for w in workers:
        w.start()
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
        assert LIMIT - 0.1 <= end - start < LIMIT + 5

    # Nothing keeps computing after the answers: the process is idle.
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.2
