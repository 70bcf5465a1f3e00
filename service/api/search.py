"""``/v1/evaluate`` and ``/v1/best-move``: one position, one search.

Both take the caller's limits (capped by the server, see ``service.search``)
and stop at the request deadline with the best result so far, flagged
``partial``. ``/v1/best-move`` with a ``level`` plays like a player of that
strength (1 beginner .. 10 full strength), reproducibly for a given ``seed``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app

from service import engine, search_policy
from service.body import load_body
from service.schemas import BestMoveRequest, EvaluateRequest

bp = Blueprint("search", __name__, url_prefix="/v1")

_evaluate = EvaluateRequest()
_best_move = BestMoveRequest()


@bp.post("/evaluate")
def evaluate() -> dict[str, Any]:
    """The position's value from the side to move's view, with depth, nodes,
    time, principal variation (and ``multipv`` best lines)."""
    req = load_body(_evaluate)
    pos = engine.position(req["position"])
    used = search_policy.limits(req)
    a = search_policy.analyse(pos, used)
    return {"position": pos.notation(), "to_move": pos.to_move, **search_policy.analysis_json(a, used)}


@bp.post("/best-move")
def best_move() -> dict[str, Any]:
    """The move to play: the search's best (with multi-PV), or with
    ``level`` the choice of a player of that strength."""
    req = load_body(_best_move)
    pos = engine.position(req["position"])
    if "level" not in req:
        used = search_policy.limits(req)
        a = search_policy.analyse(pos, used)
    else:
        used = {
            "level": req["level"],
            "time_ms": req.get("time_ms", current_app.config["DEFAULT_MOVE_TIME_MS"]),
            "seed": req.get("seed", 0),
            "multipv": req.get("multipv", 1),
        }
        a = search_policy.run(pos.best_move, used["level"], used["time_ms"], used["seed"])
    return {"position": pos.notation(), "to_move": pos.to_move, **search_policy.analysis_json(a, used, used["multipv"])}
