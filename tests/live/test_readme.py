"""The README's examples run, so they cannot drift from the code (issue 17).

- Its ``python`` blocks are doctests.
- Its ``curl`` commands run against the real service (gunicorn on loopback,
  ``localhost:8000`` replaced by the test server); every answer is JSON or
  SVG or Prometheus text, never a 5xx, and where the README shows an answer
  in a ``# {...}`` comment, the literal values it shows (``"key": value``
  pairs without ``...``) are what the server sends.
"""

from __future__ import annotations

import doctest
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from igisoro_testing.servers import ROOT, Server

README = (ROOT / "README.md").read_text()
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def blocks(lang: str) -> list[str]:
    return [body for kind, body in BLOCK.findall(README) if kind == lang]


def curl_commands() -> list[tuple[str, str]]:
    """(command, the comment shown after it) for each curl command; a command
    runs over lines until its single quotes balance."""
    out: list[tuple[str, str]] = []
    for block in blocks("sh"):
        cmd: list[str] = []
        for line in block.splitlines():
            if cmd:
                cmd.append(line)
            elif line.startswith("curl "):
                cmd = [line]
            elif line.startswith("# {") and out:
                out[-1] = (out[-1][0], out[-1][1] + line[2:])
                continue
            else:
                continue
            text = "\n".join(cmd)
            if text.count("'") % 2 == 0:
                out.append((text, ""))
                cmd = []
    return out


def test_the_readme_has_the_examples_it_should() -> None:
    assert len(blocks("python")) >= 2
    assert len(curl_commands()) >= 10


def test_python_examples_are_doctests() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    # One session for all blocks, as a reader runs them one after another.
    runner.run(parser.get_doctest("\n".join(blocks("python")), {}, "README python blocks", "README.md", 0))
    result = runner.summarize(verbose=False)
    assert result.attempted > 5 and result.failed == 0


SHOWN = re.compile(r'"(\w+)": ("[^"]*"|-?\d+(?:\.\d+)?|true|false|null)')


@pytest.mark.parametrize("command,shown", curl_commands(), ids=lambda x: x.split("\n")[0][:60] if "curl" in x else "")
def test_curl_examples_answer_as_shown(live: Server, tmp_path: Path, command: str, shown: str) -> None:
    cmd = command.replace("localhost:8000", f"{live.host}:{live.port}")
    # Status of every curl in the line, on its own line after each body.
    cmd = cmd.replace("curl -s ", "curl -s -w '\\n%{http_code}\\n' ")
    run = subprocess.run(["bash", "-c", cmd], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    written = list(tmp_path.iterdir())
    # "> board.svg" sends the body and the status line into the file.
    text = run.stdout + "".join(f.read_text() for f in written)
    codes = [int(c) for c in re.findall(r"^(\d{3})$", text, re.M)]
    assert codes and all(c < 500 for c in codes), text[-500:]
    for f in written:  # "> board.svg": the picture, then the status line
        assert "<svg" in f.read_text()[:500]
    if shown:
        body = json.loads(text.rsplit("\n", 2)[0])
        pairs = list(_pairs(body))
        for key, value in SHOWN.findall(shown):
            expected = json.loads(value)
            if isinstance(expected, str) and "..." in expected:
                # "..." stands for any text: the rest must match in order.
                pattern = ".*".join(re.escape(part) for part in expected.split("..."))
                assert any(k == key and isinstance(v, str) and re.fullmatch(pattern, v, re.S) for k, v in pairs), (
                    key, value, [p for p in pairs if p[0] == key])
            else:
                assert (key, expected) in pairs, (key, value, [p for p in pairs if p[0] == key])


def _pairs(doc: object) -> Iterator[tuple[str, object]]:
    """Every (key, scalar value) pair at any depth of a JSON document."""
    if isinstance(doc, dict):
        for k, v in doc.items():
            if not isinstance(v, (dict, list)):
                yield k, v
            yield from _pairs(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from _pairs(v)
