"""The Celery worker of analysis jobs: ``celery -A igisoro_service.jobs.worker worker``.

Configured from the same ``IGISORO_*`` environment as the API (see
``service/CONFIG.md``), so a worker started on another machine with the
same ``IGISORO_JOB_BROKER_URL`` and ``IGISORO_JOB_STORE_URL`` joins the
pool. One task, :func:`run_chunk`: analyse one chunk of a job's items with
the engine's parallel batch call and store its result lines in one write.

How many cores a chunk uses: positions are spread by the engine over
``RAYON_NUM_THREADS`` threads (default: every core); games over
``IGISORO_WORKER_THREADS`` threads. Run one worker process per machine
(``--concurrency 1``, the default here) to use every core on one chunk,
or ``--concurrency N`` with ``RAYON_NUM_THREADS=1`` for N chunks at once.
"""

from __future__ import annotations

import ctypes
import json
import logging
import os
import sqlite3
import time
from typing import Any

import redis
from celery import Task
from celery.exceptions import Reject
from celery.signals import worker_ready

from igisoro.batch import Limits, Unreadable, analyse_items
from igisoro_service import analysis_cache, config
from igisoro_service.body import parse_json
from igisoro_service.jobs import RUN_CHUNK, broker_url, make_celery, open_store, prepare_broker
from igisoro_service.jobs.puzzle_chunks import run_puzzle_chunk
from igisoro_service.jobs.store import FINAL, SqliteStore

log = logging.getLogger(__name__)

def _keep_freed_memory() -> None:
    """Ask glibc's allocator to keep freed memory for reuse instead of
    handing it back to the kernel after every chunk.

    Between chunks a worker's Python side (broker and store I/O, JSON)
    frees and allocates, and glibc's dynamic thresholds then returned the
    engine's working memory to the kernel after each chunk, to be faulted
    in again on the next: 108,000 page faults for 10,000 positions at
    depth 4 against 16,000 for the same chunks in a bare process, and 8%
    more CPU (bench/jobs.py, docs/benchmarks/jobs.md). Fixed thresholds
    (which also turn the dynamic adjustment off) bring it back to 4,000.
    A worker is a long-lived process that keeps reusing its memory, so
    holding on to it is the right trade. No-op off glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    m_trim_threshold, m_mmap_threshold = -1, -3  # <malloc.h>
    mallopt(m_trim_threshold, 256 * 1024 * 1024)
    mallopt(m_mmap_threshold, 32 * 1024 * 1024)  # glibc's largest allowed value


_keep_freed_memory()
settings = config.from_env()
#: The Celery app (``-A igisoro_service.jobs.worker``).
app = make_celery(settings)
app.conf.worker_concurrency = 1
_url = broker_url(settings)
#: The embedded broker's SQLite file; None with a real broker (Redis).
_EMBEDDED_BROKER = _url.removeprefix("sqla+sqlite:///") if _url.startswith("sqla+") else None
if _EMBEDDED_BROKER is not None:
    # The embedded broker cannot be watched by Celery's event loop, so a
    # prefork pool falls back to a queue shared under one lock, and a pool
    # process killed while holding it freezes its replacement (seen in the
    # tests). One process that runs chunks itself has no such lock; if it
    # dies, gunicorn.conf.py restarts it and _recover re-sends its chunk.
    app.conf.worker_pool = "solo"
    prepare_broker(app)
_store = open_store(settings)
#: The cache of analyses the API reads (``IGISORO_CACHE_URL``, the same
#: default file in ``JOB_DIR``): a job's items are answered from it when
#: they can be, and what the job searches warms it for the API.
_cache = analysis_cache.open_cache(settings)

#: Attempts of a chunk that raised (not one that died: that is redelivered)
#: before its job is marked failed.
_ATTEMPTS = 3
#: Errors of the store itself (not of the chunk).
_STORE_ERRORS = (redis.exceptions.RedisError, sqlite3.OperationalError)


def _store_down(e: Exception) -> bool:
    """Whether a store error is the store not answering for now (Redis
    unreachable, timing out or loading; a SQLite file locked past its 60 s
    wait), which waiting mends, rather than one that stays (a full disk, a
    read-only file, a script error)."""
    if isinstance(e, (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)):
        return True
    return isinstance(e, sqlite3.OperationalError) and any(w in str(e) for w in ("locked", "busy"))

#: Seconds a chunk waits, when the store is down, before its message goes
#: back to the queue (so that a store down for minutes is not hammered).
_STORE_BACKOFF = 5.0


def _item(i: int, text: str) -> Any:
    # An upload's line that is not JSON is an error line at its index, not
    # a failed job.
    try:
        return parse_json(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested past Python's limit
        return Unreadable(f"Item {i} is not valid JSON: {e}")


def _dumps(line: dict[str, Any]) -> str:
    # ASCII-escaped: a line may echo a lone surrogate (\ud800) from an item,
    # which no store can write as UTF-8.
    return json.dumps(line, separators=(",", ":"))


@app.task(name=RUN_CHUNK, bind=True, acks_late=True, reject_on_worker_lost=True)  # type: ignore[untyped-decorator]
def run_chunk(self: Task, job_id: str, n: int) -> None:
    """Analyse chunk ``n`` of job ``job_id`` and store its result lines.

    Does nothing for a job that is gone, finished or cancelled, or for a
    chunk already stored (a redelivered message). When the store does not
    answer, the message goes back to the queue (not counted as an attempt):
    Celery acknowledges a task that raised, even with ``acks_late``, so a
    store error let through would lose the chunk and leave its job running
    for ever."""
    try:
        _run_chunk(self, job_id, n)
    except _STORE_ERRORS as e:
        if not _store_down(e):
            # One that waiting does not mend: a few tries, then the task fails
            # (the job may stay running: the store cannot record anything).
            log.exception("job store error in chunk %d of job %s", n, job_id)
            raise self.retry(exc=e, countdown=5) from None
        log.warning("job store not answering in chunk %d of job %s; the chunk goes back to the queue", n, job_id,
                    exc_info=True)
        time.sleep(_STORE_BACKOFF)
        # Requeued; with the broker down too, the message stays unacknowledged
        # and comes back after JOB_REDELIVERY_TIMEOUT (Redis) or at the
        # embedded worker's restart (_recover).
        raise Reject(e, requeue=True) from None


def _run_chunk(self: Task, job_id: str, n: int) -> None:
    if _EMBEDDED_BROKER is not None:
        _forget_delivered(_EMBEDDED_BROKER)  # this chunk's message included: it is being handled
    job = _store.get(job_id)
    if job is None or job.state in FINAL:
        return
    first = n * job.chunk_size
    if _store.chunk_stored(job_id, first):
        return
    _store.start(job_id, time.time())
    t0 = time.monotonic()
    try:
        items = [_item(i, text) for i, text in enumerate(_store.chunk(job_id, n), start=first)]
        threads = int(os.environ.get("IGISORO_WORKER_THREADS", "0")) or None
        if job.kind == "puzzles":  # POST /v1/puzzles/generate: games mined for puzzles
            lines = run_puzzle_chunk(items, job.limits, first, settings)
        else:
            lines = analyse_items(job.kind, items, Limits(**job.limits), first_index=first, threads=threads,  # type: ignore[arg-type]
                                  max_plies=settings["MAX_REVIEW_PLIES"], timeout=float(settings["JOB_CHUNK_TIMEOUT"]),
                                  known=_cache)
    except _STORE_ERRORS:
        raise
    except Exception as e:
        # A bug, not bad input (bad items are error lines): retry, then fail
        # the job with the reason rather than leave it running forever.
        log.exception("chunk %d of job %s failed", n, job_id)
        if self.request.retries + 1 >= _ATTEMPTS:
            _store.finish(job_id, "failed", time.time(), f"chunk {n} failed {_ATTEMPTS} times: {type(e).__name__}: {e}")
            return
        raise self.retry(exc=e, countdown=1) from None
    _store.add_results(job_id, [(ln["index"], _dumps(ln), "error" in ln) for ln in lines],
                       time.monotonic() - t0, time.time())


def _forget_delivered(path: str) -> None:
    """Delete the embedded broker's delivered messages.

    kombu's SQLite transport keeps every delivered message, marked
    invisible, forever: the file would grow by a row per chunk ever run.
    It never hands such a row out again (a lost chunk comes back through
    :func:`_recover`, not the broker), so deleting them loses nothing. A
    busy file is left for the next chunk."""
    try:
        with sqlite3.connect(path, timeout=1) as db:
            db.execute("DELETE FROM kombu_message WHERE visible = 0")
    except sqlite3.Error:
        log.debug("could not tidy the embedded broker", exc_info=True)


@worker_ready.connect  # type: ignore[untyped-decorator]
def _recover(**_: Any) -> None:
    """The embedded broker has no redelivery timeout: a chunk whose worker
    was killed outright (``kill -9`` of the whole worker, a power cut) stays
    taken. So the embedded worker, the only one there is, re-sends every
    chunk of an unfinished job that has no results when it starts; a copy
    of a chunk still queued then finds its results stored and does nothing.
    (Redis redelivers by itself after ``JOB_REDELIVERY_TIMEOUT``.)"""
    if _EMBEDDED_BROKER is None or not isinstance(_store, SqliteStore):
        return
    sent = 0
    for job in _store.active():
        for n in range(job.chunks):
            if not _store.chunk_stored(job.id, n * job.chunk_size):
                app.send_task(RUN_CHUNK, args=[job.id, n])
                sent += 1
    if sent:
        log.warning("re-sent %d unfinished chunks of earlier jobs", sent)
