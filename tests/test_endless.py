"""Issue 31, items 5 and 6: games that cannot end, their adjudication, and
the solver's table cap (docs/RULES.md, "Games that cannot end")."""

from __future__ import annotations

import random

import pytest

import igisoro
from igisoro import Position

from igisoro_testing.reference import igisoro_ref as ref

LONE = "igisoro-wikipedia 0,0,0,0,0,0,0,0/0,1,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,3 s"


def test_lone_seed_is_endless() -> None:
    p = Position.from_notation(LONE)
    st = p.status()
    assert (st.state, st.winner, st.reason) == ("endless", None, "lone_seed")
    assert st.to_json() == {"state": "endless", "winner": None, "reason": "lone_seed"}
    a = p.analyse(depth=2)
    assert a.score.to_json() == {"type": "seeds", "value": 0.0}
    assert p.win_probability(a.score) == 0.5
    assert p.legal_moves()


def test_adjudicate_option_round_trips_and_decides() -> None:
    p = Position.from_notation(LONE + " adjudicate=seeds")
    assert p.notation().endswith("adjudicate=seeds")
    assert Position.from_notation(p.notation()) == p
    js = p.to_json()
    assert js["rules"]["adjudicate"] == "seeds"
    assert Position.from_json(js) == p
    st = p.status()
    assert (st.state, st.winner, st.reason) == ("won", "south", "adjudicated_seeds")
    assert p.analyse(depth=2).score.to_json() == {"type": "win", "turns": 0}
    assert not p.legal_moves()
    with pytest.raises(igisoro.IgisoroError):
        Position.from_notation(LONE + " adjudicate=coin")


def test_solver_table_cap_is_checked() -> None:
    p = Position.from_notation("isolo 2,2,2,2/2,2,2,2 s")
    assert p.solve(time_ms=2000, max_table_mb=1).outcome == "win"
    with pytest.raises(igisoro.InvalidLimitError):
        p.solve(time_ms=10, max_table_mb=0)


def _holder_positions(variant: str, count: int, seed: int, extra_rules: str = "") -> list[Position]:
    """Positions where one side holds 2..8 seeds, one per pit and at most
    one per column (the rows the out-of-reach condition looks at), the
    other side the rest; either side to move."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        k = rng.randint(2, 8)
        holder = [[0] * 8, [0] * 8]
        for col in rng.sample(range(8), k):
            holder[rng.randrange(2)][col] = 1
        rest = 64 - k
        big = [[4] * 8, [4] * 8]
        for i in range(64 - rest):
            big[i // 8 % 2][i % 8] -= 1
        rows = holder + big if rng.random() < 0.5 else big[::-1] + holder[::-1]
        side = rng.choice("sn")
        text = f"{variant} " + "/".join(",".join(map(str, r)) for r in rows) + f" {side}{extra_rules}"
        out.append(Position.from_notation(text))
    return out


@pytest.mark.parametrize(
    "variant,extra",
    [("igisoro-fr", ""), ("igisoro-wikipedia", ""), ("igisoro-fr", " reverse_pits=a1,g2"), ("igisoro-wikipedia", " clockwise=whole_turn")],
)
def test_out_of_reach_matches_the_reference(variant: str, extra: str) -> None:
    """The engine's fixed-point table against the reference's own cycle
    search over its own moves, on random rows a side might hold."""
    reasons = []
    for p in _holder_positions(variant, 60, seed=len(variant) + len(extra), extra_rules=extra):
        st = p.status()
        expected = ref.status(p.to_json())
        assert (st.state, st.winner, st.reason) == expected, p.notation()
        reasons.append(st.reason)
    # The sample is only a test if the answers occur where they can.
    assert "odd_singles" in reasons and None in reasons, reasons
    if "whole_turn" in extra or variant == "igisoro-fr":
        assert "out_of_reach" in reasons, reasons
    else:
        assert "out_of_reach" not in reasons, reasons


def test_odd_singles_need_no_end_pit_win() -> None:
    three = "igisoro-wikipedia 0,1,0,0,0,0,0,1/0,1,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,1 s"
    st = Position.from_notation(three).status()
    assert (st.state, st.reason) == ("endless", "odd_singles")
    assert Position.from_notation(three + " end_pits_win=true").status().state == "ongoing"
    assert ref.status(Position.from_notation(three + " end_pits_win=true").to_json())[0] == "ongoing"


def test_out_of_reach_is_endless_for_the_search_and_adjudicated() -> None:
    held = "igisoro-fr 0,1,0,0,0,0,0,0/0,0,0,0,0,0,1,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,3,3 s"
    p = Position.from_notation(held)
    assert p.status().to_json() == {"state": "endless", "winner": None, "reason": "out_of_reach"}
    assert p.analyse(depth=3).score.to_json() == {"type": "seeds", "value": 0.0}
    assert p.win_probability(p.analyse(depth=2).score) == 0.5
    st = Position.from_notation(held + " adjudicate=seeds").status()
    assert (st.state, st.winner, st.reason) == ("won", "south", "adjudicated_seeds")
