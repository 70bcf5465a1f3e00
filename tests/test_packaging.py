"""The rules library stands alone: no web framework comes with it."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_library_declares_no_dependencies_and_the_service_is_an_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    assert any(d.startswith("flask") for d in project["optional-dependencies"]["service"])


def test_importing_the_library_imports_no_web_stack() -> None:
    code = "import sys, igisoro; print(sorted(m for m in ('flask', 'marshmallow', 'gunicorn', 'orjson') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_every_variant_source_cites_only_files_in_the_repository() -> None:
    """``/v1/variants`` shows these sources; a file they name must be in the repo."""
    import re

    import igisoro

    for v in igisoro.variants():
        for path in re.findall(r"[\w./-]+\.(?:md|lud|txt)\b", v.source):
            if path.endswith(".lud"):
                continue  # a Ludii game file, cited by name as Ludii ships it
            assert (ROOT / path).is_file(), (v.name, path)
