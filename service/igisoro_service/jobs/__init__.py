"""Analysis jobs: many positions or games analysed in the background by
Celery workers, with progress and streamed results (``/v1/jobs``).

The parts, one per file:

- :mod:`igisoro_service.jobs.store`: the record of jobs, items and result lines
  (SQLite embedded; :mod:`igisoro_service.jobs.redis_store` at scale);
- :mod:`igisoro_service.jobs.worker`: the Celery app and its one task, "run chunk
  n of job j" (``celery -A igisoro_service.jobs.worker worker``);
- :mod:`igisoro_service.api.jobs`: the HTTP views;
- this module: where the broker and the store are, from the configuration
  (``JOB_*`` keys, see ``service/CONFIG.md``), shared by the API and the
  workers so both always agree.

Embedded default (no ``JOB_BROKER_URL``/``JOB_STORE_URL``): the broker is
Celery's SQLAlchemy transport on a SQLite file and the store another
SQLite file, both in ``JOB_DIR``; ``gunicorn.conf.py`` starts one local
worker beside the API. At scale both URLs point at Redis and workers run
on any number of machines.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from igisoro_service.jobs.store import JobStore, SqliteStore

if TYPE_CHECKING:
    from celery import Celery

#: Where the app keeps its :class:`Jobs` (``app.extensions``).
EXTENSION = "igisoro_jobs"

#: The one task's name, shared by the API (which sends it by name, without
#: importing the worker) and the worker.
RUN_CHUNK = "igisoro.run_chunk"


def job_dir(config: dict[str, Any]) -> Path:
    """``JOB_DIR``, or ``igisoro-jobs-<uid>`` in the temporary directory."""
    return Path(config["JOB_DIR"] or Path(tempfile.gettempdir()) / f"igisoro-jobs-{os.getuid()}")


def broker_url(config: dict[str, Any]) -> str:
    """``JOB_BROKER_URL``, or the embedded SQLite broker in ``JOB_DIR``."""
    if config["JOB_BROKER_URL"]:
        return str(config["JOB_BROKER_URL"])
    path = job_dir(config)
    path.mkdir(parents=True, exist_ok=True)
    return f"sqla+sqlite:///{path / 'broker.sqlite'}"


def open_store(config: dict[str, Any]) -> JobStore:
    """The store ``JOB_STORE_URL`` names (``redis://``/``rediss://`` or
    ``sqlite:///path``), else the embedded SQLite file in ``JOB_DIR``."""
    url = str(config["JOB_STORE_URL"])
    retention = float(config["JOB_RETENTION"])
    if url.startswith(("redis://", "rediss://", "unix://")):
        from igisoro_service.jobs.redis_store import RedisStore

        return RedisStore(url, retention)
    if url.startswith("sqlite:///"):
        return SqliteStore(url[len("sqlite:///"):], retention)
    if url:
        raise ValueError(f"config JOB_STORE_URL must be redis://... or sqlite:///path, not {url!r}")
    return SqliteStore(job_dir(config) / "jobs.sqlite", retention)


def make_celery(config: dict[str, Any]) -> Celery:
    """A Celery app on the configured broker, set up so no chunk is lost or
    run twice into the results:

    - ``task_acks_late``: a chunk's message is acknowledged only after its
      results are stored, so a worker that dies mid-chunk leaves it queued;
    - ``task_reject_on_worker_lost``: a pool process killed mid-chunk gives
      the message straight back to the queue (another process takes it);
    - ``visibility_timeout`` (Redis): a message whose whole worker machine
      vanished comes back after ``JOB_REDELIVERY_TIMEOUT`` seconds;
    - ``worker_prefetch_multiplier = 1``: a worker holds one chunk at a
      time, so chunks spread over workers instead of queueing on one.
    """
    # Imported here: this package is imported by every API process (the job
    # store, the cache's SQLite set-up), and Celery takes a few tenths of a
    # second to import; an API process needs it only when it sends a chunk.
    from celery import Celery

    url = broker_url(config)
    # The embedded SQLite broker hands its transport options to SQLAlchemy's
    # create_engine, which refuses unknown ones; it has no visibility timeout
    # (a pool process killed mid-chunk is still covered by the reject above)
    # and polls once a second.
    redeliver = int(config["JOB_REDELIVERY_TIMEOUT"])
    # Redis: workers sweep for messages past the timeout every quarter of it
    # (at most a minute), so a lost chunk comes back within about 1.25x.
    options = {} if url.startswith("sqla+") else {
        "visibility_timeout": redeliver,
        "unacked_restore_interval": max(1, min(60, redeliver // 4)),
        "unacked_restore_throttle": 1,
    }
    app = Celery("igisoro", broker=url)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        task_serializer="json",
        accept_content=["json"],
        broker_connection_retry_on_startup=True,
        broker_transport_options=options,
        worker_hijack_root_logger=False,
    )
    return app


def prepare_broker(app: Celery, attempts: int = 5) -> None:
    """Create the embedded broker's tables and queue before first use.

    kombu's SQLite transport creates its queue row on first use, and two
    processes doing so at once (the API's first job and a worker starting)
    collide on its unique name; the loser's error would reach the caller.
    Declaring it here, each attempt on a fresh connection, lets the loser
    find the winner's row. A no-op cost for Redis, which is not called."""
    for attempt in range(attempts):
        try:
            with app.connection_for_write() as conn:
                app.amqp.queues[app.conf.task_default_queue](conn.default_channel).declare()
            return
        except Exception:
            if attempt == attempts - 1:
                raise
            time.sleep(0.1 * (attempt + 1))


class Jobs:
    """The API's handle on jobs: the store and a Celery app to send
    chunks, both made on first use (an app that never sees a job never
    creates files or connections)."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self._lock = threading.Lock()
        self._store: JobStore | None = None
        self._celery: Celery | None = None

    @property
    def store(self) -> JobStore:
        with self._lock:
            if self._store is None:
                self._store = open_store(self.config)
            return self._store

    @property
    def celery(self) -> Celery:
        with self._lock:
            if self._celery is None:
                app = make_celery(self.config)
                if app.conf.broker_url.startswith("sqla+"):
                    prepare_broker(app)
                self._celery = app
            return self._celery
