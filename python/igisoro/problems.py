"""RFC 9457 problem objects for inputs the engine refused.

The HTTP service answers a refusal with one; a batch (an analysis job,
``igisoro analyse``) writes one as the error line of a bad item. Both build
them here, so one refusal reads the same wherever it is reported.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from igisoro.errors import (
    ArrangementError,
    EngineTimeoutError,
    IgisoroError,
    IllegalMoveError,
    InvalidLimitError,
    InvalidNotationError,
    InvalidPositionError,
    NotEnumerableError,
    UnknownVariantError,
)

__all__ = ["PROBLEM_TYPE_PREFIX", "error_key", "item_problem", "problem", "problem_document", "problem_type"]

#: The problem types specific to this API are ``urn:igisoro:problem:<slug>``.
PROBLEM_TYPE_PREFIX = "urn:igisoro:problem:"


#: Problem type (the tail of ``urn:igisoro:problem:<slug>``) and title per
#: exception, most specific class first (UnknownVariantError is an
#: InvalidPositionError). The HTTP service and the batch tools share it, so
#: one refusal reads the same wherever it is reported.
_PROBLEM_TYPES: tuple[tuple[type[IgisoroError], str, str], ...] = (
    (EngineTimeoutError, "engine-timeout", "Engine time limit exceeded"),
    (IllegalMoveError, "illegal-move", "Illegal move"),
    (UnknownVariantError, "unknown-variant", "Unknown variant"),
    (InvalidNotationError, "invalid-notation", "Invalid notation"),
    (InvalidPositionError, "invalid-position", "Invalid position"),
    (InvalidLimitError, "invalid-limit", "Invalid limit"),
    (NotEnumerableError, "not-enumerable", "Moves not enumerable"),
)


def problem_type(exc: IgisoroError) -> tuple[str, str]:
    """``(slug, title)`` of the RFC 9457 problem that reports ``exc``."""
    for cls, slug, title in _PROBLEM_TYPES:
        if isinstance(exc, cls):
            return slug, title
    return "engine-error", "Rejected by the engine"


def error_key(field: str, exc: IgisoroError) -> str:
    """The key of ``exc`` in a problem's ``errors``: the JSON path of the
    refused part of the input ``field``, that is ``field`` extended by the
    exception's ``path`` inside a position's JSON form when it has one
    (``position.pits[2][3]``, ``positions[1].to_move``,
    ``position.rules.min_seeds``), else ``field`` itself (a position given
    as text notation, a move).

    >>> from igisoro import Position
    >>> try:
    ...     Position.from_json({"pits": [[0] * 8, [4] * 8, [4] * 8, [0] * 8], "to_move": "east"})
    ... except IgisoroError as e:
    ...     error_key("position", e)
    'position.to_move'
    """
    path = exc.path
    return f"{field}.{path}" if path else field


def problem(exc: IgisoroError, field: str) -> dict[str, Any]:
    """An RFC 9457 problem object (status 422) for an input the engine
    refused, or (status 503) for an item whose time ran out, as the HTTP
    API reports each; ``field`` names the input, and ``errors`` its refused
    part (see :func:`error_key`).

    >>> from igisoro import Position
    >>> try:
    ...     Position.from_notation("igisoro zz")
    ... except IgisoroError as e:
    ...     problem(e, "position")["type"]
    'urn:igisoro:problem:invalid-notation'

    An :class:`ArrangementError` (Omweso's set-up) adds its ``code``
    (``wrong_total``, ...), so a client can say what to fix in any language.

    >>> try:
    ...     Position.start("omweso").play("k0.0.0.0.0.0.0.0/1.1.1.1.1.1.1.1")
    ... except IgisoroError as e:
    ...     doc = problem(e, "move")
    >>> doc["type"], doc["code"]
    ('urn:igisoro:problem:illegal-move', 'wrong_total')

    A :class:`NotEnumerableError` (a proof or a move list asked of
    Omweso's set-up) adds the rule of what a move is there, as
    ``arrangement`` (the fields of :class:`igisoro.ArrangementRule`), so a
    client is told what it may play instead.

    >>> try:
    ...     Position.start("omweso").solve(nodes=1000)
    ... except IgisoroError as e:
    ...     doc = problem(e, "position")
    >>> doc["type"], doc["arrangement"]["arrangements"]
    ('urn:igisoro:problem:not-enumerable', 751616304549)
    """
    slug, title = problem_type(exc)
    status = 503 if isinstance(exc, EngineTimeoutError) else 422
    code = exc.code if isinstance(exc, ArrangementError) else None
    doc = item_problem(slug, title, str(exc), error_key(field, exc), status, code=code)
    if isinstance(exc, NotEnumerableError) and exc.rule is not None:
        doc["arrangement"] = {k: list(v) if isinstance(v, tuple) else v
                              for k, v in dataclasses.asdict(exc.rule).items()}
    return doc


def item_problem(slug: str, title: str, detail: str, field: str, status: int = 422,
                 code: str | None = None) -> dict[str, Any]:
    """A problem object (``type``, ``title``, ``status``, ``detail`` and
    ``errors`` on ``field``, and ``code`` if given), shaped like the HTTP API's."""
    return problem_document(status, PROBLEM_TYPE_PREFIX + slug, title, detail, {field: [detail]}, code=code)


def problem_document(status: int, type_: str, title: str, detail: str,
                     errors: dict[str, Any] | None = None, code: str | None = None) -> dict[str, Any]:
    """The RFC 9457 problem document: ``{"type", "title", "status",
    "detail"}`` plus ``errors`` if any and ``code`` (an extension member:
    the error code of an Omweso arrangement refused) if any. The one
    builder of the form: the HTTP service's error responses
    (``igisoro_service.problems``) and the error lines of a batch both
    come from here.

    >>> problem_document(404, "about:blank", "Not Found", "No such job.")
    {'type': 'about:blank', 'title': 'Not Found', 'status': 404, 'detail': 'No such job.'}
    """
    body: dict[str, Any] = {"type": type_, "title": title, "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = errors
    if code is not None:
        body["code"] = code
    return body
