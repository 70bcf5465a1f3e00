"""Whose turn each move of a puzzle's line is (issue 40, item 7).

A puzzle's line alternates the winner's moves and the defender's replies,
and the API plays every odd one as the server's reply. In Isolo the winner
of the fore-play also makes the kucheleka (its own arrangement) and the
first main-game move, so a line that assumed alternation stored the
winner's own arrangement in the defender's slot (starter puzzle
``54bc908dcf36``): the server played it, and nobody checked that it was
the one winning arrangement."""

from __future__ import annotations

import dataclasses

import pytest

from igisoro import Position
from igisoro.puzzles import Puzzle, PuzzleCheckError, find_puzzle, verify
from igisoro.puzzles.decisions import Tree, Unsettled, sampled
from igisoro_service.puzzles.starter import read_starter

#: The starter set's ``54bc908dcf36``: North's b2 wins the fore-play, and
#: North then arranges its row and moves first in the main game.
FORE_PLAY_WIN = "isolo 0,1,0,0,0,0,1,1/1,3,5,9,4,1,3,8 n"
#: The line once stored for it: the winner's arrangement as the "reply".
STORED_LINE = ("b2", "k3.7.8.9.2.6.3.0", "g2")


def _owners(p: Puzzle) -> list[str]:
    """Who plays each move of ``p``'s line, read from the positions."""
    pos = Position.from_notation(p.position)
    out = []
    for move in p.line:
        out.append("winner" if pos.to_move == p.to_move else "defender")
        pos = pos.play(move).position
    return out


def _alternating(n: int) -> list[str]:
    return ["winner" if i % 2 == 0 else "defender" for i in range(n)]


def test_the_finder_never_puts_the_winners_own_turn_in_the_defenders_slot() -> None:
    found = find_puzzle(Position.from_notation(FORE_PLAY_WIN))
    assert found.puzzle is not None
    p = found.puzzle
    assert _owners(p) == _alternating(len(p.line))
    # The arrangement after b2 is no unique win (every arrangement offered
    # wins), so the line ends at the winner's b2.
    assert p.line == ("b2",) and p.turns == 1
    verify(p, 40_000)


def test_the_check_refuses_a_winners_move_stored_as_the_defenders_reply() -> None:
    good = find_puzzle(Position.from_notation(FORE_PLAY_WIN)).puzzle
    assert good is not None
    forged = dataclasses.replace(good, line=STORED_LINE)
    with pytest.raises(PuzzleCheckError, match="k3.7.8.9.2.6.3.0.*winner's own"):
        verify(forged, 40_000)


def test_a_sampled_arrangement_is_never_proven_the_only_winning_one() -> None:
    # 38 seeds over 8 holes: 45 million arrangements, of which the move list
    # offers a sample of 10. A sample cannot show the others lose.
    after = Position.from_notation(FORE_PLAY_WIN).play("b2").position
    assert after.to_json()["phase"] == "kucheleka"
    with pytest.raises(Unsettled, match="sample"):
        Tree(after, 20_000).check_unique(("k3.7.8.9.2.6.3.0",))
    assert sampled(after, (), after.next_decision([]).options)
    # 17 seeds over 4 holes: all 1,140 arrangements are listed, so uniqueness can be judged.
    full = Position.from_notation("isolo 0,0,0,0/7,3,1,6 s phase=kucheleka")
    assert len(full.next_decision([]).options) == 1140 and not sampled(full, (), full.next_decision([]).options)


def test_every_starter_puzzle_alternates_the_winner_and_the_defender() -> None:
    # A scan of the whole shipped set (plays only, about a second).
    wrong = [(p.id, p.line) for p in read_starter() if _owners(p) != _alternating(len(p.line))]
    assert wrong == []
