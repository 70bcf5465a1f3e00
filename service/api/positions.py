"""``/v1/positions``: validate and render positions."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

import igisoro
from service import engine
from service.body import load_body, load_query
from service.problems import engine_problem
from service.render import board_svg
from service.schemas import PositionRequest, RenderQuery, RenderRequest

bp = Blueprint("positions", __name__, url_prefix="/v1/positions")

_validate_schema = PositionRequest()
_render_schema = RenderRequest()
_query_schema = RenderQuery()


@bp.post("/validate")
def validate() -> dict[str, Any]:
    """The normalised position (JSON and notation), its effective rules and status."""
    req = load_body(_validate_schema)
    pos = engine.position(req["position"])
    status = engine.run("the game status", pos.status)
    return {**engine.view(pos), "rules": pos.rules, "status": status.to_json()}


def _svg(req: dict[str, Any]) -> Response:
    pos = engine.position(req["position"])
    trace = None
    move = None
    if "move" in req:
        move = engine.move_text(req["move"])
        try:
            trace = engine.run("the move", pos.play, move).trace
        except igisoro.IgisoroError as e:
            raise engine_problem("move", e) from None
    return Response(board_svg(pos, move, trace), mimetype="image/svg+xml")


@bp.get("/render")
def render_get() -> Response:
    """SVG of the position given as notation in the query string."""
    return _svg(load_query(_query_schema))


@bp.post("/render")
def render_post() -> Response:
    """SVG of the position in the body (JSON or notation), optionally marking a move."""
    return _svg(load_body(_render_schema))
