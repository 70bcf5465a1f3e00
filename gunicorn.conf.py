"""Gunicorn settings for ``gunicorn 'igisoro_service:create_app()'``, from the environment.

See ``service/CONFIG.md`` for every variable. Defaults suit a single host
behind a reverse proxy: bind to localhost, one worker per CPU.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any


def _int(name: str, default: int, minimum: int = 1) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        n = int(value)
    except ValueError:
        raise SystemExit(f"gunicorn.conf.py: {name}={value!r} is not an integer") from None
    if n < minimum:
        raise SystemExit(f"gunicorn.conf.py: {name}={value!r} must be at least {minimum}")
    return n


# BIND wins (any gunicorn bind, e.g. "0.0.0.0:8080" or "unix:/run/igisoro.sock");
# else HOST and PORT. Localhost by default: exposing the port is a decision.
bind = [os.environ.get("BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{_int('PORT', 8000)}"]

# The engine is CPU-bound and releases the GIL, so processes scale with cores.
workers = _int("WEB_CONCURRENCY", os.cpu_count() or 1)
# More than 1 switches to the gthread worker. Engine calls release the GIL and
# stop at the app's ENGINE_TIMEOUT, so a few threads keep a worker answering
# while long engine calls run; the app's MAX_CONCURRENT_ENGINE_CALLS (3) keeps
# one of the 4 free for health checks however long the calls.
threads = _int("GUNICORN_THREADS", 4)
# Above twice the app's ENGINE_TIMEOUT (10 s), so the app answers 503 first:
# its engine calls share that budget, and the margin covers what follows them
# (writing the answer, a review's short grace to walk its moves).
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
# Recycle workers now and then; 0 (the default) never does.
max_requests = _int("GUNICORN_MAX_REQUESTS", 0, minimum=0)
max_requests_jitter = max_requests // 10

# gunicorn's largest request line and header field (it answers longer ones
# itself, in HTML); nginx in front refuses anything over 7 KiB first.
limit_request_line = 8190
limit_request_field_size = 8190
# Behind a proxy (IGISORO_TRUSTED_PROXIES set, as with deploy/nginx) as many
# header fields as the proxy can pass: nginx's 4 x 7 KiB header buffers hold
# about 7,000 short fields at most, and gunicorn's default of 100 answered a
# request with more in HTML. Served directly, the default keeps a client's
# headers to 100 fields (with 8190 bytes each, about 800 KB, not 65 MB).
limit_request_fields = 8000 if _int("IGISORO_TRUSTED_PROXIES", 0, minimum=0) >= 1 else 100

loglevel = os.environ.get("LOG_LEVEL", "info")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
errorlog = "-"

_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR")


# Analysis jobs need a Celery worker. With the embedded broker (no
# IGISORO_JOB_BROKER_URL) one local worker is started beside the API, so a
# fresh machine runs jobs with nothing else to start; with a real broker the
# workers are started on their own machines (IGISORO_JOB_LOCAL_WORKER=1 to
# start one here anyway, 0 never to).
_local = os.environ.get("IGISORO_JOB_LOCAL_WORKER", "")
if _local not in ("", "0", "1"):
    raise SystemExit(f"gunicorn.conf.py: IGISORO_JOB_LOCAL_WORKER={_local!r} must be 1, 0 or empty (automatic)")
_local_worker = _local == "1" or (_local == "" and not os.environ.get("IGISORO_JOB_BROKER_URL"))
_worker: subprocess.Popen[bytes] | None = None
_stopping = threading.Event()
# Held while the worker is restarted or stopped: a restart racing the server's
# exit would start a worker that outlives gunicorn.
_worker_lock = threading.Lock()


def _start_worker() -> subprocess.Popen[bytes]:
    # Its own process (not forked from the master): Celery and the engine's
    # thread pool must not inherit gunicorn's state.
    return subprocess.Popen([sys.executable, "-m", "celery", "-A", "igisoro_service.jobs.worker", "worker",
                             "--loglevel", "warning", "--concurrency", "1"])


#: Seconds between two starts of the local worker, at least.
_RESTART_INTERVAL = 5.0


def _watch_worker(server: Any) -> None:
    """Restart the local worker when it dies (killed, out of memory): at
    once if it had run for 5 s, else 5 s after its start (a worker that
    dies as it starts is not restarted in a tight loop); its unfinished
    chunk is re-sent when it starts.

    A restart that cannot start the process (out of memory or file
    handles) is tried again 5 s later: an exception here would end this
    thread, and jobs would wait for ever with nothing said after this log.
    (The code is gunicorn's to reap first, so it may read 0.)"""
    global _worker
    started = time.monotonic()
    while not _stopping.is_set():
        assert _worker is not None
        code = _worker.wait()
        if _stopping.wait(max(0.0, started + _RESTART_INTERVAL - time.monotonic())):
            return
        with _worker_lock:
            if _stopping.is_set():
                return
            server.log.warning("the local job worker exited (%s); restarting it", code)
            started = time.monotonic()
            try:
                _worker = _start_worker()
            except Exception as e:  # noqa: BLE001 (the thread must live on); the dead process stays: its wait() returns at once
                server.log.error("could not start the local job worker (%s); trying again in 5 s", e)


def on_starting(server: Any) -> None:
    """Give prometheus-client a clean multiprocess directory (stale files
    from a previous run would be summed into the new counts); start the
    local job worker."""
    global _worker
    if _metrics_dir:
        path = Path(_metrics_dir)
        path.mkdir(parents=True, exist_ok=True)
        for f in path.glob("*.db"):
            f.unlink()
    if _local_worker:
        _worker = _start_worker()
        server.log.info("started the local job worker (pid %d)", _worker.pid)
        threading.Thread(target=_watch_worker, args=(server,), daemon=True, name="job-worker-watch").start()


def on_exit(server: Any) -> None:
    """Stop the local job worker with the server: a warm stop that lets the
    chunk in progress finish, for up to the graceful timeout; a chunk cut
    by the kill after it is re-sent when the worker next starts."""
    with _worker_lock:
        _stopping.set()
    if _worker is not None and _worker.poll() is None:
        _worker.terminate()
        try:
            _worker.wait(timeout=graceful_timeout)
        except subprocess.TimeoutExpired:
            _worker.kill()


def child_exit(server: Any, worker: Any) -> None:
    """Let prometheus-client drop a dead worker's live gauges."""
    if _metrics_dir:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
