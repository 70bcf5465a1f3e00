"""``/v1/solve``: a proven win or loss with its line, or ``unknown``.

A search slot and the request deadline as for ``/v1/evaluate``; the
solver's own budget is ``nodes`` and/or ``time_ms`` (capped by the server;
``SOLVE_DEFAULT_TIME_MS`` when neither is given); its table is sized to
that budget within ``SOLVER_MAX_TABLE_MB``.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, current_app

import igisoro
from igisoro_service import engine, search_policy
from igisoro_service.body import load_body
from igisoro_service.schemas import SolveRequest

bp = Blueprint("solve", __name__, url_prefix="/v1")

_solve = SolveRequest()


@bp.post("/solve")
def solve() -> dict[str, Any]:
    """Prove the position won or lost for the side to move.

    ---
    post:
      tags: [analysis]
      operationId: solve
      summary: Prove a win or a loss
      description: |
        A proof-number search over whole turns (the opponent's decisions
        inside a turn are the opponent's nodes). `outcome` is `win` or
        `loss` for the side to move with a `line` that shows it (the
        winner's moves and the loser's longest resistance within the proof
        found), or `unknown`: the budget ran out, or every line the solver
        can see repeats or meets a turn too big to settle exactly
        (`unknown_turns`). An `unknown` is never a wrong proof.
        Every proof is walked again, whole, by an independent check over
        the rules before it is sent (`proof_positions`: the size of the
        tree it confirmed).

        Budget: `nodes` and/or `time_ms` (server caps as for
        `/v1/evaluate`; 1000 ms by default). The request deadline stops it
        too (`partial: true`, `stopped_by: deadline`).

        Omweso's set-up (`phase: setup`) is refused with a 422
        `urn:igisoro:problem:not-enumerable` problem whose `arrangement` is
        the rule of a set-up move (as `POST /v1/legal-moves` answers it): a
        proof must answer every move, and a set-up move is one of C(47, 15)
        arrangements, which nothing lists (`docs/OMWESO.md`, "Solving from
        the set-up"). Positions after both arrangements are solved as any.
      x-body: SolveRequest
      x-examples:
        isolo: {position: 'isolo 2,2,2,2/2,2,2,2 s', time_ms: 1000}
      responses:
        200: {description: The solver's answer., x-json: SolveResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_solve)
    pos = engine.position(req["position"])
    used = {"nodes": req.get("nodes"), "time_ms": req.get("time_ms")}
    if used["nodes"] is None and used["time_ms"] is None:
        used["time_ms"] = current_app.config["SOLVE_DEFAULT_TIME_MS"]
    solve_in = functools.partial(pos.solve, max_table_mb=current_app.config["SOLVER_MAX_TABLE_MB"])
    found: igisoro.Solution = search_policy.run(solve_in, used["nodes"], used["time_ms"])
    return {"position": pos.notation(), "to_move": pos.to_move, **found.to_json(), "limits": used,
            "engine_version": igisoro.__version__}
