"""``GET /metrics``, single-process and multiprocess mode."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from igisoro_testing.positions import START


def test_metrics_text_format(client):
    client.get("/v1/health")
    client.post("/v1/legal-moves", json={"position": START, "limit": 1})
    client.get("/v1/nowhere-at-all")
    client.open("/v1/health", method="FOOBAR")  # any token a client sends is not a label of its own
    r = client.get("/metrics")
    assert r.status_code == 200
    assert r.mimetype == "text/plain"
    text = r.get_data(as_text=True)
    assert "# TYPE igisoro_http_requests_total counter" in text
    assert 'igisoro_http_requests_total{endpoint="/v1/health",method="GET",status="200"}' in text
    assert 'endpoint="/v1/legal-moves",method="POST",status="200"' in text
    # Unknown paths share one label value instead of one series per path.
    assert 'endpoint="<unmatched>",method="GET",status="404"' in text
    assert "nowhere-at-all" not in text
    assert 'method="FOOBAR"' not in text and 'method="other"' in text
    assert "igisoro_http_request_duration_seconds_bucket" in text


def test_multiprocess_mode_sums_processes(tmp_path):
    """Two processes (as two gunicorn workers) write to PROMETHEUS_MULTIPROC_DIR;
    /metrics in a third sees both. Runs in subprocesses: the mode is chosen
    when prometheus-client is imported."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    worker = textwrap.dedent("""
        from igisoro_service import create_app
        create_app().test_client().get("/v1/health/live")
    """)
    for _ in range(2):
        subprocess.run([sys.executable, "-c", worker], env=env, check=True, timeout=60)
    reader = textwrap.dedent("""
        from igisoro_service import create_app
        print(create_app().test_client().get("/metrics").get_data(as_text=True))
    """)
    out = subprocess.run([sys.executable, "-c", reader], env=env, check=True, timeout=60,
                         capture_output=True, text=True).stdout
    line = next(row for row in out.splitlines()
                if row.startswith("igisoro_http_requests_total{") and 'endpoint="/v1/health/live"' in row)
    assert float(line.rsplit(" ", 1)[1]) == 2.0


def _partial_count() -> float:
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value("igisoro_partial_searches_total") or 0.0


def test_partial_searches_are_counted_for_every_endpoint():
    """A search cut by the request deadline counts once, whichever endpoint
    ran it: a single evaluation, and the searches of a game review."""
    from igisoro_service import create_app

    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 0.3})
    before = _partial_count()
    r = app.test_client().post("/v1/evaluate", json={"position": START, "depth": 20})
    assert r.json["partial"] is True
    assert _partial_count() == before + 1
    r = app.test_client().post("/v1/games/review", json={"position": START, "moves": ["d2"], "depth": 20})
    assert r.json["partial"] is True and r.json["plies"][0]["evaluation"] is not None
    # The review's first search is cut. Whether the search after the move
    # played still starts depends on the time left of the one deadline; if it
    # does, it is cut too and counts once more.
    # (At depth 20 under a 0.3 s deadline, a search that starts is cut.)
    # (played_score is also set, without a second search, when d2 is the best move.)
    ply = r.json["plies"][0]
    searched_after = ply["played_score"] is not None and ply["canonical"] != ply["best_move"]
    assert _partial_count() == before + 2 + searched_after
