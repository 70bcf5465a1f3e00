"""A shared cache of analyses ("cloud evaluation", issue 32): an analysis
the service has computed answers later requests its limits satisfy, without
searching.

What is stored: analyses of fixed-depth searches that completed (``stopped_by``
``depth`` or ``proven``) by ``/v1/evaluate``, its stream,
``/v1/analysis/batch``, analysis jobs (the workers open the same cache) and
``/v1/games/review`` (each ply's searches), keyed by the engine version, the
position in canonical notation (its rules included) and ``multipv``. Why
only those: a fixed-depth search is deterministic (the same limits give the
same analysis), so an entry is what a new search would answer; a node- or
time-limited search stops inside an iteration and a cut one (``partial``)
at the deadline, so their answers are not a depth's. A deeper entry
replaces a shallower one, never the other way round.

Level 10's best moves (``POST /v1/best-move`` with ``level: 10``) are kept
apart: the playing search stops on time, so no depth names its answer, and
its value is not an analysis's (it reduces moves and adds a learned
correction), so it never answers ``/v1/evaluate`` or ``/v1/cloud-eval``.
Each is stored with the thinking time it had; a later level-10 request for
the position is answered from it when that time is at least the request's
``time_ms`` (or it found a proof), and more time replaces less. Level 10
takes no randomness from ``seed``. Levels 1 to 9 are not stored: they are
shallow (milliseconds) and each ``seed`` plays its own move.

Reviewed plies too: a depth-limited review's ply (the JSON of one move
judged) is stored under the position before it, the move and the exact
depth, so a review, or a job's game, that reaches the same position and
move takes it from here (:mod:`igisoro.known`, which this cache serves for
batches, jobs and reviews).

When an entry answers a request: a search stops at the first of its limits
it reaches, so an entry answers when it meets any one of them: its depth at
least the requested ``depth``, its nodes at least the requested ``nodes``,
its time at least the requested ``time_ms``, or it is proven. The answer is
the entry as stored (its own depth, nodes and time), with ``"cached":
true``.

Where: a bounded in-process map (per worker) in front of a SQLite file in
``JOB_DIR`` shared by the workers of one server (the embedded default: no
service to run), or Redis when ``CACHE_URL`` is ``redis://...``, shared by
every replica. ``CACHE_URL=off`` turns the cache off. The SQLite file
keeps at most ``CACHE_MAX_ENTRIES`` analyses (the oldest written go
first); on Redis, bound it with Redis's own ``maxmemory`` and an eviction
policy.
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
from igisoro_service.jobs.store import set_up_wal

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


class _Sqlite:
    """Entries in a SQLite file (one server's workers share it), at most
    ``max_entries``: past it the oldest written go first (checked every so
    many writes, so a file may hold a few more for a while)."""

    def __init__(self, path: str | Path, max_entries: int = 1_000_000) -> None:
        self.path = str(path)
        self.max_entries = max_entries
        self.writes = 0
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        set_up_wal(self._db, _SCHEMA)  # by every worker at once, on a new file

    def _db(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        # A cache: a power cut may lose the last writes (WAL keeps the file
        # whole), which costs a search again, not an fsync on every write.
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    def read(self, key: str) -> str | None:
        with self._db() as db:
            row = db.execute("SELECT body FROM analyses WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def write(self, key: str, depth: int, proven: int, nodes: int, time_ms: int, body: str) -> str:
        """Store unless what is stored is as deep; the stored body after."""
        with self._db() as db:
            db.execute(
                "INSERT INTO analyses (key, depth, proven, nodes, time_ms, body) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(key) DO UPDATE SET depth = excluded.depth, proven = excluded.proven, "
                "nodes = excluded.nodes, time_ms = excluded.time_ms, body = excluded.body "
                "WHERE excluded.proven > analyses.proven "
                "OR (excluded.proven = analyses.proven AND excluded.depth > analyses.depth)",
                (key, depth, proven, nodes, time_ms, body),
            )
            row = db.execute("SELECT body FROM analyses WHERE key = ?", (key,)).fetchone()
            self.writes += 1
            if self.writes % min(256, self.max_entries) == 0:
                over = db.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] - self.max_entries
                if over > 0:
                    db.execute("DELETE FROM analyses WHERE rowid IN "
                               "(SELECT rowid FROM analyses ORDER BY rowid LIMIT ?)", (over,))
        return str(row[0])


#: Store unless what is stored is as deep (proven first, then depth), in one
#: step on the server; the stored body after.
_REDIS_WRITE = """
local old_p = tonumber(redis.call('HGET', KEYS[1], 'proven') or '-1')
local old_d = tonumber(redis.call('HGET', KEYS[1], 'depth') or '-1')
local p, d = tonumber(ARGV[1]), tonumber(ARGV[2])
if p > old_p or (p == old_p and d > old_d) then
  redis.call('HSET', KEYS[1], 'proven', ARGV[1], 'depth', ARGV[2], 'body', ARGV[3])
end
return redis.call('HGET', KEYS[1], 'body')
"""


class _Redis:
    """Entries in Redis (every replica and job worker shares them)."""

    def __init__(self, url: str) -> None:
        import redis

        self.db = redis.Redis.from_url(url)
        self.script = self.db.register_script(_REDIS_WRITE)

    def read(self, key: str) -> str | None:
        body = self.db.hget("igisoro:analysis:" + key, "body")
        return body if body is None or isinstance(body, str) else body.decode()

    def write(self, key: str, depth: int, proven: int, nodes: int, time_ms: int, body: str) -> str:
        return bytes(self.script(keys=["igisoro:analysis:" + key], args=[proven, depth, body])).decode()


class AnalysisCache:
    """The deepest stored analysis per (engine, position, multipv), with the
    most recently used ones also in this process's memory."""

    def __init__(self, store: _Sqlite | _Redis, memory_entries: int) -> None:
        self.store = store
        self.memory: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.memory_entries = memory_entries
        self.lock = threading.Lock()

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

    def _read(self, key: str) -> dict[str, Any] | None:
        """An entry by key: memory first (a cheap answer), else the store. A
        deeper one another process stored since this one remembered it is
        seen at the next write here, not before."""
        with self.lock:
            remembered = self.memory.get(key)
        if remembered is not None:
            return remembered
        body = self.store.read(key)
        if body is None:
            return None
        entry: dict[str, Any] = json.loads(body)
        self._remember(key, entry)
        return entry

    def get(self, position: igisoro.Position, multipv: int) -> dict[str, Any] | None:
        """The deepest stored analysis (its JSON), or None."""
        return self._read(self.key(position, multipv))

    def put(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis) -> None:
        """Store ``analysis`` if it is a completed depth's (see the module
        docs) and deeper than what is stored (or proven where that is not)."""
        if analysis.stopped_by not in ("depth", "proven") or analysis.best_move is None:
            return
        key = self.key(position, multipv)
        body = json.dumps(analysis.to_json(multipv))
        proven = int(analysis.stopped_by == "proven")
        stored = self.store.write(key, analysis.depth, proven, analysis.nodes, analysis.time_ms, body)
        self._remember(key, json.loads(stored))

    def answers(self, entry: dict[str, Any], used: dict[str, Any]) -> bool:
        """Whether ``entry`` meets one of the ``used`` limits (module docs)."""
        if entry["stopped_by"] == "proven":
            return True
        return any(
            used.get(limit) is not None and entry[field] >= used[limit]
            for limit, field in (("depth", "depth"), ("nodes", "nodes"), ("time_ms", "time_ms"))
        )

    # -- igisoro.known.Known: what batches, jobs and reviews read and fill

    def answer(self, position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
        """The answer of a request with the ``used`` limits from a stored
        analysis that meets them (module docs), or None: the answer's head
        (position, side to move), the entry, the limits, the engine version
        and ``"cached": true``."""
        entry = self.get(position, used["multipv"])
        if entry is None or not self.answers(entry, used):
            return None
        return {"position": position.notation(), "to_move": position.to_move, **entry, "limits": used,
                "engine_version": igisoro.__version__, "cached": True}

    def keep(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis) -> None:
        """:meth:`put` under the name :class:`igisoro.known.Known` gives it."""
        self.put(position, multipv, analysis)

    @staticmethod
    def _ply_key(before: igisoro.Position, canonical: str, depth: int) -> str:
        # The exact depth is part of the key: a ply reviewed deeper may judge
        # the move otherwise, and a review answers as a fresh one would.
        return f"{igisoro.__version__}\x1fply\x1f{before.notation()}\x1f{canonical}\x1f{depth}"

    def ply(self, before: igisoro.Position, canonical: str, depth: int) -> dict[str, Any] | None:
        """The stored review of one move at ``depth`` (module docs), or None."""
        return self._read(self._ply_key(before, canonical, depth))

    def keep_ply(self, before: igisoro.Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
        """Store a completed review of one move."""
        key = self._ply_key(before, canonical, depth)
        stored = self.store.write(key, depth, 0, 0, 0, json.dumps(ply))
        self._remember(key, json.loads(stored))


    # -- level 10's best moves (``POST /v1/best-move`` with ``level: 10``)

    @staticmethod
    def _level_key(position: igisoro.Position, multipv: int) -> str:
        return f"{igisoro.__version__}\x1flevel10\x1f{position.notation()}\x1f{multipv}"

    def level_answer(self, position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
        """A level-10 best move stored for ``position`` that had at least the
        ``used`` thinking time (or a proof), answered with ``"cached": true``
        (module docs), or None."""
        entry = self._read(self._level_key(position, used["multipv"]))
        if entry is None or (entry["stopped_by"] != "proven" and entry["limits"]["time_ms"] < used["time_ms"]):
            return None
        return {"position": position.notation(), "to_move": position.to_move,
                **{k: v for k, v in entry.items() if k != "limits"}, "limits": used,
                "engine_version": igisoro.__version__, "cached": True}

    def keep_level(self, position: igisoro.Position, used: dict[str, Any], analysis: igisoro.Analysis) -> None:
        """Store a level-10 best move that the request deadline did not cut,
        unless one with as much thinking time (or a proof) is stored."""
        if analysis.partial or analysis.best_move is None:
            return
        key = self._level_key(position, used["multipv"])
        body = json.dumps({**analysis.to_json(used["multipv"]), "limits": used})
        # The store keeps the deeper of two entries by (proven, depth); for
        # these, "deeper" is more thinking time, so the time budget is what
        # goes in the depth column.
        stored = self.store.write(key, int(used["time_ms"]), int(analysis.stopped_by == "proven"), analysis.nodes,
                                  analysis.time_ms, body)
        self._remember(key, json.loads(stored))


def open_cache(config: dict[str, Any]) -> AnalysisCache | None:
    """The cache ``CACHE_URL`` names (module docs), or None when it is
    ``off``: for the API's app and for job workers alike, so both share it."""
    url = config["CACHE_URL"]
    if url == "off":
        return None
    from igisoro_service.jobs import job_dir

    store: _Sqlite | _Redis
    if url.startswith(("redis://", "rediss://", "unix://")):
        store = _Redis(url)
    else:
        path = url.removeprefix("sqlite:///") if url else job_dir(config) / "analysis-cache.sqlite3"
        store = _Sqlite(path, int(config["CACHE_MAX_ENTRIES"]))
    return AnalysisCache(store, int(config["CACHE_MEMORY_ENTRIES"]))


def init_app(app: Flask) -> None:
    """The app's cache (None when ``CACHE_URL`` is ``off``)."""
    app.extensions[_EXTENSION] = open_cache(app.config)


def cache() -> AnalysisCache | None:
    """The current app's cache, or None when it is off."""
    found: AnalysisCache | None = current_app.extensions.get(_EXTENSION)
    return found


def stored(position: igisoro.Position, multipv: int) -> dict[str, Any] | None:
    """The deepest stored analysis of ``position`` (its JSON), or None (also
    when the cache is off)."""
    store = cache()
    return store.get(position, multipv) if store is not None else None


def answer(position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
    """:meth:`AnalysisCache.answer` of the current app's cache (None when it is off)."""
    store = cache()
    return store.answer(position, used) if store is not None else None
