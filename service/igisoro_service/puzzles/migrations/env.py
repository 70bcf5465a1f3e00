"""Alembic's environment for the puzzle database: run on the connection the
store hands over (``config.attributes["connection"]``), inside the
transaction that holds the migration lock."""

from __future__ import annotations

from alembic import context

from igisoro_service.puzzles.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
