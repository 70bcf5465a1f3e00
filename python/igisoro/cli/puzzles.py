"""``igisoro puzzles generate``: puzzles from self-play games, on this
machine or as jobs on a server (``--server URL``).

Locally, each seeded self-play game's positions go through the finder and
the independent check (:func:`igisoro.puzzles.generate`); each puzzle is a
JSONL line of OUTPUT as soon as it is found, and the next game's seed is
kept in ``OUTPUT.state``, so a re-run resumes after the last game done (a
game cut short by Ctrl-C is looked at again; its puzzles already written
are not written twice). With ``--server``, jobs of ``--batch`` games
(``POST /v1/puzzles/generate``) run on the server's workers and each new
puzzle is fetched (``GET /v1/puzzles/{id}?solution=true``) and written as
the API's object; the job being run is kept in the state file too."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sys

from igisoro.cli.errors import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, CliError
from igisoro.cli.i18n import gettext as _, ngettext
from igisoro.cli.interrupts import StopFlag
from igisoro.cli.progress import make_progress
from igisoro.cli.server import Api, FINISHED_STATES, add_run_options
from igisoro.puzzles import DEFAULT_NODES, PUZZLE_VARIANTS, Stats, generate


def note(message: str) -> None:
    """A message for the user, on stderr."""
    print(f"igisoro puzzles: {message}", file=sys.stderr, flush=True)


def add_parser(commands: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    """The ``puzzles`` command and its ``generate`` subcommand, each given
    the command's ``-h`` and ``--lang`` by ``common``."""
    p = commands.add_parser("puzzles", help=_("make puzzles (positions with one proven winning move)"), add_help=False,
                            description=_("Puzzles: positions whose side to move has exactly one winning move, "
                                          "proven by the solver and checked again (docs/PUZZLES.md)."))
    common(p)
    sub = p.add_subparsers(dest="puzzles_command", required=True, metavar="SUBCOMMAND")
    g = sub.add_parser(
        "generate", help=_("generate puzzles from self-play games"), add_help=False,
        description=_("Look at every position of seeded self-play games of VARIANT until COUNT puzzles are found; "
                      "write each as a JSONL line. Re-running with the same OUTPUT resumes; Ctrl-C stops cleanly."),
        epilog=_("Examples:") + "\n  igisoro puzzles generate --variant ikibuguzo-1 --count 100 -o ikibuguzo-1.jsonl\n"
               "  igisoro puzzles generate --variant isolo --count 50 -o isolo.jsonl --server https://igisoro.example\n"
               + _("Exit codes: 0 done, 1 failed, 2 bad usage, 130 interrupted."),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    common(g)
    g.add_argument("--variant", required=True, choices=PUZZLE_VARIANTS)
    g.add_argument("--count", required=True, type=int, help=_("how many puzzles OUTPUT should hold"))
    g.add_argument("-o", "--output", required=True, metavar="OUTPUT", help=_("JSONL file of puzzles (resumed)"))
    g.add_argument("--first-seed", type=int, default=0, help=_("the first self-play game's seed (default 0)"))
    g.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                   help=_("the solver's node budget for each proof (default %(nodes)s)", nodes=DEFAULT_NODES))
    g.add_argument("--force", action="store_true", help=_("start over: empty OUTPUT and its state"))
    server = add_run_options(g, _("generate with jobs on this Igisoro server"))
    server.add_argument("--batch", type=int, default=10, help=_("self-play games per job (default 10)"))
    server.add_argument("--poll", type=float, default=1.0, metavar="SECONDS", help=_("wait between polls (default 1)"))


def _written(path: Path) -> list[str]:
    """The ids of the puzzles OUTPUT holds; a half-written last line is cut."""
    if not path.exists():
        return []
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        note(ngettext("dropped a partial last line (%(num)s byte) of %(output)s",
                      "dropped a partial last line (%(num)s bytes) of %(output)s", len(data) - keep, output=path))
        with path.open("r+b") as f:
            f.truncate(keep)
        data = data[:keep]
    ids = []
    for n, line in enumerate(data.decode("utf-8").splitlines(), start=1):
        if line.strip():
            try:
                ids.append(str(json.loads(line)["id"]))
            except (ValueError, KeyError, TypeError):
                raise CliError(_("%(path)s, line %(line)s, is not a puzzle; use another output or --force", path=path,
                                 line=n), EXIT_USAGE) from None
    return ids


def run(args: argparse.Namespace, stop: StopFlag) -> int:
    """Run ``igisoro puzzles generate``; returns the exit code."""
    if args.count < 1 or args.nodes < 1 or args.first_seed < 0 or args.batch < 1:
        raise CliError(_("--count, --nodes and --batch must be positive, --first-seed not negative"), EXIT_USAGE)
    out = Path(args.output)
    state_path = out.with_name(out.name + ".state")
    if args.force:
        out.unlink(missing_ok=True)
        state_path.unlink(missing_ok=True)
    state: dict[str, Any] = {"variant": args.variant, "nodes": args.nodes, "server": args.server,
                             "next_seed": args.first_seed, "job": None}
    if state_path.exists():
        old = json.loads(state_path.read_text())
        if (old.get("variant"), old.get("nodes"), old.get("server")) != (args.variant, args.nodes, args.server):
            raise CliError(_("%(output)s was made with variant %(variant)s, nodes %(nodes)s and server %(server)s; "
                             "use --force to start over, or another output", output=out, variant=old.get("variant"),
                             nodes=old.get("nodes"), server=old.get("server")), EXIT_USAGE)
        state = old
    elif out.exists() and out.stat().st_size:
        raise CliError(_("%(output)s exists without its state file %(state)s; use --force or another output",
                         output=out, state=state_path.name), EXIT_USAGE)
    ids = _written(out)
    have = set(ids)
    started = time.monotonic()
    progress = make_progress("off" if args.quiet else args.progress, args.count, min(len(ids), args.count))

    def save() -> None:
        tmp = state_path.with_name(state_path.name + ".tmp")
        tmp.write_text(json.dumps(state))
        tmp.replace(state_path)

    made = 0
    stats = Stats()
    try:
        with out.open("a", encoding="utf-8") as f:
            def write(item: dict[str, Any]) -> None:
                nonlocal made
                if item["id"] in have or len(have) >= args.count:
                    return
                have.add(item["id"])
                f.write(json.dumps(item) + "\n")
                f.flush()
                made += 1
                progress.update(1)

            if args.server:
                _on_server(args, state, save, write, have, stop)
            else:
                def game_done(seed: int) -> None:
                    state["next_seed"] = seed + 1
                    save()

                for p in generate(args.variant, args.count - len(have), first_seed=state["next_seed"],
                                  nodes=args.nodes, stats=stats, on_game=game_done, should_stop=stop.is_set,
                                  known=set(have)):
                    write(p.to_json())
    finally:
        progress.close()
    if not args.quiet:
        rate = "" if args.server else ngettext(
            "; %(rate)s puzzles per core-hour, %(num)s position looked at",
            "; %(rate)s puzzles per core-hour, %(num)s positions looked at", stats.candidates,
            rate=stats.to_json()["puzzles_per_core_hour"])
        note(ngettext("%(output)s: %(num)s puzzle (%(made)s new) of %(count)s; %(seconds)s s%(rate)s",
                      "%(output)s: %(num)s puzzles (%(made)s new) of %(count)s; %(seconds)s s%(rate)s", len(have),
                      output=out, made=made, count=args.count, seconds=format(time.monotonic() - started, ".1f"), rate=rate))
    if stop.is_set() and len(have) < args.count:
        note(_("interrupted: re-run the same command to resume from game %(seed)s", seed=state["next_seed"]))
        return EXIT_INTERRUPTED
    return EXIT_OK


def _on_server(args: argparse.Namespace, state: dict[str, Any], save: Any, write: Any, have: set[str],
               stop: StopFlag) -> None:
    """Jobs of ``--batch`` games until OUTPUT holds ``--count`` puzzles."""
    api = Api(args.server, args.api_key, stop=stop)
    while len(have) < args.count and not stop.is_set():
        if state.get("job") is None:
            body = json.dumps({"variant": args.variant, "self_play": args.batch, "first_seed": state["next_seed"],
                               "nodes": args.nodes}).encode()
            job = api._json("POST", "/v1/puzzles/generate", body=body,
                            headers={"Content-Type": "application/json", "Accept": "application/json"})
            state["job"] = job["id"]
            save()
        job_id = state["job"]
        while True:
            status = api.status(job_id)
            if status is None or status["state"] in FINISHED_STATES or stop.wait(args.poll):
                break
        if stop.is_set():
            return
        if status is not None:
            with api._open("GET", f"/v1/jobs/{job_id}/results") as r:
                lines = [json.loads(ln) for ln in r.read().decode().splitlines() if ln.strip()]
            for line in lines:
                for pid in line.get("puzzles", []):
                    if pid not in have:
                        write(api._json("GET", f"/v1/puzzles/{pid}?solution=true"))
        state["next_seed"] += args.batch
        state["job"] = None
        save()
