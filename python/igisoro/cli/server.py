"""``igisoro analyse --server URL``: the input as a job on an Igisoro server,
its results streamed back.

The server client is the standard library's urllib.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

from igisoro.batch import Kind
from igisoro.cli.errors import EXIT_FAILED, EXIT_USAGE, CliError, note
from igisoro.cli.i18n import gettext as _, language, ngettext
from igisoro.cli.inputs import Input
from igisoro.cli.interrupts import StopFlag
from igisoro.cli.outputs import Output
from igisoro.cli.progress import Progress, Tally

#: Job states after which a job's results never change.
FINISHED_STATES = ("done", "failed", "cancelled")


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
            message = _("server refused %(request)s: %(detail)s (%(status)s %(title)s)", request=where,
                        detail=problem["detail"], status=status, title=problem.get("title", reason))
            errors = problem.get("errors")
            if isinstance(errors, dict) and errors:
                fields = "; ".join(f"{k}: {' '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in errors.items())
                message += f" [{fields}]"
        else:
            message = _("server refused %(request)s: %(status)s %(reason)s", request=where, status=status, reason=reason)
        slug = str(problem.get("type", "")).rsplit(":", 1)[-1] if isinstance(problem, dict) else ""
        usage = status == 413 or (status == 422 and slug in ("invalid-limit", "validation-error"))
        super().__init__(message, EXIT_USAGE if usage else EXIT_FAILED)
        self.status = status


class Api:
    """A client of an Igisoro server's jobs API (urllib only)."""

    def __init__(self, base: str, api_key: str | None, timeout: float = 60.0, retries: int = 3,
                 stop: StopFlag | None = None) -> None:
        self.base = base.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries
        #: Ctrl-C: a wait between retries ends at once (see :meth:`_pause`).
        self.stop = stop

    def _pause(self, seconds: float) -> None:
        """Wait before a retry; with Ctrl-C pressed (now or meanwhile) stop
        as a second Ctrl-C does, instead of retrying for minutes."""
        if self.stop is None:
            time.sleep(seconds)
        elif self.stop.wait(seconds):
            raise KeyboardInterrupt

    def _open(self, method: str, path: str, body: bytes | None = None,
              headers: dict[str, str] | None = None) -> Any:
        """The response (to be closed by the caller); transient failures
        (no connection, 429, 502-504) are retried, which is safe: the
        submission carries an Idempotency-Key and the rest only read or
        cancel. Raises :class:`CliError` with a problem's detail."""
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("User-Agent", "igisoro-cli")
        # The server's refusals (a problem's title and detail) in the
        # command's language; its result lines never change with it.
        request.add_header("Accept-Language", language())
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
                        self._pause(min(float(wait), 30.0) if wait.isdigit() else delay)
                        delay *= 2
                        continue
                    raise ServerError(method, path, e.code, str(e.reason), e.read()) from None
            except (urllib.error.URLError, OSError) as e:
                if last:
                    reason = getattr(e, "reason", e)
                    raise CliError(_("cannot reach %(server)s: %(reason)s", server=self.base, reason=reason)) from None
                self._pause(delay)
                delay *= 2
        raise AssertionError("unreachable")

    def _json(self, method: str, path: str, **kw: Any) -> dict[str, Any]:
        with self._open(method, path, **kw) as response:
            try:
                value = json.loads(response.read())
            except ValueError:
                value = None
        if not isinstance(value, dict):
            where = f"{method} {path.split('?')[0]}"
            raise CliError(_("server answered %(request)s with something other than a JSON object", request=where))
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
                        raise CliError(_("server sent something other than a result line: %(line)s", line=repr(raw[:80])))
                    yield line

    def cancel(self, job: str) -> None:
        """``DELETE /v1/jobs/{id}``."""
        with self._open("DELETE", f"/v1/jobs/{urllib.parse.quote(job)}"):
            pass


def run_server(args: argparse.Namespace, kind: Kind, inp: Input, present: set[int], out: Output,
               progress: Progress, tally: Tally, stop: StopFlag) -> str | None:
    """Submit the input as a job (or pick up the one ``OUTPUT.job`` names)
    and stream its results; returns the job id if it is left running."""
    api = Api(args.server, args.api_key, stop=stop)
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
            raise CliError(_("%(path)s is not a job file; delete it or use --force", path=sidecar), EXIT_USAGE) from None
        if {k: saved.get(k) for k in saved_for} != saved_for:
            raise CliError(_("%(path)s is for another server, input or limits; use --force to start over", path=sidecar),
                           EXIT_USAGE)
        status = api.status(str(saved.get("id")))
        if status is None:
            note(_("job %(job)s is gone from the server; submitting the input again", job=saved.get("id")))
        elif status.get("state") in ("failed", "cancelled"):
            note(_("job %(job)s was %(state)s; submitting a new job", job=saved.get("id"), state=status.get("state")))
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
            note(ngettext("warning: this input has %(num)s item, the server counts %(server)s",
                          "warning: this input has %(num)s items, the server counts %(server)s", len(inp.items),
                          server=made.get("total")))
        if sidecar is not None:
            tmp = sidecar.with_name(sidecar.name + ".tmp")
            try:
                tmp.write_text(json.dumps({**saved_for, "id": job, "idempotency_key": key}) + "\n")
                tmp.replace(sidecar)
            except OSError as e:  # the job runs on; a re-run finds it again by its Idempotency-Key
                raise CliError(_("cannot write %(path)s: %(error)s", path=sidecar, error=e.strerror or e), EXIT_USAGE) from e
    # Results come in index order: ask only for those after the lines
    # already written in one run (a prefix), and skip any other written one.
    after = -1
    while after + 1 in present:
        after += 1
    seen = set(present)
    while not stop.is_set():
        status = api.status(job)
        if status is None:
            raise CliError(_("job %(job)s is gone from the server; re-run to submit it again", job=job))
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
                raise CliError(ngettext("job %(job)s was %(state)s after %(seen)s of %(num)s item%(why)s",
                                        "job %(job)s was %(state)s after %(seen)s of %(num)s items%(why)s",
                                        len(inp.items), job=job, state=state, seen=len(seen), why=why))
            missing = len(inp.items) - len(seen)
            if missing > 0:
                raise CliError(ngettext("job %(job)s is done but %(num)s item has no result line",
                                        "job %(job)s is done but %(num)s items have no result line", missing, job=job))
            return None
        if not new:  # with new lines more may be ready (a server may page them)
            stop.wait(args.poll)
    tally.interrupted = True
    if args.cancel_on_interrupt:
        # Without the Ctrl-C event: the cancel is retried like any call
        # (with it, the first failure would stop as a second Ctrl-C does).
        Api(args.server, args.api_key).cancel(job)
        if sidecar is not None:
            sidecar.unlink(missing_ok=True)
        note(_("cancelled job %(job)s", job=job))
        return None
    return job


def add_run_options(parser: argparse.ArgumentParser, server_help: str) -> argparse._ArgumentGroup:
    """The options every long-running command shares: ``--quiet``,
    ``--progress``, and the "server mode" group with ``--server`` and
    ``--api-key`` (returned, for a command's own server options)."""
    parser.add_argument("--quiet", "-q", action="store_true", help=_("no progress and no summary"))
    parser.add_argument("--progress", choices=("auto", "tqdm", "plain", "off"), default="auto",
                        help=_("progress display on stderr (default: tqdm if installed, else plain)"))
    server = parser.add_argument_group(_("server mode"))
    server.add_argument("--server", metavar="URL", help=server_help)
    server.add_argument("--api-key", metavar="KEY", default=os.environ.get("IGISORO_API_KEY"),
                        help=_("sent as X-API-Key (default: $IGISORO_API_KEY)"))
    return server
