"""An Omweso arrangement scored against the standard ones
(:meth:`igisoro.Position.evaluate_arrangement`).

Why a result of its own and not an :class:`~igisoro.Analysis`: the question
is not "what is the best move here" but "how good is this set-up, and how
does it stand against the set-ups the engine knows", so the answer is the
given arrangement's score beside each standard arrangement's, all scored
the same way (``docs/OMWESO.md``, "Choosing an arrangement"). The core
writes the JSON (the one writer of search results); this class only reads
it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from igisoro.analysis import Score


def _score(data: dict[str, Any]) -> Score:
    """A score from its JSON form (``type``, then ``value`` or ``turns``)."""
    return Score(data["type"], value=data.get("value"), turns=data.get("turns"))


@dataclass(frozen=True)
class ScoredArrangement:
    """One arrangement with its score, from the arranger's view."""

    #: The set-up move in its text form, ``k<8 counts>/<8 counts>``.
    move: str
    #: Its standard name (``even``, ``dealt``, ``inner``, ...), or None.
    name: str | None
    #: The score: South is scored against North's worst standard reply,
    #: North against South's actual arrangement.
    score: Score
    #: The arranger's chance to win, from the engine's model.
    win_probability: float
    #: The line: the arrangement, South's worst reply (South arranging),
    #: then the sowing search's moves.
    pv: tuple[str, ...]

    @classmethod
    def _from(cls, data: dict[str, Any]) -> ScoredArrangement:
        return cls(move=data["move"], name=data["name"], score=_score(data["score"]),
                   win_probability=data["win_probability"], pv=tuple(data["pv"]))


@dataclass(frozen=True)
class ArrangementEvaluation:
    """A given arrangement and the standard ones, scored alike.

    >>> from igisoro import Position
    >>> e = Position.start("omweso").evaluate_arrangement("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", depth=3)
    >>> e.arrangement.name, [s.name for s in e.standard][:3], e.stopped_by
    ('even', ['even', 'dealt', 'inner'], 'depth')
    """

    #: The arrangement asked about.
    arrangement: ScoredArrangement
    #: The standard arrangements, in their documented order (fewer when a
    #: limit ended the work first: :attr:`stopped_by` says which).
    standard: tuple[ScoredArrangement, ...]
    #: How many standard arrangements score strictly better.
    better: int
    #: Depth behind each score, in turns, the set-up plies included.
    depth: int
    #: Positions searched, over all the arrangements.
    nodes: int
    time_ms: int
    #: Turns searched in part (an approximation when non-zero).
    truncated_turns: int
    #: ``depth`` when every arrangement was scored, else the limit that
    #: ended the work (``nodes``, ``time``, ``deadline``).
    stopped_by: str
    #: True when an outside deadline (``timeout``) cut the work short.
    partial: bool
    _json: str = field(repr=False, compare=False)

    @classmethod
    def _from(cls, text: str) -> ArrangementEvaluation:
        data = json.loads(text)
        return cls(arrangement=ScoredArrangement._from(data["arrangement"]),
                   standard=tuple(ScoredArrangement._from(s) for s in data["standard"]),
                   better=data["better"], depth=data["depth"], nodes=data["nodes"], time_ms=data["time_ms"],
                   truncated_turns=data["truncated_turns"], stopped_by=data["stopped_by"],
                   partial=data["partial"], _json=text)

    def to_json(self) -> dict[str, Any]:
        """The JSON form, as the core wrote it (what ``POST
        /v1/arrangements/evaluate`` answers beside the limits)."""
        return json.loads(self._json)  # type: ignore[no-any-return]
