"""Ctrl-C during ``igisoro analyse``: a clean stop between whole lines."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

T = TypeVar("T")


class Interrupts:
    """While active, SIGINT only sets :attr:`stop`, which the loops check
    between whole lines; a second Ctrl-C raises KeyboardInterrupt as usual.

    Outside the main thread (where handlers cannot be installed) Ctrl-C
    raises KeyboardInterrupt, which :func:`main` also turns into a clean
    stop."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self._previous: Any = None
        self._installed = False

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.stop.is_set():
            raise KeyboardInterrupt
        self.stop.set()

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)


class Abandoned(Exception):
    """The user stopped the run while a computation was still going."""

    def __init__(self, worker: threading.Thread) -> None:
        super().__init__("interrupted")
        self.worker = worker


def in_background(work: Callable[[], T], stop: threading.Event) -> T:
    """``work()`` on a daemon thread, waited for in short steps so a Ctrl-C
    is seen at once (an engine call cannot be interrupted; its results are
    dropped and the process need not wait for it): raises
    :class:`Abandoned` when ``stop`` is set first."""
    box: dict[str, Any] = {}
    finished = threading.Event()

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as e:  # handed to the caller's thread whatever it is
            box["error"] = e
        finally:
            finished.set()

    worker = threading.Thread(target=run, name="igisoro-analyse", daemon=True)
    worker.start()
    while not finished.wait(0.1):
        if stop.is_set():
            raise Abandoned(worker)
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value
