"""``igisoro puzzles generate``: locally (resumed, restarted, refused when
the output is another run's) and against a live server's job workers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from igisoro.cli import main
from igisoro.puzzles import Puzzle, verify

from igisoro_testing.servers import ROOT, Server


#: The command's messages in English, whatever the machine's locale
#: (tests/conftest.py's english_cli).
pytestmark = pytest.mark.usefixtures("english_cli")


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(ln) for ln in path.read_text().splitlines()]


def test_local_generation_resumes_after_the_last_game(tmp_path: Path) -> None:
    out = tmp_path / "isolo.jsonl"
    assert main(["puzzles", "generate", "--variant", "isolo", "--count", "3", "-o", str(out), "-q"]) == 0
    first = _lines(out)
    assert len(first) == 3
    state = json.loads((tmp_path / "isolo.jsonl.state").read_text())
    assert state["variant"] == "isolo" and state["next_seed"] >= 1
    # A run stopped mid-game (here: the state rewound to the first game) looks
    # at that game again; the puzzles found again are not counted as new ones.
    (tmp_path / "isolo.jsonl.state").write_text(json.dumps({**state, "next_seed": 0}))
    # A half-written line (a run killed mid-write) is cut, and the run goes on.
    with out.open("a") as f:
        f.write('{"id": "trunc')
    assert main(["puzzles", "generate", "--variant", "isolo", "--count", "6", "-o", str(out), "-q"]) == 0
    second = _lines(out)
    assert second[:3] == first and len(second) == 6 and len({p["id"] for p in second}) == 6
    assert json.loads((tmp_path / "isolo.jsonl.state").read_text())["next_seed"] >= state["next_seed"]
    for p in second:
        verify(Puzzle.from_json(p), 40_000)
    # Another variant on the same output is refused; --force starts over.
    assert main(["puzzles", "generate", "--variant", "ikibuguzo-1", "--count", "1", "-o", str(out), "-q"]) == 2
    assert main(["puzzles", "generate", "--variant", "isolo", "--count", "2", "-o", str(out), "-q", "--force"]) == 0
    assert len(_lines(out)) == 2


def test_the_command_shows_its_progress_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl"
    run = subprocess.run([sys.executable, "-m", "igisoro", "puzzles", "generate", "--variant", "isolo", "--count", "2",
                          "-o", str(out), "--progress", "plain"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "2/2 items" in run.stderr and "puzzles per core-hour" in run.stderr


def test_server_generation_runs_jobs_and_writes_the_puzzles(tmp_path: Path, live: Server) -> None:
    out = tmp_path / "server.jsonl"
    code = main(["puzzles", "generate", "--variant", "isolo", "--count", "2", "-o", str(out), "-q",
                 "--server", live.url, "--batch", "3", "--first-seed", "40", "--poll", "0.2"])
    assert code == 0
    got = _lines(out)
    assert len(got) == 2 and all(p["variant"] == "isolo" and p["solution"] for p in got)
    assert json.loads((tmp_path / "server.jsonl.state").read_text())["next_seed"] >= 43
