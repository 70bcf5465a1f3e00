"""``Position.from_json`` reads a dict in the core itself (no round trip
through JSON text), so values ``json.loads`` never makes are refused there,
each named, and the ones it makes read as their text would."""

from __future__ import annotations

import json
from collections import OrderedDict

import pytest

import igisoro
from igisoro import InvalidPositionError, Position


@pytest.mark.parametrize(("value", "named"), [
    (float("nan"), "not a finite number"),
    (float("inf"), "not a finite number"),
    ((4, 4), "a tuple"),
    (b"igisoro", "a bytes"),
    ({1: 2}, "a key that is not a string"),
    (object(), "a object"),
])
def test_values_json_never_makes_are_refused_and_named(value: object, named: str) -> None:
    with pytest.raises(InvalidPositionError, match=named):
        Position.from_json({"variant": "igisoro", "pits": value})


def test_deep_nesting_is_refused_not_a_crash() -> None:
    deep: dict[str, object] = {}
    inner = deep
    for _ in range(10_000):
        inner["a"] = {}
        inner = inner["a"]  # type: ignore[assignment]
    with pytest.raises(InvalidPositionError, match="nested too deeply"):
        Position.from_json(deep)


@pytest.mark.parametrize("variant", [v.name for v in igisoro.variants()])
def test_a_dict_reads_as_its_json_text_does(variant: str) -> None:
    p = Position.start(variant)
    d = p.to_json()
    assert Position.from_json(d) == Position.from_json(json.dumps(d)) == p
    assert Position.from_json(OrderedDict(d)) == p  # any dict, as json.loads(object_pairs_hook=...) makes
    huge = {**d, "to_move": d["to_move"], "opening_plies": 10**30} if "opening_plies" in d else None
    if huge is not None:
        with pytest.raises(InvalidPositionError, match="opening_plies"):
            Position.from_json(huge)
