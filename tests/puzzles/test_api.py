"""``/v1/puzzles`` on the real engine and real databases (SQLite and a
PostgreSQL server): next, get, attempts with ratings, parallel clients,
and generation as a job whose chunk the worker's code runs."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro import Position
from igisoro.puzzles import Puzzle, find_puzzle
from igisoro_service import create_app
from igisoro_service.api.jobs import _jobs
from igisoro_service.jobs.puzzle_chunks import run_puzzle_chunk, store as open_store

#: Two real puzzles (see test_generation.py): South's only winning move is g1.
ISOLO = "isolo 4,2,2,2,2,1,4/0,1,5,4,3,0,2 s"
IKIBUGUZO = "ikibuguzo-2 2,3,1,3,1,3,2,3/10,8,0,1,0,2,0,1/2,0,2,0,3,0,0,0/1,2,0,4,0,0,5,5 s"


def _found(notation: str) -> Puzzle:
    found = find_puzzle(Position.from_notation(notation))
    assert found.puzzle is not None
    return found.puzzle


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    return [_found(ISOLO), _found(IKIBUGUZO)]


@pytest.fixture
def app(database_url: str, tmp_path: Path, puzzles: list[Puzzle]) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "jobs"), "DATABASE_URL": database_url,
                      "PUZZLE_STARTER": False})
    with app.app_context():
        open_store(app.config).add(puzzles)
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _issue(c: FlaskClient, addr: str = "127.0.0.1") -> str:
    """A solver id the server issued (only those, and API keys, are rated)."""
    r = c.post("/v1/puzzles/solvers", environ_base={"REMOTE_ADDR": addr})
    assert r.status_code == 201 and r.json is not None, r.json
    return str(r.json["solver"])


def test_next_gives_a_puzzle_without_its_solution(client: FlaskClient, puzzles: list[Puzzle]) -> None:
    r = client.get(f"/v1/puzzles/next?variant=isolo&solver={_issue(client)}")
    assert r.status_code == 200, r.json
    body = r.json
    assert body is not None and body["id"] == puzzles[0].id and body["position"] == ISOLO
    assert "solution" not in body and body["to_move"] == "south" and body["solver"]["rating"] == 1500
    assert client.get("/v1/puzzles/next?theme=end-pits").json["variant"] == "ikibuguzo-2"  # type: ignore[index]
    r = client.get("/v1/puzzles/next?variant=igisoro")
    assert r.status_code == 404 and r.content_type == "application/problem+json"
    assert r.json["type"] == "urn:igisoro:problem:puzzle-not-found"  # type: ignore[index]
    for bad in ("variant=chess", "theme=mate", "rating=-5", "solver=x", "colour=red"):
        r = client.get(f"/v1/puzzles/next?{bad}")
        assert r.status_code == 422 and r.content_type == "application/problem+json", bad


def test_a_solved_attempt_rates_both_and_shows_the_solution(client: FlaskClient, puzzles: list[Puzzle]) -> None:
    pid = puzzles[0].id
    me = _issue(client)
    assert "solution" not in client.get(f"/v1/puzzles/{pid}?solver={me}").json  # type: ignore[operator]
    r = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"], "solver": me})
    assert r.status_code == 200, r.json
    a = r.json
    assert a is not None and a["result"] == "solved" and a["rated"] and a["solution"] == ["g1"]
    assert a["moves"] == [{"move": "g1", "correct": True, "reply": None}]
    assert a["solver_rating"]["change"] > 0 and a["puzzle_rating"]["change"] < 0
    seen = client.get(f"/v1/puzzles/{pid}?solver={me}").json
    assert seen is not None and seen["solution"] == ["g1"]
    # The solver's rating comes with a puzzle fetched by id too (a linked
    # puzzle shows it before any attempt on the page).
    assert seen["solver"]["rating"] == a["solver_rating"]["after"]
    assert client.get(f"/v1/puzzles/{pid}").json["solver"] is None  # type: ignore[index]
    again = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"], "solver": me}).json
    assert again is not None and again["result"] == "failed" and not again["rated"]
    assert again["puzzle_rating"]["change"] == 0
    # Seen: next does not give it to this solver again.
    nxt = client.get(f"/v1/puzzles/next?variant=isolo&solver={me}")
    assert nxt.status_code == 404


def test_a_wrong_move_fails_and_bad_attempts_are_problems(client: FlaskClient, puzzles: list[Puzzle]) -> None:
    pid = puzzles[0].id
    r = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"]})
    a = r.json
    assert r.status_code == 200 and a is not None and a["result"] == "failed"
    assert a["moves"] == [{"move": "b1", "correct": False}] and a["solver_rating"] is None
    # Anonymous: answered, not rated (issue 40).
    assert not a["rated"] and a["puzzle_rating"]["change"] == 0
    assert client.get(f"/v1/puzzles/{pid}?solution=true").json["solution"] == ["g1"]  # type: ignore[index]
    for body, status in (({"moves": ["a1"]}, 422), ({"moves": ["zz"]}, 422), ({"moves": []}, 422),
                         ({"moves": ["g1", "b1"]}, 422), ({}, 422), ({"moves": ["g1"], "x": 1}, 422)):
        r = client.post(f"/v1/puzzles/{pid}/attempts", json=body)
        assert r.status_code == status and r.content_type == "application/problem+json", body
    r = client.post("/v1/puzzles/0123456789ab/attempts", json={"moves": ["g1"]})
    assert r.status_code == 404 and r.json["type"] == "urn:igisoro:problem:puzzle-not-found"  # type: ignore[index]
    assert client.get("/v1/puzzles/0123456789ab").status_code == 404
    r = client.get("/v1/puzzles/nope")  # not an id: no such route
    assert r.status_code == 404 and r.content_type == "application/problem+json"
    assert client.get("/v1/puzzles/generate").status_code == 405


def test_parallel_clients_lose_no_rating_update(app: Flask, puzzles: list[Puzzle]) -> None:
    pid = puzzles[1].id
    before = app.test_client().get(f"/v1/puzzles/{pid}").json["attempts"]  # type: ignore[index]
    wrong = next(m.notation for m in Position.from_notation(IKIBUGUZO).legal_moves() if m.notation != "g1")
    results: list[int] = []
    # 24 solvers from 8 client addresses (ids are issued a few per address).
    ids = [[_issue(app.test_client(), f"10.0.0.{i}") for _ in range(3)] for i in range(8)]

    def solve(i: int) -> None:
        c = app.test_client()
        for k in range(3):
            r = c.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1" if k % 2 else wrong],
                                                             "solver": ids[i][k]})
            results.append(r.status_code)

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(200) == 24, results
    after = app.test_client().get(f"/v1/puzzles/{pid}").json
    assert after is not None and after["attempts"] == before + 24


def test_generate_is_a_puzzles_job_whose_chunks_store_checked_puzzles(app: Flask, client: FlaskClient) -> None:
    r = client.post("/v1/puzzles/generate", json={"variant": "isolo", "self_play": 2, "first_seed": 3})
    assert r.status_code == 202, r.json
    job = client.get(r.headers["Location"]).json
    assert job is not None and job["kind"] == "puzzles" and job["total"] == 2 and job["state"] == "queued"
    with app.app_context():
        jobs = _jobs()
        items: list[Any] = [json.loads(line) for n in range(2) for line in jobs.store.chunk(job["id"], n)]
        assert items == [{"variant": "isolo", "seed": 3}, {"variant": "isolo", "seed": 4}]
        lines = run_puzzle_chunk(items, {"nodes": 20_000}, 0, app.config)
        assert [ln["index"] for ln in lines] == [0, 1]
        ids = [pid for ln in lines for pid in ln["puzzles"]]
        assert ids and all(ln["candidates"] > 0 and not ln["partial"] for ln in lines)
        cut = run_puzzle_chunk(items[:1], {}, 0, {**app.config, "JOB_CHUNK_TIMEOUT": 1e-9})
        assert cut[0]["partial"] and cut[0]["candidates"] == 0
    for pid in ids:
        assert client.get(f"/v1/puzzles/{pid}").status_code == 200
    bad = run_puzzle_chunk([{"variant": "chess", "seed": 1}, {"nothing": 1}], {}, 5, app.config)
    assert [ln["index"] for ln in bad] == [5, 6] and all("error" in ln for ln in bad)
    assert bad[0]["error"]["type"] == "urn:igisoro:problem:unknown-variant"
    for body in ({"variant": "isolo"}, {"self_play": 2}, {"variant": "isolo", "self_play": 0},
                 {"variant": "isolo", "self_play": 10**6}, {"variant": "isolo", "self_play": 1, "games": []},
                 {"variant": "isolo", "self_play": 1, "nodes": 10**9}):
        r = client.post("/v1/puzzles/generate", json=body)
        assert r.status_code == 422 and r.content_type == "application/problem+json", body


def test_with_api_keys_the_key_is_the_solver(database_url: str, tmp_path: Path, puzzles: list[Puzzle]) -> None:
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "jobs"), "DATABASE_URL": database_url,
                      "PUZZLE_STARTER": False, "API_KEYS": ["k-one", "k-two"]})
    with app.app_context():
        open_store(app.config).add(puzzles)
    c = app.test_client()
    pid = puzzles[0].id
    assert c.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"]}).status_code == 401
    one = c.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"], "solver": "ignored-anon-id"},
                 headers={"X-API-Key": "k-one"}).json
    assert one is not None and one["rated"] and one["solver_rating"]["change"] > 0
    # The same key is the same solver whatever anonymous id it sends; another key is another solver.
    again = c.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"], "solver": "other-anon-id"},
                   headers={"X-API-Key": "k-one"}).json
    assert again is not None and not again["rated"]
    two = c.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"]}, headers={"X-API-Key": "k-two"}).json
    assert two is not None and two["rated"]
    assert "solution" in c.get(f"/v1/puzzles/{pid}", headers={"X-API-Key": "k-one"}).json  # type: ignore[operator]


def test_themes_are_named_in_the_answers_language(client: FlaskClient, puzzles: list[Puzzle]) -> None:
    from igisoro.puzzles import THEMES

    en = client.get(f"/v1/puzzles/{puzzles[0].id}").json
    fr = client.get(f"/v1/puzzles/{puzzles[0].id}?lang=fr").json
    assert en is not None and fr is not None
    assert en["themes"] == fr["themes"] and set(en["theme_names"]) == set(en["themes"])
    assert all(fr["theme_names"][t] != en["theme_names"][t] or t == "capture" for t in en["themes"])
    # Every theme has a name of its own in every language (a new theme must be named).
    from igisoro_service.puzzles.themes import theme_names

    for lang in ("en", "fr", "rw"):
        with client.application.test_request_context(f"/?lang={lang}"):
            names = theme_names(list(THEMES))
        assert len(set(names.values())) == len(THEMES) and not set(names.values()) & (set(THEMES) - {"capture"})


def test_an_unreachable_puzzle_database_is_503(tmp_path: Path) -> None:
    # igisoro_service.lazy_errors: SQLAlchemy's OperationalError, looked up
    # once the view raised (SQLAlchemy is imported only when a store opens).
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path),
                      "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/puzzles"})
    r = app.test_client().get("/v1/puzzles/next")
    assert r.status_code == 503 and r.content_type == "application/problem+json", r.get_data(as_text=True)
    assert r.json["type"] == "urn:igisoro:problem:puzzle-store-unavailable"  # type: ignore[index]


def test_an_ended_attempt_tells_the_solution_when_asked(client: FlaskClient, puzzles: list[Puzzle]) -> None:
    """``"explain": true``: once the attempt ends, the solution in words in
    the answer's language, with its facts (issue 43); not before, not unasked."""
    ikibuguzo = puzzles[1]
    line = list(ikibuguzo.line)
    plain = client.post(f"/v1/puzzles/{ikibuguzo.id}/attempts", json={"moves": [line[0]]}).json
    assert plain is not None and plain["result"] == "solved" and "explanation" not in plain
    r = client.post(f"/v1/puzzles/{ikibuguzo.id}/attempts?lang=fr", json={"moves": [line[0]], "explain": True})
    a = r.json
    assert a is not None and a["result"] == "solved", a
    told = a["explanation"]
    assert told["language"] == "fr" and r.headers["Content-Language"] == "fr"
    # The facts: the solution's moves in order, the first one South's from its start pit.
    assert [m["move"] for m in told["moves"]] == line
    first = told["moves"][0]
    assert first["side"] == "south" and first["pit"] == line[0].split("-")[0]
    assert any("Sud" in s for s in told["sentences"])
    # A failed attempt is told its solution too.
    wrong = client.post(f"/v1/puzzles/{puzzles[0].id}/attempts", json={"moves": ["b1"], "explain": True}).json
    assert wrong is not None and wrong["result"] == "failed"
    assert [m["move"] for m in wrong["explanation"]["moves"]] == ["g1"]
