"""The cache of analyses as deployed (issue 32): gunicorn's workers share
it (the SQLite file of the embedded default), so an analysis one worker
stored is answered by all, through ``GET /v1/cloud-eval`` and ``cached``
evaluations."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request

from igisoro_testing.servers import Server

POSITION = "ikibuguzo-2 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s opening=16 capture=optional"


def call(server: Server, path: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server.url + path, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_every_worker_answers_what_one_stored(live: Server) -> None:
    query = "/v1/cloud-eval?" + urllib.parse.urlencode({"position": POSITION})
    status, _ = call(live, query)
    assert status == 404
    status, first = call(live, "/v1/evaluate", {"position": POSITION, "depth": 4})
    assert status == 200 and first["cached"] is False
    for _ in range(12):  # new connections each, spread over the two workers
        status, got = call(live, query)
        assert status == 200 and got["depth"] == 4 and got["best_move"] == first["best_move"], got
        status, again = call(live, "/v1/evaluate", {"position": POSITION, "depth": 3})
        assert status == 200 and again["cached"] is True
