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
from service import engine, search
from service.body import load_body
from service.metrics import PARTIAL_SEARCHES
from service.problems import engine_problem
from service.schemas import ReviewRequest

bp = Blueprint("games", __name__, url_prefix="/v1/games")

_schema = ReviewRequest()


def _ply_json(p: igisoro.ReviewedPly) -> dict[str, Any]:
    # Fields stay null where the budget ran out before their search.
    searched = p.best is not None and p.best.best_move is not None
    return {
        "ply": p.ply, "side": p.side, "move": p.move, "canonical": p.canonical, "captured": p.captured,
        "position_after": p.position_after.notation(),
        "evaluation": p.best.score.to_json() if searched and p.best else None,
        "best_move": p.best_move,
        "best_pv": list(p.best.pv) if searched and p.best else [],
        "played_score": None if p.played_score is None else p.played_score.to_json(),
        "loss": p.loss, "label": p.label,
    }


@bp.post("/review")
def review() -> dict[str, Any]:
    """Each ply's evaluation, the best alternative and a mistake label."""
    req = load_body(_schema)
    start = engine.position(req["position"])
    moves = [engine.move_text(m) for m in req["moves"]]
    used = search.limits(req, default_depth=current_app.config["DEFAULT_REVIEW_DEPTH"])
    used["multipv"] = 1
    run = functools.partial(igisoro.review, start, moves, depth=used["depth"], nodes=used["nodes"],
                            time_ms=used["time_ms"])
    r: igisoro.Review = search.run(run)
    cut = sum(a.partial for a in r.analyses)
    if cut:
        PARTIAL_SEARCHES.inc(cut)
    illegal = None
    if r.illegal is not None:
        error = engine_problem(f"moves.{r.illegal.ply - 1}", r.illegal.error).to_json()
        illegal = {"ply": r.illegal.ply, "move": r.illegal.move, "error": error}
    return {
        "start": start.notation(),
        "plies": [_ply_json(p) for p in r.plies],
        "illegal": illegal,
        "final": {"position": r.final.notation(), "status": r.status.to_json()},
        "summary": r.summary,
        "partial": r.partial,
        "limits": used,
        "engine_version": igisoro.__version__,
    }
