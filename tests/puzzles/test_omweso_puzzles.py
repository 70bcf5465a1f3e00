"""Omweso's puzzles (issue 42): made from proofs as every variant's, from the
sowing phase only, shipped in the starter set, served by the puzzle
endpoints, and every shipped one's proof checked again.

The set-up is never a puzzle: its moves (arrangements, C(47, 15) of them)
are not listed, so no arrangement can be shown to be the only winning one
(``docs/OMWESO.md``, "Puzzles")."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from igisoro import Position
from igisoro.puzzles import PUZZLE_VARIANTS, Stats, find_puzzle, game_positions, puzzles_from, self_play, verify
from igisoro_service import create_app
from igisoro_service.puzzles.starter import read_starter

OMWESO = ("omweso", "mweso")
EVEN = "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2"


def _shipped(variant: str) -> list[object]:
    return [p for p in read_starter() if p.variant == variant]


@pytest.mark.parametrize("variant", OMWESO)
def test_puzzles_are_offered_for_omweso(variant: str) -> None:
    assert variant in PUZZLE_VARIANTS


@pytest.mark.parametrize("variant", OMWESO)
def test_the_setup_is_never_a_puzzle_nor_looked_at(variant: str) -> None:
    start = Position.start(variant)
    north = start.play(EVEN).position
    for pos in (start, north):
        found = find_puzzle(pos)
        assert (found.puzzle, found.reason, found.won) == (None, "set-up", False)
    # A submitted game from the set-up: its positions from the sowing phase on.
    play = north.play(EVEN).position
    move = play.legal_moves()[0].notation
    seen = list(game_positions(start, [EVEN, EVEN, move]))
    assert [c.position.phase for c in seen] == ["play", "play"]
    assert seen[0].position == play and seen[0].source == "game:2"
    # Self-play arranges by the engine and looks only at sowing positions.
    first = list(self_play(variant, 3, max_plies=6, branches=True))
    assert first and all(c.position.phase == "play" for c in first)
    assert first[0].source == f"self-play:{variant}:3:2"


def test_a_game_from_the_setup_gives_checked_puzzles_through_the_pipeline() -> None:
    """The shipped puzzle's game (self-play seed 2 of ``omweso``) found again
    from its position: the pipeline, not just the finder, keeps it."""
    shipped = next(p for p in _shipped("omweso") if p.id == "f11b0ce4c0e1")  # type: ignore[attr-defined]
    stats = Stats()
    pos = Position.from_notation(shipped.position)  # type: ignore[attr-defined]
    got = list(puzzles_from(game_positions(pos, []), stats))
    assert [p.id for p in got] == ["f11b0ce4c0e1"] and stats.puzzles == 1 and stats.refused == 0


@pytest.mark.parametrize("variant", OMWESO)
def test_the_shipped_omweso_puzzles_are_proofs_checked_again(variant: str) -> None:
    """Every shipped puzzle of the variant: a sowing-phase position under
    its own variant's rules, and the independent check re-proves it with
    twice the finder's budget (all of them: about 2 CPU seconds for 30)."""
    shipped = _shipped(variant)
    assert len(shipped) >= 30
    for p in shipped:
        pos = Position.from_notation(p.position)  # type: ignore[attr-defined]
        assert pos.phase == "play" and pos.variant == variant and p.rules == pos.rules  # type: ignore[attr-defined]
        assert p.source.startswith(f"self-play:{variant}:")  # type: ignore[attr-defined]
        verify(p, 40_000)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", OMWESO)
def test_the_endpoints_serve_an_omweso_puzzle_and_rate_its_solution(tmp_path: Path, variant: str) -> None:
    """From the starter set a fresh server loads: next by variant, then an
    attempt with the solution is solved and rated."""
    app = create_app({"TESTING": True, "JOB_DIR": str(tmp_path / "jobs"),
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'puzzles.sqlite3'}"})
    client: FlaskClient = app.test_client()
    solver = client.post("/v1/puzzles/solvers").json["solver"]  # type: ignore[index]
    r = client.get(f"/v1/puzzles/next?variant={variant}&solver={solver}")
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.json
    assert body is not None and body["variant"] == variant and "solution" not in body
    assert Position.from_notation(body["position"]).phase == "play"
    line = next(p.line for p in _shipped(variant) if p.id == body["id"])  # type: ignore[attr-defined]
    winner_moves = list(line[::2])
    r = client.post(f"/v1/puzzles/{body['id']}/attempts", json={"moves": winner_moves, "solver": solver})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json is not None and r.json["result"] == "solved" and r.json["rated"]
    # A move that is not the solution fails it.
    other = client.post("/v1/puzzles/solvers").json["solver"]  # type: ignore[index]
    pos = Position.from_notation(body["position"])
    wrong = next(m.notation for m in pos.legal_moves() if m.notation != line[0])
    r = client.post(f"/v1/puzzles/{body['id']}/attempts", json={"moves": [wrong], "solver": other})
    assert r.status_code == 200 and r.json is not None and r.json["result"] == "failed"
