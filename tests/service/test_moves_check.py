"""``POST /v1/moves/check``."""

from __future__ import annotations

import igisoro
import pytest

from igisoro_testing.positions import START

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


# -- canonical notation --------------------------------------------------------

#: Two decision lists reach the same result here; the canonical one is shorter.
TWO_WAYS = "igisoro-wikipedia 9,0,0,0,0,5,5,0/1,4,3,3,1,0,1,1/1,1,1,3,2,1,2,3/0,6,1,1,2,7,0,0 n"


def test_canonical_of_a_longer_decision_list(client):
    move = "d3-cw-cw-p-n-ccw-x-p-r-p-r"
    r = client.post("/v1/moves/check", json={"position": TWO_WAYS, "move": move.split("-")})
    assert r.status_code == 200
    assert r.json["move"] == move
    assert r.json["canonical"] == "d3-cw-cw-p-r-ccw-x-p-r"
    listed = client.post("/v1/legal-moves", json={"position": TWO_WAYS}).json["moves"]
    assert {"move": r.json["canonical"], "result": r.json["result"], "captured": r.json["captured"],
            "laps": r.json["laps"]} in listed


def test_canonical_agrees_with_legal_moves(client):
    for m in client.post("/v1/legal-moves", json={"position": CAPTURES}).json["moves"]:
        r = client.post("/v1/moves/check", json={"position": CAPTURES, "move": m["move"]})
        assert r.json["canonical"] == m["move"] and r.json["result"] == m["result"]


# -- Isolo ---------------------------------------------------------------------

from igisoro_testing.positions import ISOLO, KUCHELEKA  # noqa: E402


def test_isolo_move(client):
    r = client.post("/v1/moves/check", json={"position": ISOLO, "move": "c1"})
    assert r.status_code == 200
    body = r.json
    played = igisoro.Position.from_notation(ISOLO).play("c1")
    assert body["canonical"] == "c1"
    assert body["result"] == {"position": played.position.to_json(), "notation": played.position.notation()}
    assert body["result"]["position"]["to_move"] == "north" and body["result"]["position"]["phase"] == "fore_play"
    assert body["trace"][:3] == [{"type": "decision", "actor": "south", "choice": "c1"},
                                 {"type": "hand", "count": 1}, {"type": "lift", "pit": "c1", "count": 2}]


def test_isolo_move_wins_fore_play(client):
    r = client.post("/v1/moves/check", json={"position": {"variant": "isolo", "pits": [[2] * 4] * 2}, "move": "a1"})
    assert r.status_code == 200
    assert r.json["result"]["notation"] == KUCHELEKA
    assert r.json["status"] == {"state": "ongoing", "winner": None, "reason": None}
    assert any(e["type"] == "capture" for e in r.json["trace"])


@pytest.mark.parametrize("move", ["k5.5.5.2", ["k5.5.5.2"]])
def test_isolo_kucheleka(client, move):
    r = client.post("/v1/moves/check", json={"position": KUCHELEKA, "move": move})
    assert r.status_code == 200
    assert r.json["canonical"] == "k5.5.5.2"
    assert r.json["result"]["position"] == {"variant": "isolo", "rules": {}, "pits": [[2] * 4, [5, 5, 5, 2]],
                                            "to_move": "south", "phase": "main"}


def test_isolo_six_holes(client):
    pos = {"variant": "isolo", "rules": {"holes": 6}, "pits": [[2] * 6, [2] * 6]}
    r = client.post("/v1/moves/check", json={"position": pos, "move": "f1"})
    assert r.status_code == 200
    assert r.json["result"]["position"]["rules"] == {"holes": 6}
    assert r.json["result"]["notation"].startswith("isolo ")


def test_isolo_main_game_win(client):
    # North's last seed (a2) is captured: North, to move, has an empty row.
    r = client.post("/v1/moves/check", json={"position": "isolo 1,0,0,0/0,0,1,2 s phase=main", "move": "d1"})
    assert r.status_code == 200
    assert r.json["result"]["notation"] == "isolo 0,0,0,0/3,2,0,0 n phase=main"
    assert r.json["status"] == {"state": "won", "winner": "south", "reason": "row_emptied"}


@pytest.mark.parametrize(
    ("position", "move", "problem"),
    [
        (ISOLO, "a2", "illegal-move"),  # North's hole
        (ISOLO, "c1-x", "illegal-move"),  # an Isolo turn is one decision
        (ISOLO, "k2.2.2.2", "illegal-move"),  # no arrangement in the fore-play
        (KUCHELEKA, "k5.5.5.3", "illegal-move"),  # 18 seeds, South holds 17
        (KUCHELEKA, "c1", "illegal-move"),
        (KUCHELEKA, "k5.5.5", "illegal-move"),
    ],
)
def test_isolo_illegal(client, unexpected_errors, position, move, problem):
    r = client.post("/v1/moves/check", json={"position": position, "move": move})
    assert r.status_code == 422, r.json
    assert r.json["type"] in (f"urn:igisoro:problem:{problem}", "urn:igisoro:problem:invalid-notation")
    assert r.json["errors"] == {"move": [r.json["detail"]]}
    assert unexpected_errors == []
