"""Service configuration: defaults in a class, overridden from the environment.

Every key can be set as an environment variable prefixed ``IGISORO_`` (for
example ``IGISORO_MAX_CONTENT_LENGTH=131072``); values are parsed as JSON when
they parse, so numbers and booleans need no quoting. See ``service/CONFIG.md``.
"""

from __future__ import annotations

from typing import Any


class Config:
    """Defaults. Sizes are bytes, times seconds."""

    #: Largest accepted request body; larger bodies get 413. Positions are
    #: under 1 KiB, so 64 KiB leaves room and stops huge lists early.
    MAX_CONTENT_LENGTH = 64 * 1024
    #: Upper bound for ``limit`` in ``POST /v1/legal-moves``; also the bound
    #: applied when no ``limit`` is given, since some positions have more
    #: complete moves than any response can hold.
    MAX_LEGAL_MOVES = 1000
    #: Wall-clock limit for a request's engine calls (together); past it the
    #: engine stops and the request gets 503. Some positions take the engine
    #: very long to enumerate.
    ENGINE_TIMEOUT = 10.0
    #: Longest move notation or position notation text accepted.
    MAX_NOTATION_LENGTH = 1000
    #: Most tokens accepted in a move given as a list.
    MAX_MOVE_TOKENS = 200


#: Keys that must be positive numbers; checked at start-up so a typo in the
#: environment fails fast instead of at the first request.
_POSITIVE = ("MAX_CONTENT_LENGTH", "MAX_LEGAL_MOVES", "ENGINE_TIMEOUT", "MAX_NOTATION_LENGTH",
             "MAX_MOVE_TOKENS")
_INTEGER = ("MAX_CONTENT_LENGTH", "MAX_LEGAL_MOVES", "MAX_NOTATION_LENGTH", "MAX_MOVE_TOKENS")


#: The engine accepts time limits up to a day.
_MAX_ENGINE_TIMEOUT = 86400


def check(config: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the key if a limit is not a positive number
    (or an engine time limit the engine would refuse)."""
    for key in _POSITIVE:
        value = config[key]
        ok_type = (int,) if key in _INTEGER else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_type) or value <= 0:
            raise ValueError(f"config {key} must be a positive {'integer' if key in _INTEGER else 'number'}, not {value!r}")
    if config["ENGINE_TIMEOUT"] > _MAX_ENGINE_TIMEOUT:
        raise ValueError(f"config ENGINE_TIMEOUT must be at most {_MAX_ENGINE_TIMEOUT} s (a day), "
                         f"not {config['ENGINE_TIMEOUT']!r}")
