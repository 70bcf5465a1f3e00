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


def test_omwesos_levels_are_its_own_table_and_play_by_it():
    """Omweso's level 4 searches 2 turns (its own ladder); the published
    settings are the ones its levels play by, and only a level whose
    settings are the rated table's carries the rating."""
    common, omweso = igisoro.levels(), igisoro.levels("omweso")
    assert igisoro.levels("mweso") == omweso and igisoro.levels("isolo") == common
    assert igisoro.levels("igisoro-wikipedia") == common
    differ = [lv.level for lv, c in zip(omweso, common, strict=True) if lv != c]
    assert differ == [4]
    assert (omweso[3].depth, omweso[3].noise_seeds, omweso[3].random_moves) == (2, 3.0, 0.25)
    assert omweso[3].rating is None and all(lv.rating is not None for lv in omweso if lv.level != 4)
    play = igisoro.Position.from_notation(
        "omweso 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 s")
    for lv in omweso[:9]:
        a = play.best_move(level=lv.level, time_ms=2000, seed=1)
        # A win proven before the depth is reached ends the search there.
        assert a.depth == lv.depth or a.stopped_by == "proven", (lv, a.depth, a.stopped_by)
    assert play.best_move(level=4, time_ms=2000, seed=1).depth == 2


def test_levels_of_an_unknown_variant_name_it():
    try:
        igisoro.levels("omwesoo")
    except igisoro.UnknownVariantError as e:
        assert "'omwesoo'" in str(e)
    else:
        raise AssertionError("no error")
