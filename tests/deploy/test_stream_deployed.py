"""``POST /v1/evaluate/stream`` as deployed (issue 32): through gunicorn and
through nginx in front of it, the first line arrives long before the search
ends (nothing buffers the stream), and a client that goes away stops the
engine: the workers' CPU falls silent well before the search's own limit."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from igisoro_testing.servers import start_topology, stop

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int, int]]:
    """(gunicorn port, nginx port, gunicorn master pid)."""
    procs, gport, nport = start_topology(tmp_path_factory.mktemp("stream"))
    yield gport, nport, procs[1].pid
    for p in procs:
        stop(p)


class Stream:
    """A socket and the file object reading it; ``close`` hangs up."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.file = sock, sock.makefile("rb")

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def open_stream(port: int, body: dict) -> tuple[Stream, Iterator[bytes]]:
    """POST ``body`` and read the answer's body lines as they come
    (chunked transfer or not): (the connection, an iterator over lines)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    data = json.dumps(body).encode()
    s.sendall(b"POST /v1/evaluate/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(data), data))
    conn = Stream(s)
    f = conn.file
    status = f.readline()
    assert b" 200 " in status, status
    headers = {}
    while (h := f.readline()) not in (b"\r\n", b""):
        k, v = h.decode().split(":", 1)
        headers[k.strip().lower()] = v.strip()
    assert headers["content-type"] == "application/x-ndjson"

    def lines() -> Iterator[bytes]:
        if headers.get("transfer-encoding") == "chunked":
            buf = b""
            while (size := int(f.readline().split(b";")[0], 16)) > 0:
                buf += f.read(size)
                f.readline()
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    yield line
        else:
            while line := f.readline():
                yield line.rstrip(b"\n")

    return conn, lines()


@pytest.mark.parametrize("via", ["gunicorn", "nginx"])
def test_the_first_line_comes_before_the_search_ends(deployed: tuple[int, int, int], via: str) -> None:
    port = deployed[0] if via == "gunicorn" else deployed[1]
    t = time.monotonic()
    s, lines = open_stream(port, {"position": START, "time_ms": 2500})
    try:
        first = json.loads(next(lines))
        first_at = time.monotonic() - t
        rest = [json.loads(line) for line in lines]
        end_at = time.monotonic() - t
    finally:
        s.close()
    assert first["depth"] == 1 and first["final"] is False
    assert rest[-1]["final"] is True and rest[-1]["stopped_by"] == "time"
    assert sum(x["final"] for x in rest) == 1
    assert first_at < 1.0 and end_at > 2.0, (first_at, end_at)


def worker_cpu(master: int) -> float:
    """CPU seconds (user + system) of the gunicorn master's workers."""
    total = 0
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    for pid in children:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (after the command name)
    return total / 100  # clock ticks (USER_HZ)


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
@pytest.mark.parametrize("via", ["gunicorn", "nginx"])
def test_a_client_that_goes_away_stops_the_search(deployed: tuple[int, int, int], via: str) -> None:
    """The search was given 8 s; the client reads two lines and hangs up in
    the middle of an iteration. The server's watcher sees the connection end
    (behind nginx, nginx closes its own) and cancels the search: half a
    second later the workers use no more CPU, where the search alone would
    have run for seconds more."""
    gport, nport, master = deployed
    t = time.monotonic()
    s, lines = open_stream(gport if via == "gunicorn" else nport, {"position": START, "time_ms": 9000})
    # Read until the depths take a second or more: the next line is then
    # far away, and only the watcher can notice the client going.
    while time.monotonic() - t < 1.0:
        assert json.loads(next(lines))["final"] is False
    busy = worker_cpu(master)
    time.sleep(0.3)
    assert worker_cpu(master) - busy > 0.15, "the search was not running: nothing to stop"
    s.close()
    time.sleep(0.3)
    quiet = worker_cpu(master)
    time.sleep(1.0)
    assert worker_cpu(master) - quiet < 0.05, "the engine kept working after its client went"
