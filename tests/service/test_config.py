"""Configuration: class defaults, ``IGISORO_*`` environment, test_config;
and ``gunicorn.conf.py`` reading its environment variables."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from service import create_app

GUNICORN_CONF = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"


def test_defaults():
    app = create_app()
    assert app.config["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert app.config["MAX_LEGAL_MOVES"] == 1000
    assert app.config["ENGINE_TIMEOUT"] == 10.0
    assert app.extensions["igisoro_engine"].timeout == 10.0


def test_environment_overrides(monkeypatch):
    monkeypatch.setenv("IGISORO_MAX_LEGAL_MOVES", "50")
    monkeypatch.setenv("IGISORO_ENGINE_TIMEOUT", "2.5")
    app = create_app()
    assert app.config["MAX_LEGAL_MOVES"] == 50
    assert app.config["ENGINE_TIMEOUT"] == 2.5
    assert app.extensions["igisoro_engine"].timeout == 2.5
    r = app.test_client().post("/v1/legal-moves", json={"position": "x", "limit": 51})
    assert r.status_code == 422 and r.json["errors"] == {"limit": ["Must be between 1 and 50."]}


def test_test_config_wins(monkeypatch):
    monkeypatch.setenv("IGISORO_MAX_LEGAL_MOVES", "50")
    assert create_app({"MAX_LEGAL_MOVES": 7}).config["MAX_LEGAL_MOVES"] == 7


@pytest.mark.parametrize("value", ["0", "-3", '"many"', "true", "1.5"])
def test_bad_limit_fails_at_start(monkeypatch, value):
    monkeypatch.setenv("IGISORO_MAX_LEGAL_MOVES", value)
    with pytest.raises(ValueError, match="MAX_LEGAL_MOVES"):
        create_app()


def _conf(monkeypatch, **env: str) -> dict:
    for name in ("BIND", "HOST", "PORT", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(GUNICORN_CONF))


def test_gunicorn_defaults(monkeypatch):
    conf = _conf(monkeypatch)
    assert conf["bind"] == ["127.0.0.1:8000"]
    assert conf["workers"] >= 1 and conf["threads"] == 4 and conf["timeout"] == 30


def test_gunicorn_from_env(monkeypatch):
    conf = _conf(monkeypatch, HOST="0.0.0.0", PORT="9000", WEB_CONCURRENCY="3", GUNICORN_THREADS="2",
                 GUNICORN_TIMEOUT="60")
    assert conf["bind"] == ["0.0.0.0:9000"]
    assert (conf["workers"], conf["threads"], conf["timeout"]) == (3, 2, 60)
    assert _conf(monkeypatch, BIND="unix:/tmp/igisoro.sock", PORT="1")["bind"] == ["unix:/tmp/igisoro.sock"]


def test_gunicorn_rejects_bad_env(monkeypatch):
    with pytest.raises(SystemExit, match="WEB_CONCURRENCY"):
        _conf(monkeypatch, WEB_CONCURRENCY="lots")


@pytest.mark.parametrize("value", ["0", "-1", "86401", "true", '"10"'])
def test_engine_timeout_checked(monkeypatch, value):
    monkeypatch.setenv("IGISORO_ENGINE_TIMEOUT", value)
    with pytest.raises(ValueError, match="ENGINE_TIMEOUT"):
        create_app()
