"""Omweso and Mweso over the API (issue 42's service slice): listed with the
other variants, the set-up answered with its rule, arrangements played and
refused with their error codes, and no endpoint that takes a position
failing on a set-up position. The real engine throughout."""

from __future__ import annotations

import math
from typing import Any

import pytest
from flask.testing import FlaskClient

import igisoro

SETUP = "omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup"
#: After South's even arrangement: North arranges, seeing it.
NORTH_SETUP = "omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 n phase=setup"
SETUP_JSON = {"variant": "omweso", "pits": [[4] * 8, [0] * 8, [0] * 8, [4] * 8], "phase": "setup"}
MWESO_SETUP = SETUP.replace("omweso", "mweso", 1)
EVEN = "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2"
OUTER = "k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4"
#: In the sowing phase (both sides arranged evenly).
PLAY = "omweso 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s"
PROBLEM = "application/problem+json"


def _problem(r: Any, status: int = 422, type_: str = "illegal-move", code: str | None = None) -> dict[str, Any]:
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.content_type == PROBLEM
    body: dict[str, Any] = r.json
    assert body["type"] == f"urn:igisoro:problem:{type_}"
    assert body["status"] == status and body["title"] and body["detail"]
    assert body.get("code") == code
    return body


# -- the listing ---------------------------------------------------------


def test_omweso_and_mweso_are_listed_after_the_others(client: FlaskClient) -> None:
    body = client.get("/v1/variants").json
    names = [v["name"] for v in body["variants"]]
    assert names[0] == body["default"] == "igisoro"
    assert names[-2:] == ["omweso", "mweso"]
    for v in body["variants"][-2:]:
        assert v["board"] == "omweso" and v["aliases"] == []
        # The start is the set-up: 4 seeds in each outer pit, South to arrange.
        assert v["start"]["position"] == {"variant": v["name"], "rules": {}, "pits": SETUP_JSON["pits"],
                                          "to_move": "south", "phase": "setup", "winner": None}
        assert v["start"]["notation"] == (SETUP if v["name"] == "omweso" else MWESO_SETUP)
    omweso, mweso = body["variants"][-2:]
    # The sources are cited, and docs/OMWESO.md pins their reading.
    assert "Wikipedia" in omweso["source"] and "docs/OMWESO.md" in omweso["source"]
    assert "Shackell" in mweso["source"] and "Ludii" in mweso["source"]
    # Where the sources differ, the options say so (docs/OMWESO.md, "Variants").
    assert omweso["rules"] == {"min_seeds": 2, "captured_sowing": "lap_origin", "after_capture": "sow_on",
                               "clockwise": "capture_only", "reverse_pits": ["a1", "a2", "b1", "b2"],
                               "end_pits_win": True}
    assert mweso["rules"] == {**omweso["rules"], "after_capture": "relay_capturing_pit", "clockwise": "first_lap",
                              "end_pits_win": False}


def test_omwesos_rule_options_with_their_values(client: FlaskClient) -> None:
    options = {o["name"]: o for o in client.get("/v1/variants").json["rule_options"] if o["board"] == "omweso"}
    assert set(options) == {"min_seeds", "captured_sowing", "after_capture", "clockwise", "reverse_pits",
                            "end_pits_win"}
    assert options["captured_sowing"]["values"] == ["lap_origin", "turn_start"]
    assert options["after_capture"]["values"] == ["sow_on", "relay_capturing_pit"]
    assert options["clockwise"]["values"] == ["capture_only", "first_lap", "never"]
    assert (options["min_seeds"]["min"], options["min_seeds"]["max"]) == (1, 64)
    assert options["end_pits_win"]["kind"] == "bool" and options["reverse_pits"]["kind"] == "pits"
    # Its own words, not the 4x8 family's option of the same name.
    assert options["clockwise"]["description"] == "when a lap may run clockwise"
    fr = {o["name"]: o for o in client.get("/v1/variants?lang=fr").json["rule_options"] if o["board"] == "omweso"}
    assert fr["clockwise"]["description"] != options["clockwise"]["description"]


def test_an_omweso_rule_override_is_read_and_a_4x8_value_refused(client: FlaskClient) -> None:
    r = client.post("/v1/positions/validate",
                    json={"position": {**SETUP_JSON, "rules": {"clockwise": "never", "end_pits_win": False}}})
    assert r.status_code == 200
    assert r.json["rules"]["clockwise"] == "never" and r.json["position"]["rules"] == {
        "clockwise": "never", "end_pits_win": False}
    r = client.post("/v1/positions/validate", json={"position": {**SETUP_JSON, "rules": {"clockwise": "whole_turn"}}})
    _problem(r, type_="invalid-position")
    r = client.post("/v1/positions/validate", json={"position": {**SETUP_JSON, "phase": "later"}})
    assert "position.phase" in _problem(r, type_="invalid-position")["errors"]


# -- the set-up over /v1/legal-moves -------------------------------------


@pytest.mark.parametrize("position", [SETUP, SETUP_JSON, MWESO_SETUP])
def test_legal_moves_answers_the_setup_with_its_rule(client: FlaskClient, position: Any) -> None:
    r = client.post("/v1/legal-moves", json={"position": position})
    assert r.status_code == 200
    body = r.json
    assert (body["count"], body["truncated"], body["moves"]) == (0, True, [])
    rule = body["arrangement"]
    assert rule["side"] == "south" and rule["seeds"] == 32
    assert rule["pits"] == [c + "2" for c in "abcdefgh"] + [c + "1" for c in "abcdefgh"]
    assert rule["arrangements"] == math.comb(47, 15) == 751_616_304_549
    assert rule["notation"] == "k<8 counts>/<8 counts>"
    # The examples are valid arrangements, and match the pattern.
    assert rule["examples"] == [OUTER, EVEN]
    start = igisoro.Position.read(position)
    for example in rule["examples"]:
        assert start.is_legal(example)
        assert __import__("re").fullmatch(rule["pattern"], example)


def test_legal_moves_step_wise_in_the_setup(client: FlaskClient) -> None:
    r = client.post("/v1/legal-moves", json={"position": NORTH_SETUP, "partial": ""})
    assert r.status_code == 200
    assert r.json["complete"] is False and r.json["options"] == []
    assert (r.json["actor"], r.json["role"]) == ("north", "mover")
    assert r.json["arrangement"]["pits"][:2] == ["a4", "b4"] and r.json["arrangement"]["seeds"] == 32
    # An arrangement is the whole move.
    r = client.post("/v1/legal-moves", json={"position": SETUP, "partial": [EVEN]})
    assert r.json["complete"] is True and r.json["result"]["notation"] == NORTH_SETUP
    # A sowing move is not one here.
    _problem(client.post("/v1/legal-moves", json={"position": SETUP, "partial": "e2"}), code="bad_notation")


@pytest.mark.parametrize("partial", ["", [], "-"])
def test_the_step_wise_setup_never_offers_the_sample_as_options(client: FlaskClient, partial: Any) -> None:
    """The first decision of the set-up is the whole arrangement: its
    options are not listed (the core's sample of two would pass for the
    only choices), and the answer is the same rule the move list gives."""
    for position in (SETUP, SETUP_JSON, NORTH_SETUP, MWESO_SETUP):
        r = client.post("/v1/legal-moves", json={"position": position, "partial": partial})
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.json["options"] == [] and r.json["complete"] is False
        listed = client.post("/v1/legal-moves", json={"position": position}).json
        assert r.json["arrangement"] == listed["arrangement"]
        assert r.json["actor"] == listed["arrangement"]["side"]
        assert not {OUTER, EVEN} & set(r.json["options"])


@pytest.mark.parametrize("position", [SETUP, SETUP_JSON, NORTH_SETUP, MWESO_SETUP])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_solve_refuses_the_setup_with_the_rule(client: FlaskClient, position: Any, lang: str) -> None:
    """A proof must answer every move, and a set-up move is one of C(47, 15)
    arrangements: 422 ``not-enumerable`` with the rule, never a "proof"
    over the sample of two (docs/OMWESO.md, "Solving from the set-up")."""
    r = client.post("/v1/solve", json={"position": position, "nodes": 2000}, headers={"Accept-Language": lang})
    body = _problem(r, type_="not-enumerable")
    listed = client.post("/v1/legal-moves", json={"position": position}).json
    assert body["arrangement"] == listed["arrangement"]
    assert body["arrangement"]["arrangements"] == 751_616_304_549
    assert list(body["errors"]) == ["position"]
    engine_says = body["errors"]["position"][0]
    assert "cannot be solved" in engine_says and "751,616,304,549" in engine_says
    if lang == "en":
        assert body["title"] == "Moves not enumerable" and body["detail"] == engine_says
    else:
        assert body["title"] == "Coups non énumérables" and "« position »" in body["detail"]


def test_solve_after_both_arrangements_proves_as_any_position(client: FlaskClient) -> None:
    r = client.post("/v1/solve", json={"position": PLAY, "nodes": 2000})
    assert r.status_code == 200 and r.json["outcome"] in ("win", "loss", "unknown")


def test_legal_moves_after_the_setup_lists_sowing_moves(client: FlaskClient) -> None:
    body = client.post("/v1/legal-moves", json={"position": PLAY}).json
    assert body["count"] > 0 and "arrangement" not in body
    assert all(not m["move"].startswith("k") for m in body["moves"])


# -- arrangements played and refused -------------------------------------

#: (move, error code, the problem's ``value`` is not checked here): each
#: refusal of docs/OMWESO.md's "Set-up errors" reachable through a move.
BAD_TEXT = [
    ("k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.5", "wrong_total"),
    ("k0.0.0.0.0.0.0.0/0.0.0.0.0.0.0.0", "wrong_total"),
    ("k-1.0.0.0.0.0.0.1/4.4.4.4.4.4.4.4", "negative_count"),
    ("k4.4.4.4/4.4.4.4", "bad_shape"),
    ("k4.4.4.4.4.4.4.4", "bad_shape"),
    ("kx.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4", "bad_notation"),
    ("e2", "bad_notation"),
    (["k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "cw"], "bad_notation"),
]
BAD_JSON = [
    ({"side": "north", "rows": [[2] * 8, [2] * 8]}, "wrong_side"),
    ({"side": "south", "rows": [[2] * 8]}, "bad_shape"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7]}, "bad_shape"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7 + [-2]]}, "negative_count"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7 + [3]]}, "wrong_total"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7 + [10**30]]}, "bad_notation"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7 + ["2"]]}, "bad_notation"),
    ({"side": "south", "rows": [[2] * 8, [2] * 7 + [True]]}, "bad_notation"),
    ({"side": "south", "rows": [2] * 16}, "bad_notation"),
]


@pytest.mark.parametrize(("move", "code"), BAD_TEXT + BAD_JSON)
def test_moves_check_refuses_a_bad_arrangement_with_its_code(client: FlaskClient, move: Any, code: str,
                                                             unexpected_errors: list[BaseException]) -> None:
    body = _problem(client.post("/v1/moves/check", json={"position": SETUP, "move": move}), code=code)
    assert body["errors"] == {"move": [body["detail"]]}
    # The message names the move and the position.
    assert SETUP in body["detail"] and f"{code}:" in body["detail"]
    assert unexpected_errors == []


def test_an_arrangement_after_the_setup_is_refused(client: FlaskClient) -> None:
    _problem(client.post("/v1/moves/check", json={"position": PLAY, "move": EVEN}), code="not_setup_phase")
    body = _problem(client.post("/v1/moves/check", json={"position": PLAY, "move": {"side": "south",
                                                                                    "rows": [[2] * 8] * 2}}),
                    code="not_setup_phase")
    assert "set-up is over" in body["detail"]
    # And an arrangement object is no move of another family.
    start = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
    _problem(client.post("/v1/moves/check", json={"position": start, "move": {"side": "south",
                                                                              "rows": [[2] * 8] * 2}}),
             code="bad_notation")


@pytest.mark.parametrize("move", [{"side": "south"}, {"side": "south", "rows": [], "extra": 1},
                                  {"side": 1, "rows": []}, {"side": "south", "rows": "k2"}, False, 3, None])
def test_an_arrangement_object_of_the_wrong_shape_fails_validation(client: FlaskClient, move: Any,
                                                                   unexpected_errors: list[BaseException]) -> None:
    for lang in ("en", "fr"):
        body = _problem(client.post(f"/v1/moves/check?lang={lang}", json={"position": SETUP, "move": move}),
                        type_="validation-error")
        assert "move" in body["errors"]
    assert unexpected_errors == []


def test_a_bad_arrangement_in_french_keeps_its_code(client: FlaskClient) -> None:
    r = client.post("/v1/moves/check?lang=fr", json={"position": SETUP, "move": "k0.0.0.0.0.0.0.1/4.4.4.4.4.4.4.4"})
    body = _problem(r, code="wrong_total")
    assert r.headers["Content-Language"] == "fr" and body["title"] != "Illegal move"


def test_other_endpoints_refuse_a_bad_arrangement(client: FlaskClient,
                                                  unexpected_errors: list[BaseException]) -> None:
    bad = "k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.5"
    _problem(client.post("/v1/legal-moves", json={"position": SETUP, "partial": bad}), code="wrong_total")
    _problem(client.post("/v1/positions/render", json={"position": SETUP, "move": bad}), code="wrong_total")
    # A game review reports the illegal ply and stops there.
    r = client.post("/v1/games/review", json={"position": SETUP, "moves": [EVEN, bad], "depth": 1})
    assert r.status_code == 200
    assert r.json["illegal"]["ply"] == 2 and "wrong_total" in r.json["illegal"]["error"]["detail"]
    # The code as a field of its own, beside the problem's.
    assert r.json["illegal"]["code"] == r.json["illegal"]["error"]["code"] == "wrong_total"
    # Any other illegal move of a review has none.
    r = client.post("/v1/games/review", json={"position": SETUP, "moves": [EVEN, EVEN, "z9"], "depth": 1})
    assert r.status_code == 200 and r.json["illegal"]["ply"] == 3 and r.json["illegal"]["code"] is None
    assert unexpected_errors == []


# -- every endpoint that takes a position, on set-up positions -----------


def _requests(position: Any) -> list[tuple[str, str, Any]]:
    return [
        ("post", "/v1/positions/validate", {"position": position}),
        ("post", "/v1/positions/render", {"position": position}),
        ("post", "/v1/legal-moves", {"position": position, "limit": 5}),
        ("post", "/v1/moves/check", {"position": position, "move": EVEN}),
        ("post", "/v1/evaluate", {"position": position, "depth": 3}),
        ("post", "/v1/evaluate", {"position": position, "depth": 2, "explain": True}),
        ("post", "/v1/best-move", {"position": position, "level": 3}),
        ("post", "/v1/analysis/batch", {"positions": [position, SETUP], "depth": 2}),
        ("post", "/v1/evaluate/stream", {"position": position, "depth": 2}),
        ("post", "/v1/games/review", {"position": position, "moves": [EVEN], "depth": 1}),
    ]


@pytest.mark.parametrize("position", [SETUP, SETUP_JSON, NORTH_SETUP, MWESO_SETUP])
def test_every_endpoint_answers_a_setup_position(client: FlaskClient, position: Any,
                                                 unexpected_errors: list[BaseException]) -> None:
    for method, path, body in _requests(position):
        # The even spread is a valid arrangement for either side (each holds 32).
        r = client.open(path, method=method.upper(), json=body)
        assert r.status_code == 200, (path, r.get_data(as_text=True))
    text = SETUP if isinstance(position, dict) else position
    assert client.get("/v1/positions/render", query_string={"position": text}).status_code == 200
    assert client.get("/v1/cloud-eval", query_string={"position": text}).status_code in (200, 404)
    assert unexpected_errors == []


def test_a_search_from_the_setup_chooses_an_arrangement_no_standard_one_beats(client: FlaskClient) -> None:
    """The engine cannot search 7.5e11 arrangements: it climbs from the
    standard ones (docs/OMWESO.md, "Choosing an arrangement"); its choice is
    legal, and by the same measure no standard arrangement scores better."""
    for position in (SETUP, NORTH_SETUP):
        for path, body in (("/v1/evaluate", {"position": position, "depth": 4}),
                           ("/v1/best-move", {"position": position, "level": 5})):
            best = client.post(path, json=body).json["best_move"]
            assert best.startswith("k"), (path, best)
            r = client.post("/v1/moves/check", json={"position": position, "move": best})
            assert r.status_code == 200
        best = client.post("/v1/evaluate", json={"position": position, "depth": 4}).json["best_move"]
        r = client.post("/v1/arrangements/evaluate", json={"position": position, "arrangement": best, "depth": 4})
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.json["better"] == 0 and len(r.json["standard"]) == 6 and r.json["stopped_by"] == "depth"


def test_a_level_in_the_setup_is_reproducible_for_its_seed(client: FlaskClient) -> None:
    body = {"position": SETUP, "level": 6, "time_ms": 5000, "seed": 4}
    first, again = (client.post("/v1/best-move", json=body).json for _ in range(2))
    assert first["best_move"] == again["best_move"] and first["lines"] == again["lines"]


def test_evaluating_an_arrangement_scores_it_beside_the_standard_ones(client: FlaskClient) -> None:
    r = client.post("/v1/arrangements/evaluate", json={"position": NORTH_SETUP, "depth": 3,
                                                       "arrangement": {"side": "north", "rows": [[4] * 8, [0] * 8]}})
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.json
    assert body["position"] == NORTH_SETUP and body["to_move"] == "north"
    assert body["arrangement"]["move"] == "k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0" and body["arrangement"]["name"] == "dealt"
    assert [s["name"] for s in body["standard"]] == ["even", "dealt", "inner", "inner_heavy", "alternate",
                                                     "left_loaded"]
    # The given one is the standard "dealt", scored alike.
    assert body["standard"][1]["score"] == body["arrangement"]["score"]
    assert body["limits"] == {"depth": 3, "nodes": None, "time_ms": None}
    assert 0 <= body["better"] <= 5 and body["partial"] is False
    # The package answers the same.
    e = igisoro.Position.from_notation(NORTH_SETUP).evaluate_arrangement("k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0", depth=3)
    assert e.to_json() | {"time_ms": 0} == {k: body[k] for k in e.to_json()} | {"time_ms": 0}


@pytest.mark.parametrize(("position", "arrangement", "code"), [
    (SETUP, "k1.1.1.1.1.1.1.1/1.1.1.1.1.1.1.1", "wrong_total"),
    (SETUP, {"side": "north", "rows": [[2] * 8, [2] * 8]}, "wrong_side"),
    (SETUP, "e2", "bad_notation"),
    ("igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4",
     "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "bad_notation"),
])
def test_evaluating_a_bad_arrangement_is_a_422_with_its_code(client: FlaskClient, position: str, arrangement: Any,
                                                             code: str) -> None:
    r = client.post("/v1/arrangements/evaluate", json={"position": position, "arrangement": arrangement})
    problem = _problem(r, code=code)
    assert "arrangement" in problem["errors"]


def test_evaluating_an_arrangement_checks_its_limits(client: FlaskClient) -> None:
    r = client.post("/v1/arrangements/evaluate", json={"position": SETUP, "arrangement": "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2",
                                                       "depth": 0})
    assert r.status_code == 422 and "depth" in r.json["errors"]


def test_a_batch_reports_a_bad_setup_position_as_its_item(client: FlaskClient) -> None:
    bad = {**SETUP_JSON, "pits": [[4] * 8, [0] * 8, [0] * 8, [4] * 7 + [-1]]}
    r = client.post("/v1/analysis/batch", json={"positions": [SETUP, bad], "depth": 1})
    assert r.status_code == 200
    assert r.json["errors"] == 1 and r.json["results"][1]["error"]["type"].endswith("invalid-position")


# -- a whole game ---------------------------------------------------------


def test_a_game_from_the_setup_through_two_arrangements_then_sowing(client: FlaskClient,
                                                                    unexpected_errors: list[BaseException]) -> None:
    position: Any = client.get("/v1/variants").json["variants"][-2]["start"]["position"]
    assert position["phase"] == "setup"
    # South arranges, as text: 16 in the inner row's middle, the rest in the outer corners.
    south = "k0.0.0.8.8.0.0.0/4.4.0.0.0.0.4.4"
    r = client.post("/v1/moves/check", json={"position": position, "move": south})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert (r.json["canonical"], r.json["captured"], r.json["laps"]) == (south, 0, 0)
    # The trace lifts the seeds dealt and puts them where they were arranged.
    assert r.json["trace"][0] == {"type": "decision", "actor": "south", "choice": south}
    assert r.json["status"] == {"state": "ongoing", "winner": None, "reason": None}
    position = r.json["result"]["position"]
    assert (position["to_move"], position["phase"]) == ("north", "setup")
    assert position["pits"][2:] == [[0, 0, 0, 8, 8, 0, 0, 0], [4, 4, 0, 0, 0, 0, 4, 4]]
    # North arranges, as the JSON object, seeing South's arrangement.
    rule = client.post("/v1/legal-moves", json={"position": position}).json["arrangement"]
    assert rule["side"] == "north" and rule["pits"][0] == "a4"
    north = {"side": "north", "rows": [[2, 2, 2, 2, 2, 2, 2, 2], [0, 4, 4, 0, 0, 4, 4, 0]]}
    r = client.post("/v1/moves/check", json={"position": position, "move": north})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json["canonical"] == "k2.2.2.2.2.2.2.2/0.4.4.0.0.4.4.0"
    position = r.json["result"]["position"]
    assert (position["to_move"], position["phase"]) == ("south", "play")
    # Sowing moves: each side plays its engine's choice, checked.
    plies = 0
    for _ in range(6):
        listed = client.post("/v1/legal-moves", json={"position": position}).json
        if listed["count"] == 0:
            break
        assert "arrangement" not in listed and not listed["truncated"]
        best = client.post("/v1/best-move", json={"position": position, "level": 2}).json["best_move"]
        assert best in {m["move"] for m in listed["moves"]}
        r = client.post("/v1/moves/check", json={"position": position, "move": best})
        assert r.status_code == 200, r.get_data(as_text=True)
        assert r.json["trace"] and r.json["laps"] >= 1
        position = r.json["result"]["position"]
        assert position["phase"] == "play"
        plies += 1
        if r.json["status"]["state"] != "ongoing":
            break
    assert plies >= 3
    # The whole game reviews from the set-up.
    r = client.post("/v1/games/review", json={"position": SETUP, "moves": [south, "k2.2.2.2.2.2.2.2/0.4.4.0.0.4.4.0"],
                                              "depth": 1})
    assert r.status_code == 200 and r.json.get("illegal") is None
    assert [p["side"] for p in r.json["plies"]] == ["south", "north"]
    assert unexpected_errors == []
