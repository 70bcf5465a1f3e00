"""Analysis jobs as they are deployed: gunicorn, Celery workers as separate
processes, and either the embedded SQLite broker and store or a real Redis
(``redis-server`` from Debian's packages, started here on a free loopback
port)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import igisoro

from tests.live.conftest import ROOT, Server, free_port, start_gunicorn, stop

REDIS = shutil.which("redis-server")


@dataclass
class Backend:
    """Where jobs are queued and stored: the environment API and workers share."""

    name: str
    env: dict[str, str]
    tmp: Path
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def worker(self, name: str, *, extra: dict[str, str] | None = None, prefix: list[str] | None = None,
               concurrency: int = 1, pool: str | None = None) -> subprocess.Popen[bytes]:
        """Start a Celery worker in its own process group (so a test can
        kill it whole); ``prefix`` runs it under another command (``ip netns exec``)."""
        env = {**os.environ, **self.env, **(extra or {}), "PYTHONPATH": str(ROOT)}
        cmd = [*(prefix or []), sys.executable, "-m", "celery", "-A", "igisoro_service.jobs.worker", "worker",
               "--loglevel", "info", "--concurrency", str(concurrency), "-n", f"{name}@%h", "--without-gossip",
               "--without-mingle", "--without-heartbeat", *(["--pool", pool] if pool else [])]
        with (self.tmp / f"worker-{name}.log").open("wb") as log:  # the child keeps its own handle
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        self.workers.append(proc)
        return proc

    def api(self, extra: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Server]:
        """gunicorn on this backend, without the local worker (the tests start their own)."""
        tmp = self.tmp / f"api-{time.monotonic_ns()}"
        tmp.mkdir()
        return start_gunicorn(tmp, {**self.env, "IGISORO_JOB_LOCAL_WORKER": "0", **(extra or {})})


def kill_group(proc: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    """Signal a worker's whole process group (main process and pool)."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def start_redis(tmp: Path, bind: str = "127.0.0.1") -> tuple[subprocess.Popen[bytes], int]:
    """A throwaway redis-server (no persistence) on a free port."""
    if REDIS is None:
        pytest.fail("redis-server is not installed (scripts/system-deps.sh installs it)")
    port = free_port()
    with (tmp / "redis.log").open("wb") as log:
        proc = subprocess.Popen([REDIS, "--port", str(port), "--bind", bind, "--save", "", "--appendonly", "no",
                                 "--protected-mode", "no", "--dir", str(tmp)], stdout=log, stderr=subprocess.STDOUT)
    import redis

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        # Its own answer, not another server's that took the port first
        # (the tests flush the server they are given).
        if proc.poll() is not None:
            raise RuntimeError(f"redis-server exited: {(tmp / 'redis.log').read_text()}")
        try:
            if redis.Redis(port=port).info("server")["process_id"] == proc.pid:
                return proc, port
        except redis.ConnectionError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


@pytest.fixture(scope="session")
def redis_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    proc, port = start_redis(tmp_path_factory.mktemp("redis"))
    yield port
    proc.terminate()
    proc.wait()


def _redis_backend(port: int, tmp: Path) -> Backend:
    import redis

    redis.Redis(port=port).flushall()
    return Backend("redis", {"IGISORO_JOB_BROKER_URL": f"redis://127.0.0.1:{port}/0",
                             "IGISORO_JOB_STORE_URL": f"redis://127.0.0.1:{port}/1",
                             # The cache of analyses shared by the API and the
                             # workers, as at scale (flushed with the rest above).
                             "IGISORO_CACHE_URL": f"redis://127.0.0.1:{port}/2",
                             # Short, so a lost chunk comes back within a test;
                             # the chunk timeout must be below it (config.check).
                             "IGISORO_JOB_REDELIVERY_TIMEOUT": "8", "IGISORO_JOB_CHUNK_TIMEOUT": "7"}, tmp)


def _stop_workers(b: Backend) -> None:
    for w in b.workers:
        kill_group(w, signal.SIGTERM)


@pytest.fixture(params=["embedded", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """Each test once on the embedded default and once on Redis."""
    if request.param == "embedded":
        b = Backend("embedded", {"IGISORO_JOB_DIR": str(tmp_path / "jobs")}, tmp_path)
    else:
        b = _redis_backend(request.getfixturevalue("redis_port"), tmp_path)
    yield b
    _stop_workers(b)


@pytest.fixture
def redis_backend(redis_port: int, tmp_path: Path) -> Iterator[Backend]:
    """Redis only (for what only a prefork pool has)."""
    b = _redis_backend(redis_port, tmp_path)
    yield b
    _stop_workers(b)


def random_positions(n: int, seed: int) -> list[str]:
    """``n`` positions of every variant, a few seeded random plies from the start."""
    rng = random.Random(seed)
    names = [v.name for v in igisoro.variants()]
    out = []
    while len(out) < n:
        pos = igisoro.Position.start(rng.choice(names))
        for _ in range(rng.randint(0, 6)):
            moves = list(pos.legal_moves(limit=40))
            if not moves:
                break
            pos = rng.choice(moves).result
        out.append(pos.notation())
    return out


def call(server: Server, method: str, path: str, body: Any = None, *, ndjson: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request; (status, headers, body), error statuses included."""
    data = None
    h = dict(headers or {})
    if ndjson is not None:
        data, h["Content-Type"] = ndjson.encode(), "application/x-ndjson"
    elif body is not None:
        data, h["Content-Type"] = json.dumps(body).encode(), "application/json"
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def wait_state(server: Server, job_id: str, states: tuple[str, ...], timeout: float = 180,
               headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Poll the job until it is in one of ``states``."""
    deadline = time.monotonic() + timeout
    while True:
        status, _, body = call(server, "GET", f"/v1/jobs/{job_id}", headers=headers)
        assert status == 200, body
        job: dict[str, Any] = json.loads(body)
        if job["state"] in states:
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"job still {job['state']} after {timeout} s: {job}")
        time.sleep(0.2)


def wait_done_at_least(server: Server, job_id: str, n: int, timeout: float = 120) -> dict[str, Any]:
    """Poll until the job has at least ``n`` results."""
    deadline = time.monotonic() + timeout
    while True:
        job = json.loads(call(server, "GET", f"/v1/jobs/{job_id}")[2])
        if job["done"] >= n or job["state"] != "running" and job["state"] != "queued":
            return job  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def results(server: Server, job_id: str, after: int = -1, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The job's result lines (parsed)."""
    status, h, body = call(server, "GET", f"/v1/jobs/{job_id}/results?after={after}", headers=headers)
    assert status == 200 and h["Content-Type"].startswith("application/x-ndjson"), body[:300]
    return [json.loads(line) for line in body.decode().splitlines()]


__all__ = ["Backend", "call", "kill_group", "random_positions", "results", "start_redis", "stop", "wait_done_at_least",
           "wait_state"]
