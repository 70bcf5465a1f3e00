"""``/v1/openapi.yaml`` (the contract, generated from the code by
:mod:`igisoro_service.openapi` with this server's limits) and ``/v1/docs``, Swagger UI
from the swagger-ui-bundle package (no CDN)."""

from __future__ import annotations

from pathlib import Path

import mimetypes

from werkzeug.wrappers import Response as WerkzeugResponse
from flask import Blueprint, Response, abort, current_app, redirect, url_for
from swagger_ui_bundle import swagger_ui_path
from werkzeug.security import safe_join

bp = Blueprint("docs", __name__, url_prefix="/v1")

#: The committed copy of the document for the default configuration
#: (``python -m igisoro_service.openapi`` writes it; a test holds it to the code).
OPENAPI_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"

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
    """The OpenAPI document.

    ---
    get:
      tags: [meta]
      operationId: openapi
      summary: This document
      responses:
        200:
          description: |
            The OpenAPI document, generated from the code with this server's limits
            (with the default configuration, byte for byte the repository's `openapi.yaml`).
            No schema: it is the OpenAPI 3.0 document itself, and a client
            generator that cannot read YAML then takes the body as it is.
          content:
            application/yaml: {}
      x-problems: [default]
    """
    # Built once per app (tens of milliseconds), then served from memory.
    text = current_app.extensions.get("openapi_yaml")
    if text is None:
        # Imported here: the generator (with PyYAML and every schema) is a
        # tenth of a second of each API process's start, for a document
        # few processes are ever asked for.
        from igisoro_service import openapi as spec

        text = current_app.extensions["openapi_yaml"] = spec.to_yaml(spec.build(current_app)).encode()
    return Response(text, mimetype="application/yaml")


@bp.get("/docs")
def docs() -> Response:
    """Interactive documentation.

    ---
    get:
      tags: [meta]
      operationId: docs
      summary: Interactive documentation (Swagger UI)
      responses:
        200:
          description: The Swagger UI page.
          content:
            text/html:
              schema:
                type: string
      x-problems: [default]
    """
    return Response(_INDEX, mimetype="text/html")


@bp.get("/docs/")
def docs_slash() -> WerkzeugResponse:
    """``/v1/docs/`` is where people type it; the page's relative asset URLs
    need ``/v1/docs``, so redirect there.

    ---
    get:
      tags: [meta]
      operationId: docsSlash
      summary: Redirect to the interactive documentation
      responses:
        308:
          description: To `/v1/docs` (the page's asset URLs are relative to it).
          headers:
            Location:
              schema:
                type: string
      x-problems: [default]
    """
    return redirect(url_for("docs.docs"), 308)


@bp.get("/docs/<path:asset>")
def docs_asset(asset: str) -> Response:
    """Swagger UI's static files and our start-up script (404 problem for anything else).

    ---
    get:
      tags: [meta]
      operationId: docsAsset
      summary: Swagger UI static files
      parameters:
      - {name: asset, in: path, required: true, schema: {type: string}, example: swagger-ui.css}
      responses:
        200:
          description: |
            A static file (JavaScript, CSS, images, maps), with the type its
            name gives (`application/octet-stream` when the name gives none).
          content:
            application/octet-stream:
              schema:
                type: string
                format: binary
            '*/*':
              schema:
                type: string
                format: binary
      x-problems: [404, default]
    """
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
