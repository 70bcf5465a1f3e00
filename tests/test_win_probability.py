"""``Analysis.win_probability`` and ``Position.win_probability`` through the
Python API and HTTP: within [0, 1], 1 and 0 only for proofs, the same for a
position and its colour swap, increasing in the score, and in every kind of
analysis (evaluate, best move, batch, review)."""

from __future__ import annotations

import pytest

import igisoro
from igisoro import Position, Score

VARIANTS = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2"]


def swapped(pos: Position) -> Position:
    """The board turned half a turn, the other side to move: the same game
    with the colours exchanged."""
    form = pos.to_json()
    form["pits"] = [list(reversed(row)) for row in reversed(form["pits"])]
    form["to_move"] = "north" if form["to_move"] == "south" else "south"
    return Position.from_json(form)


def positions(variant: str, n: int = 8, plies: int = 12) -> list[Position]:
    out = []
    for seed in range(n):
        pos = Position.start(variant)
        for k in range(plies + seed):
            nxt = pos.random_move(seed * 100 + k)
            if nxt is None:
                break
            pos = nxt
        out.append(pos)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_within_bounds_and_the_same_after_a_colour_swap(variant):
    seen = 0
    for pos in positions(variant):
        # A scripted opening (Ikibuguzo-2) fixes who moves: no colour swap there.
        if pos.status().state != "ongoing" or pos.to_json().get("opening_plies"):
            continue
        seen += 1
        a = pos.analyse(depth=2)
        assert 0.0 <= a.win_probability <= 1.0
        assert (a.win_probability in (0.0, 1.0)) == (a.score.type != "seeds")
        assert a.win_probability == pos.win_probability(a.score)
        twin = swapped(pos)
        b = twin.analyse(depth=2)
        assert b.score == a.score and b.win_probability == pytest.approx(a.win_probability, abs=1e-12)
    assert seen >= 4


def test_increasing_in_the_score_and_proofs_are_certain():
    pos = positions("igisoro")[3]
    chances = [pos.win_probability(Score("seeds", value=v)) for v in (-40, -10, -1, 0, 1, 10, 40)]
    assert chances == sorted(chances) and len(set(chances)) == len(chances)
    assert all(0.001 <= c <= 0.999 for c in chances)
    assert pos.win_probability(Score("win", turns=4)) == 1.0 and pos.win_probability(Score("loss", turns=1)) == 0.0


def test_the_other_side_gets_the_complement():
    """With even material, the side to move at +s and the other side, to
    move in the same position, at -s add to 1 (the start is symmetric, so
    swapping the sides changes only who is to move)."""
    pos = Position.start("igisoro")
    other = swapped(pos)
    assert other.to_move != pos.to_move
    for v in (0.5, 3.0, 12.0):
        assert pos.win_probability(Score("seeds", value=v)) + other.win_probability(Score("seeds", value=-v)) == \
            pytest.approx(1.0)


def test_not_a_score_is_a_type_error():
    with pytest.raises(TypeError, match="Score"):
        Position.start("igisoro").win_probability(3.0)  # type: ignore[arg-type]


def test_every_analysis_reports_it():
    pos = Position.start("igisoro")
    assert 0 < pos.best_move(level=3, time_ms=20).win_probability < 1
    (a,) = igisoro.analyse_many([pos], depth=2)
    assert isinstance(a, igisoro.Analysis) and a.win_probability == pos.analyse(depth=2).win_probability
    assert a.to_json()["win_probability"] == a.win_probability
    r = igisoro.review(pos, ["b2", "a3"], depth=2)
    ply = r.plies[0].to_json()
    assert ply["win_probability"] == pos.analyse(depth=2).win_probability
    assert 0 <= ply["best_win_probability"] <= 1 and ply["win_probability_drop"] >= 0
