"""``/v1/health``: is the process up, is the engine usable."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from service import engine

bp = Blueprint("health", __name__, url_prefix="/v1/health")


def _ready(timeout: float) -> None:
    # A tiny real query: the compiled core is loaded and enumerates moves.
    moves = igisoro.Position.start().legal_moves(1, timeout=timeout)
    if len(moves) != 1:
        raise RuntimeError("the engine found no move in the start position")


@bp.get("")
def health() -> dict[str, Any]:
    """Summary: the service runs; names the engine version."""
    return {"status": "ok", "engine_version": igisoro.__version__}


@bp.get("/live")
def live() -> dict[str, Any]:
    """Liveness: the process answers HTTP (no engine call)."""
    return {"status": "ok"}


@bp.get("/ready")
def ready() -> dict[str, Any]:
    """Readiness: the engine answers a one-move query within the time limit."""
    engine.run("the readiness query", _ready)
    return {"status": "ready", "engine_version": igisoro.__version__}
