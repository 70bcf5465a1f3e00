"""Smaller contract points of the HTTP edge (issue 17, defect 7)."""

from __future__ import annotations

from igisoro_service import create_app

GOOD = "isolo 2,2,2,2/2,2,2,2 s"


def test_cors_varies_on_origin_and_stays_quiet_without_one() -> None:
    c = create_app({"TESTING": True, "CORS_ORIGINS": ["https://a.example"]}).test_client()
    r = c.get("/v1/variants")
    assert "Access-Control-Allow-Origin" not in r.headers
    assert "Origin" in r.headers.get("Vary", "")
    r = c.get("/v1/variants", headers={"Origin": "https://a.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "https://a.example"
    assert "Origin" in r.headers.get("Vary", "")
    r = c.get("/v1/variants", headers={"Origin": "https://b.example"})
    assert "Access-Control-Allow-Origin" not in r.headers


def test_failed_api_keys_are_rate_limited() -> None:
    c = create_app({"TESTING": True, "API_KEYS": ["right"], "AUTH_FAILURE_LIMIT": 5}).test_client()
    statuses = [c.get("/v1/variants", headers={"X-API-Key": f"wrong{i}"}).status_code for i in range(8)]
    assert statuses[:5] == [401] * 5 and statuses[5:] == [429] * 3
    r = c.get("/v1/variants", headers={"X-API-Key": "wrong"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    assert r.get_json()["type"] == "urn:igisoro:problem:too-many-auth-failures"
    # Another client address is not blocked by the first one's failures.
    r = c.get("/v1/variants", headers={"X-API-Key": "right"}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert r.status_code == 200


def test_duplicate_json_keys_are_a_400_naming_the_key(client) -> None:  # type: ignore[no-untyped-def]
    body = f'{{"position": "{GOOD}", "position": "{GOOD}"}}'
    r = client.post("/v1/positions/validate", data=body, content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["type"] == "urn:igisoro:problem:malformed-json"
    assert "'position'" in r.get_json()["detail"]
    nested = '{"position": {"variant": "isolo", "variant": "isolo", "pits": [[2,2,2,2],[2,2,2,2]], "to_move": "south"}}'
    r = client.post("/v1/positions/validate", data=nested, content_type="application/json")
    assert r.status_code == 400 and "'variant'" in r.get_json()["detail"]


def test_docs_with_a_trailing_slash_and_no_outside_validator(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/v1/docs/")
    assert r.status_code == 308 and r.headers["Location"].endswith("/v1/docs")
    assert client.get("/v1/docs/", follow_redirects=True).status_code == 200
    init = client.get("/v1/docs/init.js").get_data(as_text=True)
    assert "validatorUrl: null" in init
