"""The Python package's side of Omweso's set-up: ``Position.phase``,
``Position.arrangement_rule()``, ``Position.arrangement()`` and
``ArrangementError`` with its code (docs/OMWESO.md, "Over the API")."""

from __future__ import annotations

import math
from typing import Any

import pytest

import igisoro
from igisoro import ArrangementError, IllegalMoveError, Position

START = Position.start("omweso")


def test_phase_of_every_family() -> None:
    assert Position.start("igisoro").phase is None
    assert Position.start("isolo").phase == "fore_play"
    assert START.phase == "setup" and Position.start("mweso").phase == "setup"
    after = START.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    assert after.phase == "setup" and after.to_move == "north"
    assert after.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position.phase == "play"


def test_the_rule_of_the_setup() -> None:
    rule = START.arrangement_rule()
    assert rule is not None
    assert (rule.side, rule.seeds, rule.arrangements) == ("south", 32, math.comb(47, 15))
    assert rule.pits == tuple(c + r for r in "21" for c in "abcdefgh")
    assert all(START.is_legal(e) for e in rule.examples)
    # A position that holds fewer seeds places what it holds.
    few = Position.from_json({"variant": "omweso", "pits": [[0] * 8, [0] * 8, [0] * 8, [1] * 4 + [0] * 4],
                              "phase": "setup"})
    rule = few.arrangement_rule()
    assert rule is not None and rule.seeds == 4 and rule.arrangements == math.comb(19, 15)
    # No rule outside the set-up.
    assert Position.start("igisoro").arrangement_rule() is None
    assert START.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position.play(
        "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position.arrangement_rule() is None


@pytest.mark.parametrize(("side", "rows", "code", "value"), [
    ("north", [[2] * 8, [2] * 8], "wrong_side", "north"),
    ("south", [[2] * 8], "bad_shape", None),
    ("south", [[2] * 8, [2] * 7 + [-1]], "negative_count", -1),
    ("south", [[2] * 8, [2] * 7 + [3]], "wrong_total", 33),
    ("south", [[2] * 8, [2] * 7 + [2.0]], "bad_notation", None),
    ("south", [[2] * 8, [2] * 7 + [2**70]], "bad_notation", None),
])
def test_the_json_form_is_checked_with_codes(side: str, rows: list[list[int]], code: str, value: object) -> None:
    with pytest.raises(ArrangementError) as e:
        START.arrangement(side, rows)
    assert isinstance(e.value, IllegalMoveError) and isinstance(e.value, igisoro.IgisoroError)
    assert e.value.code == code
    if value is not None:
        assert e.value.value == value
    # The message names the input and the position.
    assert START.notation() in str(e.value) and f"{code}:" in str(e.value)


def test_a_valid_json_arrangement_is_its_text_form() -> None:
    move = START.arrangement("south", [[0, 0, 0, 8, 8, 0, 0, 0], [4, 4, 0, 0, 0, 0, 4, 4]])
    assert move.notation == "k0.0.0.8.8.0.0.0/4.4.0.0.0.0.4.4"
    assert START.play(move).position.pits[2:] == [[0, 0, 0, 8, 8, 0, 0, 0], [4, 4, 0, 0, 0, 0, 4, 4]]
    assert igisoro.Move.from_notation(move.notation) == move


def test_other_errors_have_no_code() -> None:
    with pytest.raises(IllegalMoveError) as e:
        Position.start("igisoro").play("a4")
    assert not isinstance(e.value, ArrangementError) and getattr(e.value, "code", None) is None


def test_the_setup_s_moves_are_not_listed_but_its_rule_is_given() -> None:
    """``legal_moves()`` in the set-up raises rather than answer a sample or
    an empty list (which would say the side to move has lost)."""
    for pos in (START, START.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position):
        for call in (pos.legal_moves, lambda: pos.legal_moves(limit=5), pos.legal_moves_json):
            with pytest.raises(igisoro.NotEnumerableError) as e:
                call()
            assert e.value.rule == pos.arrangement_rule()
            assert "arrangement_rule()" in str(e.value) and "751,616,304,549" in str(e.value)
    # A NotEnumerableError is an IgisoroError (a ValueError), not an illegal move.
    assert issubclass(igisoro.NotEnumerableError, igisoro.IgisoroError)
    assert not issubclass(igisoro.NotEnumerableError, IllegalMoveError)
    # The sowing phase lists its moves as any position.
    play = START.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    assert len(play.legal_moves()) == 46 and play.legal_moves_json().count == 46


@pytest.mark.parametrize("partial", ["", [], (), "-"])
def test_the_setup_s_first_decision_is_not_listed_either(partial: Any) -> None:
    """``next_decision("")`` in the set-up raises as ``legal_moves()`` does,
    rather than offer the core's sample of two as the only options."""
    north = START.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    for pos in (START, north, Position.start("mweso")):
        with pytest.raises(igisoro.NotEnumerableError) as e:
            pos.next_decision(partial)
        assert e.value.rule == pos.arrangement_rule() and "are not listed" in str(e.value)
    # An arrangement is the whole move: the decision is complete.
    d = START.next_decision("k0.0.0.8.8.0.0.0/4.4.0.0.0.0.4.4")
    assert d.complete and d.result == START.play("k0.0.0.8.8.0.0.0/4.4.0.0.0.0.4.4").position
    # A sowing move is refused with its code, not answered with the rule.
    with pytest.raises(ArrangementError) as bad:
        START.next_decision("e2")
    assert bad.value.code == "bad_notation"
    # After both arrangements the first decision lists its start pits.
    play = north.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    d = play.next_decision("")
    assert not d.complete and d.options and all(not o.startswith("k") for o in d.options)


@pytest.mark.parametrize("variant", ["omweso", "mweso"])
def test_solve_refuses_the_setup(variant: str) -> None:
    """A proof over the sample of two arrangements would be no proof: the
    set-up is refused with the rule, for either arranger; after both
    arrangements the solver proves as anywhere (docs/OMWESO.md)."""
    start = Position.start(variant)
    north = start.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    for pos in (start, north):
        for limits in ({"nodes": 1000}, {"time_ms": 50}):
            with pytest.raises(igisoro.NotEnumerableError) as e:
                pos.solve(**limits)  # type: ignore[arg-type]
            assert e.value.rule == pos.arrangement_rule()
            assert str(e.value).startswith(pos.notation() + " cannot be solved")
    play = north.play("k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2").position
    assert play.solve(nodes=1000).outcome in ("win", "loss", "unknown")


@pytest.mark.parametrize(("moves", "code"), [
    (["k1.1.1.1.1.1.1.1/1.1.1.1.1.1.1.1"], "wrong_total"),
    (["k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "e2"], "bad_notation"),
    (["k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", "k2"], "not_setup_phase"),
])
def test_a_reviewed_refused_arrangement_has_its_code_as_a_field(moves: list[str], code: str) -> None:
    r = igisoro.review(START, moves, depth=1)
    assert r.illegal is not None and r.illegal.code == code and r.illegal.ply == len(moves)
    out = r.to_json()["illegal"]
    assert out["code"] == code and out["error"]["code"] == code
    # Any other illegal move: no code.
    other = igisoro.review(Position.start("igisoro"), ["a1"], depth=1)
    assert other.illegal is not None and other.illegal.code is None and other.to_json()["illegal"]["code"] is None
