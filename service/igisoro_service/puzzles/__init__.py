"""The puzzle trainer's storage (issue 33): puzzles, solvers and Glicko-2
ratings in SQLite (embedded) or PostgreSQL (``DATABASE_URL``).

- :mod:`~igisoro_service.puzzles.db`: the engine, locking, migrations;
- :mod:`~igisoro_service.puzzles.tables`: the tables;
- :mod:`~igisoro_service.puzzles.store`: add, next, attempt;
- :mod:`~igisoro_service.puzzles.ratings`: Glicko-2 by the ``glicko2`` library;
- :mod:`~igisoro_service.puzzles.starter`: the shipped starter set;
- ``migrations/``: Alembic's scripts.

The views are :mod:`igisoro_service.api.puzzles`; generation is the library's
:mod:`igisoro.puzzles`.
"""
