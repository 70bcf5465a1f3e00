"""Fixtures of the puzzle tests: a throwaway real PostgreSQL server (Debian's
``postgresql`` package, found under ``/usr/lib/postgresql/*/bin``), started
for the session on a free loopback port like the job tests' redis-server,
and a fresh database on it (or a SQLite file) for each test that asks."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from igisoro_testing.servers import start_postgres, stop_postgres


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
