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
