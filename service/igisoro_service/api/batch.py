"""``/v1/analysis/batch``: many positions in one request, analysed in parallel.

Every position is read on its own, so one bad position becomes an error
entry (a problem object, as the single-position endpoints would answer)
at its index instead of failing the batch. The valid ones go to the engine
in one call that spreads them over the cores with the GIL released; results
come back in input order. ``time_ms`` bounds each position's search; the
request deadline bounds the whole batch (positions it cuts short are
``partial``). With the cache of analyses on, a position it holds an
analysis for that meets the limits is answered from it (``"cached":
true``), and the batch's completed analyses are kept in it.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, current_app

from igisoro.batch import Limits, analyse_items

from igisoro_service import analysis_cache, search_policy
from igisoro_service.body import load_body
from igisoro_service.metrics import PARTIAL_SEARCHES
from igisoro_service.problems import localized
from igisoro_service.schemas import BatchRequest

bp = Blueprint("batch", __name__, url_prefix="/v1/analysis")

_schema = BatchRequest()

#: Stated once for the whole batch (``analysis_cache.stated``), not in each entry.
_STATED = tuple(analysis_cache.stated({}))


@bp.post("/batch")
def batch() -> dict[str, Any]:
    """One result per position, in order: an analysis or an error.

    ---
    post:
      tags: [analysis]
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
      x-body: BatchRequest
      x-examples:
        mixed:
          positions: ['igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4', 'isolo
              2,2,2,2/2,2,2,2 s', not a position]
          depth: 3
      responses:
        200: {description: 'One result or error per position, in order.', x-json: BatchResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    used = search_policy.limits(req)
    # The pipeline of analysis jobs and ``igisoro analyse``: each item read
    # on its own (a bad one is an error entry), the valid ones in one
    # parallel engine call, under the request's deadline.
    run = functools.partial(analyse_items, "positions", req["positions"],
                            Limits(used["depth"], used["nodes"], used["time_ms"], used["multipv"]),
                            max_notation_length=current_app.config["MAX_NOTATION_LENGTH"],
                            item_field="positions[{index}]", known=analysis_cache.cache())
    lines = search_policy.run(run, field="positions")
    # to_move: the score and win_probability are that side's (as /v1/evaluate and job lines say).
    results = [{k: v for k, v in line.items() if k not in _STATED} for line in lines]
    # A bad position's problem in the request's language, as a single request's.
    results = [{**r, "error": localized(r["error"])} if "error" in r else r for r in results]
    cut = sum(r.get("partial", False) for r in results)
    if cut:
        PARTIAL_SEARCHES.inc(cut)
    return {
        "count": len(results),
        "errors": sum("error" in r for r in results),
        "partial": any(r.get("partial", False) for r in results),
        **analysis_cache.stated(used),
        "results": results,
    }
