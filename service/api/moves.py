"""``/v1/moves/check``: play one move with checking."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from service import engine
from service.body import load_body
from service.problems import engine_problem
from service.schemas import MoveCheckRequest

bp = Blueprint("moves", __name__, url_prefix="/v1/moves")

_schema = MoveCheckRequest()


@bp.post("/check")
def check() -> dict[str, Any]:
    """200 with the result if the move is legal, else a 422 problem saying
    which decision was impossible at which step."""
    req = load_body(_schema)
    pos = engine.position(req["position"])
    move = engine.move_text(req["move"])
    try:
        played = engine.run("the move", pos.play, move)
    except igisoro.IgisoroError as e:
        raise engine_problem("move", e) from None
    try:
        canonical = engine.canonical(pos, move)
    except igisoro.IgisoroError as e:
        raise engine_problem("move", e) from None
    return {
        "legal": True,
        "move": move,
        "canonical": canonical,
        "result": engine.view(played.position),
        "status": played.status.to_json(),
        "captured": played.captured,
        "laps": played.laps,
        "trace": played.trace,
    }
