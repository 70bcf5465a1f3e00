"""``igisoro.levels()`` and ``igisoro.level_ratings()``: the settings the
levels play by and the shipped ratings, with where they came from."""

from __future__ import annotations

from pathlib import Path

import igisoro

ROOT = Path(__file__).resolve().parents[1]


def test_levels_play_by_the_published_depths():
    """The published depth is the one the level searches to: a level's
    analysis completes exactly that depth when its time allows."""
    pos = igisoro.Position.start("igisoro")
    for lv in igisoro.levels()[:9]:
        assert lv.depth is not None
        a = pos.best_move(level=lv.level, time_ms=2000, seed=1)
        assert a.depth == lv.depth, (lv, a.depth)
    assert igisoro.levels()[9].depth is None


def test_the_shipped_ratings_say_how_they_were_measured():
    shipped = igisoro.level_ratings()
    assert set(shipped.players) == {f"L{n}" for n in range(1, 11)} | {"bot"}
    assert shipped.players[shipped.anchor].elo == 0
    # The openings and the commands point at things in this repository.
    assert (ROOT / shipped.openings).is_file(), shipped.openings
    assert any("strength roundrobin" in c and f"--book {shipped.openings}" in c for c in shipped.commands)
    assert any("bench/ratings.py" in c for c in shipped.commands)
    assert shipped.games_per_pairing >= 20
