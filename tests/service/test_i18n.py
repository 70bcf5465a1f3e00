"""The answers' languages (issue 43, first slice): the API's own words in
English, French and Kinyarwanda, through the real app and engine.

What a program reads (problem ``type``, ``status``, field names, the keys of
``errors``) never changes with the language; ``title`` and ``detail`` do,
and every answer says its language in ``Content-Language``.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from werkzeug import exceptions as wz

from igisoro.problems import _PROBLEM_TYPES
from igisoro_service import i18n, problems
from igisoro_testing.catalogs import assert_compiled_from, assert_complete_and_marked
from igisoro_testing.positions import START

SERVICE = Path(problems.__file__).parent
TRANSLATIONS = i18n.TRANSLATIONS
LANGS = ("fr", "rw")


def _catalog(lang: str) -> Catalog:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f)


def _template() -> Catalog:
    with open(TRANSLATIONS / "messages.pot", "rb") as f:
        return read_po(f)


# Four kinds of refusal, each through the real engine or the real body reader.
def _malformed_notation(app: Flask, c: FlaskClient, **kw: Any) -> Any:
    return c.post("/v1/positions/validate", json={"position": "igisoro zz"}, **kw)


def _unknown_variant(app: Flask, c: FlaskClient, **kw: Any) -> Any:
    return c.post("/v1/positions/validate", json={"position": {"variant": "chess", "pits": [[0] * 8] * 4}}, **kw)


def _illegal_move(app: Flask, c: FlaskClient, **kw: Any) -> Any:
    return c.post("/v1/moves/check", json={"position": START, "move": "a1"}, **kw)


def _oversized(app: Flask, c: FlaskClient, **kw: Any) -> Any:
    app.config["MAX_CONTENT_LENGTH"] = 1024
    return c.post("/v1/legal-moves", json={"position": START, "partial": ["a2"] * 1000}, **kw)


def _not_found(app: Flask, c: FlaskClient, **kw: Any) -> Any:
    return c.get("/v1/no-such-thing", **kw)


# (make, status, type, title per language)
KINDS = {
    "malformed-notation": (_malformed_notation, 422, "urn:igisoro:problem:invalid-notation",
                           {"en": "Invalid notation", "fr": "Notation invalide", "rw": "Inyandiko itemewe"}),
    "unknown-variant": (_unknown_variant, 422, "urn:igisoro:problem:unknown-variant",
                        {"en": "Unknown variant", "fr": "Variante inconnue", "rw": "Ubwoko bw'umukino butazwi"}),
    "illegal-move": (_illegal_move, 422, "urn:igisoro:problem:illegal-move",
                     {"en": "Illegal move", "fr": "Coup illégal", "rw": "Intambwe itemewe"}),
    "oversized": (_oversized, 413, "about:blank",
                  {"en": "Request Entity Too Large", "fr": "Corps de requête trop volumineux",
                   "rw": "Ibiri mu busabe ni binini cyane"}),
    "not-found": (_not_found, 404, "about:blank", {"en": "Not Found", "fr": "Introuvable", "rw": "Ntibibonetse"}),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_problems_in_each_language_keep_their_type(app: Flask, unexpected_errors: list[BaseException],
                                                   kind: str) -> None:
    make, status, type_, titles = KINDS[kind]
    client = app.test_client()
    bodies = {}
    for lang in ("en", "fr", "rw"):
        r = make(app, client, headers={"Accept-Language": lang})
        assert r.status_code == status, r.get_json()
        assert r.content_type == "application/problem+json"
        assert r.headers["Content-Language"] == lang
        bodies[lang] = body = r.get_json(force=True)
        assert body["type"] == type_ and body["status"] == status
        assert body["title"] == titles[lang]
        assert body["detail"]
    # What a program reads is the same in every language.
    assert {b["type"] for b in bodies.values()} == {type_}
    assert len({str(sorted((b.get("errors") or {}).keys())) for b in bodies.values()}) == 1
    # The words for people are not: no English detail in a French or Kinyarwanda answer.
    english = {m.id for m in _template() if m.id}
    for lang in LANGS:
        assert bodies[lang]["detail"] != bodies["en"]["detail"]
        assert bodies[lang]["title"] not in english and bodies[lang]["detail"] not in english
    assert unexpected_errors == []


def test_an_engine_refusal_names_its_part_in_every_language(client: FlaskClient) -> None:
    en = client.post("/v1/moves/check", json={"position": START, "move": "a1"}).get_json()
    fr = client.post("/v1/moves/check?lang=fr", json={"position": START, "move": "a1"}).get_json()
    # English: the engine's own message, as before; elsewhere a sentence of
    # the catalog naming the refused part, the engine's message kept in errors.
    assert en["detail"].startswith("illegal move 'a1'")
    assert fr["detail"].startswith("Le coup dans « move » n'est pas légal")
    assert fr["errors"] == en["errors"] and en["detail"] in fr["errors"]["move"]


def test_lang_beats_accept_language(client: FlaskClient) -> None:
    r = client.get("/v1/no-such-thing?lang=rw", headers={"Accept-Language": "fr"})
    assert r.headers["Content-Language"] == "rw" and r.get_json()["title"] == "Ntibibonetse"
    r = client.get("/v1/no-such-thing?lang=FR", headers={"Accept-Language": "rw"})
    assert r.headers["Content-Language"] == "fr"
    r = client.get("/v1/no-such-thing?lang=rn", headers={"Accept-Language": "rw"})
    assert r.headers["Content-Language"] == "fr"  # Kirundi: French (i18n.FALLBACK)
    # An unsupported lang is ignored: Accept-Language decides.
    r = client.get("/v1/no-such-thing?lang=de", headers={"Accept-Language": "rw"})
    assert r.headers["Content-Language"] == "rw"


@pytest.mark.parametrize(("header", "lang"), [
    ("fr;q=0.4, rw;q=0.9", "rw"),
    ("rw;q=0.1, fr-CA;q=0.5, de", "fr"),
    ("rn, fr;q=0.8, en;q=0.5", "fr"),  # Kirundi: no catalog; French (i18n.FALLBACK)
    ("rn", "fr"),  # Kirundi alone: French, Burundi's other official language
    ("rn-BI, en;q=0.9", "fr"),
    ("en, rn;q=0.5", "en"),  # a supported language asked for first comes first
    ("lg", "en"),  # Luganda: English, Uganda's official language
    ("lg, fr;q=0.9", "en"),
    ("de, ja;q=0.9", "en"),
    ("*", "en"),
    ("", "en"),
])
def test_accept_language_quality_values_and_fallback(client: FlaskClient, header: str, lang: str) -> None:
    r = client.get("/v1/no-such-thing", headers={"Accept-Language": header} if header else {})
    assert r.headers["Content-Language"] == lang
    assert r.get_json()["title"] == KINDS["not-found"][3][lang]


def test_an_unknown_language_falls_back_to_english(client: FlaskClient) -> None:
    r = client.post("/v1/positions/validate?lang=xx", json={"position": "igisoro zz"},
                    headers={"Accept-Language": "sw"})
    assert r.headers["Content-Language"] == "en"
    assert r.get_json()["title"] == "Invalid notation"


def test_content_language_on_success(client: FlaskClient) -> None:
    for headers, lang in (({}, "en"), ({"Accept-Language": "fr"}, "fr"), ({"Accept-Language": "rw"}, "rw")):
        r = client.post("/v1/positions/validate", json={"position": START}, headers=headers)
        assert r.status_code == 200 and r.headers["Content-Language"] == lang
        # Field names and values never change with the language.
        assert r.get_json() == client.post("/v1/positions/validate", json={"position": START}).get_json()


def test_lang_is_accepted_beside_a_query_schema(client: FlaskClient) -> None:
    r = client.get("/v1/positions/render", query_string={"position": START, "lang": "fr"})
    assert r.status_code == 200 and r.headers["Content-Language"] == "fr"
    r = client.get("/v1/positions/render", query_string={"position": START, "bogus": "1", "lang": "fr"})
    assert r.status_code == 422 and r.get_json()["title"] == "La validation de la requête a échoué"


def test_validation_and_malformed_json_in_french(client: FlaskClient) -> None:
    r = client.post("/v1/legal-moves", json={"position": START, "limit": -1}, headers={"Accept-Language": "fr"})
    assert r.get_json()["type"] == "urn:igisoro:problem:validation-error"
    assert r.get_json()["detail"] == "La requête ne correspond pas au schéma ; voir errors."
    r = client.post("/v1/legal-moves", data=b'{"position": ', content_type="application/json",
                    headers={"Accept-Language": "fr"})
    assert r.get_json()["type"] == "urn:igisoro:problem:malformed-json"
    assert r.get_json()["detail"].startswith("Le corps de la requête n'est pas du JSON valide : ")


# The catalogs.

def test_the_template_holds_every_string_of_the_code() -> None:
    """messages.pot is what extraction finds in the code now (scripts/i18n.sh extract)."""
    found = {m[2] for m in extract_from_dir(str(SERVICE), keywords={"_": None, "gettext": None, "_l": None,
                                                                    "lazy_gettext": None, "ngettext": (1, 2), "N_": None,
                                                                    "Np_": (1, 2)})}
    assert {m.id for m in _template() if m.id} == found


@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_are_complete_and_marked_unreviewed(lang: str) -> None:
    assert_complete_and_marked(_catalog(lang), {m.id for m in _template() if m.id}, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_files_are_compiled_from_the_po_files(lang: str) -> None:
    """The .mo files are committed (a fresh clone serves translations with no
    step of its own); they must say what the .po files say now."""
    assert_compiled_from(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo", _catalog(lang))


def test_engine_titles_are_the_librarys() -> None:
    for _cls, slug, title in _PROBLEM_TYPES:
        assert problems.ENGINE_TITLES[slug]._args[0] == title  # type: ignore[attr-defined]
        assert slug in problems.ENGINE_DETAILS
    assert set(problems.ENGINE_TITLES) == set(problems.ENGINE_DETAILS) == \
        {slug for _c, slug, _t in _PROBLEM_TYPES} | {"engine-error"}


def test_http_words_are_werkzeugs_in_english() -> None:
    for status, detail in problems.HTTP_DETAILS.items():
        exc = wz.default_exceptions[status]
        assert detail._args[0] == exc.description  # type: ignore[attr-defined]
        assert problems.HTTP_TITLES[status]._args[0] == exc().name  # type: ignore[attr-defined]


# Every problem the service emits goes through gettext.

_EMITTERS = {"Problem": (2, 3), "problem_response": (2, 3)}
_GETTEXT = {"_", "gettext", "_l", "lazy_gettext"}


def _literal(node: ast.expr) -> bool:
    """Text written in the call itself: a string, an f-string, or either joined."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_literal(node.left) or _literal(node.right))


def test_no_problem_title_or_detail_is_written_in_english_in_the_code() -> None:
    """A title or detail handed to ``Problem`` or ``problem_response`` is a
    gettext call or a value made elsewhere, never text written at the call
    (which would reach a French answer in English)."""
    bad: list[str] = []
    calls = 0
    for path in sorted(SERVICE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in _EMITTERS:
                continue
            calls += 1
            for i in _EMITTERS[name]:
                if i < len(node.args) and _literal(node.args[i]):
                    bad.append(f"{path.relative_to(SERVICE)}:{node.lineno}")
    assert calls > 20
    assert bad == []


# /v1/variants: the descriptions are words for people; everything else is not.

def test_every_variant_and_option_description_has_the_cores_english_as_source() -> None:
    import igisoro
    from igisoro_service.api import variants

    assert {v.name: variants.VARIANT_DESCRIPTIONS[v.name]._args[0] for v in igisoro.variants()} == \
        {v.name: v.description for v in igisoro.variants()}
    # Keyed by board and name: Omweso's options reuse names of the 4x8 family's.
    options = {(o["board"], o["name"]): o["description"] for o in igisoro.rule_options()}
    assert {k: variants.RULE_OPTION_DESCRIPTIONS[k]._args[0] for k in options} == options


@pytest.mark.parametrize("lang", LANGS)
def test_variants_are_described_in_the_language_asked(client: FlaskClient, lang: str) -> None:
    en = client.get("/v1/variants").get_json()
    r = client.get("/v1/variants", headers={"Accept-Language": lang})
    assert r.headers["Content-Language"] == lang
    other = r.get_json()

    def without_descriptions(doc: dict[str, Any]) -> dict[str, Any]:
        return {**doc, "variants": [{**v, "description": None} for v in doc["variants"]],
                "rule_options": [{**o, "description": None} for o in doc["rule_options"]]}

    assert without_descriptions(other) == without_descriptions(en)
    for a, b in zip(en["variants"] + en["rule_options"], other["variants"] + other["rule_options"], strict=True):
        assert b["description"] and b["description"] != a["description"], a["name"]


# Problems inside a 200 answer: a batch's bad items, a review's illegal move.

def test_a_batchs_bad_items_are_in_the_language_asked(client: FlaskClient) -> None:
    body = {"positions": ["isolo 2,2,2,2/2,2,2,2 s", "igisoro zz", 7], "depth": 1}
    en = client.post("/v1/analysis/batch", json=body).get_json()
    fr = client.post("/v1/analysis/batch?lang=fr", json=body).get_json()
    en_errors = [r["error"] for r in en["results"] if "error" in r]
    fr_errors = [r["error"] for r in fr["results"] if "error" in r]
    assert [e["type"] for e in fr_errors] == [e["type"] for e in en_errors] == [
        "urn:igisoro:problem:invalid-notation", "urn:igisoro:problem:validation-error"]
    assert [e["title"] for e in en_errors] == ["Invalid notation", "Request validation failed"]
    assert [e["title"] for e in fr_errors] == ["Notation invalide", "La validation de la requête a échoué"]
    assert fr_errors[0]["detail"] == "La notation dans « positions[1] » n'a pas pu être lue ; le message du moteur est dans errors."
    assert fr_errors[1]["detail"] == "« positions[2] » ne correspond pas au schéma ; le message est dans errors."
    assert [e["errors"] for e in fr_errors] == [e["errors"] for e in en_errors]


def test_a_reviews_illegal_move_is_in_the_language_asked(client: FlaskClient) -> None:
    body = {"position": START, "moves": ["a1"], "depth": 1}
    en = client.post("/v1/games/review", json=body).get_json()["illegal"]
    rw = client.post("/v1/games/review", json=body, headers={"Accept-Language": "rw"}).get_json()["illegal"]
    assert rw["error"]["type"] == en["error"]["type"] == "urn:igisoro:problem:illegal-move"
    assert en["error"]["title"] == "Illegal move" and rw["error"]["title"] == "Intambwe itemewe"
    assert rw["error"]["detail"] != en["error"]["detail"] and rw["error"]["errors"] == en["error"]["errors"]
    assert {k: v for k, v in rw.items() if k != "error"} == {k: v for k, v in en.items() if k != "error"}


# The plain HTTP errors and the access checks, in French and Kinyarwanda.

@pytest.mark.parametrize(("lang", "titles"), [
    ("fr", ["Clé d'API requise", "Méthode non autorisée", "Type de média non pris en charge", "Trop de requêtes"]),
    ("rw", ["Urufunguzo rwa API rurakenewe", "Uburyo butemewe", "Ubwoko bw'ibiri mu busabe ntibushyigikiwe",
            "Ubusabe bwinshi cyane"]),
])
def test_access_and_http_errors_in_each_language(client: FlaskClient, lang: str, titles: list[str]) -> None:
    from igisoro_service import create_app

    h = {"Accept-Language": lang}
    keyed = create_app({"TESTING": True, "API_KEYS": ["k"]}).test_client()
    limited = create_app({"TESTING": True, "RATE_LIMIT": "1/minute"}).test_client()
    assert limited.get("/v1/variants").status_code == 200
    got = [
        keyed.get("/v1/variants", headers=h),
        client.put("/v1/legal-moves", json={}, headers=h),
        client.post("/v1/legal-moves", data="x", content_type="text/plain", headers=h),
        limited.get("/v1/variants", headers=h),
    ]
    assert [r.status_code for r in got] == [401, 405, 415, 429]
    english = {m.id for m in _template() if m.id}
    for r in got:
        assert r.headers["Content-Language"] == lang and r.content_type == "application/problem+json"
        body = r.get_json(force=True)
        assert body["type"] in ("about:blank", "urn:igisoro:problem:unauthorized")
        assert body["detail"] and body["detail"] not in english and body["title"] not in english
    assert [r.get_json(force=True)["title"] for r in got] == titles
