"""The production topology on loopback: nginx (deploy/nginx) in front of
gunicorn (the shipped config), both real processes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from igisoro_testing.servers import start_topology, stop


@pytest.fixture(scope="module")
def topology(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """(gunicorn port, nginx port) of a running topology."""
    procs, gport, nport = start_topology(tmp_path_factory.mktemp("topology"))
    yield gport, nport
    for p in procs:
        stop(p)
