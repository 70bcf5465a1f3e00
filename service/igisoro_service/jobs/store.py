"""Where analysis jobs live: their items, progress and result lines.

The API writes a job and its items here and reads progress and results;
Celery workers read the items of a chunk and write its result lines. The
store, not the broker, is the record: the broker only carries "run chunk
n of job j" messages, so a redelivered message finds its chunk already
stored and does nothing, and results are keyed by index, so no line is ever
written twice.

Two implementations of one small interface (:class:`JobStore`):

- :class:`SqliteStore` (``sqlite:///path``): the embedded default, one
  file, for the API and a worker on one machine;
- :class:`igisoro_service.jobs.redis_store.RedisStore` (``redis://...``): for
  workers on many machines.

Every write that moves a job on (start, a chunk's results, cancel) is one
transaction, so two workers or an API and a worker never see half of one.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol
from collections.abc import Callable, Iterator, Sequence

from igisoro_service.sqlite_wal import retry_locked

#: States a job goes through: queued -> running -> done, or cancelled
#: (by its owner) or failed (a chunk kept failing) from queued or running.
STATES = ("queued", "running", "done", "failed", "cancelled")
FINAL = ("done", "failed", "cancelled")


@dataclass(frozen=True)
class Job:
    """One job's record (what ``GET /v1/jobs/{id}`` shows, and the fields
    the service needs to run it)."""

    id: str
    #: Hash of the API key that created it ("" with keys off).
    owner: str
    kind: str
    state: str
    total: int
    done: int
    errors: int
    #: Search limits used for every item (as result lines state them).
    limits: dict[str, Any]
    #: Items per chunk (the last chunk may hold fewer).
    chunk_size: int
    created: float
    started: float | None = None
    finished: float | None = None
    #: Why a job failed (null otherwise).
    detail: str | None = None

    @property
    def chunks(self) -> int:
        """How many chunks the items make."""
        return -(-self.total // self.chunk_size)

    def to_json(self, now: float | None = None) -> dict[str, Any]:
        """The status document: counts, times (ISO 8601, UTC) and an ETA
        from the rate so far (null before the first result or when final)."""
        now = time.time() if now is None else now
        eta = None
        if self.state == "running" and self.started is not None and self.done:
            eta = round((self.total - self.done) * (now - self.started) / self.done, 1)
        out = {"id": self.id, "kind": self.kind, "state": self.state, "total": self.total, "done": self.done,
               "errors": self.errors, "created": _iso(self.created), "started": _iso(self.started),
               "finished": _iso(self.finished), "eta_s": eta, "limits": self.limits}
        if self.detail is not None:
            out["detail"] = self.detail
        return out


def _iso(t: float | None) -> str | None:
    if t is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"


class JobStore(Protocol):
    """What the API and the workers need of a store."""

    def create(self, job: Job, chunks: Sequence[str], idempotency: tuple[str, str] | None) -> tuple[Job, bool]:
        """Store a new job and its chunks (each a block of NDJSON item
        lines), unless ``idempotency`` (key, body digest) names a job of the
        same owner: then return that one and False. Raises
        :class:`IdempotencyConflict` if the key was used for another body."""

    def release_idempotency(self, job_id: str) -> None:
        """Free the Idempotency-Key that names ``job_id`` (if it still
        does), so that the same request sent again makes a new job. Why:
        a job that could not be queued is failed, and a client that
        retries with the key it was told to retry with must not get that
        failed job back."""

    def mark_enqueued(self, job_id: str) -> None:
        """Note that every chunk of the job was sent to the queue."""

    def enqueued(self, job_id: str) -> bool:
        """Whether :meth:`mark_enqueued` was called for the job. A queued
        job without the mark, found again by its Idempotency-Key, was left
        by an API that died between storing it and queueing it (or is
        being queued now: a chunk sent twice runs once)."""

    def get(self, job_id: str) -> Job | None:
        """The job, or None if unknown or expired."""

    def chunk(self, job_id: str, n: int) -> list[str]:
        """The item lines of chunk ``n``."""

    def start(self, job_id: str, now: float) -> Job | None:
        """Mark a queued job running (no change otherwise); the job after."""

    def chunk_stored(self, job_id: str, first: int) -> bool:
        """Whether the chunk starting at index ``first`` is stored already
        (a redelivered message then has nothing to do)."""

    def add_results(self, job_id: str, lines: Sequence[tuple[int, str, bool]], seconds: float, now: float) -> None:
        """Store one chunk's ``(index, line, is_error)`` results at once,
        ignoring indices already stored; the job is done when all are."""

    def results(self, job_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        """Up to ``limit`` ``(index, line)`` results with index > ``after``, in order."""

    def finish(self, job_id: str, state: str, now: float, detail: str | None = None) -> Job | None:
        """Move a queued or running job to ``cancelled`` or ``failed``;
        a job already final stays as it is. The job after."""

    def list_jobs(self, owner: str, state: str | None, before: str | None, limit: int) -> list[Job] | None:
        """Up to ``limit`` jobs of ``owner``, newest first, only in ``state``
        if given, and only older than the job ``before`` if given (the next
        page after it). None when ``before`` names no job of ``owner``."""

    def purge(self, now: float) -> int:
        """Drop jobs past their retention; how many."""

    def stats(self) -> dict[str, float]:
        """Counters for ``/metrics`` (see :func:`igisoro_service.jobs.metrics`)."""


class IdempotencyConflict(Exception):
    """An Idempotency-Key reused for a different request body."""

    def __init__(self, job_id: str) -> None:
        super().__init__(job_id)
        self.job_id = job_id


_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL,
    total INTEGER NOT NULL, done INTEGER NOT NULL, errors INTEGER NOT NULL, limits TEXT NOT NULL,
    chunk_size INTEGER NOT NULL, created REAL NOT NULL, started REAL, finished REAL, detail TEXT,
    expires REAL, idem_key TEXT, idem_digest TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS jobs_idem ON jobs(owner, idem_key) WHERE idem_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS jobs_expires ON jobs(expires) WHERE expires IS NOT NULL;
CREATE INDEX IF NOT EXISTS jobs_owner ON jobs(owner, created, id);
CREATE TABLE IF NOT EXISTS chunks (job TEXT NOT NULL, n INTEGER NOT NULL, items TEXT NOT NULL, PRIMARY KEY (job, n));
CREATE TABLE IF NOT EXISTS results (job TEXT NOT NULL, idx INTEGER NOT NULL, line TEXT NOT NULL,
    PRIMARY KEY (job, idx)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stats (name TEXT PRIMARY KEY, value REAL NOT NULL);
CREATE TABLE IF NOT EXISTS enqueued (job TEXT PRIMARY KEY);
"""

_FIELDS = ("id", "owner", "kind", "state", "total", "done", "errors", "limits", "chunk_size", "created",
           "started", "finished", "detail")


def set_up_wal(connect: Callable[[], sqlite3.Connection], schema: str, wait: float = 30.0) -> None:
    """Switch a SQLite file to WAL and create its ``schema``, from any
    number of processes at once (igisoro_service.sqlite_wal: SQLite may
    answer "database is locked" at once while another switches the file)."""

    def set_up() -> None:
        with connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(schema)

    retry_locked(set_up, wait)


class SqliteStore:
    """The embedded store: one SQLite file in WAL mode (readers never wait
    for the worker's writes), a connection per call (threads and processes
    share nothing in Python)."""

    def __init__(self, path: str | Path, retention: float) -> None:
        self.path = str(path)
        self.retention = retention
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        set_up_wal(self._db, _SCHEMA)

    def _db(self) -> sqlite3.Connection:
        # Autocommit off by default in Python's sqlite3: "with db" commits or
        # rolls back; BEGIN IMMEDIATE takes the write lock up front so two
        # writers queue instead of failing mid-transaction.
        db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> sqlite3.Connection:
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, exc_type: Any, *rest: Any) -> None:
            try:
                self.db.execute("ROLLBACK" if exc_type else "COMMIT")
            finally:
                self.db.close()

    def _tx(self) -> SqliteStore._Tx:
        return SqliteStore._Tx(self._db())

    @staticmethod
    def _job(row: Sequence[Any]) -> Job:
        d = dict(zip(_FIELDS, row))
        d["limits"] = json.loads(d["limits"])
        return Job(**d)

    def _get(self, db: sqlite3.Connection, job_id: str) -> Job | None:
        row = db.execute(f"SELECT {', '.join(_FIELDS)} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else self._job(row)

    def _bump(self, db: sqlite3.Connection, name: str, by: float) -> None:
        db.execute("INSERT INTO stats VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value",
                   (name, by))

    def create(self, job: Job, chunks: Sequence[str], idempotency: tuple[str, str] | None) -> tuple[Job, bool]:
        with self._tx() as db:
            if idempotency is not None:
                row = db.execute("SELECT id, idem_digest FROM jobs WHERE owner = ? AND idem_key = ?",
                                 (job.owner, idempotency[0])).fetchone()
                if row is not None:
                    if row[1] != idempotency[1]:
                        raise IdempotencyConflict(row[0])
                    found = self._get(db, row[0])
                    assert found is not None
                    return found, False
            d = asdict(job)
            d["limits"] = json.dumps(job.limits)
            key, digest = idempotency or (None, None)
            db.execute(f"INSERT INTO jobs ({', '.join(_FIELDS)}, idem_key, idem_digest) "
                       f"VALUES ({', '.join('?' * (len(_FIELDS) + 2))})", [d[f] for f in _FIELDS] + [key, digest])
            db.executemany("INSERT INTO chunks VALUES (?, ?, ?)", ((job.id, n, c) for n, c in enumerate(chunks)))
            self._bump(db, f"submitted_{job.kind}", 1)
            self._bump(db, "items_submitted", job.total)
        return job, True

    def release_idempotency(self, job_id: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE jobs SET idem_key = NULL, idem_digest = NULL WHERE id = ?", (job_id,))

    def mark_enqueued(self, job_id: str) -> None:
        # A table of its own: the jobs table is read by older versions too.
        with self._tx() as db:
            db.execute("INSERT OR IGNORE INTO enqueued VALUES (?)", (job_id,))

    def enqueued(self, job_id: str) -> bool:
        db = self._db()
        try:
            return db.execute("SELECT 1 FROM enqueued WHERE job = ?", (job_id,)).fetchone() is not None
        finally:
            db.close()

    def get(self, job_id: str) -> Job | None:
        db = self._db()
        try:
            return self._get(db, job_id)
        finally:
            db.close()

    def chunk(self, job_id: str, n: int) -> list[str]:
        db = self._db()
        try:
            row = db.execute("SELECT items FROM chunks WHERE job = ? AND n = ?", (job_id, n)).fetchone()
        finally:
            db.close()
        return [] if row is None else row[0].split("\n")

    def start(self, job_id: str, now: float) -> Job | None:
        with self._tx() as db:
            db.execute("UPDATE jobs SET state = 'running', started = ? WHERE id = ? AND state = 'queued'", (now, job_id))
            return self._get(db, job_id)

    def chunk_stored(self, job_id: str, first: int) -> bool:
        db = self._db()
        try:
            return db.execute("SELECT 1 FROM results WHERE job = ? AND idx = ?", (job_id, first)).fetchone() is not None
        finally:
            db.close()

    def add_results(self, job_id: str, lines: Sequence[tuple[int, str, bool]], seconds: float, now: float) -> None:
        with self._tx() as db:
            # A chunk that ends after its job was cancelled (or failed) is
            # dropped: the job's counts were final when it ended.
            if db.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone() != ("running",):
                return
            new = errors = 0
            for idx, line, is_error in lines:
                cur = db.execute("INSERT OR IGNORE INTO results VALUES (?, ?, ?)", (job_id, idx, line))
                new += cur.rowcount
                errors += cur.rowcount * is_error
            db.execute("UPDATE jobs SET done = done + ?, errors = errors + ? WHERE id = ?", (new, errors, job_id))
            cur = db.execute("UPDATE jobs SET state = 'done', finished = ?, expires = ? "
                             "WHERE id = ? AND state = 'running' AND done >= total", (now, now + self.retention, job_id))
            if cur.rowcount:
                self._finished(db, job_id, "done")
            self._bump(db, "items_done", new)
            self._bump(db, "chunks_done", 1)
            self._bump(db, "chunk_seconds", seconds)

    def _finished(self, db: sqlite3.Connection, job_id: str, state: str) -> None:
        self._bump(db, f"finished_{state}", 1)
        row = db.execute("SELECT total - done, finished - created FROM jobs WHERE id = ?", (job_id,)).fetchone()
        self._bump(db, "items_dropped", row[0])
        self._bump(db, "job_seconds", row[1])

    def results(self, job_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        db = self._db()
        try:
            rows = db.execute("SELECT idx, line FROM results WHERE job = ? AND idx > ? ORDER BY idx LIMIT ?",
                              (job_id, after, limit)).fetchall()
        finally:
            db.close()
        return [(r[0], r[1]) for r in rows]

    def finish(self, job_id: str, state: str, now: float, detail: str | None = None) -> Job | None:
        with self._tx() as db:
            cur = db.execute("UPDATE jobs SET state = ?, finished = ?, expires = ?, detail = ? "
                             "WHERE id = ? AND state IN ('queued', 'running')",
                             (state, now, now + self.retention, detail, job_id))
            if cur.rowcount:
                db.execute("DELETE FROM chunks WHERE job = ?", (job_id,))
                self._finished(db, job_id, state)
            return self._get(db, job_id)

    def list_jobs(self, owner: str, state: str | None, before: str | None, limit: int) -> list[Job] | None:
        # Newest first by (created, id): ids break ties between jobs created
        # in the same instant, so a page boundary never skips or repeats one.
        db = self._db()
        try:
            where, args = "owner = ?", [owner]
            if before is not None:
                row = db.execute("SELECT created, id FROM jobs WHERE id = ? AND owner = ?", (before, owner)).fetchone()
                if row is None:
                    return None
                where += " AND (created < ? OR (created = ? AND id < ?))"
                args += [row[0], row[0], row[1]]
            if state is not None:
                where += " AND state = ?"
                args.append(state)
            rows = db.execute(f"SELECT {', '.join(_FIELDS)} FROM jobs WHERE {where} "
                              "ORDER BY created DESC, id DESC LIMIT ?", [*args, limit]).fetchall()
        finally:
            db.close()
        return [self._job(r) for r in rows]

    def purge(self, now: float) -> int:
        with self._tx() as db:
            ids = [r[0] for r in db.execute("SELECT id FROM jobs WHERE expires < ?", (now,))]
            for table, col in (("results", "job"), ("chunks", "job"), ("enqueued", "job"), ("jobs", "id")):
                db.executemany(f"DELETE FROM {table} WHERE {col} = ?", ((i,) for i in ids))
            return len(ids)

    def active(self) -> list[Job]:
        """Jobs queued or running (for the embedded worker's recovery)."""
        db = self._db()
        try:
            rows = db.execute(f"SELECT {', '.join(_FIELDS)} FROM jobs WHERE state IN ('queued', 'running')").fetchall()
        finally:
            db.close()
        return [self._job(r) for r in rows]

    def stats(self) -> dict[str, float]:
        db = self._db()
        try:
            out = dict(db.execute("SELECT name, value FROM stats").fetchall())
            for state, n in db.execute("SELECT state, COUNT(*) FROM jobs WHERE state IN ('queued', 'running') "
                                       "GROUP BY state"):
                out[f"active_{state}"] = n
        finally:
            db.close()
        return out


def iter_results(store: JobStore, job_id: str, after: int, *, gapless: bool, page: int = 1000) -> Iterator[str]:
    """Every result line after ``after`` stored now, in index order, a page
    at a time. With ``gapless`` (a job still running), only up to the first
    index not done yet: chunks finish out of order on several workers, and
    a reader who resumes after the last index read must never skip one."""
    expected = after + 1
    while True:
        lines = store.results(job_id, after, page)
        for idx, line in lines:
            if gapless and idx != expected:
                return
            expected = idx + 1
            yield line
        if len(lines) < page:
            return
        after = lines[-1][0]
