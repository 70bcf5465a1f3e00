"""Request bodies: the fast read (plain Content-Length) and the standard one
(chunked, too large) give the same answers; the JSON parser keeps the
standard library's behaviour."""

from __future__ import annotations

import io
import json

import pytest

from igisoro_testing.positions import START

#: What gunicorn says of every request body (it de-chunks them itself).
TERMINATED = {"wsgi.input_terminated": True}
BODY = json.dumps({"position": START, "limit": 2}).encode()


def test_plain_body(client):
    r = client.post("/v1/legal-moves", data=BODY, content_type="application/json")
    assert r.status_code == 200
    assert r.json["count"] == 2


def test_chunked_body_without_length(client):
    # No Content-Length: Werkzeug reads the terminated stream to its end.
    r = client.post("/v1/legal-moves", input_stream=io.BytesIO(BODY), content_type="application/json",
                    headers={"Transfer-Encoding": "chunked"}, environ_overrides=TERMINATED)
    assert r.status_code == 200, r.json
    assert r.json["count"] == 2


def test_chunked_body_over_the_limit(app, client):
    app.config["MAX_CONTENT_LENGTH"] = len(BODY) - 1
    r = client.post("/v1/legal-moves", input_stream=io.BytesIO(BODY), content_type="application/json",
                    headers={"Transfer-Encoding": "chunked"}, environ_overrides=TERMINATED)
    assert r.status_code == 413
    assert r.mimetype == "application/problem+json"


@pytest.mark.parametrize("extra", [0, 1])
def test_length_at_and_over_the_limit(app, client, extra):
    app.config["MAX_CONTENT_LENGTH"] = len(BODY) - extra
    r = client.post("/v1/legal-moves", data=BODY, content_type="application/json")
    assert r.status_code == (200 if extra == 0 else 413)


@pytest.mark.parametrize("encode", [
    lambda s: s.encode("utf-16"),  # with a BOM, as json.loads reads it
    lambda s: s.encode("utf-8-sig"),
])
def test_encodings_json_loads_accepts(client, encode):
    r = client.post("/v1/legal-moves", data=encode(json.dumps({"position": START, "limit": 1})),
                    content_type="application/json")
    assert r.status_code == 200
    assert r.json["count"] == 1


@pytest.mark.parametrize("body", [b'{"position": NaN}', b'{"position": Infinity}', b'\xff\xfe\x00',
                                  b'{"position": "x"} trailing'])
def test_not_json(client, body):
    r = client.post("/v1/legal-moves", data=body, content_type="application/json")
    assert r.status_code == 400
    assert r.json["type"] == "urn:igisoro:problem:malformed-json"


def test_huge_integer_reaches_the_schema(client):
    r = client.post("/v1/legal-moves", data=b'{"position": "%s", "limit": %s}' % (START.encode(), b"9" * 40),
                    content_type="application/json")
    assert r.status_code == 422
    assert "limit" in r.json["errors"]
