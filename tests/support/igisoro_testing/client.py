"""HTTP to a running server: raw keep-alive connections (framing checked
strictly), one request with urllib, and the job API's polling."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

from igisoro_testing.servers import Server


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


def call(server: Server, method: str, path: str, body: Any = None, *, ndjson: str | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request; (status, headers, body), error statuses included."""
    data = None
    h = dict(headers or {})
    if ndjson is not None:
        data, h["Content-Type"] = ndjson.encode(), "application/x-ndjson"
    elif body is not None:
        data, h["Content-Type"] = json.dumps(body).encode(), "application/json"
    req = urllib.request.Request(server.url + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def wait_state(server: Server, job_id: str, states: tuple[str, ...], timeout: float = 180,
               headers: dict[str, str] | None = None) -> dict[str, Any]:
    """Poll the job until it is in one of ``states``."""
    deadline = time.monotonic() + timeout
    while True:
        status, _, body = call(server, "GET", f"/v1/jobs/{job_id}", headers=headers)
        assert status == 200, body
        job: dict[str, Any] = json.loads(body)
        if job["state"] in states:
            return job
        if time.monotonic() > deadline:
            raise AssertionError(f"job still {job['state']} after {timeout} s: {job}")
        time.sleep(0.2)


def wait_done_at_least(server: Server, job_id: str, n: int, timeout: float = 120) -> dict[str, Any]:
    """Poll until the job has at least ``n`` results."""
    deadline = time.monotonic() + timeout
    while True:
        job = json.loads(call(server, "GET", f"/v1/jobs/{job_id}")[2])
        if job["done"] >= n or job["state"] != "running" and job["state"] != "queued":
            return job  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def results(server: Server, job_id: str, after: int = -1, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The job's result lines (parsed)."""
    status, h, body = call(server, "GET", f"/v1/jobs/{job_id}/results?after={after}", headers=headers)
    assert status == 200 and h["Content-Type"].startswith("application/x-ndjson"), body[:300]
    return [json.loads(line) for line in body.decode().splitlines()]
