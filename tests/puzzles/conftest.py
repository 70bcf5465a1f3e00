"""Fixtures of the puzzle tests: a throwaway real PostgreSQL server (Debian's
``postgresql`` package, found under ``/usr/lib/postgresql/*/bin``), started
for the session on a free loopback port like the job tests' redis-server,
and a fresh database on it (or a SQLite file) for each test that asks."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live.conftest import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.fail("PostgreSQL is not installed (scripts/system-deps.sh installs Debian's postgresql)")
    return found[-1]


def _as_owner(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: as root (CI), run it as nobody.
    return ["runuser", "-u", "nobody", "--", *cmd] if os.geteuid() == 0 else cmd


def start_postgres() -> tuple[subprocess.Popen[bytes], str, Path]:
    """A throwaway PostgreSQL server on a free loopback port (user
    ``postgres``, trust auth, no fsync): its process, its URL and its
    folder (remove it after stopping the server). Used by the fixture below
    and by ``bench/puzzles.py``."""
    data = Path(tempfile.mkdtemp(prefix="igisoro-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "nobody", "nogroup")
    pgdata = data / "data"
    subprocess.run(_as_owner([_bin("initdb"), "-D", str(pgdata), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                              "--no-sync"]), check=True, capture_output=True)
    port = free_port()
    log = data / "postgres.log"
    with log.open("wb") as out:  # the child keeps its own handle
        proc = subprocess.Popen(_as_owner([_bin("postgres"), "-D", str(pgdata), "-p", str(port), "-c",
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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server that lives for the test session."""
    proc, url, data = start_postgres()
    try:
        yield url
    finally:
        stop_postgres(proc, data)


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A new empty database on the session's server."""
    import psycopg

    name = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return postgres_server.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind, as ``DATABASE_URL`` names it."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'puzzles.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
