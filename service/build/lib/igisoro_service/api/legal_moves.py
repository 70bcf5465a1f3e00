"""``/v1/legal-moves``: complete legal moves, or the next decision of a turn."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app

import igisoro
from igisoro_service import engine
from igisoro_service.body import load_body
from igisoro_service.problems import engine_problem
from igisoro_service.schemas import LegalMovesRequest

bp = Blueprint("legal_moves", __name__, url_prefix="/v1/legal-moves")

_schema = LegalMovesRequest()


def _decision(d: igisoro.Decision) -> dict[str, Any]:
    if d.complete:
        assert d.result is not None
        return {"complete": True, "result": engine.view(d.result), "captured": d.captured, "laps": d.laps}
    return {"complete": False, "actor": d.actor, "role": d.role, "options": list(d.options)}


@bp.post("")
def legal_moves() -> dict[str, Any] | Response:
    """Without ``partial``: the complete moves (at most ``limit``, by default
    ``MAX_LEGAL_MOVES``). With ``partial``: the next decision point.

    ---
    post:
      tags:
      - moves
      operationId: legalMoves
      summary: Legal moves, or the next decision of a turn
      description: |
        Without `partial`: the complete legal moves, one per distinct
        resulting position, each in canonical notation with its result. At
        most `limit` are returned (default and maximum 1000); `truncated`
        says whether more exist.

        With `partial` (a prefix of a move, `""` or `[]` for the start of the
        turn): the next decision point, or the result if the partial move is
        already complete. Answers `LegalMovesResponse` or `Decision`.

        Isolo's kucheleka (phase `kucheleka`) is one decision, the
        arrangement of the winner's seeds (`k` and a count per hole in
        column order). When there are at most 2000 arrangements all are
        listed; otherwise a sample (the even spread, the row as it is, all
        seeds in one hole), while `POST /v1/moves/check` accepts any valid
        arrangement (`docs/ISOLO.md`).
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/LegalMovesRequest'
            examples:
              start:
                value:
                  position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
                  limit: 3
              stepwise:
                value:
                  position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
                  partial: ''
              json_position:
                value:
                  position:
                    variant: igisoro-fr
                    pits:
                    - - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                    - - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                    - - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                      - 4
                    - - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                      - 0
                    to_move: south
                  partial:
                  - b2
              isolo:
                value:
                  position: isolo 2,2,2,2/2,2,2,2 s
              isolo_kucheleka_stepwise:
                value:
                  position:
                    variant: isolo
                    pits:
                    - - 0
                      - 0
                      - 0
                      - 0
                    - - 7
                      - 3
                      - 1
                      - 6
                    to_move: south
                    phase: kucheleka
                  partial: ''
      responses:
        '200':
          description: The moves, or the next decision.
          content:
            application/json:
              schema:
                oneOf:
                - $ref: '#/components/schemas/LegalMovesResponse'
                - $ref: '#/components/schemas/Decision'
      x-problems: [400, 413, 415, 422, 503, default]
    """
    req = load_body(_schema)
    pos = engine.position(req["position"])
    if "partial_move" in req:
        partial = engine.move_text(req["partial_move"])
        try:
            return _decision(engine.run("the next decision", pos.next_decision, partial))
        except igisoro.IgisoroError as e:
            raise engine_problem("partial", e) from None
    limit = req.get("limit", current_app.config["MAX_LEGAL_MOVES"])
    listed = engine.run("the legal moves", pos.legal_moves_json, limit)
    # The core writes the move list's JSON (each result in both forms) in one
    # call: building it here cost more than the enumeration itself. The
    # envelope is ours; its keys are those of openapi.yaml's LegalMoves.
    body = b'{"count":%d,"truncated":%s,"limit":%d,"moves":%s}' % (
        listed.count, b"true" if listed.truncated else b"false", limit, listed.json)
    return current_app.response_class(body, mimetype="application/json")
