"""The analysis board in a real browser: Debian's Chromium driven by
Playwright for Python (the system browser; nothing is downloaded), and
what the board tests share to drive a page (``page.base_url`` is the
server the page fixture points it at)."""

from __future__ import annotations

import json
import shutil
import time
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote

import igisoro

from igisoro_testing.positions import START

#: The browser the tests drive.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: The API key of the board tests' keyed server (``tests/browser/conftest.py``).
BOARD_KEY = "board-test-key"


def api(page: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    """The API's answer, asked again after a 503 (the page's own searches,
    still running on the server, may hold every engine slot), as the page does."""
    data = None if body is None else json.dumps(body).encode()
    for attempt in range(6):
        req = urllib.request.Request(page.base_url + path, data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code != 503 or attempt == 5:
                raise
            time.sleep(min(float(e.headers.get("Retry-After") or 1), 2.0))
    raise AssertionError("unreachable")


def board_counts(page: Any) -> list[int]:
    """The seed counts the board shows, pit by pit in board order."""
    return [int(x) for x in page.locator("#board .pit .count").all_inner_texts()]


def skip_animation(page: Any) -> None:
    """Tick "Skip animation" by a click in the page (the change a user's click
    makes; the page reads the box when a move is sown). Playwright's own
    check() makes sure the box can be clicked first, which takes a few
    animation frames and about 0.15 s of CPU: every test opens the board,
    and the tests of the box itself use check() and uncheck()."""
    assert page.eval_on_selector("#skip", "box => { if (!box.checked) box.click(); return box.checked; }")


def open_board(page: Any, position: str | None = None) -> None:
    """Open the board (on ``position`` if given), with the sowing animation skipped."""
    url = page.base_url + "/" + ("" if position is None else "#position=" + quote(position))
    page.goto(url)
    page.wait_for_selector("#board .pit")
    skip_animation(page)


def first_moves(n: int) -> tuple[list[str], list[str]]:
    """``n`` moves from the start (the first legal one each time) and the positions after each."""
    p, moves, after = igisoro.Position.from_notation(START), [], []
    for _ in range(n):
        moves.append(p.legal_moves()[0].move.notation)
        p = p.play(moves[-1]).position
        after.append(p.notation())
    return moves, after


def open_game(page: Any, moves: list[str], extra: str = "") -> None:
    """Open the board on a game of ``moves`` from the start (``extra``: more of the URL's fragment)."""
    page.goto(page.base_url + "/#position=" + quote(START) + "&moves=" + quote(" ".join(moves)) + extra)
    page.wait_for_function(f"document.querySelectorAll('#moves button').length === {len(moves)}")
    skip_animation(page)
