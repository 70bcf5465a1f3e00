"""``POST /v1/moves/check``."""

from __future__ import annotations

import igisoro
import pytest

from .conftest import START

CAPTURES = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"


@pytest.mark.parametrize("move", ["e2", ["e2"]])
def test_legal_move(client, move):
    r = client.post("/v1/moves/check", json={"position": START, "move": move})
    assert r.status_code == 200
    body = r.json
    played = igisoro.Position.from_notation(START).play("e2")
    assert body["legal"] is True and body["move"] == "e2"
    assert body["result"] == {"position": played.position.to_json(), "notation": played.position.notation()}
    assert body["status"] == {"state": "ongoing", "winner": None, "reason": None}
    assert (body["captured"], body["laps"]) == (0, 2)
    assert body["trace"][0] == {"type": "decision", "actor": "south", "choice": "e2"}
    assert [e["pit"] for e in body["trace"] if e["type"] == "sow"][:4] == ["d2", "c2", "b2", "a2"]


def test_capture_with_opponent_retreat(client):
    r = client.post("/v1/moves/check", json={"position": CAPTURES, "move": "d1-x-p-r"})
    assert r.status_code == 200
    types = {e["type"] for e in r.json["trace"]}
    assert {"capture", "retreat", "decision"} <= types
    assert r.json["captured"] > 0


def test_json_position(client):
    pos = igisoro.Position.from_notation(START).to_json()
    r = client.post("/v1/moves/check", json={"position": pos, "move": "a2"})
    assert r.status_code == 200


@pytest.mark.parametrize(
    ("move", "says"),
    [
        ("e3", "decision 0 ('e3') is not possible: the mover must choose one of [a2, b2"),
        ("e2-x", "the turn is already complete before decision 1"),
    ],
)
def test_illegal_move_says_why(client, unexpected_errors, move, says):
    r = client.post("/v1/moves/check", json={"position": START, "move": move})
    assert r.status_code == 422
    assert r.content_type == "application/problem+json"
    body = r.json
    assert body["type"] == "urn:igisoro:problem:illegal-move"
    assert says in body["detail"]
    assert body["errors"] == {"move": [body["detail"]]}
    assert unexpected_errors == []


@pytest.mark.parametrize("move", ["E2!", "", "e2--x"])
def test_bad_move_syntax(client, move):
    r = client.post("/v1/moves/check", json={"position": START, "move": move})
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:invalid-notation"
    assert move in r.json["detail"] and r.json["errors"] == {"move": [r.json["detail"]]}


@pytest.mark.parametrize("body", [{"position": START}, {"move": "e2"}, {"position": START, "move": {"a": 1}}])
def test_missing_or_wrong_fields(client, body):
    r = client.post("/v1/moves/check", json=body)
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:validation-error"
