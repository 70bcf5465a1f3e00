"""``/v1/games/review``: a whole game, ply by ply, judged by the engine.

The review itself is the library's (:func:`igisoro.review`, where the
method and the labels are documented); this view checks the envelope, runs
it in one search slot under the request deadline, and writes the JSON.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, current_app

import igisoro
from igisoro.review import THRESHOLDS, label  # re-exported: the labels are the library's

__all__ = ["THRESHOLDS", "bp", "label", "review"]
from service import engine, search_policy
from service.body import load_body
from service.metrics import PARTIAL_SEARCHES
from service.schemas import ReviewRequest

bp = Blueprint("games", __name__, url_prefix="/v1/games")

_schema = ReviewRequest()


@bp.post("/review")
def review() -> dict[str, Any]:
    """Each ply's evaluation, the best alternative and a mistake label."""
    req = load_body(_schema)
    start = engine.position(req["position"])
    moves = [engine.move_text(m) for m in req["moves"]]
    used = search_policy.limits(req, default_depth=current_app.config["DEFAULT_REVIEW_DEPTH"])
    used["multipv"] = 1
    run = functools.partial(igisoro.review, start, moves, depth=used["depth"], nodes=used["nodes"],
                            time_ms=used["time_ms"])
    r: igisoro.Review = search_policy.run(run)
    cut = sum(a.partial for a in r.analyses)
    if cut:
        PARTIAL_SEARCHES.inc(cut)
    return {
        **r.to_json(),
        "limits": used,
        "engine_version": igisoro.__version__,
    }
