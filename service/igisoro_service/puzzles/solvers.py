"""Solver ids the server issues and signs, so that only a solver it can
trust moves a rating (issue 40: 30 invented ids moved a puzzle from 1505 to
2164).

A solver id is 16 random hex digits, a ``-``, and 32 hex digits of
HMAC-SHA256 of those digits under the server's key (128 bits: forging one
means guessing them). The key is ``PUZZLE_SOLVER_SECRET`` when set, else a
random one made once and kept in the puzzle database (the ``secrets``
table), which every gunicorn worker and every replica on that database
reads, so an id issued by one worker is trusted by all. ``docs/PUZZLES.md``
says why it lives there."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the store's SQLAlchemy is loaded only with a store (api/puzzles.py)
    from igisoro_service.puzzles.store import PuzzleStore

#: An issued id: the solver's digits, then their signature.
_ISSUED = re.compile(r"^([0-9a-f]{16})-([0-9a-f]{32})$")
#: The name of the stored key (``secrets`` table).
KEY_NAME = "solver-key"
#: What the signature covers besides the digits: a key used elsewhere
#: one day cannot sign solver ids by accident.
_DOMAIN = b"igisoro puzzle solver "


def key(config: dict[str, Any], store: PuzzleStore) -> bytes:
    """The signing key: the configured secret, else the database's."""
    configured: str = config["PUZZLE_SOLVER_SECRET"]
    return (configured or store.secret(KEY_NAME)).encode()


def _signature(signing_key: bytes, digits: str) -> str:
    return hmac.new(signing_key, _DOMAIN + digits.encode(), hashlib.sha256).hexdigest()[:32]


def issue(signing_key: bytes) -> str:
    """A new solver id, signed."""
    digits = secrets.token_hex(8)
    return f"{digits}-{_signature(signing_key, digits)}"


def trusted(signing_key: bytes, given: str | None) -> str | None:
    """The solver ``given`` names (``solver:<digits>``, as stored) when it
    is an id this server signed, else None (an anonymous client)."""
    m = _ISSUED.match(given or "")
    if m is None or not hmac.compare_digest(m.group(2), _signature(signing_key, m.group(1))):
        return None
    return "solver:" + m.group(1)
