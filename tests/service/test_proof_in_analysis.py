"""``/v1/evaluate`` with ``time_ms`` answers a position the solver proves
within its share with the proof (``stopped_by: "solved"``, issue 41, target
4), and the cache keeps it as it keeps a proven analysis."""

from __future__ import annotations

from flask.testing import FlaskClient

#: ``igisoro/g6/middle`` of the reference set: North to move wins.
WIN = "igisoro 3,3,1,5,6,1,3,0/3,1,0,1,5,2,3,4/0,0,0,0,6,1,3,2/0,0,2,5,0,2,0,2 n"


def test_evaluate_with_time_says_solved(client: FlaskClient) -> None:
    # 5 s: the solver's share (1 s) is a hundred times what this proof takes,
    # and the answer comes as soon as it is proven.
    r = client.post("/v1/evaluate", json={"position": WIN, "time_ms": 5000})
    assert r.status_code == 200
    body = r.json
    assert body["stopped_by"] == "solved" and body["partial"] is False and body["cached"] is False
    assert body["score"]["type"] == "win" and body["win_probability"] == 1.0
    assert body["best_move"] == body["pv"][0] and len(body["lines"]) == 1
    # A proof answers any later request for the position, as a proven one does.
    again = client.post("/v1/evaluate", json={"position": WIN, "depth": 6})
    assert again.json["cached"] is True and again.json["stopped_by"] == "solved"


def test_evaluate_with_depth_does_not_solve(client: FlaskClient) -> None:
    r = client.post("/v1/evaluate", json={"position": WIN, "depth": 2})
    assert r.status_code == 200 and r.json["stopped_by"] != "solved"
