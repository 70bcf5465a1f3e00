"""A learner's move that spells a choice of the defender's (issue 40, item 7).

Inside a 4x8 turn the opponent decides whether to retreat (``r``/``n``).
Those choices are the server's: the learner's own decisions are taken, and
the defender answers as the proof does. On starter puzzle ``d6885f625570``
(South's one winning move ``e1-p-r-x-x``) a learner who sent
``e1-p-n-x-x-ccw`` chose ``e1``, ``p``, then ``x``, ``x``: the winning
decisions, with North's retreat written in. It was judged ``failed``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from igisoro import Position
from igisoro.puzzles import Puzzle
from igisoro.puzzles.decisions import answered
from igisoro_service import create_app
from igisoro_service.jobs.puzzle_chunks import store as open_store
from igisoro_service.puzzles.starter import read_starter

PUZZLE_ID = "d6885f625570"


@pytest.fixture(scope="module")
def puzzle() -> Puzzle:
    return next(p for p in read_starter() if p.id == PUZZLE_ID)


@pytest.fixture
def app(tmp_path: Path, puzzle: Puzzle) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "jobs"), "PUZZLE_STARTER": False,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'puzzles.sqlite3'}"})
    with app.app_context():
        open_store(app.config).add([puzzle])
    yield app


def test_the_defenders_choice_is_answered_as_the_proof_does(puzzle: Puzzle) -> None:
    pos = Position.from_notation(puzzle.position)
    assert puzzle.line == ("e1-p-r-x-x",)
    # North's n is replaced by the proof's r; South's x, x follow; the ccw
    # the learner gave for the branch that did not happen is not needed.
    assert answered(pos, "e1-p-n-x-x-ccw", "e1-p-r-x-x") == "e1-p-r-x-x"
    assert answered(pos, "e1-p-r-x-x", "e1-p-r-x-x") == "e1-p-r-x-x"
    # The learner's own decisions still decide: p where x wins is another move.
    assert answered(pos, "e1-p-n-p-n", "e1-p-r-x-x") == "e1-p-r-p-n"
    assert answered(pos, "e1-x", "e1-p-r-x-x") == "e1-x"


def test_an_attempt_that_spells_the_defenders_choice_is_judged_on_the_learners(app: Flask) -> None:
    c = app.test_client()
    r = c.post(f"/v1/puzzles/{PUZZLE_ID}/attempts", json={"moves": ["e1-p-n-x-x-ccw"]})
    assert r.status_code == 200, r.json
    a = r.json
    assert a is not None and a["result"] == "solved", a
    assert a["moves"] == [{"move": "e1-p-n-x-x-ccw", "correct": True, "reply": None}]
    wrong = c.post(f"/v1/puzzles/{PUZZLE_ID}/attempts", json={"moves": ["e1-p-n-p-n"]}).json
    assert wrong is not None and wrong["result"] == "failed"
