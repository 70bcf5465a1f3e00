"""The core's game review (``rust_core/src/review.rs``, its JSON in
``json_out.rs``) reproduces the Python review it replaced (issue 30).

``tests/data/review_games.json`` holds 12 games (the 4x8 variants, Isolo
with its fore-play, an illegal move, text that is not a move, a forced
result, games played to their end, no moves) and the review the Python
implementation (``python/igisoro/review.py`` before the port) wrote for
each; every search has a depth limit, so the answers are deterministic.
It was made, before the port, with

    .venv/bin/python tests/data/make_review_fixture.py

When the win-probability model of ``igisoro-wikipedia`` and ``igisoro-fr``
was refitted (2026-11-28, docs/benchmarks/win-probability.md), those two
games' win probabilities, drops, labels and summaries were rewritten from
the core's review, after checking that every other field was unchanged.
When a review's illegal move got its arrangement error code as a field
(``illegal.code``, issue 42; null for these games' illegal moves, which are
no arrangements), the two illegal objects got ``"code": null``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import igisoro
from igisoro import Position

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "data" / "review_games.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_core_review_reproduces_the_python_one(case: dict[str, Any]) -> None:
    r = igisoro.review(Position.from_notation(case["start"]), case["moves"], depth=case["depth"])
    want = case["review"]
    got = r.to_json()
    # The principal variations past the best move are the search's to
    # rebuild: since the fixture was written the search rebuilds them from a
    # record of its exact results rather than from the table alone (issue
    # 30), so a line past its first move may differ; the best move may not.
    for g, w in zip(got["plies"], want["plies"], strict=True):
        assert (g["best_pv"] or [None])[0] == (w["best_pv"] or [None])[0] == w["best_move"]
        g["best_pv"] = w["best_pv"]
    assert got == want
    # The same key order, in the review, its plies and its illegal move.
    assert list(got) == list(want)
    assert [list(p) for p in got["plies"]] == [list(p) for p in want["plies"]]
    if want["illegal"] is not None:
        assert list(got["illegal"]) == list(want["illegal"]) and list(got["illegal"]["error"]) == list(want["illegal"]["error"])
    # The typed objects say what the JSON says.
    assert r.summary == want["summary"] and r.partial is want["partial"]
    assert r.final.notation() == want["final"]["position"] and r.status.to_json() == want["final"]["status"]
    assert (r.illegal and r.illegal.ply) == (want["illegal"] and want["illegal"]["ply"])
    for ply, d in zip(r.plies, want["plies"], strict=True):
        assert {**ply.to_json(), "best_pv": d["best_pv"]} == d and ply.position_after.notation() == d["position_after"]
        assert (ply.evaluation and ply.evaluation.to_json()) == d["evaluation"] and ply.best_move == d["best_move"]
        assert (ply.played_score and ply.played_score.to_json()) == d["played_score"]
        assert (ply.loss, ply.label, ply.win_probability_drop) == (d["loss"], d["label"], d["win_probability_drop"])
        if ply.best is not None and ply.best.best_move is not None:
            assert ply.best.win_probability == d["win_probability"] and list(ply.best.pv) == r.to_json()["plies"][ply.ply - 1]["best_pv"]
        assert (ply.reply is None) == (d["canonical"] == d["best_move"] or d["played_score"] is None)

