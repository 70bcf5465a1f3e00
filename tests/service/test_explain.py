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


def test_a_reviews_labelled_plies_say_what_the_better_move_would_have_done(client: FlaskClient) -> None:
    moves = ["b2", "a3", "c2", "c3", "a2", "b3"]
    body = {"position": START, "moves": moves, "depth": 3, "explain": True}
    en = client.post("/v1/games/review", json=body).json
    fr = client.post("/v1/games/review?lang=fr", json=body).json
    labelled = [p for p in en["plies"] if p["label"]]
    assert labelled, "the game has mistakes to explain"
    at = Position.from_notation(START)
    for p_en, p_fr in zip(en["plies"], fr["plies"]):
        if not p_en["label"]:
            assert "explanation" not in p_en
        else:
            e = p_en["explanation"]
            # The facts: the move played and the better one, from the position before the ply.
            assert e["played"]["move"] == p_en["canonical"] and e["played"]["side"] == p_en["side"]
            assert e["played"]["laps"] == at.play(p_en["canonical"]).laps
            assert [m["move"] for m in e["better"]] == p_en["best_pv"]
            assert e["better"][0]["laps"] == at.play(p_en["best_move"]).laps
            assert e["sentences"][0].startswith(f"{'South' if p_en['side'] == 'south' else 'North'} played "
                                                 f"{p_en['canonical']}, a")
            assert f"Better was {p_en['best_move']}:" in e["sentences"]
            # The same facts in French, the words not.
            f = p_fr["explanation"]
            assert (f["played"], f["better"]) == (e["played"], e["better"])
            assert f"Mieux valait {p_en['best_move']} :" in f["sentences"]
            assert f["label"] == {"inaccuracy": "une imprécision", "mistake": "une erreur",
                                  "blunder": "une gaffe"}[p_en["label"]]
        at = at.play(p_en["canonical"]).position
    plain = client.post("/v1/games/review", json={**body, "explain": False}).json
    assert not any("explanation" in p for p in plain["plies"])
