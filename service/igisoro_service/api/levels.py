"""``/v1/levels``: the strength levels, what each searches and how strong it measured."""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service.body import load_query
from igisoro_service.schemas import LevelsQuery

bp = Blueprint("levels", __name__, url_prefix="/v1/levels")

_query = LevelsQuery()


def _rating(r: igisoro.Rating | None) -> dict[str, Any] | None:
    return None if r is None else dataclasses.asdict(r)


@bp.get("")
def list_levels() -> dict[str, Any]:
    """Every strength level with its search settings and measured rating.

    ---
    get:
      tags: [variants]
      operationId: listLevels
      summary: Strength levels and their ratings
      description: |
        Levels 1 (beginner) to 10 (full strength), as `POST /v1/best-move`
        plays them with `level`: each level's search depth (null for level
        10, which searches as deep as its time allows), the noise on its
        move scores and its share of random moves; and its rating on one
        Elo scale, with the 95% interval, from a round robin of the levels
        and the public baseline bot on the balanced opening book
        (`ratings` says under which rules, at what time a move, and the
        commands; docs/benchmarks/levels.md). A game backend matching a
        player to a level reads the differences: level 1 is rated 0.

        With `variant`, the levels as they play that variant: Omweso's
        (`omweso`, `mweso`) level 4 searches 2 turns with 25 % random
        moves (its own ladder, docs/benchmarks/levels.md); a level whose
        settings differ from the rated table has `rating: null`.
      parameters:
      - {in: query, schema: LevelsQuery}
      responses:
        200: {description: The levels., x-json: LevelList}
      x-problems: [422, default]
    """
    shipped = igisoro.level_ratings()
    info = dataclasses.asdict(shipped)
    info["commands"] = list(shipped.commands)
    info["bot"] = _rating(shipped.players.get("bot"))
    del info["players"]
    return {
        "levels": [{**dataclasses.asdict(lv), "rating": _rating(lv.rating)}
                   for lv in igisoro.levels(load_query(_query)["variant"])],
        "ratings": info,
    }
