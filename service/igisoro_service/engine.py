"""The one place views reach the engine: parsing inputs and a time limit.

A request's engine calls share one budget of ``ENGINE_TIMEOUT`` seconds,
counted from its first call; each call gets what is left as its
``timeout=``. The Rust core checks its budget while it works and gives up
promptly with ``EngineTimeoutError``, which becomes a 503 ``engine-timeout``
problem; no call outlives its request, so no background CPU is left behind.
(``Position.play`` decides the status of its result within the same timeout;
gunicorn's worker timeout is kept above twice the limit, a margin for what
follows the engine, and never fires.) Calls run on the request thread and release the
GIL, so other threads of a worker keep answering.
"""

from __future__ import annotations

import threading
import time
from typing import Any, TypeVar
from collections.abc import Callable

from flask import Flask, current_app, g

import igisoro
from igisoro_service.metrics import ENGINE_CALLS_REJECTED, ENGINE_TIMEOUTS
from igisoro_service.problems import Problem, engine_problem
from igisoro_service.i18n import gettext as _

T = TypeVar("T")

_EXTENSION = "igisoro_engine"


#: Seconds an engine call waits for a free slot before 503 ``overloaded``:
#: far above a cheap call's milliseconds, far below a long call's seconds.
SLOT_WAIT = 0.5


class RequestBudget:
    """Per-app settings for engine calls: the time limit each request shares
    (named apart from the search's `search::Engine` trait in the core), and
    the worker's engine slots.

    Why slots for every engine call, not only searches: a request can make
    the engine work for the whole ENGINE_TIMEOUT (a position with very many
    moves, or a move played in one), so a few such requests would hold
    every gunicorn thread of a worker and a liveness probe would wait behind
    them for seconds. With fewer slots than threads a thread stays free for
    /v1/health/live, and a request that finds every slot taken for
    SLOT_WAIT gets 503 ``overloaded`` with ``Retry-After``."""

    def __init__(self, timeout: float, slots: int) -> None:
        self.timeout = timeout
        self.slots_total = slots
        self.slots = threading.BoundedSemaphore(slots)

    def seconds_left(self) -> float:
        """What is left of the current request's budget, counted from its
        first engine call (or from this call, if it is the first)."""
        now = time.monotonic()
        deadline: float = g.setdefault("igisoro_engine_deadline", now + self.timeout)
        return deadline - now

    def run(self, what: str, fn: Callable[..., T], *args: Any, slot: bool = True) -> T:
        """``fn(*args, timeout=<what is left of the request's budget>)``, else
        a 503 problem naming ``what``. Must run inside a request. ``slot``
        False: without an engine slot (the readiness probe's tiny query,
        which must not report a busy worker as not ready).

        Other engine refusals (:class:`igisoro.IgisoroError`) pass through
        for the view to map to the field they concern.
        """
        if slot and not self.slots.acquire(timeout=SLOT_WAIT):
            ENGINE_CALLS_REJECTED.inc()
            raise Problem(503, "overloaded", _("Service overloaded"),
                          _("This worker's %(slots)s engine slots are all taken by long calls; "
                            "retry shortly.", slots=self.slots_total), headers={"Retry-After": "1"})
        try:
            left = self.seconds_left()  # after the wait: the call gets what is left then
            if left <= 0:
                raise igisoro.EngineTimeoutError(what)
            return fn(*args, timeout=left)
        except igisoro.EngineTimeoutError:
            ENGINE_TIMEOUTS.labels(what).inc()
            raise Problem(
                503, "engine-timeout", _("Engine time limit exceeded"),
                _("The engine did not finish %(what)s within the limit of %(seconds)s s. Some "
                  "positions have very many complete moves; ask for a smaller 'limit' or walk the turn "
                  "step by step with 'partial'.", what=what, seconds=format(self.timeout, "g")),
            ) from None
        finally:
            if slot:
                self.slots.release()


def init_app(app: Flask) -> None:
    app.extensions[_EXTENSION] = RequestBudget(float(app.config["ENGINE_TIMEOUT"]),
                                               int(app.config["MAX_CONCURRENT_ENGINE_CALLS"]))


def run(what: str, fn: Callable[..., T], *args: Any, slot: bool = True) -> T:
    """Run an engine call for the current app; engine refusals are not caught here."""
    engine: RequestBudget = current_app.extensions[_EXTENSION]
    return engine.run(what, fn, *args, slot=slot)


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
    """A position from its JSON object or text notation
    (:meth:`igisoro.Position.read`), or a 422 problem on ``field``."""
    try:
        return igisoro.Position.read(value)
    except igisoro.IgisoroError as e:
        raise engine_problem(field, e) from None


def move_text(value: str | list[str] | dict[str, Any], pos: igisoro.Position | None = None) -> str:
    """Move notation from a string, a list of tokens or (with ``pos``) an
    Omweso arrangement object ``{side, rows}``, which the engine checks
    (raising :class:`igisoro.ArrangementError`, for the view to map)."""
    if isinstance(value, dict):
        if pos is None:
            raise TypeError("an arrangement object needs its position")
        return pos.arrangement(value["side"], value["rows"]).notation
    return value if isinstance(value, str) else "-".join(value)


def view(p: igisoro.Position) -> dict[str, Any]:
    """A position in both forms: ``{"position": <JSON>, "notation": <text>}``."""
    return {"position": p.to_json(), "notation": p.notation()}
