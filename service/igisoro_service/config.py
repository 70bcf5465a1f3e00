"""Service configuration: defaults in a class, overridden from the environment.

Every key can be set as an environment variable prefixed ``IGISORO_`` (for
example ``IGISORO_MAX_CONTENT_LENGTH=131072``); values are parsed as JSON when
they parse, so numbers and booleans need no quoting. See ``service/CONFIG.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import limits

from igisoro.analysis import ENGINE_MAXIMA
from igisoro import defaults


class Config:
    """Defaults. Sizes are bytes, times seconds."""

    #: Largest accepted request body; larger bodies get 413. Positions are
    #: under 1 KiB, so 64 KiB leaves room and stops huge lists early.
    MAX_CONTENT_LENGTH = 64 * 1024
    #: Upper bound for ``limit`` in ``POST /v1/legal-moves``; also the bound
    #: applied when no ``limit`` is given, since some positions have more
    #: complete moves than any response can hold.
    MAX_LEGAL_MOVES = 1000
    #: Wall-clock limit for a request's engine calls (together); past it the
    #: engine stops and the request gets 503. Some positions take the engine
    #: very long to enumerate.
    ENGINE_TIMEOUT = 10.0
    #: Longest move notation or position notation text accepted.
    MAX_NOTATION_LENGTH = 1000
    #: Most tokens accepted in a move given as a list.
    MAX_MOVE_TOKENS = 200

    # -- search (POST /v1/evaluate, /v1/best-move, /v1/analysis/batch, /v1/games/review)
    #: Caps on a request's own search limits; above a cap is a 422. Whatever
    #: the limits, a search also stops at the request deadline
    #: (ENGINE_TIMEOUT) and then answers with ``partial: true``.
    MAX_SEARCH_DEPTH = 20
    MAX_SEARCH_NODES = 5_000_000
    MAX_SEARCH_TIME_MS = 10_000
    MAX_MULTIPV = 16
    #: Depth used when a request gives none of depth, nodes, time_ms (the
    #: library's default, ``igisoro.defaults``).
    DEFAULT_SEARCH_DEPTH = defaults.DEFAULT_SEARCH_DEPTH
    #: Thinking time for ``/v1/best-move`` with a ``level`` and no ``time_ms``.
    DEFAULT_MOVE_TIME_MS = 1000
    #: The solver's budget for ``/v1/solve`` given neither ``nodes`` nor ``time_ms``.
    SOLVE_DEFAULT_TIME_MS = 1000
    #: Memory cap on one solver table, in megabytes: the table is sized to
    #: the solve's budget (``Position.solve``'s ``max_table_mb``), up to this.
    #: Up to MAX_CONCURRENT_SEARCHES solves per worker may each hold one.
    SOLVER_MAX_TABLE_MB = 2048
    #: Searches one worker runs at once; more get 503 ``overloaded``. Keep it
    #: below GUNICORN_THREADS so a thread is left for health and cheap calls.
    MAX_CONCURRENT_SEARCHES = 2
    #: Engine calls of any kind one worker runs at once (searches included);
    #: one waiting longer than 0.5 s gets 503 ``overloaded``. Keep it below
    #: GUNICORN_THREADS (4), so a thread stays free for health checks however
    #: long the calls (see service/igisoro_service/engine.py).
    MAX_CONCURRENT_ENGINE_CALLS = 3
    #: Most positions in one ``/v1/analysis/batch`` request.
    MAX_BATCH_POSITIONS = 64
    #: Most plies in one ``/v1/games/review`` request (an operator may lower
    #: it), and its default depth: the library's (``igisoro.defaults``).
    MAX_REVIEW_PLIES = defaults.MAX_REVIEW_PLIES
    DEFAULT_REVIEW_DEPTH = defaults.DEFAULT_REVIEW_DEPTH

    # -- the cache of analyses (service/igisoro_service/analysis_cache/, GET /v1/cloud-eval)
    #: Empty: a SQLite file ``analysis-cache.sqlite3`` in JOB_DIR, shared by
    #: the workers of one server; ``sqlite:///path`` for another file;
    #: ``redis://host:6379/2`` for one every replica shares; ``off`` for none.
    CACHE_URL = ""
    #: Analyses each worker also keeps in memory (the most recently used).
    CACHE_MEMORY_ENTRIES = 10_000
    #: Most analyses the SQLite file keeps (about 1.2 KB each); the oldest
    #: written go first. (Redis: its own maxmemory and eviction policy.)
    CACHE_MAX_ENTRIES = 1_000_000

    # -- analysis jobs (POST /v1/jobs; run by Celery workers, see service/igisoro_service/jobs)
    #: Celery broker. Empty: the embedded one, a SQLite file in JOB_DIR
    #: (one machine, no service to run). ``redis://host:6379/0`` for
    #: workers on many machines.
    JOB_BROKER_URL = ""
    #: Where jobs, items and results live. Empty: a SQLite file in JOB_DIR;
    #: ``redis://host:6379/1`` with a Redis broker.
    JOB_STORE_URL = ""
    #: Directory of the embedded broker and store. Empty: ``igisoro-jobs-<uid>``
    #: under the system's temporary directory (set it to keep jobs across
    #: reboots).
    JOB_DIR = ""
    #: Most items of one job, by kind, and the largest job upload (bytes).
    JOB_MAX_POSITIONS = 100_000
    JOB_MAX_GAMES = 10_000
    JOB_MAX_BYTES = 64 * 1024 * 1024
    #: Items per chunk (one task, one parallel engine call): small enough
    #: for steady progress and cheap redelivery, large enough that the
    #: per-task cost stays small (256 positions: about 0.1 s of work at
    #: depth 4 on one core; 64 cost 10% more time in bench/jobs.py).
    JOB_CHUNK_POSITIONS = 256
    JOB_CHUNK_GAMES = 4
    #: Seconds a chunk may run; past it its unfinished searches stop and
    #: report ``partial`` (so a worker is never held by one absurd item).
    JOB_CHUNK_TIMEOUT = 600
    #: Seconds after which Redis redelivers a chunk whose worker vanished
    #: (machine lost, ``kill -9``); keep it above JOB_CHUNK_TIMEOUT.
    JOB_REDELIVERY_TIMEOUT = 900
    #: Seconds a finished job's results stay readable.
    JOB_RETENTION = 7 * 24 * 3600
    #: Whether ``/metrics`` reports job counts (read from the job store at
    #: each scrape; opens the store).
    JOB_METRICS = True

    # -- languages (docs/TRANSLATING.md)
    #: Answer ``?lang=en-XA`` in the pseudo-locale: every catalog string
    #: accented, lengthened and bracketed, so that a string that does not
    #: pass through the catalogs shows up plain (the board's test in
    #: Chromium fails on one). Off in production: it is a tool for tests and
    #: translators, not a language.
    PSEUDO_LOCALE = False

    # -- puzzles (/v1/puzzles; service/igisoro_service/puzzles, docs/PUZZLES.md)
    #: The puzzle database. Empty: a SQLite file ``puzzles.sqlite3`` in
    #: JOB_DIR (nothing to start); ``postgresql://user:pass@host/db`` for
    #: PostgreSQL (every API replica and job worker shares it).
    DATABASE_URL = ""
    #: Load the shipped starter set into a puzzle database that has none.
    PUZZLE_STARTER = True
    #: Most self-play games (or submitted games) one ``POST /v1/puzzles/generate`` job looks at.
    PUZZLE_MAX_GAMES = 1000
    #: The solver's node budget for each proof of a generation job (a
    #: request may ask for less), and its cap.
    PUZZLE_NODES = 20_000
    PUZZLE_MAX_NODES = 200_000
    #: The key that signs the solver ids ``POST /v1/puzzles/solvers`` issues
    #: (only those, and API keys, are rated). Empty: a random key made once
    #: and kept in the puzzle database, shared by every worker and replica
    #: on it. Set it to keep ids valid across a new database.
    PUZZLE_SOLVER_SECRET = ""
    #: Solver ids issued per client address per hour (and worker process).
    PUZZLE_SOLVERS_PER_HOUR = 20

    # -- access
    #: Origins allowed to call the API from a browser (CORS); ``["*"]`` for
    #: any, empty for none (no CORS headers).
    CORS_ORIGINS: list[str] = []
    #: If non-empty, every ``/v1`` request except health and docs needs one
    #: of these keys in ``X-API-Key`` (or ``Authorization: Bearer <key>``).
    API_KEYS: list[str] = []
    #: With API keys on: failed key attempts allowed per client address per
    #: minute (and worker process) before 429 ``too-many-auth-failures``.
    AUTH_FAILURE_LIMIT = 20
    #: Rate limit per client address, in flask-limiter notation
    #: (``"120/minute"``, ``"10/second;1000/hour"``); empty: no limit.
    RATE_LIMIT = ""
    #: Where the rate limiter keeps counts: ``memory://`` is per worker
    #: process; ``redis://host:6379`` shares them across workers and hosts.
    RATE_LIMIT_STORAGE_URI = "memory://"
    #: Number of reverse proxies in front of the app whose X-Forwarded-For /
    #: X-Forwarded-Proto to trust (werkzeug ProxyFix); 0 trusts none. Set it
    #: to 1 behind deploy/nginx, so per-client rate limits see the client's
    #: address rather than the proxy's.
    TRUSTED_PROXIES = 0


#: Keys that must be positive numbers; checked at start-up so a typo in the
#: environment fails fast instead of at the first request.
_INTEGER = ("MAX_CONTENT_LENGTH", "MAX_LEGAL_MOVES", "MAX_NOTATION_LENGTH", "MAX_MOVE_TOKENS",
            "MAX_SEARCH_DEPTH", "MAX_SEARCH_NODES", "MAX_SEARCH_TIME_MS", "MAX_MULTIPV", "DEFAULT_SEARCH_DEPTH",
            "DEFAULT_MOVE_TIME_MS", "SOLVE_DEFAULT_TIME_MS", "SOLVER_MAX_TABLE_MB", "MAX_CONCURRENT_SEARCHES",
            "MAX_CONCURRENT_ENGINE_CALLS", "CACHE_MEMORY_ENTRIES", "CACHE_MAX_ENTRIES",
            "MAX_BATCH_POSITIONS", "MAX_REVIEW_PLIES",
            "DEFAULT_REVIEW_DEPTH", "AUTH_FAILURE_LIMIT", "JOB_MAX_POSITIONS", "JOB_MAX_GAMES", "JOB_MAX_BYTES",
            "JOB_CHUNK_POSITIONS", "JOB_CHUNK_GAMES", "JOB_CHUNK_TIMEOUT", "JOB_REDELIVERY_TIMEOUT", "JOB_RETENTION",
            "PUZZLE_MAX_GAMES", "PUZZLE_NODES", "PUZZLE_MAX_NODES", "PUZZLE_SOLVERS_PER_HOUR")
_POSITIVE = ("ENGINE_TIMEOUT",) + _INTEGER

#: What the engine itself accepts (defined once in the core, read through
#: ``igisoro.analysis``): a cap above it would promise limits the engine then
#: refuses.
_ENGINE_MAXIMA = ENGINE_MAXIMA


#: The largest solver table cap the engine accepts, in megabytes.
_MAX_SOLVER_TABLE_MB = 65536

#: The engine accepts time limits up to a day.
_MAX_ENGINE_TIMEOUT = 86400


def check(config: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the key if a limit is not a positive number
    (or an engine time limit the engine would refuse)."""
    for key in _POSITIVE:
        value = config[key]
        ok_type = (int,) if key in _INTEGER else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_type) or value <= 0:
            raise ValueError(f"config {key} must be a positive {'integer' if key in _INTEGER else 'number'}, not {value!r}")
    if config["SOLVER_MAX_TABLE_MB"] > _MAX_SOLVER_TABLE_MB:
        raise ValueError(f"config SOLVER_MAX_TABLE_MB must be at most {_MAX_SOLVER_TABLE_MB} (the engine's maximum), "
                         f"not {config['SOLVER_MAX_TABLE_MB']!r}")
    for key, top in _ENGINE_MAXIMA.items():
        if config[key] > top:
            raise ValueError(f"config {key} must be at most {top} (the engine's maximum), not {config[key]!r}")
    for key, cap in (("DEFAULT_SEARCH_DEPTH", "MAX_SEARCH_DEPTH"), ("DEFAULT_REVIEW_DEPTH", "MAX_SEARCH_DEPTH"),
                     ("DEFAULT_MOVE_TIME_MS", "MAX_SEARCH_TIME_MS"), ("SOLVE_DEFAULT_TIME_MS", "MAX_SEARCH_TIME_MS")):
        if config[key] > config[cap]:
            raise ValueError(f"config {key} ({config[key]!r}) must not exceed {cap} ({config[cap]!r})")
    for key in ("CORS_ORIGINS", "API_KEYS"):
        value = config[key]
        if isinstance(value, str):  # one value from the environment: IGISORO_API_KEYS=k1,k2 (spaces dropped)
            value = config[key] = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            shown = "a value with an empty or non-string key" if key == "API_KEYS" else repr(value)  # keys are secrets
            raise ValueError(f"config {key} must be a list of non-empty strings, not {shown}")
    for key in ("JOB_BROKER_URL", "JOB_STORE_URL", "JOB_DIR"):
        if not isinstance(config[key], str):
            raise ValueError(f"config {key} must be a string, not {config[key]!r}")
    if not isinstance(config["RATE_LIMIT"], str) or not isinstance(config["RATE_LIMIT_STORAGE_URI"], str):
        raise ValueError("config RATE_LIMIT and RATE_LIMIT_STORAGE_URI must be strings")
    if config["RATE_LIMIT"]:
        # Read at every request by flask-limiter: a typo would be a 500 on each.
        try:
            limits.parse_many(config["RATE_LIMIT"])
        except ValueError:
            raise ValueError(f"config RATE_LIMIT must be flask-limiter notation such as '120/minute', "
                             f"not {config['RATE_LIMIT']!r}") from None
    cache_url = config["CACHE_URL"]
    if not isinstance(cache_url, str) or (
            cache_url not in ("", "off") and not cache_url.startswith(("sqlite:///", "redis://", "rediss://", "unix://"))):
        raise ValueError(f"config CACHE_URL must be empty, off, sqlite:///path or redis://..., not {cache_url!r}")
    store = config["JOB_STORE_URL"]
    if store and not store.startswith(("redis://", "rediss://", "unix://", "sqlite:///")):
        raise ValueError(f"config JOB_STORE_URL must be redis://... or sqlite:///path, not {store!r}")
    db = config["DATABASE_URL"]
    if not isinstance(db, str) or (db and not db.startswith(("sqlite:///", "postgresql://", "postgres://",
                                                                 "postgresql+psycopg://"))):
        # The URL may hold a password: only its scheme is named.
        raise ValueError(f"config DATABASE_URL must be empty, sqlite:///path or postgresql://..., not a "
                         f"{str(db).split(':', 1)[0]!r} URL")
    if not isinstance(config["PUZZLE_SOLVER_SECRET"], str):
        # A secret: its value is not shown. From the environment a value JSON
        # reads as a number or true/false must be quoted ('"123"').
        raise ValueError("config PUZZLE_SOLVER_SECRET must be a string (quote a value that reads as JSON)")
    if not isinstance(config["PUZZLE_STARTER"], bool):
        raise ValueError(f"config PUZZLE_STARTER must be true or false, not {config['PUZZLE_STARTER']!r}")
    if config["PUZZLE_NODES"] > config["PUZZLE_MAX_NODES"]:
        raise ValueError(f"config PUZZLE_NODES ({config['PUZZLE_NODES']!r}) must not exceed PUZZLE_MAX_NODES "
                         f"({config['PUZZLE_MAX_NODES']!r})")
    if not isinstance(config["PSEUDO_LOCALE"], bool):
        raise ValueError(f"config PSEUDO_LOCALE must be true or false, not {config['PSEUDO_LOCALE']!r}")
    if not isinstance(config["JOB_METRICS"], bool):  # IGISORO_JOB_METRICS=false is JSON; "off" is not
        raise ValueError(f"config JOB_METRICS must be true or false, not {config['JOB_METRICS']!r}")
    if config["JOB_BROKER_URL"] and config["JOB_REDELIVERY_TIMEOUT"] <= config["JOB_CHUNK_TIMEOUT"]:
        # Redis would hand a chunk still running to a second worker.
        raise ValueError(f"config JOB_REDELIVERY_TIMEOUT ({config['JOB_REDELIVERY_TIMEOUT']!r}) must exceed "
                         f"JOB_CHUNK_TIMEOUT ({config['JOB_CHUNK_TIMEOUT']!r})")
    trusted = config["TRUSTED_PROXIES"]
    if isinstance(trusted, bool) or not isinstance(trusted, int) or trusted < 0:
        raise ValueError(f"config TRUSTED_PROXIES must be a non-negative integer, not {trusted!r}")
    if config["ENGINE_TIMEOUT"] > _MAX_ENGINE_TIMEOUT:
        raise ValueError(f"config ENGINE_TIMEOUT must be at most {_MAX_ENGINE_TIMEOUT} s (a day), "
                         f"not {config['ENGINE_TIMEOUT']!r}")


#: ``IGISORO_*`` names read by others than the app: gunicorn.conf.py, the
#: job worker, the test suite, and the CLI (its --api-key).
_OTHER_NAMES = frozenset({"JOB_LOCAL_WORKER", "WORKER_THREADS", "HYPOTHESIS_PROFILE", "API_KEY"})


def unknown_names(environ: Mapping[str, str]) -> list[str]:
    """``IGISORO_*`` variables set that nothing reads (a misspelling such as
    ``IGISORO_API_KEY`` for ``IGISORO_API_KEYS`` would leave the API open),
    to be warned of at start-up. ``IGISORO_API_KEY`` is the CLI's, so it is
    named only when no server keys are set beside it."""
    out = []
    for name in sorted(environ):
        if not name.startswith("IGISORO_"):
            continue
        key = name[len("IGISORO_"):]
        if key == "API_KEY" and not environ.get("IGISORO_API_KEYS"):
            out.append(name)
        elif not hasattr(Config, key) and key not in _OTHER_NAMES:
            out.append(name)
    return out


def from_env(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """The configuration outside a Flask app (a Celery worker): defaults,
    then ``IGISORO_*`` variables read as the app reads them, checked."""
    from flask import Config as FlaskConfig

    cfg = FlaskConfig(".")
    cfg.from_object(Config)
    cfg.from_prefixed_env("IGISORO")
    if overrides:
        cfg.update(overrides)
    check(cfg)
    return dict(cfg)
