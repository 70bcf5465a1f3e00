"""GET /v1/board/messages (issue 43): the board's words from the catalogs,
one source of truth for the page (its scripts hold keys only)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from igisoro_service import create_app
from igisoro_service.board.messages import MESSAGES

STATIC = Path(__file__).resolve().parents[2] / "service" / "igisoro_service" / "board" / "static"
PLACEHOLDER = re.compile(r"%\(([a-z_]+)\)s")
#: Keys the page builds from a value (choice_p, label_blunder, reason_..., theme_..., find_..._turns).
DYNAMIC = ("choice_", "label_", "reason_", "theme_", "find_")


def forms(value: str | dict[str, str]) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


@pytest.fixture
def pseudo_client() -> FlaskClient:
    return create_app({"TESTING": True, "PSEUDO_LOCALE": True}).test_client()


@pytest.mark.parametrize("lang", ["en", "fr", "rw"])
def test_every_message_in_every_language_keeps_its_placeholders(client: FlaskClient, lang: str) -> None:
    english = client.get("/v1/board/messages?lang=en").get_json()["messages"]
    r = client.get(f"/v1/board/messages?lang={lang}")
    assert r.status_code == 200 and r.headers["Content-Language"] == lang
    body = r.get_json()
    assert body["language"] == lang
    assert body["languages"] == {"en": "English", "fr": "Français", "rw": "Ikinyarwanda"}
    messages = body["messages"]
    assert messages.keys() == english.keys()
    # The table's keys, and those of the tables shared with the API (themes, end reasons).
    assert {k for k in messages if not k.startswith(("theme_", "reason_"))} == set(MESSAGES)
    for key, value in messages.items():
        want = {n for text in forms(english[key]) for n in PLACEHOLDER.findall(text)}
        for text in forms(value):
            assert text, (lang, key)
            # A translation may drop the count where its language needs no
            # number word (Kinyarwanda's one form), never another value.
            assert set(PLACEHOLDER.findall(text)) == want, (lang, key, text)
        if lang != "en" and isinstance(value, str) and key not in ("seconds", "http_status", "with_reason"):
            assert value != english[key] or key.startswith("theme_"), (lang, key, value)


def test_plural_messages_give_each_cldr_category_of_the_language(client: FlaskClient) -> None:
    en = client.get("/v1/board/messages?lang=en").get_json()["messages"]["pit_seeds"]
    fr = client.get("/v1/board/messages?lang=fr").get_json()["messages"]["pit_seeds"]
    rw = client.get("/v1/board/messages?lang=rw").get_json()["messages"]["pit_seeds"]
    assert en == {"one": "%(pit)s: %(n)s seed", "other": "%(pit)s: %(n)s seeds"}
    # French: 0 and 1 take the singular (CLDR "one"), a million "many".
    assert fr == {"one": "%(pit)s : %(n)s pion", "many": "%(pit)s : %(n)s pions", "other": "%(pit)s : %(n)s pions"}
    assert rw.keys() == {"other"}


def test_the_page_uses_every_message_and_no_other(client: FlaskClient) -> None:
    """Every key the page's scripts and HTML name is served, and every key
    served is named in them (built keys aside: choice_x, label_blunder, ...)."""
    served = set(client.get("/v1/board/messages").get_json()["messages"])
    text = "\n".join(p.read_text() for p in STATIC.glob("*.js")) + (STATIC / "index.html").read_text()
    named = set(re.findall(r"""\btr\(\s*["']([a-z_]+)["']""", text))
    named |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([a-z_]+)"', text))
    assert named - served == set()
    quoted = set(re.findall(r"""["']([a-z_]+)["']""", text))
    unused = {k for k in served - quoted if not k.startswith(DYNAMIC)}
    assert unused == set(), unused


def test_the_page_holds_no_sentence_of_its_own() -> None:
    """No English sentence in the page's HTML text or its scripts' template
    strings (a CSS selector or a path aside): what the page shows comes from
    the catalogs. (The pseudo-locale test in Chromium checks what is shown.)"""
    html = (STATIC / "index.html").read_text()
    assert re.findall(r">\s*([A-Za-z][^<]*?)\s*<", html) == ["Igisoro"]  # the title before the words come
    found = []
    for path in STATIC.glob("*.js"):
        for line in path.read_text().splitlines():
            code = line.split("//")[0]
            for literal in re.findall(r"`([^`]*)`", code):
                plain = re.sub(r"\$\{[^}]*\}", "", literal)
                if plain.startswith(("[", "#", "/", "M ", ".")) or "=" in plain:
                    continue  # a selector, a path, an SVG path, a query
                if re.search(r"[A-Za-z]{3,} [A-Za-z]{3,}", plain):
                    found.append((path.name, literal))
    assert found == []


def test_the_pseudo_locale_is_off_unless_configured(client: FlaskClient, pseudo_client: FlaskClient) -> None:
    r = client.get("/v1/board/messages?lang=en-XA")
    assert r.headers["Content-Language"] == "en" and r.get_json()["messages"]["start"] == "Start position"
    r = pseudo_client.get("/v1/board/messages?lang=en-XA")
    assert r.headers["Content-Language"] == "en-XA"
    start = r.get_json()["messages"]["start"]
    assert start.startswith("⟦") and start.endswith("⟧") and not re.search("[A-Za-z]", start)
    # The API's own words too, with the values put in as they are.
    problem: Any = pseudo_client.post("/v1/moves/check?lang=en-XA", json={"position": "nonsense", "move": "a1"}).get_json()
    assert problem["title"].startswith("⟦") and problem["type"].endswith("unknown-variant")


def test_the_board_messages_are_open_without_a_key() -> None:
    app = create_app({"TESTING": True, "API_KEYS": ["k"]})
    c = app.test_client()
    assert c.get("/v1/board/messages").status_code == 200
    assert c.get("/v1/variants").status_code == 401
