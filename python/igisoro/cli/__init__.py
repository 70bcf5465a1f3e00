"""The ``igisoro`` command: ``igisoro analyse INPUT [-o OUTPUT]``, and
``igisoro puzzles generate`` (:mod:`igisoro.cli.puzzles`).

Analyses a file of positions (or games) and writes one result line per
item, the lines :func:`igisoro.batch.analyse_items` makes: locally on every
core, or as a job on an Igisoro server (``--server URL``) whose results are
streamed back. A re-run with the same output file resumes where the last
one stopped; Ctrl-C stops cleanly between whole lines.

The library needs nothing but itself: the progress bar uses tqdm when it
is installed (the ``cli`` extra), a plain one-line counter otherwise, and
the server client is the standard library's urllib.

==============  ===============================================================
Module          Holds
==============  ===============================================================
``__init__``    :func:`main`, :func:`build_parser`, :func:`analyse`: the command
``errors``      the exit codes, :class:`CliError`, :func:`note` (stderr)
``inputs``      input formats, reading the items, guessing their kind
``outputs``     output formats, CSV rows, writing and resuming an output file
``progress``    the progress display (tqdm or plain) and the summary's Tally
``interrupts``  Ctrl-C as a clean stop; computations left in the background
``local``       the run on this machine, chunk by chunk on every core
``server``      the run as a job on an Igisoro server (urllib client)
``puzzles``     ``igisoro puzzles generate``: puzzles from self-play games
``__main__``    ``python -m igisoro.cli``
==============  ===============================================================
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence

from igisoro.batch import KINDS, Kind, Limits
from igisoro.cli.errors import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, CliError, note
from igisoro.cli.inputs import INPUT_FORMATS, Input, guess_kind, input_format, read_input
from igisoro.cli.interrupts import Abandoned, Interrupts, StopFlag, in_background
from igisoro.cli.local import DEFAULT_CHUNK, check_limits, run_local
from igisoro.cli.outputs import CSV_COLUMNS, OUTPUT_FORMATS, Output, Resumed, check_same_input, csv_row, output_format
from igisoro.cli.progress import PlainProgress, Progress, Tally, make_progress
from igisoro.cli.server import FINISHED_STATES, Api, ServerError, add_run_options, run_server
from igisoro.cli import puzzles

__all__ = [
    "CSV_COLUMNS", "DEFAULT_CHUNK", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "FINISHED_STATES",
    "INPUT_FORMATS", "OUTPUT_FORMATS", "Abandoned", "Api", "CliError", "Input", "Interrupts", "Output",
    "PlainProgress", "Progress", "Resumed", "ServerError", "Tally", "analyse", "build_parser", "check_limits",
    "check_same_input", "csv_row", "guess_kind", "in_background", "input_format", "main", "make_progress",
    "output_format", "read_input", "run_local", "run_server",
]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seconds(text: str) -> float:
    # A finite wait: 0, a negative or NaN made the client poll the server
    # without a pause; inf overflowed the wait.
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.01 <= value <= 3600:  # False for NaN
        raise argparse.ArgumentTypeError(f"must be from 0.01 to 3600 seconds, got {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``igisoro`` argument parser (subcommands ``analyse`` and ``puzzles``)."""
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
    server = add_run_options(a, "run as a job on this Igisoro server and stream the results")
    server.add_argument("--cancel-on-interrupt", action="store_true",
                        help="cancel the job on Ctrl-C (default: it keeps running and a re-run resumes)")
    server.add_argument("--poll", type=_seconds, default=1.0, metavar="SECONDS",
                        help="wait between polls while no results are ready (default 1)")
    puzzles.add_parser(commands)
    return parser


def analyse(args: argparse.Namespace, stop: StopFlag) -> tuple[int, Tally]:
    """Run ``igisoro analyse`` with parsed arguments; ``stop`` set means Ctrl-C."""
    started = time.monotonic()
    inp = read_input(args.input, input_format(args.input, args.input_format), args.column)
    kind: Kind = args.kind or guess_kind(inp)
    if kind == "games" and inp.format != "jsonl":
        raise CliError("games are read from JSONL input only", EXIT_USAGE)
    limits = Limits(args.depth, args.nodes, args.time_ms, 1 if args.multipv is None else args.multipv)
    check_limits(kind, limits)
    out = Output(args.output, output_format(args.output, args.output_format), kind)
    if out.path is not None and args.input != "-" and out.path.exists() and os.path.samefile(args.input, out.path):
        raise CliError(f"the output {out.name} is the input file; choose another output", EXIT_USAGE)
    tally = Tally(total=len(inp.items))
    resumed = Resumed()
    if args.force and out.sidecar is not None:
        out.sidecar.unlink(missing_ok=True)
    elif not args.force:
        resumed = out.resume()
        # With --server and no limits given, the server's defaults (its own
        # configuration) fill them in, which this side cannot know; limits
        # given are the server's too, so they are checked either way.
        # (multipv alone leaves the depth to the server's default.)
        given = any(v is not None for v in (args.depth, args.nodes, args.time_ms))
        if ((not args.server or given) and resumed.limits is not None
                and resumed.limits != limits.used(kind).to_json()):
            raise CliError(f"{out.name} holds results with limits {json.dumps(resumed.limits)}, not "
                           f"{json.dumps(limits.used(kind).to_json())}; use --force to start over, or another output",
                           EXIT_USAGE)
    check_same_input(kind, inp, resumed, out.name)
    if resumed.cut:  # cut by out.open below, now that the file is known to be this run's output
        note(f"dropped a partial last line ({resumed.cut} bytes) of {out.name}")
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
        note(f"{tally.total} items: {tally.analysed} analysed, {tally.errors} errors, {tally.skipped} skipped "
              f"(already written); {elapsed:.1f} s, {rate:.1f} items/s")
    if not tally.interrupted:
        return EXIT_OK, tally
    written = tally.skipped + tally.analysed + tally.errors
    if out.path is None:
        how = "the output was stdout, so a re-run starts over (use -o FILE to be able to resume)"
    else:
        how = "re-run the same command to resume (--force to start over)"
    if left_running:
        note(f"interrupted: job {left_running} keeps running on the server ({written} of {tally.total} items "
              f"written to {out.name}); {how}")
    else:
        note(f"interrupted: {written} of {tally.total} items written to {out.name}; {how}")
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
            if args.command == "puzzles":
                code = puzzles.run(args, interrupts.stop)
            else:
                code, tally = analyse(args, interrupts.stop)
        except CliError as e:
            note(str(e))
            code = e.code
        except KeyboardInterrupt:
            # A second Ctrl-C (or one outside the main thread): whatever was
            # being written may be cut, which a re-run's resume repairs.
            note("interrupted; re-run the same command to resume")
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

