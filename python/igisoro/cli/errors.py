"""Why ``igisoro analyse`` stops: the exit codes, :class:`CliError`, and
:func:`note` for what it tells the user on stderr.

Exit codes: 0 done (error lines included: they are results), 1 failure (a
server's refusal, a failed job), 2 bad usage (a bad limit, an unreadable
input or output), 130 interrupted.
"""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class CliError(Exception):
    """A reason to stop, told to the user as ``igisoro analyse: <message>``,
    with the exit code to stop with."""

    def __init__(self, message: str, code: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.code = code


def note(message: str) -> None:
    """Tell the user ``message`` on stderr, as ``igisoro analyse: <message>``."""
    print(f"igisoro analyse: {message}", file=sys.stderr, flush=True)
