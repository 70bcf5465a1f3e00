"""The sowing trace of a move played with checking (:attr:`PlayResult.trace`):
what an animation needs, one event per step, in order.

Each event is a plain dict (JSON as it is, the HTTP API sends it unchanged)
typed here, so a type checker knows which keys each ``type`` carries:

>>> import igisoro
>>> trace = igisoro.Position.start("igisoro").play("b2").trace
>>> [e["type"] for e in trace][:3]
['decision', 'lift', 'sow']
>>> trace[1]
{'type': 'lift', 'pit': 'b2', 'count': 4}
"""

from __future__ import annotations

from typing import Literal, TypedDict

from igisoro.position import Side


class DecisionEvent(TypedDict):
    """A decision taken during the turn (capture or pass, retreat, ...)."""

    type: Literal["decision"]
    actor: Side
    choice: str


class LiftEvent(TypedDict):
    """Seeds lifted from a pit to start a lap."""

    type: Literal["lift"]
    pit: str
    count: int


class HandEvent(TypedDict):
    """Seeds taken into the hand: captured seeds, or Isolo's stock seed."""

    type: Literal["hand"]
    count: int


class SowEvent(TypedDict):
    """One seed sown into a pit."""

    type: Literal["sow"]
    pit: str


class CaptureEvent(TypedDict):
    """The opponent's pits emptied by a capture."""

    type: Literal["capture"]
    pits: list[str]
    count: int


#: Seeds the opponent moves back out of reach (4x8 retreat). ``from`` is a
#: keyword, so this one is written in the functional form.
RetreatEvent = TypedDict("RetreatEvent", {"type": Literal["retreat"], "from": str, "to": str, "count": int})


class LapEndEvent(TypedDict):
    """The pit where a lap ended."""

    type: Literal["lap_end"]
    pit: str


#: One event of a trace.
TraceEvent = DecisionEvent | LiftEvent | HandEvent | SowEvent | CaptureEvent | RetreatEvent | LapEndEvent
