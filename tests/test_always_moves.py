"""A move always comes back (issue 17, defect 4), through Python.

``best_move``/``analyse`` name a legal move whenever the game is not over,
at the smallest budgets; ``best_move is None`` means only game over. The
Rust suite (``rust_core/tests/search_always_moves.rs``) checks the core; this
checks the same promise through the binding and the typed API.
"""

from __future__ import annotations

import pytest

import igisoro

from igisoro_testing.positions import VARIANTS, reached


def assert_moves_iff_ongoing(p: igisoro.Position, a: igisoro.Analysis, what: str) -> None:
    ongoing = p.status().state == "ongoing"
    assert (a.best_move is not None) == ongoing, f"{what}: {a.best_move!r}, {a.stopped_by} at {p.notation()}"
    if a.best_move is not None:
        assert p.is_legal(a.best_move), f"{what}: {a.best_move} illegal at {p.notation()}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_smallest_budgets_still_give_a_move(variant: str) -> None:
    for seed in range(15):
        p = reached(variant, seed)
        assert_moves_iff_ongoing(p, p.analyse(time_ms=1), "time_ms=1")
        assert_moves_iff_ongoing(p, p.analyse(nodes=1), "nodes=1")
        for level in (1, 5, 10):
            assert_moves_iff_ongoing(p, p.best_move(level=level, time_ms=1, seed=seed), f"level {level}")


def test_the_reported_position_gets_a_move_at_1_and_2_ms() -> None:
    p = igisoro.Position.from_notation("igisoro 2,0,1,2,3,0,3,6/3,0,4,1,2,1,2,7/0,2,3,1,6,2,0,1/1,0,0,1,3,1,1,5 n")
    for ms in (1, 2):
        for _ in range(10):
            assert_moves_iff_ongoing(p, p.best_move(level=10, time_ms=ms), f"{ms} ms")


def test_a_finished_game_has_no_move() -> None:
    # Random play to the end of a game (some random games never end).
    ends = (reached("isolo", seed, plies=2_000) for seed in range(50))
    p = next(q for q in ends if q.status().state != "ongoing")
    a = p.best_move(level=10, time_ms=1)
    assert a.best_move is None and a.stopped_by == "game_over"
