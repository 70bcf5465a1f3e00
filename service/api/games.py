"""``/v1/games/review``: a whole game, ply by ply, judged by the engine.

For each ply: the position's evaluation before the move (mover's view), the
engine's best move there with its line, the value of the move played, the
loss in seeds and a label. How the two values are made comparable: the best
move's value is a depth-``d`` search of the position before the move; the
played move's value is a depth-``d - 1`` search of the position after it,
seen from the mover (so both look ``d`` turns ahead from the same position).
When the move played is the engine's best, no second search is needed and
the loss is 0.

Labels (``loss`` in seeds, the unit of the scores):

- ``inaccuracy``: loss >= 1 seed;
- ``mistake``: loss >= 3 seeds;
- ``blunder``: loss >= 6 seeds, or the move throws away a forced win, or it
  walks into a forced loss the best move avoided.

A forced win or loss counts as ``±(1000 - turns)`` seeds for the loss: a
win that takes k more turns than the best one loses k seeds' worth.

The moves are first checked in order; an illegal move is reported at its
ply (``illegal``), the review covers the plies before it, and the final
status is that of the last legal position. If the request deadline comes
before every ply is searched, the rest are returned without evaluation and
the response says ``partial``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app

import igisoro
from service import engine, search
from service.body import load_body
from service.problems import engine_problem
from service.schemas import ReviewRequest

bp = Blueprint("games", __name__, url_prefix="/v1/games")

_schema = ReviewRequest()

#: (label, minimum loss in seeds), most severe first.
THRESHOLDS = (("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0))
#: Seed value of a forced result, for the loss arithmetic only.
_FORCED = 1000.0
#: Seconds of budget below which no further search is started.
_RESERVE = 0.05


def _value(s: igisoro.Score) -> float:
    if s.type == "win":
        return _FORCED - (s.turns or 0)
    if s.type == "loss":
        return -_FORCED + (s.turns or 0)
    return s.value or 0.0


def _for_mover(after: igisoro.Score, same_side: bool) -> igisoro.Score:
    """The score of the position after a move, from the mover's view."""
    if same_side:  # Isolo: the fore-play's winner moves again
        return after
    if after.type == "win":
        return igisoro.Score("loss", turns=after.turns)
    if after.type == "loss":
        return igisoro.Score("win", turns=(after.turns or 0) + 1)
    return igisoro.Score("seeds", value=-(after.value or 0.0))


def label(best: igisoro.Score, played: igisoro.Score) -> tuple[float, str | None]:
    """The loss in seeds (never negative) and its label, if any."""
    loss = max(0.0, _value(best) - _value(played))
    if (best.type == "win" and played.type != "win") or (played.type == "loss" and best.type != "loss"):
        return loss, "blunder"
    for name, at in THRESHOLDS:
        if loss >= at:
            return loss, name
    return loss, None


def _walk(start: igisoro.Position, moves: list[str]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Play the moves with checking: one entry per legal ply (with the
    position before it), and the illegal move's report, if any."""
    plies: list[dict[str, Any]] = []
    pos = start
    for i, move in enumerate(moves):
        try:
            played = engine.run("the move", pos.play, move)
        except igisoro.IgisoroError as e:
            return plies, {"ply": i + 1, "move": move, "error": engine_problem(f"moves.{i}", e).to_json()}
        plies.append({"before": pos, "after": played.position, "move": move,
                      "canonical": engine.canonical(pos, move), "captured": played.captured,
                      "status": played.status})
        pos = played.position
    return plies, None


@bp.post("/review")
def review() -> dict[str, Any]:
    """Each ply's evaluation, the best alternative and a mistake label."""
    req = load_body(_schema)
    start = engine.position(req["position"])
    moves = [engine.move_text(m) for m in req["moves"]]
    used = search.limits(req, default_depth=current_app.config["DEFAULT_REVIEW_DEPTH"])
    used["multipv"] = 1
    plies, illegal = _walk(start, moves)
    # Before the searches, which may use up the budget.
    final = plies[-1]["after"] if plies else start
    status = plies[-1]["status"] if plies else engine.run("the status", start.status)

    def searched(p: igisoro.Position, shallower: bool = False) -> igisoro.Analysis | None:
        if engine.seconds_left() < _RESERVE:
            return None
        lim = dict(used)
        if shallower and lim["depth"] is not None:
            lim["depth"] = max(1, lim["depth"] - 1)
        return search.analyse(p, lim)

    out: list[dict[str, Any]] = []
    partial = False
    for n, ply in enumerate(plies, start=1):
        before: igisoro.Position = ply["before"]
        after: igisoro.Position = ply["after"]
        # Fields stay null where the budget ran out before their search.
        entry: dict[str, Any] = {
            "ply": n, "side": before.to_move, "move": ply["move"], "canonical": ply["canonical"],
            "captured": ply["captured"], "position_after": after.notation(),
            "evaluation": None, "best_move": None, "best_pv": [], "played_score": None, "loss": None, "label": None,
        }
        out.append(entry)
        best = searched(before)
        if best is None:
            partial = True
            continue
        if best.best_move is None:
            continue
        entry.update(evaluation=best.score.to_json(), best_move=best.best_move, best_pv=list(best.pv))
        partial = partial or best.partial
        if ply["canonical"] == best.best_move:
            played_score = best.score
        else:
            reply = searched(after, shallower=True)
            if reply is None:
                partial = True
                continue
            played_score = _for_mover(reply.score, after.to_move == before.to_move)
            partial = partial or reply.partial
        loss, name = label(best.score, played_score)
        entry.update(played_score=played_score.to_json(), loss=round(loss, 2), label=name)

    return {
        "start": start.notation(),
        "plies": out,
        "illegal": illegal,
        "final": {"position": final.notation(), "status": status.to_json()},
        "summary": {name: sum(e["label"] == name for e in out) for name, _ in reversed(THRESHOLDS)},
        "partial": partial,
        "limits": used,
        "engine_version": igisoro.__version__,
    }
