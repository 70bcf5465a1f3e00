"""Ctrl-C during ``igisoro analyse``: a clean stop between whole lines."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

from igisoro.cli.i18n import gettext as _

T = TypeVar("T")


class StopFlag:
    """"Stop at the next whole line", set by the Ctrl-C handler.

    Not a :class:`threading.Event`: its ``set`` takes the Event's lock, and
    a signal handler runs in the main thread between two bytecodes, possibly
    inside that thread's own ``Event.wait`` while it holds the same lock: one
    Ctrl-C then hung the command for good (seen in CI). Setting a bool takes
    no lock; :meth:`wait` sleeps in short steps instead, so a stop is seen
    within one step (a sleep goes on after the handler, PEP 475)."""

    #: The longest a :meth:`wait` sleeps between two looks at the flag.
    STEP = 0.02

    def __init__(self) -> None:
        self._flag = False

    def set(self) -> None:
        """Ask for the stop; safe in a signal handler."""
        self._flag = True

    def is_set(self) -> bool:
        """Whether the stop was asked for."""
        return self._flag

    def wait(self, timeout: float) -> bool:
        """Sleep up to ``timeout`` seconds, less once the stop is asked for;
        True when it was."""
        deadline = time.monotonic() + timeout
        while not self._flag:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(self.STEP, left))
        return self._flag


class Interrupts:
    """While active, SIGINT only sets :attr:`stop`, which the loops check
    between whole lines; a second Ctrl-C raises KeyboardInterrupt as usual.

    Outside the main thread (where handlers cannot be installed) Ctrl-C
    raises KeyboardInterrupt, which :func:`main` also turns into a clean
    stop."""

    def __init__(self) -> None:
        self.stop = StopFlag()
        self._previous: Any = None
        self._installed = False
        #: Said at once on the first Ctrl-C: the stop waits for the step in
        #: progress (a request to a slow server can take up to its 60 s
        #: timeout). Made here, in the run's language, and encoded ahead:
        #: the handler must not translate or allocate much.
        self.first = ("\nigisoro analyse: " + _("stopping after the current step (Ctrl-C again to stop at once)")
                      + "\n").encode("utf-8", "replace")

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.stop.is_set():
            raise KeyboardInterrupt
        self.stop.set()
        # os.write, not print: the handler may run inside a write to stderr
        # (the progress bar's), whose lock a print would need again.
        try:
            os.write(2, self.first)
        except OSError:
            pass

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


def in_background(work: Callable[[], T], stop: StopFlag) -> T:
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
