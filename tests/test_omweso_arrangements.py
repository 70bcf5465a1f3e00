"""The engine's choice of an Omweso arrangement and the scoring of a given
one against the standard arrangements, through the package
(``Position.analyse``/``best_move`` in the set-up, ``evaluate_arrangement``;
docs/OMWESO.md, "Choosing an arrangement")."""

from __future__ import annotations

import pytest

from igisoro import ArrangementError, ArrangementEvaluation, Position, Score

STANDARD = ("even", "dealt", "inner", "inner_heavy", "alternate", "left_loaded")
SOUTH = Position.start("omweso")
NORTH = SOUTH.play("k3.3.3.3.3.3.3.3/1.1.1.1.1.1.1.1").position


def _rank(s: Score) -> tuple[int, float]:
    """A score's order: any win above any estimate above any loss; a
    quicker win and a slower loss better."""
    if s.type == "win":
        return (2, -float(s.turns or 0))
    if s.type == "loss":
        return (0, float(s.turns or 0))
    return (1, float(s.value or 0.0))


@pytest.mark.parametrize("variant", ["omweso", "mweso"])
@pytest.mark.parametrize("side", ["south", "north"])
def test_the_chosen_arrangement_is_legal_and_no_worse_than_every_standard_one(variant: str, side: str) -> None:
    pos = Position.start(variant)
    if side == "north":
        pos = pos.play("k3.3.3.3.3.3.3.3/1.1.1.1.1.1.1.1").position
    chosen = pos.analyse(depth=5)
    assert chosen.best_move is not None and pos.is_legal(chosen.best_move)
    assert chosen.stopped_by == "depth"
    # Scored by the same measure (same depth, same sowing searches).
    e = pos.evaluate_arrangement(chosen.best_move, depth=5)
    assert e.stopped_by == "depth" and e.better == 0
    assert [s.name for s in e.standard] == list(STANDARD)
    assert all(_rank(e.arrangement.score) >= _rank(s.score) for s in e.standard)
    assert chosen.score == e.arrangement.score


def test_a_level_chooses_the_same_arrangement_for_the_same_seed() -> None:
    a = [SOUTH.best_move(level=7, time_ms=5000, seed=s).best_move for s in (1, 1, 2)]
    assert a[0] == a[1]
    assert all(m is not None and SOUTH.is_legal(m) for m in a)
    # Level 10 (a playing search with a time limit) also answers with an arrangement.
    top = NORTH.best_move(level=10, time_ms=200, seed=3)
    assert top.best_move is not None and top.best_move.startswith("k") and NORTH.is_legal(top.best_move)


def test_a_node_limit_bounds_the_choice() -> None:
    small = SOUTH.analyse(nodes=3000)
    assert small.stopped_by == "nodes" and small.nodes <= 3000 + 64
    assert small.best_move is not None and SOUTH.is_legal(small.best_move)
    assert small.to_json() | {"time_ms": 0} == SOUTH.analyse(nodes=3000).to_json() | {"time_ms": 0}


def test_multipv_lists_distinct_scored_arrangements_best_first() -> None:
    a = NORTH.analyse(depth=4, multipv=4)
    moves = [line.move for line in a.lines]
    assert len(moves) == 4 == len(set(moves)) and moves[0] == a.best_move
    ranks = [_rank(line.score) for line in a.lines]
    assert ranks == sorted(ranks, reverse=True)


def test_evaluate_arrangement_names_the_standard_ones_and_ranks_the_given_one() -> None:
    e = SOUTH.evaluate_arrangement("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", depth=4)
    assert isinstance(e, ArrangementEvaluation)
    assert e.arrangement.name == "even" and e.arrangement.pv[0] == "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2"
    # South is scored against North's worst standard reply, the second ply.
    assert e.arrangement.pv[1].startswith("k")
    assert e.better == sum(_rank(s.score) > _rank(e.arrangement.score) for s in e.standard)
    assert e.to_json()["better"] == e.better and e.depth == 4
    # North is scored against South's actual arrangement: the line sows next.
    n = NORTH.evaluate_arrangement("k1.1.1.1.1.1.1.1/3.3.3.3.3.3.3.3", depth=4)
    assert n.arrangement.name == "inner_heavy" and not n.arrangement.pv[1].startswith("k")
    # Deterministic for depth and node limits.
    again = SOUTH.evaluate_arrangement("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", depth=4)
    assert again.to_json() | {"time_ms": 0} == e.to_json() | {"time_ms": 0}


def test_a_node_limit_can_leave_standard_ones_out_but_never_the_given_one() -> None:
    e = SOUTH.evaluate_arrangement("k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.4", nodes=200)
    assert e.stopped_by == "nodes" and len(e.standard) < len(STANDARD)
    assert e.arrangement.name == "dealt"


@pytest.mark.parametrize(("pos", "move", "code"), [
    (SOUTH, "k1.1.1.1.1.1.1.1/1.1.1.1.1.1.1.1", "wrong_total"),
    (SOUTH, "e2", "bad_notation"),
    (NORTH.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position, "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "not_setup_phase"),
    (Position.start("igisoro"), "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "bad_notation"),
])
def test_a_bad_arrangement_is_refused_with_its_code(pos: Position, move: str, code: str) -> None:
    with pytest.raises(ArrangementError) as e:
        pos.evaluate_arrangement(move, depth=2)
    assert e.value.code == code
