"""Hand-worked scenarios through the Python API.

The boards are worked out by hand from the seed texts; the full seed-by-seed
traces are in ``rust_core/tests/scenarios.rs`` (same boards, same names).
These tests check that the Python layer shows the same rules: the step-wise
API names the opponent as the actor of a retreat, results and statuses.
"""

from __future__ import annotations

import pytest

from igisoro import IllegalMoveError, Position

CAPTURE_BOARD = "7,7,7,7,7,7,3,7/0,0,0,0,0,0,2,0/0,0,0,0,0,0,1,0/0,5,0,0,2,0,2,0"
ENDLESS_BOARD = "7,7,7,7,7,6,6,6/0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0/0,1,0,1,3,1,0,1"


def test_stepwise_retreat_is_decided_by_the_opponent() -> None:
    # Seed 000: "I pass" (ndahise) ... the opponent may reply "I retreat" (ndakubye).
    # e1 (2): f1 0->1, g1 2->3 relay; g1 (3): h1, h2 0->1, g2 1->2 facing g3=2, g4=3.
    p = Position.from_notation(f"igisoro {CAPTURE_BOARD} s")
    d = p.next_decision("")
    assert (d.complete, d.role, d.actor, d.options) == (False, "mover", "south", ("b1", "e1", "g1"))
    d = p.next_decision("e1")
    assert (d.role, d.actor, d.options) == ("mover", "south", ("p", "x"))
    d = p.next_decision(["e1", "p"])
    assert (d.role, d.actor, d.options) == ("opponent", "north", ("n", "r"))
    d = p.next_decision("e1-p-r")
    assert d.complete and d.captured == 0
    # g3 (2) retreats into g4 (3->5); South relays g2 (2): f2 0->1, e2 0->1.
    assert d.result == Position.from_notation(
        "igisoro 7,7,7,7,7,7,5,7/0,0,0,0,0,0,0,0/0,0,0,0,1,1,0,1/0,5,0,0,0,1,0,1 n"
    )
    with pytest.raises(IllegalMoveError, match="opponent"):
        p.play("e1-p")


@pytest.mark.parametrize(
    ("variant", "move", "expected", "after_capture"),
    [
        # turn_start: the 5 captured seeds alone, sown after e1 (seed 000 / 001).
        ("igisoro", "e1-x", "0,0,0,1,1,1,0,2/0,5,0,0,0,2,1,2", [{"type": "hand", "count": 5}, {"type": "sow", "pit": "f1"}]),
        ("igisoro-wikipedia", "e1-x", "0,0,0,1,1,1,0,2/0,5,0,0,0,2,1,2", [{"type": "hand", "count": 5}, {"type": "sow", "pit": "f1"}]),
        # lap_start: added to the capturing lap's origin g1 (seed 003, Ludii).
        ("igisoro-fr", "e1", "0,0,0,0,1,1,3,2/0,5,0,0,0,1,0,2", [{"type": "lift", "pit": "g1", "count": 5}, {"type": "sow", "pit": "h1"}]),
        ("ikibuguzo-1", "e1", "0,0,0,0,1,1,3,2/0,5,0,0,0,1,0,2", [{"type": "lift", "pit": "g1", "count": 5}, {"type": "sow", "pit": "h1"}]),
    ],
)
def test_capture_sowing_per_variant(variant: str, move: str, expected: str, after_capture: list[dict[str, object]]) -> None:
    p = Position.from_notation(f"{variant} {CAPTURE_BOARD} s")
    r = p.play(move)
    assert r.position.notation() == f"{variant} 7,7,7,7,7,7,0,7/0,0,0,0,0,0,0,0/{expected} n"
    assert r.captured == 5
    kinds = [e["type"] for e in r.trace]
    i = kinds.index("capture")
    assert r.trace[i] == {"type": "capture", "pits": ["g3", "g4"], "count": 5}
    assert r.trace[i + 1 : i + 3] == after_capture


def test_only_endless_start_loses() -> None:
    p = Position.from_notation(f"igisoro {ENDLESS_BOARD} s")
    assert p.legal_moves() == []
    s = p.status()
    assert (s.state, s.winner, s.reason) == ("won", "north", "no_legal_move")
    with pytest.raises(IllegalMoveError):
        p.play("e1")


def test_endless_start_excluded_but_others_legal() -> None:
    p = Position.from_notation(f"igisoro-fr {ENDLESS_BOARD} s")
    notations = [m.notation for m in p.legal_moves()]
    assert notations and not any(n.startswith("e1") for n in notations)
    assert "e1" not in p.next_decision().options
    assert not p.is_legal("e1")


def test_ikibuguzo_end_pits_win() -> None:
    p = Position.from_notation("ikibuguzo-1 10,7,7,7,7,7,7,1/1,0,0,5,0,0,0,1/1,0,2,0,0,0,0,1/0,0,0,0,0,0,0,0 s")
    r = p.play("c2")
    assert r.position.notation() == (
        "ikibuguzo-1 0,7,7,7,7,7,7,0/0,0,0,5,0,0,0,0/0,3,0,0,0,0,1,3/2,2,2,0,2,0,2,0 n winner=s"
    )
    assert (r.status.state, r.status.winner, r.status.reason) == ("won", "south", "end_pits_captured")
    assert r.captured == 13
