"""The board's files over HTTP: the page at ``/``, its script and style at
``/board/<asset>`` with the content types ``openapi.yaml`` documents, and a
404 problem for anything else (the browser tests drive the page itself)."""

from __future__ import annotations

import re


def test_the_page_and_each_asset_it_links_are_served_with_their_types(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    linked = re.findall(r'(?:src|href)="(board/[^"]+)"', page.get_data(as_text=True))
    assert sorted(linked) == ["board/arrows.js", "board/board.css", "board/board.js", "board/i18n.js", "board/puzzle.js",
                              "board/tree.js"]
    for path in linked:
        r = client.get("/" + path)
        assert r.status_code == 200, path
        assert r.mimetype == {"css": "text/css", "js": "text/javascript"}[path.rsplit(".", 1)[1]], path


def test_the_types_do_not_depend_on_the_hosts_mime_table(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A slim image has no /etc/mime.types, and Python 3.11's own table
    # calls a script application/javascript.
    import mimetypes

    monkeypatch.setattr(mimetypes, "guess_type", lambda *a, **k: ("application/javascript", None))
    assert client.get("/board/board.js").mimetype == "text/javascript"


def test_the_page_is_not_an_asset(client) -> None:  # type: ignore[no-untyped-def]
    # Found by schemathesis at 3,000 examples: /board/index.html answered
    # text/html where the contract documents only JavaScript and CSS.
    for path in ("/board/index.html", "/board/nope.js", "/board/" + "x" * 300, "/board/../index.html"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert r.content_type == "application/problem+json", path


def test_every_shipped_file_has_its_type_written_out() -> None:
    from igisoro_service.board import _FILES, _TYPES

    assert {name.rsplit(".", 1)[1] for name in _FILES} <= {t.lstrip(".") for t in _TYPES}
