"""``/v1/health``, ``/live`` and ``/ready``."""

from __future__ import annotations

import igisoro


def test_health(client):
    r = client.get("/v1/health")
    assert r.status_code == 200
    assert r.json == {"status": "ok", "engine_version": igisoro.__version__}


def test_live(client):
    r = client.get("/v1/health/live")
    assert r.status_code == 200 and r.json == {"status": "ok"}


def test_ready_queries_engine(client):
    r = client.get("/v1/health/ready")
    assert r.status_code == 200
    assert r.json["status"] == "ready"


def test_health_rejects_post(client):
    r = client.post("/v1/health/ready")
    assert r.status_code == 405
    assert r.content_type == "application/problem+json"
    assert "GET" in r.headers["Allow"]
