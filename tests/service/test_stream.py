"""``POST /v1/evaluate/stream`` through Flask's test client (issue 32): a
line per completed depth, one final line equal to ``/v1/evaluate``'s answer,
errors before the first line as problem+json, and the search slot held for
the stream's life. The deployed behaviour (first line before the search
ends, a client that goes away) is in tests/deploy/test_stream_deployed.py."""

from __future__ import annotations

import json

import igisoro

from igisoro_testing.positions import START

DROP = ("time_ms", "final", "nodes_per_second")


def lines(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.splitlines()]


def test_a_line_per_depth_then_the_evaluation(client):
    r = client.post("/v1/evaluate/stream", json={"position": START, "depth": 5, "multipv": 2})
    assert r.status_code == 200 and r.mimetype == "application/x-ndjson"
    assert r.headers["X-Accel-Buffering"] == "no"
    got = lines(r.data)
    assert [x["depth"] for x in got] == [1, 2, 3, 4, 5, 5]
    assert [x["final"] for x in got] == [False] * 5 + [True]
    assert all(len(x["lines"]) == 2 and x["stopped_by"] == "depth" for x in got)
    assert not any(x["cached"] for x in got)
    # The completed stream was stored: /v1/evaluate answers it from the cache.
    evaluated = client.post("/v1/evaluate", json={"position": START, "depth": 5, "multipv": 2}).json
    assert evaluated["cached"] is True
    drop = (*DROP, "cached")
    assert {k: v for k, v in got[-1].items() if k not in drop} == {k: v for k, v in evaluated.items() if k not in drop}
    # And without the cache, the same search answers the same.
    searched = igisoro.Position.from_notation(START).analyse(depth=5, multipv=2).to_json()
    assert {k: v for k, v in got[-1].items() if k in searched and k != "time_ms"} == {
        k: v for k, v in searched.items() if k != "time_ms"}


def test_min_interval_skips_depths_but_never_the_final_line(client):
    got = lines(client.post("/v1/evaluate/stream",
                            json={"position": START, "time_ms": 400, "min_interval_ms": 60_000}).data)
    assert [x["final"] for x in got] == [False, True]
    assert got[0]["depth"] == 1 and got[1]["depth"] > 1 and got[1]["stopped_by"] == "time"


def test_errors_come_before_the_stream_as_problems(client, unexpected_errors):
    for body, status in (({"position": START, "depth": 1000}, 422), ({"position": "igisoro nope"}, 422),
                         ({"position": START, "min_interval_ms": -1}, 422), ({"depth": 3}, 422)):
        r = client.post("/v1/evaluate/stream", json=body)
        assert r.status_code == status and r.mimetype == "application/problem+json", (body, r.data)
    assert not unexpected_errors


def test_the_stream_holds_a_search_slot(app, client):
    """While a stream runs, it holds one of the worker's search slots; with
    them all taken a stream is refused with 503 ``overloaded``, and a closed
    stream gives its slot back."""
    slots = app.extensions["igisoro_search_slots"]
    held = [client.post("/v1/evaluate/stream", json={"position": START, "depth": 20}, buffered=False)
            for _ in range(app.config["MAX_CONCURRENT_SEARCHES"])]
    try:
        assert all(r.status_code == 200 for r in held)
        r = client.post("/v1/evaluate/stream", json={"position": START, "depth": 3})
        assert r.status_code == 503 and r.json["type"] == "urn:igisoro:problem:overloaded"
    finally:
        for r in held:
            r.close()
    assert slots.acquire(blocking=False)
    slots.release()
    assert client.post("/v1/evaluate/stream", json={"position": START, "depth": 2}).status_code == 200
