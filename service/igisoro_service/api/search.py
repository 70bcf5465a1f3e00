"""``/v1/evaluate`` and ``/v1/best-move``: one position, one search.

Both take the caller's limits (capped by the server, see ``service.search``)
and stop at the request deadline with the best result so far, flagged
``partial``. ``/v1/best-move`` with a ``level`` plays like a player of that
strength (1 beginner .. 10 full strength), reproducibly for a given ``seed``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from igisoro_service import engine, search_policy
from igisoro_service.explain import explained
from igisoro_service.body import load_body
from igisoro_service.schemas import BestMoveRequest, EvaluateRequest

bp = Blueprint("search", __name__, url_prefix="/v1")

_evaluate = EvaluateRequest()
_best_move = BestMoveRequest()


@bp.post("/evaluate")
def evaluate() -> dict[str, Any]:
    """The position's value from the side to move's view, with depth, nodes,
    time, principal variation (and ``multipv`` best lines).

    ---
    post:
      tags: [analysis]
      operationId: evaluate
      summary: What a position is worth
      description: |
        A search under limits: the score from the side to move's view (in
        seeds of material margin, or a forced `win`/`loss` in N turns), the
        depth reached, nodes, time and principal variation; with `multipv`
        the k best moves, each with its score and line.

        Limits: any of `depth` (whole turns), `nodes`, `time_ms`; with none,
        depth 6. Each has a server-side cap (defaults below); above a cap
        is a 422. Whatever the limits, the search stops at the request
        deadline (10 s by default) and then returns its best result so far
        with `partial: true` and `stopped_by: deadline`. Fixed-depth and
        node-limited searches are deterministic. With `time_ms`, a share of
        it goes to the solver first: a forced win or loss it proves (and an
        independent check confirms) is the answer, `stopped_by: solved`, in
        place of a seed score.

        Answers come from the server's cache of analyses when a stored one
        meets any of the limits (its depth at least `depth`, its nodes at
        least `nodes`, its time at least `time_ms`, or a proven result):
        `cached: true`, with the stored analysis's own depth, nodes and
        time. Completed fixed-depth searches are stored, a deeper one
        replacing a shallower one (`GET /v1/cloud-eval` reads the store).
      x-body: EvaluateRequest
      x-examples:
        start:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          depth: 4
        multipv:
          position: igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s
          depth: 3
          multipv: 3
        isolo: {position: 'isolo 2,2,2,2/2,2,2,2 s', nodes: 2000}
        explained:
          position: igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s
          depth: 3
          explain: true
      responses:
        200: {description: The analysis., x-json: EvaluateResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_evaluate)
    pos = engine.position(req["position"])
    return explained(pos, search_policy.evaluation(pos, search_policy.limits(req)), req)


@bp.post("/best-move")
def best_move() -> dict[str, Any]:
    """The move to play: the search's best (with multi-PV), or with
    ``level`` the choice of a player of that strength.

    ---
    post:
      tags: [analysis]
      operationId: bestMove
      summary: The move to play
      description: |
        Without `level`: the search's best move under the limits (as
        `/v1/evaluate`), with `multipv` alternatives.

        With `level` (1 beginner .. 10 full strength, for game backends):
        the move a player of that strength chooses with `time_ms` of
        thinking (default 1000), reproducibly for a given `seed` (default
        0). Weaker levels search shallower and add seeded noise to the
        scores; `lines` then lists the moves in the order the level ranked
        them. `depth` and `nodes` are not taken with `level`.

        From the cache of analyses (`cached: true`): without `level`, as
        `/v1/evaluate`; at level 10, a best move the server chose before
        for this position with at least this `time_ms` of thinking (or a
        proof), since the time it had is what makes it strong (level 10
        takes nothing from `seed`). Levels 1 to 9 always search.
      x-body: BestMoveRequest
      x-examples:
        level:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          level: 3
          time_ms: 200
          seed: 7
        multipv:
          position: ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,3,0,0/0,0,3,0,3,0,3,0/0,6,0,0,0,0,0,17 s opening=6
          depth: 4
          multipv: 2
      responses:
        200: {description: The chosen move with its analysis., x-json: BestMoveResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_best_move)
    pos = engine.position(req["position"])
    if "level" not in req:
        # The search's best move under the limits: /v1/evaluate's answer,
        # from the cache of analyses when an entry meets them.
        return explained(pos, search_policy.evaluation(pos, search_policy.limits(req)), req)
    return explained(pos, search_policy.level_move(pos, search_policy.level_limits(req)), req)
