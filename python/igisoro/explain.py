"""What a line of play does, as facts (issue 43, "moves explained").

:func:`explain` reads an analysis's best line by playing it move by move
with the sowing trace on (:attr:`PlayResult.trace`), and says for each move
what happened: the pit sown and its seeds, the laps, each capture with its
pits and seeds, each capture passed up and what it would have taken, each
retreat or refusal of one, and how the game stands after it. Then what the
first move changes for the opponent: its best reply if the mover could do
nothing (the same board, the opponent to move), against its best reply
after the move, each with the seeds it captures and its win probability.

Facts only, no words: the HTTP service tells them in the request's language
from its catalogs (``igisoro_service.explain``), and a test can check the
pits, the counts and the sides whatever the wording. Every fact comes from
the engine (the trace, the status, a search), none from a template.

>>> import igisoro
>>> from igisoro.explain import explain
>>> p = igisoro.Position.from_notation(
...     "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s")
>>> facts = explain(p, ["g2-x"])
>>> facts["moves"][0]["captures"]
[{'pits': ['c3', 'c4'], 'seeds': 6}]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from igisoro.errors import IgisoroError
from igisoro.position import Position, Side

__all__ = ["Capture", "Explanation", "MoveFacts", "Reply", "Retreat", "Threat", "explain"]

#: The depth of the two searches behind :class:`Threat` (whole turns): the
#: opponent's best reply, which needs only its own turn and the answer to
#: it to be weighed.
THREAT_DEPTH = 2


class Capture(TypedDict):
    """Seeds taken: the opponent's pits emptied, and how many seeds."""

    pits: list[str]
    seeds: int


class Retreat(TypedDict):
    """Seeds the opponent moved back out of reach (4x8 ``r``)."""

    side: Side
    pits: list[str]
    seeds: int


class MoveFacts(TypedDict):
    """One move of the line: who played it and what it did."""

    #: 0 for the analysed position's move, then one per move of the line.
    ply: int
    side: Side
    #: The move's notation as the line gives it.
    move: str
    #: The pit the turn starts from and the seeds lifted from it (None for an
    #: arrangement).
    pit: str | None
    seeds: int | None
    #: An arrangement of the seeds (Isolo's kucheleka, Omweso's set-up):
    #: its notation, the counts it places; None for a sowing move.
    arrangement: str | None
    #: Laps sown in the whole turn (relays included).
    laps: int
    #: Captures made, in order.
    captures: list[Capture]
    #: Captures the mover passed up (``p``), each with what it would have taken.
    passed: list[Capture]
    #: Retreats the opponent made in the turn (``r``), and how many it refused (``n``).
    retreats: list[Retreat]
    refused_retreats: int
    #: The game after the move: ``ongoing``, ``won`` or ``endless``, with
    #: the winner and the reason (:class:`igisoro.Status`).
    state: str
    winner: Side | None
    reason: str | None


class Reply(TypedDict):
    """The opponent's best reply at :data:`THREAT_DEPTH`, from its own view."""

    side: Side
    move: str
    captured: int
    win_probability: float


#: What the first move changes for the opponent: its best reply if the
#: mover did nothing (``without``; None where the board cannot be handed
#: over as it stands, such as Isolo's fore-play or a finished game) and
#: after the move (``with``; None when the move ends the game). ``with`` is
#: a keyword, so this one is written in the functional form.
Threat = TypedDict("Threat", {"without": Reply | None, "with": Reply | None})


class Explanation(TypedDict):
    """:func:`explain`'s answer."""

    moves: list[MoveFacts]
    threat: Threat | None


def explain(position: Position, line: Sequence[str], timeout: float | None = None) -> Explanation:
    """The facts of ``line`` (move notations, as an analysis's ``pv``)
    played from ``position``, and what its first move changes for the
    opponent (:class:`Threat`; None for an empty line).

    Raises :class:`igisoro.IllegalMoveError` (or another
    :class:`igisoro.IgisoroError`) when a move of ``line`` is not legal
    where it is played; ``timeout`` bounds each engine call."""
    moves: list[MoveFacts] = []
    at = position
    after_first: Position | None = None
    for ply, move in enumerate(line):
        facts, at = _move_facts(at, move, ply, timeout)
        moves.append(facts)
        after_first = after_first or at
    threat: Threat | None = None
    if after_first is not None:
        threat = {"without": _reply(_handed_over(position), timeout), "with": _reply(after_first, timeout)}
    return {"moves": moves, "threat": threat}


def _move_facts(pos: Position, move: str, ply: int, timeout: float | None) -> tuple[MoveFacts, Position]:
    side = pos.to_move
    r = pos.play(move, timeout=timeout)
    facts: MoveFacts = {
        "ply": ply, "side": side, "move": move, "pit": None, "seeds": None, "arrangement": None, "laps": r.laps,
        "captures": [], "passed": [], "retreats": [], "refused_retreats": 0,
        "state": r.status.state, "winner": r.status.winner, "reason": r.status.reason,
    }
    done: list[str] = []  # the decisions taken so far, in the trace's order
    first = move.split("-")[0]
    if first.startswith("k"):
        # An arrangement lifts every pit of the side and sows them again as
        # it says: no pit starts it, and its lifts are not sowings.
        facts["arrangement"] = first
    for e in r.trace:
        if e["type"] == "lift" and facts["pit"] is None and facts["arrangement"] is None:
            facts["pit"], facts["seeds"] = e["pit"], e["count"]
        elif e["type"] == "capture":
            facts["captures"].append({"pits": list(e["pits"]), "seeds": e["count"]})
        elif e["type"] == "retreat":
            facts["retreats"].append({"side": _other(side), "pits": [e["from"], e["to"]], "seeds": e["count"]})
        elif e["type"] == "decision":
            done.append(e["choice"])
            if e["choice"] == "n" and e["actor"] != side:
                facts["refused_retreats"] += 1
            elif e["choice"] == "p" and e["actor"] == side:
                # What the pass gave up: the same decisions with a capture here.
                taken = _capture_instead(pos, done[:-1], timeout)
                if taken is not None:
                    facts["passed"].append(taken)
    return facts, r.position


def _capture_instead(pos: Position, before: list[str], timeout: float | None) -> Capture | None:
    """The capture a pass declined: a legal move with the same decisions
    before the pass and ``x`` in its place, played as far as that capture
    (what the rest of such a turn would do is another move's business)."""
    want = [*before, "x"]
    for legal in pos.legal_moves(timeout=timeout):
        if legal.move.notation.split("-")[: len(want)] == want:
            caps = [e for e in pos.play(legal.move, timeout=timeout).trace if e["type"] == "capture"]
            # The captures of the ``x`` tokens in ``before`` come first.
            earlier = before.count("x")
            if len(caps) > earlier:
                return {"pits": list(caps[earlier]["pits"]), "seeds": caps[earlier]["count"]}
            return None
    return None


def _handed_over(position: Position) -> Position | None:
    """The same board with the other side to move, where that is a position
    of the game (not in a family with phases, Isolo's or Omweso's, whose
    stages belong to their players; not once the game is over)."""
    data = position.to_json()
    if "phase" in data or data.get("winner") is not None:
        return None
    data["to_move"] = _other(position.to_move)
    try:
        return Position.from_json(data)
    except IgisoroError:
        return None


def _reply(pos: Position | None, timeout: float | None) -> Reply | None:
    if pos is None or pos.status(timeout=timeout).state != "ongoing":
        return None
    a = pos.analyse(depth=THREAT_DEPTH, timeout=timeout)
    if a.best_move is None:
        return None
    r = pos.play(a.best_move, timeout=timeout)
    return {"side": pos.to_move, "move": a.best_move, "captured": r.captured,
            "win_probability": a.win_probability}


def _other(side: Side) -> Side:
    return "north" if side == "south" else "south"
