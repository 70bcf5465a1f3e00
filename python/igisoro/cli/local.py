"""``igisoro analyse`` on this machine: the items chunk by chunk, on every core."""

from __future__ import annotations

from igisoro.analysis import analyse_many
from igisoro.batch import Kind, Limits, analyse_items
from igisoro.cli.errors import EXIT_USAGE, CliError
from igisoro.cli.i18n import gettext as _
from igisoro.cli.inputs import Input
from igisoro.cli.interrupts import Abandoned, StopFlag, in_background
from igisoro.cli.outputs import Output
from igisoro.cli.progress import Progress, Tally
from igisoro.errors import InvalidLimitError

#: Items per local chunk: a chunk's lines are written (and flushed) when
#: the whole chunk is done, so this bounds the work a Ctrl-C throws away;
#: a chunk of positions is one parallel engine call, so it must be large
#: enough to keep every core busy.
DEFAULT_CHUNK: dict[Kind, int] = {"positions": 256, "games": 16}


def check_limits(kind: Kind, limits: Limits) -> None:
    """Raise :class:`CliError` (exit 2) if the engine refuses the limits.

    An engine call on no positions checks them for free; without it, a
    bad limit would only show in the first chunk that holds a valid item."""
    used = limits.used(kind)
    try:
        analyse_many([], used.depth, used.nodes, used.time_ms, limits.multipv)
    except InvalidLimitError as e:
        raise CliError(_("invalid limit: %(error)s", error=e), EXIT_USAGE) from e


def run_local(kind: Kind, inp: Input, pending: list[int], limits: Limits, chunk: int, out: Output,
              progress: Progress, tally: Tally, stop: StopFlag) -> None:
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
            raise CliError(_("invalid limit: %(error)s", error=e), EXIT_USAGE) from e
        # After a resume the pending items need not be consecutive, so each
        # chunk is indexed from 0 and given its real indices here.
        for line, index in zip(lines, indices):
            line["index"] = index
        out.write(lines)
        tally.count(lines)
        progress.update(len(lines))
