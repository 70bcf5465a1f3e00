"""Answering an error class of a library that is imported only when used.

The service imports SQLAlchemy (the puzzle store) and redis-py (a Redis job
store) where they are used, not at start: every API process, Celery worker
and CLI run paid for them otherwise, used or not. A blueprint's error
handler for one of their exception classes would need the class when the
app is built, so a view is wrapped instead (:func:`answers`): the class is
looked up only once the view raised, and if its module is not loaded yet,
the error cannot be one of its own.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Response

__all__ = ["answers"]

_View = TypeVar("_View", bound=Callable[..., Any])


def answers(module: str, name: str, answer: Callable[[Exception], Response]) -> Callable[[_View], _View]:
    """A decorator: the view answers ``answer(e)`` when it raises ``e`` of
    ``module``'s class ``name`` (``"sqlalchemy.exc"``,
    ``"OperationalError"``); any other exception passes through."""

    def wrap(view: _View) -> _View:
        @functools.wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return view(*args, **kwargs)
            except Exception as e:
                loaded = sys.modules.get(module)
                if loaded is not None and isinstance(e, getattr(loaded, name)):
                    return answer(e)
                raise

        return cast(_View, wrapped)

    return wrap
