"""The ``igisoro`` command: ``igisoro analyse INPUT [-o OUTPUT]``.

Analyses a file of positions (or games) and writes one result line per
item, the lines :func:`igisoro.batch.analyse_items` makes: locally on every
core, or as a job on an Igisoro server (``--server URL``) whose results are
streamed back. A re-run with the same output file resumes where the last
one stopped; Ctrl-C stops cleanly between whole lines.

Input (``--input-format``, else by extension): ``jsonl`` (``.jsonl``,
``.ndjson``: one JSON item a line: a notation string, a position object, or
a game ``{"position": ..., "moves": [...]}``), ``csv`` (``.csv``: a header
row and a position column, ``--column``), ``text`` (anything else: one
notation a line). Blank lines are skipped; an item's index is its ordinal
among the non-blank lines (data rows for CSV), counted from 0. Without
``--kind``, a JSONL input whose first readable item is an object holding
``"moves"`` is read as games, anything else as positions.

Output (``--output-format``, else by extension of ``-o``): ``jsonl`` (the
result lines as they are) or ``csv`` (:data:`CSV_COLUMNS`). Exit codes: 0
done (error lines included: they are results), 1 failure (a server's
refusal, a failed job), 2 bad usage (a bad limit, an unreadable input or
output), 130 interrupted.

The library needs nothing but itself: the progress bar uses tqdm when it
is installed (the ``cli`` extra), a plain one-line counter otherwise, and
the server client is the standard library's urllib.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import importlib
import io
import json
import os
import signal
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import IO, Any, Protocol, TypeVar

from igisoro.analysis import analyse_many
from igisoro.batch import KINDS, Kind, Limits, Unreadable, analyse_items, read_position
from igisoro.errors import InvalidLimitError
from igisoro.position import Position

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: Items per local chunk: a chunk's lines are written (and flushed) when
#: the whole chunk is done, so this bounds the work a Ctrl-C throws away;
#: a chunk of positions is one parallel engine call, so it must be large
#: enough to keep every core busy.
DEFAULT_CHUNK: dict[Kind, int] = {"positions": 256, "games": 16}

INPUT_FORMATS = ("jsonl", "csv", "text")
OUTPUT_FORMATS = ("jsonl", "csv")

#: CSV output columns per kind; nested values are flattened, ``error`` is
#: an error line's problem detail.
CSV_COLUMNS: dict[Kind, tuple[str, ...]] = {
    "positions": ("index", "position", "best_move", "score_type", "score_value", "score_turns", "depth", "nodes",
                  "time_ms", "stopped_by", "error"),
    "games": ("index", "start", "plies", "illegal", "illegal_move", "inaccuracy", "mistake", "blunder",
              "final_state", "winner", "partial", "error"),
}

#: Job states after which a job's results never change.
FINISHED_STATES = ("done", "failed", "cancelled")

T = TypeVar("T")


class CliError(Exception):
    """A reason to stop, told to the user as ``igisoro analyse: <message>``,
    with the exit code to stop with."""

    def __init__(self, message: str, code: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.code = code


# --- input -------------------------------------------------------------------


@dataclass
class Input:
    """The items of an input file, in order (blank lines left out)."""

    #: What :func:`analyse_items` takes: strings, objects, or Unreadable.
    items: list[Any]
    #: Each item as one line of a job's ``application/x-ndjson`` body.
    wire: list[str]
    #: The format the items were read as.
    format: str


def input_format(path: str, given: str | None) -> str:
    """The input format: the one given, else by the file's extension."""
    if given:
        return given
    suffix = Path(path).suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    return "csv" if suffix == ".csv" else "text"


def _read_text(path: str) -> str:
    try:
        data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror or e}", EXIT_USAGE) from e
    try:
        return data.decode("utf-8-sig")  # -sig: spreadsheets write a byte-order mark
    except UnicodeDecodeError as e:
        raise CliError(f"{path} is not UTF-8 text: {e}", EXIT_USAGE) from e


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, stripped line)`` of the non-blank lines.

    Split on ``\\n`` only: ``str.splitlines`` would also split on U+2028 and
    friends, which JSON strings may hold raw."""
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if line:
            yield number, line


def _json_item(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        return Unreadable(f"{where} is not JSON: {e.msg} at column {e.colno}.")


def read_input(path: str, fmt: str, column: str = "position") -> Input:
    """The items of ``path`` (``-``: standard input) read as ``fmt``.

    A JSONL line that is not JSON becomes an :class:`Unreadable` item (an
    error line at its index, not a failed run); so does a CSV cell that
    starts like a JSON object (a position's JSON form) but is not JSON.
    """
    text = _read_text(path)
    items: list[Any] = []
    wire: list[str] = []
    if fmt == "jsonl":
        for number, line in _lines(text):
            items.append(_json_item(line, f"line {number}"))
            wire.append(line)  # as written: the server reads (or refuses) it the same way
    elif fmt == "text":
        for _, line in _lines(text):
            items.append(line)
            wire.append(json.dumps(line))
    elif fmt == "csv":
        reader = csv.DictReader(io.StringIO(text, newline=""))
        if reader.fieldnames is None or column not in reader.fieldnames:
            found = ", ".join(reader.fieldnames or []) or "none"
            raise CliError(f"{path} has no column {column!r} (columns: {found}); choose one with --column", EXIT_USAGE)
        for row in reader:  # DictReader skips empty lines itself
            cell = (row.get(column) or "").strip()
            item = _json_item(cell, f"row {reader.line_num}, column {column!r},") if cell.startswith("{") else cell
            items.append(item)
            wire.append(json.dumps(cell) if isinstance(item, str) else cell)
    else:
        raise CliError(f"unknown input format {fmt!r}", EXIT_USAGE)
    return Input(items, wire, fmt)


def guess_kind(inp: Input) -> Kind:
    """``games`` for JSONL whose first readable item holds ``"moves"``, else ``positions``."""
    if inp.format == "jsonl":
        for item in inp.items:
            if not isinstance(item, Unreadable):
                return "games" if isinstance(item, dict) and "moves" in item else "positions"
    return "positions"


# --- output ------------------------------------------------------------------


def output_format(path: str | None, given: str | None) -> str:
    """The output format: the one given, else ``csv`` for a ``.csv`` file, else ``jsonl``."""
    if given:
        return given
    return "csv" if path not in (None, "-") and Path(str(path)).suffix.lower() == ".csv" else "jsonl"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    # One record a line keeps resuming simple (a trailing partial line is
    # cut at the last newline), so no cell may hold a newline.
    return " ".join(str(value).split("\n"))


def csv_row(kind: Kind, line: dict[str, Any]) -> list[str]:
    """A result line as a CSV row of :data:`CSV_COLUMNS` ``[kind]``."""
    error = line.get("error")
    if error is not None:
        detail = error.get("detail") if isinstance(error, dict) else error
        values: dict[str, Any] = {"index": line["index"], "error": detail}
    elif kind == "positions":
        score = line.get("score") or {}
        values = {**line, "score_type": score.get("type"), "score_value": score.get("value"),
                  "score_turns": score.get("turns")}
    else:
        illegal = line.get("illegal") or {}
        summary = line.get("summary") or {}
        final = line.get("final") or {}
        status = final.get("status") or {}
        values = {**line, **summary, "plies": len(line.get("plies") or []), "illegal": illegal.get("ply"),
                  "illegal_move": illegal.get("move"), "final_state": status.get("state"),
                  "winner": status.get("winner")}
    return [_cell(values.get(c)) for c in CSV_COLUMNS[kind]]


@dataclass
class Resumed:
    """What an existing output file already holds."""

    indices: set[int] = field(default_factory=set)
    #: The limits stated by its first analysed line, if any.
    limits: dict[str, Any] | None = None
    #: ``(index, notation)`` of its first analysed line: the position (or
    #: game start) it was made from, to tell another input's output.
    sample: tuple[int, str] | None = None
    #: Bytes of a trailing partial line that were cut off.
    cut: int = 0


class Output:
    """Where result lines go: a file (which a re-run resumes) or stdout."""

    def __init__(self, path: str | None, fmt: str, kind: Kind) -> None:
        self.path = None if path in (None, "-") else Path(str(path))
        self.fmt = fmt
        self.kind = kind
        self._stream: IO[bytes] | None = None
        self._header_done = False

    @property
    def name(self) -> str:
        """The file's name, or ``stdout``."""
        return str(self.path) if self.path else "stdout"

    @property
    def sidecar(self) -> Path | None:
        """``OUTPUT.job``: the server job whose results this file receives."""
        return self.path.with_name(self.path.name + ".job") if self.path else None

    def resume(self) -> Resumed:
        """Read what the file holds, cutting off a trailing partial line (the
        write a crash or a kill interrupted), so appending goes on cleanly."""
        found = Resumed()
        if self.path is None or not self.path.exists():
            return found
        try:
            data = self.path.read_bytes()
        except OSError as e:
            raise CliError(f"cannot read {self.path}: {e.strerror or e}", EXIT_USAGE) from e
        end = data.rfind(b"\n") + 1
        if end < len(data):
            with self.path.open("r+b") as f:
                f.truncate(end)
            found.cut = len(data) - end
        text = data[:end].decode("utf-8", errors="replace")
        hint = "; use --force to start over, or another output file"
        if self.fmt == "csv":
            rows = list(csv.reader(io.StringIO(text, newline="")))
            if not rows:
                return found
            if tuple(rows[0]) != CSV_COLUMNS[self.kind]:
                raise CliError(f"{self.path} is not a CSV of {self.kind} results (its header differs){hint}", EXIT_USAGE)
            self._header_done = True
            for number, row in enumerate(rows[1:], start=2):
                if not row:
                    continue
                try:
                    found.indices.add(int(row[0]))
                except ValueError:
                    raise CliError(f"{self.path}: row {number} has no index{hint}", EXIT_USAGE) from None
                if found.sample is None and len(row) > 1 and row[1]:
                    found.sample = (int(row[0]), row[1])  # the position (or start) column
            return found
        for number, line in _lines(text):
            try:
                obj = json.loads(line)
                index = obj["index"]
                if not isinstance(index, int):
                    raise TypeError
            except (ValueError, KeyError, TypeError):
                raise CliError(f"{self.path}: line {number} is not a result line{hint}", EXIT_USAGE) from None
            found.indices.add(index)
            if found.limits is None and "error" not in obj and isinstance(obj.get("limits"), dict):
                found.limits = obj["limits"]
            first = obj.get("position", obj.get("start"))
            if found.sample is None and isinstance(first, str):
                found.sample = (index, first)
        return found

    def open(self, fresh: bool) -> None:
        """Open for appending (``fresh``: emptied first)."""
        if self.path is None:
            self._stream = sys.stdout.buffer
            return
        try:
            self._stream = self.path.open("wb" if fresh else "ab")
        except OSError as e:
            raise CliError(f"cannot write {self.path}: {e.strerror or e}", EXIT_USAGE) from e
        if fresh:
            self._header_done = False

    def write(self, lines: Sequence[dict[str, Any]]) -> None:
        """Write whole lines in one call and flush, so what is on disk is
        always whole lines (up to a kill in the middle of the call)."""
        assert self._stream is not None
        if self.fmt == "csv":
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            if not self._header_done:
                writer.writerow(CSV_COLUMNS[self.kind])
                self._header_done = True
            writer.writerows(csv_row(self.kind, ln) for ln in lines)
            text = buf.getvalue()
        else:
            text = "".join(json.dumps(ln, ensure_ascii=False) + "\n" for ln in lines)
        if text:
            self._stream.write(text.encode("utf-8"))
        self._stream.flush()

    def close(self) -> None:
        """Flush and close (stdout is flushed only)."""
        if self._stream is None:
            return
        self._stream.flush()
        if self.path is not None:
            self._stream.close()
        self._stream = None


# --- progress ----------------------------------------------------------------


class Progress(Protocol):
    """Items done, rate and ETA, on stderr."""

    def update(self, n: int) -> None:
        """``n`` more items done."""

    def close(self) -> None:
        """End the display (before other messages go to stderr)."""


class _NoProgress:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


class PlainProgress:
    """``done/total items  rate/s  ETA`` on one stderr line, redrawn at most
    every quarter second (a progress bar must not cost the run)."""

    def __init__(self, total: int, initial: int, stream: IO[str] | None = None, interval: float = 0.25) -> None:
        self.total, self.done, self.initial = total, initial, initial
        self.stream = stream or sys.stderr
        self.interval = interval
        self.started = time.monotonic()
        self.shown = 0.0
        self.width = 0
        if total > initial:  # at once: the first chunk may take a while
            self._draw(self.started)

    def update(self, n: int) -> None:
        """Count ``n`` more items; redraw if the last drawing is old enough."""
        self.done += n
        now = time.monotonic()
        if now - self.shown >= self.interval or self.done >= self.total:
            self._draw(now)

    def _draw(self, now: float) -> None:
        self.shown = now
        elapsed = now - self.started
        rate = (self.done - self.initial) / elapsed if elapsed > 0 else 0.0
        eta = f"{(self.total - self.done) / rate:.0f}s" if rate > 0 else "?"
        text = f"{self.done}/{self.total} items  {rate:.1f}/s  ETA {eta}"
        self.stream.write("\r" + text.ljust(self.width))
        self.width = len(text)
        self.stream.flush()

    def close(self) -> None:
        """Draw the last state and end the line."""
        if self.width or self.done > self.initial:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


def make_progress(mode: str, total: int, initial: int) -> Progress:
    """A tqdm bar (``auto`` with tqdm installed, or ``tqdm``), a
    :class:`PlainProgress`, or nothing (``off``)."""
    if mode == "off":
        return _NoProgress()
    if mode in ("auto", "tqdm"):
        try:
            # Imported by name: tqdm is optional and ships no type hints.
            tqdm: Any = importlib.import_module("tqdm")
        except ImportError:
            if mode == "tqdm":
                raise CliError("--progress tqdm needs tqdm (pip install 'igisoro[cli]')", EXIT_USAGE) from None
        else:
            bar: Progress = tqdm.tqdm(total=total, initial=initial, unit="item", file=sys.stderr, mininterval=0.25,
                                      dynamic_ncols=True)
            return bar
    return PlainProgress(total, initial)


# --- interrupts --------------------------------------------------------------


class Interrupts:
    """While active, SIGINT only sets :attr:`stop`, which the loops check
    between whole lines; a second Ctrl-C raises KeyboardInterrupt as usual.

    Outside the main thread (where handlers cannot be installed) Ctrl-C
    raises KeyboardInterrupt, which :func:`main` also turns into a clean
    stop."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self._previous: Any = None
        self._installed = False

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.stop.is_set():
            raise KeyboardInterrupt
        self.stop.set()

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handler)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)


class Abandoned(Exception):
    """The user stopped the run while a computation was still going."""

    def __init__(self, worker: threading.Thread) -> None:
        super().__init__("interrupted")
        self.worker = worker


def in_background(work: Callable[[], T], stop: threading.Event) -> T:
    """``work()`` on a daemon thread, waited for in short steps so a Ctrl-C
    is seen at once (an engine call cannot be interrupted; its results are
    dropped and the process need not wait for it): raises
    :class:`Abandoned` when ``stop`` is set first."""
    box: dict[str, Any] = {}
    finished = threading.Event()

    def run() -> None:
        try:
            box["value"] = work()
        except BaseException as e:  # handed to the caller's thread whatever it is
            box["error"] = e
        finally:
            finished.set()

    worker = threading.Thread(target=run, name="igisoro-analyse", daemon=True)
    worker.start()
    while not finished.wait(0.1):
        if stop.is_set():
            raise Abandoned(worker)
    if "error" in box:
        raise box["error"]
    value: T = box["value"]
    return value


# --- a run -------------------------------------------------------------------


@dataclass
class Tally:
    """Counts for the final summary."""

    total: int = 0
    skipped: int = 0
    analysed: int = 0
    errors: int = 0
    #: The run stopped before the end (Ctrl-C).
    interrupted: bool = False
    #: A computation left running on a background thread by the stop.
    abandoned: threading.Thread | None = None

    def count(self, lines: Sequence[dict[str, Any]]) -> None:
        """Count written lines as analysed or errors."""
        bad = sum(1 for ln in lines if "error" in ln)
        self.errors += bad
        self.analysed += len(lines) - bad


def check_limits(kind: Kind, limits: Limits) -> None:
    """Raise :class:`CliError` (exit 2) if the engine refuses the limits.

    An engine call on no positions checks them for free; without it, a
    bad limit would only show in the first chunk that holds a valid item."""
    used = limits.used(kind)
    try:
        analyse_many([], used.depth, used.nodes, used.time_ms, limits.multipv)
    except InvalidLimitError as e:
        raise CliError(f"invalid limit: {e}", EXIT_USAGE) from e


def run_local(kind: Kind, inp: Input, pending: list[int], limits: Limits, chunk: int, out: Output,
              progress: Progress, tally: Tally, stop: threading.Event) -> None:
    """Analyse the ``pending`` items chunk by chunk on every core, writing
    each chunk's lines as it completes."""
    for start in range(0, len(pending), chunk):
        if stop.is_set():
            tally.interrupted = True
            return
        indices = pending[start:start + chunk]
        batch = [inp.items[i] for i in indices]
        try:
            lines = in_background(lambda: analyse_items(kind, batch, limits), stop)
        except Abandoned as a:
            tally.interrupted, tally.abandoned = True, a.worker
            return
        except InvalidLimitError as e:
            raise CliError(f"invalid limit: {e}", EXIT_USAGE) from e
        # After a resume the pending items need not be consecutive, so each
        # chunk is indexed from 0 and given its real indices here.
        for line, index in zip(lines, indices):
            line["index"] = index
        out.write(lines)
        tally.count(lines)
        progress.update(len(lines))


class ServerError(CliError):
    """An HTTP error answer, told by its RFC 9457 problem's ``detail`` (and
    field ``errors``). A request the server finds invalid (a limit above its
    cap, too many items) exits 2, as a limit the local engine refuses."""

    def __init__(self, method: str, path: str, status: int, reason: str, body: bytes) -> None:
        try:
            problem = json.loads(body or b"null")
        except ValueError:
            problem = None
        where = f"{method} {path.split('?')[0]}"
        if isinstance(problem, dict) and problem.get("detail"):
            message = f"server refused {where}: {problem['detail']} ({status} {problem.get('title', reason)})"
            errors = problem.get("errors")
            if isinstance(errors, dict) and errors:
                fields = "; ".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in errors.items())
                message += f" [{fields}]"
        else:
            message = f"server refused {where}: {status} {reason}"
        slug = str(problem.get("type", "")).rsplit(":", 1)[-1] if isinstance(problem, dict) else ""
        usage = status == 413 or (status == 422 and slug in ("invalid-limit", "validation-error"))
        super().__init__(message, EXIT_USAGE if usage else EXIT_FAILED)
        self.status = status


class Api:
    """A client of an Igisoro server's jobs API (urllib only)."""

    def __init__(self, base: str, api_key: str | None, timeout: float = 60.0, retries: int = 3) -> None:
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries

    def _open(self, method: str, path: str, body: bytes | None = None,
              headers: dict[str, str] | None = None) -> Any:
        """The response (to be closed by the caller); transient failures
        (no connection, 429, 502-504) are retried, which is safe: the
        submission carries an Idempotency-Key and the rest only read or
        cancel. Raises :class:`CliError` with a problem's detail."""
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("User-Agent", "igisoro-cli")
        if self.api_key:
            request.add_header("X-API-Key", self.api_key)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        delay = 0.5
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            try:
                return urllib.request.urlopen(request, timeout=self.timeout)
            except urllib.error.HTTPError as e:
                with e:
                    if e.code in (429, 502, 503, 504) and not last:
                        wait = e.headers.get("Retry-After", "")
                        time.sleep(min(float(wait), 30.0) if wait.isdigit() else delay)
                        delay *= 2
                        continue
                    raise ServerError(method, path, e.code, str(e.reason), e.read()) from None
            except (urllib.error.URLError, OSError) as e:
                if last:
                    reason = getattr(e, "reason", e)
                    raise CliError(f"cannot reach {self.base}: {reason}") from None
                time.sleep(delay)
                delay *= 2
        raise AssertionError("unreachable")

    def _json(self, method: str, path: str, **kw: Any) -> dict[str, Any]:
        with self._open(method, path, **kw) as response:
            try:
                value = json.loads(response.read())
            except ValueError:
                value = None
        if not isinstance(value, dict):
            raise CliError(f"server answered {method} {path.split('?')[0]} with something other than a JSON object")
        return value

    def submit(self, params: dict[str, Any], body: bytes, key: str) -> dict[str, Any]:
        """``POST /v1/jobs``: the new (or, for a known key, the same) job."""
        query = urllib.parse.urlencode(params)
        return self._json("POST", f"/v1/jobs?{query}", body=body,
                          headers={"Content-Type": "application/x-ndjson", "Idempotency-Key": key,
                                   "Accept": "application/json"})

    def status(self, job: str) -> dict[str, Any] | None:
        """``GET /v1/jobs/{id}``, or None when the server no longer knows the job."""
        try:
            return self._json("GET", f"/v1/jobs/{urllib.parse.quote(job)}")
        except ServerError as e:
            if e.status == 404:
                return None
            raise

    def results(self, job: str, after: int | None) -> Iterator[dict[str, Any]]:
        """``GET /v1/jobs/{id}/results?after=``: the lines available now; a
        last line cut off by a dropped connection is left for the next poll."""
        query = "" if after is None else f"?after={after}"
        with self._open("GET", f"/v1/jobs/{urllib.parse.quote(job)}/results{query}",
                        headers={"Accept": "application/x-ndjson"}) as response:
            for raw in response:
                if not raw.endswith(b"\n"):
                    return
                if raw.strip():
                    try:
                        line = json.loads(raw)
                    except ValueError:
                        line = None
                    if not isinstance(line, dict) or not isinstance(line.get("index"), int):
                        raise CliError(f"server sent something other than a result line: {raw[:80]!r}")
                    yield line

    def cancel(self, job: str) -> None:
        """``DELETE /v1/jobs/{id}``."""
        with self._open("DELETE", f"/v1/jobs/{urllib.parse.quote(job)}"):
            pass


def _note(message: str) -> None:
    print(f"igisoro analyse: {message}", file=sys.stderr, flush=True)


def run_server(args: argparse.Namespace, kind: Kind, inp: Input, present: set[int], out: Output,
               progress: Progress, tally: Tally, stop: threading.Event) -> str | None:
    """Submit the input as a job (or pick up the one ``OUTPUT.job`` names)
    and stream its results; returns the job id if it is left running."""
    api = Api(args.server, args.api_key)
    params: dict[str, Any] = {"kind": kind}
    for name in ("depth", "nodes", "time_ms", "multipv"):
        if getattr(args, name) is not None:
            params[name] = getattr(args, name)
    body = "".join(w + "\n" for w in inp.wire).encode("utf-8")
    digest = hashlib.sha256(body).hexdigest()
    # Same input and limits, same key: a submission retried (even by a
    # re-run that lost its sidecar) finds the job it already made.
    key = hashlib.sha256((digest + json.dumps(params, sort_keys=True)).encode()).hexdigest()
    if args.force:
        key += "-" + uuid.uuid4().hex
    sidecar = out.sidecar
    saved_for = {"server": api.base, "params": params, "input_sha256": digest}
    job: str | None = None
    if sidecar is not None and sidecar.exists():
        try:
            saved = json.loads(sidecar.read_text())
            if not isinstance(saved, dict):
                raise ValueError
        except ValueError:
            raise CliError(f"{sidecar} is not a job file; delete it or use --force", EXIT_USAGE) from None
        if {k: saved.get(k) for k in saved_for} != saved_for:
            raise CliError(f"{sidecar} is for another server, input or limits; use --force to start over", EXIT_USAGE)
        status = api.status(str(saved.get("id")))
        if status is None:
            _note(f"job {saved.get('id')} is gone from the server; submitting the input again")
        elif status.get("state") in ("failed", "cancelled"):
            _note(f"job {saved.get('id')} was {status.get('state')}; submitting a new job")
            key = str(saved.get("idempotency_key", key)) + "-" + uuid.uuid4().hex
        else:
            job = str(saved["id"])
    if job is None:
        made = api.submit(params, body, key)
        if made.get("state") in ("failed", "cancelled"):
            # The key found an old job that ended badly: a fresh key makes a new one.
            key += "-" + uuid.uuid4().hex
            made = api.submit(params, body, key)
        job = str(made["id"])
        if made.get("total") not in (None, len(inp.items)):
            _note(f"warning: the server counts {made.get('total')} items, this input {len(inp.items)}")
        if sidecar is not None:
            tmp = sidecar.with_name(sidecar.name + ".tmp")
            tmp.write_text(json.dumps({**saved_for, "id": job, "idempotency_key": key}) + "\n")
            tmp.replace(sidecar)
    # Results come in index order: ask only for those after the lines
    # already written in one run (a prefix), and skip any other written one.
    after = -1
    while after + 1 in present:
        after += 1
    seen = set(present)
    while not stop.is_set():
        status = api.status(job)
        if status is None:
            raise CliError(f"job {job} is gone from the server; re-run to submit it again")
        state = status.get("state")
        fresh: list[dict[str, Any]] = []
        new = 0
        for line in api.results(job, after if after >= 0 else None):
            after = max(after, line["index"])
            if line["index"] not in seen:
                seen.add(line["index"])
                fresh.append(line)
                new += 1
            if len(fresh) >= 256:  # write as it streams, in whole lines
                out.write(fresh)
                tally.count(fresh)
                progress.update(len(fresh))
                fresh = []
            if stop.is_set():
                break
        if fresh:
            out.write(fresh)
            tally.count(fresh)
            progress.update(len(fresh))
        if stop.is_set():
            break
        if state in FINISHED_STATES and not new:
            if sidecar is not None:
                sidecar.unlink(missing_ok=True)
            if state != "done":
                why = f": {status['error']}" if status.get("error") else ""
                raise CliError(f"job {job} was {state} after {len(seen)} of {len(inp.items)} items{why}")
            missing = len(inp.items) - len(seen)
            if missing > 0:
                raise CliError(f"job {job} is done but {missing} items have no result line")
            return None
        if not new:  # with new lines more may be ready (a server may page them)
            stop.wait(args.poll)
    tally.interrupted = True
    if args.cancel_on_interrupt:
        api.cancel(job)
        if sidecar is not None:
            sidecar.unlink(missing_ok=True)
        _note(f"cancelled job {job}")
        return None
    return job


# --- the command -------------------------------------------------------------


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``igisoro`` argument parser (subcommand ``analyse``)."""
    parser = argparse.ArgumentParser(prog="igisoro", description="Igisoro engine tools.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    a = commands.add_parser(
        "analyse", help="analyse a file of positions or games",
        description="Analyse every position (or game) of INPUT and write one result line per item. "
                    "Re-running with the same OUTPUT resumes; Ctrl-C stops cleanly.",
        epilog="Blank input lines are skipped; an item's index is its ordinal among the non-blank lines, from 0. "
               "Exit codes: 0 done, 1 failed, 2 bad usage, 130 interrupted.")
    a.add_argument("input", metavar="INPUT", help="input file, or - for standard input")
    a.add_argument("-o", "--output", metavar="OUTPUT", help="output file (default: standard output, which cannot resume)")
    a.add_argument("--input-format", choices=INPUT_FORMATS, help="default: by extension (.jsonl/.ndjson, .csv, else text)")
    a.add_argument("--output-format", choices=OUTPUT_FORMATS, help="default: csv for a .csv OUTPUT, else jsonl")
    a.add_argument("--column", default="position", help="the CSV input's position column (default: position)")
    a.add_argument("--kind", choices=KINDS,
                   help="positions or games (default: games for JSONL whose first item holds \"moves\", else positions)")
    limits = a.add_argument_group("limits (per position, or per ply of a game; none: the API's default depth)")
    limits.add_argument("--depth", type=int, help="search depth in whole turns")
    limits.add_argument("--nodes", type=int, help="node budget")
    limits.add_argument("--time-ms", type=int, help="thinking time in milliseconds")
    limits.add_argument("--multipv", type=int, help="lines per position (default 1)")
    a.add_argument("--chunk", type=_positive, help="items per local engine call, written together "
                   f"(default {DEFAULT_CHUNK['positions']} positions, {DEFAULT_CHUNK['games']} games)")
    a.add_argument("--force", action="store_true", help="start over: empty OUTPUT, forget its job")
    a.add_argument("--quiet", "-q", action="store_true", help="no progress and no summary")
    a.add_argument("--progress", choices=("auto", "tqdm", "plain", "off"), default="auto",
                   help="progress display on stderr (default: tqdm if installed, else plain)")
    server = a.add_argument_group("server mode")
    server.add_argument("--server", metavar="URL", help="run as a job on this Igisoro server and stream the results")
    server.add_argument("--api-key", metavar="KEY", default=os.environ.get("IGISORO_API_KEY"),
                        help="sent as X-API-Key (default: $IGISORO_API_KEY)")
    server.add_argument("--cancel-on-interrupt", action="store_true",
                        help="cancel the job on Ctrl-C (default: it keeps running and a re-run resumes)")
    server.add_argument("--poll", type=float, default=1.0, metavar="SECONDS",
                        help="wait between polls while no results are ready (default 1)")
    return parser


def check_same_input(kind: Kind, inp: Input, resumed: Resumed, name: str) -> None:
    """Raise :class:`CliError` (exit 2) if the output being resumed was
    made from another input: an index past the input's end, or a first
    analysed line whose position is not the input's item there (a resume
    would otherwise skip items silently)."""
    hint = "; use --force to start over, or another output file"
    beyond = [i for i in resumed.indices if not 0 <= i < len(inp.items)]
    if beyond:
        raise CliError(f"{name} holds index {max(beyond)}, but the input has {len(inp.items)} items{hint}", EXIT_USAGE)
    if resumed.sample is None:
        return
    index, written = resumed.sample
    item = inp.items[index]
    if kind == "games":
        item = item.get("position") if isinstance(item, dict) else None
    read = read_position(item) if not isinstance(item, Unreadable) else None
    if not isinstance(read, Position) or read.notation() != written:
        raise CliError(f"{name} was made from another input: its line {index} analyses {written!r}{hint}", EXIT_USAGE)


def analyse(args: argparse.Namespace, stop: threading.Event) -> tuple[int, Tally]:
    """Run ``igisoro analyse`` with parsed arguments; ``stop`` set means Ctrl-C."""
    started = time.monotonic()
    inp = read_input(args.input, input_format(args.input, args.input_format), args.column)
    kind: Kind = args.kind or guess_kind(inp)
    if kind == "games" and inp.format != "jsonl":
        raise CliError("games are read from JSONL input only", EXIT_USAGE)
    limits = Limits(args.depth, args.nodes, args.time_ms, 1 if args.multipv is None else args.multipv)
    check_limits(kind, limits)
    out = Output(args.output, output_format(args.output, args.output_format), kind)
    tally = Tally(total=len(inp.items))
    resumed = Resumed()
    if args.force and out.sidecar is not None:
        out.sidecar.unlink(missing_ok=True)
    elif not args.force:
        resumed = out.resume()
        if resumed.cut:
            _note(f"dropped a partial last line ({resumed.cut} bytes) of {out.name}")
        if (not args.server and resumed.limits is not None and resumed.limits != limits.used(kind).to_json()):
            raise CliError(f"{out.name} holds results with limits {json.dumps(resumed.limits)}, not "
                           f"{json.dumps(limits.used(kind).to_json())}; use --force to start over, or another output",
                           EXIT_USAGE)
    check_same_input(kind, inp, resumed, out.name)
    present = resumed.indices
    tally.skipped = len(present)
    pending = [i for i in range(len(inp.items)) if i not in present]
    left_running: str | None = None
    out.open(fresh=args.force)
    progress = make_progress("off" if args.quiet else args.progress, len(inp.items), len(present))
    try:
        if not pending and not (args.server and out.sidecar is not None and out.sidecar.exists()):
            pass  # everything is already there
        elif args.server:
            left_running = run_server(args, kind, inp, present, out, progress, tally, stop)
        else:
            run_local(kind, inp, pending, limits, args.chunk or DEFAULT_CHUNK[kind], out, progress, tally, stop)
    finally:
        progress.close()
        out.close()
    elapsed = time.monotonic() - started
    if not args.quiet:
        done = tally.analysed + tally.errors
        rate = done / elapsed if elapsed > 0 else 0.0
        _note(f"{tally.total} items: {tally.analysed} analysed, {tally.errors} errors, {tally.skipped} skipped "
              f"(already written); {elapsed:.1f} s, {rate:.1f} items/s")
    if not tally.interrupted:
        return EXIT_OK, tally
    written = tally.skipped + tally.analysed + tally.errors
    if out.path is None:
        how = "the output was stdout, so a re-run starts over (use -o FILE to be able to resume)"
    else:
        how = "re-run the same command to resume (--force to start over)"
    if left_running:
        _note(f"interrupted: job {left_running} keeps running on the server ({written} of {tally.total} items "
              f"written to {out.name}); {how}")
    else:
        _note(f"interrupted: {written} of {tally.total} items written to {out.name}; {how}")
    return EXIT_INTERRUPTED, tally


def main(argv: Sequence[str] | None = None) -> int:
    """The ``igisoro`` command; returns the exit code.

    As the command itself (``argv`` None), a Ctrl-C that leaves an engine
    call running (or a second Ctrl-C) ends the process at once after the
    whole lines are flushed: the call cannot be cancelled and its results
    would be dropped anyway. Called with ``argv`` (from Python), it returns
    130 and lets that call finish in the background.
    """
    args = build_parser().parse_args(argv)
    tally: Tally | None = None
    forced = False
    with Interrupts() as interrupts:
        try:
            code, tally = analyse(args, interrupts.stop)
        except CliError as e:
            _note(str(e))
            code = e.code
        except KeyboardInterrupt:
            # A second Ctrl-C (or one outside the main thread): whatever was
            # being written may be cut, which a re-run's resume repairs.
            _note("interrupted; re-run the same command to resume")
            code = EXIT_INTERRUPTED
            forced = True
        except BrokenPipeError:
            # The reader of stdout went away (``| head``): nothing to tell it.
            code = EXIT_FAILED
            forced = True
    abandoned = tally is not None and tally.abandoned is not None and tally.abandoned.is_alive()
    if argv is None and (abandoned or forced):
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError:
                pass
        os._exit(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
