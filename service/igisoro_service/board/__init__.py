"""The analysis board: a page at ``/`` that plays and analyses positions in
the browser through the public ``/v1`` API only (plain HTML, CSS and
JavaScript served by the app: no build step, no CDN), so it doubles as a
living example of calling the API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort

STATIC = Path(__file__).resolve().parent / "static"

bp = Blueprint("board", __name__)

#: The page's files (a flat folder).
_FILES = frozenset(p.name for p in STATIC.iterdir() if p.is_file())

#: The files' media types, written out: ``mimetypes`` reads the host's
#: ``/etc/mime.types`` where there is one, and Python 3.11's own table says
#: ``application/javascript``, not the ``text/javascript`` the contract and
#: RFC 9239 give (a slim image without that file would have answered it).
_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}

#: What ``/board/<asset>`` serves: the script and style only, the types its
#: OpenAPI operation documents (the page itself is ``/``; serving it here
#: too answered ``text/html`` where the contract says JavaScript or CSS).
_ASSETS = frozenset(n for n in _FILES if n.endswith((".js", ".css")))


def _file(name: str, max_age: int, allowed: frozenset[str] = _FILES) -> Response:
    # Read whole (a few KiB) rather than stream an open file, as the docs
    # assets do: a client that never closes the response leaks no handle.
    # Only the files shipped in static/: a name is looked up, never used as
    # a path (a 300-character name made is_file() raise "name too long").
    if name not in allowed:
        abort(404)
    resp = Response((STATIC / name).read_bytes(), mimetype=_TYPES.get(Path(name).suffix, "application/octet-stream"))
    resp.cache_control.max_age = max_age
    return resp


@bp.get("/")
def index() -> Response:
    """The board page.

    ---
    get:
      tags:
      - meta
      operationId: board
      summary: The analysis board (a page in the browser that uses this API)
      responses:
        '200':
          description: The board page.
          content:
            text/html:
              schema:
                type: string
      x-problems: [default]
    """
    return _file("index.html", 0)


@bp.get("/board/<path:asset>")
def asset(asset: str) -> Response:
    """The page's script and style (404 problem for anything else).

    ---
    get:
      tags:
      - meta
      operationId: boardAsset
      summary: The board page's script and style
      parameters:
      - name: asset
        in: path
        required: true
        schema:
          type: string
        example: board.js
      responses:
        '200':
          description: A static file (JavaScript or CSS).
          content:
            text/javascript:
              schema:
                type: string
            text/css:
              schema:
                type: string
      x-problems: [default]
    """
    return _file(asset, 300, _ASSETS)


@bp.get("/v1/board/messages")
def board_messages() -> dict[str, Any]:
    """The board's words in the request's language (issue 43).

    ---
    get:
      tags:
      - meta
      operationId: boardMessages
      summary: The board page's strings in one language
      description: |
        Every string the board page shows, from the service's catalogs
        (the page holds keys only), in the language chosen as for every
        answer: `lang`, then `Accept-Language`, else English. Open without
        an API key, as the page itself is.
      responses:
        200: {description: The page's strings., x-json: BoardMessages}
      x-problems: [default]
    """
    from igisoro_service.board.messages import messages

    return messages()
