"""A puzzle: a position whose side to move has exactly one winning move,
with the line that shows it, and what was proven about it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any


def puzzle_id(position: str) -> str:
    """The puzzle id of a position (its canonical notation): 12 hex
    characters of its SHA-256, so the same position found twice, in two
    games or by two workers, is the same puzzle."""
    return hashlib.sha256(position.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Puzzle:
    """A proven puzzle, ready to be stored.

    ``line`` alternates whole turns, the solver's first: the winner's
    unique winning move, the defender's longest resistance, the winner's
    next unique winning move, ... and ends on a winner's move."""

    #: Canonical text notation of the start position.
    position: str
    variant: str
    #: Every rule option with its effective value (as :attr:`Position.rules`).
    rules: dict[str, Any]
    #: ``south`` or ``north``: the side the learner plays.
    to_move: str
    line: tuple[str, ...]
    #: Positions the solver expanded to prove the first move wins.
    proof_nodes: int
    #: Positions of that proof walked again by the core's independent check.
    proof_positions: int
    #: Complete legal moves at the start (every one but the first of
    #: ``line`` is proven not to win).
    moves: int
    #: Moves a shallow search (depth 2) ranks above the winning one.
    tempting: int
    themes: tuple[str, ...] = ()
    #: The first rating, before any attempt (:func:`igisoro.puzzles.rating.first_rating`).
    rating: float = 1500.0
    #: Where the position came from (``self-play:<variant>:<seed>:<ply>``, ``game``).
    source: str = ""
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", puzzle_id(self.position))

    @property
    def turns(self) -> int:
        """The winner's turns in the line."""
        return (len(self.line) + 1) // 2

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object with every field (``turns`` included)."""
        return {"id": self.id, "position": self.position, "variant": self.variant, "rules": self.rules,
                "to_move": self.to_move, "line": list(self.line), "turns": self.turns,
                "proof_nodes": self.proof_nodes, "proof_positions": self.proof_positions, "moves": self.moves,
                "tempting": self.tempting, "themes": list(self.themes), "rating": self.rating,
                "source": self.source}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        """The inverse of :meth:`to_json` (``turns`` is derived, so ignored).

        Raises :class:`ValueError` naming a missing field."""
        try:
            return cls(position=str(data["position"]), variant=str(data["variant"]), rules=dict(data["rules"]),
                       to_move=str(data["to_move"]), line=tuple(str(m) for m in data["line"]),
                       proof_nodes=int(data["proof_nodes"]), proof_positions=int(data["proof_positions"]),
                       moves=int(data["moves"]), tempting=int(data["tempting"]),
                       themes=tuple(str(t) for t in data.get("themes", ())), rating=float(data.get("rating", 1500.0)),
                       source=str(data.get("source", "")), id=str(data.get("id", "")))
        except KeyError as e:
            raise ValueError(f"a puzzle's JSON needs the field {e.args[0]!r}: {str(data)[:200]}") from None
