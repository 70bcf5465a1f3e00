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


#: Decisions followed, at most, to finish a move whose trace is wanted (a
#: turn has a decision per lap at most; past this the board goes without).
_MAX_STEPS = 64


def _finished(pos: igisoro.Position, prefix: list[str]) -> list[str] | None:
    """``prefix`` finished with the first option of each later decision."""
    move = list(prefix)
    for _ in range(_MAX_STEPS):
        d = engine.run("the next decision", pos.next_decision, move)
        if d.complete:
            return move
        move.append(d.options[0])
    return None


def _pit_index(rows: int, pit: str) -> tuple[int, int]:
    # The JSON form's rows run from the top (the highest rank) down.
    return rows - int(pit[1:]), "abcdefgh".index(pit[0])


def _so_far(pos: igisoro.Position, partial: list[str], options: list[str]) -> dict[str, Any]:
    """The board as it stands at the decision after ``partial`` (its
    decisions already sown, and the trace of that sowing, to animate it)
    and, per option, the pits it concerns next: the
    pits a capture takes, a retreat's two pits, the pit the next lap (the
    relay) starts from, where captured seeds start to be sown.

    The core says only who decides and the options, so each option's move
    is finished (with the first option of each later decision) and played,
    and its trace is replayed up to the decision. Empty when a trace stops
    short of it (a move past ``MAX_TRACE_EVENTS`` events)."""
    pits = [list(row) for row in pos.to_json()["pits"]]
    rows = len(pits)
    board: list[list[int]] | None = None
    so_far: list[Any] = []
    stake: dict[str, list[str]] = {}
    for option in options:
        move = _finished(pos, partial + [option])
        if move is None:
            continue
        trace = engine.run("the move's trace", pos.play, move).trace
        seen, at = 0, None
        for k, ev in enumerate(trace):
            if ev["type"] == "decision":
                if seen == len(partial):
                    at = k
                    break
                seen += 1
        if at is None:
            continue
        if board is None:
            board = [row[:] for row in pits]
            so_far = trace[:at]
            for ev in so_far:
                _replay(board, rows, ev)
        concerned: list[str] = []
        after_hand = False
        for ev in trace[at + 1:]:
            kind = ev["type"]
            if kind == "capture":
                concerned += ev["pits"]  # type: ignore[typeddict-item]
            elif kind == "retreat":
                concerned += [ev["from"], ev["to"]]  # type: ignore[typeddict-item]
            elif kind == "hand":
                after_hand = True
            elif kind == "lift":
                concerned.append(ev["pit"])  # type: ignore[typeddict-item]
                break
            elif kind == "sow":
                if after_hand:
                    concerned.append(ev["pit"])  # type: ignore[typeddict-item]
                break
            elif kind in ("decision", "lap_end"):
                break
        stake[option] = list(dict.fromkeys(concerned))
    return {} if board is None else {"pits_so_far": board, "at_stake": stake, "trace_so_far": so_far}


def _replay(pits: list[list[int]], rows: int, ev: Any) -> None:
    """One trace event on the board (the events that move seeds)."""
    kind = ev["type"]
    if kind == "lift":
        r, c = _pit_index(rows, ev["pit"])
        pits[r][c] = 0
    elif kind == "sow":
        r, c = _pit_index(rows, ev["pit"])
        pits[r][c] += 1
    elif kind == "capture":
        for p in ev["pits"]:
            r, c = _pit_index(rows, p)
            pits[r][c] = 0
    elif kind == "retreat":
        r, c = _pit_index(rows, ev["from"])
        pits[r][c] -= ev["count"]
        r, c = _pit_index(rows, ev["to"])
        pits[r][c] += ev["count"]


def _arrangement(rule: igisoro.ArrangementRule) -> dict[str, Any]:
    """The rule of Omweso's set-up move, as the answer's ``arrangement``."""
    return {"side": rule.side, "seeds": rule.seeds, "pits": list(rule.pits), "notation": rule.notation,
            "pattern": rule.pattern, "examples": list(rule.examples), "arrangements": rule.arrangements}


@bp.post("")
def legal_moves() -> dict[str, Any] | Response:
    """Without ``partial``: the complete moves (at most ``limit``, by default
    ``MAX_LEGAL_MOVES``). With ``partial``: the next decision point.

    ---
    post:
      tags: [moves]
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

        Omweso's set-up (`phase: setup`) is answered with its rule, not a
        list: each side's move is one arrangement of all its seeds over its
        16 pits, C(47, 15) = 751,616,304,549 of them for 32 seeds, which
        nothing may enumerate (`docs/OMWESO.md`). `moves` is then empty,
        `count` 0 and `truncated` true, and `arrangement` states the rule:
        the side, the seeds to place, the pits in the order of the counts,
        the notation and two valid examples. With `partial` `""` the
        decision has no `options` and the same `arrangement`.
      x-body: LegalMovesRequest
      x-examples:
        start:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          limit: 3
        stepwise:
          position: igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4
          partial: ''
        json_position:
          position:
            variant: igisoro-fr
            pits:
            - [0, 0, 0, 0, 0, 0, 0, 0]
            - [4, 4, 4, 4, 4, 4, 4, 4]
            - [4, 4, 4, 4, 4, 4, 4, 4]
            - [0, 0, 0, 0, 0, 0, 0, 0]
            to_move: south
          partial: [b2]
        isolo: {position: 'isolo 2,2,2,2/2,2,2,2 s'}
        omweso_setup: {position: 'omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup'}
        isolo_kucheleka_stepwise:
          position:
            variant: isolo
            pits:
            - [0, 0, 0, 0]
            - [7, 3, 1, 6]
            to_move: south
            phase: kucheleka
          partial: ''
      responses:
        200:
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
    # Omweso's set-up: the package refuses to list its moves or its first
    # decision's options (igisoro.NotEnumerableError, with the rule), and
    # this answers that rule in place of the list, from one source.
    if "partial_move" in req:
        partial = engine.move_text(req["partial_move"])
        try:
            d = engine.run("the next decision", pos.next_decision, partial)
        except igisoro.NotEnumerableError as e:
            return {"complete": False, "actor": e.rule.side, "role": "mover", "options": [],
                    "arrangement": _arrangement(e.rule)}
        except igisoro.IgisoroError as e:
            raise engine_problem("partial", e) from None
        answer = _decision(d)
        tokens = [t for t in partial.split("-") if t]
        if not d.complete and tokens:
            # Mid-turn: the partly sown board and the pits at stake, for
            # a board to show where the decision stands.
            try:
                answer.update(_so_far(pos, tokens, list(d.options)))
            except igisoro.IgisoroError as e:
                raise engine_problem("partial", e) from None
        return answer
    limit = req.get("limit", current_app.config["MAX_LEGAL_MOVES"])
    try:
        listed = engine.run("the legal moves", pos.legal_moves_json, limit)
    except igisoro.NotEnumerableError as e:
        return {"count": 0, "truncated": True, "limit": limit, "moves": [], "arrangement": _arrangement(e.rule)}
    # The core writes the move list's JSON (each result in both forms) in one
    # call: building it here cost more than the enumeration itself. The
    # envelope is ours; its keys are those of openapi.yaml's LegalMoves.
    body = b'{"count":%d,"truncated":%s,"limit":%d,"moves":%s}' % (
        listed.count, b"true" if listed.truncated else b"false", limit, listed.json)
    return current_app.response_class(body, mimetype="application/json")
