"""Behind deploy/nginx every request comes from the proxy; with
TRUSTED_PROXIES=1 the rate limit counts per client (X-Forwarded-For)."""

from __future__ import annotations

import pytest

from igisoro_service import create_app


@pytest.mark.parametrize("trusted, other_client_status", [(1, 200), (0, 429)])
def test_rate_limit_counts_the_forwarded_client(trusted: int, other_client_status: int) -> None:
    app = create_app({"RATE_LIMIT": "2/minute", "TRUSTED_PROXIES": trusted})
    client = app.test_client()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for _ in range(2):
        assert client.get("/v1/variants", headers={"X-Forwarded-For": "203.0.113.1"},
                          environ_base=proxy).status_code == 200
    assert client.get("/v1/variants", headers={"X-Forwarded-For": "203.0.113.1"},
                      environ_base=proxy).status_code == 429
    other = client.get("/v1/variants", headers={"X-Forwarded-For": "203.0.113.2"}, environ_base=proxy)
    assert other.status_code == other_client_status


def test_trusted_proxies_must_be_a_count() -> None:
    with pytest.raises(ValueError, match="TRUSTED_PROXIES"):
        create_app({"TRUSTED_PROXIES": -1})
