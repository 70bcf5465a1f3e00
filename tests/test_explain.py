"""Moves explained as facts (issue 43; ``igisoro.explain``), checked on
hand-worked positions from the seed texts: the pits, the seed counts and the
sides, never the wording (the words are the service's, tests/service/test_explain.py)."""

from __future__ import annotations

import pytest

from igisoro import IllegalMoveError, Position
from igisoro.explain import explain

from igisoro_testing.positions import ISOLO, RELAY

# tests/test_scenarios.py's board: South's e1 (2 seeds) relays from g1 and
# ends in g2, facing g3 (2) and g4 (3).
CAPTURE_BOARD = "7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,0,0,1,0/0,5,0,0,2,0,2,0"


def test_the_capture_of_the_french_text() -> None:
    # Seed 003, "Poursuite de mouvement avec prise de pion": the last seed
    # lands in an occupied pit of the inner row, both opposite pits hold
    # seeds; the player takes them (5) and sows them from the lap's origin.
    facts = explain(Position.from_notation(f"igisoro-fr {CAPTURE_BOARD} s"), ["e1"])
    move = facts["moves"][0]
    assert (move["side"], move["pit"], move["seeds"]) == ("south", "e1", 2)
    assert move["captures"] == [{"pits": ["g3", "g4"], "seeds": 5}]
    assert move["passed"] == [] and move["retreats"] == [] and move["state"] == "ongoing"


def test_a_pass_and_the_opponents_retreat() -> None:
    # Seed 000: "I pass" (ndahise), the opponent "I retreat" (ndakubye): g3's
    # 2 seeds go back into g4; the pass gave up g3 and g4's 5.
    p = Position.from_notation(f"igisoro {CAPTURE_BOARD} s")
    move = explain(p, ["e1-p-r"])["moves"][0]
    assert move["captures"] == []
    assert move["passed"] == [{"pits": ["g3", "g4"], "seeds": 5}]
    assert move["retreats"] == [{"side": "north", "pits": ["g3", "g4"], "seeds": 2}]
    assert move["refused_retreats"] == 0
    refused = explain(p, ["e1-p-n"])["moves"][0]
    assert refused["retreats"] == [] and refused["refused_retreats"] == 1


def test_a_relay_counts_its_laps_as_the_play_does() -> None:
    p = Position.from_notation(RELAY)
    for legal in p.legal_moves()[:10]:
        played = p.play(legal.move)
        move = explain(p, [legal.move.notation])["moves"][0]
        assert move["laps"] == played.laps
        assert sum(c["seeds"] for c in move["captures"]) == played.captured
    assert max(explain(p, [m.move.notation])["moves"][0]["laps"] for m in p.legal_moves()) > 1


def test_the_end_of_the_game_is_told() -> None:
    # Ikibuguzo: capturing at both ends of the board in one turn wins (tests/test_scenarios.py).
    p = Position.from_notation("ikibuguzo-1 10,7,7,7,7,7,7,1/1,0,0,5,0,0,0,1/1,0,2,0,0,0,0,1/0,0,0,0,0,0,0,0 s")
    facts = explain(p, ["c2"])
    move = facts["moves"][0]
    assert (move["state"], move["winner"], move["reason"]) == ("won", "south", "end_pits_captured")
    assert sum(c["seeds"] for c in move["captures"]) == 13
    assert facts["threat"] is not None and facts["threat"]["with"] is None  # nobody replies to a won game


def test_the_line_is_followed_side_by_side() -> None:
    p = Position.start("igisoro-wikipedia")
    a = p.analyse(depth=4)
    facts = explain(p, list(a.pv))
    assert [m["move"] for m in facts["moves"]] == list(a.pv)
    assert [m["ply"] for m in facts["moves"]] == list(range(len(a.pv)))
    at = p
    for m in facts["moves"]:
        assert m["side"] == at.to_move
        at = at.play(m["move"]).position


def test_the_threat_is_the_opponents_best_reply_with_and_without_the_move() -> None:
    p = Position.from_notation(f"igisoro {CAPTURE_BOARD} s")
    threat = explain(p, ["e1-x"])["threat"]
    assert threat is not None
    handed = p.to_json()
    handed["to_move"] = "north"  # the same board, North to move
    for reply, at in ((threat["without"], Position.from_json(handed)), (threat["with"], p.play("e1-x").position)):
        assert reply is not None and reply["side"] == "north"
        assert at.is_legal(reply["move"])
        assert at.play(reply["move"]).captured == reply["captured"]
        assert 0 <= reply["win_probability"] <= 1
    # Isolo's fore-play cannot be handed over: no "without".
    isolo = Position.from_notation(ISOLO)
    first = isolo.legal_moves()[0].move.notation
    t = explain(isolo, [first])["threat"]
    assert t is not None and t["without"] is None


def test_an_empty_line_and_an_illegal_one() -> None:
    p = Position.start("igisoro")
    assert explain(p, []) == {"moves": [], "threat": None}
    with pytest.raises(IllegalMoveError):
        explain(p, ["a1"])


def test_an_arrangement_is_not_a_sowing() -> None:
    # Isolo's kucheleka: the winner of the fore-play arranges its row.
    p = Position.from_notation("isolo 0,0,0,0/7,3,1,6 s phase=kucheleka")
    move = explain(p, ["k1.1.1.14"])["moves"][0]
    assert (move["arrangement"], move["pit"], move["seeds"], move["captures"]) == ("k1.1.1.14", None, None, [])
    sowing = explain(Position.from_notation("isolo 2,2,2,2/2,2,2,2 s"), ["a1"])["moves"][0]
    assert (sowing["arrangement"], sowing["pit"], sowing["seeds"]) == (None, "a1", 2)
