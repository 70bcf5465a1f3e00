"""``/v1/legal-moves``: complete legal moves, or the next decision of a turn."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app

import igisoro
from service import engine
from service.body import load_body
from service.problems import engine_problem
from service.schemas import LegalMovesRequest

bp = Blueprint("legal_moves", __name__, url_prefix="/v1/legal-moves")

_schema = LegalMovesRequest()


def _decision(d: igisoro.Decision) -> dict[str, Any]:
    if d.complete:
        assert d.result is not None
        return {"complete": True, "result": engine.view(d.result), "captured": d.captured, "laps": d.laps}
    return {"complete": False, "actor": d.actor, "role": d.role, "options": list(d.options)}


@bp.post("")
def legal_moves() -> dict[str, Any] | Response:
    """Without ``partial``: the complete moves (at most ``limit``, by default
    ``MAX_LEGAL_MOVES``). With ``partial``: the next decision point."""
    req = load_body(_schema)
    pos = engine.position(req["position"])
    if "partial_move" in req:
        partial = engine.move_text(req["partial_move"])
        try:
            return _decision(engine.run("the next decision", pos.next_decision, partial))
        except igisoro.IgisoroError as e:
            raise engine_problem("partial", e) from None
    limit = req.get("limit", current_app.config["MAX_LEGAL_MOVES"])
    listed = engine.run("the legal moves", pos.legal_moves_json, limit)
    # The core writes the move list's JSON (each result in both forms) in one
    # call: building it here cost more than the enumeration itself. The
    # envelope is ours; its keys are those of openapi.yaml's LegalMoves.
    body = b'{"count":%d,"truncated":%s,"limit":%d,"moves":%s}' % (
        listed.count, b"true" if listed.truncated else b"false", limit, listed.json)
    return current_app.response_class(body, mimetype="application/json")
