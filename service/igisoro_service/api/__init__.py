"""Blueprints, one per resource, all under ``/v1``.

To add a resource, write a module here with a ``bp`` blueprint, add it to
``BLUEPRINTS``, describe each operation in its view's docstring (below
``---``) and its request body as a schema in ``service/igisoro_service/schemas.py``; then
``python -m igisoro_service.openapi`` regenerates ``openapi.yaml``.
"""

from __future__ import annotations

from flask import Blueprint

from igisoro_service.api import (
    arrangements, batch, cloud_eval, games, health, jobs, legal_moves, levels, moves, positions, puzzles, search, solve, stream,
    variants,
)

BLUEPRINTS: tuple[Blueprint, ...] = (
    health.bp, variants.bp, levels.bp, legal_moves.bp, moves.bp, positions.bp, search.bp, arrangements.bp, stream.bp,
    cloud_eval.bp, solve.bp, batch.bp, games.bp, jobs.bp, puzzles.bp,
)
