"""Fixtures for the service tests: a real app over the real engine."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro_service import create_app


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
