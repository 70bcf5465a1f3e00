"""The search through the Python API: results, limits, batch, levels, GIL."""

from __future__ import annotations

import threading
import time

import pytest

import igisoro
from igisoro import InvalidLimitError, Position

STARTS = [v.name for v in igisoro.variants()]


@pytest.mark.parametrize("variant", STARTS)
def test_best_move_is_legal_and_pv_plays(variant: str) -> None:
    p = Position.start(variant)
    a = p.analyse(depth=3)
    assert a.best_move is not None and a.depth >= 1 and a.nodes > 0
    assert p.is_legal(a.best_move)
    assert a.pv[0] == a.best_move
    q = p
    for mv in a.pv:  # the principal variation is a line of legal moves
        q = q.play(mv).position


def test_multipv_lines_are_ordered_and_distinct() -> None:
    p = Position.start("igisoro-fr")
    a = p.analyse(depth=2, multipv=4)
    assert len(a.lines) == 4
    values = [ln.score.value for ln in a.lines]
    assert values == sorted(values, reverse=True)
    assert len({ln.move for ln in a.lines}) == 4
    assert a.lines[0].move == a.best_move


def test_fixed_depth_is_deterministic() -> None:
    p = Position.start("igisoro-wikipedia")
    a, b = p.analyse(depth=3), p.analyse(depth=3)
    assert (a.best_move, a.score, a.pv, a.nodes) == (b.best_move, b.score, b.pv, b.nodes)


@pytest.mark.parametrize(
    "kwargs, named",
    [
        ({}, "at least one limit"),
        ({"depth": 0}, "depth"),
        ({"depth": 65}, "depth"),
        ({"nodes": -5}, "nodes"),
        ({"time_ms": 10**9}, "time_ms"),
        ({"depth": 2, "multipv": 0}, "multipv"),
        ({"depth": "3"}, "depth"),
        ({"depth": True}, "depth"),
    ],
)
def test_bad_limits_are_rejected_by_name(kwargs: dict, named: str) -> None:
    with pytest.raises(InvalidLimitError, match=named):
        Position.start().analyse(**kwargs)


def test_best_move_levels_and_bad_levels() -> None:
    p = Position.start()
    for level in (1, 5, 10):
        a = p.best_move(level=level, time_ms=50, seed=7)
        assert p.is_legal(a.best_move)
    assert p.best_move(level=2, time_ms=50, seed=7) == p.best_move(level=2, time_ms=50, seed=7)
    with pytest.raises(InvalidLimitError, match="level"):
        p.best_move(level=11)
    with pytest.raises(InvalidLimitError, match="seed"):
        p.best_move(seed=-1)


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_level_10_uses_its_time_and_analyses_stay_full_width() -> None:
    """Level 10 is the playing search (issue 31): it thinks for the time it
    is given (before, it started no iteration after half of it); an analysis
    at a fixed depth is not a playing search, so it is the same whatever
    level 10 did before it."""
    p = Position.start("igisoro")
    before = p.analyse(depth=4)
    t = time.monotonic()
    a = p.best_move(level=10, time_ms=200, seed=1)
    assert time.monotonic() - t >= 0.18 and a.time_ms >= 180
    assert a.stopped_by == "time" and p.is_legal(a.best_move)
    after = p.analyse(depth=4)
    assert (after.best_move, after.score, after.pv, after.nodes) == (before.best_move, before.score, before.pv, before.nodes)


def test_analyse_many_keeps_order_and_matches_single() -> None:
    ps = [Position.start(v) for v in STARTS]
    batch = igisoro.analyse_many(ps, depth=2)
    assert len(batch) == len(ps)
    for p, a in zip(ps, batch):
        assert isinstance(a, igisoro.Analysis)
        assert a.best_move == p.analyse(depth=2).best_move


def test_game_over_has_no_best_move() -> None:
    # South holds only singletons and igisoro needs 2 to start: no move.
    p = Position.from_notation("igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 s")
    a = p.analyse(depth=2)
    assert a.best_move is None and a.score.type == "loss"


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_search_releases_the_gil() -> None:
    """A long search in one thread must not stop Python code in another."""
    p = Position.start("igisoro")
    done = threading.Event()

    def search() -> None:
        p.analyse(time_ms=600)
        done.set()

    t = threading.Thread(target=search)
    t.start()
    gaps: list[float] = []
    start = last = time.perf_counter()
    while not done.is_set() and last - start < 5:
        time.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now
    t.join()
    # With the GIL held for the search (300 to 600 ms: no iteration starts
    # after half its time) one gap would be that long; a loaded machine
    # stretches the 1 ms sleeps, not that much.
    assert last - start > 0.25 and max(gaps) < 0.15, (last - start, max(gaps))


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_stopped_by_and_the_outside_timeout() -> None:
    p = Position.start("igisoro")
    assert p.analyse(depth=2).stopped_by == "depth" and not p.analyse(depth=2).partial
    assert p.analyse(nodes=40).stopped_by == "nodes"
    assert p.analyse(time_ms=30).stopped_by == "time"
    t = time.monotonic()
    a = p.analyse(depth=30, timeout=0.2)
    assert time.monotonic() - t < 0.2 + 0.5
    assert a.stopped_by == "deadline" and a.partial and a.best_move is not None and a.depth < 30
    b = p.best_move(10, time_ms=5000, timeout=0.1)
    assert b.partial and b.best_move is not None


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), float("inf"), 86401, "1", True])
def test_bad_timeout_is_rejected(bad: object) -> None:
    with pytest.raises(InvalidLimitError, match="timeout"):
        Position.start().analyse(depth=1, timeout=bad)  # type: ignore[arg-type]


def test_batch_timeout_is_shared() -> None:
    ps = [Position.start("igisoro")] * 6
    # 1 s: the last positions' shares start well before the deadline even
    # when a thread stalls on a loaded machine (one started after it has no move).
    out = igisoro.analyse_many(ps, depth=30, timeout=1.0)
    assert all(isinstance(a, igisoro.Analysis) and a.partial and a.best_move for a in out)


def test_ints_past_the_cores_range_and_bad_timeouts_name_the_argument() -> None:
    p = Position.start()
    with pytest.raises(InvalidLimitError, match="time_ms"):
        p.best_move(1, time_ms=2**63)
    with pytest.raises(InvalidLimitError, match="level"):
        p.best_move(-(2**63) - 1)
    assert p.is_legal(p.best_move(1, time_ms=5, seed=2**64 - 1).best_move)  # the seed is a u64
    move = p.legal_moves()[0].move
    for call in (lambda t: p.legal_moves(timeout=t), lambda t: p.legal_moves_json(timeout=t),
                 lambda t: p.play(move, t), lambda t: p.is_legal(move, t), lambda t: p.canonical(move, t),
                 lambda t: p.status(t), lambda t: p.random_move(1, t), lambda t: p.next_decision("", t)):
        for bad in ("1", True):
            with pytest.raises(InvalidLimitError, match="timeout"):
                call(bad)


def test_analyse_many_names_an_item_that_is_not_a_position() -> None:
    with pytest.raises(igisoro.InvalidPositionError, match=r"positions\[1\] must be a Position, not 'x'"):
        igisoro.analyse_many([Position.start(), "x"], depth=1)  # type: ignore[list-item]


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_a_review_begun_past_its_deadline_gets_no_extra_time() -> None:
    """One deadline, no grace (issue 30): a review begun with no time left
    (a batch's later game) raises EngineTimeoutError at once instead of
    being given time to check its moves."""
    p = Position.start("igisoro")
    moves = []
    for _ in range(6):
        moves.append(p.legal_moves()[0].move.notation)
        p = p.play(moves[-1]).position
    t = time.monotonic()
    with pytest.raises(igisoro.EngineTimeoutError, match="checking the review's moves"):
        igisoro.review(Position.start("igisoro"), [*moves, "zz9"], depth=2, timeout=0)
    assert time.monotonic() - t < 0.05
    # With time, the moves are checked and the bad one is found.
    r = igisoro.review(Position.start("igisoro"), [*moves, "zz9"], depth=1, timeout=30)
    assert [ply.move for ply in r.plies] == moves
    assert r.illegal is not None and r.illegal.ply == 7
    with pytest.raises(InvalidLimitError, match="timeout"):
        igisoro.review(Position.start("igisoro"), moves, depth=1, timeout=-1)


def test_huge_timeouts_bad_scores_and_generators_are_handled_by_name() -> None:
    p = Position.start()
    with pytest.raises(InvalidLimitError, match="timeout"):
        p.status(timeout=10**400)  # type: ignore[arg-type]
    for bad, named in ((igisoro.Score("win", turns=-1), "turns"), (igisoro.Score("seeds", value=float("nan")), "value"),
                       (igisoro.Score("bogus"), "type")):  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=named):
            p.win_probability(bad)
    out = igisoro.analyse_many((q for q in [p, p]), depth=1)
    assert len(out) == 2 and all(a.best_move for a in out)


def test_a_review_search_that_runs_out_leaves_the_plies_after_it_unsearched() -> None:
    """Deep searches (depth 20) use up the review's time: the review does
    not fail, it says ``partial``, the search the deadline met says so, and
    every search after it is left unsearched (None), never started late.
    (A search that runs out before settling one move, which real positions
    do only with turns of thousands of laps, is forced in the core's unit
    test, ``review::tests``.)"""
    p = Position.start("igisoro")
    moves = []
    for _ in range(6):
        moves.append(p.legal_moves()[0].move.notation)
        p = p.play(moves[-1]).position
    r = igisoro.review(Position.start("igisoro"), moves, depth=20, timeout=0.3)
    assert r.partial and len(r.plies) == 6
    searches = [a for ply in r.plies for a in (ply.best, ply.reply) if ply.canonical != ply.best_move or a is ply.best]
    assert searches[-1] is None, "the deadline must leave the last searches undone"
    first_none = searches.index(None)
    assert all(a is None for a in searches[first_none:])
    assert first_none == 0 or searches[first_none - 1].partial
    assert r.plies[-1].to_json()["evaluation"] is None
    assert igisoro.problems.problem(igisoro.EngineTimeoutError("x"), "moves")["status"] == 503


def test_a_review_that_runs_out_while_walking_its_moves_says_so() -> None:
    """Begun with time (not late), a review whose walk meets the deadline
    raises EngineTimeoutError, not InvalidLimitError or an illegal move.
    (A microsecond runs out within the first moves; the core's unit test
    ``review::tests`` checks the walk's own message with a spent budget.)"""
    p = Position.start("igisoro")
    moves = []
    for _ in range(40):
        moves.append(p.legal_moves()[0].move.notation)
        p = p.play(moves[-1]).position
    with pytest.raises(igisoro.EngineTimeoutError, match="checking the review's moves|playing the move|canonical"):
        igisoro.review(Position.start("igisoro"), moves, depth=1, timeout=1e-6)
