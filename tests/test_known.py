"""Analyses known before (:mod:`igisoro.known`): the pipeline that reads a
store before searching gives the answers a fresh search gives."""

from __future__ import annotations

import random
from typing import Any

import pytest

import igisoro
from igisoro.batch import Limits, analyse_items
from igisoro.known import review_known
from igisoro.review import review_many
from igisoro_testing.positions import move_choices


class Memory:
    """The smallest store: a dict per kind of entry, counting what it answers."""

    def __init__(self) -> None:
        self.analyses: dict[tuple[str, int], dict[str, Any]] = {}
        self.plies: dict[tuple[str, str, int], dict[str, Any]] = {}
        self.hits = 0

    def answer(self, position: igisoro.Position, limits: dict[str, Any]) -> dict[str, Any] | None:
        entry = self.analyses.get((position.notation(), limits["multipv"]))
        if entry is None or entry["depth"] < (limits["depth"] or 10**9):
            return None
        self.hits += 1
        return {**entry, "cached": True}

    def keep(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis,
             json_form: dict[str, Any] | None = None) -> None:
        self.analyses[(position.notation(), multipv)] = analysis.to_json(multipv) if json_form is None else json_form

    def ply(self, before: igisoro.Position, canonical: str, depth: int) -> dict[str, Any] | None:
        found = self.plies.get((before.notation(), canonical, depth))
        self.hits += found is not None
        return found

    def keep_ply(self, before: igisoro.Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
        self.plies[(before.notation(), canonical, depth)] = ply


def _games(seed: int) -> list[tuple[igisoro.Position, list[str]]]:
    """Random games of every variant, some sharing their openings, one
    spelling a move as tokens, one with an illegal move."""
    rng = random.Random(seed)
    games = []
    for v in igisoro.variants():
        for _ in range(3):
            pos = start = igisoro.Position.start(v.name)
            moves: list[str] = []
            for _ in range(rng.randint(0, 10)):
                if pos.status().state != "ongoing":
                    break
                m = rng.choice(move_choices(pos, 200))
                moves.append(m)
                pos = pos.play(m).position
            games.append((start, moves))
    games.append((games[0][0], games[0][1][:3]))  # an opening shared with a game before it
    games.append((games[1][0], [*games[1][1][:2], "z9"]))  # an illegal move: reviewed whole
    return games


@pytest.mark.parametrize("seed", [1, 2])
def test_a_review_from_known_plies_is_the_review_a_fresh_one_writes(seed: int) -> None:
    games = _games(seed)
    plain = [r.to_json() for r in review_many(games, depth=2)]  # type: ignore[union-attr]
    store = Memory()
    first = review_known(games, store, depth=2)
    again = review_known(games, store, depth=2)
    for f, a, p in zip(first, again, plain, strict=True):
        assert f.review == p
        assert a.review == p
    legal = [len(p["plies"]) for p in plain if p["illegal"] is None]
    assert sum(a.cached_plies for a in again) == sum(legal) > 20
    assert sum(f.cached_plies for f in first) == 0  # looked up before anything was searched


def test_other_depths_and_limits_are_not_answered_by_known_plies() -> None:
    games = _games(3)[:4]
    store = Memory()
    review_known(games, store, depth=2)
    assert all(r.cached_plies == 0 for r in review_known(games, store, depth=1))
    by_nodes = review_known(games, store, nodes=500)
    assert all(r.cached_plies == 0 for r in by_nodes)


def test_no_time_at_all_is_refused_as_the_core_refuses_it() -> None:
    (start, moves), *_ = (g for g in _games(4) if len(g[1]) >= 3)
    r = review_known([(start, moves)], Memory(), depth=2, timeout=0.0)[0]
    # No time at all: the walk itself is refused, as igisoro.review refuses it.
    assert isinstance(r.review, igisoro.EngineTimeoutError)


def test_a_batch_answers_known_positions_and_keeps_the_rest() -> None:
    starts = [igisoro.Position.start(v).notation() for v in ("igisoro", "isolo", "ikibuguzo-1")]
    store = Memory()
    first = analyse_items("positions", [*starts, "nope"], Limits(depth=3), known=store)
    assert [ln.get("cached") for ln in first] == [False, False, False, None]
    again = analyse_items("positions", starts, Limits(depth=3), known=store)
    assert [ln["cached"] for ln in again] == [True, True, True]
    for a, b in zip(first, again, strict=False):
        assert {**a, "cached": True} == b
    deeper = analyse_items("positions", starts[:1], Limits(depth=4), known=store)
    assert deeper[0]["cached"] is False and deeper[0]["depth"] == 4
    plain = analyse_items("positions", starts[:1], Limits(depth=3))
    assert "cached" not in plain[0]  # no store, no flag (igisoro analyse's lines as before)


def test_a_batch_with_a_store_writes_each_analysis_json_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: a searched item's JSON is made once, for its line and the
    store alike, and the core is not asked for it again (the search's
    result carries the text the core wrote)."""
    made: list[int | None] = []
    to_json = igisoro.Analysis.to_json
    written: list[Any] = []

    def counted(self: igisoro.Analysis, multipv: int | None = None) -> dict[str, Any]:
        made.append(multipv)
        return to_json(self, multipv)

    monkeypatch.setattr(igisoro.Analysis, "to_json", counted)
    monkeypatch.setattr(igisoro._igisoro, "analysis_json", lambda *a: written.append(a))
    starts = [igisoro.Position.start(v).notation() for v in ("igisoro", "isolo")]
    store = Memory()
    lines = analyse_items("positions", starts, Limits(depth=2, multipv=2), known=store)
    assert made == [2, 2] and written == []
    assert [store.analyses[(s, 2)]["depth"] for s in starts] == [ln["depth"] for ln in lines] == [2, 2]


def test_a_deadline_in_the_middle_leaves_later_plies_unsearched() -> None:
    start = igisoro.Position.start("igisoro")
    moves = [str(m) for m in igisoro.Position.start("igisoro").analyse(depth=1).pv[:1]]
    pos = start.play(moves[0]).position
    for _ in range(30):
        if pos.status().state != "ongoing":
            break
        m = pos.analyse(depth=1).best_move
        assert m is not None
        moves.append(m)
        pos = pos.play(m).position
    r = review_known([(start, moves)], Memory(), depth=9, timeout=0.3)[0]
    assert isinstance(r.review, dict) and r.review["partial"]
    plies = r.review["plies"]
    assert len(plies) == len(moves) and plies[-1]["evaluation"] is None
    assert plies[-1]["position_after"] == pos.notation()


def test_games_sharing_an_opening_in_one_call_search_it_once() -> None:
    """Plies two games of one call share are reviewed once (a job's chunk of
    games from the same opening), and each game still gets its whole review."""
    start = igisoro.Position.start("igisoro")
    opening = ["b2", "a3", "c2"]
    pos = start
    for m in opening:
        pos = pos.play(m).position
    ends = [str(m.move) for m in list(pos.legal_moves())[:3]]
    games = [(start, [*opening, e]) for e in ends]
    kept: list[tuple[str, str]] = []

    class Counting(Memory):
        def keep_ply(self, before: igisoro.Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
            kept.append((before.notation(), canonical))
            super().keep_ply(before, canonical, depth, ply)

    found = review_known(games, Counting(), depth=2)
    assert len(kept) == len(set(kept)) == len(opening) + len(ends)
    plain = review_many(games, depth=2)
    assert [f.review for f in found] == [p.to_json() for p in plain]  # type: ignore[union-attr]
