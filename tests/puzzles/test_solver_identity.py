"""Who may move a puzzle's rating (issue 40, item 7).

On main d535229, 30 failed attempts sent with 30 invented solver ids raised
an Isolo puzzle from 1505 to 2164 (Flask client, fresh database): anyone
could rate. Now only a solver the server can trust is rated: an API key, or
a solver id the server issued (``POST /v1/puzzles/solvers``) and signed
with its secret; ids are issued a few per client address. Anonymous
attempts are answered (right or wrong) and not rated."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro import Position
from igisoro.puzzles import Puzzle, find_puzzle
from igisoro_service import create_app
from igisoro_service.jobs.puzzle_chunks import store as open_store

#: South's only winning move is g1 (as in test_api.py).
ISOLO = "isolo 4,2,2,2,2,1,4/0,1,5,4,3,0,2 s"


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    found = find_puzzle(Position.from_notation(ISOLO))
    assert found.puzzle is not None
    return found.puzzle


def _app(database_url: str, tmp_path: Path, puzzle: Puzzle, **config: object) -> Flask:
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "jobs"), "DATABASE_URL": database_url,
                      "PUZZLE_STARTER": False, **config})
    with app.app_context():
        open_store(app.config).add([puzzle])
    return app


@pytest.fixture
def client(database_url: str, tmp_path: Path, puzzle: Puzzle) -> Iterator[FlaskClient]:
    yield _app(database_url, tmp_path, puzzle).test_client()


def _rating(c: FlaskClient, pid: str) -> int:
    body = c.get(f"/v1/puzzles/{pid}").json
    assert body is not None
    return int(body["rating"])


def _issue(c: FlaskClient) -> str:
    r = c.post("/v1/puzzles/solvers")
    assert r.status_code == 201, r.json
    assert r.json is not None
    return str(r.json["solver"])


def test_invented_solver_ids_do_not_move_a_puzzles_rating(client: FlaskClient, puzzle: Puzzle) -> None:
    pid = puzzle.id
    before = _rating(client, pid)
    for i in range(30):
        r = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"], "solver": f"invented-{i:04d}"})
        a = r.json
        assert r.status_code == 200 and a is not None
        # Answered: it was wrong, and here is the solution; but not rated.
        assert a["result"] == "failed" and a["solution"] == ["g1"]
        assert not a["rated"] and a["solver_rating"] is None and a["puzzle_rating"]["change"] == 0
    assert _rating(client, pid) == before
    body = client.get(f"/v1/puzzles/{pid}").json
    assert body is not None and body["attempts"] == 0
    # No solver at all: answered, not rated either.
    a = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["g1"]}).json
    assert a is not None and a["result"] == "solved" and not a["rated"] and _rating(client, pid) == before


def test_an_issued_solver_id_is_rated_once_and_a_forged_one_is_not(client: FlaskClient, puzzle: Puzzle) -> None:
    pid = puzzle.id
    me = _issue(client)
    assert me != _issue(client)  # each call a new solver
    # Forged: a signature changed in its last digit, or an id with another's signature.
    forged = me[:-1] + ("0" if me[-1] != "0" else "1")
    a = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"], "solver": forged}).json
    assert a is not None and not a["rated"] and a["solver_rating"] is None
    r = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"], "solver": me}).json
    assert r is not None and r["rated"] and r["puzzle_rating"]["change"] > 0 and r["solver_rating"]["change"] < 0
    # The issued id is a solver: its rating comes with the puzzles it asks for.
    got = client.get(f"/v1/puzzles/{pid}?solver={me}").json
    assert got is not None and got["solver"]["rating"] == r["solver_rating"]["after"] and "solution" in got
    assert client.get(f"/v1/puzzles/{pid}?solver={forged}").json["solver"] is None  # type: ignore[index]
    again = client.post(f"/v1/puzzles/{pid}/attempts", json={"moves": ["b1"], "solver": me}).json
    assert again is not None and not again["rated"]


def test_solver_ids_are_issued_a_few_per_client(database_url: str, tmp_path: Path, puzzle: Puzzle) -> None:
    c = _app(database_url, tmp_path, puzzle, PUZZLE_SOLVERS_PER_HOUR=3).test_client()
    for _ in range(3):
        _issue(c)
    r = c.post("/v1/puzzles/solvers")
    assert r.status_code == 429 and r.content_type == "application/problem+json"
    assert r.json is not None and r.json["type"] == "urn:igisoro:problem:too-many-solvers"
    assert int(r.headers["Retry-After"]) > 0
    # Another client address is counted apart.
    assert c.post("/v1/puzzles/solvers", environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code == 201


def test_every_worker_of_a_server_trusts_the_ids_another_issued(database_url: str, tmp_path: Path,
                                                                 puzzle: Puzzle) -> None:
    # Two apps on one database stand for two gunicorn workers: without a
    # configured secret they share the one kept in the puzzle database.
    one = _app(database_url, tmp_path, puzzle).test_client()
    two = _app(database_url, tmp_path, puzzle).test_client()
    me = _issue(one)
    a = two.post(f"/v1/puzzles/{puzzle.id}/attempts", json={"moves": ["g1"], "solver": me}).json
    assert a is not None and a["rated"]
    # A configured secret is used instead, so its ids differ from the stored secret's.
    other = _app(database_url, tmp_path, puzzle, PUZZLE_SOLVER_SECRET="s" * 32).test_client()
    b = other.post(f"/v1/puzzles/{puzzle.id}/attempts", json={"moves": ["g1"], "solver": _issue(two)}).json
    assert b is not None and not b["rated"]
    c = other.post(f"/v1/puzzles/{puzzle.id}/attempts", json={"moves": ["g1"], "solver": _issue(other)}).json
    assert c is not None and c["rated"]
