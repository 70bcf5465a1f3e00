"""The board in a real browser: Debian's Chromium driven by Playwright for
Python (pointed at the system browser; nothing is downloaded), against the
real service under gunicorn on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from igisoro_testing.board import BOARD_KEY, CHROMIUM
from igisoro_testing.servers import Server, start_gunicorn, stop


@pytest.fixture(scope="session")
def board_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # No local job worker: the board runs no jobs, and it would take CPU from timed steps.
    proc, server = start_gunicorn(tmp_path_factory.mktemp("board"), {"IGISORO_JOB_LOCAL_WORKER": "0"})
    yield server
    stop(proc)


@pytest.fixture(scope="session")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The service with an API key required (the page asks for it)."""
    proc, server = start_gunicorn(tmp_path_factory.mktemp("keyed"), {"IGISORO_API_KEYS": BOARD_KEY,
                                                                     "IGISORO_JOB_LOCAL_WORKER": "0"})
    yield server
    stop(proc)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(params=[(1280, 900), (390, 844)], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, browser: Any, board_server: Server, tmp_path: Path) -> Iterator[Any]:
    """A fresh page at desktop and phone sizes; a screenshot of the end state
    is kept in the test's temporary folder."""
    width, height = request.param
    ctx = browser.new_context(viewport={"width": width, "height": height})
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.base_url = board_server.url  # type: ignore[attr-defined]
    yield pg
    pg.screenshot(path=str(tmp_path / f"{request.node.name}.png"), full_page=True)
    ctx.close()
    assert not errors, errors
