"""``/v1/arrangements/evaluate``: an Omweso arrangement scored against the
standard ones.

Why an endpoint of its own and not a field of ``/v1/evaluate``: an analysis
answers "what is the best move here" (in the set-up, the engine's chosen
arrangement); this answers "how good is my arrangement", beside each
standard arrangement scored the same way (``docs/OMWESO.md``, "Choosing an
arrangement"). A search slot, the request deadline and the limits as for
``/v1/evaluate``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service import engine, search_policy
from igisoro_service.body import load_body
from igisoro_service.problems import engine_problem
from igisoro_service.schemas import ArrangementEvaluateRequest

bp = Blueprint("arrangements", __name__, url_prefix="/v1")

_schema = ArrangementEvaluateRequest()


@bp.post("/arrangements/evaluate")
def evaluate_arrangement() -> dict[str, Any]:
    """Score an Omweso arrangement and the standard ones alike.

    ---
    post:
      tags: [analysis]
      operationId: evaluateArrangement
      summary: How good an Omweso arrangement is
      description: |
        In an Omweso or Mweso set-up position (`phase: setup`), the given
        arrangement (text `k...` or `{side, rows}`) and each standard
        arrangement (`even`, `dealt`, `inner`, `inner_heavy`, `alternate`,
        `left_loaded`; `docs/OMWESO.md`) scored the same way, from the
        arranger's view: South's against the worst of North's standard
        replies, North's against South's actual arrangement, each by a
        shallow search of the sowing phase. `better` counts the standard
        arrangements that score strictly higher.

        Limits as for `/v1/evaluate` (depth 6 when none is given; the
        sowing search behind each arrangement goes at most 3 turns deep).
        The given arrangement is always scored; a limit or the request
        deadline can leave standard ones out (`stopped_by`, `partial`). An
        arrangement that is not a valid set-up move here is a 422
        `illegal-move` with its `code` (`not_setup_phase` in the sowing
        phase, `bad_notation` in another game).
      x-body: ArrangementEvaluateRequest
      x-examples:
        south:
          position: omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup
          arrangement: k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2
          depth: 4
      responses:
        200: {description: The arrangement and the standard ones with their scores., x-json: ArrangementEvaluateResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    pos = engine.position(req["position"])
    try:
        move = engine.move_text(req["arrangement"], pos)
    except igisoro.IgisoroError as e:
        raise engine_problem("arrangement", e) from None
    used = search_policy.limits(req)
    del used["multipv"]
    found: igisoro.ArrangementEvaluation = search_policy.run(
        pos.evaluate_arrangement, move, used["depth"], used["nodes"], used["time_ms"], field="arrangement")
    return {"position": pos.notation(), "to_move": pos.to_move, **found.to_json(), "limits": used,
            "engine_version": igisoro.__version__}
