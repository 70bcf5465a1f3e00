"""Configuration: class defaults, ``IGISORO_*`` environment, test_config;
and ``gunicorn.conf.py`` reading its environment variables."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from igisoro_service import config, create_app

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


def test_gunicorn_takes_the_documented_values(monkeypatch):
    # 0 is IGISORO_TRUSTED_PROXIES's own default; GUNICORN_MAX_REQUESTS is named when bad.
    assert _conf(monkeypatch, IGISORO_TRUSTED_PROXIES="0")["limit_request_fields"] == 100
    assert _conf(monkeypatch, IGISORO_TRUSTED_PROXIES="1")["limit_request_fields"] == 8000
    with pytest.raises(SystemExit, match="GUNICORN_MAX_REQUESTS"):
        _conf(monkeypatch, GUNICORN_MAX_REQUESTS="often")
    monkeypatch.delenv("GUNICORN_MAX_REQUESTS")
    with pytest.raises(SystemExit, match="IGISORO_JOB_LOCAL_WORKER"):
        _conf(monkeypatch, IGISORO_JOB_LOCAL_WORKER="yes")


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"IGISORO_RATE_LIMIT": "120 a min"}, "RATE_LIMIT"),
        ({"IGISORO_JOB_STORE_URL": "postgres://db/jobs"}, "JOB_STORE_URL"),
        ({"IGISORO_JOB_METRICS": "off"}, "JOB_METRICS"),
        ({"IGISORO_JOB_BROKER_URL": "redis://x:6379/0", "IGISORO_JOB_REDELIVERY_TIMEOUT": "600"},
         "JOB_REDELIVERY_TIMEOUT"),
    ],
)
def test_values_that_would_break_later_fail_at_start(monkeypatch, env, named):
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    with pytest.raises(ValueError, match=named):
        create_app()


def test_key_lists_drop_spaces_and_errors_do_not_show_keys(monkeypatch):
    monkeypatch.setenv("IGISORO_API_KEYS", "k1, k2")
    assert create_app().config["API_KEYS"] == ["k1", "k2"]
    with pytest.raises(ValueError, match="API_KEYS") as e:
        create_app({"API_KEYS": ["secret-one", ""]})
    assert "secret-one" not in str(e.value)


def test_unknown_settings_are_named_at_start(monkeypatch, caplog):
    monkeypatch.setenv("IGISORO_API_KEY", "secret")  # the CLI's name, not the server's
    monkeypatch.setenv("IGISORO_MAX_LEGAL_MOVE", "5")
    monkeypatch.setenv("IGISORO_WORKER_THREADS", "2")  # read by the job worker
    with caplog.at_level("WARNING"):
        create_app()
    assert "IGISORO_API_KEY," in caplog.text and "IGISORO_MAX_LEGAL_MOVE;" in caplog.text
    assert "IGISORO_WORKER_THREADS" not in caplog.text
    monkeypatch.setenv("IGISORO_API_KEYS", "k1")
    assert config.unknown_names({"IGISORO_API_KEY": "x", "IGISORO_API_KEYS": "k1"}) == []


def test_a_local_worker_that_cannot_be_restarted_is_tried_again(monkeypatch):
    """An OSError starting the local job worker again (out of memory, of
    file handles) used to end the watching thread: no worker ever after."""
    import subprocess
    import threading
    import types

    conf = types.ModuleType("gunicorn_conf")
    monkeypatch.setenv("IGISORO_JOB_LOCAL_WORKER", "0")
    exec(compile(GUNICORN_CONF.read_text(), str(GUNICORN_CONF), "exec"), conf.__dict__)
    started: list[object] = []

    def start() -> subprocess.Popen[bytes]:
        started.append(None)
        if len(started) == 1:
            raise OSError(12, "Cannot allocate memory")
        conf._stopping.set()  # the second try worked: let the thread end
        return subprocess.Popen(["true"])

    conf._start_worker = start
    conf._worker = subprocess.Popen(["true"])  # a worker that died
    conf._stopping.wait = lambda timeout=None: conf._stopping.is_set()  # no 5 s pauses here
    logs: list[str] = []
    server = types.SimpleNamespace(log=types.SimpleNamespace(warning=lambda *a: logs.append(a[0] % a[1:]),
                                                             error=lambda *a: logs.append(a[0] % a[1:])))
    watch = threading.Thread(target=conf._watch_worker, args=(server,), daemon=True)
    watch.start()
    watch.join(10)
    assert not watch.is_alive() and len(started) == 2, logs
    assert any("could not start the local job worker" in line for line in logs), logs
    conf._worker.wait()
