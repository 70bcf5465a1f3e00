"""Proofs: the solver's answer (:meth:`igisoro.Position.solve`).

The alpha-beta search (:meth:`igisoro.Position.analyse`) estimates; the
solver proves. It runs a proof-number search over whole turns (the
opponent's decisions inside a turn are the opponent's nodes) and answers
``win`` or ``loss`` for the side to move with a line that shows it, or
``unknown`` when its budget (``nodes``, ``time_ms``, ``timeout``) ran out or
the game cannot be settled by what it can see (repetitions, turns too big to
settle exactly). An ``unknown`` is never a wrong proof: every proof is
walked again, whole, by an independent check over the rules before it is
returned (``proof_positions``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from igisoro import _igisoro

#: What the solver established for the side to move.
Outcome = Literal["win", "loss", "unknown"]

#: Why the solver ended: ``proven``; ``game_over`` (nothing to solve);
#: ``nodes``, ``time`` (its own budget) or ``deadline`` (the outside
#: ``timeout``); ``depth`` (no line it can see ends in a result: every
#: remaining line repeats, or meets a turn it could not settle);
#: ``unchecked`` (a proof the independent check refuted, answered as
#: ``unknown``: only a solver bug can cause it, none is known).
SolveStop = Literal["proven", "game_over", "nodes", "time", "deadline", "depth", "unchecked"]


@dataclass(frozen=True)
class Solution:
    """A proven result with its line, or ``unknown``."""

    outcome: Outcome
    #: The proof's line in canonical move notation (whole turns): the
    #: winner's moves and the loser's longest resistance within the proof
    #: found. Empty unless something was proven.
    line: tuple[str, ...]
    #: With a proof, the winner's turns along the line (as ``Score.turns``
    #: counts them); the shortest forced win can only be shorter.
    turns: int | None
    #: Positions expanded.
    nodes: int
    time_ms: int
    stopped_by: SolveStop
    #: Turns met that could not be settled exactly (each a reason an
    #: ``unknown`` may hide a result).
    unknown_turns: int
    #: With a proof: the positions of its whole tree, each walked again
    #: with the rules by the independent check that confirmed it. ``None``
    #: without a proof, or when the check ran out of its step budget (4 per
    #: expansion, at least 100,000) or met the ``timeout`` before confirming
    #: it (the proof is then the solver's word alone).
    proof_positions: int | None = None

    @property
    def proven(self) -> bool:
        """True for a proven win or loss."""
        return self.outcome != "unknown"

    @property
    def partial(self) -> bool:
        """True when the outside deadline (``timeout``) stopped the solver."""
        return self.stopped_by == "deadline"

    def to_json(self) -> dict[str, Any]:
        """The solution as the HTTP API writes it: :meth:`to_json_text` parsed."""
        return json.loads(self.to_json_text())  # type: ignore[no-any-return]

    def to_json_text(self) -> str:
        """The JSON text of :meth:`to_json`, written by the core (its one
        writer of search results, ``rust_core/src/json_out.rs``)."""
        return _igisoro.solution_json((self.outcome, self.line, self.turns, self.nodes, self.time_ms,
                                       self.stopped_by, self.unknown_turns, self.proof_positions))

    @classmethod
    def _from(cls, t: tuple[Any, ...]) -> Solution:
        """From the core's tuple of these fields, in order."""
        outcome, line, turns, nodes, time_ms, stopped_by, unknown_turns, proof_positions = t
        return cls(outcome, tuple(line), turns, nodes, time_ms, stopped_by, unknown_turns, proof_positions)
