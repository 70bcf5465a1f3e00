"""Exceptions raised by the engine.

Every one subclasses :class:`IgisoroError`, which subclasses ``ValueError``,
and every message names the offending input. They are defined here; the
compiled module raises them (it looks each one up here by name, one
exhaustive match in the binding's ``to_py_err``).

Besides the message, every one carries what it concerns, so a caller can
tell which part of the input is wrong without reading English (``None``
where an attribute does not apply):

- ``field``: the field of the position's JSON form (``"pits"``,
  ``"to_move"``, ``"rules.min_seeds"``, ``"opening_plies"``, ``"winner"``,
  ``"phase"``, ``"variant"``);
- ``pit``: ``(row, column)`` of a bad count in the ``pits`` picture as given;
- ``value``: the offending value (a count, the board's total, the side or
  option value as written);
- ``path``: the JSON path inside the position's JSON form (``"pits[2][3]"``,
  ``"to_move"``, ``"rules.min_seeds"``), None for a position given as text
  notation or an error about the whole input.

>>> import igisoro
>>> try:
...     igisoro.Position.from_json({"pits": [[0] * 8, [4] * 8, [4, 4, 4, -1, 4, 4, 4, 4], [0] * 8]})
... except igisoro.InvalidPositionError as e:
...     print(e.field, e.pit, e.value, e.path)
pits (2, 3) -1 pits[2][3]
"""

from typing import Any



class IgisoroError(ValueError):
    """Base of every error the engine raises."""

    #: The field of the position's JSON form the error concerns, or None.
    field: str | None = None
    #: ``(row, column)`` of a bad count in the ``pits`` picture as given, or None.
    pit: tuple[int, int] | None = None
    #: The offending value (a count, a total, a side, an option's value), or None.
    value: int | str | None = None
    #: The JSON path inside the position's JSON form, or None.
    path: str | None = None


class InvalidNotationError(IgisoroError):
    """Text that is not valid notation."""


class InvalidPositionError(IgisoroError):
    """A setup that is not a valid position."""


class UnknownVariantError(InvalidPositionError):
    """A variant name that is not known."""


class IllegalMoveError(IgisoroError):
    """A move that is not legal in the position."""


class ArrangementError(IllegalMoveError):
    """An Omweso set-up move (an arrangement) refused, or a move that is not
    an arrangement in the set-up phase (``docs/OMWESO.md``, "Set-up errors").

    Its own class, an :class:`IllegalMoveError` still, so that a caller can
    tell the player what to fix without reading the message: :attr:`code`
    is the doc's error code, and ``value`` the count, total or side at
    fault (else the move as given). The message names the move and the
    position.

    >>> import igisoro
    >>> start = igisoro.Position.start("omweso")
    >>> try:
    ...     start.play("k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.5")
    ... except igisoro.ArrangementError as e:
    ...     print(e.code, e.value)
    wrong_total 33
    """

    #: ``wrong_total``, ``negative_count``, ``wrong_side``, ``bad_shape``,
    #: ``bad_notation`` or ``not_setup_phase``.
    code: str | None = None


class NotEnumerableError(IgisoroError):
    """A list of moves asked for where the moves are not listed: Omweso's
    set-up, whose move is one of C(47, 15) = 751,616,304,549 arrangements
    (``docs/OMWESO.md``, "How many arrangements").

    Why an error and not an empty list: an empty move list means the side to
    move has no move and has lost; a sample would pass for the whole list.
    :attr:`rule` says what a move is there (as
    :meth:`igisoro.Position.arrangement_rule` does, and as ``POST
    /v1/legal-moves`` answers the set-up), and any arrangement it allows
    can be played.

    >>> import igisoro
    >>> try:
    ...     igisoro.Position.start("omweso").legal_moves()
    ... except igisoro.NotEnumerableError as e:
    ...     print(e.rule.seeds, e.rule.arrangements)
    32 751616304549
    """

    #: The :class:`igisoro.ArrangementRule` of the position.
    rule: Any = None


class InvalidLimitError(IgisoroError):
    """A bound or limit out of range."""


class EngineTimeoutError(IgisoroError):
    """The time limit ran out before the answer was settled."""


__all__ = [
    "ArrangementError",
    "EngineTimeoutError",
    "IgisoroError",
    "IllegalMoveError",
    "InvalidLimitError",
    "InvalidNotationError",
    "InvalidPositionError",
    "NotEnumerableError",
    "UnknownVariantError",
]

# Users catch them as ``igisoro.IllegalMoveError``, so that is the name they
# carry in tracebacks and reprs.
for _exc in (ArrangementError, EngineTimeoutError, IgisoroError, IllegalMoveError, InvalidLimitError, InvalidNotationError,
             InvalidPositionError, NotEnumerableError, UnknownVariantError):
    _exc.__module__ = "igisoro"
del _exc
