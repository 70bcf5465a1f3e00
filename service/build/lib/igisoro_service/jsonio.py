"""Fast JSON responses: Flask's JSON provider on orjson.

Why: encoding is a large share of a cheap request's cost (a legal-move list
is a few KB of nested integers), and orjson encodes it several times faster
than the standard library. Requests are still parsed by the standard
library in ``igisoro_service.body``, which keeps its exact error behaviour (huge
integers reach the schema and get a field-level 422; NaN is refused).
What orjson cannot encode (integers beyond 64 bits) falls back to the
standard library, so nothing that encoded before fails now.
"""

from __future__ import annotations

from typing import Any, cast

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider


class OrjsonProvider(DefaultJSONProvider):
    """``app.json``: orjson for ``dumps`` and responses, key order kept."""

    #: Keep the documented key order (also in the standard-library fallback).
    sort_keys = False

    def _encode(self, obj: Any) -> bytes:
        try:
            # Non-str keys: marshmallow reports list items by index (an int key).
            return orjson.dumps(obj, default=self.default, option=orjson.OPT_NON_STR_KEYS)
        except TypeError:
            return super().dumps(obj, separators=(",", ":")).encode()

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller's own formatting (indent, ...): the standard library honours it
            return super().dumps(obj, **kwargs)
        return self._encode(obj).decode()

    def response(self, *args: Any, **kwargs: Any) -> Any:
        obj = self._prepare_response_obj(args, kwargs)
        # Typed as the sans-I/O App's response class; a Flask app's is flask.Response.
        response_class = cast("type[Response]", self._app.response_class)
        return response_class(self._encode(obj), mimetype=self.mimetype)
