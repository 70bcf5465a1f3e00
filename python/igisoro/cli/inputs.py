"""The input of ``igisoro analyse``: its format and its items.

Input (``--input-format``, else by extension): ``jsonl`` (``.jsonl``,
``.ndjson``: one JSON item a line: a notation string, a position object, or
a game ``{"position": ..., "moves": [...]}``), ``csv`` (``.csv``: a header
row and a position column, ``--column``), ``text`` (anything else: one
notation a line). Blank lines are skipped; an item's index is its ordinal
among the non-blank lines (data rows for CSV), counted from 0. Without
``--kind``, a JSONL input whose first readable item is an object holding
``"moves"`` is read as games, anything else as positions.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from igisoro.batch import Kind, Unreadable
from igisoro.cli.errors import EXIT_USAGE, CliError
from igisoro.cli.i18n import gettext as _

INPUT_FORMATS = ("jsonl", "csv", "text")


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
        raise CliError(_("cannot read %(path)s: %(error)s", path=path, error=e.strerror or e), EXIT_USAGE) from e
    try:
        return data.decode("utf-8-sig")  # -sig: spreadsheets write a byte-order mark
    except UnicodeDecodeError as e:
        raise CliError(_("%(path)s is not UTF-8 text: %(error)s", path=path, error=e), EXIT_USAGE) from e


def nonblank_lines(text: str) -> Iterator[tuple[int, str]]:
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
    except (ValueError, RecursionError) as e:  # an int past Python's 4,300 digits; nesting past its stack
        return Unreadable(f"{where} is not JSON this reader can take: {e}.")


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
        for number, line in nonblank_lines(text):
            items.append(_json_item(line, f"line {number}"))
            wire.append(line)  # as written: the server reads (or refuses) it the same way
    elif fmt == "text":
        for _number, line in nonblank_lines(text):
            items.append(line)
            wire.append(json.dumps(line))
    elif fmt == "csv":
        reader = csv.DictReader(io.StringIO(text, newline=""))
        try:
            if reader.fieldnames is None or column not in reader.fieldnames:
                found = ", ".join(reader.fieldnames or []) or _("none")
                raise CliError(_("%(path)s has no column %(column)s (columns: %(found)s); choose one with --column",
                                 path=path, column=repr(column), found=found), EXIT_USAGE)
            for row in reader:  # DictReader skips empty lines itself
                cell = (row.get(column) or "").strip()
                item = _json_item(cell, f"row {reader.line_num}, column {column!r},") if cell.startswith("{") else cell
                items.append(item)
                wire.append(json.dumps(cell) if isinstance(item, str) else cell)
        except csv.Error as e:  # an unbalanced quote that runs on past the field limit, say
            raise CliError(_("%(path)s is not CSV this reader can take (row %(row)s): %(error)s", path=path,
                             row=reader.line_num, error=e), EXIT_USAGE) from e
    else:
        raise CliError(_("unknown input format %(format)s", format=repr(fmt)), EXIT_USAGE)
    return Input(items, wire, fmt)


def guess_kind(inp: Input) -> Kind:
    """``games`` for JSONL whose first readable item holds ``"moves"``, else ``positions``."""
    if inp.format == "jsonl":
        for item in inp.items:
            if not isinstance(item, Unreadable):
                return "games" if isinstance(item, dict) and "moves" in item else "positions"
    return "positions"
