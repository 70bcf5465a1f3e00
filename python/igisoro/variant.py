"""Variant metadata."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from igisoro import _igisoro


@dataclass(frozen=True)
class VariantInfo:
    """A rule system the engine plays, with its sources and defaults."""

    name: str
    #: ``4x8`` (the Igisoro family) or ``2xn`` (Isolo).
    board: str
    aliases: tuple[str, ...]
    source: str
    description: str
    #: Every rule option with its value in this variant (JSON types).
    rules: dict[str, Any]
    #: The start position in text notation.
    start: str


def _option_value(kind: str, text: str) -> Any:
    """Text form of an option value (as the core keeps it) to its JSON type."""
    if kind == "bool":
        return text == "true"
    if kind == "int":
        return int(text)
    if kind == "pits":
        return [p for p in text.split(",") if p]
    return text


@functools.cache
def _kinds() -> dict[str, str]:
    # The options are fixed in the compiled core; asked once per process,
    # not once per position written out (a hot path of the service).
    return {o["name"]: o["kind"] for o in _igisoro.rule_options()}


def rules_to_json(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """(option, text) pairs from the core to a JSON object."""
    kinds = _kinds()
    return {k: _option_value(kinds[k], v) for k, v in pairs}


def variants() -> list[VariantInfo]:
    """Every variant, the default (``igisoro``) first.

    >>> [v.name for v in variants()]
    ['igisoro', 'igisoro-wikipedia', 'igisoro-fr', 'ikibuguzo-1', 'ikibuguzo-2', 'isolo']
    """
    return [
        VariantInfo(
            name=d["name"],
            board=d["board"],
            aliases=tuple(d["aliases"]),
            source=d["source"],
            description=d["description"],
            rules=rules_to_json(d["rules"]),
            start=d["start"],
        )
        for d in _igisoro.variants()
    ]


def rule_options() -> list[dict[str, Any]]:
    """Every rule option: name, kind (bool/int/choice/pits), allowed values, description."""
    return list(_igisoro.rule_options())
