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
from igisoro_service import analysis_cache, engine, search_policy
from igisoro_service.body import load_body
from igisoro_service.metrics import PARTIAL_SEARCHES
from igisoro_service.schemas import ReviewRequest

bp = Blueprint("games", __name__, url_prefix="/v1/games")

_schema = ReviewRequest()


@bp.post("/review")
def review() -> dict[str, Any]:
    """Each ply's evaluation, the best alternative and a mistake label.

    ---
    post:
      tags:
      - analysis
      operationId: reviewGame
      summary: Review a whole game
      description: |
        A start position and the moves played (up to 400 by default). For
        each ply: the evaluation before the move (mover's view), the
        engine's best move there with its line, the value of the move
        played, the loss in seeds, the mover's win probability after the
        best move and after the move played, and a label by the drop
        between the two (the engine's model, `docs/benchmarks/win-probability.md`;
        a seed lost in a level game matters more than ten in a settled one):

        | label | when |
        |---|---|
        | `inaccuracy` | drop >= 0.05 |
        | `mistake` | drop >= 0.10 |
        | `blunder` | drop >= 0.15, or it gives up a forced win, or walks into a forced loss the best move avoided |

        The best move's value is a depth-`d` search before the move; the
        played move's value a depth-`d - 1` search after it, from the
        mover's view (`d` = `depth`, default 4; at depth 1 both are depth 1,
        the played move's then one turn further ahead). An illegal move is
        reported at its ply in `illegal` (its problem object); the review
        covers the plies before it and `final` is the last legal position
        with its status. Plies the request deadline leaves unsearched have
        null evaluations and the response is `partial`.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/ReviewRequest'
            examples:
              short_game:
                value:
                  position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
                  moves:
                  - b2
                  - a3
                  - c2
                  - c3
                  depth: 3
              illegal:
                value:
                  position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
                  moves:
                  - b2
                  - b2
                  depth: 2
      responses:
        '200':
          description: The review.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/ReviewResponse'
      x-problems: [400, 413, 415, 422, 503, default]
    """
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
    _store(r)
    return {
        **r.to_json(),
        "limits": used,
        "engine_version": igisoro.__version__,
    }


def _store(r: igisoro.Review) -> None:
    """Keep the review's completed searches in the cache of analyses (each
    ply's best move at the review's depth, the reply one turn shallower),
    so ``GET /v1/cloud-eval`` and later evaluations can answer them."""
    store = analysis_cache.cache()
    if store is None:
        return
    before = r.start
    for p in r.plies:
        if p.best is not None:
            store.put(before, 1, p.best)
        if p.reply is not None:
            store.put(p.position_after, 1, p.reply)
        before = p.position_after
