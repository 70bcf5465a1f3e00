"""``"explain": true`` over HTTP (issue 43): the best line told in words in
the request's language, beside facts that never change with it; through the
real app and engine."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from igisoro import Position
from igisoro_service import create_app
from igisoro_testing.positions import START

# tests/test_explain.py's board: South's best move e1-x captures g3 and g4's
# 5 seeds (at every depth).
CAPTURE = "igisoro 7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,0,0,1,0/0,5,0,0,2,0,2,0 s"
LAPS = Position.from_notation(CAPTURE).play("e1-x").laps


def _explained(client: FlaskClient, lang: str, path: str = "/v1/evaluate", **body: Any) -> dict[str, Any]:
    r = client.post(f"{path}?lang={lang}", json={"position": CAPTURE, "depth": 2, "explain": True, **body})
    assert r.status_code == 200, r.json
    assert r.headers["Content-Language"] == lang
    return r.json  # type: ignore[no-any-return]


def test_the_capture_in_three_languages(client: FlaskClient) -> None:
    answers = {lang: _explained(client, lang) for lang in ("en", "fr", "rw")}
    facts = {lang: (a["explanation"]["moves"], a["explanation"]["threat"]) for lang, a in answers.items()}
    assert facts["en"] == facts["fr"] == facts["rw"], "the facts do not change with the language"
    moves, _ = facts["en"]
    assert moves[0]["move"] == answers["en"]["best_move"] == "e1-x"
    assert moves[0]["captures"] == [{"pits": ["g3", "g4"], "seeds": 5}]
    said = {lang: a["explanation"]["sentences"] for lang, a in answers.items()}
    assert said["en"][:2] == [f"South sows the 2 seeds of e1 ({LAPS} laps in the turn).",
                              "South captures 5 seeds from g3 and g4."]
    assert said["fr"][:2] == [f"Sud sème les 2 pions de e1 ({LAPS} mouvements dans le tour de jeu).",
                              "Sud prend 5 pions en g3 et g4."]
    assert said["rw"][1] == "Amajyepfo arása ubusoro 5 muri g3 na g4."
    for lang, a in answers.items():
        assert a["explanation"]["language"] == lang
        assert len(said[lang]) == len(said["en"])
        # The threat's two sentences come last, with the locale's percentages.
        assert "%" in said[lang][-1] and "%" in said[lang][-2]


def test_french_plural_forms_take_the_singular_for_one() -> None:
    # Babel's plural rule for French: 0 and 1 are singular ("1 mouvement", "0 pion").
    app = create_app({"TESTING": True})
    with app.test_request_context("/?lang=fr"):
        from igisoro_service.i18n import ngettext

        assert [ngettext("%(num)s lap", "%(num)s laps", n) for n in (0, 1, 2)] == ["0 mouvement", "1 mouvement", "2 mouvements"]


def test_the_end_of_a_game_and_a_finished_one(client: FlaskClient) -> None:
    won = "ikibuguzo-1 10,7,7,7,7,7,7,1/1,0,0,5,0,0,0,1/1,0,2,0,0,0,0,1/0,0,0,0,0,0,0,0 s"
    a = client.post("/v1/evaluate?lang=en", json={"position": won, "depth": 1, "explain": True}).json
    e = a["explanation"]
    assert e["moves"][0]["state"] == "won" and e["moves"][0]["winner"] == "south"
    assert "South wins: both end pits were captured in one turn." in e["sentences"]
    over = client.post("/v1/evaluate?lang=fr", json={"position": a["position"].replace(" s", " n"), "explain": True})
    if over.status_code == 200 and over.json["best_move"] is None:
        assert over.json["explanation"]["moves"] == [] and over.json["explanation"]["threat"] is None


def test_only_when_asked_and_on_every_search_endpoint(client: FlaskClient) -> None:
    plain = client.post("/v1/evaluate", json={"position": CAPTURE, "depth": 2}).json
    assert "explanation" not in plain
    r = client.post("/v1/best-move", json={"position": CAPTURE, "level": 10, "time_ms": 50, "explain": True})
    level = r.json
    assert level["explanation"]["moves"][0]["move"] == level["best_move"]
    best = _explained(client, "fr", "/v1/best-move")
    assert best["explanation"]["moves"][0]["captures"][0]["seeds"] == 5
    r = client.post("/v1/evaluate/stream?lang=fr", json={"position": CAPTURE, "depth": 3, "explain": True})
    lines = [json.loads(x) for x in r.data.decode().splitlines()]
    assert [("explanation" in x) for x in lines] == [False] * (len(lines) - 1) + [True]
    assert lines[-1]["explanation"]["sentences"][1] == "Sud prend 5 pions en g3 et g4."


def test_no_engine_time_left_gives_the_analysis_without_its_telling() -> None:
    # The search meets the request's deadline (partial); the explanation has
    # no engine time left: the analysis still comes, its explanation null.
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 0.3})
    r = app.test_client().post("/v1/evaluate", json={"position": START, "depth": 20, "explain": True})
    assert r.status_code == 200, r.json
    assert r.json["partial"] is True and r.json["explanation"] is None


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_explain_must_be_a_boolean(client: FlaskClient, bad: Any) -> None:
    r = client.post("/v1/evaluate", json={"position": CAPTURE, "explain": bad})
    assert r.status_code == 422 and "explain" in r.json["errors"]
