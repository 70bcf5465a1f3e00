"""Issue 30: every engine exception says which field, pit and value of the
input it concerns (``field``, ``pit``, ``value``, ``path``), not only in its
message."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import igisoro

START = igisoro.Position.start("igisoro").to_json()
ISOLO = igisoro.Position.start("isolo").to_json()


def _refused(base: dict[str, Any], **changes: Any) -> igisoro.InvalidPositionError:
    data = copy.deepcopy(base)
    data.update(changes)
    with pytest.raises(igisoro.InvalidPositionError) as info:
        igisoro.Position.from_json(data)
    return info.value


def _pits(base: dict[str, Any], r: int, c: int, v: Any) -> list[list[Any]]:
    pits = copy.deepcopy(base["pits"])
    pits[r][c] = v
    return pits


def test_a_negative_count_names_its_pit() -> None:
    e = _refused(START, pits=_pits(START, 2, 3, -1))
    assert (e.field, e.pit, e.value, e.path) == ("pits", (2, 3), -1, "pits[2][3]")
    assert str(e).startswith("invalid position: pit ")
    e = _refused(ISOLO, pits=_pits(ISOLO, 1, 0, -2))
    assert (e.field, e.pit, e.value, e.path) == ("pits", (1, 0), -2, "pits[1][0]")


def test_a_count_of_the_wrong_type_names_its_pit() -> None:
    e = _refused(START, pits=_pits(START, 0, 5, "four"))
    assert (e.field, e.pit, e.path) == ("pits", (0, 5), "pits[0][5]")


def test_a_wrong_total_names_the_pits() -> None:
    e = _refused(START, pits=_pits(START, 1, 0, 5))
    assert (e.field, e.pit, e.value, e.path) == ("pits", None, 65, "pits")


@pytest.mark.parametrize("base", [START, ISOLO], ids=["igisoro", "isolo"])
def test_a_bad_side_is_named(base: dict[str, Any]) -> None:
    e = _refused(base, to_move="east")
    assert (e.field, e.pit, e.value, e.path) == ("to_move", None, "east", "to_move")


def test_a_bad_rule_value_is_named() -> None:
    e = _refused(START, rules={"min_seeds": 0})
    assert (e.field, e.value, e.path) == ("rules.min_seeds", "0", "rules.min_seeds")
    e = _refused(START, rules={"no_such_option": True})
    assert (e.field, e.path) == ("rules.no_such_option", "rules.no_such_option")


@pytest.mark.parametrize(
    ("base", "changes", "field"),
    [
        (START, {"opening_plies": 99}, "opening_plies"),
        (START, {"winner": "east"}, "winner"),
        (START, {"phase": "main"}, "phase"),
        (ISOLO, {"phase": "bogus"}, "phase"),
        (START, {"to_move": 3}, "to_move"),
        (START, {"variant": 3}, "variant"),
    ],
)
def test_a_state_field_is_named(base: dict[str, Any], changes: dict[str, Any], field: str) -> None:
    e = _refused(base, **changes)
    assert (e.field, e.path) == (field, field)


def test_an_unknown_variant_is_named() -> None:
    with pytest.raises(igisoro.UnknownVariantError) as info:
        igisoro.Position.start("chess")
    assert (info.value.field, info.value.value, info.value.pit) == ("variant", "chess", None)


def test_notation_errors_have_fields_but_no_json_path() -> None:
    text = igisoro.Position.start("igisoro").notation().replace("4", "5", 1)
    with pytest.raises(igisoro.InvalidPositionError) as info:
        igisoro.Position.from_notation(text)
    assert (info.value.field, info.value.value, info.value.path) == ("pits", 65, None)


def test_errors_without_a_field_have_none() -> None:
    with pytest.raises(igisoro.IllegalMoveError) as info:
        igisoro.Position.start("igisoro").play("a1")
    assert (info.value.field, info.value.pit, info.value.path) == (None, None, None)
    # Raised from Python code: the class defaults answer.
    e = igisoro.InvalidLimitError("x")
    assert (e.field, e.pit, e.value, e.path) == (None, None, None, None)
