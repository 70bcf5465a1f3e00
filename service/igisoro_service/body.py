"""Reading and validating request bodies and query strings at the edge."""

from __future__ import annotations

import json
from typing import Any

from flask import current_app, request
from marshmallow import Schema, ValidationError

from igisoro_service.i18n import gettext as _
from igisoro_service.problems import Problem, too_large_detail, validation_problem

def _server_parse_error() -> type[Exception]:
    """The errors gunicorn raises while de-chunking a malformed body."""
    try:
        from gunicorn.http.errors import ParseException  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - served by another WSGI server
        return ValueError
    return ParseException  # type: ignore[no-any-return]


_ServerParseError = _server_parse_error()

# What reading the WSGI input raises when the client sent a broken body: a
# bad chunk size, extension or terminator (gunicorn's parse errors), a body
# shorter than declared or a client gone mid-body (OSError, gunicorn's
# NoMoreData included). All are the client's fault: 400, never a 500.
_BROKEN_BODY = (_ServerParseError, OSError, ValueError)


def _read(stream: Any, n: int) -> bytes:
    """``stream.read(n)``, a broken body as 400 ``malformed-body``."""
    try:
        data: bytes = stream.read(n)
    except _BROKEN_BODY as e:
        raise Problem(400, "malformed-body", _("Malformed request body"),
                      _("The request body could not be read as HTTP framing says: %(error)s",
                        error=type(e).__name__ + ": " + str(e))) from None
    return data


def _no_constants(name: str) -> Any:
    # Python's json accepts NaN and Infinity; JSON (RFC 8259) does not.
    raise ValueError(f"{name} is not valid JSON")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # RFC 8259 leaves duplicate names undefined; taking the last silently
    # would let two readers of one body disagree, so refuse and name it.
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate key {dup!r} in an object")
    return out


_DECODER = json.JSONDecoder(parse_constant=_no_constants, object_pairs_hook=_unique_keys)


def parse_json(text: str) -> Any:
    """One JSON text read as the service reads bodies (no NaN, no duplicate
    keys); ``ValueError`` or ``RecursionError`` if it is not one."""
    return _DECODER.decode(text)


def _too_large(limit: int) -> Problem:
    return Problem(413, None, _("Request Entity Too Large"), too_large_detail(limit))


def body_bytes(limit: int | None = None) -> bytes:
    """The raw body, or 413 past ``limit`` (default ``MAX_CONTENT_LENGTH``).

    Read straight from the WSGI input: Werkzeug's stream wrapper cost about
    as much as the rest of a cheap request (a third of a legal-move list's
    time in the service), and it cuts a chunked body at the limit silently
    instead of refusing it. Nothing else in the app reads the body.
    """
    environ = request.environ
    if limit is None:
        limit = int(current_app.config["MAX_CONTENT_LENGTH"])
    length = environ.get("CONTENT_LENGTH", "")
    if length.isdigit() and "HTTP_TRANSFER_ENCODING" not in environ:
        if int(length) > limit:
            raise _too_large(limit)
        data = _read(environ["wsgi.input"], int(length))
        if len(data) < int(length):
            raise Problem(400, "malformed-body", _("Malformed request body"),
                          _("The request body ended after %(got)s of the %(length)s bytes its Content-Length declares.",
                            got=len(data), length=length))
        return data
    if environ.get("wsgi.input_terminated"):
        # A chunked body the server de-chunks (gunicorn does): one byte past
        # the limit tells a body that is too large.
        data = _read(environ["wsgi.input"], limit + 1)
        if len(data) > limit:
            raise _too_large(limit)
        return data
    # No length and no end marked: Werkzeug's safe reading (an empty body).
    try:
        return request.get_data(cache=True)
    except _BROKEN_BODY as e:
        raise Problem(400, "malformed-body", _("Malformed request body"),
                      _("The request body could not be read: %(error)s", error=str(e))) from None


def json_body(limit: int | None = None) -> Any:
    """The parsed JSON body: 415 if not declared JSON, 400 if it does not parse.

    Reading the body enforces ``limit`` (default ``MAX_CONTENT_LENGTH``; 413).
    """
    if not request.is_json:
        raise Problem(415, None, _("Unsupported Media Type"),
                      _("Expected a JSON body with Content-Type application/json, not %(given)s.",
                        given=repr(request.mimetype or "none")))
    data = body_bytes(limit)
    try:
        # What json.loads(data, parse_constant=...) does, with one decoder
        # made once: json.loads builds a new one per call when given any
        # option, which cost more than the parsing.
        return _DECODER.decode(data.decode(json.detect_encoding(data), "surrogatepass"))
    except (ValueError, RecursionError) as e:
        # ValueError covers bad syntax, bad UTF-8 and integers over Python's
        # 4300-digit limit; RecursionError a deeply nested body.
        raise Problem(400, "malformed-json", _("Malformed JSON"),
                      _("The request body is not valid JSON: %(error)s", error=str(e))) from None


def load(schema: Schema, data: Any) -> dict[str, Any]:
    """Validate with marshmallow; a 422 problem listing each bad field."""
    if not isinstance(data, dict):
        raise validation_problem({"_schema": ["The body must be a JSON object."]})
    try:
        loaded: dict[str, Any] = schema.load(data)
        return loaded
    except ValidationError as e:
        raise validation_problem(e.normalized_messages()) from None


def load_body(schema: Schema) -> dict[str, Any]:
    """Parse and validate the JSON body against ``schema``."""
    return load(schema, json_body())


def load_query(schema: Schema) -> dict[str, Any]:
    """Validate the query string (single values) against ``schema``; ``lang``,
    the answer's language on every route (:mod:`igisoro_service.i18n`), is
    not the operation's own."""
    args = request.args.to_dict(flat=True)
    args.pop("lang", None)
    return load(schema, args)
