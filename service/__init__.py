"""Deprecated name of the HTTP service, kept for one release (0.1.x).

The service is the package :mod:`igisoro_service` (``service/igisoro_service/``,
installed by ``pip install ./service``); serve it with
``gunicorn 'igisoro_service:create_app()'``. This module lets a command written
for the old name, ``gunicorn 'service:create_app()'`` run from the repository's
root, keep working with a :class:`DeprecationWarning`. It is not installed: a
top-level ``service`` in a user's environment is the collision the rename
removes (README, "The service package").
"""

from __future__ import annotations

import warnings

from igisoro_service import create_app

warnings.warn("the 'service' package is now 'igisoro_service'; serve with "
              "gunicorn 'igisoro_service:create_app()' ('service' goes in the next release)",
              DeprecationWarning, stacklevel=2)

__all__ = ["create_app"]
