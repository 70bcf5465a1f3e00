"""``/v1/variants``: the rule systems the engine plays and their options."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service import engine

bp = Blueprint("variants", __name__, url_prefix="/v1/variants")


def _variant(v: igisoro.VariantInfo) -> dict[str, Any]:
    return {
        "name": v.name,
        "board": v.board,
        "aliases": list(v.aliases),
        "source": v.source,
        "description": v.description,
        "rules": v.rules,
        "start": engine.view(igisoro.Position.from_notation(v.start)),
    }


@bp.get("")
def list_variants() -> dict[str, Any]:
    """Every variant (the default first) and the metadata of every rule option;
    ``board`` says which variants an option applies to.

    ---
    get:
      tags: [variants]
      operationId: listVariants
      summary: Variants and rule options
      description: |
        Every variant (the default first) with its rule option values,
        aliases, source, description and start position; and the metadata
        of every rule option (kind, allowed values).
      responses:
        200: {description: The variants., x-json: VariantList}
      x-problems: [default]
    """
    return {
        "default": igisoro.variants()[0].name,
        "variants": [_variant(v) for v in igisoro.variants()],
        "rule_options": igisoro.rule_options(),
    }
