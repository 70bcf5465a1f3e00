"""SQLite files that several processes open at once: the job store, the
cache of analyses and the puzzle database, each set up by every gunicorn
worker together on a new file.

Switching a file to WAL (``PRAGMA journal_mode=WAL``) may answer "database
is locked" at once, without waiting out the busy timeout, while another
connection switches it (seen in CI: it killed a worker's boot, and failed
the puzzle store's test of six processes opening a new database). The
switch is idempotent, so :func:`retry_locked` tries it again shortly.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["retry_locked", "switch_to_wal"]

T = TypeVar("T")


def retry_locked(step: Callable[[], T], wait: float = 30.0) -> T:
    """``step()``, tried again every 50 ms while SQLite answers "database is
    locked", for up to ``wait`` seconds; any other error at once. ``step``
    must be idempotent."""
    deadline = time.monotonic() + wait
    while True:
        try:
            return step()
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def switch_to_wal(db: sqlite3.Connection, wait: float = 30.0) -> None:
    """Put ``db``'s file in WAL mode (readers never wait for a writer),
    however many processes do it at once."""
    retry_locked(lambda: db.execute("PRAGMA journal_mode=WAL"), wait)
