"""Real servers on loopback, as deployed: the service under the shipped
gunicorn config, nginx in front of it, a throwaway Redis, Celery workers as
separate processes, and a throwaway PostgreSQL.

Each launcher starts its process on a free port, waits until it answers
(or raises with its log), and returns what a caller needs to reach and stop
it. The fixtures in ``tests/*/conftest.py`` and the bench scripts use them.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

#: The repository (this package is installed editable from tests/support).
ROOT = Path(__file__).resolve().parents[3]

REDIS = shutil.which("redis-server")


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running gunicorn: where it listens and its log."""

    host: str
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def connect(self, timeout: float = 10.0) -> socket.socket:
        """A raw TCP connection to the server."""
        return socket.create_connection((self.host, self.port), timeout=timeout)


def start_gunicorn(tmp: Path, env_extra: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Server]:
    """Start gunicorn with the shipped config and wait until it answers."""
    port = free_port()
    metrics = tmp / "metrics"
    metrics.mkdir(exist_ok=True)
    env = {
        **os.environ,
        "PORT": str(port),
        "WEB_CONCURRENCY": "2",
        "GUNICORN_THREADS": "4",
        "PROMETHEUS_MULTIPROC_DIR": str(metrics),
        "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
        # Jobs (and the local worker gunicorn.conf.py starts) in this
        # caller's folder, never in a store another run shares.
        "IGISORO_JOB_DIR": str(tmp / "jobs"),
        # Workers, then the local job worker, get 10 s each to stop (not 30):
        # a stop within stop()'s wait, so no job worker is orphaned.
        "GUNICORN_GRACEFUL_TIMEOUT": "10",
        **(env_extra or {}),
    }
    log = tmp / "gunicorn.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    with log.open("wb") as out:  # the child keeps its own handle
        proc = subprocess.Popen(
            [str(gunicorn), "-c", "gunicorn.conf.py", "igisoro_service:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,  # a group of its own: stop() can kill its workers' children too
        )
    server = Server("127.0.0.1", port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(server.url + "/v1/health/ready", timeout=2) as r:
                if r.status == 200:
                    return proc, server
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"gunicorn did not answer within 60 s: {log.read_text()}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn (TERM, then KILL of its whole process group: a local job
    worker or its pool left running would take CPU from every later test)."""
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # gunicorn leads its own group (start_gunicorn)
        except ProcessLookupError:  # not a group leader (nginx): the process alone
            proc.kill()
        proc.wait()


def start_topology(tmp: Path) -> tuple[list[subprocess.Popen[bytes]], int, int]:
    """Start gunicorn and nginx (``deploy/nginx``) in front of it;
    (processes, gunicorn port, nginx port)."""
    # As deployed behind nginx (docker-compose.yml, the README): the app
    # trusts one proxy, and gunicorn takes what nginx passes (gunicorn.conf.py).
    # No local job worker: nothing here runs jobs, and its start-up would
    # take CPU from the timed health probes.
    gunicorn, server = start_gunicorn(tmp, {"IGISORO_TRUSTED_PROXIES": "1", "IGISORO_JOB_LOCAL_WORKER": "0"})
    port = free_port()
    # nginx's workers run as nobody when started as root: a prefix under /tmp
    # (not pytest's 0700 folders) that they can read.
    prefix = tempfile.mkdtemp(dir="/tmp", prefix="igisoro-nginx-test-")
    log = tmp / "nginx.out"
    with log.open("wb") as out:
        nginx = subprocess.Popen([str(ROOT / "deploy" / "run-nginx.sh"), f"127.0.0.1:{port}",
                                  f"127.0.0.1:{server.port}", prefix], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if nginx.poll() is not None:
            stop(gunicorn)
            raise RuntimeError(f"nginx exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health/live", timeout=2):
                return [nginx, gunicorn], server.port, port
        except OSError:
            time.sleep(0.1)
    stop(nginx)
    stop(gunicorn)
    raise RuntimeError(f"nginx did not answer: {log.read_text()}")


def start_redis(tmp: Path, bind: str = "127.0.0.1") -> tuple[subprocess.Popen[bytes], int]:
    """A throwaway redis-server (no persistence) on a free port."""
    if REDIS is None:
        raise RuntimeError("redis-server is not installed (scripts/system-deps.sh installs it)")
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


@dataclass
class Backend:
    """Where jobs are queued and stored (the environment the API and the
    Celery workers share), and the workers started on it."""

    name: str
    env: dict[str, str]
    tmp: Path
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def worker(self, name: str, *, extra: dict[str, str] | None = None, prefix: list[str] | None = None,
               concurrency: int = 1, pool: str | None = None) -> subprocess.Popen[bytes]:
        """Start a Celery worker in its own process group (so a caller can
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
        """gunicorn on this backend, without the local worker (the caller starts its own)."""
        tmp = self.tmp / f"api-{time.monotonic_ns()}"
        tmp.mkdir()
        return start_gunicorn(tmp, {**self.env, "IGISORO_JOB_LOCAL_WORKER": "0", **(extra or {})})

    def stop_workers(self) -> None:
        """Kill every worker started here (and its pool): the test is over,
        and a warm stop (TERM) waits out Celery's polling of the embedded
        broker, 2 to 4 s a worker, for nothing."""
        for w in self.workers:
            kill_group(w)


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


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (scripts/system-deps.sh installs Debian's postgresql)")
    return found[-1]


def _as_owner(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: as root (CI), run it as nobody.
    return ["runuser", "-u", "nobody", "--", *cmd] if os.geteuid() == 0 else cmd


def start_postgres() -> tuple[subprocess.Popen[bytes], str, Path]:
    """A throwaway PostgreSQL server (Debian's ``postgresql``) on a free
    loopback port (user ``postgres``, trust auth, no fsync): its process,
    its URL and its folder (:func:`stop_postgres` removes it)."""
    data = Path(tempfile.mkdtemp(prefix="igisoro-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "nobody", "nogroup")
    pgdata = data / "data"
    subprocess.run(_as_owner([_pg_bin("initdb"), "-D", str(pgdata), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                              "--no-sync"]), check=True, capture_output=True)
    port = free_port()
    log = data / "postgres.log"
    with log.open("wb") as out:  # the child keeps its own handle
        proc = subprocess.Popen(_as_owner([_pg_bin("postgres"), "-D", str(pgdata), "-p", str(port), "-c",
                                           "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={data}",
                                           "-c", "fsync=off", "-c", "max_connections=200"]),
                                stdout=out, stderr=subprocess.STDOUT)
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    import psycopg

    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"postgres exited: {log.read_text()}")
        try:
            psycopg.connect(url, connect_timeout=2).close()
            return proc, url, data
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                proc.kill()
                raise
            time.sleep(0.1)


def stop_postgres(proc: subprocess.Popen[bytes], data: Path) -> None:
    """Stop a server :func:`start_postgres` started and remove its folder."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    shutil.rmtree(data, ignore_errors=True)
