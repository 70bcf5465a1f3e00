"""Whole games played through ``/v1/moves/check`` agree with the Python API:
the same results, statuses and captures, ply by ply, to the game's end."""

from __future__ import annotations

import random

import pytest

import igisoro

MAX_PLIES = 150


@pytest.mark.parametrize(
    ("variant", "seed", "ends"),
    # Random French games (any single seed may move) rarely end: that one is
    # played to the cap; the others are played to their end.
    [("igisoro", 1, True), ("igisoro-fr", 2, False), ("ikibuguzo-1", 3, True), ("ikibuguzo-2", 4, True),
     ("isolo", 5, True), ("isolo", 6, True)],
)
def test_game_through_the_api(client, variant, seed, ends):
    rng = random.Random(seed)
    p = igisoro.Position.start(variant)
    position: object = p.to_json()  # the API's own JSON form, fed back each ply
    for ply in range(MAX_PLIES):
        if p.status().state == "won":
            break
        moves = p.legal_moves(limit=200)
        move = rng.choice(moves).notation
        expected = p.play(move)
        r = client.post("/v1/moves/check", json={"position": position, "move": move})
        assert r.status_code == 200, (ply, move, r.json)
        body = r.json
        assert body["result"]["notation"] == expected.position.notation(), (ply, move)
        assert body["status"] == expected.status.to_json()
        assert (body["captured"], body["laps"]) == (expected.captured, expected.laps)
        assert body["canonical"] == p.canonical(move).notation
        position = body["result"]["position"]
        p = expected.position
    assert (body["status"]["state"] == "won") == ends
