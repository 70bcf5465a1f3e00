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

from service import engine, search_policy
from service.body import load_body
from service.problems import Problem, engine_problem, validation_problem
from service.schemas import BatchRequest, PositionField

bp = Blueprint("batch", __name__, url_prefix="/v1/analysis")

_schema = BatchRequest()
_field = PositionField()


def _read(item: Any) -> igisoro.Position | Problem:
    try:
        return engine.position(_field.deserialize(item))
    except ValidationError as e:
        return validation_problem({"position": e.normalized_messages()})
    except Problem as p:
        return p


@bp.post("/batch")
def batch() -> dict[str, Any]:
    """One result per position, in order: an analysis or an error."""
    req = load_body(_schema)
    used = search_policy.limits(req)
    read = [_read(item) for item in req["positions"]]
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
            results.append({"index": i, "error": engine_problem("position", a).to_json()})
        else:
            results.append({"index": i, "position": p.notation(), **search_policy.analysis_json(a, None)})
    return {
        "count": len(results),
        "errors": sum("error" in r for r in results),
        "partial": any(r.get("partial", False) for r in results),
        "limits": used,
        "engine_version": igisoro.__version__,
        "results": results,
    }
