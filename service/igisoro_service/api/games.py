"""``/v1/games/review``: a whole game, ply by ply, judged by the engine.

The review itself is the library's (:func:`igisoro.review`, where the
method and the labels are documented); this view checks the envelope, runs
it in one search slot under the request deadline, and writes the JSON.
With the cache of analyses on, a depth-limited review takes the plies it
holds (reviewed before, in this game or any other that reached the same
position and move) from it, searches only the others, and keeps them
(:func:`igisoro.known.review_known`); ``cached_plies`` says how many.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, current_app

import igisoro
from igisoro.known import Known, Reviewed, review_known
from igisoro.review import THRESHOLDS, label  # re-exported: the labels are the library's

__all__ = ["THRESHOLDS", "bp", "label", "review"]
from igisoro_service import analysis_cache, engine, search_policy
from igisoro_service.body import load_body
from igisoro_service.explain import review_explained
from igisoro_service.metrics import PARTIAL_SEARCHES
from igisoro_service.problems import localized
from igisoro_service.schemas import ReviewRequest

bp = Blueprint("games", __name__, url_prefix="/v1/games")

_schema = ReviewRequest()


@bp.post("/review")
def review() -> dict[str, Any]:
    """Each ply's evaluation, the best alternative and a mistake label.

    ---
    post:
      tags: [analysis]
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
      x-body: ReviewRequest
      x-examples:
        short_game:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          moves: [b2, a3, c2, c3]
          depth: 3
        illegal:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          moves: [b2, b2]
          depth: 2
      responses:
        200: {description: The review., x-json: ReviewResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    start = engine.position(req["position"])
    moves = [engine.move_text(m) for m in req["moves"]]
    used = search_policy.limits(req, default_depth=current_app.config["DEFAULT_REVIEW_DEPTH"])
    used["multipv"] = 1
    known = analysis_cache.cache()
    run = functools.partial(_review, start, moves, known, used)
    r: Reviewed = search_policy.run(run)
    assert isinstance(r.review, dict)  # _review raised the error otherwise
    if r.cut_searches:
        PARTIAL_SEARCHES.inc(r.cut_searches)
    review = r.review
    illegal = review.get("illegal")
    if isinstance(illegal, dict) and isinstance(illegal.get("error"), dict):
        # The illegal move's problem in the request's language.
        review = {**review, "illegal": {**illegal, "error": localized(illegal["error"])}}
    review = review_explained(start, review, req)
    return {**review, "cached_plies": r.cached_plies, **analysis_cache.stated(used)}


def _review(start: igisoro.Position, moves: list[str], known: Known | None, used: dict[str, Any],
            timeout: float | None = None) -> Reviewed:
    """The review of one game, reading and filling the cache of analyses
    (:func:`igisoro.known.review_known`: plies reviewed before, in any game,
    are not searched again)."""
    r = review_known([(start, moves)], known, depth=used["depth"], nodes=used["nodes"],
                     time_ms=used["time_ms"], timeout=timeout)[0]
    if isinstance(r.review, igisoro.IgisoroError):
        raise r.review  # the deadline passed before the moves were checked: search_policy.run's problem
    return r
