"""``/v1/health``: is the process up, is the engine usable."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service import engine
from igisoro_service.problems import Problem
from igisoro_service.i18n import gettext as _

bp = Blueprint("health", __name__, url_prefix="/v1/health")


def _ready(timeout: float) -> None:
    # A tiny real query: the compiled core is loaded and enumerates moves.
    moves = igisoro.Position.start().legal_moves(1, timeout=timeout)
    if len(moves) != 1:
        raise Problem(503, "not-ready", _("Not ready"), _("The engine found no move in the start position."))


@bp.get("")
def health() -> dict[str, Any]:
    """Summary: the service runs; names the engine version.

    ---
    get:
      tags: [health]
      operationId: health
      summary: Service summary
      responses:
        200: {description: The service runs., x-json: Health}
      x-problems: [default]
    """
    return {"status": "ok", "engine_version": igisoro.__version__}


@bp.get("/live")
def live() -> dict[str, Any]:
    """Liveness: the process answers HTTP (no engine call).

    ---
    get:
      tags: [health]
      operationId: healthLive
      summary: Liveness (no engine call)
      responses:
        200:
          description: The process answers HTTP.
          content:
            application/json:
              schema:
                type: object
                required: [status]
                additionalProperties: false
                properties:
                  status:
                    type: string
                    enum: [ok]
      x-problems: [default]
    """
    return {"status": "ok"}


@bp.get("/ready")
def ready() -> dict[str, Any]:
    """Readiness: the engine answers a one-move query within the time limit.

    ---
    get:
      tags: [health]
      operationId: healthReady
      summary: Readiness (the engine answers a one-move query)
      responses:
        200:
          description: The engine is loaded and answers.
          content:
            application/json:
              schema:
                type: object
                required: [status, engine_version]
                additionalProperties: false
                properties:
                  status:
                    type: string
                    enum: [ready]
                  engine_version:
                    type: string
      x-problems: [503, default]
    """
    # No engine slot: a worker whose slots are busy with long calls is still ready.
    engine.run("the readiness query", _ready, slot=False)
    return {"status": "ready", "engine_version": igisoro.__version__}
