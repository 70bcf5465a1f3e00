"""Streamed analyses: the analysis of every completed depth as the search
goes, then the final answer (issue 32).

Why a thread and a hand-over: the search runs in the core with the GIL
released, on a background thread. At each completed depth it hands its
analysis to the consumer and waits until the consumer asks for the next
one, so it never runs ahead of a consumer that is busy or gone. A consumer
that stops (``close()``, a ``break``) cancels the search at once through
the core's cancel flag, even in the middle of a deep iteration; so can any
other thread, with the :class:`Cancel` passed in (a server watching its
client's socket). The final answer is the one
:meth:`igisoro.Position.analyse` would give for the same limits (the core's
reports only read the search's table), or, once cancelled, what the search
had (``stopped_by`` ``"deadline"``).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from igisoro._igisoro import Cancel
from igisoro.analysis import Analysis, check_timeout, limits

__all__ = ["Cancel", "analysis_stream"]

if TYPE_CHECKING:
    from igisoro.position import Position


def analysis_stream(
    position: Position,
    depth: int | None = None,
    nodes: int | None = None,
    time_ms: int | None = None,
    multipv: int = 1,
    timeout: float | None = None,
    cancel: Cancel | None = None,
) -> Generator[tuple[Analysis, bool], None, None]:
    """``(analysis, final)`` for each completed depth (``final`` False),
    then the final answer (``final`` True), under :meth:`Position.analyse`'s
    limits. Bad limits raise at the first ``next``, before anything is
    yielded. Closing the generator early cancels the search and waits for
    its thread to end; ``cancel.set()`` from any thread stops the search,
    and the stream then ends with what it had."""
    cancel = cancel if cancel is not None else Cancel()
    lim = limits(depth, nodes, time_ms, multipv)
    secs = check_timeout(timeout)
    handed: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=1)
    resume = threading.Semaphore(0)
    stop = threading.Event()

    def report(fields: tuple[Any, ...] | None) -> None:
        if fields is not None and not stop.is_set():
            handed.put(("depth", fields))
            resume.acquire()

    def run() -> None:
        try:
            handed.put(("final", position._pos.analyse(lim, timeout=secs, report=report, cancel=cancel)))
        except BaseException as e:  # handed to the consumer's thread, raised there
            handed.put(("error", e))

    thread = threading.Thread(target=run, name="igisoro-analysis-stream", daemon=True)
    thread.start()
    try:
        while True:
            kind, value = handed.get()
            if kind == "error":
                raise value
            if kind == "final":
                yield position._with_move(Analysis._from(value), timeout), True
                return
            yield Analysis._from(value), False
            resume.release()
    finally:
        # Cancel the search, free a waiting hand-over, and take anything
        # the thread still hands over, until it has ended.
        stop.set()
        cancel.set()
        while thread.is_alive():
            resume.release()
            try:
                handed.get(timeout=0.01)
            except queue.Empty:
                pass
