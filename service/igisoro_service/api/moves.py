"""``/v1/moves/check``: play one move with checking."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service import engine
from igisoro_service.body import load_body
from igisoro_service.problems import engine_problem
from igisoro_service.schemas import MoveCheckRequest

bp = Blueprint("moves", __name__, url_prefix="/v1/moves")

_schema = MoveCheckRequest()


@bp.post("/check")
def check() -> dict[str, Any]:
    """200 with the result if the move is legal, else a 422 problem saying
    which decision was impossible at which step.

    ---
    post:
      tags: [moves]
      operationId: checkMove
      summary: Play a move with checking
      description: |
        200 with the resulting position, the sowing trace (at most 20,000
        events; `trace_truncated` says whether more were left out), the
        status, captured seeds, laps and the move's canonical notation if
        the move is legal; otherwise a 422
        `illegal-move` problem whose `detail` says which decision was
        impossible at which step.

        In Omweso's set-up (`phase: setup`) the move is an arrangement, as
        text (`k` and the arranger's two rows, `docs/OMWESO.md`) or as the
        object `{side, rows}`; a refused one is an `illegal-move` problem
        with the error `code` (`wrong_total`, `negative_count`,
        `wrong_side`, `bad_shape`, `bad_notation`, `not_setup_phase`).
      x-body: MoveCheckRequest
      x-examples:
        legal:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          move: e2
        illegal:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          move: e3
        isolo_kucheleka: {position: 'isolo 0,0,0,0/7,3,1,6 s phase=kucheleka', move: k5.5.5.2}
        omweso_arrangement:
          position: omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup
          move: k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2
        omweso_arrangement_json:
          position: omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup
          move:
            side: south
            rows:
            - [0, 0, 0, 0, 8, 8, 0, 0]
            - [4, 4, 0, 0, 0, 0, 4, 4]
        isolo_six_holes:
          position:
            variant: isolo
            rules:
              holes: 6
            pits:
            - [2, 2, 2, 2, 2, 2]
            - [2, 2, 2, 2, 2, 2]
          move: c1
      responses:
        200: {description: The move is legal., x-json: MoveCheckResponse}
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    pos = engine.position(req["position"])
    try:
        move = engine.move_text(req["move"], pos)
        played = engine.run("the move", pos.play, move)
    except igisoro.IgisoroError as e:
        raise engine_problem("move", e) from None
    try:
        canonical = engine.canonical(pos, move)
    except igisoro.IgisoroError as e:
        raise engine_problem("move", e) from None
    return {
        "legal": True,
        "move": move,
        "canonical": canonical,
        "result": engine.view(played.position),
        "status": played.status.to_json(),
        "captured": played.captured,
        "laps": played.laps,
        "trace": played.trace,
        "trace_truncated": played.trace_truncated,
    }
