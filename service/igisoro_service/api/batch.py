"""``/v1/analysis/batch``: many positions in one request, analysed in parallel.

Every position is read on its own, so one bad position becomes an error
entry (a problem object, as the single-position endpoints would answer)
at its index instead of failing the batch. The valid ones go to the engine
in one call that spreads them over the cores with the GIL released; results
come back in input order. ``time_ms`` bounds each position's search; the
request deadline bounds the whole batch (positions it cuts short are
``partial``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from marshmallow import ValidationError

import igisoro

from igisoro_service import engine, search_policy
from igisoro_service.body import load_body
from igisoro_service.problems import Problem, engine_problem, validation_problem
from igisoro_service.schemas import BatchRequest, PositionField

bp = Blueprint("batch", __name__, url_prefix="/v1/analysis")

_schema = BatchRequest()
_field = PositionField()


def _read(i: int, item: Any) -> igisoro.Position | Problem:
    """Item ``i``, or its problem keyed by its JSON path in the request
    (``positions[1]``, ``positions[1].pits[0][0]``)."""
    field = f"positions[{i}]"
    try:
        return engine.position(_field.deserialize(item), field)
    except ValidationError as e:
        return validation_problem({field: e.normalized_messages()})
    except Problem as p:
        return p


@bp.post("/batch")
def batch() -> dict[str, Any]:
    """One result per position, in order: an analysis or an error.

    ---
    post:
      tags:
      - analysis
      operationId: analyseBatch
      summary: Analyse many positions in parallel
      description: |
        Up to 64 positions (default cap) with the same limits, analysed in
        parallel across the server's cores. Results come back one per
        position, in order (`index`). A position that is invalid gets an
        error entry (a problem object) at its index; the rest of the batch
        is still analysed. `time_ms` bounds each position; the request
        deadline bounds the whole batch, and positions it cuts short are
        `partial`.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/BatchRequest'
            examples:
              mixed:
                value:
                  positions:
                  - igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
                  - isolo 2,2,2,2/2,2,2,2 s
                  - not a position
                  depth: 3
      responses:
        '200':
          description: One result or error per position, in order.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/BatchResponse'
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    used = search_policy.limits(req)
    read = [_read(i, item) for i, item in enumerate(req["positions"])]
    valid = [p for p in read if isinstance(p, igisoro.Position)]
    found = iter(search_policy.run(igisoro.analyse_many, valid, used["depth"], used["nodes"], used["time_ms"],
                            used["multipv"], field="positions") if valid else [])
    results: list[dict[str, Any]] = []
    for i, p in enumerate(read):
        if isinstance(p, Problem):
            results.append({"index": i, "error": p.to_json()})
            continue
        a = next(found)
        if isinstance(a, igisoro.IgisoroError):
            results.append({"index": i, "error": engine_problem(f"positions[{i}]", a).to_json()})
        else:
            # to_move: the score and win_probability are that side's (as /v1/evaluate and job lines say).
            results.append({"index": i, "position": p.notation(), "to_move": p.to_move,
                            **search_policy.analysis_json(a, None)})
    return {
        "count": len(results),
        "errors": sum("error" in r for r in results),
        "partial": any(r.get("partial", False) for r in results),
        "limits": used,
        "engine_version": igisoro.__version__,
        "results": results,
    }
