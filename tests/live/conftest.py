"""The service as it is deployed: real gunicorn on loopback.

Flask's test client cannot see a wrong Content-Length, a malformed chunked
body or a client that goes away mid-body; these tests talk to the shipped
``gunicorn.conf.py`` (two workers, threads, a multiprocess metrics
directory) over raw sockets.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running gunicorn: where it listens and its log."""

    host: str
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def connect(self, timeout: float = 10.0) -> socket.socket:
        """A raw TCP connection to the server."""
        return socket.create_connection((self.host, self.port), timeout=timeout)


def start_gunicorn(tmp: Path, env_extra: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], Server]:
    """Start gunicorn with the shipped config and wait until it answers."""
    port = free_port()
    metrics = tmp / "metrics"
    metrics.mkdir(exist_ok=True)
    env = {
        **os.environ,
        "PORT": str(port),
        "WEB_CONCURRENCY": "2",
        "GUNICORN_THREADS": "4",
        "PROMETHEUS_MULTIPROC_DIR": str(metrics),
        "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
        # Jobs (and the local worker gunicorn.conf.py starts) in this test's
        # folder, never in a store another run shares.
        "IGISORO_JOB_DIR": str(tmp / "jobs"),
        # Workers, then the local job worker, get 10 s each to stop (not 30):
        # a stop within stop()'s wait, so no job worker is orphaned.
        "GUNICORN_GRACEFUL_TIMEOUT": "10",
        **(env_extra or {}),
    }
    log = tmp / "gunicorn.log"
    gunicorn = Path(sys.executable).with_name("gunicorn")
    with log.open("wb") as out:  # the child keeps its own handle
        proc = subprocess.Popen(
            [str(gunicorn), "-c", "gunicorn.conf.py", "igisoro_service:create_app()"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,  # a group of its own: stop() can kill its workers' children too
        )
    server = Server("127.0.0.1", port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(server.url + "/v1/health/ready", timeout=2) as r:
                if r.status == 200:
                    return proc, server
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"gunicorn did not answer within 60 s: {log.read_text()}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn (TERM, then KILL of its whole process group: a local job
    worker or its pool left running would take CPU from every later test)."""
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # gunicorn leads its own group (start_gunicorn)
        except ProcessLookupError:  # not a group leader (nginx): the process alone
            proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The service under the shipped gunicorn config, with a rate limit on
    (so 429s can be checked) high enough for the rest of the tests."""
    proc, server = start_gunicorn(tmp_path_factory.mktemp("live"),
                                  {"IGISORO_RATE_LIMIT": "100000 per minute"})
    yield server
    stop(proc)


class Conn:
    """A raw keep-alive HTTP/1.1 connection that frames responses strictly
    by their Content-Length, as keep-alive and pipelining clients must."""

    def __init__(self, server: Server, timeout: float = 10.0) -> None:
        self.sock = server.connect(timeout)
        self.buf = b""

    def send(self, raw: bytes) -> None:
        self.sock.sendall(raw)

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"connection closed; had {self.buf[:200]!r}")
        self.buf += chunk

    def response(self) -> tuple[int, dict[str, str], bytes]:
        """The next response: status, headers (lower-case names), body. A
        declared length longer than the body sent times out here."""
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
        length = int(headers["content-length"])
        while len(self.buf) < length:
            self._fill()
        body, self.buf = self.buf[:length], self.buf[length:]
        return status, headers, body

    def exchange(self, raw: bytes) -> tuple[int, dict[str, str], bytes]:
        self.send(raw)
        return self.response()

    def close(self) -> None:
        self.sock.close()


def request(method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bytes:
    """A raw HTTP/1.1 request with a Content-Length (unless chunked)."""
    h = {"Host": "127.0.0.1", **(headers or {})}
    if body or method in ("POST", "PUT"):
        h.setdefault("Content-Length", str(len(body)))
    head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in h.items()) + "\r\n"
    return head.encode("latin-1") + body
