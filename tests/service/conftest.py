"""Fixtures for the service tests: a real app over the real engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro_service import create_app

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


@pytest.fixture
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    # Jobs (and the job metrics) get a store of their own, never a shared one.
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path_factory.mktemp("jobs"))})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def unexpected_errors(app: Flask) -> list[BaseException]:
    """Exceptions that reached the catch-all 500 handler during the test.

    The catch-all handler sends ``got_request_exception`` (as Flask does for
    unhandled errors), so an empty list proves the input never reached it.
    """
    from flask import got_request_exception

    seen: list[BaseException] = []

    def record(sender: object, exception: BaseException, **extra: object) -> None:
        seen.append(exception)

    got_request_exception.connect(record, app)
    yield seen
    got_request_exception.disconnect(record, app)


ISOLO = "isolo 2,2,2,2/2,2,2,2 s"
#: After South's a1 from the start: North's row is empty, South arranges.
KUCHELEKA = "isolo 0,0,0,0/7,3,1,6 s phase=kucheleka"
#: A 4x8 position the engine cannot enumerate within seconds: its turns have
#: more than 400,000 distinct results (optional captures and retreats at
#: every capture opportunity of chains thousands of laps long; the worst case
#: of `bench/data/worst.txt`, not settled in 60 s). Listing SLOW_LIMIT of them
#: takes far longer than any time limit the tests set (100,000 took 1 s on
#: 2026-11-23), so the engine's time limit must stop it; the tests raise
#: MAX_LEGAL_MOVES to allow that limit. A call cut by its time limit proves
#: nothing, so nothing it did makes a later call fast.
#:
#: (Until 2026-11-23 SLOW was a position with a start whose relay chain took
#: seconds to prove endless: "ikibuguzo-1 4,3,6,5,4,2,3,2/1,4,3,6,3,6,3,7/0,
#: 0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 n", 3.5 s, and before it others that got
#: fast as the engine did. Since the landing classes modulo 17 prove such
#: chains endless within a few hundred laps (`board4x8/landing_classes.rs`),
#: no position we know makes the first move, or the step-wise options, slow:
#: 35 million random ikibuguzo-1 positions where North holds 30 to 64 seeds
#: all settled within 10 ms, `attractors --from 30 --to 64 --positions 1000000 --print-ms 20`
#: (`bench/src/bin/attractors.rs`, deleted in issue 40; `git show d535229:bench/src/bin/attractors.rs`).)
SLOW = "igisoro 8,7,1,0,3,2,0,1/3,0,3,0,0,1,0,5/2,1,8,3,3,0,1,3/3,1,3,1,0,1,0,0 n"
#: The ``limit`` that makes listing SLOW's moves slow (see SLOW).
SLOW_LIMIT = 1_000_000
