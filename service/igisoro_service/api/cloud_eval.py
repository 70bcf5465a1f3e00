"""``GET /v1/cloud-eval``: the deepest analysis the server has stored for a
position, or 404, never a search (issue 32; as Lichess's cloud evaluation).
The store is ``igisoro_service.analysis_cache``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from igisoro_service import analysis_cache, engine
from igisoro_service.body import load_query
from igisoro_service.problems import Problem
from igisoro_service.schemas import CloudEvalQuery
from igisoro_service.i18n import gettext as _

bp = Blueprint("cloud_eval", __name__, url_prefix="/v1")

_query = CloudEvalQuery()


@bp.get("/cloud-eval")
def cloud_eval() -> dict[str, Any]:
    """The stored analysis of a position, without searching.

    ---
    get:
      tags: [analysis]
      operationId: cloudEval
      summary: The deepest stored analysis of a position, or 404
      description: |
        Answers from the server's cache of analyses only: the deepest
        completed fixed-depth analysis any request stored for this position
        (its rules included) and `multipv`, with `cached: true`. Never searches, so it is cheap and
        takes no search slot. 404 `analysis-not-found` when none is stored.
      parameters:
      - {in: query, schema: CloudEvalQuery}
      responses:
        200: {description: The stored analysis., x-json: CloudEvalResponse}
      x-problems: [404, 422, default]
    """
    req = load_query(_query)
    pos = engine.position(req["position"])
    entry = analysis_cache.stored(pos, req["multipv"])
    if entry is None:
        raise Problem(404, "analysis-not-found", _("No stored analysis"),
                      _("No stored analysis of %(position)s with multipv %(multipv)s.",
                        position=repr(pos.notation()), multipv=req["multipv"]))
    # No request's limits: the stored analysis's own depth, nodes and time say what it is.
    return analysis_cache.analysis_answer(pos, entry, None, cached=True)
