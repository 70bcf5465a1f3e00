"""HTTP API for the Igisoro engine (Flask application factory).

Serve with ``gunicorn 'igisoro_service:create_app()'`` (settings in
``gunicorn.conf.py``, configuration in ``service/CONFIG.md``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any
from collections.abc import Mapping

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: defaults from :class:`igisoro_service.config.Config`, then
    ``IGISORO_*`` environment variables, then ``test_config``."""
    # Imported here, not at the top: the job worker imports submodules of
    # this package (config, the job store, the cache) and would otherwise
    # load Flask's whole app, every blueprint and their dependencies at
    # each start, which it never uses.
    from flask import Flask, Response

    import igisoro
    from igisoro_service import access, analysis_cache, board, config, docs, engine, i18n, metrics, problems
    from igisoro_service import search_policy
    from igisoro_service.api import BLUEPRINTS, jobs
    from igisoro_service.jsonio import OrjsonProvider

    # No static folder: an API has no /static route to document.
    app = Flask(__name__, static_folder=None)
    app.json = OrjsonProvider(app)
    app.config.from_object(config.Config)
    app.config.from_prefixed_env("IGISORO")
    if test_config is not None:
        app.config.from_mapping(test_config)
    config.check(app.config)
    unknown = config.unknown_names(os.environ)
    if unknown:
        app.logger.warning("ignored environment variables (not settings; misspelt?): %s; the settings are "
                           "listed in service/CONFIG.md (IGISORO_API_KEY is the CLI's key, the server's "
                           "are IGISORO_API_KEYS)", ", ".join(unknown))
    # "/v1/variants/" would otherwise redirect (308) to "/v1/variants"; an API
    # gives a clear 404 instead.
    app.url_map.strict_slashes = True
    if app.config["TRUSTED_PROXIES"]:
        # Behind deploy/nginx: the client address is in X-Forwarded-For.
        from werkzeug.middleware.proxy_fix import ProxyFix

        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n)  # type: ignore[method-assign]

    i18n.init_app(app)
    problems.register(app)
    engine.init_app(app)
    search_policy.init_app(app)
    analysis_cache.init_app(app)
    metrics.init_app(app)
    access.init_app(app)
    jobs.init_app(app)

    @app.after_request
    def _version(resp: Response) -> Response:
        # Every answer names the engine that produced it (reproducibility).
        resp.headers["X-Engine-Version"] = igisoro.__version__
        return resp

    app.register_blueprint(docs.bp)
    app.register_blueprint(board.bp)
    for bp in BLUEPRINTS:
        app.register_blueprint(bp)
    return app
