"""``Position.solve``: proofs checked against the rules and the search.

A proof is checked by replaying its line with the rules (every move legal,
the game over at the end with the claimed winner), by the alpha-beta
search's forced results on the same positions, and a budget that runs out
must answer ``unknown``, never a proof.
"""

from __future__ import annotations

import pytest

import igisoro
from igisoro import InvalidLimitError, Position

#: Isolo's start with 4 holes a side: South's forced win (docs/ISOLO.md).
ISOLO = "isolo 2,2,2,2/2,2,2,2 s"
#: South wins in one turn (rust_core/tests/search_forced.rs).
WIN_1 = "igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s"
#: South's single seeds cannot start a turn: the game is over, South lost.
LOST = "igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 s"


def replay(start: Position, line: tuple[str, ...]) -> Position:
    """Play ``line`` with checking; each move must be legal."""
    pos = start
    for mv in line:
        pos = pos.play(mv).position
    return pos


def check_proof(pos: Position, sol: igisoro.Solution) -> None:
    """The line is legal and ends the game with the claimed winner, and the
    independent check walked the whole proof tree (at least the line's
    positions before the end)."""
    assert sol.proven and sol.stopped_by == "proven" and sol.line
    assert sol.proof_positions is not None and sol.proof_positions >= (len(sol.line) + 1) // 2
    end = replay(pos, sol.line).status()
    assert end.state != "ongoing", f"the line {sol.line} does not end the game"
    winner = pos.to_move if sol.outcome == "win" else ("north" if pos.to_move == "south" else "south")
    assert end.winner == winner


def test_isolo_start_is_a_proven_win():
    pos = Position.from_notation(ISOLO)
    # A node budget, not a time: the proof takes a few expansions, but a
    # time budget sizes the table to it (hundreds of MB to clear), which a
    # loaded machine did not finish in 5 s.
    sol = pos.solve(nodes=100_000)
    assert sol.outcome == "win"
    check_proof(pos, sol)
    assert sol.turns is not None and sol.turns >= 1


def test_a_win_in_one_is_proven_with_its_move():
    pos = Position.from_notation(WIN_1)
    sol = pos.solve(nodes=100_000)
    assert (sol.outcome, sol.turns) == ("win", 1)
    check_proof(pos, sol)
    assert sol.line[0] in {m.notation for m in pos.legal_moves()}


#: A win in 4 turns the alpha-beta search finds in 6 ms and the solver used
#: to miss, chasing long lines (docs/benchmarks/solver.md, "short runs").
SHORT_WIN = "ikibuguzo-2 7,7,0,0,0,4,0,0/2,5,0,1,2,2,1,0/1,1,0,3,3,0,3,0/1,2,0,4,0,5,5,5 s"


def test_a_short_win_is_not_missed():
    pos = Position.from_notation(SHORT_WIN)
    sol = pos.solve(nodes=1_000_000)
    assert sol.outcome == "win" and sol.turns is not None and sol.turns <= 4
    check_proof(pos, sol)


def test_unknown_has_no_proof_positions():
    sol = Position.start("igisoro").solve(nodes=500)
    assert sol.outcome == "unknown" and sol.proof_positions is None


def test_a_lost_position_is_a_loss_without_search():
    sol = Position.from_notation(LOST).solve(nodes=10)
    assert sol.outcome == "loss" and sol.stopped_by == "game_over" and sol.line == ()


def random_positions(variant: str, n: int, plies: int) -> list[Position]:
    out = []
    for seed in range(n):
        pos = Position.start(variant)
        for k in range(plies):
            nxt = pos.random_move(seed * 1000 + k)
            if nxt is None:
                break
            pos = nxt
        out.append(pos)
    return out


@pytest.mark.parametrize(("variant", "plies", "least"), [
    ("igisoro", 60, 2), ("ikibuguzo-1", 40, 1), ("isolo", 2, 5), ("igisoro-fr", 60, 0),
])
def test_proofs_agree_with_the_search_and_replay(variant, plies, least):
    """Positions of random games: whatever the solver proves replays with the
    rules and agrees with a forced result the search finds; and where the
    search sees a forced result within 3 turns, the solver proves it too.
    ``least``: proofs this sample held when the test was written (French
    rules' long games prove nothing at this budget)."""
    proven = 0
    for pos in random_positions(variant, 6, plies):
        if pos.status().state != "ongoing":
            continue
        sol = pos.solve(nodes=20_000)
        a = pos.analyse(depth=3)
        if sol.proven:
            proven += 1
            check_proof(pos, sol)
            if a.score.type in ("win", "loss"):
                assert a.score.type == sol.outcome, (pos.notation(), a.score, sol)
        elif a.score.type in ("win", "loss") and not a.truncated_turns:
            assert pos.solve(nodes=2_000_000).outcome == a.score.type, pos.notation()
    assert proven >= least


def test_a_budget_that_runs_out_is_unknown_never_a_proof():
    sol = Position.start("igisoro").solve(nodes=50)
    assert sol.outcome == "unknown" and sol.stopped_by == "nodes" and sol.line == () and sol.turns is None


def test_timeout_cuts_it_short_flagged_partial():
    sol = Position.start("igisoro").solve(time_ms=60_000, timeout=0.2)
    assert sol.outcome == "unknown" and sol.partial and sol.time_ms < 5_000


@pytest.mark.parametrize(("kwargs", "named"), [
    ({}, "nodes or time_ms"),
    ({"nodes": 0}, "nodes"),
    ({"time_ms": -5}, "time_ms"),
    ({"nodes": "many"}, "nodes"),
    ({"time_ms": 10**12}, "time_ms"),
])
def test_bad_budgets_are_refused_by_name(kwargs, named):
    with pytest.raises(InvalidLimitError, match=named):
        Position.start("igisoro").solve(**kwargs)


def test_to_json_is_the_api_form():
    sol = Position.from_notation(WIN_1).solve(nodes=100_000)
    assert sol.to_json() == {"outcome": "win", "line": list(sol.line), "turns": 1, "nodes": sol.nodes,
                             "time_ms": sol.time_ms, "stopped_by": "proven", "unknown_turns": sol.unknown_turns,
                             "proof_positions": sol.proof_positions, "partial": False}
    assert sol.proof_positions is not None and sol.proof_positions >= 1
