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

from typing import Any

__all__ = [
    "EngineTimeoutError",
    "IgisoroError",
    "IllegalMoveError",
    "InvalidLimitError",
    "InvalidNotationError",
    "InvalidPositionError",
    "UnknownVariantError",
    "problem",
]

# Created in the private compiled module, they would show up in tracebacks
# and reprs as ``igisoro._igisoro.IllegalMoveError``; users catch them as
# ``igisoro.IllegalMoveError``, so that is the name they carry.
for _exc in (EngineTimeoutError, IgisoroError, IllegalMoveError, InvalidLimitError, InvalidNotationError,
             InvalidPositionError, UnknownVariantError):
    _exc.__module__ = "igisoro"
del _exc


#: Problem type (the tail of ``urn:igisoro:problem:<slug>``) and title per
#: exception, most specific class first (UnknownVariantError is an
#: InvalidPositionError). The HTTP service and the batch tools share it, so
#: one refusal reads the same wherever it is reported.
_PROBLEM_TYPES: tuple[tuple[type[IgisoroError], str, str], ...] = (
    (IllegalMoveError, "illegal-move", "Illegal move"),
    (UnknownVariantError, "unknown-variant", "Unknown variant"),
    (InvalidNotationError, "invalid-notation", "Invalid notation"),
    (InvalidPositionError, "invalid-position", "Invalid position"),
    (InvalidLimitError, "invalid-limit", "Invalid limit"),
)


def problem_type(exc: IgisoroError) -> tuple[str, str]:
    """``(slug, title)`` of the RFC 9457 problem that reports ``exc``."""
    for cls, slug, title in _PROBLEM_TYPES:
        if isinstance(exc, cls):
            return slug, title
    return "engine-error", "Rejected by the engine"


def problem(exc: IgisoroError, field: str) -> dict[str, Any]:
    """An RFC 9457 problem object (status 422) for an input the engine
    refused; ``field`` names the input, as the HTTP API's ``errors`` do.

    >>> from igisoro import Position
    >>> try:
    ...     Position.from_notation("igisoro zz")
    ... except IgisoroError as e:
    ...     problem(e, "position")["type"]
    'urn:igisoro:problem:invalid-notation'
    """
    slug, title = problem_type(exc)
    detail = str(exc)
    return {"type": "urn:igisoro:problem:" + slug, "title": title, "status": 422, "detail": detail,
            "errors": {field: [detail]}}
