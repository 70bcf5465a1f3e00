"""``/v1/variants``: the rule systems the engine plays and their options."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

import igisoro
from igisoro_service import engine
from igisoro_service.i18n import lazy_gettext as _l

bp = Blueprint("variants", __name__, url_prefix="/v1/variants")

# Each variant's description and each rule option's, in the request's
# language: the core's English text is the source (a test holds the two
# equal); a variant or option the table lacks keeps the core's text.
VARIANT_DESCRIPTIONS = {
    'igisoro': _l(
        "Rwandan/Burundian Igisoro: 4 seeds in each inner pit, optional capture with the opponent's retreat, "
        "captures sown from the turn's start pit, no capture in the first 4 plies."),
    'igisoro-wikipedia': _l(
        'Igisoro per Wikipedia: 4 seeds in each outer pit, any non-empty pit may start, optional capture with'
        ' retreat.'),
    'igisoro-fr': _l(
        "French school Igisoro: obligatory capture, captures added to the lap's origin pit, and a direction "
        'chosen at a reverse pit kept for the whole turn.'),
    'ikibuguzo-1': _l(
        'Ikibuguzo as Ludii plays it: a fixed 0,6,0,0,0,0,0,17,0,3,0,3,0,3,0,0 arrangement, three scripted '
        'opening moves each, obligatory capture, and a win by capturing both opponent inner end pits in one '
        'turn.'),
    'ikibuguzo-2': _l(
        "Ikibuguzo with Ludii's second opening: 4 seeds in each outer pit sown out by eight scripted moves "
        'each, then as Ikibuguzo.'),
    'isolo': _l(
        'Bemba Isolo (Zambia): two rows of 4 holes, a stock seed added to the chosen hole before every move, '
        "sowing from the leftmost hole, obligatory captures resown, a fore-play, the winner's free "
        'rearrangement (kucheleka) and a main game; a player whose row is emptied loses.'),
    'omweso': _l(
        'Omweso (Uganda), tournament rules: free set-up of 32 seeds each, relay sowing, captures of both opposite '
        'pits sown again, clockwise laps from the left-hand pits towards a capture, a win by capturing at both '
        'ends'),
    'mweso': _l(
        'Mweso (Uganda) after Shackell 1934 as Ludii plays it: free set-up, relay sowing, captures sown from the '
        "capturing lap's origin and the capturing pit relayed, clockwise only on the first lap"),
}
_MIN_SEEDS = _l('seeds a pit needs to start a turn')
_CAPTURED_SOWING = _l('where captured seeds are sown')
#: Keyed by (board, option): Omweso's options share names with the 4x8
#: family's but some mean something else there (its ``clockwise`` is not
#: about reverse pits), so each board's text is its own.
RULE_OPTION_DESCRIPTIONS = {
    ('4x8', 'min_seeds'): _MIN_SEEDS,
    ('4x8', 'capture'): _l('whether a capture opportunity must be taken'),
    ('4x8', 'retreat'): _l('after a pass the opponent may retreat (ndakubye)'),
    ('4x8', 'captured_sowing'): _CAPTURED_SOWING,
    ('4x8', 'clockwise'): _l('when a lap from a reverse pit may run clockwise'),
    ('4x8', 'reverse_pits'): _l("South's reverse pits; North's are the mirror images"),
    ('4x8', 'opening'): _l('the opening phase'),
    ('4x8', 'end_pits_win'): _l('capturing both opponent inner end pits in one turn wins'),
    ('4x8', 'adjudicate'): _l(
        'how a position that cannot end is scored: none (never ends) or seeds (more seeds wins)'),
    ('2xn', 'holes'): _l("holes per row (Chaplin's board has 4)"),
    ('omweso', 'min_seeds'): _MIN_SEEDS,
    ('omweso', 'captured_sowing'): _CAPTURED_SOWING,
    ('omweso', 'after_capture'): _l('what follows the lap of captured seeds'),
    ('omweso', 'clockwise'): _l('when a lap may run clockwise'),
    ('omweso', 'reverse_pits'): _l("South's left-hand pits; North's are the mirror images"),
    ('omweso', 'end_pits_win'): _l('capturing from both end columns in one turn wins'),
}


def _described(key: Any, english: str, table: dict[Any, Any]) -> str:
    """``english`` (the core's text for ``key``) in the request's language."""
    return str(table[key]) if key in table else english


def _variant(v: igisoro.VariantInfo) -> dict[str, Any]:
    return {
        "name": v.name,
        "board": v.board,
        "aliases": list(v.aliases),
        "source": v.source,
        "description": _described(v.name, v.description, VARIANT_DESCRIPTIONS),
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
        of every rule option (kind, allowed values). The descriptions are
        in the answer's language (Content-Language); names and values never
        change with it.
      responses:
        200: {description: The variants., x-json: VariantList}
      x-problems: [default]
    """
    return {
        "default": igisoro.variants()[0].name,
        "variants": [_variant(v) for v in igisoro.variants()],
        "rule_options": [{**o, "description": _described((o["board"], o["name"]), o["description"],
                                                         RULE_OPTION_DESCRIPTIONS)}
                         for o in igisoro.rule_options()],
    }
