"""RFC 9457 problem details: every error response of the service.

A problem is ``application/problem+json`` with ``type``, ``title``, ``status``
and ``detail``; validation problems add ``errors``, a map from request field
to messages (nested the way marshmallow reports them). A position the engine
refuses is keyed by the JSON path of its bad part (``position.pits[2][3]``,
``position.to_move``, ``position.rules.min_seeds``; just ``position`` for a
position given as text notation), from the exception's ``path``. Plain HTTP errors
(404, 405, 413, 415) use ``type: about:blank`` with the status phrase as
title, as RFC 9457 section 4.2.1 recommends; problems specific to this API
have their own ``urn:igisoro:problem:*`` type, listed in ``openapi.yaml``.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, got_request_exception, json, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

import igisoro
from igisoro.problems import PROBLEM_TYPE_PREFIX, problem, problem_document

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
_TYPE = PROBLEM_TYPE_PREFIX


class Problem(Exception):
    """An error the views raise; the handler turns it into a response."""

    def __init__(self, status: int, slug: str | None, title: str, detail: str,
                 errors: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> None:
        """``slug`` names an API-specific problem type; None means ``about:blank``."""
        super().__init__(detail)
        self.status = status
        self.type = "about:blank" if slug is None else _TYPE + slug
        self.title = title
        self.detail = detail
        self.errors = errors
        self.headers = headers or {}

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Problem:
        """The problem a document of :func:`problem_body`'s form reports."""
        p = cls(doc["status"], None, doc["title"], doc["detail"], doc.get("errors"))
        p.type = doc["type"]
        return p

    def to_json(self) -> dict[str, Any]:
        """The problem document (for problems reported inside a 200 body,
        such as one bad item of a batch)."""
        return problem_body(self.status, self.type, self.title, self.detail, self.errors)


#: ``{"type", "title", "status", "detail"}`` plus ``errors`` if any: the
#: library's one builder of the document (:func:`igisoro.problems.problem_document`).
problem_body = problem_document


def problem_response(status: int, type_: str, title: str, detail: str,
                     errors: dict[str, Any] | None = None, headers: Any = None) -> Response:
    """A ``Response`` holding one problem document."""
    body = problem_body(status, type_, title, detail, errors)
    resp = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    if headers:
        # Headers of the error being replaced (Allow, Retry-After, rate-limit
        # headers) carry over; its body's type and length do not: this body
        # is another one (a copied Content-Length made keep-alive clients
        # wait for bytes that never came).
        for k, v in dict(headers).items():
            if k.lower() not in ("content-type", "content-length"):
                resp.headers[k] = v
    return resp


def validation_problem(errors: dict[str, Any], detail: str | None = None) -> Problem:
    """422 for a body that parsed as JSON but does not fit the request schema."""
    return Problem(422, "validation-error", "Request validation failed",
                   detail or "The request does not match the schema; see errors.", errors=errors)


def engine_problem(field: str, exc: igisoro.IgisoroError) -> Problem:
    """422 for an input the engine refused (503 for a time limit met), with
    its message (it names the input), under the JSON path of the bad part
    (see :func:`igisoro.problems.error_key`): the library's document (:func:`igisoro.problems.problem`), so a refusal
    reads the same in a job's result lines."""
    return Problem.of(problem(exc, field))


def register(app: Flask) -> None:
    """Install handlers so no error leaves the service as HTML or a bare 500."""

    @app.errorhandler(Problem)
    def _problem(e: Problem) -> Response:
        return problem_response(e.status, e.type, e.title, e.detail, e.errors, e.headers)

    @app.errorhandler(ValidationError)
    def _validation(e: ValidationError) -> Response:
        p = validation_problem(e.normalized_messages())
        return _problem(p)

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException) -> Response:
        status = e.code or 500
        if isinstance(e, RequestEntityTooLarge):
            limit = app.config["MAX_CONTENT_LENGTH"]
            detail = f"The request body is larger than the limit of {limit} bytes."
        else:
            detail = e.description or ""
        return problem_response(status, "about:blank", e.name, detail, headers=e.get_response().headers)

    @app.errorhandler(Exception)
    def _unexpected(e: Exception) -> Response:
        # Normal bad input never reaches this (the tests check so); it is the
        # last line that keeps a bug from leaking a stack trace or HTML page.
        log.exception("unhandled error on %s %s", request.method, request.path)
        # Flask sends this signal only for errors no handler takes; send it
        # here too so monitoring (and the tests) still see every bug.
        got_request_exception.send(app, _async_wrapper=app.ensure_sync, exception=e)
        return problem_response(500, _TYPE + "internal-error", "Internal Server Error",
                                "The server failed to handle this request; it has been logged.")
