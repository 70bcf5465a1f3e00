"""``GET /v1/levels``: the levels' settings from the engine, their ratings from the shipped round robin."""

from __future__ import annotations

import igisoro


def test_every_level_with_its_settings_and_rating(client):
    r = client.get("/v1/levels")
    assert r.status_code == 200
    body = r.json
    levels = body["levels"]
    assert [lv["level"] for lv in levels] == list(range(1, 11))
    # The settings are the engine's own table, read through the package.
    for lv, py in zip(levels, igisoro.levels(), strict=True):
        assert (lv["depth"], lv["noise_seeds"], lv["random_moves"]) == (py.depth, py.noise_seeds, py.random_moves)
    assert [lv["level"] for lv in levels if lv["depth"] is None] == [10]
    for lv in levels:
        rating = lv["rating"]
        assert rating is not None, f"level {lv['level']} has no rating"
        assert rating["low"] <= rating["elo"] <= rating["high"]
        assert rating["games"] > 0 and 0 <= rating["score"] <= 1
    info = body["ratings"]
    assert info["anchor"] == "L1" and levels[0]["rating"]["elo"] == 0
    assert info["bot"] is not None and info["commands"] and info["time_ms"] > 0
    assert info["openings"] == "bench/data/book/igisoro.txt"


def test_level_ten_rates_far_above_level_one(client):
    """The ladder the ratings measure: the strongest level's interval is
    wholly above the weakest's (a file with levels mixed up fails)."""
    levels = client.get("/v1/levels").json["levels"]
    assert levels[-1]["rating"]["low"] > levels[0]["rating"]["high"]


def test_the_levels_of_a_variant(client):
    """``?variant=``: Omweso's table (level 4 its own, unrated), any other
    variant the rated one; an unknown name is a 422 naming the field."""
    common = client.get("/v1/levels").json["levels"]
    assert client.get("/v1/levels?variant=isolo").json["levels"] == common
    for name in ("omweso", "mweso"):
        levels = client.get(f"/v1/levels?variant={name}").json["levels"]
        assert [lv["level"] for lv in levels if lv != common[lv["level"] - 1]] == [4]
        assert (levels[3]["depth"], levels[3]["random_moves"], levels[3]["rating"]) == (2, 0.25, None)
        for lv, py in zip(levels, igisoro.levels(name), strict=True):
            assert (lv["depth"], lv["noise_seeds"], lv["random_moves"]) == (py.depth, py.noise_seeds, py.random_moves)
    r = client.get("/v1/levels?variant=nope")
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    assert r.json["type"] == "urn:igisoro:problem:validation-error" and "variant" in r.json["errors"]
