"""The one place views reach the engine: parsing inputs and a time limit.

A request's engine calls share one budget of ``ENGINE_TIMEOUT`` seconds,
counted from its first call; each call gets what is left as its
``timeout=``. The Rust core checks its budget while it works and gives up
promptly with ``EngineTimeoutError``, which becomes a 503 ``engine-timeout``
problem; no call outlives its request, so no background CPU is left behind.
(``Position.play`` decides the status of its result as a second call with the
same timeout, so a request's engine time is at most twice the limit; gunicorn's
worker timeout is set above that and never fires.) Calls run on the request
thread and release the GIL, so other threads of a worker keep answering.
"""

from __future__ import annotations

import time
from typing import Any, TypeVar
from collections.abc import Callable

from flask import Flask, current_app, g

import igisoro
from service.metrics import ENGINE_TIMEOUTS
from service.problems import Problem, engine_problem

T = TypeVar("T")

_EXTENSION = "igisoro_engine"


class RequestBudget:
    """Per-app settings for engine calls: the time limit each request shares
    (named apart from the search's `search::Engine` trait in the core)."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout

    def seconds_left(self) -> float:
        """What is left of the current request's budget, counted from its
        first engine call (or from this call, if it is the first)."""
        now = time.monotonic()
        deadline: float = g.setdefault("igisoro_engine_deadline", now + self.timeout)
        return deadline - now

    def run(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args, timeout=<what is left of the request's budget>)``, else
        a 503 problem naming ``what``. Must run inside a request.

        Other engine refusals (:class:`igisoro.IgisoroError`) pass through
        for the view to map to the field they concern.
        """
        left = self.seconds_left()
        try:
            if left <= 0:
                raise igisoro.EngineTimeoutError(what)
            return fn(*args, timeout=left)
        except igisoro.EngineTimeoutError:
            ENGINE_TIMEOUTS.labels(what).inc()
            raise Problem(
                503, "engine-timeout", "Engine time limit exceeded",
                f"The engine did not finish {what} within the limit of {self.timeout:g} s. Some "
                "positions have very many complete moves; ask for a smaller 'limit' or walk the turn "
                "step by step with 'partial'.",
            ) from None


def init_app(app: Flask) -> None:
    app.extensions[_EXTENSION] = RequestBudget(float(app.config["ENGINE_TIMEOUT"]))


def run(what: str, fn: Callable[..., T], *args: Any) -> T:
    """Run an engine call for the current app; engine refusals are not caught here."""
    engine: RequestBudget = current_app.extensions[_EXTENSION]
    return engine.run(what, fn, *args)


def seconds_left() -> float:
    """Seconds left of the current request's engine budget."""
    engine: RequestBudget = current_app.extensions[_EXTENSION]
    return engine.seconds_left()


def _canonical(pos: igisoro.Position, move: str, timeout: float) -> str:
    return pos.canonical(move, timeout).notation


def canonical(pos: igisoro.Position, move: str) -> str:
    """The canonical notation of a legal ``move``, under the request budget.

    The engine plays any valid Isolo kucheleka arrangement but, past 2000
    arrangements, finds canonical forms only among the sampled ones it
    lists. Notation of an arrangement is strict (one spelling per
    arrangement), so there the move as played is its canonical form.
    """
    try:
        return run("the canonical notation", _canonical, pos, move)
    except igisoro.IllegalMoveError:
        return move


def position(value: Any, field: str = "position") -> igisoro.Position:
    """A position from its JSON object or text notation, or a 422 problem."""
    try:
        if isinstance(value, str):
            return igisoro.Position.from_notation(value)
        return igisoro.Position.from_json(value)
    except igisoro.IgisoroError as e:
        raise engine_problem(field, e) from None


def move_text(value: str | list[str]) -> str:
    """Move notation from a string or a list of tokens."""
    return value if isinstance(value, str) else "-".join(value)


def view(p: igisoro.Position) -> dict[str, Any]:
    """A position in both forms: ``{"position": <JSON>, "notation": <text>}``."""
    return {"position": p.to_json(), "notation": p.notation()}
