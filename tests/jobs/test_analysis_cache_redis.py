"""The cache of analyses on Redis (issue 32): two API processes' apps
(``CACHE_URL=redis://...``, each its own memory) share what either stored,
and the deeper entry wins whichever wrote last."""

from __future__ import annotations

from pathlib import Path

import redis

from igisoro_service import create_app

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


def test_two_apps_share_the_redis_cache(redis_port: int, tmp_path: Path) -> None:
    redis.Redis(port=redis_port, db=2).flushdb()
    url = f"redis://127.0.0.1:{redis_port}/2"
    a = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "a"), "CACHE_URL": url}).test_client()
    b = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "b"), "CACHE_URL": url}).test_client()
    assert b.get("/v1/cloud-eval", query_string={"position": START}).status_code == 404
    assert a.post("/v1/evaluate", json={"position": START, "depth": 5}).json["cached"] is False
    got = b.post("/v1/evaluate", json={"position": START, "depth": 3}).json
    assert got["cached"] is True and got["depth"] == 5
    # A shallower write from the other app does not replace the deeper entry.
    assert b.post("/v1/evaluate", json={"position": START, "depth": 4, "nodes": 10**6}).json["cached"] is True
    c = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "c"), "CACHE_URL": url}).test_client()
    c.post("/v1/evaluate", json={"position": START, "depth": 2, "multipv": 1})
    assert c.get("/v1/cloud-eval", query_string={"position": START}).json["depth"] == 5
    assert redis.Redis(port=redis_port, db=2).keys("igisoro:analysis:*")
