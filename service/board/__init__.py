"""The analysis board: a page at ``/`` that plays and analyses positions in
the browser through the public ``/v1`` API only (plain HTML, CSS and
JavaScript served by the app: no build step, no CDN), so it doubles as a
living example of calling the API."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"

bp = Blueprint("board", __name__)


@bp.get("/")
def index() -> Response:
    """The board page."""
    return send_from_directory(STATIC, "index.html", max_age=0)


@bp.get("/board/<path:asset>")
def asset(asset: str) -> Response:
    """The page's script and style (404 problem for anything else)."""
    return send_from_directory(STATIC, asset, max_age=300)
