"""Exceptions raised by the engine.

Every one subclasses :class:`IgisoroError`, which subclasses ``ValueError``,
and every message names the offending input. They are created in the
compiled module (so Rust code raises them directly) and re-exported here.
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

