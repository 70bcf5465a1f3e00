"""Where the cache of analyses keeps its entries: a SQLite file (one
server's workers share it, the embedded default) or Redis (every replica
shares it). An entry is a key, its JSON text and its rank; a back end
stores a write only when it outranks what is stored, in one step on the
store itself, so two processes writing the same key at once keep the
deeper entry whichever wrote last.

A rank is ``(proven, depth)``: a proof outranks any depth, then the deeper
wins. What goes in ``depth`` is the caller's (:mod:`.api`): a level-10
best move ranks by its thinking time there.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Protocol

from igisoro_service.jobs.store import set_up_wal


class Store(Protocol):
    """What :class:`igisoro_service.analysis_cache.api.AnalysisCache` needs of a back end."""

    def read(self, key: str) -> str | None:
        """The stored JSON text under ``key``, or None."""

    def write(self, key: str, depth: int, proven: int, nodes: int, time_ms: int, body: str) -> str:
        """Store ``body`` unless what is stored outranks or equals it (module
        docs); the text stored under ``key`` after, either way."""


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


class SqliteStore:
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
        """The stored JSON text under ``key``, or None."""
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


class RedisStore:
    """Entries in Redis (every replica and job worker shares them); bound
    them with Redis's own ``maxmemory`` and an eviction policy."""

    def __init__(self, url: str) -> None:
        import redis

        self.db = redis.Redis.from_url(url)
        self.script = self.db.register_script(_REDIS_WRITE)

    def read(self, key: str) -> str | None:
        """The stored JSON text under ``key``, or None."""
        body = self.db.hget("igisoro:analysis:" + key, "body")
        return body if body is None or isinstance(body, str) else body.decode()

    def write(self, key: str, depth: int, proven: int, nodes: int, time_ms: int, body: str) -> str:
        """Store unless what is stored is as deep; the stored body after."""
        return bytes(self.script(keys=["igisoro:analysis:" + key], args=[proven, depth, body])).decode()
