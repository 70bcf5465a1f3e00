"""The puzzle themes' names for people, in the request's language (issue 43).

One table for the API (``theme_names`` beside a puzzle's ``themes``) and
the board's theme choice (``board/messages.py``): the ``themes`` values
themselves are the stable identifiers of :data:`igisoro.puzzles.THEMES`,
which a program filters by and which never change with the language.
"""

from __future__ import annotations

from typing import Any

from igisoro_service.i18n import lazy_gettext as _l

__all__ = ["THEME_NAMES", "theme_names"]

#: Each theme's name, translated when used.
THEME_NAMES: dict[str, Any] = {
    "capture": _l("capture"), "relay": _l("relay (3 laps or more)"), "long-relay": _l("long relay (6 laps or more)"),
    "retreat": _l("the opponent's retreat"), "clockwise": _l("clockwise sowing"),
    "no-move": _l("leaves the opponent no move"), "row-emptied": _l("empties the opponent's inner row"),
    "end-pits": _l("captures at both ends"), "wins-game": _l("wins the game"), "one-turn": _l("one turn"),
    "two-turns": _l("two turns"), "long": _l("three turns or more"),
}


def theme_names(themes: list[str]) -> dict[str, str]:
    """Each of ``themes`` with its name (an unknown theme keeps its identifier)."""
    return {t: str(THEME_NAMES[t]) if t in THEME_NAMES else t for t in themes}
