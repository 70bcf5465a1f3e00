"""API keys, CORS, rate limits and the overload guard, each switched on by config."""

from __future__ import annotations

import pytest

from igisoro_service import create_app

from igisoro_testing.positions import START

EVAL = {"position": START, "depth": 1}


def _client(**config):
    return create_app({"TESTING": True, **config}).test_client()


def test_everything_is_open_by_default(client):
    r = client.post("/v1/evaluate", json=EVAL)
    assert r.status_code == 200
    assert "Access-Control-Allow-Origin" not in r.headers and "X-RateLimit-Limit" not in r.headers


def test_api_key_required_when_configured():
    c = _client(API_KEYS=["k1", "k2"])
    r = c.post("/v1/evaluate", json=EVAL)
    assert r.status_code == 401 and r.content_type == "application/problem+json"
    assert r.json["type"] == "urn:igisoro:problem:unauthorized" and "WWW-Authenticate" in r.headers
    assert c.post("/v1/evaluate", json=EVAL, headers={"X-API-Key": "wrong"}).status_code == 401
    assert c.post("/v1/evaluate", json=EVAL, headers={"X-API-Key": "k2"}).status_code == 200
    assert c.post("/v1/evaluate", json=EVAL, headers={"Authorization": "Bearer k1"}).status_code == 200
    assert c.post("/v1/evaluate", json=EVAL, headers={"Authorization": "Basic k1"}).status_code == 401
    # Probes, the contract, the docs and the board's static files need no key
    # (the board asks for one when the API answers 401).
    for path in ("/v1/health", "/v1/health/live", "/v1/health/ready", "/v1/openapi.yaml", "/metrics", "/",
                 "/board/board.js", "/board/board.css"):
        assert c.get(path).status_code == 200, path
    assert c.get("/board/nope.js").status_code == 404  # open, but still only the shipped files
    # Open by endpoint, not by path: nothing that reaches the API is let through.
    for path in ("/board/../v1/variants", "/board/x/../../v1/variants", "/board/%2e%2e/v1/variants",
                 "//v1/variants", "/%2fv1/variants", "/v1//variants", "/board%2f..%2fv1/variants"):
        assert c.get(path).status_code in (401, 404, 405, 308), path
    assert c.post("/board/x/../../v1/evaluate", json=EVAL).status_code in (401, 404, 405)


def test_api_keys_from_one_environment_string():
    c = _client(API_KEYS="a,b")
    assert c.get("/v1/variants", headers={"X-API-Key": "b"}).status_code == 200
    assert c.get("/v1/variants").status_code == 401


def test_cors_for_configured_origins():
    c = _client(CORS_ORIGINS=["https://app.example"], API_KEYS=["k"])
    r = c.get("/v1/variants", headers={"Origin": "https://app.example", "X-API-Key": "k"})
    assert r.headers["Access-Control-Allow-Origin"] == "https://app.example"
    r = c.get("/v1/variants", headers={"Origin": "https://evil.example", "X-API-Key": "k"})
    assert "Access-Control-Allow-Origin" not in r.headers
    # A browser's preflight carries no key and must still succeed.
    pre = c.options("/v1/evaluate", headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST",
                                            "Access-Control-Request-Headers": "content-type,x-api-key"})
    assert pre.status_code == 200
    assert pre.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "x-api-key" in pre.headers["Access-Control-Allow-Headers"].lower()
    # Jobs: the key a retry carries, and the headers a poller reads.
    pre = c.options("/v1/jobs", headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST",
                                        "Access-Control-Request-Headers": "content-type,idempotency-key"})
    assert "idempotency-key" in pre.headers["Access-Control-Allow-Headers"].lower()
    r = c.get("/v1/variants", headers={"Origin": "https://app.example", "X-API-Key": "k"})
    exposed = {h.strip().lower() for h in r.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"location", "x-job-state", "x-job-done", "x-job-total", "retry-after"} <= exposed


def test_rate_limit_answers_429_problem():
    c = _client(RATE_LIMIT="3/minute")
    # One count over every route, not one per route.
    legal = {"position": START, "limit": 1}
    codes = [c.get("/v1/variants").status_code, c.post("/v1/legal-moves", json=legal).status_code,
             c.get("/v1/variants").status_code, c.post("/v1/legal-moves", json=legal).status_code]
    assert codes == [200, 200, 200, 429]
    r = c.get("/v1/variants")
    assert r.status_code == 429 and r.content_type == "application/problem+json"
    assert r.json["status"] == 429 and "Retry-After" in r.headers
    assert c.get("/v1/health").status_code == 200  # probes are never limited
    assert c.get("/").status_code == 429  # the board's files are (open without a key only)


def test_overloaded_worker_answers_503(app, client):
    """With every search slot taken, a search is refused at once, while
    cheap requests still answer."""
    slots = app.extensions["igisoro_search_slots"]
    taken = 0
    while slots.acquire(blocking=False):
        taken += 1
    assert taken == app.config["MAX_CONCURRENT_SEARCHES"]
    try:
        r = client.post("/v1/evaluate", json=EVAL)
        assert r.status_code == 503 and r.json["type"] == "urn:igisoro:problem:overloaded"
        assert r.headers["Retry-After"] == "1"
        assert client.post("/v1/legal-moves", json={"position": START, "limit": 1}).status_code == 200
    finally:
        for _ in range(taken):
            slots.release()
    assert client.post("/v1/evaluate", json=EVAL).status_code == 200


def test_engine_version_header_on_every_answer(client):
    import igisoro

    for r in (client.get("/v1/health"), client.get("/v1/nope"), client.post("/v1/evaluate", json={})):
        assert r.headers["X-Engine-Version"] == igisoro.__version__


@pytest.mark.parametrize(
    "config",
    [
        {"MAX_SEARCH_DEPTH": 65},
        {"MAX_SEARCH_NODES": 0},
        {"MAX_MULTIPV": 17},
        {"DEFAULT_SEARCH_DEPTH": 30},
        {"DEFAULT_MOVE_TIME_MS": 20_000},
        {"MAX_CONCURRENT_SEARCHES": "2"},
        {"API_KEYS": [""]},
        {"CORS_ORIGINS": 5},
        {"RATE_LIMIT": 10},
    ],
)
def test_bad_config_fails_at_start(config):
    with pytest.raises(ValueError):
        create_app(config)
