"""``POST /v1/legal-moves``: complete moves and step-wise mode."""

from __future__ import annotations

import igisoro
import pytest

from igisoro_testing.positions import START



def test_start_position_all_moves(client):
    r = client.post("/v1/legal-moves", json={"position": START})
    assert r.status_code == 200
    body = r.json
    assert body["count"] == 8 == len(body["moves"])
    assert body["truncated"] is False
    assert [m["move"] for m in body["moves"]] == ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]
    start = igisoro.Position.from_notation(START)
    for m in body["moves"]:
        played = start.play(m["move"])
        assert m["result"]["notation"] == played.position.notation()
        assert m["result"]["position"] == played.position.to_json()
        assert (m["captured"], m["laps"]) == (played.captured, played.laps)


def test_limit_truncates(client):
    r = client.post("/v1/legal-moves", json={"position": START, "limit": 3})
    assert r.status_code == 200
    assert r.json["count"] == 3 and r.json["truncated"] is True and r.json["limit"] == 3


def test_json_position_input(client):
    pos = igisoro.Position.start("igisoro-fr").to_json()
    r = client.post("/v1/legal-moves", json={"position": pos, "limit": 1})
    assert r.status_code == 200 and r.json["count"] == 1


def test_default_limit_is_max(app, client):
    app.config["MAX_LEGAL_MOVES"] = 5
    r = client.post("/v1/legal-moves", json={"position": START})
    assert r.json["limit"] == 5 and r.json["count"] == 5 and r.json["truncated"] is True


@pytest.mark.parametrize("partial", ["", []])
def test_stepwise_start(client, partial):
    r = client.post("/v1/legal-moves", json={"position": START, "partial": partial})
    assert r.status_code == 200
    assert r.json == {"complete": False, "actor": "south", "role": "mover",
                      "options": ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"]}


@pytest.mark.parametrize("partial", ["e2", ["e2"]])
def test_stepwise_complete(client, partial):
    r = client.post("/v1/legal-moves", json={"position": START, "partial": partial})
    assert r.status_code == 200
    body = r.json
    assert body["complete"] is True
    played = igisoro.Position.from_notation(START).play("e2")
    assert body["result"]["notation"] == played.position.notation()
    assert (body["captured"], body["laps"]) == (played.captured, played.laps)


def test_stepwise_walks_to_every_complete_move(client):
    """Following every option from the start reaches exactly the complete moves."""
    pos = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"
    complete = {m["result"]["notation"]
                for m in client.post("/v1/legal-moves", json={"position": pos}).json["moves"]}
    reached, roles, stack = set(), set(), [[]]
    while stack:
        prefix = stack.pop()
        d = client.post("/v1/legal-moves", json={"position": pos, "partial": prefix}).json
        if d["complete"]:
            reached.add(d["result"]["notation"])
        else:
            roles.add(d["role"])
            stack.extend(prefix + [o] for o in d["options"])
    assert reached == complete
    assert roles == {"mover", "opponent"}  # the opponent's retreat decision shows up


def test_stepwise_illegal_prefix(client):
    r = client.post("/v1/legal-moves", json={"position": START, "partial": "e3"})
    assert r.status_code == 422
    body = r.json
    assert body["type"] == "urn:igisoro:problem:illegal-move"
    assert "decision 0 ('e3') is not possible" in body["detail"]
    assert list(body["errors"]) == ["partial"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "position"),
        ({"position": 7}, "position"),
        ({"position": ""}, "position"),
        ({"position": START, "limit": 0}, "limit"),
        ({"position": START, "limit": 1001}, "limit"),
        ({"position": START, "limit": 10**30}, "limit"),
        ({"position": START, "limit": 2.5}, "limit"),
        ({"position": START, "limit": True}, "limit"),
        ({"position": START, "limit": "3"}, "limit"),
        ({"position": START, "partial": 3}, "partial"),
        ({"position": START, "partial": [1, 2]}, "partial"),
        ({"position": START, "partial": ["a2"] * 201}, "partial"),
        ({"position": START, "partial": ["k" * 65]}, "partial"),
        ({"position": START, "partial": "a" * 1001}, "partial"),
        ({"position": "x" * 1001}, "position"),
        ({"position": START, "extra": 1}, "extra"),
    ],
)
def test_validation_errors(client, unexpected_errors, body, field):
    r = client.post("/v1/legal-moves", json=body)
    assert r.status_code == 422, r.json
    assert r.json["type"] == "urn:igisoro:problem:validation-error"
    assert field in r.json["errors"]
    assert unexpected_errors == []


@pytest.mark.parametrize(
    ("position", "problem", "path"),
    [
        ("igisoro 1,2,3 s", "invalid-notation", "position"),
        ("nosuch 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s", "unknown-variant", "position"),
        ({"pits": [[0] * 8] * 4}, "invalid-position", "position.pits"),
        ({"pits": [[2] * 8] * 4, "colour": "red"}, "invalid-position", "position.colour"),
        ({"pits": [[2] * 8] * 4, "rules": {"min_seeds": "two"}}, "invalid-position", "position.rules.min_seeds"),
        ({"pits": [[2**70] * 8] * 4}, "invalid-position", "position.pits[0][0]"),
        ({"pits": [[1.5] * 8] * 4}, "invalid-position", "position.pits[0][0]"),
        ({"pits": [[2] * 8] * 4, "to_move": "east"}, "invalid-position", "position.to_move"),
        ({"pits": [[2] * 8] * 4, "variant": 3}, "invalid-position", "position.variant"),
        ({"pits": [list(range(10000))]}, "invalid-position", "position.pits"),
    ],
)
def test_engine_rejects_position(client, unexpected_errors, position, problem, path):
    r = client.post("/v1/legal-moves", json={"position": position})
    assert r.status_code == 422
    assert r.content_type == "application/problem+json"
    assert r.json["type"] == f"urn:igisoro:problem:{problem}"
    # Keyed by the JSON path of the bad part (issue 30); notation: the field.
    assert r.json["errors"] == {path: [r.json["detail"]]}
    assert unexpected_errors == []


def test_finished_game_has_no_moves(client):
    # South has seeds only in pits it cannot start from (min_seeds 2).
    pos = {"pits": [[8] * 8, [0] * 8, [0] * 8, [0] * 8], "to_move": "south"}
    r = client.post("/v1/legal-moves", json={"position": pos})
    assert r.status_code == 200
    assert r.json["count"] == 0 and r.json["moves"] == []


@pytest.mark.parametrize("rules", [None, False, 0, "", []])
def test_rules_must_be_an_object(client, rules):
    r = client.post("/v1/legal-moves", json={"position": {"pits": [[2] * 8] * 4, "rules": rules}})
    assert r.status_code == 422
    assert r.json["errors"] == {"position": {"rules": ["Must be an object of rule option values."]}}


# -- Isolo (2 x n) -------------------------------------------------------------

from igisoro_testing.positions import ISOLO, KUCHELEKA, SLOW, SLOW_LIMIT  # noqa: E402


def test_isolo_start_all_moves(client):
    r = client.post("/v1/legal-moves", json={"position": ISOLO})
    assert r.status_code == 200
    body = r.json
    assert [m["move"] for m in body["moves"]] == ["a1", "b1", "c1", "d1"]
    start = igisoro.Position.from_notation(ISOLO)
    for m in body["moves"]:
        played = start.play(m["move"])
        assert m["result"] == {"position": played.position.to_json(), "notation": played.position.notation()}
        assert (m["captured"], m["laps"]) == (played.captured, played.laps)
    # a1 wins the fore-play at once: South arranges next (docs/ISOLO.md).
    assert body["moves"][0]["result"]["notation"] == KUCHELEKA


def test_isolo_json_six_holes(client):
    pos = {"variant": "isolo", "rules": {"holes": 6}, "pits": [[2] * 6, [2] * 6]}
    r = client.post("/v1/legal-moves", json={"position": pos})
    assert r.status_code == 200
    assert [m["move"] for m in r.json["moves"]] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    for m in r.json["moves"]:
        assert [len(row) for row in m["result"]["position"]["pits"]] == [6, 6]
        assert "phase" in m["result"]["position"] and "opening_plies" not in m["result"]["position"]


def test_isolo_kucheleka_moves_truncated(client):
    r = client.post("/v1/legal-moves", json={"position": KUCHELEKA, "limit": 5})
    assert r.status_code == 200
    body = r.json
    assert body["count"] == 5 and body["truncated"] is True
    for m in body["moves"]:
        assert m["move"].startswith("k")
        counts = [int(c) for c in m["move"][1:].split(".")]
        assert m["result"]["position"]["pits"] == [[2] * 4, counts]  # North gets 2 per hole
        assert m["result"]["position"]["phase"] == "main"
        assert sum(counts) == 17


def test_isolo_stepwise(client):
    r = client.post("/v1/legal-moves", json={"position": ISOLO, "partial": ""})
    assert r.json == {"complete": False, "actor": "south", "role": "mover", "options": ["a1", "b1", "c1", "d1"]}
    r = client.post("/v1/legal-moves", json={"position": KUCHELEKA, "partial": []})
    assert r.json["complete"] is False and "k5.5.5.2" in r.json["options"]
    # C(17 + 3, 3) arrangements of 17 seeds over 4 holes: all offered.
    assert len(r.json["options"]) == 1140
    r = client.post("/v1/legal-moves", json={"position": KUCHELEKA, "partial": ["k5.5.5.2"]})
    assert r.json["complete"] is True
    assert r.json["result"]["notation"] == "isolo 2,2,2,2/5,5,5,2 s phase=main"


@pytest.mark.parametrize(
    ("position", "partial"),
    [(ISOLO, "a2"), (ISOLO, "e1"), (KUCHELEKA, "k5.5.5.3"), (KUCHELEKA, "a1")],
)
def test_isolo_stepwise_illegal(client, unexpected_errors, position, partial):
    r = client.post("/v1/legal-moves", json={"position": position, "partial": partial})
    assert r.status_code == 422
    assert r.json["type"] in ("urn:igisoro:problem:illegal-move", "urn:igisoro:problem:invalid-notation")
    assert list(r.json["errors"]) == ["partial"]
    assert unexpected_errors == []


@pytest.mark.parametrize(
    "position",
    [
        {"variant": "isolo", "pits": [[2] * 4] * 3},
        {"variant": "isolo", "pits": [[2] * 9] * 2},
        {"variant": "isolo", "pits": [[2] * 3] * 2},
        {"variant": "isolo", "pits": [[2] * 4, [2] * 5]},
        {"variant": "isolo", "pits": [[2] * 4] * 2, "rules": {"holes": 6}},
        {"variant": "isolo", "pits": [[2] * 4] * 2, "phase": "middle"},
        {"variant": "isolo", "pits": [[2] * 4] * 2, "phase": "kucheleka"},
        {"variant": "isolo", "pits": [[2] * 4] * 2, "opening_plies": 2},
        {"variant": "isolo", "pits": [[2] * 4] * 2, "rules": {"capture": "optional"}},
        {"variant": "isolo", "pits": [[30001, 0, 0, 0], [2] * 4]},
        {"pits": [[2] * 8] * 4, "phase": "main"},
        {"pits": [[2] * 8] * 4, "rules": {"holes": 4}},
        "isolo 2,2,2/2,2,2 s",
        "isolo 2,2,2,2/2,2,2,2 s phase=later",
    ],
)
def test_isolo_engine_rejects_position(client, unexpected_errors, position):
    r = client.post("/v1/legal-moves", json={"position": position})
    assert r.status_code == 422, r.json
    assert r.json["type"] in ("urn:igisoro:problem:invalid-position", "urn:igisoro:problem:invalid-notation")
    [(key, messages)] = r.json["errors"].items()
    assert key.split(".")[0] == "position" and messages == [r.json["detail"]]
    assert unexpected_errors == []


def test_reverse_pits_empty_name_rejected(client, unexpected_errors):
    r = client.post("/v1/legal-moves", json={"position": {"pits": [[2] * 8] * 4, "rules": {"reverse_pits": [""]}}})
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:invalid-position"
    assert unexpected_errors == []


# -- time limit ------------------------------------------------------------------


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_slow_position_times_out(app, client):
    import time

    app.extensions["igisoro_engine"].timeout = 0.3
    app.config["MAX_LEGAL_MOVES"] = SLOW_LIMIT
    t = time.monotonic()
    r = client.post("/v1/legal-moves", json={"position": SLOW, "limit": SLOW_LIMIT})
    elapsed = time.monotonic() - t
    assert r.status_code == 503
    assert r.json["type"] == "urn:igisoro:problem:engine-timeout"
    assert "0.3 s" in r.json["detail"]
    assert elapsed < 3  # the engine stopped at its budget, not when it was done


def test_isolo_kucheleka_sample_when_too_many(client):
    # 30 seeds over 4 holes: C(33, 3) = 5456 arrangements, over the 2000 listed.
    pos = "isolo 0,0,0,0/10,10,5,5 s phase=kucheleka"
    options = client.post("/v1/legal-moves", json={"position": pos, "partial": ""}).json["options"]
    moves = client.post("/v1/legal-moves", json={"position": pos}).json["moves"]
    assert [m["move"] for m in moves] == options
    assert {"k8.8.7.7", "k10.10.5.5", "k30.0.0.0"} <= set(options) and len(options) < 10
    # Any valid arrangement can still be played.
    r = client.post("/v1/moves/check", json={"position": pos, "move": "k1.2.3.24"})
    assert r.status_code == 200 and r.json["canonical"] == "k1.2.3.24"
    # ... step-wise too: the unlisted arrangement completes the turn.
    r = client.post("/v1/legal-moves", json={"position": pos, "partial": "k1.2.3.24"})
    assert r.status_code == 200 and r.json["complete"] is True, r.json
    assert r.json["result"]["notation"] == "isolo 2,2,2,2/1,2,3,24 s phase=main"
    # An invalid one is refused with the reason, not with the sample of options.
    r = client.post("/v1/moves/check", json={"position": pos, "move": "k1.2.3.4"})
    assert r.status_code == 422 and "holds exactly 30" in r.json["detail"], r.json


def test_a_decision_mid_turn_shows_the_board_so_far_and_the_pits_at_stake(client):
    """Issue 32: the board shows the partly sown position at a decision, with
    the pits each option concerns (a capture's pits, a retreat's, the relay's
    start), replayed from the move's trace."""
    pos = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"
    p = igisoro.Position.from_notation(pos)
    d = client.post("/v1/legal-moves", json={"position": pos, "partial": ["g2"]}).json
    assert d["options"] == ["p", "x"]
    # g2's four seeds sown: g2 emptied, h2 and the next pits (counter-clockwise
    # along South's inner row) one more each, the lap ending in c2.
    before = p.to_json()["pits"]
    assert before[2] == [0, 6, 6, 1, 0, 4, 4, 4]
    assert d["pits_so_far"][2] == [0, 6, 7, 2, 1, 5, 0, 4]
    assert d["pits_so_far"][0:2] == before[0:2] and d["pits_so_far"][3] == before[3]
    capture = [e for e in p.play("g2-x").trace if e["type"] == "capture"][0]
    assert d["at_stake"]["x"][:2] == capture["pits"] == ["c3", "c4"]
    assert d["at_stake"]["p"] == []
    # The sowing so far, to animate: the played move's trace up to this decision.
    played = p.play("g2-p-r").trace
    assert d["trace_so_far"] == played[:len(d["trace_so_far"])]
    assert played[len(d["trace_so_far"])] == {"type": "decision", "actor": "south", "choice": "p"}
    # The opponent's retreat: the pit the seeds leave, the pit they reach, then the relay.
    d = client.post("/v1/legal-moves", json={"position": pos, "partial": "g2-p"}).json
    assert d["role"] == "opponent" and d["pits_so_far"][2] == [0, 6, 7, 2, 1, 5, 0, 4]
    assert d["at_stake"] == {"n": ["c2"], "r": ["c3", "c4", "c2"]}
    # At the start of a turn the board is the position itself: nothing added.
    assert "pits_so_far" not in client.post("/v1/legal-moves", json={"position": pos, "partial": []}).json
