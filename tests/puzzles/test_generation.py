"""Puzzle generation with the real engine: the finder, the independent
check (and that it refuses what is false), themes, ratings, self-play."""

from __future__ import annotations

import dataclasses

import pytest

from igisoro import Position
from igisoro.puzzles import Puzzle, PuzzleCheckError, Stats, find_puzzle, generate, game_positions, verify
from igisoro.puzzles.decisions import SecondWin, Tree, Unsettled
from igisoro.puzzles.rating import first_rating

#: South's only winning move is g1 (found by self-play seed 8 of isolo).
ISOLO = "isolo 4,2,2,2,2,1,4/0,1,5,4,3,0,2 s"
#: A 4x8 puzzle (ikibuguzo-2): g1 wins by capturing the end pits at once.
#: An igisoro puzzle (self-play seed 0, ply 15, after c4-x): b2-cw-x.
IGISORO = "igisoro 1,0,1,2,0,6,0,5/4,4,2,1,1,10,1,7/0,6,2,1,0,2,1,1/0,1,1,0,0,0,3,1 s"
IKIBUGUZO = "ikibuguzo-2 2,3,1,3,1,3,2,3/10,8,0,1,0,2,0,1/2,0,2,0,3,0,0,0/1,2,0,4,0,0,5,5 s"


def test_a_position_with_one_winning_move_is_a_puzzle_that_passes_the_check() -> None:
    found = find_puzzle(Position.from_notation(ISOLO))
    assert found.reason == "puzzle" and found.puzzle is not None
    p = found.puzzle
    assert p.line == ("g1",) and p.turns == 1 and p.variant == "isolo" and p.to_move == "south"
    assert p.proof_nodes > 0 and p.proof_positions > 0 and p.moves == 5
    verify(p, 40_000)
    # Every other move was proven to lose: each one's position is won by North.
    pos = Position.from_notation(ISOLO)
    for m in pos.legal_moves():
        if m.notation != "g1":
            assert m.result.solve(nodes=40_000).outcome == "win"  # North to move, and North wins


def test_a_won_position_with_two_winning_moves_is_no_puzzle() -> None:
    found = find_puzzle(Position.from_notation("isolo 2,2,2,2/2,2,2,2 s"))
    assert found.puzzle is None and found.reason == "second-win" and found.won
    # Isolo's kucheleka (arranging the seeds) has hundreds of moves: passed over.
    assert find_puzzle(Position.from_notation("isolo 2,2,2,2/2,2,2,2 s").play("a1").position).reason == "crowded"


def test_themes_and_first_rating_come_from_the_moves() -> None:
    found = find_puzzle(Position.from_notation(IKIBUGUZO))
    assert found.puzzle is not None
    assert found.puzzle.line == ("g1",)
    assert {"capture", "end-pits", "wins-game", "one-turn"} <= set(found.puzzle.themes)
    assert first_rating(1, 0, 1) < first_rating(10_000, 0, 1) < first_rating(10_000, 2, 1) < first_rating(10_000, 2, 3)
    assert 600 <= first_rating(10**9, 99, 9) <= 2600


@pytest.mark.parametrize("tamper, why", [
    (lambda p: dataclasses.replace(p, line=("b1",)), "not the one winning move"),
    (lambda p: dataclasses.replace(p, line=("z9",)), "not legal"),
    (lambda p: dataclasses.replace(p, line=("g1", "a2")), "odd number"),
    (lambda p: dataclasses.replace(p, to_move="north"), "side to move"),
    (lambda p: dataclasses.replace(p, position="isolo 2,2,2,2/2,2,2,2 s", rules={"holes": 4}, line=("a1",)),
     "not the one winning move"),
])
def test_the_check_refuses_a_false_puzzle(tamper: object, why: str) -> None:
    found = find_puzzle(Position.from_notation(ISOLO))
    assert found.puzzle is not None
    bad = tamper(found.puzzle)  # type: ignore[operator]
    with pytest.raises(PuzzleCheckError, match=why):
        verify(bad, 20_000)


def test_the_decision_tree_counts_the_movers_choices_not_the_opponents() -> None:
    # In igisoro the opponent may decide inside the mover's turn (retreat):
    # the tree values such a node by all of its options.
    pos = Position.start("igisoro")
    tree = Tree(pos, 2_000, leaf=lambda result: result.notation().endswith(" n opening=3"))
    assert tree.value(("e2",)) in (True, False)
    with pytest.raises(SecondWin):
        Tree(pos, 2_000, leaf=lambda result: True).check_unique(("e2",))


def test_refuting_an_option_stops_at_the_first_unsettled_result() -> None:
    # In this igisoro puzzle (b2-cw-x wins) the alternatives are c2, then f2
    # with the mover's capture-or-pass after it. With c2 a proven loss, the
    # first of f2's options the solver cannot settle (f2-p, whose two
    # results after the opponent's retreat decision are both unsettled)
    # already makes the position no puzzle: f2-x's results are never solved
    # (walking all of f2 solved 6 results).
    pos = Position.from_notation(IGISORO)
    c2 = pos.play("c2").position.notation()
    f2 = {m.result.notation() for m in pos.legal_moves() if m.notation.startswith("f2-")}
    assert len(f2) >= 2
    tree = Tree(pos, 2_000, leaf=lambda result: False if result.notation() == c2 else None)
    with pytest.raises(Unsettled):
        tree.check_unique(("b2", "cw", "x"))
    assert tree.leaves == 3
    pos = Position.start("igisoro")
    # Proven losses everywhere but the move: unique. One win elsewhere: not.
    assert Tree(pos, 2_000, leaf=lambda r: False).value(("e2",)) is False
    results = {m.result.notation() for m in pos.legal_moves() if m.notation.split("-")[0] == "e2"}
    unique = Tree(pos, 2_000, leaf=lambda r: r.notation() in results)
    unique.check_unique(("e2",))
    assert unique.leaves == len({m.result.notation() for m in pos.legal_moves()})


def test_json_round_trip_and_bad_json_is_named() -> None:
    found = find_puzzle(Position.from_notation(ISOLO))
    assert found.puzzle is not None
    assert Puzzle.from_json(found.puzzle.to_json()) == found.puzzle
    with pytest.raises(ValueError, match="'rules'"):
        Puzzle.from_json({"position": ISOLO, "variant": "isolo"})


def test_generate_yields_checked_puzzles_and_counts_its_cost() -> None:
    stats = Stats()
    seeds: list[int] = []
    made = list(generate("isolo", 3, stats=stats, on_game=seeds.append))
    assert len(made) == 3 and stats.puzzles == 3 and stats.refused == 0
    assert stats.candidates >= 3 and 0 < stats.to_json()["share"] <= 1  # type: ignore[operator]
    assert stats.cpu_seconds > 0 and stats.per_core_hour() > 0
    assert len({p.id for p in made}) == 3
    for p in made:
        verify(p, 40_000)


def test_a_submitted_game_gives_its_positions() -> None:
    start = Position.from_notation("isolo 2,2,2,2/2,2,2,2 s")
    cands = list(game_positions(start, ["a1"], source="game:x"))
    assert [c.source for c in cands] == ["game:x:0", "game:x:1"]
    assert cands[1].position == start.play("a1").position
