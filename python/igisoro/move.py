"""Moves: a start followed by the decisions taken during the turn."""

from __future__ import annotations

import re

from igisoro.errors import InvalidNotationError

# Syntax only; whether a move is legal depends on the position. ``/``
# separates the two rows of an Omweso arrangement (``k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4``).
_TOKEN = re.compile(r"[a-z0-9./]{1,64}")


class Move:
    """A complete move (or a partial decision list) in move notation.

    The notation is the start pit followed by each decision, joined by ``-``:
    ``e2``, ``b2-cw``, ``f2-p-r`` (pass, then the opponent retreats).
    Tokens: ``ccw``/``cw`` lap direction, ``x``/``p`` capture or pass,
    ``r``/``n`` the opponent retreats or not.

    >>> Move.from_notation("f2-p-r").decisions
    ('f2', 'p', 'r')
    >>> Move.from_notation("f2-p-r")
    Move.from_notation('f2-p-r')
    """

    __slots__ = ("_decisions",)

    def __init__(self, decisions: tuple[str, ...]) -> None:
        self._decisions = decisions

    @classmethod
    def from_notation(cls, text: str) -> Move:
        """Parse move notation (syntax only; legality is the position's job)."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"move notation must be a string, not {type(text).__name__}: {text!r}")
        if text == "":
            return cls(())
        tokens = tuple(text.split("-"))
        for i, tok in enumerate(tokens):
            if not _TOKEN.fullmatch(tok):
                raise InvalidNotationError(f"move {text!r}: token {i} {tok!r} is not a pit name or decision")
        return cls(tokens)

    @property
    def decisions(self) -> tuple[str, ...]:
        """The start and every decision, as notation tokens."""
        return self._decisions

    @property
    def start(self) -> str | None:
        """The start pit, or None for the empty decision list."""
        return self._decisions[0] if self._decisions else None

    @property
    def notation(self) -> str:
        """The move notation."""
        return "-".join(self._decisions)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.from_notation({self.notation!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other._decisions == self._decisions

    def __hash__(self) -> int:
        return hash(self._decisions)
