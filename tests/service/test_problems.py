"""Every error status comes back as an RFC 9457 problem in the documented shape."""

from __future__ import annotations

import logging
import types
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from igisoro_testing.positions import START

# A position with over a thousand complete moves: enumerating them takes the
# engine some milliseconds, far longer than the 1 microsecond limit below.
BUSY = "igisoro 1,0,1,0,1,0,8,0/0,2,1,1,0,1,0,1/2,0,2,1,0,4,1,2/4,7,10,1,5,4,1,3 n"


def _malformed(app: Flask, c: FlaskClient) -> TestResponse:
    return c.post("/v1/legal-moves", data=b'{"position": ', content_type="application/json")


def _not_found(app: Flask, c: FlaskClient) -> TestResponse:
    return c.get("/v1/no-such-thing")


def _method(app: Flask, c: FlaskClient) -> TestResponse:
    return c.put("/v1/legal-moves", json={})


def _too_large(app: Flask, c: FlaskClient) -> TestResponse:
    app.config["MAX_CONTENT_LENGTH"] = 1024
    return c.post("/v1/legal-moves", json={"position": START, "partial": ["a2"] * 1000})


def _media_type(app: Flask, c: FlaskClient) -> TestResponse:
    return c.post("/v1/legal-moves", data="position=x", content_type="application/x-www-form-urlencoded")


def _invalid(app: Flask, c: FlaskClient) -> TestResponse:
    return c.post("/v1/legal-moves", json={"position": START, "limit": -1})


def _timeout(app: Flask, c: FlaskClient) -> TestResponse:
    app.extensions["igisoro_engine"].timeout = 1e-6
    return c.post("/v1/legal-moves", json={"position": BUSY, "limit": 1000})


def _bug(app: Flask, c: FlaskClient) -> TestResponse:
    return c.get("/v1/test-bug")


CASES: list[tuple[int, str, Callable[[Flask, FlaskClient], TestResponse]]] = [
    (400, "urn:igisoro:problem:malformed-json", _malformed),
    (404, "about:blank", _not_found),
    (405, "about:blank", _method),
    (413, "about:blank", _too_large),
    (415, "about:blank", _media_type),
    (422, "urn:igisoro:problem:validation-error", _invalid),
    (500, "urn:igisoro:problem:internal-error", _bug),
    (503, "urn:igisoro:problem:engine-timeout", _timeout),
]


@pytest.fixture
def buggy_app(app: Flask) -> Flask:
    """The app plus one route that fails like a bug would."""

    @app.get("/v1/test-bug")
    def bug() -> Any:
        raise RuntimeError("a bug")

    return app


@pytest.mark.parametrize(("status", "type_", "make"), CASES, ids=[str(c[0]) for c in CASES])
def test_problem_shape(buggy_app, unexpected_errors, caplog, status, type_, make):
    client = buggy_app.test_client()
    with caplog.at_level(logging.CRITICAL, logger="igisoro_service.problems"):
        r = make(buggy_app, client)
    assert r.status_code == status
    assert r.content_type == "application/problem+json"
    body = r.get_json(force=True)
    assert body["status"] == status
    assert body["type"] == type_
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    assert set(body) <= {"type", "title", "status", "detail", "errors"}
    if status == 422:
        assert body["errors"] == {"limit": ["Must be between 1 and 1000."]}
    if status == 405:
        assert r.headers["Allow"]
    if status == 503:
        assert 'igisoro_engine_timeouts_total{call="the legal moves"}' in client.get("/metrics").get_data(as_text=True)
    # Only the deliberate bug reaches the catch-all handler.
    assert [type(e) for e in unexpected_errors] == ([RuntimeError] if status == 500 else [])


@pytest.mark.parametrize(
    "data",
    [
        b"[" * 50000,  # deep nesting: RecursionError in the parser
        b'{"position": "x", "limit": ' + b"9" * 5000 + b"}",  # over Python's int digit limit
        b'{"position": "x", "limit": NaN}',
        b"\xff\xfe{}",
        b"",
    ],
    ids=["deep", "huge-int", "nan", "bad-utf8", "empty"],
)
def test_hostile_bodies_are_400(client, unexpected_errors, data):
    r = client.post("/v1/legal-moves", data=data, content_type="application/json")
    assert r.status_code == 400
    assert r.json["type"] == "urn:igisoro:problem:malformed-json"
    assert unexpected_errors == []


@pytest.mark.parametrize("body", ["[]", '"text"', "3", "null"])
def test_non_object_bodies_are_422(client, body):
    r = client.post("/v1/positions/validate", data=body, content_type="application/json")
    assert r.status_code == 422
    assert r.json["errors"] == {"_schema": ["The body must be a JSON object."]}


def test_trailing_slash_is_404_not_redirect(client):
    assert client.get("/v1/variants/").status_code == 404


# Every engine call of every endpoint runs under the time limit: with a
# limit far too small for any work, each answers 503 (the step-wise first
# decision of the start position is cheap enough to need no budget check).
_ISOLO = "isolo 2,2,2,2/2,2,2,2 s"


@pytest.mark.parametrize(
    ("method", "path", "body", "query"),
    [
        ("POST", "/v1/legal-moves", {"position": START, "limit": 5}, None),
        ("POST", "/v1/legal-moves", {"position": _ISOLO}, None),
        ("POST", "/v1/moves/check", {"position": START, "move": "e2"}, None),
        ("POST", "/v1/moves/check", {"position": _ISOLO, "move": "c1"}, None),
        ("POST", "/v1/positions/validate", {"position": START}, None),
        ("POST", "/v1/positions/validate", {"position": _ISOLO}, None),
        ("POST", "/v1/positions/render", {"position": START, "move": "e2"}, None),
        ("GET", "/v1/positions/render", None, {"position": _ISOLO, "move": "c1"}),
        ("GET", "/v1/health/ready", None, None),
    ],
)
def test_every_engine_call_has_the_limit(app, unexpected_errors, method, path, body, query):
    app.extensions["igisoro_engine"].timeout = 1e-9
    r = app.test_client().open(path, method=method, json=body, query_string=query)
    assert r.status_code == 503, r.get_json()
    assert r.get_json()["type"] == "urn:igisoro:problem:engine-timeout"
    assert unexpected_errors == []


def test_engine_calls_of_a_request_share_one_budget(app, monkeypatch):
    from igisoro_service.problems import Problem

    engine = app.extensions["igisoro_engine"]
    engine.timeout = 0.3
    given: list[float] = []
    # A clock each call moves on by 0.2 s: real sleeps overshoot on a loaded
    # machine, and the budget's arithmetic is what is tested.
    clock = [1000.0]
    # (igisoro_service.engine's own reference to the time module: the real one stays as it is.)
    monkeypatch.setattr("igisoro_service.engine.time", types.SimpleNamespace(monotonic=lambda: clock[0]))

    def call(*, timeout: float) -> str:
        given.append(timeout)
        clock[0] += 0.2
        return "done"

    with app.test_request_context():
        assert engine.run("a call", call) == "done"
        assert engine.run("a call", call) == "done"
        with pytest.raises(Problem) as e:
            engine.run("a third call", call)
    assert e.value.status == 503 and "a third call" in e.value.detail
    assert len(given) == 2  # the budget was spent: the third never reached the engine
    assert given[:2] == [pytest.approx(0.3), pytest.approx(0.1)]
    with app.test_request_context():  # a new request has its whole budget
        engine.run("a call", call)
    assert given[2] == pytest.approx(0.3)
