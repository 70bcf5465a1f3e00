"""The HTTP edge as deployed (issue 17): real gunicorn, raw sockets."""

from __future__ import annotations

import json
import socket
import urllib.request

import pytest

from igisoro_testing.client import Conn, request
from igisoro_testing.servers import Server

JSON = {"Content-Type": "application/json"}
START = "isolo 2,2,2,2/2,2,2,2 s"


def metric_total(server: Server, name: str, label: str) -> float:
    """Sum of a Prometheus counter's samples whose labels contain ``label``."""
    with urllib.request.urlopen(server.url + "/metrics", timeout=10) as r:
        text = r.read().decode()
    return sum(float(ln.rsplit(" ", 1)[1]) for ln in text.splitlines()
               if ln.startswith(name) and label in ln and not ln.startswith("#"))


ERRORS = [
    (404, request("GET", "/v1/nope")),
    (405, request("GET", "/v1/evaluate")),
    (413, request("POST", "/v1/evaluate", b"x" * 70_000, JSON)),
]


@pytest.mark.parametrize(("status", "raw"), ERRORS, ids=[str(s) for s, _ in ERRORS])
def test_error_answers_declare_their_own_length_and_keep_the_connection(live: Server, status: int, raw: bytes) -> None:
    conn = Conn(live, timeout=5)
    try:
        got, headers, body = conn.exchange(raw)
        assert got == status
        assert headers["content-type"] == "application/problem+json"
        assert int(headers["content-length"]) == len(body)
        assert json.loads(body)["status"] == status
        if status == 413:
            return  # the server may close after refusing an unread body
        # The same connection serves the next request at once.
        got, _, body = conn.exchange(request("GET", "/v1/health/live"))
        assert got == 200, body
    finally:
        conn.close()


def test_pipelined_requests_each_get_their_own_answer(live: Server) -> None:
    conn = Conn(live, timeout=5)
    try:
        conn.send(request("GET", "/v1/nope") + request("GET", "/v1/health/live") + request("GET", "/v1/nope"))
        assert [conn.response()[0] for _ in range(3)] == [404, 200, 404]
    finally:
        conn.close()


def test_429_declares_its_own_length(tmp_path_factory: pytest.TempPathFactory) -> None:
    from igisoro_testing.servers import start_gunicorn, stop

    proc, server = start_gunicorn(tmp_path_factory.mktemp("limited"), {"IGISORO_RATE_LIMIT": "2 per minute",
                                                                         "WEB_CONCURRENCY": "1"})
    try:
        conn = Conn(server, timeout=5)
        body = json.dumps({"position": START}).encode()
        statuses = []
        for _ in range(4):
            got, headers, answer = conn.exchange(request("POST", "/v1/positions/validate", body, JSON))
            statuses.append(got)
            assert int(headers["content-length"]) == len(answer)
        assert 429 in statuses, statuses
        conn.close()
    finally:
        stop(proc)


CHUNKED = {"Content-Type": "application/json", "Transfer-Encoding": "chunked"}
BAD_CHUNKS = {
    "bad chunk size": b"zz\r\n{}\r\n0\r\n\r\n",
    "missing terminator": b"2\r\n{}XX0\r\n\r\n",
    "bad chunk extension": b"2;\x00bad\r\n{}\r\n0\r\n\r\n",
}


@pytest.mark.parametrize("name", list(BAD_CHUNKS))
def test_malformed_chunked_bodies_are_400_not_500(live: Server, name: str) -> None:
    before = metric_total(live, "igisoro_http_requests_total", 'status="500"')
    conn = Conn(live, timeout=10)
    try:
        raw = request("POST", "/v1/positions/validate", headers=CHUNKED)
        got, headers, body = conn.exchange(raw.replace(b"Content-Length: 0\r\n", b"") + BAD_CHUNKS[name])
    finally:
        conn.close()
    assert got == 400, body
    assert headers["content-type"] == "application/problem+json"
    assert json.loads(body)["type"] == "urn:igisoro:problem:malformed-body"
    assert metric_total(live, "igisoro_http_requests_total", 'status="500"') == before


@pytest.mark.parametrize("framing", ["length", "chunked"])
def test_a_body_cut_short_is_400_not_500(live: Server, framing: str) -> None:
    before = metric_total(live, "igisoro_http_requests_total", 'status="500"')
    sock = live.connect(timeout=10)
    try:
        if framing == "length":
            head = request("POST", "/v1/positions/validate", b"", {**JSON, "Content-Length": "100"})
            body = b'{"position": '
        else:
            head = request("POST", "/v1/positions/validate", headers=CHUNKED)
            body = b'40\r\n{"position": '
        sock.sendall(head.replace(b"Content-Length: 0\r\n", b"") + body)
        sock.shutdown(socket.SHUT_WR)  # the client is gone mid-body
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert metric_total(live, "igisoro_http_requests_total", 'status="500"') == before


def test_metrics_sum_every_worker(live: Server) -> None:
    """With two workers and the multiprocess directory (as serve.sh sets it),
    /metrics counts requests of both, so a counter only grows."""
    seen = []
    for _ in range(6):
        with urllib.request.urlopen(live.url + "/v1/health/live", timeout=10):
            pass
        seen.append(metric_total(live, "igisoro_http_requests_total", 'endpoint="/v1/health/live"'))
    assert seen == sorted(seen) and seen[-1] >= 6, seen


def test_serve_script_sets_a_metrics_directory() -> None:
    from igisoro_testing.servers import ROOT

    assert "PROMETHEUS_MULTIPROC_DIR" in (ROOT / "scripts" / "serve.sh").read_text()


def post_json(server: Server, path: str, raw: bytes, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = Conn(server, timeout=30)
    try:
        return conn.exchange(request("POST", path, raw, {**JSON, **(headers or {})}))
    finally:
        conn.close()


def test_contract_fixes_hold_on_the_real_server(live: Server) -> None:
    """Defects 4, 6 and 7 of issue 17 through gunicorn, not only the test client."""
    reported = "igisoro 2,0,1,2,3,0,3,6/3,0,4,1,2,1,2,7/0,2,3,1,6,2,0,1/1,0,0,1,3,1,1,5 n"
    for _ in range(5):  # a move at the smallest budget
        status, _, body = post_json(live, "/v1/best-move",
                                    json.dumps({"position": reported, "level": 10, "time_ms": 1}).encode())
        assert status == 200 and json.loads(body)["best_move"] is not None
    # A null in a batch is an error entry, the rest analysed.
    status, _, body = post_json(live, "/v1/analysis/batch",
                                json.dumps({"positions": [None, START], "depth": 1}).encode())
    results = json.loads(body)["results"]
    assert status == 200 and "error" in results[0] and results[1]["best_move"]
    # Duplicate keys: 400 naming the key.
    status, headers, body = post_json(live, "/v1/positions/validate",
                                      b'{"position": "%s", "position": "x"}' % START.encode())
    assert status == 400 and "'position'" in json.loads(body)["detail"]
    assert int(headers["content-length"]) == len(body)
    # /v1/docs/ redirects to the page.
    conn = Conn(live, timeout=10)
    try:
        status, headers, _ = conn.exchange(request("GET", "/v1/docs/"))
        assert status == 308 and headers["location"].endswith("/v1/docs")
    finally:
        conn.close()
