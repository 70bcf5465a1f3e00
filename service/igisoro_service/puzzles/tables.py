"""The puzzle database's tables (SQLAlchemy Core), as the latest migration
leaves them (``migrations/versions``; a test checks the two agree)."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

#: One row per puzzle, with its Glicko-2 rating.
puzzles = Table(
    "puzzles", metadata,
    Column("id", String(16), primary_key=True),
    Column("variant", String(32), nullable=False),
    Column("position", Text, nullable=False),
    #: JSON: every rule option with its value.
    Column("rules", Text, nullable=False),
    Column("to_move", String(8), nullable=False),
    #: JSON: the line, the winner's moves and the defender's replies.
    Column("line", Text, nullable=False),
    Column("turns", Integer, nullable=False),
    Column("proof_nodes", Integer, nullable=False),
    Column("proof_positions", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("tempting", Integer, nullable=False),
    #: The themes as ``,capture,relay,``: a theme filter is one LIKE.
    Column("themes", Text, nullable=False),
    Column("source", Text, nullable=False),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("solved", Integer, nullable=False, default=0),
    Column("created", Float, nullable=False),
    Index("ix_puzzles_variant_rating", "variant", "rating"),
    Index("ix_puzzles_rating", "rating"),
)

#: One row per solver (an API key's digest, or an anonymous id).
solvers = Table(
    "solvers", metadata,
    Column("id", String(80), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("solved", Integer, nullable=False, default=0),
)

#: A solver's rated attempt at a puzzle (one per pair: later ones are not rated).
attempts = Table(
    "attempts", metadata,
    Column("solver_id", String(80), primary_key=True),
    Column("puzzle_id", String(16), primary_key=True),
    Column("correct", Boolean, nullable=False),
    Column("puzzle_before", Float, nullable=False),
    Column("puzzle_after", Float, nullable=False),
    Column("solver_before", Float, nullable=False),
    Column("solver_after", Float, nullable=False),
    Column("created", Float, nullable=False),
    Index("ix_attempts_puzzle", "puzzle_id"),
)

#: Named secrets the server makes once and keeps, so that every worker and
#: replica on the database shares them (``solver-key``: the key that signs
#: issued solver ids, :mod:`igisoro_service.puzzles.solvers`).
secrets = Table(
    "secrets", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)
