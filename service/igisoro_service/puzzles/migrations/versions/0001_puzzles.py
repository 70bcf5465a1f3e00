"""Puzzles, solvers and rated attempts.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables and their indexes."""
    op.create_table(
        "puzzles",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("to_move", sa.String(8), nullable=False),
        sa.Column("line", sa.Text, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("proof_nodes", sa.Integer, nullable=False),
        sa.Column("proof_positions", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("tempting", sa.Integer, nullable=False),
        sa.Column("themes", sa.Text, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_puzzles_variant_rating", "puzzles", ["variant", "rating"])
    op.create_index("ix_puzzles_rating", "puzzles", ["rating"])
    op.create_table(
        "solvers",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("solver_id", sa.String(80), primary_key=True),
        sa.Column("puzzle_id", sa.String(16), primary_key=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("puzzle_before", sa.Float, nullable=False),
        sa.Column("puzzle_after", sa.Float, nullable=False),
        sa.Column("solver_before", sa.Float, nullable=False),
        sa.Column("solver_after", sa.Float, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_attempts_puzzle", "attempts", ["puzzle_id"])


def downgrade() -> None:
    """Drop them."""
    op.drop_table("attempts")
    op.drop_table("solvers")
    op.drop_table("puzzles")
