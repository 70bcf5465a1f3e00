"""A job warms the shared cache of analyses (issue 32): two API processes
(gunicorn) and a Celery worker, all pointed at one Redis; a job submitted
through one API is searched by the worker, and the other API then answers
the same positions and the game's plies from the cache without searching."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import igisoro

from igisoro_testing.client import call, results, wait_state
from igisoro_testing.positions import random_positions
from igisoro_testing.servers import Backend, stop

START = igisoro.Position.start("igisoro")


def _post(server, path, body):  # type: ignore[no-untyped-def]
    status, _, raw = call(server, "POST", path, body)
    assert status in (200, 202), raw
    return json.loads(raw)


def test_a_job_warms_what_the_other_api_answers(redis_backend: Backend) -> None:
    # (Games still on: a finished game has no search to store, so no answer
    # to warm; the analysis cache keeps searches only.)
    positions = sorted(p for p in set(random_positions(12, seed=41))
                       if igisoro.Position.from_notation(p).status().state == "ongoing")
    assert len(positions) >= 8
    game = [str(m) for m in START.analyse(depth=2).pv[:1]]
    pos = START.play(game[0]).position
    for _ in range(5):
        m = pos.analyse(depth=1).best_move
        assert m is not None
        game.append(m)
        pos = pos.play(m).position
    redis_backend.worker("w1")
    api_a, a = redis_backend.api()
    api_b, b = redis_backend.api()
    try:
        # Nothing stored yet: the other API would have to search.
        assert call(b, "GET", "/v1/cloud-eval?" + urlencode({"position": positions[0]}))[0] == 404
        for body in ({"kind": "positions", "positions": positions, "depth": 4},
                     {"kind": "games", "games": [{"position": START.notation(), "moves": game}], "depth": 3}):
            job = _post(a, "/v1/jobs", body)
            assert wait_state(a, job["id"], ("done", "failed"))["state"] == "done"
            lines = results(a, job["id"])
            assert not any(ln.get("cached") for ln in lines)
            if body["kind"] == "positions":
                searched = {ln["position"]: ln for ln in lines}
            else:
                reviewed = lines[0]
        for p in positions:
            got = _post(b, "/v1/evaluate", {"position": p, "depth": 4})
            assert got["cached"] is True, p
            assert {k: got[k] for k in ("best_move", "score", "nodes")} == {
                k: searched[got["position"]][k] for k in ("best_move", "score", "nodes")}
        review = _post(b, "/v1/games/review", {"position": START.notation(), "moves": game, "depth": 3})
        assert review["cached_plies"] == len(game)
        assert review["plies"] == reviewed["plies"]
        # And a second job is answered from what the first stored.
        again = _post(b, "/v1/jobs", {"kind": "positions", "positions": positions, "depth": 3})
        assert wait_state(b, again["id"], ("done", "failed"))["state"] == "done"
        second = results(b, again["id"])
        # The entries the first job stored, deeper than asked (or proven sooner).
        assert all(ln["cached"] and (ln["depth"] == 4 or ln["stopped_by"] == "proven") for ln in second)
    finally:
        stop(api_a)
        stop(api_b)
