"""Analysis jobs as they are deployed: gunicorn, Celery workers as separate
processes, and either the embedded SQLite broker and store or a real Redis
(``redis-server`` from Debian's packages, started here on a free loopback
port). The launchers are in :mod:`igisoro_testing.servers`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from igisoro_testing.servers import Backend, start_redis


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


@pytest.fixture(params=["embedded", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    """Each test once on the embedded default and once on Redis."""
    if request.param == "embedded":
        b = Backend("embedded", {"IGISORO_JOB_DIR": str(tmp_path / "jobs")}, tmp_path)
    else:
        b = _redis_backend(request.getfixturevalue("redis_port"), tmp_path)
    yield b
    b.stop_workers()


@pytest.fixture
def redis_backend(redis_port: int, tmp_path: Path) -> Iterator[Backend]:
    """Redis only (for what only a prefork pool has)."""
    b = _redis_backend(redis_port, tmp_path)
    yield b
    b.stop_workers()
