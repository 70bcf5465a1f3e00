"""Progress on stderr while ``igisoro analyse`` runs, and the counts of its
final summary.

The progress bar uses tqdm when it is installed (the ``cli`` extra), a
plain one-line counter otherwise.
"""

from __future__ import annotations

import importlib
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from igisoro.cli.errors import EXIT_USAGE, CliError
from igisoro.cli.i18n import gettext as _, ngettext


class Progress(Protocol):
    """Items done, rate and ETA, on stderr."""

    def update(self, n: int) -> None:
        """``n`` more items done."""

    def close(self) -> None:
        """End the display (before other messages go to stderr)."""


class _NoProgress:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


class PlainProgress:
    """``done/total items  rate/s  ETA`` on one stderr line, redrawn at most
    every quarter second (a progress bar must not cost the run)."""

    def __init__(self, total: int, initial: int, stream: IO[str] | None = None, interval: float = 0.25) -> None:
        self.total, self.done, self.initial = total, initial, initial
        self.stream = stream or sys.stderr
        self.interval = interval
        self.started = time.monotonic()
        self.shown = 0.0
        self.width = 0
        if total > initial:  # at once: the first chunk may take a while
            self._draw(self.started)

    def update(self, n: int) -> None:
        """Count ``n`` more items; redraw if the last drawing is old enough."""
        self.done += n
        now = time.monotonic()
        if now - self.shown >= self.interval or self.done >= self.total:
            self._draw(now)

    def _draw(self, now: float) -> None:
        self.shown = now
        elapsed = now - self.started
        rate = (self.done - self.initial) / elapsed if elapsed > 0 else 0.0
        eta = f"{(self.total - self.done) / rate:.0f}s" if rate > 0 else "?"
        text = ngettext("%(done)s/%(num)s item  %(rate)s/s  ETA %(eta)s", "%(done)s/%(num)s items  %(rate)s/s  ETA %(eta)s",
                        self.total, done=self.done, rate=format(rate, ".1f"), eta=eta)
        self.stream.write("\r" + text.ljust(self.width))
        self.width = len(text)
        self.stream.flush()

    def close(self) -> None:
        """Draw the last state and end the line."""
        if self.width or self.done > self.initial:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


def make_progress(mode: str, total: int, initial: int) -> Progress:
    """A tqdm bar (``auto`` with tqdm installed, or ``tqdm``), a
    :class:`PlainProgress`, or nothing (``off``)."""
    if mode == "off":
        return _NoProgress()
    if mode in ("auto", "tqdm"):
        try:
            # Imported by name: tqdm is optional and ships no type hints.
            tqdm: Any = importlib.import_module("tqdm")
        except ImportError:
            if mode == "tqdm":
                raise CliError(_("--progress tqdm needs tqdm (pip install 'igisoro[cli]')"), EXIT_USAGE) from None
        else:
            bar: Progress = tqdm.tqdm(total=total, initial=initial, unit=_("item"), file=sys.stderr, mininterval=0.25,
                                      dynamic_ncols=True)
            return bar
    return PlainProgress(total, initial)


@dataclass
class Tally:
    """Counts for the final summary."""

    total: int = 0
    skipped: int = 0
    analysed: int = 0
    errors: int = 0
    #: The run stopped before the end (Ctrl-C).
    interrupted: bool = False
    #: A computation left running on a background thread by the stop.
    abandoned: threading.Thread | None = None

    def count(self, lines: Sequence[dict[str, Any]]) -> None:
        """Count written lines as analysed or errors."""
        bad = sum(1 for ln in lines if "error" in ln)
        self.errors += bad
        self.analysed += len(lines) - bad
