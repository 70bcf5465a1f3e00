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
``i18n``        the language of its messages (``--lang``, else the environment)
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
from igisoro.cli import i18n
from igisoro.cli.errors import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, CliError, note
from igisoro.cli.inputs import INPUT_FORMATS, Input, guess_kind, input_format, read_input
from igisoro.cli.i18n import gettext as _, ngettext
from igisoro.cli.interrupts import Abandoned, Interrupts, StopFlag, in_background
from igisoro.cli.local import DEFAULT_CHUNK, check_limits, run_local
from igisoro.cli.outputs import CSV_COLUMNS, OUTPUT_FORMATS, Output, Resumed, check_same_input, csv_row, output_format
from igisoro.cli.progress import PlainProgress, Progress, Tally, make_progress
from igisoro.cli.server import FINISHED_STATES, Api, ServerError, add_run_options, run_server
from igisoro.cli import puzzles

__all__ = [
    "CSV_COLUMNS", "DEFAULT_CHUNK", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "FINISHED_STATES",
    "INPUT_FORMATS", "OUTPUT_FORMATS", "Abandoned", "Api", "CliError", "Input", "Interrupts", "Output",
    "PlainProgress", "Progress", "Resumed", "ServerError", "Tally", "add_common_options", "analyse", "build_parser",
    "check_limits", "check_same_input", "csv_row", "guess_kind", "in_background", "input_format", "main",
    "make_progress", "output_format", "read_input", "run_local", "run_server", "summary",
]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not an integer: %(text)s", text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, got %(value)s", value=value))
    return value


def _seconds(text: str) -> float:
    # A finite wait: 0, a negative or NaN made the client poll the server
    # without a pause; inf overflowed the wait.
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number: %(text)s", text=repr(text))) from None
    if not 0.01 <= value <= 3600:  # False for NaN
        raise argparse.ArgumentTypeError(_("must be from 0.01 to 3600 seconds, got %(text)s", text=text))
    return value


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """``-h`` and ``--lang``, on the command and every subcommand: ``-h``
    added here so its help is in the run's language too (argparse's own is
    English), ``--lang`` so it may be given anywhere on the line (its value
    is read before the parser is built, :func:`igisoro.cli.i18n.option`)."""
    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                        help=_("show this help message and exit"))
    parser.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS,
                        help=_("language of the messages: en, fr or rw (rn: French, lg: English); "
                               "default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English"))


def build_parser() -> argparse.ArgumentParser:
    """The ``igisoro`` argument parser (subcommands ``analyse`` and
    ``puzzles``), its help texts in the run's language (:func:`i18n.use`)."""
    parser = argparse.ArgumentParser(prog="igisoro", description=_("Igisoro engine tools."), add_help=False)
    add_common_options(parser)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    a = commands.add_parser(
        "analyse", help=_("analyse a file of positions or games"), add_help=False,
        description=_("Analyse every position (or game) of INPUT and write one result line per item. "
                      "Re-running with the same OUTPUT resumes; Ctrl-C stops cleanly."),
        epilog=_("Blank input lines are skipped; an item's index is its ordinal among the non-blank lines, from 0. "
                 "Exit codes: 0 done, 1 failed, 2 bad usage, 130 interrupted."))
    add_common_options(a)
    a.add_argument("input", metavar="INPUT", help=_("input file, or - for standard input"))
    a.add_argument("-o", "--output", metavar="OUTPUT",
                   help=_("output file (default: standard output, which cannot resume)"))
    a.add_argument("--input-format", choices=INPUT_FORMATS,
                   help=_("default: by extension (.jsonl/.ndjson, .csv, else text)"))
    a.add_argument("--output-format", choices=OUTPUT_FORMATS, help=_("default: csv for a .csv OUTPUT, else jsonl"))
    a.add_argument("--column", default="position", help=_("the CSV input's position column (default: position)"))
    a.add_argument("--kind", choices=KINDS,
                   help=_("positions or games (default: games for JSONL whose first item holds \"moves\", "
                          "else positions)"))
    limits = a.add_argument_group(_("limits (per position, or per ply of a game; none: the API's default depth)"))
    limits.add_argument("--depth", type=int, help=_("search depth in whole turns"))
    limits.add_argument("--nodes", type=int, help=_("node budget"))
    limits.add_argument("--time-ms", type=int, help=_("thinking time in milliseconds"))
    limits.add_argument("--multipv", type=int, help=_("lines per position (default 1)"))
    a.add_argument("--chunk", type=_positive,
                   help=_("items per local engine call, written together (default %(positions)s positions, "
                          "%(games)s games)", positions=DEFAULT_CHUNK["positions"], games=DEFAULT_CHUNK["games"]))
    a.add_argument("--force", action="store_true", help=_("start over: empty OUTPUT, forget its job"))
    server = add_run_options(a, _("run as a job on this Igisoro server and stream the results"))
    server.add_argument("--cancel-on-interrupt", action="store_true",
                        help=_("cancel the job on Ctrl-C (default: it keeps running and a re-run resumes)"))
    server.add_argument("--poll", type=_seconds, default=1.0, metavar="SECONDS",
                        help=_("wait between polls while no results are ready (default 1)"))
    puzzles.add_parser(commands, add_common_options)
    return parser


def summary(tally: Tally, elapsed: float, rate: float) -> str:
    """The run's last line: the items analysed, in error and skipped, and
    the time; each count with its own plural form in every language."""
    return _("%(items)s: %(analysed)s, %(errors)s, %(skipped)s (already written); %(seconds)s s, %(rate)s items/s",
             items=ngettext("%(num)s item", "%(num)s items", tally.total),
             analysed=ngettext("%(num)s analysed", "%(num)s analysed", tally.analysed),
             errors=ngettext("%(num)s error", "%(num)s errors", tally.errors),
             skipped=ngettext("%(num)s skipped", "%(num)s skipped", tally.skipped),
             seconds=format(elapsed, ".1f"), rate=format(rate, ".1f"))


def analyse(args: argparse.Namespace, stop: StopFlag) -> tuple[int, Tally]:
    """Run ``igisoro analyse`` with parsed arguments; ``stop`` set means Ctrl-C."""
    started = time.monotonic()
    inp = read_input(args.input, input_format(args.input, args.input_format), args.column)
    kind: Kind = args.kind or guess_kind(inp)
    if kind == "games" and inp.format != "jsonl":
        raise CliError(_("games are read from JSONL input only"), EXIT_USAGE)
    limits = Limits(args.depth, args.nodes, args.time_ms, 1 if args.multipv is None else args.multipv)
    check_limits(kind, limits)
    out = Output(args.output, output_format(args.output, args.output_format), kind)
    if out.path is not None and args.input != "-" and out.path.exists() and os.path.samefile(args.input, out.path):
        raise CliError(_("the output %(output)s is the input file; choose another output", output=out.name), EXIT_USAGE)
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
            raise CliError(_("%(output)s holds results with limits %(found)s, not %(asked)s; use --force to start "
                             "over, or another output", output=out.name, found=json.dumps(resumed.limits),
                             asked=json.dumps(limits.used(kind).to_json())), EXIT_USAGE)
    check_same_input(kind, inp, resumed, out.name)
    if resumed.cut:  # cut by out.open below, now that the file is known to be this run's output
        note(ngettext("dropped a partial last line (%(num)s byte) of %(output)s",
                      "dropped a partial last line (%(num)s bytes) of %(output)s", resumed.cut, output=out.name))
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
        note(summary(tally, elapsed, rate))
    if not tally.interrupted:
        return EXIT_OK, tally
    written = tally.skipped + tally.analysed + tally.errors
    if out.path is None:
        how = _("the output was stdout, so a re-run starts over (use -o FILE to be able to resume)")
    else:
        how = _("re-run the same command to resume (--force to start over)")
    if left_running:
        note(ngettext("interrupted: job %(job)s keeps running on the server (%(written)s of %(num)s item written "
                      "to %(output)s); %(how)s",
                      "interrupted: job %(job)s keeps running on the server (%(written)s of %(num)s items written "
                      "to %(output)s); %(how)s", tally.total, job=left_running, written=written, output=out.name,
                      how=how))
    else:
        note(ngettext("interrupted: %(written)s of %(num)s item written to %(output)s; %(how)s",
                      "interrupted: %(written)s of %(num)s items written to %(output)s; %(how)s", tally.total,
                      written=written, output=out.name, how=how))
    return EXIT_INTERRUPTED, tally


def main(argv: Sequence[str] | None = None) -> int:
    """The ``igisoro`` command; returns the exit code.

    As the command itself (``argv`` None), a Ctrl-C that leaves an engine
    call running (or a second Ctrl-C) ends the process at once after the
    whole lines are flushed: the call cannot be cancelled and its results
    would be dropped anyway. Called with ``argv`` (from Python), it returns
    130 and lets that call finish in the background.
    """
    i18n.use(i18n.choose(i18n.option(sys.argv[1:] if argv is None else argv), os.environ))
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
            note(_("interrupted; re-run the same command to resume"))
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

