"""Exceptions raised by the engine.

Every one subclasses :class:`IgisoroError`, which subclasses ``ValueError``,
and every message names the offending input. They are created in the
compiled module (so Rust code raises them directly) and re-exported here.

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

from igisoro._igisoro import (
    EngineTimeoutError,
    IgisoroError,
    IllegalMoveError,
    InvalidLimitError,
    InvalidNotationError,
    InvalidPositionError,
    UnknownVariantError,
)

__all__ = [
    "EngineTimeoutError",
    "IgisoroError",
    "IllegalMoveError",
    "InvalidLimitError",
    "InvalidNotationError",
    "InvalidPositionError",
    "UnknownVariantError",
]

# Created in the private compiled module, they would show up in tracebacks
# and reprs as ``igisoro._igisoro.IllegalMoveError``; users catch them as
# ``igisoro.IllegalMoveError``, so that is the name they carry.
for _exc in (EngineTimeoutError, IgisoroError, IllegalMoveError, InvalidLimitError, InvalidNotationError,
             InvalidPositionError, UnknownVariantError):
    _exc.__module__ = "igisoro"
del _exc

