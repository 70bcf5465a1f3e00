"""Searches for the analysis endpoints: limits, deadlines, overload, answers.

Every search runs under two kinds of limits, kept apart on purpose:

- the caller's own (``depth``, ``nodes``, ``time_ms``, ``multipv``), checked
  against the server's caps (``MAX_SEARCH_*``; above a cap is a 422, not a
  silent clamp, so a caller never gets less than it thinks it asked for);
- the request's deadline: what is left of ``ENGINE_TIMEOUT``. A search that
  meets it returns the best result so far with ``"partial": true`` (the
  engine reports ``stopped_by: "deadline"``). No gunicorn worker is killed
  and nothing keeps running after the response.

Searches go through :func:`igisoro_service.engine.run`, which passes what is left of
the request's budget as the engine's ``timeout``.

A worker runs at most ``MAX_CONCURRENT_SEARCHES`` searches at once; past that
a search request gets 503 ``overloaded`` at once (with ``Retry-After``), so
cheap requests on the other threads (health, legal moves) stay prompt.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar
from collections.abc import Callable

from flask import Flask, current_app

import igisoro
from igisoro_service import analysis_cache, engine
from igisoro_service.analysis_cache import analysis_answer
from igisoro_service.metrics import PARTIAL_SEARCHES, SEARCHES_REJECTED
from igisoro_service.problems import Problem, engine_problem
from igisoro_service.i18n import gettext as _

T = TypeVar("T")

_EXTENSION = "igisoro_search_slots"


def init_app(app: Flask) -> None:
    """A per-worker semaphore bounding concurrent searches."""
    app.extensions[_EXTENSION] = threading.BoundedSemaphore(int(app.config["MAX_CONCURRENT_SEARCHES"]))


@contextmanager
def slot() -> Iterator[None]:
    """Hold one search slot for the block, or raise 503 ``overloaded``."""
    sem: threading.BoundedSemaphore = current_app.extensions[_EXTENSION]
    if not sem.acquire(blocking=False):
        SEARCHES_REJECTED.inc()
        top = current_app.config["MAX_CONCURRENT_SEARCHES"]
        raise Problem(503, "overloaded", _("Service overloaded"),
                      _("This worker is already running its limit of %(top)s searches; retry shortly.", top=top),
                      headers={"Retry-After": "1"})
    try:
        yield
    finally:
        sem.release()


def run(fn: Callable[..., T], *args: Any, field: str = "position") -> T:
    """``fn(*args)`` as a search: in a slot, under the request deadline
    (``igisoro_service.engine.run``), an engine refusal as a 422 on ``field``."""
    with slot():
        try:
            found = engine.run("the search", fn, *args)
        except igisoro.IgisoroError as e:
            raise engine_problem(field, e) from None
    # Counted here, where every search runs (evaluate, best move, each
    # position of a batch, each search of a game review).
    items = found if isinstance(found, list) else [found]
    cut = sum(isinstance(a, (igisoro.Analysis, igisoro.Solution)) and a.partial for a in items)
    if cut:
        PARTIAL_SEARCHES.inc(cut)
    return found


def analyse(pos: igisoro.Position, used: dict[str, Any]) -> igisoro.Analysis:
    """``pos.analyse`` under the ``used`` limits (see :func:`limits`)."""
    return run(pos.analyse, used["depth"], used["nodes"], used["time_ms"], used["multipv"])


def evaluation(pos: igisoro.Position, used: dict[str, Any]) -> dict[str, Any]:
    """``/v1/evaluate``'s answer: from the cache of analyses when an entry
    meets the ``used`` limits (``"cached": true``, the entry's own depth),
    else searched, and then stored (``igisoro_service.analysis_cache``).
    A search's JSON is written once, for the answer and the store alike."""
    store = analysis_cache.cache()
    cached = store.answer(pos, used) if store is not None else None
    if cached is not None:
        return cached
    a = analyse(pos, used)
    found = a.to_json(used["multipv"])
    if store is not None:
        store.put(pos, used["multipv"], a, found)
    return analysis_answer(pos, found, used, cached=False)


def level_move(pos: igisoro.Position, used: dict[str, Any]) -> dict[str, Any]:
    """``/v1/best-move``'s answer with a ``level`` (``used``: see
    :func:`level_limits`): at level 10 from the cache of analyses when a
    best move stored for the position had at least this thinking time
    (``"cached": true``), else chosen, and at level 10 then stored. Levels
    1 to 9 always choose: each ``seed`` plays its own move."""
    store = analysis_cache.cache() if used["level"] == 10 else None
    cached = store.level_answer(pos, used) if store is not None else None
    if cached is not None:
        return cached
    a = run(pos.best_move, used["level"], used["time_ms"], used["seed"])
    # The first `multipv` of the moves the level ranked (it may rank them all).
    found = a.to_json(used["multipv"])
    if store is not None:
        store.keep_level(pos, used, a, found)
    return analysis_answer(pos, found, used, cached=False)


def limits(req: dict[str, Any], *, default_depth: int | None = None) -> dict[str, Any]:
    """The caller's search limits with defaults filled in (the limits used).

    With none of ``depth``/``nodes``/``time_ms`` given, the search goes to
    ``default_depth`` (``DEFAULT_SEARCH_DEPTH``): a fixed depth keeps answers
    reproducible, unlike a default time limit.
    """
    out = {k: req.get(k) for k in ("depth", "nodes", "time_ms")}
    if all(v is None for v in out.values()):
        out["depth"] = default_depth or current_app.config["DEFAULT_SEARCH_DEPTH"]
    out["multipv"] = req.get("multipv", 1)
    return out


def level_limits(req: dict[str, Any]) -> dict[str, Any]:
    """A level's limits with defaults filled in: the thinking time
    (``DEFAULT_MOVE_TIME_MS``), the seed (0) and the lines shown (1)."""
    return {
        "level": req["level"],
        "time_ms": req.get("time_ms", current_app.config["DEFAULT_MOVE_TIME_MS"]),
        "seed": req.get("seed", 0),
        "multipv": req.get("multipv", 1),
    }
