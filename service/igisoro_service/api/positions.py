"""``/v1/positions``: validate and render positions."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

import igisoro
from igisoro_service import engine
from igisoro_service.body import load_body, load_query
from igisoro_service.problems import engine_problem
from igisoro_service.render import board_svg
from igisoro_service.schemas import PositionRequest, RenderQuery, RenderRequest

bp = Blueprint("positions", __name__, url_prefix="/v1/positions")

_validate_schema = PositionRequest()
_render_schema = RenderRequest()
_query_schema = RenderQuery()


@bp.post("/validate")
def validate() -> dict[str, Any]:
    """The normalised position (JSON and notation), its effective rules and status.

    ---
    post:
      tags: [positions]
      operationId: validatePosition
      summary: Validate and normalise a position
      x-body: PositionRequest
      x-examples:
        notation: {position: 'igisoro-wikipedia 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s'}
        json:
          position:
            pits:
            - [2, 2, 2, 2, 2, 2, 2, 2]
            - [2, 2, 2, 2, 2, 2, 2, 2]
            - [2, 2, 2, 2, 2, 2, 2, 2]
            - [2, 2, 2, 2, 2, 2, 2, 2]
            rules:
              capture: obligatory
        isolo_main:
          position:
            variant: isolo
            pits:
            - [1, 0, 3, 2]
            - [4, 0, 0, 5]
            to_move: north
            phase: main
      responses:
        200: {description: The position is valid., x-json: ValidateResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
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
    """SVG of the position given as notation in the query string.

    ---
    get:
      tags: [positions]
      operationId: renderPositionGet
      summary: SVG picture of a position given as notation
      parameters:
      - {in: query, schema: RenderQuery}
      responses:
        200: {$ref: '#/components/responses/Svg'}
      x-problems: [422, 503, default]
    """
    return _svg(load_query(_query_schema))


@bp.post("/render")
def render_post() -> Response:
    """SVG of the position in the body (JSON or notation), optionally marking a move.

    ---
    post:
      tags: [positions]
      operationId: renderPositionPost
      summary: SVG picture of a position, optionally marking a move
      x-body: RenderRequest
      x-examples:
        with_move:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          move: e2
        isolo: {position: 'isolo 2,2,2,2/2,2,2,2 s', move: c1}
      responses:
        200: {$ref: '#/components/responses/Svg'}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    return _svg(load_body(_render_schema))
