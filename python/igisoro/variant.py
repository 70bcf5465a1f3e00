"""Variant metadata."""

from __future__ import annotations

import json

from dataclasses import dataclass
from typing import Any

from igisoro import _igisoro


@dataclass(frozen=True)
class VariantInfo:
    """A rule system the engine plays, with its sources and defaults."""

    name: str
    #: ``4x8`` (the Igisoro family), ``2xn`` (Isolo) or ``omweso`` (Omweso and
    #: Mweso: the 4x8 board under rules of their own, with a set-up phase).
    board: str
    aliases: tuple[str, ...]
    source: str
    description: str
    #: Every rule option with its value in this variant (JSON types).
    rules: dict[str, Any]
    #: The start position in text notation.
    start: str


def variants() -> list[VariantInfo]:
    """Every variant, the default (``igisoro``) first.

    >>> [v.name for v in variants()]
    ['igisoro', 'igisoro-wikipedia', 'igisoro-fr', 'ikibuguzo-1', 'ikibuguzo-2', 'isolo', 'omweso', 'mweso']
    """
    return [
        VariantInfo(
            name=d["name"],
            board=d["board"],
            aliases=tuple(d["aliases"]),
            source=d["source"],
            description=d["description"],
            rules=d["rules"],
            start=d["start"],
        )
        for d in json.loads(_igisoro.VARIANTS_JSON)
    ]


def rule_options() -> list[dict[str, Any]]:
    """Every rule option: name, kind (bool/int/choice/pits), allowed values, description."""
    return json.loads(_igisoro.RULE_OPTIONS_JSON)  # type: ignore[no-any-return]
