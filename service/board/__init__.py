"""The analysis board: a page at ``/`` that plays and analyses positions in
the browser through the public ``/v1`` API only (plain HTML, CSS and
JavaScript served by the app: no build step, no CDN), so it doubles as a
living example of calling the API."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from flask import Blueprint, Response, abort
from werkzeug.security import safe_join

STATIC = Path(__file__).resolve().parent / "static"

bp = Blueprint("board", __name__)


def _file(name: str, max_age: int) -> Response:
    # Read whole (a few KiB) rather than stream an open file, as the docs
    # assets do: a client that never closes the response leaks no handle.
    path = safe_join(str(STATIC), name)
    if path is None or not Path(path).is_file():
        abort(404)
    resp = Response(Path(path).read_bytes(), mimetype=mimetypes.guess_type(name)[0] or "application/octet-stream")
    resp.cache_control.max_age = max_age
    return resp


@bp.get("/")
def index() -> Response:
    """The board page."""
    return _file("index.html", 0)


@bp.get("/board/<path:asset>")
def asset(asset: str) -> Response:
    """The page's script and style (404 problem for anything else)."""
    return _file(asset, 300)
