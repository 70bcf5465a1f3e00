"""The puzzle store: add puzzles, pick the next one for a solver, record a
rated attempt (:mod:`igisoro_service.puzzles.ratings`), on the database
:mod:`igisoro_service.puzzles.db` opens."""

from __future__ import annotations

import json
import random
import secrets as _random
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, Row, and_, exists, func, insert, select, union_all, update
from sqlalchemy.dialects import postgresql, sqlite

from igisoro.puzzles import Puzzle
from igisoro_service.puzzles import db
from igisoro_service.puzzles.ratings import START_RD, START_VOL, Rating, rate
from igisoro_service.puzzles.tables import attempts, puzzles, secrets, solvers

#: Puzzles read on each side of the wanted rating; the next one is drawn
#: from the nearest of them, so two requests do not always get the same.
_NEAR = 6


@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle as stored, with its current rating and counts."""

    puzzle: Puzzle
    rating: Rating
    attempts: int
    solved: int

    def to_json(self, solution: bool) -> dict[str, Any]:
        """The API's view: the line only with ``solution``."""
        p = self.puzzle
        out: dict[str, Any] = {
            "id": p.id, "variant": p.variant, "position": p.position, "rules": p.rules, "to_move": p.to_move,
            "turns": p.turns, "themes": list(p.themes),
            "rating": round(self.rating.rating), "rating_deviation": round(self.rating.rd),
            "attempts": self.attempts, "solved": self.solved,
            "proof_nodes": p.proof_nodes, "tempting": p.tempting,
        }
        if solution:
            out["solution"] = list(p.line)
        return out


@dataclass(frozen=True)
class Rated:
    """What one attempt did to both ratings (``rated`` False: a repeated
    attempt by the same solver, which changes nothing)."""

    rated: bool
    solver_before: Rating
    solver_after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


def _row_puzzle(r: Row[Any]) -> StoredPuzzle:
    p = Puzzle(position=r.position, variant=r.variant, rules=json.loads(r.rules), to_move=r.to_move,
               line=tuple(json.loads(r.line)), proof_nodes=r.proof_nodes, proof_positions=r.proof_positions,
               moves=r.moves, tempting=r.tempting, themes=tuple(t for t in r.themes.split(",") if t),
               rating=r.rating, source=r.source, id=r.id)
    return StoredPuzzle(p, Rating(r.rating, r.rd, r.vol), r.attempts, r.solved)


def _row(p: Puzzle, now: float) -> dict[str, Any]:
    return {"id": p.id, "variant": p.variant, "position": p.position, "rules": json.dumps(p.rules, sort_keys=True),
            "to_move": p.to_move, "line": json.dumps(list(p.line)), "turns": p.turns, "proof_nodes": p.proof_nodes,
            "proof_positions": p.proof_positions, "moves": p.moves, "tempting": p.tempting,
            "themes": "," + ",".join(p.themes) + ",", "source": p.source, "rating": p.rating, "rd": START_RD,
            "vol": START_VOL, "attempts": 0, "solved": 0, "created": now}


class PuzzleStore:
    """Puzzles, solvers and attempts in one database (``url``: SQLAlchemy's
    form; see :func:`igisoro_service.puzzles.db.database_url`).

    Opening migrates the schema and, with ``starter``, loads that file of
    puzzles (JSONL, gzip) into a database that has none."""

    def __init__(self, url: str, starter: str | None = None) -> None:
        self.url = url
        self.engine: Engine = db.make_engine(url)
        self._secrets: dict[str, str] = {}
        self._secrets_lock = threading.Lock()
        with db.writing(self.engine) as conn:
            db.lock_migrations(conn)
            db.migrate(conn)
            if starter is not None and conn.execute(select(func.count()).select_from(puzzles)).scalar_one() == 0:
                from igisoro_service.puzzles.starter import read_starter

                self._insert(conn, read_starter(starter))

    def secret(self, name: str) -> str:
        """The secret ``name`` (64 hex digits), made at random the first
        time any process asks and kept in the database, so every worker and
        replica on it reads the same (a second maker's insert is ignored,
        and it reads the first one's)."""
        with self._secrets_lock:
            if name not in self._secrets:
                with db.writing(self.engine) as conn:
                    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
                    conn.execute(dialect.insert(secrets).values(name=name, value=_random.token_hex(32))
                                 .on_conflict_do_nothing(index_elements=["name"]))
                    self._secrets[name] = str(conn.execute(
                        select(secrets.c.value).where(secrets.c.name == name)).scalar_one())
            return self._secrets[name]

    def close(self) -> None:
        """Release the database's connections."""
        self.engine.dispose()

    def _insert(self, conn: Any, items: Iterable[Puzzle]) -> int:
        now = time.time()
        rows = [_row(p, now) for p in items]
        if not rows:
            return 0
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        # One statement compiled once, sent as batched many-row inserts
        # (SQLAlchemy's insertmanyvalues); RETURNING counts the new rows, as
        # psycopg reports no row count for them.
        stmt = dialect.insert(puzzles).on_conflict_do_nothing(index_elements=["id"]).returning(puzzles.c.id)
        return len(conn.execute(stmt, rows).all())

    def add(self, items: Iterable[Puzzle]) -> int:
        """Store puzzles; one already stored (same id) is kept as it is.
        Returns how many were new."""
        with db.writing(self.engine) as conn:
            return self._insert(conn, items)

    def count(self, variant: str | None = None) -> int:
        """Puzzles stored (of ``variant``)."""
        q = select(func.count()).select_from(puzzles)
        if variant:
            q = q.where(puzzles.c.variant == variant)
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar_one())

    def counts(self) -> dict[str, int]:
        """Puzzles stored per variant."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(puzzles.c.variant, func.count()).group_by(puzzles.c.variant)).all()
        return {str(v): int(n) for v, n in rows}

    def get(self, puzzle_id: str) -> StoredPuzzle | None:
        """The puzzle ``puzzle_id``, or None."""
        with self.engine.connect() as conn:
            r = conn.execute(select(puzzles).where(puzzles.c.id == puzzle_id)).first()
        return None if r is None else _row_puzzle(r)

    def solver(self, solver_id: str) -> Rating:
        """A solver's rating (a new solver's when it has none yet)."""
        with self.engine.connect() as conn:
            r = conn.execute(select(solvers).where(solvers.c.id == solver_id)).first()
        return Rating() if r is None else Rating(r.rating, r.rd, r.vol)

    def attempted(self, solver_id: str, puzzle_id: str) -> bool:
        """Whether the solver has a rated attempt at the puzzle."""
        with self.engine.connect() as conn:
            r = conn.execute(select(attempts.c.correct).where(
                and_(attempts.c.solver_id == solver_id, attempts.c.puzzle_id == puzzle_id))).first()
        return r is not None

    def next(self, rating: float, variant: str | None = None, theme: str | None = None,
             solver_id: str | None = None, rng: random.Random | None = None) -> StoredPuzzle | None:
        """A puzzle rated near ``rating`` that ``solver_id`` has not attempted
        (of ``variant``, with ``theme``), or None when none is left."""
        return self.pick(solver_id, rating, variant, theme, rng)[1]

    def pick(self, solver_id: str | None, rating: float | None = None, variant: str | None = None,
             theme: str | None = None, rng: random.Random | None = None) -> tuple[Rating, StoredPuzzle | None]:
        """The solver's rating and a puzzle near ``rating`` (default: the
        solver's) it has not attempted, as :meth:`next`, on one connection.

        One round trip for the puzzles: the nearest few at or above the
        rating and the nearest few below (two index range reads on
        ``variant, rating``, in one ``UNION ALL``), then one of the closer
        half drawn at random."""
        conds = []
        if variant:
            conds.append(puzzles.c.variant == variant)
        if theme:
            conds.append(puzzles.c.themes.contains(f",{theme},", autoescape=True))
        if solver_id:
            conds.append(~exists().where(and_(attempts.c.solver_id == solver_id,
                                               attempts.c.puzzle_id == puzzles.c.id)))
        with self.engine.connect() as conn:
            me = Rating()
            if solver_id is not None:
                r = conn.execute(select(solvers.c.rating, solvers.c.rd, solvers.c.vol)
                                 .where(solvers.c.id == solver_id)).first()
                if r is not None:
                    me = Rating(r.rating, r.rd, r.vol)
            want = me.rating if rating is None else rating
            base = select(puzzles).where(*conds)
            above = base.where(puzzles.c.rating >= want).order_by(puzzles.c.rating.asc()).limit(_NEAR).subquery()
            below = base.where(puzzles.c.rating < want).order_by(puzzles.c.rating.desc()).limit(_NEAR).subquery()
            rows = list(conn.execute(union_all(select(above), select(below))))
        if not rows:
            return me, None
        rows.sort(key=lambda r: abs(r.rating - want))
        pick = (rng or random).choice(rows[:max(1, len(rows) // 2)])
        return me, _row_puzzle(pick)

    def attempt(self, puzzle_id: str, solver_id: str, solved: bool) -> Rated | None:
        """Record an attempt and update both ratings in one transaction, or
        None when the puzzle does not exist.

        The solver's row and then the puzzle's are locked before they are
        read (PostgreSQL ``FOR UPDATE``; SQLite ``BEGIN IMMEDIATE``), always
        in that order, so attempts at one puzzle, or by one solver, run one
        after the other and none is lost. A solver's second attempt at a
        puzzle is not rated. Only a solver the server trusts is rated (an
        API key, or a solver id it issued): the views record no anonymous
        attempt (issue 40: invented ids moved ratings at will)."""
        now = time.time()
        with db.writing(self.engine) as conn:
            pg = conn.dialect.name == "postgresql"
            me = Rating()
            ins = (postgresql if pg else sqlite).insert(solvers).values(
                id=solver_id, rating=me.rating, rd=me.rd, vol=me.vol, attempts=0, solved=0
            ).on_conflict_do_nothing(index_elements=["id"])
            conn.execute(ins)
            s = conn.execute(select(solvers).where(solvers.c.id == solver_id).with_for_update()).one()
            me = Rating(s.rating, s.rd, s.vol)
            p = conn.execute(select(puzzles.c.rating, puzzles.c.rd, puzzles.c.vol)
                             .where(puzzles.c.id == puzzle_id).with_for_update()).first()
            if p is None:
                return None
            it = Rating(p.rating, p.rd, p.vol)
            if conn.execute(select(attempts.c.correct).where(
                    and_(attempts.c.solver_id == solver_id, attempts.c.puzzle_id == puzzle_id))).first() is not None:
                return Rated(False, me, me, it, it)
            me2, it2 = rate(me, it, solved)
            conn.execute(update(puzzles).where(puzzles.c.id == puzzle_id).values(
                rating=it2.rating, rd=it2.rd, vol=it2.vol, attempts=puzzles.c.attempts + 1,
                solved=puzzles.c.solved + int(solved)))
            conn.execute(update(solvers).where(solvers.c.id == solver_id).values(
                rating=me2.rating, rd=me2.rd, vol=me2.vol, attempts=solvers.c.attempts + 1,
                solved=solvers.c.solved + int(solved)))
            conn.execute(insert(attempts).values(
                solver_id=solver_id, puzzle_id=puzzle_id, correct=solved, puzzle_before=it.rating,
                puzzle_after=it2.rating, solver_before=me.rating, solver_after=me2.rating, created=now))
            return Rated(True, me, me2, it, it2)
