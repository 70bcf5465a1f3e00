"""The package as users install it: the wheel maturin builds, in fresh
virtual environments outside the checkout.

The environments are made and filled by uv (a test dependency): it resolves
and installs the same wheels and dependencies as pip, from the same index,
15 times faster; what is checked is the wheels' contents and metadata, which
do not depend on the installer.

- ``pip install igisoro`` gives the rules library and nothing else: no web
  framework, and no top-level package but ``igisoro`` (no ``service`` to
  collide with a user's own).
- the service's wheel (``uv build --wheel service``, package ``igisoro_service``)
  installed beside it serves: gunicorn started from a folder that is not the
  checkout answers health, analysis and the OpenAPI document (the committed
  file, generated from the installed code).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from igisoro_testing.servers import ROOT, free_port


def _run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, check=True, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # The same profile, features and interpreter as the development build
    # (`maturin develop` in the venv), so cargo reuses it: without
    # `--interpreter`, maturin build found the system python3 first, and
    # PyO3's build script, seeing another PYO3_PYTHON, rebuilt the whole
    # core (80 s of the suite's parallel phase), and the next develop again.
    _run(sys.executable, "-m", "maturin", "build", "--release", "-q", "--interpreter", sys.executable, "-o", out,
         cwd=ROOT)
    (found,) = out.glob("igisoro-*.whl")
    return found


@pytest.fixture(scope="module")
def service_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("service-wheel")
    _run(UV, "build", "-q", "--wheel", "--out-dir", out, ROOT / "service", cwd=ROOT)
    (found,) = out.glob("igisoro_service-*.whl")
    return found


#: uv, installed beside this Python by the [test] extra.
UV = Path(sys.executable).parent / "uv"


def _venv(where: Path) -> Path:
    _run(UV, "venv", "-q", "--python", sys.executable, where, cwd=where.parent)
    return where / "bin"


def _install(bin_: Path, *wheels: Path, cwd: Path) -> None:
    _run(UV, "pip", "install", "-q", "--python", bin_ / "python", *wheels, cwd=cwd)


def test_library_alone_pulls_no_web_stack(wheel: Path, tmp_path: Path) -> None:
    bin_ = _venv(tmp_path / "lib")
    _install(bin_, wheel, cwd=tmp_path)
    listed = json.loads(_run(UV, "pip", "list", "--python", bin_ / "python", "--format", "json", cwd=tmp_path).stdout)
    assert {p["name"].lower() for p in listed} <= {"igisoro", "pip", "setuptools", "wheel"}
    code = "import igisoro; print(len(igisoro.Position.start('igisoro').legal_moves()))"
    assert _run(bin_ / "python", "-c", code, cwd=tmp_path).stdout.strip() == "8"
    # The levels' ratings are package data: they ship and read installed.
    code = "import igisoro; print(igisoro.levels()[-1].rating is not None)"
    assert _run(bin_ / "python", "-c", code, cwd=tmp_path).stdout.strip() == "True"
    # The library's wheel holds one top-level package, igisoro: no service,
    # no name that could shadow a user's own.
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"igisoro"}, tops
    # The command's catalogs ship in it, compiled: it speaks French installed.
    assert {f"igisoro/translations/{lang}/LC_MESSAGES/igisoro.mo" for lang in ("fr", "rw")} <= set(names)
    french = subprocess.run([bin_ / "igisoro", "analyse", "missing.txt", "--lang", "fr"], cwd=tmp_path,
                            capture_output=True, text=True)
    assert french.returncode == 2 and "impossible de lire missing.txt" in french.stderr, french.stderr
    for name in ("service", "igisoro_service"):
        missing = subprocess.run([bin_ / "python", "-c", f"import {name}"], cwd=tmp_path, capture_output=True, text=True)
        assert missing.returncode != 0 and f"No module named '{name}'" in missing.stderr


def test_service_wheel_serves_from_anywhere(wheel: Path, service_wheel: Path, tmp_path: Path) -> None:
    bin_ = _venv(tmp_path / "svc")
    _install(bin_, wheel, service_wheel, cwd=tmp_path)
    tops = {n.split("/")[0] for n in zipfile.ZipFile(service_wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"igisoro_service"}, tops
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(IGISORO_JOB_DIR=str(tmp_path / "jobs"))
    with (tmp_path / "gunicorn.log").open("wb") as log:
        proc = subprocess.Popen([bin_ / "gunicorn", "-b", f"127.0.0.1:{port}", "-w", "1", "igisoro_service:create_app()"],
                                cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/v1/health", timeout=2) as r:
                    assert json.load(r)["status"] == "ok"
                    break
            except OSError:
                assert proc.poll() is None, (tmp_path / "gunicorn.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "gunicorn.log").read_text()
                time.sleep(0.2)
        req = urllib.request.Request(f"{base}/v1/best-move", method="POST",
                                     data=json.dumps({"position": "isolo 2,2,2,2/2,2,2,2 s", "depth": 3}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert json.load(r)["best_move"] == "a1"
        with urllib.request.urlopen(f"{base}/v1/openapi.yaml", timeout=10) as r:
            assert r.read() == (ROOT / "openapi.yaml").read_bytes()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
