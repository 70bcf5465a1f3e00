"""Property-based contract test: schemathesis generates requests from
``openapi.yaml`` (valid and invalid ones) and runs them in-process against
the WSGI app. Checks: no 5xx, documented status codes and content types,
responses match their schemas, invalid requests are rejected with 4xx."""

from __future__ import annotations

import logging

import schemathesis
from schemathesis.checks import positive_data_acceptance
from hypothesis import HealthCheck, settings

from service import create_app
from service.docs import OPENAPI_PATH

# One app for the module: schemathesis parametrises at import time.
APP = create_app({"TESTING": True})
SCHEMA = schemathesis.openapi.from_path(OPENAPI_PATH)


@SCHEMA.parametrize()
# 40 examples per operation and mode keeps this to about 10 s on one shared
# core; the explicit examples in the spec run on top.
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms(case, caplog):
    with caplog.at_level(logging.CRITICAL, logger="service.problems"):
        # positive_data_acceptance is off: a schema-valid string can still be
        # bad notation or an illegal move, which the engine rightly answers 422.
        response = case.call_and_validate(app=APP, excluded_checks=[positive_data_acceptance])
    assert response.status_code < 500
