"""The output of ``igisoro analyse``: its format, writing result lines, and
resuming a file an earlier run left.

Output (``--output-format``, else by extension of ``-o``): ``jsonl`` (the
result lines as they are) or ``csv`` (:data:`CSV_COLUMNS`).
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from igisoro.batch import Kind, Unreadable, read_position
from igisoro.cli.errors import EXIT_USAGE, CliError
from igisoro.cli.i18n import gettext as _, ngettext
from igisoro.cli.inputs import Input, nonblank_lines
from igisoro.position import Position

OUTPUT_FORMATS = ("jsonl", "csv")

#: CSV output columns per kind; nested values are flattened, ``error`` is
#: an error line's problem detail.
CSV_COLUMNS: dict[Kind, tuple[str, ...]] = {
    "positions": ("index", "position", "best_move", "score_type", "score_value", "score_turns", "win_probability",
                  "depth", "nodes", "time_ms", "stopped_by", "error"),
    "games": ("index", "start", "plies", "illegal", "illegal_move", "inaccuracy", "mistake", "blunder",
              "final_state", "winner", "partial", "error"),
}


def _hint() -> str:
    """What to do about an output file that is not this run's, appended to
    the refusal (in the run's language, so made when it is needed)."""
    return _("; use --force to start over, or another output file")


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
        #: Where :meth:`open` cuts the partial last line :meth:`resume` found.
        self._cut_at: int | None = None

    @property
    def name(self) -> str:
        """The file's name, or ``stdout``."""
        return str(self.path) if self.path else "stdout"

    @property
    def sidecar(self) -> Path | None:
        """``OUTPUT.job``: the server job whose results this file receives."""
        return self.path.with_name(self.path.name + ".job") if self.path else None

    def resume(self) -> Resumed:
        """Read what the file holds; a trailing partial line (the write a
        crash or a kill interrupted) is cut off by :meth:`open`, so that
        appending goes on cleanly. Nothing is changed here: a file that
        turns out not to be this kind of output is left as it was."""
        found = Resumed()
        if self.path is None or not self.path.exists():
            return found
        try:
            data = self.path.read_bytes()
        except OSError as e:
            raise CliError(_("cannot read %(path)s: %(error)s", path=self.path, error=e.strerror or e), EXIT_USAGE) from e
        end = data.rfind(b"\n") + 1
        if end < len(data):
            self._cut_at = end
            found.cut = len(data) - end
        text = data[:end].decode("utf-8", errors="replace")
        hint = _hint()
        if self.fmt == "csv":
            try:
                rows = list(csv.reader(io.StringIO(text, newline="")))
            except csv.Error as e:
                raise CliError(_("%(path)s is not a CSV of %(kind)s results (%(error)s)%(hint)s", path=self.path,
                                 kind=self.kind, error=e, hint=hint), EXIT_USAGE) from None
            if not rows:
                return found
            if tuple(rows[0]) != CSV_COLUMNS[self.kind]:
                raise CliError(_("%(path)s is not a CSV of %(kind)s results (its header differs)%(hint)s",
                                 path=self.path, kind=self.kind, hint=hint), EXIT_USAGE)
            self._header_done = True
            for number, row in enumerate(rows[1:], start=2):
                if not row:
                    continue
                try:
                    found.indices.add(int(row[0]))
                except ValueError:
                    raise CliError(_("%(path)s: row %(row)s has no index%(hint)s", path=self.path, row=number,
                                     hint=hint), EXIT_USAGE) from None
                if found.sample is None and len(row) > 1 and row[1]:
                    found.sample = (int(row[0]), row[1])  # the position (or start) column
            return found
        for number, line in nonblank_lines(text):
            try:
                obj = json.loads(line)
                index = obj["index"]
                if not isinstance(index, int):
                    raise TypeError
            except (ValueError, KeyError, TypeError):
                raise CliError(_("%(path)s: line %(line)s is not a result line%(hint)s", path=self.path, line=number,
                                 hint=hint), EXIT_USAGE) from None
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
            if not fresh and self._cut_at is not None:
                with self.path.open("r+b") as f:
                    f.truncate(self._cut_at)
            self._stream = self.path.open("wb" if fresh else "ab")
        except OSError as e:
            raise CliError(_("cannot write %(path)s: %(error)s", path=self.path, error=e.strerror or e), EXIT_USAGE) from e
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
            data = buf.getvalue().encode("utf-8", "backslashreplace")  # a lone surrogate echoed from the input
        else:
            data = "".join(_jsonl(ln) for ln in lines).encode("utf-8")
        try:
            if data:
                self._stream.write(data)
            self._stream.flush()
        except OSError as e:  # a full disk, say
            raise CliError(_("cannot write %(path)s: %(error)s", path=self.name, error=e.strerror or e), EXIT_USAGE) from e

    def close(self) -> None:
        """Flush and close (stdout is flushed only)."""
        if self._stream is None:
            return
        self._stream.flush()
        if self.path is not None:
            self._stream.close()
        self._stream = None


def _jsonl(line: dict[str, Any]) -> str:
    """One JSONL line, UTF-8 as written, or ASCII-escaped when it echoes a
    lone surrogate of the input (an illegal move ``"\\ud800"``), which UTF-8
    cannot hold."""
    text = json.dumps(line, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(line)
    return text + "\n"


def check_same_input(kind: Kind, inp: Input, resumed: Resumed, name: str) -> None:
    """Raise :class:`CliError` (exit 2) if the output being resumed was
    made from another input: an index past the input's end, or a first
    analysed line whose position is not the input's item there (a resume
    would otherwise skip items silently)."""
    hint = _hint()
    beyond = [i for i in resumed.indices if not 0 <= i < len(inp.items)]
    if beyond:
        raise CliError(ngettext("%(output)s holds index %(index)s, but the input has %(num)s item%(hint)s",
                                "%(output)s holds index %(index)s, but the input has %(num)s items%(hint)s",
                                len(inp.items), output=name, index=max(beyond), hint=hint), EXIT_USAGE)
    if resumed.sample is None:
        return
    index, written = resumed.sample
    item = inp.items[index]
    if kind == "games":
        item = item.get("position") if isinstance(item, dict) else None
    read = read_position(item) if not isinstance(item, Unreadable) else None
    if not isinstance(read, Position) or read.notation() != written:
        raise CliError(_("%(output)s was made from another input: its line %(index)s analyses %(position)s%(hint)s",
                         output=name, index=index, position=repr(written), hint=hint), EXIT_USAGE)
