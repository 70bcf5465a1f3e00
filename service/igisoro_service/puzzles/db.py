"""The puzzle database: SQLite embedded (a file in ``JOB_DIR``, nothing to
start), or PostgreSQL when ``DATABASE_URL`` names one; migrated to the
latest schema by Alembic when first opened.

Transactions that write ratings must not lose an update when attempts at
one puzzle arrive together. PostgreSQL: the rows are read ``SELECT ...
FOR UPDATE``. SQLite has no row locks: a writing transaction starts with
``BEGIN IMMEDIATE``, which takes the file's write lock before it reads, so
a second writer waits (up to 30 s) and then reads what the first wrote.
Reads use plain ``BEGIN`` and, in WAL mode, never wait for a writer."""

from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config as AlembicConfig
from sqlalchemy import Connection, Engine, create_engine, event, text

from igisoro_service.sqlite_wal import switch_to_wal

#: Seconds a SQLite writer waits for the write lock.
SQLITE_BUSY_SECONDS = 30
#: The PostgreSQL advisory lock that serialises migrations and the starter
#: load among workers opening the database at once.
_MIGRATION_LOCK = 73_3301

_MIGRATIONS = Path(__file__).with_name("migrations")


def database_url(config: dict[str, Any]) -> str:
    """``DATABASE_URL``, or the embedded ``puzzles.sqlite3`` in ``JOB_DIR``."""
    url = str(config.get("DATABASE_URL") or "")
    if url:
        return normalise(url)
    from igisoro_service.jobs import job_dir

    path = job_dir(config)
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'puzzles.sqlite3'}"


def normalise(url: str) -> str:
    """``url`` in SQLAlchemy's form with the driver this service installs:
    ``postgres://`` and ``postgresql://`` become ``postgresql+psycopg://``."""
    if url.startswith("postgres://"):  # the name some hosts hand out; SQLAlchemy wants postgresql
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url`` set up as the module docstring says."""
    url = normalise(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_SECONDS, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _connect(dbapi: Any, _record: Any) -> None:
            # pysqlite's own BEGIN would come first and be a deferred one.
            dbapi.isolation_level = None
            # Every worker opens a new file at once: the switch may be
            # refused as "locked" without waiting (igisoro_service.sqlite_wal).
            switch_to_wal(dbapi, SQLITE_BUSY_SECONDS)
            dbapi.execute("PRAGMA synchronous=NORMAL")

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("writing") else "BEGIN")

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A transaction that will write: ``BEGIN IMMEDIATE`` on SQLite."""
    with engine.connect() as conn:
        conn.execution_options(writing=True)
        with conn.begin():
            yield conn


def lock_migrations(conn: Connection) -> None:
    """Within a writing transaction, wait until no other process migrates or
    loads (SQLite: the transaction's write lock already does it)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})


def migrate(conn: Connection) -> None:
    """Bring the schema to the latest migration on ``conn``, in its transaction."""
    cfg = AlembicConfig()
    cfg.set_main_option("script_location", str(_MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
