"""``/v1/openapi.yaml`` (the contract, served from the file at the repository
root) and ``/v1/docs``, Swagger UI from the swagger-ui-bundle package (no CDN)."""

from __future__ import annotations

from pathlib import Path

import mimetypes

from werkzeug.wrappers import Response as WerkzeugResponse
from flask import Blueprint, Response, abort, redirect, url_for
from swagger_ui_bundle import swagger_ui_path
from werkzeug.security import safe_join

bp = Blueprint("docs", __name__, url_prefix="/v1")

#: The file is the contract; the service serves it byte for byte.
OPENAPI_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"

_INDEX = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Igisoro API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
"""

# Separate file, not inline, so a strict Content-Security-Policy can be used.
_INIT = """window.ui = SwaggerUIBundle({
  url: "openapi.yaml",
  dom_id: "#swagger-ui",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  // No outside request: the default validator badge calls validator.swagger.io.
  validatorUrl: null
});
"""


@bp.get("/openapi.yaml")
def openapi() -> Response:
    """The OpenAPI document."""
    return Response(OPENAPI_PATH.read_bytes(), mimetype="application/yaml")


@bp.get("/docs")
def docs() -> Response:
    """Interactive documentation."""
    return Response(_INDEX, mimetype="text/html")


@bp.get("/docs/")
def docs_slash() -> WerkzeugResponse:
    """``/v1/docs/`` is where people type it; the page's relative asset URLs
    need ``/v1/docs``, so redirect there."""
    return redirect(url_for("docs.docs"), 308)


@bp.get("/docs/<path:asset>")
def docs_asset(asset: str) -> Response:
    """Swagger UI's static files and our start-up script (404 problem for anything else)."""
    if asset == "init.js":
        return Response(_INIT, mimetype="text/javascript")
    path = safe_join(swagger_ui_path, asset)
    try:
        found = path is not None and Path(path).is_file()
    except OSError:  # a name too long for the file system: not one of ours
        found = False
    if not found or path is None:
        abort(404)
    # Read whole (the largest file is ~1 MB) rather than stream an open file,
    # so a client that never closes the response leaks no file handle.
    mimetype = mimetypes.guess_type(asset)[0] or "application/octet-stream"
    resp = Response(Path(path).read_bytes(), mimetype=mimetype)
    resp.cache_control.public = True
    resp.cache_control.max_age = 86400
    return resp
