"""The board in the players' languages (issue 43), in Chromium against the
real service: its words from the catalogs (GET /v1/board/messages), the
language from ?lang, the switcher (kept in the URL and localStorage) or the
browser's Accept-Language, and a pseudo-locale that fails on any string the
catalogs did not give."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from igisoro_testing.board import api, first_moves, skip_animation
from igisoro_testing.positions import RETREAT, START
from igisoro_testing.servers import Server, start_gunicorn, stop


#: A finished 4x8 game (North has no legal move): the result's words.
OVER = "igisoro-fr 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,1,10,0,1,9,5/0,1,7,1,11,11,4,1 n"


def fill(message: str, **values: Any) -> str:
    """A catalog message with its placeholders filled, as the page fills them."""
    return re.sub(r"%\(([a-z_]+)\)s", lambda m: str(values[m.group(1)]), message)


def open_in(page: Any, lang: str | None, position: str = RETREAT) -> None:
    """The board on ``position``, in ``lang`` by the URL (None: not asked), its first analysis done."""
    query = "" if lang is None else f"?lang={lang}"
    page.goto(f"{page.base_url}/{query}#position={quote(position)}")
    page.wait_for_selector("#board .pit")
    skip_animation(page)
    page.wait_for_function("document.querySelector('#stop-analysis').disabled"
                           " && document.querySelectorAll('#lines li').length > 0")


def layout_problems(page: Any) -> list[str]:
    """What a long string broke: the page wider than the screen, or a
    visible control or label wider than the screen or cut inside its box."""
    return page.evaluate("""() => {
      const out = [];
      if (document.documentElement.scrollWidth > window.innerWidth) out.push('page ' + document.documentElement.scrollWidth);
      for (const el of document.querySelectorAll('header *, main button, main label, main h2, main p, #decision *')) {
        if (!el.checkVisibility()) continue;
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1) out.push(`${el.id || el.tagName} ends at ${r.right}`);
        if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) out.push(`${el.id || el.textContent} cut`);
      }
      return out;
    }""")


@pytest.mark.parametrize("lang", ["en", "fr", "rw"])
def test_the_board_speaks_each_language(page: Any, lang: str, tmp_path: Path) -> None:
    """Desktop and phone: the page's words are the catalog's for ``lang``
    (asked by ?lang=), the API's answers too, and French's longer strings
    break no layout. ``IGISORO_SCREENSHOTS=docs/img`` refreshes the README's
    picture of each language (board-<lang>.png, desktop)."""
    m = api(page, f"/v1/board/messages?lang={lang}")["messages"]
    assert m["start"] != "" and (lang == "en") == (m["start"] == "Start position")
    open_in(page, lang)
    assert page.get_attribute("html", "lang") == lang
    assert page.title() == m["title"]
    assert page.inner_text("h1") == m["title"]
    assert page.inner_text("#start") == m["start"]
    assert page.inner_text("#north-label") == m["north"]
    assert page.get_attribute("#board", "aria-label") == m["board"]
    assert page.inner_text("#tomove") == fill(m["to_move"], side=m["south"])
    assert page.inner_text("#evaltext").startswith(m["south"] + " ")
    assert page.input_value("#lang") == lang
    # A plural message: the pit's seeds in the language's form for its count
    # (Kinyarwanda, which CLDR gives no categories, has one form).
    forms = m["pit_seeds"]
    assert page.get_attribute('#board .pit[data-pit="g2"]', "aria-label") == fill(forms["other"], pit="g2", n=4)
    assert page.get_attribute('#board .pit[data-pit="a1"]', "aria-label") == fill(forms.get("one", forms["other"]),
                                                                                  pit="a1", n=1)
    # A decision's words, and the variant's description from /v1/variants in the same language.
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector("#decision:not([hidden])")
    assert page.inner_text("#decision-who") == fill(m["after_partial"], partial="g2",
                                                    who=fill(m["side_decides"], side=m["south"]))
    assert page.inner_text('#decision button[data-choice="p"]') == f"{m['choice_p']} (p)"
    described = api(page, f"/v1/variants?lang={lang}")["variants"][0]["description"]
    assert page.inner_text("#variant-summary") == described
    assert layout_problems(page) == []
    if page.viewport_size["width"] > 1000:
        page.screenshot(path=str(Path(os.environ.get("IGISORO_SCREENSHOTS") or tmp_path) / f"board-{lang}.png"))


def test_the_switcher_keeps_the_language_in_the_url_and_the_browser(page: Any) -> None:
    open_in(page, None)
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("#lang option").all_inner_texts() == ["English", "Français", "Ikinyarwanda"]
    fr = api(page, "/v1/board/messages?lang=fr")["messages"]
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/v1/" in r.url else None)
    with page.expect_navigation():
        page.select_option("#lang", "fr")
    page.wait_for_function("document.querySelector('#stop-analysis').disabled"
                           " && document.querySelectorAll('#lines li').length > 0")
    assert "lang=fr" in page.url and "#position=" in page.url  # the game shown is kept
    assert page.inner_text("h1") == fr["title"]
    assert page.evaluate("localStorage.getItem('igisoro-lang')") == "fr"
    # The page asks the API in its language.
    assert asked and all("lang=fr" in u for u in asked), asked
    # Opened again without ?lang: the browser kept the choice.
    page.goto(page.base_url + "/")
    page.wait_for_selector("#board .pit")
    assert page.inner_text("h1") == fr["title"]
    # An error from the API is in French too.
    page.fill("#position-text", "igisoro 1,2,3 s")
    page.click("#load")
    page.wait_for_selector("#message:not([hidden])")
    problem = api_problem(page, "/v1/positions/validate?lang=fr", {"position": "igisoro 1,2,3 s"})
    assert page.inner_text("#message").startswith(problem["detail"])


def api_problem(page: Any, path: str, body: dict[str, Any]) -> Any:
    """The problem+json the API answers ``body`` with."""
    import json
    import urllib.error
    import urllib.request

    req = urllib.request.Request(page.base_url + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req, timeout=30)
    return json.load(e.value)


def test_the_browsers_language_chooses_when_nothing_was_asked(browser: Any, board_server: Server) -> None:
    ctx = browser.new_context(locale="rw-RW", viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.base_url = board_server.url
        rw = api(page, "/v1/board/messages?lang=rw")["messages"]
        with page.expect_response(lambda r: "/v1/positions/validate" in r.url) as validated:
            open_in(page, None)
        assert page.inner_text("h1") == rw["title"]
        assert page.get_attribute("html", "lang") == "rw"
        # No lang in the API's URLs: the browser's Accept-Language chose, and chooses their answers too.
        assert "lang=" not in validated.value.url
        assert validated.value.headers["content-language"] == "rw"
    finally:
        ctx.close()


# The pseudo-locale: every catalog string accented and bracketed, so a
# string shown in plain ASCII letters never went through the catalogs.

@pytest.fixture(scope="module")
def pseudo_page(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    proc, server = start_gunicorn(tmp_path_factory.mktemp("pseudo"), {"IGISORO_PSEUDO_LOCALE": "true",
                                                                      "IGISORO_JOB_LOCAL_WORKER": "0",
                                                                      "WEB_CONCURRENCY": "1"})
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.base_url = server.url
        yield page
    finally:
        ctx.close()
        stop(proc)


#: Words a page may show in plain letters: values, not sentences (variant
#: names, board kinds, the notation's decision tokens, the JSON field a
#: problem names, the languages' own names).
PLAIN_WORDS = {"igisoro", "wikipedia", "fr", "ikibuguzo", "isolo", "omweso", "mweso", "cw", "ccw", "xn",
               "position", "move", "moves", "English", "Français", "Ikinyarwanda", "en", "XA"}


def untranslated(page: Any) -> list[str]:
    """Every piece of text the page shows (text, accessible names, titles,
    a visible drop-down's options) with a word in plain letters that is not
    a value (PLAIN_WORDS)."""
    texts: list[str] = page.evaluate("""() => {
      const out = [document.title];
      for (const el of document.querySelectorAll('body *')) {
        if (!el.checkVisibility() && !(el instanceof SVGElement)) continue;
        if (el.closest('[hidden]') || ['SCRIPT', 'STYLE', 'TEXTAREA'].includes(el.tagName)) continue;
        // (An error's diagnostic: the engine's English, marked lang="en" as documented.)
        if (el.closest('[lang="en"]') && el.closest('[lang="en"]') !== document.documentElement) continue;
        for (const n of el.childNodes) if (n.nodeType === Node.TEXT_NODE && n.textContent.trim()) out.push(n.textContent);
        for (const a of ['aria-label', 'title', 'aria-valuetext']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
        if (el.tagName === 'SELECT') for (const o of el.options) out.push(o.textContent);
      }
      return out;
    }""")
    # A word (letters of any script) with two plain letters in a row; the
    # pseudo-locale's letters are all outside ASCII.
    return [t for t in texts if any(w not in PLAIN_WORDS and re.search("[A-Za-z]{2}", w)
                                    for w in re.findall(r"[^\W\d_]+", t))]


def test_the_pseudo_locale_leaves_no_string_untranslated(pseudo_page: Any) -> None:
    page = pseudo_page
    seen: list[str] = []

    def check(where: str) -> None:
        bad = untranslated(page)
        assert not bad, (where, bad)
        seen.append(where)

    # The board, its analysis and the best line explained.
    open_in(page, "en-XA")
    assert page.get_attribute("html", "lang") == "en-XA"
    page.wait_for_selector("#explanation:not([hidden])")
    check("analysis")
    # A move entered decision by decision, and a cancel.
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector("#decision:not([hidden])")
    check("decision")
    page.click('#decision button[data-choice="p"]')
    page.wait_for_selector("#decision-cancel")
    check("opponent's decision")
    page.click("#decision-cancel")
    # Editing the pits.
    page.click("#edit")
    check("edit")
    page.click("#edit")
    # The solver, within a second.
    page.select_option("#solve-time", "1000")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-out').textContent.length > 0"
                           " && !document.querySelector('#solve-out').textContent.includes('…')")
    check("solve")
    # A game reviewed, with its graph.
    moves, _ = first_moves(6)
    page.fill("#game-text", START + "\n" + " ".join(moves))
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 6")
    page.click("#review")
    page.wait_for_selector("#review-out svg")
    check("review")
    # Omweso's set-up: the board says what a move is, in the pseudo-locale too.
    page.fill("#position-text", "omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup")
    page.click("#load")
    page.wait_for_selector("#arrange-hand")
    check("omweso set-up")
    # A refused position: the API's problem in the pseudo-locale too.
    page.fill("#position-text", "igisoro 1,2,3 s")
    page.click("#load")
    page.wait_for_selector("#message:not([hidden])")
    assert "invalid notation" in page.inner_text("#message .diagnostic[lang=en]")
    check("error")
    # A finished game.
    page.fill("#game-text", OVER)
    page.click("#import")
    page.wait_for_selector("#banner:not([hidden])")
    check("game over")
    # The puzzles (the shipped starter set).
    page.click("#puzzle-mode")
    page.wait_for_function("document.querySelector('#puzzle-prompt').textContent.length > 0")
    page.click("#puzzle-hint")
    check("puzzle")
    assert len(seen) == 10
