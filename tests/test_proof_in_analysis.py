"""Proofs inside analyses (issue 41, target 4) through the library: an
analysis with ``time_ms`` gives the solver a share of it first, and a proof
its check confirms is the answer, ``stopped_by == "solved"``; depth-limited
analyses never call the solver. The positions are records of the reference
set (``bench/data/refset/igisoro.jsonl``) the solver proves in milliseconds.
"""

from __future__ import annotations

import igisoro

#: The solved analyses' budget: their solver's share (a fifth, 1 s) is a
#: hundred times what these proofs take on an idle machine (about 10 ms),
#: so a loaded machine still proves them; a solved analysis returns as soon
#: as its proof is checked, so the budget costs nothing when it works.
#: (1 s, a 200 ms share, once ran out in the suite's parallel phase.)
SOLVED_MS = 5000

#: ``igisoro/g6/middle``: North to move wins (the solver: 244 expansions).
WIN = "igisoro 3,3,1,5,6,1,3,0/3,1,0,1,5,2,3,4/0,0,0,0,6,1,3,2/0,0,2,5,0,2,0,2 n"
#: ``igisoro/g2/middle``: North to move loses whatever it does.
LOSS = "igisoro 0,1,0,0,1,1,0,2/0,0,0,0,0,0,1,0/2,0,1,13,2,3,4,0/6,1,12,4,3,1,2,4 n"


def test_a_timed_analysis_answers_with_the_solvers_proof() -> None:
    p = igisoro.Position.from_notation(WIN)
    a = p.analyse(time_ms=SOLVED_MS)
    assert a.stopped_by == "solved" and not a.partial
    assert a.score.type == "win" and a.score.turns is not None and a.score.turns >= 1
    assert a.win_probability == 1.0
    assert a.best_move == a.pv[0] and len(a.lines) == 1 and a.lines[0].pv == a.pv
    # The proof's move keeps the win: the position after it is proven lost
    # for its side to move (the other side).
    after = p.play(a.best_move).position
    assert after.solve(nodes=100_000).outcome == "loss"
    assert a.to_json()["stopped_by"] == "solved"


def test_a_proven_loss_and_multipv() -> None:
    a = igisoro.Position.from_notation(LOSS).analyse(time_ms=SOLVED_MS, multipv=3)
    assert a.stopped_by == "solved" and a.score.type == "loss" and a.win_probability == 0.0
    assert len(a.lines) == 1, "a solved analysis says only what is proven: one line"


def test_depth_limited_analyses_do_not_solve() -> None:
    p = igisoro.Position.from_notation(WIN)
    a, b = p.analyse(depth=2), p.analyse(depth=2)
    assert a.stopped_by != "solved"
    assert (a.best_move, a.score, a.pv, a.nodes) == (b.best_move, b.score, b.pv, b.nodes)


def test_an_unproven_position_keeps_a_seed_score() -> None:
    a = igisoro.Position.start("igisoro").analyse(time_ms=100)
    assert a.stopped_by == "time" and a.score.type == "seeds"


def test_a_streamed_analysis_ends_solved() -> None:
    """``analyse_iter``'s last answer is what ``analyse`` gives: the proof
    (no depth completed before it, so it is the only one)."""
    answers = list(igisoro.Position.from_notation(WIN).analyse_iter(time_ms=SOLVED_MS))
    assert answers[-1].stopped_by == "solved" and answers[-1].score.type == "win"
