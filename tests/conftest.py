"""Settings for the whole suite."""

from __future__ import annotations

import collections
import os
from collections.abc import Iterator

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from igisoro_testing.servers import Server, start_gunicorn, stop


@schemathesis.serializer("application/x-ndjson")
def _ndjson(ctx: object, value: object) -> bytes:
    """Job uploads (``POST /v1/jobs``): the spec gives the body as a string
    of item lines, sent as it is."""
    return value.encode() if isinstance(value, str) else b""


# One hypothesis profile for the whole suite, loaded here so that it is in
# force before any test file is imported (a ``@settings`` takes its defaults
# when the file is imported: loaded in one test file, the files imported
# before it ran random examples with an example database).
settings.register_profile(
    "igisoro-properties",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    derandomize=True,  # same examples every run: stable runtime, reproducible failures
    database=None,
)
# A wider, non-deterministic search for local bug hunting (slower: it can meet
# the positions whose move enumeration is very slow, see MAX_MOVES in
# tests/test_properties.py):
# IGISORO_HYPOTHESIS_PROFILE=igisoro-explore pytest tests/test_properties.py
settings.register_profile(
    "igisoro-explore",
    settings.get_profile("igisoro-properties"),
    max_examples=300,
    derandomize=False,
)
settings.load_profile(os.environ.get("IGISORO_HYPOTHESIS_PROFILE", "igisoro-properties"))


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The service under the shipped gunicorn config (real gunicorn on
    loopback), with a rate limit on (so 429s can be checked) high enough
    for the rest of the tests."""
    proc, server = start_gunicorn(tmp_path_factory.mktemp("live"),
                                  {"IGISORO_RATE_LIMIT": "100000 per minute"})
    yield server
    stop(proc)


#: Folders whose tests all start or talk to real servers on loopback.
SERVER_FOLDERS = {"live", "deploy", "jobs", "browser"}
#: Fixtures that start a real server (anywhere in the suite).
SERVER_FIXTURES = {"live", "postgres_server", "postgres_url", "redis_port", "redis_backend", "topology", "board_server",
                   "keyed_server", "browser"}
TESTS = os.path.dirname(os.path.abspath(__file__))


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark the tests that need real servers ``servers``: the quick tier
    (``scripts/test.sh --quick``) leaves them out."""
    rel = os.path.relpath(str(item.path), TESTS).replace(os.sep, "/")
    params = getattr(getattr(item, "callspec", None), "params", {})
    fixtures = set(getattr(item, "fixturenames", ()))
    if rel.split("/", 1)[0] in SERVER_FOLDERS or SERVER_FIXTURES & fixtures or params.get("database_url") == "postgresql":
        item.add_marker(pytest.mark.servers)


#: The test files that take longest, longest first (measured with
#: SUITE_TIMELINE on a fresh clone's run, 2026-11-29: bench/data/
#: suite-time-2026-11-29d.txt): the reference oracles, the jobs with real
#: workers, the board in Chromium, schemathesis, the broker race, the CLI's
#: interrupted runs, the default serve, the generated client. With
#: ``--no-loadscope-reorder`` (scripts/test.sh) pytest-xdist hands out
#: files in collection order, so these start first and the two processes
#: end together; the short files fill the gaps at the end. (Without that
#: option pytest-xdist sorts the files by their number of tests, which put
#: the broker race, the wheels and the default serve, one or two tests
#: each, last.)
LONG_FIRST = ("test_oracle.py", "jobs/test_jobs_live.py", "browser/test_board.py", "service/test_schemathesis.py",
              "test_oracle_isolo.py", "jobs/test_broker.py", "deploy/test_schemathesis_deployed.py",
              "browser/test_board_analysis.py", "test_cli.py", "browser/test_board_defects.py",
              "browser/test_puzzles.py", "jobs/test_default_serve.py", "browser/test_board_i18n.py",
              "live/test_generated_client.py", "live/test_readme.py", "test_cli_i18n.py", "service/test_openapi.py",
              "puzzles/test_api.py", "deploy/test_wheel.py", "puzzles/test_starter.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each schemathesis test its own node id (below); the files of
    LONG_FIRST first; the rest (and each file's tests) in their order."""
    _schemathesis_node_ids(items)
    missing = [name for name in LONG_FIRST if not os.path.exists(os.path.join(TESTS, name))]
    if missing:
        raise pytest.UsageError(f"LONG_FIRST names files that are not there: {missing}")
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(os.path.relpath(str(item.path), TESTS).replace(os.sep, "/"), len(rank)))


def _schemathesis_node_ids(items: list[pytest.Item]) -> None:
    """Give each operation's schemathesis test its own node id, and refuse a
    collection with two tests of one id.

    schemathesis 4.32 names its tests ``test_api_conforms[GET /v1/health]``
    but builds them with ``originalname="test_api_conforms"`` and no
    callspec, from which pytest 9.2 makes the node id: all 34 operations of
    a file had the id ``...::test_api_conforms``. pytest-xdist keys its
    work by node id, so on two processes (scripts/test.sh) one operation of
    each schemathesis file ran and the other 33 were silently dropped
    (1,305 passed of 1,371 selected). The id is rebuilt from the test's
    name, as pytest builds it for an item without a callspec."""
    for item in items:
        if getattr(item, "operation_label", None) is not None and not item.nodeid.endswith(f"::{item.name}"):
            item._id = item.parent.id.child(item.name)  # type: ignore[union-attr]
    doubled = sorted(nodeid for nodeid, n in collections.Counter(item.nodeid for item in items).items() if n > 1)
    if doubled:
        raise pytest.UsageError("tests with the same node id (pytest-xdist would run only one of each): "
                                + ", ".join(doubled[:5]))


#: ``SUITE_TIMELINE=folder`` (not an IGISORO_ name: the service warns of unknown ones): each pytest process appends one line
#: per test (worker, start, seconds, phase, node id) to a file of its own
#: there, so the balance between the xdist processes and the idle gaps can
#: be read after a run (bench/suite_timeline.py).
_TIMELINE = os.environ.get("SUITE_TIMELINE")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if not _TIMELINE:
        yield
        return
    import time

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    t0 = time.time()
    yield
    with open(os.path.join(_TIMELINE, f"{worker}.tsv"), "a", encoding="utf-8") as out:
        out.write(f"{worker}\t{t0:.3f}\t{time.time() - t0:.3f}\t{item.nodeid}\n")


@pytest.fixture
def english_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's messages in English, whatever the machine's locale: the
    CLI tests that read its English words use it (tests/test_cli_i18n.py
    tests the other languages). The language variables are removed from
    os.environ, so the subprocesses see it too."""
    from igisoro.cli import i18n

    for name in i18n.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
