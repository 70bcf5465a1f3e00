"""Adversarial time limits over HTTP (issue 30): with ``ENGINE_TIMEOUT`` from
1 ms to 1 s, every request on the worst positions we know answers within the
limit plus the documented margin (``docs/ARCHITECTURE.md``, "Time"; the same
as ``tests/test_budget_adversarial.py``), with its answer (maybe
``partial``) or a 503 ``engine-timeout`` problem, never later. And a
response's size is bounded: a move's trace is capped at
``MAX_TRACE_EVENTS`` events (``trace_truncated``). About 10 s in all.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask.testing import FlaskClient

import igisoro
from igisoro_service import create_app
from igisoro_testing.limits import MARGIN, SLACK
from igisoro_testing.positions import ISOLO_ARRANGE, ISOLO_BIG, RELAY, SLOW, longest

#: Run alone, after the parallel run (scripts/test.sh): every test measures how long a request took.
pytestmark = pytest.mark.serial

LIMITS = (0.001, 0.01, 0.1)
POSITIONS = (SLOW, RELAY, ISOLO_BIG, ISOLO_ARRANGE)


def client(limit: float, tmp_path: Any) -> FlaskClient:
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": limit, "JOB_DIR": str(tmp_path),
                      "MAX_LEGAL_MOVES": 1_000_000})
    return app.test_client()


def within(limit: float, c: FlaskClient, path: str, body: dict[str, Any]) -> Any:
    """The response to ``body``, which must come within the limit and the
    margin (on a second try at worst: see ``tests/test_budget_adversarial.py``'s
    ``within``), as an answer or a 503 problem."""
    for attempt in (1, 2):
        t = time.monotonic()
        r = c.post(path, json=body)
        took = time.monotonic() - t
        if took <= limit * (1 + SLACK) + MARGIN:
            break
    assert took <= limit * (1 + SLACK) + MARGIN, f"{path} took {took:.3f} s for a limit of {limit} s (twice)"
    assert r.status_code in (200, 503), (path, r.status_code, r.json)
    if r.status_code == 503:
        assert r.json["type"] in ("urn:igisoro:problem:engine-timeout", "urn:igisoro:problem:overloaded"), r.json
    return r


def requests(notation: str) -> list[tuple[str, dict[str, Any]]]:
    move = longest(igisoro.Position.from_notation(notation))
    return [
        ("/v1/legal-moves", {"position": notation, "limit": 1_000_000}),
        ("/v1/moves/check", {"position": notation, "move": move}),
        ("/v1/evaluate", {"position": notation, "depth": 20}),
        ("/v1/best-move", {"position": notation, "level": 10}),
        ("/v1/solve", {"position": notation}),
        ("/v1/games/review", {"position": notation, "moves": [move], "depth": 20}),
    ]


@pytest.mark.parametrize("notation", POSITIONS)
def test_every_request_answers_within_its_limit(notation: str, tmp_path: Any) -> None:
    reqs = requests(notation)
    for limit in LIMITS:
        c = client(limit, tmp_path)
        for path, body in reqs:
            within(limit, c, path, body)


def test_one_second_on_the_worst_list_and_search(tmp_path: Any) -> None:
    c = client(1.0, tmp_path)
    within(1.0, c, "/v1/legal-moves", {"position": SLOW, "limit": 1_000_000})
    within(1.0, c, "/v1/evaluate", {"position": SLOW, "depth": 20})


def test_a_giant_trace_is_capped_over_http(tmp_path: Any) -> None:
    c = client(10.0, tmp_path)
    r = c.post("/v1/moves/check", json={"position": ISOLO_BIG, "move": longest(igisoro.Position.from_notation(ISOLO_BIG))})
    assert r.status_code == 200
    assert r.json["trace_truncated"] is True and len(r.json["trace"]) == igisoro.MAX_TRACE_EVENTS
    assert len(r.data) < 1_000_000
    r = c.post("/v1/moves/check", json={"position": SLOW, "move": "a1"})
    assert r.status_code in (200, 422)
