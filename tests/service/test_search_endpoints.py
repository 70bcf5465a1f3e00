"""``/v1/evaluate`` and ``/v1/best-move`` on the real engine."""

from __future__ import annotations

import time

import pytest

import igisoro
from igisoro_service import create_app

from igisoro_testing.positions import ISOLO, START

#: South wins in one turn (rust_core/tests/search_forced.rs).
WIN_1 = "igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s"
#: South's single seeds cannot start a turn: the game is over.
LOST = "igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 s"


def _legal(position: str) -> set[str]:
    return {m.notation for m in igisoro.Position.from_notation(position).legal_moves()}


def test_evaluate_matches_the_python_api(client):
    r = client.post("/v1/evaluate", json={"position": START, "depth": 4})
    assert r.status_code == 200, r.json
    body = r.json
    a = igisoro.Position.from_notation(START).analyse(depth=4)
    assert (body["best_move"], body["pv"], body["depth"], body["nodes"]) == (a.best_move, list(a.pv), 4, a.nodes)
    assert body["score"] == a.score.to_json()
    assert body["stopped_by"] == "depth" and body["partial"] is False
    assert body["limits"] == {"depth": 4, "nodes": None, "time_ms": None, "multipv": 1}
    assert body["engine_version"] == igisoro.__version__ == r.headers["X-Engine-Version"]
    assert body["to_move"] == "south" and body["best_move"] in _legal(START)


def test_default_depth(app, client):
    r = client.post("/v1/evaluate", json={"position": START})
    assert r.status_code == 200
    assert r.json["limits"]["depth"] == app.config["DEFAULT_SEARCH_DEPTH"] == r.json["depth"]


def test_multipv_lines_are_ordered(client):
    r = client.post("/v1/evaluate", json={"position": START, "depth": 3, "multipv": 4})
    lines = r.json["lines"]
    assert len(lines) == 4 and len({ln["move"] for ln in lines}) == 4
    values = [ln["score"]["value"] for ln in lines]
    assert values == sorted(values, reverse=True)
    assert lines[0]["move"] == r.json["best_move"] and all(ln["pv"][0] == ln["move"] for ln in lines)


def test_node_limit_is_exact_and_reproducible(client):
    bodies = [client.post("/v1/evaluate", json={"position": START, "nodes": 300}).json for _ in range(2)]
    assert bodies[0]["nodes"] <= 300 and bodies[0]["stopped_by"] == "nodes"
    strip = [{k: v for k, v in b.items() if k != "time_ms"} for b in bodies]
    assert strip[0] == strip[1]


def test_forced_win_and_game_over(client):
    r = client.post("/v1/evaluate", json={"position": WIN_1, "depth": 3})
    assert r.json["score"] == {"type": "win", "turns": 1} and r.json["stopped_by"] == "proven"
    r = client.post("/v1/best-move", json={"position": LOST})
    assert r.status_code == 200
    assert r.json["best_move"] is None and r.json["score"] == {"type": "loss", "turns": 0}
    assert r.json["stopped_by"] == "game_over"


def test_isolo(client):
    r = client.post("/v1/evaluate", json={"position": ISOLO, "nodes": 2000})
    assert r.status_code == 200 and r.json["best_move"] in _legal(ISOLO)


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_deadline_gives_a_partial_result():
    """Depth 20 cannot finish within a 0.3 s request budget: the answer is
    the best so far, flagged, and arrives near the deadline."""
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 0.3})
    t = time.monotonic()
    r = app.test_client().post("/v1/evaluate", json={"position": START, "depth": 20})
    took = time.monotonic() - t
    assert r.status_code == 200, r.json
    assert r.json["partial"] is True and r.json["stopped_by"] == "deadline"
    assert r.json["depth"] < 20 and r.json["best_move"] in _legal(START)
    assert took < 0.3 + 1.0


def test_own_time_limit_is_not_partial(client):
    r = client.post("/v1/evaluate", json={"position": START, "time_ms": 50})
    assert r.json["stopped_by"] == "time" and r.json["partial"] is False


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"position": START, "depth": 0}, "depth"),
        ({"position": START, "depth": 21}, "depth"),
        ({"position": START, "depth": "3"}, "depth"),
        ({"position": START, "depth": True}, "depth"),
        ({"position": START, "depth": 2.5}, "depth"),
        ({"position": START, "nodes": 0}, "nodes"),
        ({"position": START, "nodes": 10**30}, "nodes"),
        ({"position": START, "time_ms": 10_001}, "time_ms"),
        ({"position": START, "time_ms": -5}, "time_ms"),
        ({"position": START, "multipv": 17}, "multipv"),
        ({"position": START, "level": 3}, "level"),  # /v1/evaluate takes no level
        ({"depth": 3}, "position"),
    ],
)
def test_bad_limits_are_422(client, unexpected_errors, body, field):
    r = client.post("/v1/evaluate", json=body)
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    assert field in r.json["errors"], r.json
    assert unexpected_errors == []


def test_bad_position_is_422(client):
    r = client.post("/v1/evaluate", json={"position": "igisoro 1,2,3 s"})
    assert r.status_code == 422 and r.json["type"] == "urn:igisoro:problem:invalid-notation"


def test_caps_follow_the_config():
    # No cache of analyses: a deeper analysis stored by another run would answer instead.
    app = create_app({"TESTING": True, "MAX_SEARCH_DEPTH": 3, "DEFAULT_SEARCH_DEPTH": 2, "DEFAULT_REVIEW_DEPTH": 2,
                      "CACHE_URL": "off"})
    c = app.test_client()
    assert c.post("/v1/evaluate", json={"position": START, "depth": 4}).status_code == 422
    assert "MAX_SEARCH_DEPTH" in c.post("/v1/evaluate", json={"position": START, "depth": 4}).json["errors"]["depth"][0]
    assert c.post("/v1/evaluate", json={"position": START}).json["depth"] == 2


# -- best move -------------------------------------------------------------------


def test_best_move_without_level_is_the_search(client):
    best = client.post("/v1/best-move", json={"position": START, "depth": 4, "multipv": 2}).json
    ev = client.post("/v1/evaluate", json={"position": START, "depth": 4, "multipv": 2}).json
    assert best["best_move"] == ev["best_move"] and best["lines"] == ev["lines"]


@pytest.mark.parametrize("level", range(1, 11))
def test_levels_play_legal_moves_reproducibly(client, level):
    body = {"position": START, "level": level, "time_ms": 60, "seed": 11}
    a = client.post("/v1/best-move", json=body).json
    assert a["best_move"] in _legal(START)
    assert a["limits"] == {"level": level, "time_ms": 60, "seed": 11, "multipv": 1}
    assert len(a["lines"]) == 1
    if level < 10:  # fixed depth: the same seed gives the same move
        assert client.post("/v1/best-move", json=body).json["best_move"] == a["best_move"]


def test_level_defaults(app, client):
    a = client.post("/v1/best-move", json={"position": START, "level": 2}).json
    assert a["limits"] == {"level": 2, "time_ms": app.config["DEFAULT_MOVE_TIME_MS"], "seed": 0, "multipv": 1}


def test_weak_levels_vary_with_the_seed(client):
    moves = {client.post("/v1/best-move", json={"position": START, "level": 1, "seed": s}).json["best_move"]
             for s in range(12)}
    assert len(moves) > 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"position": START, "level": 0}, "level"),
        ({"position": START, "level": 11}, "level"),
        ({"position": START, "level": 5, "depth": 3}, "depth"),
        ({"position": START, "level": 5, "nodes": 3}, "nodes"),
        ({"position": START, "seed": 3}, "seed"),
        ({"position": START, "level": 5, "seed": -1}, "seed"),
        ({"position": START, "level": 5, "seed": 2**64}, "seed"),
        ({"position": START, "level": 10, "multipv": 3}, "multipv"),  # it would get one line
    ],
)
def test_bad_best_move_requests(client, unexpected_errors, body, field):
    r = client.post("/v1/best-move", json=body)
    assert r.status_code == 422 and field in r.json["errors"], r.json
    assert unexpected_errors == []


def test_win_probability_in_every_analysis(client):
    """evaluate, best move and batch state the side to move's win probability."""
    a = igisoro.Position.from_notation(START).analyse(depth=3)
    r = client.post("/v1/evaluate", json={"position": START, "depth": 3})
    assert r.json["win_probability"] == a.win_probability and 0 < a.win_probability < 1
    r = client.post("/v1/best-move", json={"position": WIN_1, "depth": 2})
    assert r.json["score"]["type"] == "win" and r.json["win_probability"] == 1.0
    r = client.post("/v1/analysis/batch", json={"positions": [START, LOST], "depth": 3})
    items = r.json["results"]
    assert items[0]["win_probability"] == a.win_probability and items[1]["win_probability"] == 0.0
    # Whose chance it is, as /v1/evaluate says.
    assert [x["to_move"] for x in items] == [igisoro.Position.from_notation(p).to_move for p in (START, LOST)]
