"""A shared cache of analyses ("cloud evaluation", issue 32): an analysis
the service has computed answers later requests its limits satisfy, without
searching.

What is stored: analyses of fixed-depth searches that completed (``stopped_by``
``depth`` or ``proven``), keyed by the engine version, the position in
canonical notation (its rules included) and ``multipv``. Why only those: a
fixed-depth search is deterministic (the same limits give the same
analysis), so an entry is what a new search would answer; a node- or
time-limited search stops inside an iteration and a cut one (``partial``)
at the deadline, so their answers are not a depth's. A deeper entry
replaces a shallower one, never the other way round.

When an entry answers a request: a search stops at the first of its limits
it reaches, so an entry answers when it meets any one of them: its depth at
least the requested ``depth``, its nodes at least the requested ``nodes``,
its time at least the requested ``time_ms``, or it is proven. The answer is
the entry as stored (its own depth, nodes and time), with ``"cached":
true``.

Where: a bounded in-process map (per worker) in front of a SQLite file in
``JOB_DIR`` shared by the workers of one server (the embedded default: no
service to run). ``CACHE_URL=off`` turns the cache off.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from flask import Flask, current_app

import igisoro

_EXTENSION = "igisoro_analysis_cache"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS analyses (
    key TEXT PRIMARY KEY,
    depth INTEGER NOT NULL,
    proven INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    time_ms INTEGER NOT NULL,
    body TEXT NOT NULL
);
"""


class AnalysisCache:
    """The deepest stored analysis per (engine, position, multipv)."""

    def __init__(self, path: str | Path, memory_entries: int) -> None:
        self.path = str(path)
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.memory: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.memory_entries = memory_entries
        self.lock = threading.Lock()
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    def _db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    @staticmethod
    def key(position: igisoro.Position, multipv: int) -> str:
        """The entry's key: engine version, canonical notation, multipv."""
        return f"{igisoro.__version__}\x1f{position.notation()}\x1f{multipv}"

    def _remember(self, key: str, entry: dict[str, Any]) -> None:
        with self.lock:
            self.memory[key] = entry
            self.memory.move_to_end(key)
            while len(self.memory) > self.memory_entries:
                self.memory.popitem(last=False)

    def get(self, position: igisoro.Position, multipv: int) -> dict[str, Any] | None:
        """The deepest stored analysis (its JSON), or None."""
        key = self.key(position, multipv)
        with self.lock:
            remembered = self.memory.get(key)
        if remembered is not None:
            return remembered
        with self._db() as db:
            row = db.execute("SELECT body FROM analyses WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        entry: dict[str, Any] = json.loads(row[0])
        self._remember(key, entry)
        return entry

    def put(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis) -> None:
        """Store ``analysis`` if it is a completed depth's (see the module
        docs) and deeper than what is stored (or proven where that is not)."""
        if analysis.stopped_by not in ("depth", "proven") or analysis.best_move is None:
            return
        key = self.key(position, multipv)
        entry = analysis.to_json(multipv)
        proven = int(analysis.stopped_by == "proven")
        with self._db() as db:
            db.execute(
                "INSERT INTO analyses (key, depth, proven, nodes, time_ms, body) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(key) DO UPDATE SET depth = excluded.depth, proven = excluded.proven, "
                "nodes = excluded.nodes, time_ms = excluded.time_ms, body = excluded.body "
                "WHERE excluded.proven > analyses.proven "
                "OR (excluded.proven = analyses.proven AND excluded.depth > analyses.depth)",
                (key, analysis.depth, proven, analysis.nodes, analysis.time_ms, json.dumps(entry)),
            )
            row = db.execute("SELECT body FROM analyses WHERE key = ?", (key,)).fetchone()
        self._remember(key, json.loads(row[0]))

    def answers(self, entry: dict[str, Any], used: dict[str, Any]) -> bool:
        """Whether ``entry`` meets one of the ``used`` limits (module docs)."""
        if entry["stopped_by"] == "proven":
            return True
        return any(
            used.get(limit) is not None and entry[field] >= used[limit]
            for limit, field in (("depth", "depth"), ("nodes", "nodes"), ("time_ms", "time_ms"))
        )


def init_app(app: Flask) -> None:
    """The app's cache (None when ``CACHE_URL`` is ``off``)."""
    url = app.config["CACHE_URL"]
    if url == "off":
        app.extensions[_EXTENSION] = None
        return
    from igisoro_service.jobs import job_dir

    path = url.removeprefix("sqlite:///") if url else job_dir(app.config) / "analysis-cache.sqlite3"
    app.extensions[_EXTENSION] = AnalysisCache(path, int(app.config["CACHE_MEMORY_ENTRIES"]))


def cache() -> AnalysisCache | None:
    """The current app's cache, or None when it is off."""
    found: AnalysisCache | None = current_app.extensions.get(_EXTENSION)
    return found
