"""``/v1/solve`` on the real engine."""

from __future__ import annotations

import igisoro

from igisoro_testing.positions import START

ISOLO = "isolo 2,2,2,2/2,2,2,2 s"


def test_solve_matches_the_python_api(client):
    r = client.post("/v1/solve", json={"position": ISOLO, "nodes": 200_000})
    assert r.status_code == 200, r.json
    body = r.json
    sol = igisoro.Position.from_notation(ISOLO).solve(nodes=200_000)
    assert body["outcome"] == sol.outcome == "win"
    assert body["line"] == list(sol.line) and body["turns"] == sol.turns and body["nodes"] == sol.nodes
    assert body["proof_positions"] == sol.proof_positions and sol.proof_positions >= 1
    assert body["limits"] == {"nodes": 200_000, "time_ms": None} and body["partial"] is False
    assert body["position"] == ISOLO and body["to_move"] == "south"
    assert body["engine_version"] == igisoro.__version__


def test_default_budget_is_the_configured_time(app, client):
    r = client.post("/v1/solve", json={"position": START})
    assert r.status_code == 200, r.json
    assert r.json["limits"] == {"nodes": None, "time_ms": app.config["SOLVE_DEFAULT_TIME_MS"]}
    assert r.json["outcome"] == "unknown" and r.json["line"] == []


def test_budget_above_the_cap_is_a_422_naming_it(app, client):
    top = app.config["MAX_SEARCH_NODES"]
    r = client.post("/v1/solve", json={"position": START, "nodes": top + 1})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert "MAX_SEARCH_NODES" in str(r.json["errors"]["nodes"])


def test_depth_is_not_a_solver_limit(client):
    r = client.post("/v1/solve", json={"position": START, "depth": 3})
    assert r.status_code == 422 and "depth" in r.json["errors"]


def test_bad_position_is_a_problem(client):
    r = client.post("/v1/solve", json={"position": "igisoro 1,2/3 s", "nodes": 10})
    assert r.status_code == 422 and r.json["type"] == "urn:igisoro:problem:invalid-notation"
