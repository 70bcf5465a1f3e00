"""The puzzle store on real SQLite and a real PostgreSQL server: migrations,
the starter load, picking the next puzzle, Glicko-2 updates, and parallel
attempts that must not lose an update."""

from __future__ import annotations

import gzip
import json
import threading
from pathlib import Path

from sqlalchemy import inspect, select

from igisoro.puzzles import Puzzle
from igisoro_service.puzzles.db import database_url as configured_url
from igisoro_service.puzzles.ratings import Rating, rate
from igisoro_service.puzzles.store import PuzzleStore
from igisoro_service.puzzles.tables import attempts, metadata


def puzzle(i: int, rating: float, variant: str = "isolo", themes: tuple[str, ...] = ("capture", "one-turn")) -> Puzzle:
    """A stored puzzle's record (the store does not re-prove; the generator did)."""
    return Puzzle(position=f"isolo {i},2,2,2/2,2,2,2 s", variant=variant, rules={"holes": 4}, to_move="south",
                  line=("a1",), proof_nodes=10 + i, proof_positions=3, moves=4, tempting=0, themes=themes,
                  rating=rating, source=f"test:{i}")


def test_migrations_make_the_tables_the_code_uses(database_url: str) -> None:
    store = PuzzleStore(database_url)
    try:
        insp = inspect(store.engine)
        for table in metadata.tables.values():
            assert {c["name"] for c in insp.get_columns(table.name)} == {c.name for c in table.columns}
        # Opening again finds the schema current and changes nothing.
        PuzzleStore(database_url).close()
    finally:
        store.close()


def test_next_picks_near_the_rating_unseen_with_the_theme(database_url: str) -> None:
    store = PuzzleStore(database_url)
    try:
        assert store.add([puzzle(i, 1000 + 100 * i) for i in range(10)]) == 10
        assert store.add([puzzle(3, 5000)]) == 0  # already there: kept as it was
        assert store.add([puzzle(20, 1500, variant="ikibuguzo-1", themes=("relay",))]) == 1
        assert store.counts() == {"isolo": 10, "ikibuguzo-1": 1}
        got = store.next(1500, variant="isolo")
        assert got is not None and got.puzzle.variant == "isolo" and abs(got.rating.rating - 1500) <= 300
        assert store.next(1500, theme="relay").puzzle.variant == "ikibuguzo-1"  # type: ignore[union-attr]
        assert store.next(1500, variant="isolo", theme="relay") is None
        assert store.next(1500, theme="capt") is None  # a theme is matched whole
        seen = set()
        for _ in range(10):
            n = store.next(1500, variant="isolo", solver_id="s1")
            assert n is not None and n.puzzle.id not in seen
            seen.add(n.puzzle.id)
            assert store.attempt(n.puzzle.id, "s1", True) is not None
        assert store.next(1500, variant="isolo", solver_id="s1") is None
        assert store.get("nope") is None and store.attempt("nope", "s1", True) is None
    finally:
        store.close()


def test_an_attempt_moves_both_ratings_by_glicko2_once(database_url: str) -> None:
    store = PuzzleStore(database_url)
    try:
        p = puzzle(1, 1700)
        store.add([p])
        r = store.attempt(p.id, "s1", True)
        assert r is not None and r.rated
        want_solver, want_puzzle = rate(Rating(), Rating(1700), True)
        assert abs(r.solver_after.rating - want_solver.rating) < 1e-6 and r.solver_after.rating > 1500
        assert abs(r.puzzle_after.rating - want_puzzle.rating) < 1e-6 and r.puzzle_after.rating < 1700
        again = store.attempt(p.id, "s1", False)
        assert again is not None and not again.rated and again.puzzle_after == r.puzzle_after
        stored = store.get(p.id)
        assert stored is not None and stored.attempts == 1 and stored.solved == 1
        assert store.solver("s1") == r.solver_after
        # The store rates only a solver (the views pass none for an anonymous
        # attempt, which they answer without rating: issue 40).
    finally:
        store.close()


def test_a_secret_is_made_once_and_shared_by_every_store_on_the_database(database_url: str) -> None:
    one, two = PuzzleStore(database_url), PuzzleStore(database_url)  # two workers' own connections
    try:
        key = one.secret("solver-key")
        assert len(key) == 64 and int(key, 16) >= 0
        assert two.secret("solver-key") == key and one.secret("other") != key
    finally:
        one.close()
        two.close()


def test_parallel_attempts_at_one_puzzle_lose_no_update(database_url: str) -> None:
    """16 clients, each with its own store (its own connections, as separate
    workers have), attempt one puzzle at once: every attempt is counted and
    each one's rating starts from the one before it (one chain, no fork)."""
    first = PuzzleStore(database_url)
    p = puzzle(1, 1500)
    first.add([p])
    clients = [PuzzleStore(database_url) for _ in range(16)]
    go = threading.Barrier(len(clients))
    errors: list[BaseException] = []

    def attempt(i: int) -> None:
        try:
            go.wait()
            for k in range(3):
                clients[i].attempt(p.id, f"solver-{i}-{k}", (i + k) % 2 == 0)
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == []
        stored = first.get(p.id)
        assert stored is not None and stored.attempts == 48
        with first.engine.connect() as conn:
            rows = conn.execute(select(attempts.c.puzzle_before, attempts.c.puzzle_after)).all()
        assert len(rows) == 48
        by_before = {b: a for b, a in rows}
        assert len(by_before) == 48  # two attempts from the same rating: one update was lost
        r = 1500.0
        for _ in range(48):
            r = by_before[r]
        assert r == stored.rating.rating
    finally:
        for c in [first, *clients]:
            c.close()


def test_the_starter_set_fills_an_empty_database_once(tmp_path: Path, database_url: str) -> None:
    path = tmp_path / "starter.jsonl.gz"
    with gzip.open(path, "wt") as f:
        for i in range(5):
            f.write(json.dumps(puzzle(i, 1500).to_json()) + "\n")
    store = PuzzleStore(database_url, starter=str(path))
    try:
        assert store.count() == 5
        store.add([puzzle(9, 1500)])
        PuzzleStore(database_url, starter=str(path)).close()  # not empty: not loaded again
        assert store.count() == 6
    finally:
        store.close()


def test_the_default_database_is_a_file_in_job_dir(tmp_path: Path) -> None:
    assert configured_url({"DATABASE_URL": "", "JOB_DIR": str(tmp_path)}) == f"sqlite:///{tmp_path / 'puzzles.sqlite3'}"
    assert configured_url({"DATABASE_URL": "postgres://u@h/d"}) == "postgresql+psycopg://u@h/d"


def test_processes_opening_a_new_database_at_once_migrate_and_load_it_once(tmp_path: Path, database_url: str) -> None:
    path = tmp_path / "starter.jsonl.gz"
    with gzip.open(path, "wt") as f:
        for i in range(5):
            f.write(json.dumps(puzzle(i, 1500).to_json()) + "\n")
    go = threading.Barrier(6)
    stores: list[PuzzleStore] = []
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            go.wait()
            stores.append(PuzzleStore(database_url, starter=str(path)))
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == [] and len(stores) == 6
        assert stores[0].count() == 5
    finally:
        for s in stores:
            s.close()
