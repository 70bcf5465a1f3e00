"""Issue 43: the board shows the final analysis's explanation, in the
browser's language (its Accept-Language), from the server's catalogs."""

from __future__ import annotations

from typing import Any

import pytest

from igisoro_testing.board import open_board
from igisoro_testing.servers import Server

# tests/test_explain.py's board: South's best move e1-x captures g3 and g4's 5 seeds.
CAPTURE = "igisoro 7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,0,0,1,0/0,5,0,0,2,0,2,0 s"


def _explained(page: Any) -> list[str]:
    page.wait_for_selector("#explanation:not([hidden]) #explanation-lines li")
    return page.locator("#explanation-lines li").all_inner_texts()  # type: ignore[no-any-return]


def test_the_best_line_is_told_in_english(page: Any) -> None:
    open_board(page, CAPTURE)
    lines = _explained(page)
    assert lines[0].startswith("South sows the 2 seeds of e1")
    assert "South captures 5 seeds from g3 and g4." in lines
    assert page.get_attribute("#explanation", "lang") == "en"
    # Another position: the old explanation goes until the new one is told.
    page.fill("#position-text", "isolo 2,2,2,2/2,2,2,2 s")
    page.click("#load")
    page.wait_for_function("document.querySelectorAll('#board .pit').length === 8")
    page.wait_for_function("!document.querySelector('#explanation-lines').textContent.includes('g3 and g4')")


@pytest.mark.parametrize(("locale", "capture"), [("fr-FR", "Sud prend 5 pions en g3 et g4."),
                                                  ("rw", "Amajyepfo arása ubusoro 5 muri g3 na g4.")])
def test_the_browsers_language_is_the_explanations(browser: Any, board_server: Server, locale: str,
                                                   capture: str) -> None:
    # A French (or Kinyarwanda) browser sends its Accept-Language with every request.
    ctx = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        page.base_url = board_server.url
        open_board(page, CAPTURE)
        assert capture in _explained(page)
        assert page.get_attribute("#explanation", "lang") == locale.split("-")[0]
    finally:
        ctx.close()
