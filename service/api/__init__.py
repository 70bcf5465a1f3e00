"""Blueprints, one per resource, all under ``/v1``.

To add a resource (the search endpoints ``/v1/evaluate``, ``/v1/best-move``,
``/v1/analysis/batch``, ``/v1/games/review`` are planned), write a module
here with a ``bp`` blueprint, add it to ``BLUEPRINTS``, describe it in
``openapi.yaml``; the drift tests then check that the two agree.
"""

from __future__ import annotations

from flask import Blueprint

from service.api import health, legal_moves, moves, positions, variants

BLUEPRINTS: tuple[Blueprint, ...] = (health.bp, variants.bp, legal_moves.bp, moves.bp, positions.bp)
