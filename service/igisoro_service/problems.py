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
from igisoro_service.i18n import gettext as _
from igisoro_service.i18n import language
from igisoro_service.i18n import lazy_gettext as _l

log = logging.getLogger(__name__)

PROBLEM_JSON = "application/problem+json"
_TYPE = PROBLEM_TYPE_PREFIX
#: The members every problem document may have; any other is an extension.
_MEMBERS = frozenset({"type", "title", "status", "detail", "errors", "code"})


class Problem(Exception):
    """An error the views raise; the handler turns it into a response."""

    def __init__(self, status: int, slug: str | None, title: str, detail: str,
                 errors: dict[str, Any] | None = None, headers: dict[str, str] | None = None,
                 code: str | None = None, extensions: dict[str, Any] | None = None) -> None:
        """``slug`` names an API-specific problem type; None means
        ``about:blank``. ``code``: an arrangement's error code (Omweso's set-up).
        ``extensions``: further members of the document (``arrangement``, the
        rule of Omweso's set-up move with ``not-enumerable``)."""
        super().__init__(detail)
        self.status = status
        self.type = "about:blank" if slug is None else _TYPE + slug
        self.title = title
        self.detail = detail
        self.errors = errors
        self.headers = headers or {}
        self.code = code
        self.extensions = extensions or {}

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Problem:
        """The problem a document of :func:`problem_body`'s form reports."""
        p = cls(doc["status"], None, doc["title"], doc["detail"], doc.get("errors"), code=doc.get("code"),
                extensions={k: v for k, v in doc.items() if k not in _MEMBERS})
        p.type = doc["type"]
        return p

    def to_json(self) -> dict[str, Any]:
        """The problem document (for problems reported inside a 200 body,
        such as one bad item of a batch)."""
        return {**problem_body(self.status, self.type, self.title, self.detail, self.errors, code=self.code),
                **self.extensions}


#: ``{"type", "title", "status", "detail"}`` plus ``errors`` if any: the
#: library's one builder of the document (:func:`igisoro.problems.problem_document`).
problem_body = problem_document


def problem_response(status: int, type_: str, title: str, detail: str,
                     errors: dict[str, Any] | None = None, headers: Any = None,
                     code: str | None = None, extensions: dict[str, Any] | None = None) -> Response:
    """A ``Response`` holding one problem document."""
    body = {**problem_body(status, type_, title, detail, errors, code=code), **(extensions or {})}
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
    return Problem(422, "validation-error", _("Request validation failed"),
                   detail or _("The request does not match the schema; see errors."), errors=errors)


#: The title of each problem type the engine's refusals have (the library's
#: titles, :data:`igisoro.problems._PROBLEM_TYPES`, are the English source:
#: a test holds the two equal), and the detail given in a language other
#: than English, where the engine's own message (English) stays in ``errors``.
ENGINE_TITLES = {
    "engine-timeout": _l("Engine time limit exceeded"),
    "illegal-move": _l("Illegal move"),
    "unknown-variant": _l("Unknown variant"),
    "invalid-notation": _l("Invalid notation"),
    "invalid-position": _l("Invalid position"),
    "invalid-limit": _l("Invalid limit"),
    "not-enumerable": _l("Moves not enumerable"),
    "engine-error": _l("Rejected by the engine"),
}
ENGINE_DETAILS = {
    "engine-timeout": _l("The engine ran out of time on %(key)s; the engine's message is in errors."),
    "illegal-move": _l("The move in %(key)s is not legal in this position; the engine's message is in errors."),
    "unknown-variant": _l("The variant named in %(key)s is not one the engine plays (see /v1/variants); "
                          "the engine's message is in errors."),
    "invalid-notation": _l("The notation in %(key)s could not be read; the engine's message is in errors."),
    "invalid-position": _l("The position in %(key)s is not a valid one; the engine's message is in errors."),
    "invalid-limit": _l("The limit in %(key)s is out of range; the engine's message is in errors."),
    "not-enumerable": _l("The moves of the position in %(key)s are not listed, so this cannot be answered; "
                         "arrangement says what a move is there, and the engine's message is in errors."),
    "engine-error": _l("The engine refused %(key)s; the engine's message is in errors."),
}


#: The problems the library writes for one item of a batch or a review
#: (:mod:`igisoro.batch`): the engine's refusals and an item's envelope.
ITEM_TITLES = {
    **ENGINE_TITLES,
    "validation-error": _l("Request validation failed"),
    "malformed-json": _l("Malformed JSON"),
}
ITEM_DETAILS = {
    **ENGINE_DETAILS,
    "validation-error": _l("%(key)s does not match the schema; the message is in errors."),
    "malformed-json": _l("%(key)s is not valid JSON; the message is in errors."),
}


def localized(doc: dict[str, Any]) -> dict[str, Any]:
    """A problem document the library wrote (an engine refusal, a bad item of
    a batch, a review's illegal move) with its title in the request's
    language and, in a language other than English, its detail a sentence
    of the catalog naming the refused part (the library's English message
    staying in ``errors``). Documents of other types are returned as they are."""
    slug = str(doc.get("type", "")).removeprefix(_TYPE)
    if slug not in ITEM_TITLES:
        return doc
    out = {**doc, "title": str(ITEM_TITLES[slug])}
    if language() != "en":
        key = next(iter(doc.get("errors") or {}), "")
        out["detail"] = str(ITEM_DETAILS[slug] % {"key": key})
    return out


def engine_problem(field: str, exc: igisoro.IgisoroError) -> Problem:
    """422 for an input the engine refused (503 for a time limit met), under
    the JSON path of the bad part (see :func:`igisoro.problems.error_key`):
    the library's document (:func:`igisoro.problems.problem`), so a refusal
    reads the same in a job's result lines. Its title in the request's
    language; its detail the engine's message (it names the input) in
    English, else a sentence of the catalog naming the refused part, the
    engine's message staying in ``errors``."""
    return Problem.of(localized(problem(exc, field)))


#: Titles and details of the plain HTTP errors (``type: about:blank``): the
#: status phrases and Werkzeug's descriptions, in the request's language.
HTTP_TITLES = {
    400: _l("Bad Request"),
    401: _l("Unauthorized"),
    403: _l("Forbidden"),
    404: _l("Not Found"),
    405: _l("Method Not Allowed"),
    406: _l("Not Acceptable"),
    413: _l("Request Entity Too Large"),
    415: _l("Unsupported Media Type"),
    429: _l("Too Many Requests"),
    500: _l("Internal Server Error"),
    503: _l("Service Unavailable"),
}
HTTP_DETAILS = {
    400: _l("The browser (or proxy) sent a request that this server could not understand."),
    401: _l("The server could not verify that you are authorized to access the URL requested. You either "
            "supplied the wrong credentials (e.g. a bad password), or your browser doesn't understand how to "
            "supply the credentials required."),
    403: _l("You don't have the permission to access the requested resource. It is either read-protected or "
            "not readable by the server."),
    404: _l("The requested URL was not found on the server. If you entered the URL manually please check "
            "your spelling and try again."),
    405: _l("The method is not allowed for the requested URL."),
    406: _l("The resource identified by the request is only capable of generating response entities which "
            "have content characteristics not acceptable according to the accept headers sent in the request."),
    500: _l("The server encountered an internal error and was unable to complete your request. Either the "
            "server is overloaded or there is an error in the application."),
    503: _l("The server is temporarily unable to service your request due to maintenance downtime or capacity "
            "problems. Please try again later."),
}


def too_large_detail(limit: int) -> str:
    """The detail of a 413."""
    return _("The request body is larger than the limit of %(limit)s bytes.", limit=limit)


def _http_words(e: HTTPException, limit: int) -> tuple[str, str]:
    """Title and detail of a plain HTTP error in the request's language: a
    description of the error's own (not Werkzeug's default) is kept."""
    status = e.code or 500
    title = str(HTTP_TITLES.get(status, e.name))
    if isinstance(e, RequestEntityTooLarge):
        return title, too_large_detail(limit)
    own = e.description if e.description != type(e).description else None
    if status == 429:
        # flask-limiter's description is the limit met ("10 per 1 minute").
        return title, _("Too many requests: the rate limit (%(limit)s) was reached.",
                        limit=e.description or "")
    if own is None and status in HTTP_DETAILS:
        return title, str(HTTP_DETAILS[status])
    return title, own or ""


def register(app: Flask) -> None:
    """Install handlers so no error leaves the service as HTML or a bare 500."""

    @app.errorhandler(Problem)
    def _problem(e: Problem) -> Response:
        return problem_response(e.status, e.type, e.title, e.detail, e.errors, e.headers, code=e.code,
                                extensions=e.extensions)

    @app.errorhandler(ValidationError)
    def _validation(e: ValidationError) -> Response:
        p = validation_problem(e.normalized_messages())
        return _problem(p)

    @app.errorhandler(HTTPException)
    def _http(e: HTTPException) -> Response:
        status = e.code or 500
        title, detail = _http_words(e, app.config["MAX_CONTENT_LENGTH"])
        return problem_response(status, "about:blank", title, detail, headers=e.get_response().headers)

    @app.errorhandler(Exception)
    def _unexpected(e: Exception) -> Response:
        # Normal bad input never reaches this (the tests check so); it is the
        # last line that keeps a bug from leaking a stack trace or HTML page.
        log.exception("unhandled error on %s %s", request.method, request.path)
        # Flask sends this signal only for errors no handler takes; send it
        # here too so monitoring (and the tests) still see every bug.
        got_request_exception.send(app, _async_wrapper=app.ensure_sync, exception=e)
        return problem_response(500, _TYPE + "internal-error", _("Internal Server Error"),
                                _("The server failed to handle this request; it has been logged."))
