"""Strength levels 1..10, each with what it searches and its measured rating.

Why a rating: a game backend matching a player to a level needs to know how
far apart the levels are, not only that each beats the one below. The
ratings come from a round robin of the levels (and the depth-5 baseline bot)
on the balanced opening book, fitted to one Elo scale
(``bench/ratings.py``); the shipped file ``data/level_ratings.json`` names
the command, the rules, the time per move and the openings it was measured
with (docs/benchmarks/levels.md). Elo differences are what carry over: the
scale is anchored at level 1 = 0.

The settings come from the engine itself (the table its levels play by), so
they cannot drift from what :meth:`igisoro.Position.best_move` does.

>>> [lv.level for lv in levels()]
[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> levels()[-1].depth is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from igisoro import _igisoro
from igisoro.errors import UnknownVariantError
from igisoro.variant import variants


@dataclass(frozen=True)
class Rating:
    """A player's rating on the round robin's Elo scale, with its 95% interval."""

    elo: float
    low: float
    high: float
    #: Games the player played in the round robin.
    games: int
    #: Its share of the points in them (a draw is half a point), 0..1.
    score: float


@dataclass(frozen=True)
class Level:
    """One strength level: what it searches, and how strong that measured."""

    level: int
    #: Search depth in turns; ``None`` for level 10, which searches as deep
    #: as its time allows.
    depth: int | None
    #: Amplitude of the seeded noise added to each root move's score, in
    #: seeds (0: the best move as searched).
    noise_seeds: float
    #: Share of moves played uniformly at random, 0..1 (the weakest levels'
    #: blunders).
    random_moves: float
    #: The measured rating; ``None`` if the shipped round robin did not
    #: include this level.
    rating: Rating | None


@dataclass(frozen=True)
class LevelRatings:
    """How the shipped ratings were measured, and the ratings of every player."""

    #: The rules the round robin was played under.
    rules: str
    #: Milliseconds a move (level 10's budget; levels 1..9 search to a fixed depth).
    time_ms: int
    #: Where the openings came from (the balanced book's path in the repository).
    openings: str
    #: Games per pairing.
    games_per_pairing: int
    #: The player rated 0.
    anchor: str
    #: The first mover's advantage on the same scale.
    first_move_advantage: float
    #: The command that played the games and the one that fitted them.
    commands: tuple[str, ...]
    #: When the games were played (ISO date).
    measured: str
    #: Every player's rating by name (``L1`` .. ``L10``, ``bot``).
    players: dict[str, Rating]


def level_ratings() -> LevelRatings:
    """The shipped round robin's ratings and how they were measured."""
    raw: dict[str, Any] = json.loads(
        resources.files("igisoro").joinpath("data/level_ratings.json").read_text(encoding="utf-8")
    )
    players = {
        name: Rating(elo=p["elo"], low=p["low"], high=p["high"], games=p["games"], score=p["score"])
        for name, p in raw["players"].items()
    }
    return LevelRatings(
        rules=raw["rules"],
        time_ms=raw["time_ms"],
        openings=raw["openings"],
        games_per_pairing=raw["games_per_pairing"],
        anchor=raw["anchor"],
        first_move_advantage=raw["first_move_advantage"],
        commands=tuple(raw["commands"]),
        measured=raw["measured"],
        players=players,
    )


def levels(variant: str = "igisoro") -> list[Level]:
    """Every level 1..10 as it plays ``variant``: its search settings and
    its measured rating.

    The settings are those of the variant's rule system: Omweso's
    (``omweso``, ``mweso``) has its own level 4 (its ladder,
    docs/benchmarks/levels.md), the others share one table. The ratings
    were measured on that shared table (``igisoro`` rules), so a level
    whose settings differ from it has ``rating`` None: a rating is never
    lent to a level that did not play for it. Raises
    :class:`igisoro.UnknownVariantError` for a name that is not a variant.

    >>> [lv.depth for lv in levels("omweso")][:5]
    [1, 1, 1, 2, 2]
    >>> levels("omweso")[3].rating is None, levels("omweso")[4].rating is not None
    (True, True)
    """
    board = _board_of(variant)
    tables: dict[str, list[dict[str, Any]]] = json.loads(_igisoro.LEVELS_JSON)
    measured = tables["4x8"]
    ratings = level_ratings().players
    return [
        Level(
            level=d["level"],
            depth=d["depth"],
            noise_seeds=d["noise"] / 100,
            random_moves=d["random_percent"] / 100,
            rating=ratings.get(f"L{d['level']}") if d == measured[i] else None,
        )
        for i, d in enumerate(tables[board])
    ]


def _board_of(variant: str) -> str:
    """The rule system (``board``) of ``variant`` or one of its aliases."""
    if isinstance(variant, str):
        for v in variants():
            if variant == v.name or variant in v.aliases:
                return v.board
    raise UnknownVariantError(f"unknown variant {variant!r}: see igisoro.variants()")
