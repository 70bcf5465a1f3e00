"""The board's files over HTTP: the page at ``/``, its script and style at
``/board/<asset>`` with the content types ``openapi.yaml`` documents, and a
404 problem for anything else (the browser tests drive the page itself)."""

from __future__ import annotations

import re


def test_the_page_and_each_asset_it_links_are_served_with_their_types(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    linked = re.findall(r'(?:src|href)="(board/[^"]+)"', page.get_data(as_text=True))
    assert sorted(linked) == ["board/board.css", "board/board.js"]
    for path in linked:
        r = client.get("/" + path)
        assert r.status_code == 200, path
        assert r.mimetype in ("text/css", "text/javascript"), (path, r.mimetype)


def test_the_page_is_not_an_asset(client) -> None:  # type: ignore[no-untyped-def]
    # Found by schemathesis at 3,000 examples: /board/index.html answered
    # text/html where the contract documents only JavaScript and CSS.
    for path in ("/board/index.html", "/board/nope.js", "/board/" + "x" * 300, "/board/../index.html"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.content_type == "application/problem+json", path
