"""The one place views reach the engine: parsing inputs and a time limit.

The engine releases the GIL, so its calls run in a small per-process thread
pool and the request thread waits at most ``ENGINE_TIMEOUT`` seconds. A call
past the limit cannot be cancelled (the Rust core has no interrupt); it
finishes in the background while the client gets a 503, and the bounded pool
keeps such runaways from piling up without limit.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable, TypeVar

from flask import Flask, current_app

import igisoro
from service.metrics import ENGINE_TIMEOUTS
from service.problems import Problem, engine_problem

T = TypeVar("T")

_EXTENSION = "igisoro_engine"


class Engine:
    """Per-app runner of engine calls; the pool is made lazily, so it is
    created in each gunicorn worker after the fork, never in the master."""

    def __init__(self, threads: int, timeout: float) -> None:
        self.threads = threads
        self.timeout = timeout
        self._pool: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="igisoro-engine")
            return self._pool

    def run(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` within the time limit, else a 503 problem naming ``what``."""
        future = self._executor().submit(fn, *args)
        try:
            return future.result(timeout=self.timeout)
        except FutureTimeout:
            future.cancel()  # drops it if still queued; a running call finishes unseen
            ENGINE_TIMEOUTS.labels(what).inc()
            raise Problem(
                503, "engine-timeout", "Engine time limit exceeded",
                f"The engine did not finish {what} within {self.timeout:g} s. Some positions have "
                "very many complete moves; ask for a smaller 'limit' or walk the turn step by step "
                "with 'partial'.",
            ) from None

    def shutdown(self) -> None:
        """Stop the pool without waiting for runaway calls (used by tests)."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None


def init_app(app: Flask) -> None:
    app.extensions[_EXTENSION] = Engine(app.config["ENGINE_THREADS"], float(app.config["ENGINE_TIMEOUT"]))


def run(what: str, fn: Callable[..., T], *args: Any) -> T:
    """Run an engine call for the current app; engine refusals are not caught here."""
    engine: Engine = current_app.extensions[_EXTENSION]
    return engine.run(what, fn, *args)


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
