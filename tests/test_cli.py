"""``igisoro analyse``: formats, equality with ``analyse_items``, resume,
Ctrl-C, limits, and server mode against a small fake jobs server.

The real engine throughout, at small depths; the fake server implements
the jobs API contract with ``analyse_items`` (the real service has its own
tests)."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import tomllib
import urllib.parse
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import igisoro
from igisoro import cli
from igisoro.batch import Limits, Unreadable, analyse_items

ROOT = Path(__file__).resolve().parent.parent
START = igisoro.Position.start("igisoro").notation()
ISOLO = igisoro.Position.start("isolo")


#: The command's messages in English, whatever the machine's locale
#: (tests/conftest.py's english_cli).
pytestmark = pytest.mark.usefixtures("english_cli")


def positions(n: int) -> list[str]:
    """``n`` positions (with repeats past a few hundred) from seeded random play."""
    out: list[str] = []
    seed = 0
    while len(out) < n:
        for variant in ("igisoro", "igisoro-fr", "isolo"):
            p = igisoro.Position.start(variant)
            for _ in range(30):
                if p.status().state != "ongoing":
                    break
                nxt = p.random_move(seed)
                seed += 1
                if nxt is None:
                    break
                p = nxt
                out.append(p.notation())
    return out[:n]


def stable(line: dict[str, Any]) -> dict[str, Any]:
    """A result line without its timing, the one field that varies run to run."""
    return {k: v for k, v in line.items() if k != "time_ms"}


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(ln) for ln in path.read_text().splitlines() if ln.strip()]


def run(*args: str | Path) -> int:
    return cli.main(["analyse", *map(str, args)])


# --- formats -------------------------------------------------------------------


def test_jsonl_input_gives_the_lines_analyse_items_gives(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    items: list[Any] = [START, ISOLO.to_json(), "igisoro zz", {"variant": "nope"}]
    # Blank lines are skipped and do not count: the non-JSON line is index 2.
    src.write_text(f"{json.dumps(items[0])}\n\n{json.dumps(items[1])}\n{{not json\n   \n"
                   f"{json.dumps(items[2])}\n{json.dumps(items[3])}\n")
    out = tmp_path / "out.jsonl"
    assert run(src, "-o", out, "--depth", "2", "--quiet") == 0
    got = read_jsonl(out)
    assert [ln["index"] for ln in got] == [0, 1, 2, 3, 4]
    want = analyse_items("positions", items[:2] + [Unreadable("x")] + items[2:], Limits(depth=2))
    assert [stable(g) for g in got if g["index"] != 2] == [stable(w) for w in want if w["index"] != 2]
    bad = got[2]["error"]
    assert bad["type"] == "urn:igisoro:problem:malformed-json" and "line 4 is not JSON" in bad["detail"]
    assert got[3]["error"]["type"] == "urn:igisoro:problem:invalid-notation"
    assert "error" in got[4]


def test_text_and_csv_inputs_read_one_position_per_line_or_row(tmp_path: Path) -> None:
    notations = positions(5) + ["not a position"]
    want = [stable(w) for w in analyse_items("positions", notations, Limits(depth=2))]
    text = tmp_path / "in.txt"
    text.write_text("\n".join(notations[:3]) + "\n\n" + "\n".join(notations[3:]) + "\n")
    assert run(text, "-o", tmp_path / "t.jsonl", "--depth", "2", "--quiet") == 0
    assert [stable(g) for g in read_jsonl(tmp_path / "t.jsonl")] == want

    table = tmp_path / "in.csv"
    with table.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "pos"])
        w.writerows([i, n] for i, n in enumerate(notations))
    assert run(table, "-o", tmp_path / "c.jsonl", "--column", "pos", "--depth", "2", "--quiet") == 0
    assert [stable(g) for g in read_jsonl(tmp_path / "c.jsonl")] == want
    # A file with another extension is read as CSV when told.
    other = tmp_path / "in.data"
    other.write_text(table.read_text())
    assert run(other, "--input-format", "csv", "--column", "pos", "-o", tmp_path / "d.jsonl", "--depth", "2", "-q") == 0
    assert [stable(g) for g in read_jsonl(tmp_path / "d.jsonl")] == want


def test_a_csv_without_the_column_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "in.csv"
    table.write_text("fen\nx\n")
    assert run(table, "--quiet") == 2
    assert "no column 'position'" in capsys.readouterr().err


def test_standard_input_to_standard_output_via_python_m() -> None:
    notations = positions(3)
    done = subprocess.run([sys.executable, "-m", "igisoro", "analyse", "-", "--input-format", "text", "--depth", "1"],
                          input="\n".join(notations), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    got = [json.loads(ln) for ln in done.stdout.splitlines()]
    assert [stable(g) for g in got] == [stable(w) for w in analyse_items("positions", notations, Limits(depth=1))]
    assert "3 items: 3 analysed, 0 errors, 0 skipped" in done.stderr


def test_games_are_chosen_for_jsonl_objects_with_moves(tmp_path: Path) -> None:
    games: list[Any] = [{"position": START, "moves": ["b2", "a3", "c2"]}, {"position": START, "moves": ["zz"]},
                        {"position": START}]
    src = tmp_path / "games.jsonl"
    src.write_text("".join(json.dumps(g) + "\n" for g in games))
    assert run(src, "-o", tmp_path / "g.jsonl", "--depth", "1", "--quiet") == 0
    got = read_jsonl(tmp_path / "g.jsonl")
    assert got == analyse_items("games", games, Limits(depth=1))
    assert got[1]["illegal"]["move"] == "zz" and "error" in got[2]

    assert run(src, "-o", tmp_path / "g.csv", "--depth", "1", "--quiet") == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "g.csv").read_text(), newline="")))
    assert tuple(rows[0]) == cli.CSV_COLUMNS["games"]
    assert [(r["index"], r["plies"], r["illegal"], r["illegal_move"]) for r in rows] == [
        ("0", "3", "", ""), ("1", "0", "1", "zz"), ("2", "", "", "")]
    assert rows[0]["mistake"] != "" and rows[2]["error"] != ""


def test_games_from_text_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.txt"
    src.write_text(START + "\n")
    assert run(src, "--kind", "games", "--quiet") == 2
    assert "JSONL" in capsys.readouterr().err


def test_csv_output_columns_match_the_jsonl_lines(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(4) + ["igisoro zz"]) + "\n")
    assert run(src, "-o", tmp_path / "o.jsonl", "--depth", "2", "--quiet") == 0
    assert run(src, "-o", tmp_path / "o.data", "--output-format", "csv", "--depth", "2", "--quiet") == 0
    lines = read_jsonl(tmp_path / "o.jsonl")
    rows = list(csv.reader(io.StringIO((tmp_path / "o.data").read_text(), newline="")))
    assert tuple(rows[0]) == cli.CSV_COLUMNS["positions"] == (
        "index", "position", "best_move", "score_type", "score_value", "score_turns", "win_probability", "depth",
        "nodes", "time_ms", "stopped_by", "error")
    for line, row in zip(lines, rows[1:], strict=True):
        r = dict(zip(rows[0], row))
        assert r["index"] == str(line["index"])
        if "error" in line:
            assert r["error"] == line["error"]["detail"] and r["position"] == ""
            continue
        assert (r["position"], r["best_move"], r["score_type"], r["depth"], r["nodes"], r["stopped_by"], r["error"]) == (
            line["position"], line["best_move"] or "", line["score"]["type"], str(line["depth"]), str(line["nodes"]),
            line["stopped_by"], "")
        assert r["score_value"] == str(line["score"].get("value", "")) and r["score_turns"] == str(
            line["score"].get("turns", ""))
        assert r["win_probability"] == str(line["win_probability"]) and 0 <= float(r["win_probability"]) <= 1


# --- limits and progress -----------------------------------------------------------


@pytest.mark.parametrize(("flag", "value", "named"), [("--depth", "0", "depth"), ("--nodes", "-5", "nodes"),
                                                      ("--time-ms", "0", "time_ms"), ("--multipv", "99", "multipv")])
def test_a_bad_limit_exits_2_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str,
                                       named: str) -> None:
    src = tmp_path / "in.txt"
    src.write_text("not a position\n")  # no valid item: the limits are still checked
    assert run(src, "-o", tmp_path / "o.jsonl", flag, value) == 2
    err = capsys.readouterr().err
    assert "invalid limit" in err and named in err and value in err
    assert not (tmp_path / "o.jsonl").exists() or (tmp_path / "o.jsonl").read_text() == ""


def test_progress_goes_to_stderr_and_quiet_silences_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(6)) + "\n")
    for mode in ("tqdm", "plain"):
        assert run(src, "--depth", "1", "--chunk", "2", "--progress", mode) == 0
        captured = capsys.readouterr()
        assert len(captured.out.splitlines()) == 6  # stdout holds only the lines
        assert "6/6" in captured.err and "/s" in captured.err and "6 items: 6 analysed" in captured.err
    assert run(src, "--depth", "1", "--quiet") == 0
    assert capsys.readouterr().err == ""


# --- resume --------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_rerun_resumes_after_a_cut_mid_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(12) + ["bad"]) + "\n")
    full, out = tmp_path / f"full.{fmt}", tmp_path / f"out.{fmt}"
    assert run(src, "-o", full, "--depth", "2", "--chunk", "4", "--quiet") == 0
    # The first half plus half of the next line, as a kill would leave it.
    lines = full.read_text().splitlines(keepends=True)
    head = 7 if fmt == "jsonl" else 8  # CSV: the header and 7 rows
    out.write_text("".join(lines[:head]) + lines[head][: len(lines[head]) // 2])
    assert run(src, "-o", out, "--depth", "2", "--chunk", "4") == 0
    err = capsys.readouterr().err
    assert "dropped a partial last line" in err and "7 skipped" in err and "6 analysed" not in err
    if fmt == "jsonl":
        got = read_jsonl(out)
        assert sorted(ln["index"] for ln in got) == list(range(13))
        assert [stable(g) for g in got] == [stable(w) for w in read_jsonl(full)]
    else:
        def rows(p: Path) -> list[list[str]]:
            t = list(csv.reader(io.StringIO(p.read_text(), newline="")))
            time_ms = t[0].index("time_ms")
            return [r[:time_ms] + r[time_ms + 1:] for r in t]

        assert rows(out) == rows(full)
    # Complete: a third run writes nothing more.
    before = out.read_text()
    assert run(src, "-o", out, "--depth", "2") == 0
    assert out.read_text() == before and "13 skipped" in capsys.readouterr().err


def test_resuming_with_other_limits_is_refused_and_force_starts_over(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(3)) + "\n")
    out = tmp_path / "out.jsonl"
    assert run(src, "-o", out, "--depth", "1", "--quiet") == 0
    assert run(src, "-o", out, "--depth", "2", "--quiet") == 2
    assert "--force" in capsys.readouterr().err
    assert run(src, "-o", out, "--depth", "2", "--quiet", "--force") == 0
    assert [ln["depth"] for ln in read_jsonl(out)] == [2, 2, 2]


@pytest.mark.parametrize("suffix", ["jsonl", "csv"])
def test_resuming_an_output_of_another_input_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        suffix: str) -> None:
    some = positions(8)
    a, b, short = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "short.txt"
    a.write_text("\n".join(some[:4]) + "\n")
    b.write_text("\n".join(some[4:]) + "\n")
    short.write_text("\n".join(some[:2]) + "\n")
    out = tmp_path / f"out.{suffix}"
    assert run(a, "-o", out, "--depth", "1", "--quiet") == 0
    assert run(b, "-o", out, "--depth", "1", "--quiet") == 2
    assert "made from another input" in capsys.readouterr().err
    assert run(short, "-o", out, "--depth", "1", "--quiet") == 2
    assert "holds index 3, but the input has 2 items" in capsys.readouterr().err


def test_an_output_that_is_not_one_is_left_untouched_and_the_input_is_never_the_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.jsonl"
    notes.write_bytes(b"not a result line\ncut mid-li")
    inp = tmp_path / "in.txt"
    inp.write_text(START + "\n")
    assert run(inp, "-o", notes, "--depth", "1", "--quiet") == 2
    assert "is not a result line" in capsys.readouterr().err
    assert notes.read_bytes() == b"not a result line\ncut mid-li"  # refused, and not cut either
    same = tmp_path / "in.jsonl"
    same.write_text(json.dumps(START) + "\n")
    assert run(same, "-o", same, "--depth", "1", "--quiet", "--force") == 2
    assert "is the input file" in capsys.readouterr().err
    assert same.read_text() == json.dumps(START) + "\n"


def test_odd_input_lines_are_error_lines_and_surrogates_are_written(tmp_path: Path) -> None:
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join([
        "1" * 5000,  # an int past Python's digit limit
        "[" * 10_000 + "]" * 10_000,  # nested past Python's stack
        json.dumps({"position": START, "moves": ["\ud800"]}),  # echoed back as the illegal move
    ]) + "\n")
    for fmt in ("jsonl", "csv"):
        out = tmp_path / f"out.{fmt}"
        assert run(inp, "-o", out, "--depth", "1", "--quiet", "--kind", "games") == 0
        assert out.read_bytes().count(b"\n") == (3 if fmt == "jsonl" else 4)
    lines = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert "not JSON" in lines[0]["error"]["detail"] and "not JSON" in lines[1]["error"]["detail"]
    assert lines[2]["illegal"]["move"] == "\ud800"


def test_a_broken_csv_and_a_bad_poll_are_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inp = tmp_path / "in.csv"
    inp.write_text('position\n"' + "x" * 200_000 + "\n")  # a quote never closed
    assert run(inp, "-o", tmp_path / "out.jsonl", "--depth", "1", "--quiet") == 2
    assert "is not CSV" in capsys.readouterr().err
    for bad in ("0", "-1", "nan", "inf"):
        with pytest.raises(SystemExit) as e:
            cli.build_parser().parse_args(["analyse", str(inp), "--server", "http://x", "--poll", bad])
        assert e.value.code == 2


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen[str], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        assert proc.poll() is None, "the command ended before writing its first lines"
        time.sleep(0.005)
    raise AssertionError(f"no {n} lines in {path} after {timeout} s")


def interrupt_after(cmd: list[str], out: Path, n: int, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run ``cmd``, send it Ctrl-C once ``out`` has ``n`` lines; (exit code, stderr)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        wait_for_lines(out, n, proc)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc.returncode, err


def test_ctrl_c_stops_between_whole_lines_and_a_rerun_completes(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    # 600 items (a few seconds of work): the Ctrl-C, sent once the first
    # line (8 items) is out, lands long before the end even on a loaded machine.
    total = 600
    src.write_text("\n".join(positions(300) * 2) + "\n")
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "igisoro", "analyse", str(src), "-o", str(out), "--depth", "4", "--chunk", "8"]
    code, err = interrupt_after(cmd, out, 1)
    assert code == 130, err
    assert "interrupted" in err and "re-run the same command to resume" in err
    data = out.read_bytes()
    assert data.endswith(b"\n")
    first = [json.loads(ln) for ln in data.splitlines()]
    assert 0 < len(first) < total and [ln["index"] for ln in first] == list(range(len(first)))

    done = subprocess.run(cmd + ["--quiet"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    got = read_jsonl(out)
    assert [ln["index"] for ln in got] == list(range(total))
    assert got[: len(first)] == first


def test_the_command_is_declared_and_the_library_still_needs_nothing() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["igisoro"] == "igisoro.cli:main"
    assert project["dependencies"] == []
    assert any(d.startswith("tqdm") for d in project["optional-dependencies"]["cli"])
    assert any(d.startswith("tqdm") for d in project["optional-dependencies"]["test"])


def test_help_names_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0 and "analyse" in capsys.readouterr().out


# --- server mode ---------------------------------------------------------------------


@dataclass
class Job:
    id: str
    kind: Any
    limits: Limits
    items: list[Any]
    lines: list[dict[str, Any]] = field(default_factory=list)
    state: str = "queued"
    cancelled: threading.Event = field(default_factory=threading.Event)


class FakeJobs:
    """The jobs API contract on loopback, results computed by ``analyse_items``
    two items at a time; ``gate`` cleared holds every job after its first step."""

    def __init__(self, api_key: str = "secret") -> None:
        self.api_key = api_key
        self.jobs: dict[str, Job] = {}
        self.keys: dict[str, str] = {}
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.gate = threading.Event()
        self.gate.set()
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                fake.handle(self, "POST")

            def do_GET(self) -> None:
                fake.handle(self, "GET")

            def do_DELETE(self) -> None:
                fake.handle(self, "DELETE")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.gate.set()
        for job in self.jobs.values():
            job.cancelled.set()
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def send(h: BaseHTTPRequestHandler, status: int, body: bytes, ctype: str, headers: dict[str, str] | None = None) -> None:
        h.send_response(status)
        h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(body)

    def problem(self, h: BaseHTTPRequestHandler, status: int, slug: str, detail: str,
                errors: dict[str, list[str]] | None = None) -> None:
        body: dict[str, Any] = {"type": f"urn:igisoro:problem:{slug}", "title": slug.replace("-", " ").capitalize(),
                                "status": status, "detail": detail}
        if errors:
            body["errors"] = errors
        self.send(h, status, json.dumps(body).encode(), "application/problem+json")

    def status(self, job: Job) -> dict[str, Any]:
        return {"id": job.id, "state": job.state, "total": len(job.items), "done": len(job.lines),
                "errors": sum(1 for ln in job.lines if "error" in ln), "created": None, "started": None,
                "finished": None, "eta_s": None}

    def work(self, job: Job) -> None:
        job.state = "running"
        for start in range(0, len(job.items), 2):
            if start and not self.gate.is_set():
                self.gate.wait()
            if job.cancelled.is_set():
                job.state = "cancelled"
                return
            job.lines += analyse_items(job.kind, job.items[start:start + 2], job.limits, first_index=start)
        job.state = "done"

    def handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        url = urllib.parse.urlsplit(h.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        self.requests.append((method, h.path, {k.lower(): v for k, v in h.headers.items()}))
        if h.headers.get("X-API-Key") != self.api_key:
            return self.problem(h, 401, "unauthorized", "A valid X-API-Key header is required.")
        parts = url.path.strip("/").split("/")
        if method == "POST" and parts == ["v1", "jobs"]:
            body = h.rfile.read(int(h.headers["Content-Length"])).decode()
            limits = {k: int(query[k]) for k in ("depth", "nodes", "time_ms", "multipv") if k in query}
            if limits.get("depth", 1) > 10:
                return self.problem(h, 422, "validation-error", "The request does not match the schema; see errors.",
                                    {"depth": ["Must be at most 10."]})
            with self.lock:
                key = h.headers.get("Idempotency-Key", "")
                if key in self.keys:
                    job = self.jobs[self.keys[key]]
                else:
                    items: list[Any] = []
                    for ln in body.split("\n"):
                        if ln.strip():
                            try:
                                items.append(json.loads(ln))
                            except ValueError:
                                items.append(Unreadable("not JSON"))
                    job = Job(uuid.uuid4().hex[:8], query.get("kind", "positions"), Limits(**limits), items)
                    self.jobs[job.id] = job
                    self.keys[key] = job.id
                    threading.Thread(target=self.work, args=(job,), daemon=True).start()
            return self.send(h, 202, json.dumps(self.status(job)).encode(), "application/json",
                             {"Location": f"/v1/jobs/{job.id}"})
        if len(parts) >= 3 and parts[:2] == ["v1", "jobs"] and parts[2] in self.jobs:
            job = self.jobs[parts[2]]
            if method == "GET" and len(parts) == 3:
                return self.send(h, 200, json.dumps(self.status(job)).encode(), "application/json")
            if method == "GET" and parts[3:] == ["results"]:
                after = int(query.get("after", "-1"))
                lines = [ln for ln in list(job.lines) if ln["index"] > after]
                return self.send(h, 200, "".join(json.dumps(ln) + "\n" for ln in lines).encode(), "application/x-ndjson")
            if method == "DELETE" and len(parts) == 3:
                job.cancelled.set()
                self.gate.set()
                job.state = "cancelled" if job.state != "done" else job.state
                return self.send(h, 202, json.dumps(self.status(job)).encode(), "application/json")
        return self.problem(h, 404, "not-found", f"No such resource: {url.path}")


@pytest.fixture
def fake() -> Iterator[FakeJobs]:
    server = FakeJobs()
    try:
        yield server
    finally:
        server.close()


def test_server_mode_streams_the_same_lines_as_a_local_run(tmp_path: Path, fake: FakeJobs) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(p) for p in positions(7)) + "\n{oops\n" + json.dumps("igisoro zz") + "\n")
    local, remote = tmp_path / "local.jsonl", tmp_path / "remote.jsonl"
    assert run(src, "-o", local, "--depth", "2", "--quiet") == 0
    assert run(src, "-o", remote, "--depth", "2", "--quiet", "--server", fake.url, "--api-key", "secret",
               "--poll", "0.02") == 0
    got, want = read_jsonl(remote), read_jsonl(local)
    assert [ln["index"] for ln in got] == list(range(9))
    assert [stable(g) for g in got if g["index"] != 7] == [stable(w) for w in want if w["index"] != 7]
    assert got[7]["error"]["type"] == want[7]["error"]["type"] == "urn:igisoro:problem:malformed-json"
    post = [r for r in fake.requests if r[0] == "POST"]
    assert len(post) == 1 and "kind=positions" in post[0][1] and "depth=2" in post[0][1]
    assert post[0][2]["content-type"] == "application/x-ndjson" and len(post[0][2]["idempotency-key"]) >= 32
    assert all(r[2]["x-api-key"] == "secret" for r in fake.requests)
    assert not (tmp_path / "remote.jsonl.job").exists()
    # The same command again: everything is written, nothing is submitted.
    assert run(src, "-o", remote, "--depth", "2", "--quiet", "--server", fake.url, "--api-key", "secret") == 0
    assert len([r for r in fake.requests if r[0] == "POST"]) == 1


def test_server_mode_resuming_with_other_limits_given_is_refused(tmp_path: Path, fake: FakeJobs,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(p) for p in positions(4)) + "\n")
    out = tmp_path / "out.jsonl"
    key = ["--server", fake.url, "--api-key", "secret", "--poll", "0.02", "--quiet"]
    assert run(src, "-o", out, "--depth", "1", *key) == 0
    out.write_text("".join(out.read_text().splitlines(keepends=True)[:2]))  # an unfinished output, no job file
    assert run(src, "-o", out, "--depth", "2", *key) == 2
    assert "holds results with limits" in capsys.readouterr().err


def test_a_job_file_that_cannot_be_written_is_a_usage_error(tmp_path: Path, fake: FakeJobs,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps(START) + "\n")
    (tmp_path / "out.jsonl.job.tmp").mkdir()  # where the job file is written first
    assert run(src, "-o", tmp_path / "out.jsonl", "--depth", "1", "--quiet", "--server", fake.url,
               "--api-key", "secret") == 2
    assert "cannot write" in capsys.readouterr().err


def test_server_mode_csv_output_for_games(tmp_path: Path, fake: FakeJobs) -> None:
    src = tmp_path / "games.jsonl"
    src.write_text(json.dumps({"position": START, "moves": ["b2", "a3"]}) + "\n")
    out = tmp_path / "g.csv"
    assert run(src, "-o", out, "--depth", "1", "-q", "--server", fake.url, "--api-key", "secret", "--poll", "0.02") == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(), newline="")))
    assert [(r["index"], r["plies"]) for r in rows] == [("0", "2")]
    assert "kind=games" in [r for r in fake.requests if r[0] == "POST"][0][1]


def test_server_problems_are_reported_with_their_detail(tmp_path: Path, fake: FakeJobs,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.txt"
    src.write_text(START + "\n")
    assert run(src, "-q", "--server", fake.url, "--api-key", "wrong") == 1
    assert "A valid X-API-Key header is required." in capsys.readouterr().err
    assert run(src, "-q", "--server", fake.url, "--api-key", "secret", "--depth", "12") == 2
    assert "see errors. (422 Validation error) [depth: Must be at most 10.]" in capsys.readouterr().err


def interrupt_server_run(tmp_path: Path, fake: FakeJobs, *extra: str) -> tuple[Path, Path, str]:
    """Run the command against ``fake`` holding its job after two lines, and
    Ctrl-C it once they are written."""
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(9)) + "\n")
    out = tmp_path / "out.jsonl"
    fake.gate.clear()
    cmd = [sys.executable, "-m", "igisoro", "analyse", str(src), "-o", str(out), "--depth", "2", "--server", fake.url,
           "--poll", "0.02", *extra]
    env = {**os.environ, "IGISORO_API_KEY": "secret"}
    code, err = interrupt_after(cmd, out, 2, env)
    assert code == 130, err
    return src, out, err


def test_server_mode_ctrl_c_leaves_the_job_running_and_a_rerun_resumes_it(tmp_path: Path, fake: FakeJobs) -> None:
    src, out, err = interrupt_server_run(tmp_path, fake)
    (job,) = fake.jobs.values()
    assert job.state == "running" and "keeps running on the server" in err
    sidecar = tmp_path / "out.jsonl.job"
    assert json.loads(sidecar.read_text())["id"] == job.id
    assert [ln["index"] for ln in read_jsonl(out)] == [0, 1]
    # The tail of a killed write: cut off, and streamed again from index 1.
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + lines[1][:10])
    fake.gate.set()
    assert run(src, "-o", out, "--depth", "2", "--quiet", "--server", fake.url, "--api-key", "secret",
               "--poll", "0.02") == 0
    got = read_jsonl(out)
    assert [ln["index"] for ln in got] == list(range(9))
    assert [stable(g) for g in got] == [stable(w) for w in job.lines]
    assert len(fake.jobs) == 1 and not sidecar.exists()
    resumed = [r[1] for r in fake.requests if r[1].startswith(f"/v1/jobs/{job.id}/results")]
    assert resumed[-1].endswith("after=8") and any(p.endswith("?after=0") for p in resumed)


def test_server_mode_cancel_on_interrupt(tmp_path: Path, fake: FakeJobs) -> None:
    src, out, err = interrupt_server_run(tmp_path, fake, "--cancel-on-interrupt")
    (job,) = fake.jobs.values()
    assert job.state == "cancelled" and f"cancelled job {job.id}" in err
    assert not (tmp_path / "out.jsonl.job").exists()
    # A re-run submits a new job (the old key found a cancelled one) and writes only what is missing.
    assert run(src, "-o", out, "--depth", "2", "--quiet", "--server", fake.url, "--api-key", "secret",
               "--poll", "0.02") == 0
    assert [ln["index"] for ln in read_jsonl(out)] == list(range(9))
    assert len(fake.jobs) == 2


def test_csv_cells_never_hold_a_newline() -> None:
    row = cli.csv_row("positions", {"index": 3, "error": {"detail": "two\nlines"}})
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(row)
    assert buf.getvalue().count("\n") == 1


def test_server_mode_resubmits_a_job_the_server_forgot(tmp_path: Path, fake: FakeJobs,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    src, out, _ = interrupt_server_run(tmp_path, fake)
    (job,) = fake.jobs.values()
    fake.jobs.clear()  # expired: its id is a 404 and its key unknown
    fake.keys.clear()
    fake.gate.set()
    assert run(src, "-o", out, "--depth", "2", "--server", fake.url, "--api-key", "secret", "--poll", "0.02") == 0
    assert f"job {job.id} is gone from the server; submitting the input again" in capsys.readouterr().err
    assert [ln["index"] for ln in read_jsonl(out)] == list(range(9))
    assert not (tmp_path / "out.jsonl.job").exists()


def test_ctrl_c_against_a_server_that_never_answers(tmp_path: Path) -> None:
    """The first Ctrl-C is acknowledged at once even while a request hangs
    (its socket timeout is 60 s); the second stops the command at once."""
    import socket

    listener = socket.create_server(("127.0.0.1", 0))
    accepted = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:  # take connections and never answer
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)
            accepted.set()

    threading.Thread(target=accept, daemon=True).start()
    src = tmp_path / "in.txt"
    src.write_text("\n".join(positions(3)) + "\n")
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    proc = subprocess.Popen([sys.executable, "-m", "igisoro", "analyse", str(src), "-o", str(tmp_path / "out.jsonl"),
                             "--depth", "1", "--server", url], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = bytearray()

    def read_err() -> None:
        assert proc.stderr is not None
        while chunk := proc.stderr.read1(4096):
            err.extend(chunk)

    reader = threading.Thread(target=read_err, daemon=True)
    reader.start()

    def wait_for(text: bytes, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while text not in err:
            assert time.monotonic() < deadline and proc.poll() is None, bytes(err)
            time.sleep(0.02)

    try:
        assert accepted.wait(30), "the command never reached the server"
        time.sleep(0.2)  # inside the request
        proc.send_signal(signal.SIGINT)
        wait_for(b"stopping after the current step", 3)
        assert proc.poll() is None  # still waiting for the hung request
        proc.send_signal(signal.SIGINT)
        assert proc.wait(5) == 130
        wait_for(b"interrupted; re-run the same command to resume", 3)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join(5)
        for stream in (proc.stdout, proc.stderr):
            assert stream is not None
            stream.close()
        listener.close()
        for c in held:
            c.close()


# A main thread that waits on the stop flag in a loop while Ctrl-Cs arrive;
# each one handled is counted and the flag cleared. ``FLAG`` names the class.
STOP_FLAG_STRESS = """
import signal, threading, time
from igisoro.cli.interrupts import StopFlag
flag = {FLAG}()
reset = flag.clear if isinstance(flag, threading.Event) else lambda: setattr(flag, "_flag", False)
signal.signal(signal.SIGINT, lambda s, f: flag.set())
seen, end = 0, time.monotonic() + 3
print("ready", flush=True)
while time.monotonic() < end:
    if flag.wait(0):
        seen += 1
        reset()
signal.signal(signal.SIGINT, signal.SIG_IGN)  # one arriving as it exits would kill it
print("seen", seen, flush=True)
"""


def test_the_stop_flag_can_be_set_from_a_handler_that_interrupts_its_own_wait() -> None:
    """A Ctrl-C handled while the main thread is inside the stop flag's own
    wait: with a threading.Event (whose set takes the lock that wait holds)
    one such Ctrl-C hung the command for good, as a CI run did; with
    ``FLAG=threading.Event`` this test fails (a hang or RecursionError)."""
    proc = subprocess.Popen([sys.executable, "-c", STOP_FLAG_STRESS.replace("{FLAG}", "StopFlag")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        end = time.monotonic() + 2  # the child loops 3 s: none arrives as it exits
        while proc.poll() is None and time.monotonic() < end:
            proc.send_signal(signal.SIGINT)
            time.sleep(0.001)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert int(out.split()[-1]) > 100  # the Ctrl-Cs were seen, not lost


@pytest.mark.serial  # measures time: run alone (scripts/test.sh)
def test_ctrl_c_ends_the_clients_retries_at_once() -> None:
    """Ctrl-C pressed while the server cannot be reached: no retry waits
    out its seconds (a second Ctrl-C was needed); it stops as one does."""
    from igisoro.cli.interrupts import StopFlag
    from igisoro.cli.server import Api

    stop = StopFlag()
    stop.set()
    t = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        Api("http://127.0.0.1:1", None, stop=stop).status("some-job")
    assert time.monotonic() - t < 1.0  # its retries would wait 0.5 + 1 + 2 s
