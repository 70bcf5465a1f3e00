"""``POST /v1/positions/validate`` and ``/v1/positions/render``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import igisoro
import pytest

from igisoro_testing.positions import START

SVG = "{http://www.w3.org/2000/svg}"


def test_validate_notation(client):
    r = client.post("/v1/positions/validate", json={"position": START})
    assert r.status_code == 200
    body = r.json
    assert body["notation"] == START
    assert body["position"] == igisoro.Position.from_notation(START).to_json()
    assert body["status"] == {"state": "ongoing", "winner": None, "reason": None}
    assert body["rules"]["capture"] == "optional"


def test_validate_normalises_json(client):
    # Defaults filled in; an override equal to the variant's value is dropped.
    r = client.post("/v1/positions/validate",
                    json={"position": {"pits": [[2] * 8] * 4, "rules": {"capture": "optional", "retreat": False}}})
    assert r.status_code == 200
    body = r.json
    assert body["position"] == {"variant": "igisoro", "rules": {"retreat": False}, "pits": [[2] * 8] * 4,
                                "to_move": "south", "opening_plies": 0, "winner": None}
    assert body["notation"].endswith(" s retreat=false")


def test_validate_reports_finished_game(client):
    r = client.post("/v1/positions/validate", json={"position": {"pits": [[8] * 8, [0] * 8, [0] * 8, [0] * 8]}})
    assert r.json["status"] == {"state": "won", "winner": "north", "reason": "no_legal_move"}


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("igisoro-fr 0,1,0,0,0,0,0,0/0,0,0,0,0,0,1,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,3,3 s", "out_of_reach"),
        ("igisoro-wikipedia 0,1,0,0,0,0,0,1/0,1,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,1 s", "odd_singles"),
    ],
)
def test_validate_reports_a_game_that_cannot_end(client, notation, reason):
    """The status's proven endings reach the API with their reasons, and an
    evaluation of such a position is an even score at one half."""
    r = client.post("/v1/positions/validate", json={"position": notation})
    assert r.status_code == 200
    assert r.json["status"] == {"state": "endless", "winner": None, "reason": reason}
    r = client.post("/v1/evaluate", json={"position": notation, "depth": 2})
    assert r.status_code == 200, r.json
    assert r.json["win_probability"] == 0.5


def test_validate_invalid(client):
    r = client.post("/v1/positions/validate", json={"position": {"pits": [[1] * 8] * 4}})
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:invalid-position"
    assert "64" in r.json["detail"]


def _pits(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return {g.get("id"): g for g in root.iter(SVG + "g")}


def test_render_get(client):
    r = client.get("/v1/positions/render", query_string={"position": START})
    assert r.status_code == 200
    assert r.mimetype == "image/svg+xml"
    pits = _pits(r.get_data(as_text=True))
    assert len(pits) == 32
    texts = {name: [t.strip() for t in g.itertext() if t.strip()] for name, g in pits.items()}
    assert texts["e2"] == ["4", "e2"]
    assert texts["e1"] == ["0", "e1"]
    assert not any(g.get("class") for g in pits.values())


def test_render_highlights_move(client):
    r = client.post("/v1/positions/render", json={"position": START, "move": "e2"})
    assert r.status_code == 200
    pits = _pits(r.get_data(as_text=True))
    classes = {name: set((g.get("class") or "").split()) for name, g in pits.items()}
    assert "start" in classes["e2"]
    sown = {n for n, c in classes.items() if "sown" in c}
    trace = igisoro.Position.from_notation(START).play("e2").trace
    assert sown == {e["pit"] for e in trace if e["type"] == "sow"}


def test_render_get_with_move_and_captures(client):
    pos = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"
    r = client.get("/v1/positions/render", query_string={"position": pos, "move": "g2-x"})
    assert r.status_code == 200
    assert any("captured" in (g.get("class") or "") for g in _pits(r.get_data(as_text=True)).values())


def test_render_escapes_text(client):
    r = client.post("/v1/positions/render", json={"position": {"pits": [[2] * 8] * 4}})
    assert r.status_code == 200
    ET.fromstring(r.get_data(as_text=True))


@pytest.mark.parametrize(
    ("query", "status", "problem"),
    [
        ({}, 422, "validation-error"),
        ({"position": ""}, 422, "validation-error"),
        ({"position": "x" * 1001}, 422, "validation-error"),
        ({"position": START, "colour": "red"}, 422, "validation-error"),
        ({"position": "igisoro <script>"}, 422, "invalid-notation"),
        ({"position": START, "move": "e3"}, 422, "illegal-move"),
    ],
)
def test_render_get_errors(client, unexpected_errors, query, status, problem):
    r = client.get("/v1/positions/render", query_string=query)
    assert r.status_code == status
    assert r.json["type"] == f"urn:igisoro:problem:{problem}"
    assert unexpected_errors == []


def test_render_post_illegal_move(client):
    r = client.post("/v1/positions/render", json={"position": START, "move": ["e2", "x"]})
    assert r.status_code == 422
    assert r.json["errors"] == {"move": [r.json["detail"]]}


# -- Isolo (2 x n) -------------------------------------------------------------

from igisoro_testing.positions import ISOLO, KUCHELEKA  # noqa: E402


def test_validate_isolo(client):
    r = client.post("/v1/positions/validate", json={"position": {"variant": "isolo-bemba", "pits": [[2] * 4] * 2}})
    assert r.status_code == 200
    body = r.json
    assert body["notation"] == ISOLO
    assert body["position"] == {"variant": "isolo", "rules": {}, "pits": [[2] * 4] * 2, "to_move": "south",
                                "phase": "fore_play"}
    assert body["rules"] == {"holes": 4}
    assert body["status"] == {"state": "ongoing", "winner": None, "reason": None}


@pytest.mark.parametrize(
    ("position", "notation", "status"),
    [
        (KUCHELEKA, KUCHELEKA, "ongoing"),
        ({"variant": "isolo", "rules": {"holes": 8}, "pits": [[1] * 8, [0] * 7 + [3]], "to_move": "north",
          "phase": "main"}, "isolo 1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,3 n phase=main", "ongoing"),
        ({"variant": "isolo", "pits": [[0] * 5, [1] * 5], "to_move": "north", "phase": "main"},
         "isolo 0,0,0,0,0/1,1,1,1,1 n phase=main", "won"),
    ],
)
def test_validate_isolo_phases(client, position, notation, status):
    r = client.post("/v1/positions/validate", json={"position": position})
    assert r.status_code == 200, r.json
    assert r.json["notation"] == notation
    assert r.json["status"]["state"] == status
    if status == "won":
        assert r.json["status"] == {"state": "won", "winner": "south", "reason": "row_emptied"}


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ({"variant": "isolo", "pits": [[0] * 4, [2] * 4]}, "fore_play"),
        ({"variant": "isolo", "pits": [[2] * 4] * 2, "phase": "kucheleka"}, "kucheleka"),
        ({"variant": "isolo", "pits": [[2] * 4] * 2, "winner": "south"}, "winner"),
    ],
)
def test_validate_isolo_invalid(client, unexpected_errors, position, says):
    r = client.post("/v1/positions/validate", json={"position": position})
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:invalid-position"
    assert says in r.json["detail"]
    assert unexpected_errors == []


@pytest.mark.parametrize("holes", [4, 5, 8])
def test_render_isolo_board(client, holes):
    pos = {"variant": "isolo", "rules": {"holes": holes}, "pits": [list(range(holes)), [2] * holes]}
    r = client.post("/v1/positions/render", json={"position": pos})
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    root = ET.fromstring(r.get_data(as_text=True))
    assert float(root.get("width")) == 2 * 28 + holes * 64
    assert float(root.get("height")) == 34 + 2 * 28 + 2 * 64
    pits = _pits(r.get_data(as_text=True))
    cols = "abcdefgh"[:holes]
    assert set(pits) == {f"{c}{row}" for c in cols for row in (1, 2)}
    texts = {name: [t.strip() for t in g.itertext() if t.strip()] for name, g in pits.items()}
    assert [texts[f"{c}2"][0] for c in cols] == [str(i) for i in range(holes)]  # North's row on top
    assert texts["a1"] == ["2", "a1"]


def test_render_isolo_move(client):
    r = client.get("/v1/positions/render", query_string={"position": ISOLO, "move": "a1"})
    assert r.status_code == 200
    pits = _pits(r.get_data(as_text=True))
    classes = {name: set((g.get("class") or "").split()) for name, g in pits.items()}
    assert "start" in classes["a1"]
    trace = igisoro.Position.from_notation(ISOLO).play("a1").trace
    assert {n for n, c in classes.items() if "sown" in c} == {e["pit"] for e in trace if e["type"] == "sow"}
    assert {n for n, c in classes.items() if "captured" in c} == {p for e in trace if e["type"] == "capture"
                                                                 for p in e["pits"]}
    assert {n for n, c in classes.items() if "captured" in c} <= {"a2", "b2", "c2", "d2"}


def test_render_isolo_kucheleka(client):
    r = client.post("/v1/positions/render", json={"position": KUCHELEKA, "move": ["k5.5.5.2"]})
    assert r.status_code == 200
    assert len(_pits(r.get_data(as_text=True))) == 8


def test_render_isolo_illegal_move(client):
    r = client.get("/v1/positions/render", query_string={"position": ISOLO, "move": "a2"})
    assert r.status_code == 422
    assert r.json["type"] == "urn:igisoro:problem:illegal-move"
