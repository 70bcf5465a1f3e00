"""The board in a real browser: Debian's Chromium driven by Playwright for
Python (pointed at the system browser; nothing is downloaded), against the
real service under gunicorn on loopback."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from igisoro_testing.board import BOARD_KEY, CHROMIUM
from igisoro_testing.servers import Server, start_gunicorn, stop

#: ``IGISORO_END_SCREENSHOTS=1`` keeps a screenshot of every test's end state
#: (by default only a failed test's, the one worth looking at).
KEEP_END_SCREENSHOTS = os.environ.get("IGISORO_END_SCREENSHOTS") == "1"

#: Where each test's phases' reports are kept (the page fixture reads the call's).
REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report: pytest.TestReport = yield  # type: ignore[misc]
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report  # type: ignore[return-value]


@pytest.fixture(scope="session")
def board_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # No local job worker: the board runs no jobs, and it would take CPU from timed steps.
    proc, server = start_gunicorn(tmp_path_factory.mktemp("board"), {"IGISORO_JOB_LOCAL_WORKER": "0"})
    yield server
    stop(proc)


@pytest.fixture(scope="session")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The service with an API key required (the page asks for it), on one
    worker process: one test's page uses it (each worker imports the app,
    about 1.7 s of CPU, and its start is the test's wait)."""
    proc, server = start_gunicorn(tmp_path_factory.mktemp("keyed"), {"IGISORO_API_KEYS": BOARD_KEY,
                                                                     "IGISORO_JOB_LOCAL_WORKER": "0",
                                                                     "WEB_CONCURRENCY": "1"})
    yield server
    stop(proc)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def board_pages(browser: Any, board_server: Server) -> Iterator[Callable[[tuple[int, int]], Any]]:
    """A test file's pages, one per screen size, each in a browser context
    of its own, opened on first use and reused by the file's tests (the page
    fixture leaves each as a new one would be). A new context and page for
    every test cost more CPU than most tests: Chromium starts a renderer
    process for each (about a second of CPU), on a machine where the other
    pytest process is busy too."""
    pages: dict[tuple[int, int], Any] = {}

    def get(size: tuple[int, int]) -> Any:
        if size not in pages:
            ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
            pg = ctx.new_page()
            pg.base_url = board_server.url
            pages[size] = pg
        return pages[size]

    def drop(size: tuple[int, int]) -> None:
        pg = pages.pop(size, None)
        if pg is not None:
            try:
                pg.context.close()
            except Exception:  # a browser that went away: nothing left to close
                pass

    get.drop = drop  # type: ignore[attr-defined]
    yield get
    for size in list(pages):
        drop(size)


def reset_page(pg: Any) -> None:
    """Leave a used page as a new one is: no routes, no cookies, no storage
    of the board's origin (the puzzle solver's id is kept in localStorage),
    the pointer where a new page's is (over nothing), and no document (the
    next test's goto loads the page again, even to the same URL but for its
    fragment; it also ends the old page's requests, such as its analysis)."""
    pg.unroute_all(behavior="ignoreErrors")
    if not pg.url.startswith(pg.base_url + "/"):
        pg.goto(pg.base_url + "/board/board.css")  # a document of the origin, to clear its storage
    pg.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    pg.context.clear_cookies()
    pg.goto("about:blank")
    pg.mouse.move(0, 0)


@pytest.fixture(params=[(1280, 900), (390, 844)], ids=["desktop", "phone"])
def page(request: pytest.FixtureRequest, board_pages: Any, tmp_path: Path) -> Iterator[Any]:
    """A page at desktop and phone sizes, as new (reused within a test
    file, reset between tests: see board_pages); a screenshot of a failed
    test's end state is kept in its temporary folder (of every test's with
    IGISORO_END_SCREENSHOTS=1)."""
    pg = board_pages(request.param)
    errors: list[str] = []
    # The listeners the test adds (page.on) go with it, as its page would.
    listeners: list[tuple[str, Any]] = [("pageerror", lambda e: errors.append(str(e)))]

    def on(event: str, f: Any) -> None:
        listeners.append((event, f))
        type(pg).on(pg, event, f)

    type(pg).on(pg, *listeners[0])
    pg.on = on
    try:
        yield pg
    finally:
        del pg.on
        for event, f in listeners:
            pg.remove_listener(event, f)
        call = request.node.stash.get(REPORTS, {}).get("call")
        if KEEP_END_SCREENSHOTS or call is None or call.failed:
            pg.screenshot(path=str(tmp_path / f"{request.node.name}.png"), full_page=True)
        try:
            reset_page(pg)
        except Exception:
            # A page that cannot be reset (it crashed, or a test left it
            # stuck) is closed; the next test gets a new one.
            board_pages.drop(request.param)
    assert not errors, errors
