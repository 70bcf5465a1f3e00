"""The production topology on loopback: nginx (deploy/nginx) in front of
gunicorn (the shipped config), both real processes."""

from __future__ import annotations

import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live.conftest import ROOT, free_port, start_gunicorn, stop


def start_topology(tmp: Path) -> tuple[list[subprocess.Popen[bytes]], int, int]:
    """Start gunicorn and nginx in front of it; (processes, gunicorn port, nginx port)."""
    # As deployed behind nginx (docker-compose.yml, the README): the app
    # trusts one proxy, and gunicorn takes what nginx passes (gunicorn.conf.py).
    # No local job worker: nothing here runs jobs, and its start-up would
    # take CPU from the timed health probes.
    gunicorn, server = start_gunicorn(tmp, {"IGISORO_TRUSTED_PROXIES": "1", "IGISORO_JOB_LOCAL_WORKER": "0"})
    port = free_port()
    # nginx's workers run as nobody when started as root: a prefix under /tmp
    # (not pytest's 0700 folders) that they can read.
    prefix = tempfile.mkdtemp(dir="/tmp", prefix="igisoro-nginx-test-")
    log = tmp / "nginx.out"
    with log.open("wb") as out:
        nginx = subprocess.Popen([str(ROOT / "deploy" / "run-nginx.sh"), f"127.0.0.1:{port}",
                                  f"127.0.0.1:{server.port}", prefix], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if nginx.poll() is not None:
            stop(gunicorn)
            raise RuntimeError(f"nginx exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/health/live", timeout=2):
                return [nginx, gunicorn], server.port, port
        except OSError:
            time.sleep(0.1)
    stop(nginx)
    stop(gunicorn)
    raise RuntimeError(f"nginx did not answer: {log.read_text()}")


@pytest.fixture(scope="module")
def topology(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """(gunicorn port, nginx port) of a running topology."""
    procs, gport, nport = start_topology(tmp_path_factory.mktemp("topology"))
    yield gport, nport
    for p in procs:
        stop(p)
