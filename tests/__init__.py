"""The test suite (a package, so that scripts importing its helpers, such as
``bench/``, find it before a dependency that ships its own top-level ``tests``:
the ``glicko2`` wheel does)."""
