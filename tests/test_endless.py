"""Issue 31, items 5 and 6: games that cannot end, their adjudication, and
the solver's table cap (docs/RULES.md, "Games that cannot end")."""

from __future__ import annotations

import pytest

import igisoro
from igisoro import Position

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
