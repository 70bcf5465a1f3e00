"""``Position.analyse_iter`` and ``igisoro.stream.analysis_stream`` (issue
32): the analysis of each completed depth as the search goes, then the
final answer; stopping early cancels the search at once."""

from __future__ import annotations

import threading
import time

import pytest

import igisoro
from igisoro import Position
from igisoro.stream import analysis_stream

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


def timeless(a: igisoro.Analysis) -> dict[str, object]:
    return {k: v for k, v in a.to_json().items() if k != "time_ms"}


def played(variant: str, plies: int) -> Position:
    p = Position.start(variant)
    for seed in range(plies):
        p = p.random_move(seed) or p
    return p


@pytest.mark.parametrize("p", [Position.from_notation(START), played("igisoro-fr", 9), played("ikibuguzo-2", 20),
                               Position.from_notation("isolo 2,2,2,2/2,2,2,2 s")], ids=str)
@pytest.mark.parametrize("multipv", [1, 3])
def test_each_depth_then_the_answer_of_analyse(p: Position, multipv: int) -> None:
    items = list(analysis_stream(p, depth=4, multipv=multipv))
    *steps, (final, is_final) = items
    assert is_final and not any(f for _, f in steps)
    plain = p.analyse(depth=4, multipv=multipv)
    assert timeless(final) == timeless(plain)
    assert [a.depth for a, _ in steps] == list(range(1, len(steps) + 1))
    assert all(a.stopped_by == "depth" and a.best_move for a, _ in steps)
    assert [a.nodes for a, _ in steps] == sorted(a.nodes for a, _ in steps)
    # The last depth reported is the answer.
    assert (steps[-1][0].best_move, steps[-1][0].score) == (plain.best_move, plain.score)
    assert [a.depth for a in p.analyse_iter(depth=4, multipv=multipv)] == [a.depth for a, _ in items]


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_closing_early_stops_the_search_at_once() -> None:
    p = Position.from_notation(START)
    before = threading.active_count()
    t = time.monotonic()
    it = p.analyse_iter(depth=30, time_ms=60_000)
    assert next(it).depth == 1
    assert next(it).depth == 2
    # The solver's share comes first, at most a second (SOLVE_SHARE_MAX_MS),
    # not a fifth of the minute: the first depths are not 12 s away.
    assert time.monotonic() - t < 4
    t = time.monotonic()
    it.close()  # joins the search's thread: it has ended when close returns
    assert time.monotonic() - t < 0.5
    assert threading.active_count() == before


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_the_search_waits_for_its_consumer() -> None:
    """Between two hand-overs the search does not run ahead: a consumer
    that pauses costs no engine time (CPU of the process stays flat)."""
    p = Position.from_notation(START)
    it = p.analyse_iter(depth=30, time_ms=60_000)
    next(it)
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.2
    it.close()


def test_a_timed_stream_ends_with_its_reason() -> None:
    items = list(analysis_stream(Position.from_notation(START), time_ms=300))
    assert items[-1][1] and items[-1][0].stopped_by == "time"
    assert len(items) >= 3


def test_bad_limits_are_refused_before_anything_is_yielded() -> None:
    with pytest.raises(igisoro.InvalidLimitError, match="depth"):
        next(Position.from_notation(START).analyse_iter(depth=10**6))
    with pytest.raises(igisoro.InvalidLimitError):
        next(Position.from_notation(START).analyse_iter())


def test_a_finished_game_yields_its_one_answer() -> None:
    over = Position.from_notation("igisoro 8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 s")
    items = list(analysis_stream(over, depth=3))
    assert len(items) == 1 and items[0][1]
    assert items[0][0].stopped_by in ("game_over", "proven")
