"""Every trace event the engine writes has exactly the keys its
``igisoro.trace`` type declares, over random games of every variant."""

from __future__ import annotations

import random
import typing

import pytest

import igisoro
from igisoro import trace
from igisoro_testing.positions import move_choices

KEYS = {typing.get_args(typing.get_type_hints(t)["type"])[0]: t.__required_keys__ for t in typing.get_args(trace.TraceEvent)}


def test_every_event_type_is_declared_once() -> None:
    assert set(KEYS) == {"decision", "lift", "hand", "sow", "capture", "retreat", "lap_end"}


@pytest.mark.parametrize("variant", [v.name for v in igisoro.variants()])
def test_events_have_their_declared_keys(variant: str) -> None:
    rng = random.Random(variant)
    seen: set[str] = set()
    for game in range(6):
        pos = igisoro.Position.start(variant)
        for _ in range(60):
            moves = move_choices(pos, 40)
            if not moves:
                break
            played = pos.play(rng.choice(moves))
            for e in played.trace:
                assert set(e) == KEYS[e["type"]], e
                seen.add(e["type"])
            pos = played.position
    assert {"lift", "sow"} <= seen
