"""A worker on another host: its own network namespace, reaching Redis only
over a veth link this test makes (``ip netns``), so the design really
distributes (nothing is shared with the API but Redis)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import igisoro

from igisoro_testing.client import call, results, wait_state
from igisoro_testing.servers import Backend, kill_group, start_redis, stop


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def other_host() -> Iterator[tuple[str, str, str]]:
    """A namespace ``ns`` with a veth link: (ns, host-side address, ns-side address)."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.fail("needs root and iproute2 (CI runs as root; scripts/system-deps.sh installs iproute2)")
    n = os.getpid() % 250 + 1
    ns, host_if, ns_if = f"igisoro-t{n}", f"igh{n}", f"ign{n}"
    host_addr, ns_addr = f"10.213.{n}.1", f"10.213.{n}.2"
    subprocess.run(["ip", "netns", "del", ns], capture_output=True)  # a leftover of a killed run
    subprocess.run(["ip", "link", "del", host_if], capture_output=True)
    _ip("netns", "add", ns)
    try:
        _ip("link", "add", host_if, "type", "veth", "peer", "name", ns_if)
        _ip("link", "set", ns_if, "netns", ns)
        _ip("addr", "add", f"{host_addr}/30", "dev", host_if)
        _ip("link", "set", host_if, "up")
        _ip("netns", "exec", ns, "ip", "addr", "add", f"{ns_addr}/30", "dev", ns_if)
        _ip("netns", "exec", ns, "ip", "link", "set", ns_if, "up")
        _ip("netns", "exec", ns, "ip", "link", "set", "lo", "up")
        yield ns, host_addr, ns_addr
    finally:
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        subprocess.run(["ip", "link", "del", host_if], capture_output=True)


def _reachable(ns: str, host: str, port: int) -> bool:
    code = f"import socket; socket.create_connection(({host!r}, {port}), timeout=2).close()"
    return subprocess.run(["ip", "netns", "exec", ns, sys.executable, "-c", code], capture_output=True).returncode == 0


def test_worker_in_another_network_namespace_runs_the_job(tmp_path: Path, other_host: tuple[str, str, str]) -> None:
    ns, host_addr, _ = other_host
    redis_proc, port = start_redis(tmp_path, bind=f"127.0.0.1 {host_addr}")
    try:
        # The other host sees Redis over the link only: its loopback is its own.
        assert _reachable(ns, host_addr, port)
        assert not _reachable(ns, "127.0.0.1", port)
        api_env = {"IGISORO_JOB_BROKER_URL": f"redis://127.0.0.1:{port}/0",
                   "IGISORO_JOB_STORE_URL": f"redis://127.0.0.1:{port}/1"}
        backend = Backend("redis", api_env, tmp_path)
        remote = {"IGISORO_JOB_BROKER_URL": f"redis://{host_addr}:{port}/0",
                  "IGISORO_JOB_STORE_URL": f"redis://{host_addr}:{port}/1"}
        worker = backend.worker("far", extra=remote, prefix=["ip", "netns", "exec", ns])
        api, server = backend.api()
        try:
            start = igisoro.Position.start("igisoro").notation()
            status, _, body = call(server, "POST", "/v1/jobs", {"kind": "positions", "positions": [start] * 50,
                                                                 "depth": 2})
            assert status == 202, body
            job_id = json.loads(body)["id"]
            assert wait_state(server, job_id, ("done", "failed"), timeout=120)["state"] == "done"
            assert [ln["index"] for ln in results(server, job_id)] == list(range(50))
        finally:
            stop(api)
            kill_group(worker, signal.SIGTERM)
        log = (tmp_path / "worker-far.log").read_text()
        assert "igisoro.run_chunk" in log and "succeeded" in log
    finally:
        redis_proc.terminate()
        redis_proc.wait()
