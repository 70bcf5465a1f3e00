"""Issue 30: a 422 for a refused position names the JSON path of its bad
part in ``errors`` (``position.pits[2][3]``, ``position.to_move``,
``position.rules.min_seeds``), next to the ``detail`` message."""

from __future__ import annotations

from typing import Any

import pytest

ROWS = [[0] * 8, [4] * 8, [4] * 8, [0] * 8]


def _pits(r: int, c: int, v: int) -> list[list[int]]:
    pits = [list(row) for row in ROWS]
    pits[r][c] = v
    return pits


@pytest.mark.parametrize(
    ("position", "path"),
    [
        ({"pits": _pits(2, 3, -1)}, "position.pits[2][3]"),
        ({"pits": _pits(0, 7, 65)}, "position.pits[0][7]"),
        ({"variant": "isolo", "pits": [[2, 2, 2, 2], [2, -3, 2, 2]]}, "position.pits[1][1]"),
        ({"pits": _pits(1, 0, 5)}, "position.pits"),  # a wrong total: no one pit is wrong
        ({"pits": ROWS, "to_move": "east"}, "position.to_move"),
        ({"variant": "isolo", "pits": [[2] * 4] * 2, "to_move": "up"}, "position.to_move"),
        ({"pits": ROWS, "rules": {"min_seeds": 0}}, "position.rules.min_seeds"),
        ({"pits": ROWS, "rules": {"capture": "sometimes"}}, "position.rules.capture"),
        ({"pits": ROWS, "rules": {"no_such_rule": True}}, "position.rules.no_such_rule"),
        ({"pits": ROWS, "opening_plies": 99}, "position.opening_plies"),
        ({"variant": "isolo", "pits": [[2] * 4] * 2, "phase": "later"}, "position.phase"),
    ],
)
def test_a_422_names_the_json_path(client, unexpected_errors, position: dict[str, Any], path: str) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/legal-moves", json={"position": position})
    assert r.status_code == 422, r.json
    assert r.json["type"] == "urn:igisoro:problem:invalid-position"
    assert r.json["errors"] == {path: [r.json["detail"]]}
    assert r.json["detail"].startswith("invalid position: ")
    assert unexpected_errors == []


def test_a_search_endpoint_names_the_path_too(client) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/v1/evaluate", json={"position": {"pits": _pits(3, 4, -2)}, "depth": 1})
    assert r.status_code == 422, r.json
    assert list(r.json["errors"]) == ["position.pits[3][4]"]


def test_notation_is_keyed_by_the_field(client) -> None:  # type: ignore[no-untyped-def]
    text = "igisoro 0,0,0,0,0,0,0,0/5,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"
    r = client.post("/v1/legal-moves", json={"position": text})
    assert r.status_code == 422, r.json
    assert r.json["errors"] == {"position": [r.json["detail"]]}
