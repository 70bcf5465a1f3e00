"""The cache of analyses and ``GET /v1/cloud-eval`` (issue 32): completed
fixed-depth analyses are stored, a deeper one replacing a shallower one;
a request whose limits an entry meets is answered from it (``cached``) with
the entry's own depth; ``/v1/cloud-eval`` answers the store or 404."""

from __future__ import annotations

import pytest

import igisoro
from igisoro_service import create_app
from igisoro_service.analysis_cache import AnalysisCache
from igisoro_service.analysis_cache.backends import SqliteStore

from igisoro_testing.positions import START

FR = "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"


def evaluate(client, **body):
    r = client.post("/v1/evaluate", json={"position": START, **body})
    assert r.status_code == 200, r.json
    return r.json


def test_an_entry_answers_what_it_meets_and_the_deepest_stays(client):
    assert client.get("/v1/cloud-eval", query_string={"position": START}).status_code == 404
    first = evaluate(client, depth=5)
    assert first["cached"] is False and first["depth"] == 5
    shallower = evaluate(client, depth=4)
    assert shallower["cached"] is True and shallower["depth"] == 5  # the entry's own depth
    assert shallower["limits"]["depth"] == 4
    assert {k: shallower[k] for k in ("best_move", "score", "pv", "nodes")} == {
        k: first[k] for k in ("best_move", "score", "pv", "nodes")}
    deeper = evaluate(client, depth=6)
    assert deeper["cached"] is False and deeper["depth"] == 6
    stored = client.get("/v1/cloud-eval", query_string={"position": START}).json
    assert stored["cached"] is True and stored["depth"] == 6 and stored["best_move"] == deeper["best_move"]
    # A shallower search does not replace it.
    evaluate(client, depth=2, multipv=1)
    assert client.get("/v1/cloud-eval", query_string={"position": START}).json["depth"] == 6


def test_node_and_time_limits(client):
    """Node- and time-limited searches are not stored (they stop inside an
    iteration); an entry with at least the nodes or time asked answers them."""
    timed = evaluate(client, time_ms=50)
    assert timed["cached"] is False
    assert client.get("/v1/cloud-eval", query_string={"position": START}).status_code == 404
    stored = evaluate(client, depth=6)
    again = evaluate(client, nodes=stored["nodes"])
    assert again["cached"] is True and again["depth"] == 6
    assert evaluate(client, nodes=stored["nodes"] + 1)["cached"] is False
    # Any one limit met is enough: the search would stop at the first.
    assert evaluate(client, depth=3, nodes=10**6)["cached"] is True


def test_keys_are_the_position_with_its_rules_and_multipv(client):
    evaluate(client, depth=3)
    assert evaluate(client, depth=3, multipv=2)["cached"] is False
    assert evaluate(client, depth=3, multipv=2)["cached"] is True
    other_rules = START + " capture=obligatory"
    r = client.post("/v1/evaluate", json={"position": other_rules, "depth": 3}).json
    assert r["cached"] is False
    assert client.get("/v1/cloud-eval", query_string={"position": FR}).status_code == 404
    bad = client.get("/v1/cloud-eval", query_string={"position": "igisoro nope"})
    assert bad.status_code == 422 and bad.mimetype == "application/problem+json"
    assert client.get("/v1/cloud-eval").status_code == 422


def test_a_cut_search_is_not_stored(tmp_path):
    cache = AnalysisCache(SqliteStore(tmp_path / "c.sqlite3"), memory_entries=4)
    p = igisoro.Position.from_notation(START)
    cut = p.analyse(time_ms=30)
    assert cut.stopped_by == "time"
    cache.put(p, 1, cut)
    assert cache.get(p, 1) is None
    cache.put(p, 1, p.analyse(depth=4))
    cache.put(p, 1, p.analyse(depth=2))
    assert cache.get(p, 1)["depth"] == 4
    # Another process (another cache on the same file) sees it, past its memory.
    other = AnalysisCache(SqliteStore(tmp_path / "c.sqlite3"), memory_entries=1)
    assert other.get(p, 1)["depth"] == 4


def test_a_stream_is_answered_from_the_cache(client):
    evaluate(client, depth=5)
    r = client.post("/v1/evaluate/stream", json={"position": START, "depth": 4})
    lines = r.data.splitlines()
    assert len(lines) == 1
    import json
    line = json.loads(lines[0])
    assert line["final"] is True and line["cached"] is True and line["depth"] == 5


def test_the_cache_can_be_off(tmp_path):
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "CACHE_URL": "off"})
    c = app.test_client()
    assert evaluate(c, depth=3)["cached"] is False
    assert evaluate(c, depth=3)["cached"] is False
    assert c.get("/v1/cloud-eval", query_string={"position": START}).status_code == 404
    with pytest.raises(ValueError, match="CACHE_URL"):
        create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "CACHE_URL": "redis-ish"})


def test_a_review_warms_the_cache(client):
    """Each reviewed ply's searches are stored: the position before the
    first move at the review's depth, and the reply after a move that was
    not the best one turn shallower."""
    r = client.post("/v1/games/review", json={"position": START, "moves": ["a2", "h3"], "depth": 3}).json
    first = client.get("/v1/cloud-eval", query_string={"position": START}).json
    assert first["cached"] is True and first["depth"] == 3
    assert first["best_move"] == r["plies"][0]["best_move"]
    assert evaluate(client, depth=3)["cached"] is True


def test_a_review_reads_the_plies_other_reviews_stored(client):
    """A game sharing its opening with one reviewed before takes those plies
    from the cache (``cached_plies``), searches only the rest, and answers
    exactly what a review without the cache answers."""
    moves = ["a2", "h3", "c2", "f3"]
    first = client.post("/v1/games/review", json={"position": START, "moves": moves[:3], "depth": 3}).json
    assert first["cached_plies"] == 0
    again = client.post("/v1/games/review", json={"position": START, "moves": moves, "depth": 3}).json
    assert again["cached_plies"] == 3
    plain = igisoro.review(igisoro.Position.from_notation(START), moves, depth=3).to_json()
    assert {k: v for k, v in again.items() if k not in ("cached_plies", "limits", "engine_version")} == plain
    # Another depth is another review: nothing to take.
    assert client.post("/v1/games/review", json={"position": START, "moves": moves, "depth": 2}).json[
        "cached_plies"] == 0


def test_a_batch_is_answered_from_and_warms_the_cache(client):
    """The batch's positions are stored; a later batch, evaluation or
    cloud-eval is answered from them."""
    other = "isolo 2,2,2,2/2,2,2,2 s"
    body = {"positions": [START, other], "depth": 3}
    first = client.post("/v1/analysis/batch", json=body).json
    assert [r["cached"] for r in first["results"]] == [False, False]
    again = client.post("/v1/analysis/batch", json=body).json
    assert [r["cached"] for r in again["results"]] == [True, True]
    assert [r["best_move"] for r in again["results"]] == [r["best_move"] for r in first["results"]]
    assert evaluate(client, depth=3)["cached"] is True
    assert client.get("/v1/cloud-eval", query_string={"position": other}).json["depth"] == 3


def best_move(client, **body):
    r = client.post("/v1/best-move", json={"position": START, **body})
    assert r.status_code == 200, r.json
    return r.json


def test_level_10_moves_are_kept_by_the_time_they_had(client):
    """A level-10 best move answers a later level-10 request with no more
    thinking time (any seed: level 10 takes none); more time searches again
    and replaces it. It never answers an evaluation: its value is the
    playing search's, not an analysis's."""
    first = best_move(client, level=10, time_ms=150)
    assert first["cached"] is False
    again = best_move(client, level=10, time_ms=100, seed=5)
    assert again["cached"] is True and again["best_move"] == first["best_move"]
    assert again["depth"] == first["depth"] and again["limits"]["time_ms"] == 100
    longer = best_move(client, level=10, time_ms=300)
    assert longer["cached"] is False
    assert best_move(client, level=10, time_ms=300)["depth"] == longer["depth"]
    assert best_move(client, level=10, time_ms=150)["cached"] is True
    assert client.get("/v1/cloud-eval", query_string={"position": START}).status_code == 404
    assert best_move(client, level=3, time_ms=100)["cached"] is False  # levels 1-9 always search
    assert best_move(client, level=3, time_ms=100)["cached"] is False


def test_best_move_without_a_level_is_an_evaluation(client):
    assert best_move(client, depth=3)["cached"] is False
    assert evaluate(client, depth=3)["cached"] is True
    assert best_move(client, depth=2)["cached"] is True


def test_the_sqlite_file_keeps_at_most_its_cap(tmp_path):
    """Past ``CACHE_MAX_ENTRIES`` the oldest written go first (checked every
    ``min(256, cap)`` writes: 12 writes under a cap of 5 keep 7)."""
    cache = AnalysisCache(SqliteStore(tmp_path / "c.sqlite3", max_entries=5), memory_entries=1)
    p = igisoro.Position.from_notation(START)
    positions = [p]
    while len(positions) < 12:
        q = positions[-1].random_move(len(positions))
        assert q is not None
        positions.append(q)
    for q in positions:
        cache.put(q, 1, q.analyse(depth=1))
    import sqlite3

    kept = sqlite3.connect(tmp_path / "c.sqlite3").execute("SELECT COUNT(*) FROM analyses").fetchone()[0]
    assert kept == 7
    fresh = AnalysisCache(SqliteStore(tmp_path / "c.sqlite3", max_entries=5), memory_entries=1)
    assert fresh.get(positions[0], 1) is None and fresh.get(positions[-1], 1) is not None


def test_workers_opening_a_new_cache_file_at_once_all_start(tmp_path):
    """gunicorn's workers create the app together: each opens the (new)
    SQLite file and sets it up; none may fail because another holds the
    lock meanwhile (seen in CI: "database is locked" killed a worker's boot).
    The processes import first, then open the files together at a set time."""
    import subprocess
    import sys
    import time

    script = ("import sys, time; from igisoro_service.analysis_cache.backends import SqliteStore\n"
              "time.sleep(max(0.0, float(sys.argv[1]) - time.time()))\n"
              "for path in sys.argv[2:]:\n"
              "    SqliteStore(path).write('k', 1, 0, 0, 0, 'x')\n")
    paths = [str(tmp_path / f"race-{n}.sqlite3") for n in range(30)]
    at = time.time() + 3
    procs = [subprocess.Popen([sys.executable, "-c", script, str(at), *paths], stderr=subprocess.PIPE)
             for _ in range(8)]
    errors = [p.communicate()[1].decode() for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for e in errors if e][:1]
