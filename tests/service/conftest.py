"""Fixtures for the service tests: a real app over the real engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import create_app

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


@pytest.fixture
def app() -> Iterator[Flask]:
    app = create_app({"TESTING": True})
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
#: A 4x8 position the engine cannot enumerate within seconds: one of its
#: starts is a relay chain that never ends, and proving that takes the engine
#: about 3.5 s of CPU (2026-11-23, 2 shared cores); even the first complete
#: move waits for it. Found by `cargo run --release --example attractors --
#: 56 63 60000 1500 1` (random positions where North holds 56-63 seeds and
#: can capture at one pit only, so that the chain's cycle is not shortened by
#: rotation; the slowest of 480,000, and none slower among two million more).
#: (Earlier choices got too fast as the
#: engine did: "igisoro 0,1,2,0,0,0,1,1/0,0,0,0,1,0,0,0/1,10,0,1,5,1,4,1/2,4,
#: 1,6,9,4,5,4 s" went from 3 s to 0.6 s, "ikibuguzo-1 1,2,5,1,2,1,0,2/4,9,4,
#: 7,10,3,0,10/0,0,0,0,0,0,0,0/1,0,0,0,1,1,0,0 n" from 7 s to 1.5 s, then
#: "ikibuguzo-1 0,1,0,2,9,4,9,10/1,4,1,7,1,2,1,9/0,0,0,0,0,0,0,0/1,0,0,0,1,1,
#: 0,0 n" from 5 s to 0.5 s when cycles were seen up to rotation.) The
#: engine's time limit must stop it. A call cut by its time limit proves
#: nothing, so the per-thread memo of endless chains never makes a later call
#: fast.
SLOW = "ikibuguzo-1 4,3,6,5,4,2,3,2/1,4,3,6,3,6,3,7/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 n"
