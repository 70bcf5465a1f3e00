"""The board on a server that needs an API key: the page loads, asks for
the key when the API answers 401, and keeps it for the tab only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from igisoro_testing.board import BOARD_KEY
from igisoro_testing.servers import Server


def use_key(page: Any, key: str) -> None:
    page.fill("#apikey", key)
    with page.expect_navigation():  # the page starts over with the key
        page.click("#usekey")


def test_the_board_asks_for_the_key_and_then_plays(browser: Any, keyed_server: Server, tmp_path: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # A shared link: the game in the URL survives the reloads.
        page.goto(keyed_server.url + "/#moves=b2")
        page.wait_for_selector("#keyform:not([hidden])")
        assert "API key" in page.locator("#message").inner_text()
        assert page.locator("#board .pit").count() == 0

        # A key no header can carry (a pasted smart quote) is refused at once:
        # kept, it would make every call fail before the server could answer.
        page.fill("#apikey", "pasted\u2019key")
        page.click("#usekey")
        page.wait_for_function("document.querySelector('#message').textContent.includes('printable ASCII')")

        use_key(page, "not-the-key")
        page.wait_for_selector("#keyform:not([hidden])")
        assert page.input_value("#apikey") == "not-the-key"  # shown again, to be corrected
        assert "missing or unknown" in page.locator("#message").inner_text()

        use_key(page, BOARD_KEY)
        page.wait_for_selector("#board .pit")
        page.wait_for_function("document.querySelectorAll('#moves li').length === 1")
        assert page.locator("#keyform").is_hidden() and page.locator("#message").is_hidden()
        assert BOARD_KEY not in page.url  # never in a link that may be shared
        # Every later call carries it: an analysis comes back.
        page.click("#analyse")
        page.wait_for_function("document.querySelectorAll('#lines li').length > 0")
        # Kept for this tab only: a new context (another tab or window) is asked again.
        other = browser.new_context().new_page()
        other.goto(keyed_server.url + "/")
        other.wait_for_selector("#keyform:not([hidden])")
        other.context.close()
    finally:
        page.screenshot(path=str(tmp_path / "board-keys.png"), full_page=True)
        ctx.close()
    assert not errors, errors
