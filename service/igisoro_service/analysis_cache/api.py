"""The cache's API (as lila's ``EvalCacheApi``): keys, the in-process
memory in front of the back end, reading and storing analyses, reviewed
plies and level-10 best moves, and the app's cache. What to keep and what
answers a request is :mod:`.selector`'s; how an answer is written,
:mod:`.json_view`'s; where entries live, :mod:`.backends`'."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from flask import Flask, current_app

import igisoro
from igisoro_service.analysis_cache import selector
from igisoro_service.analysis_cache.backends import RedisStore, SqliteStore, Store
from igisoro_service.analysis_cache.json_view import analysis_answer

_EXTENSION = "igisoro_analysis_cache"


class AnalysisCache:
    """The deepest stored analysis per (engine, position, multipv), with the
    most recently used ones also in this process's memory. It is an
    :class:`igisoro.known.Known`, so batches, jobs and reviews read and fill
    it too."""

    def __init__(self, store: Store, memory_entries: int) -> None:
        self.store = store
        self.memory: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.memory_entries = memory_entries
        self.lock = threading.Lock()

    @staticmethod
    def key(position: igisoro.Position, multipv: int) -> str:
        """The entry's key: engine version, canonical notation, multipv."""
        return f"{igisoro.__version__}\x1f{position.notation()}\x1f{multipv}"

    def _remember(self, key: str, entry: dict[str, Any]) -> None:
        with self.lock:
            self.memory[key] = entry
            self.memory.move_to_end(key)
            while len(self.memory) > self.memory_entries:
                self.memory.popitem(last=False)

    def _read(self, key: str) -> dict[str, Any] | None:
        """An entry by key: memory first (a cheap answer), else the store. A
        deeper one another process stored since this one remembered it is
        seen at the next write here, not before."""
        with self.lock:
            remembered = self.memory.get(key)
        if remembered is not None:
            return remembered
        body = self.store.read(key)
        if body is None:
            return None
        entry: dict[str, Any] = json.loads(body)
        self._remember(key, entry)
        return entry

    def _write(self, key: str, rank: int, proven: bool, analysis: igisoro.Analysis, entry: dict[str, Any]) -> None:
        """Store ``entry`` under ``key`` if it outranks what is stored
        (:mod:`.backends`), and remember what the store holds after."""
        stored = self.store.write(key, rank, int(proven), analysis.nodes, analysis.time_ms, json.dumps(entry))
        self._remember(key, json.loads(stored))

    def get(self, position: igisoro.Position, multipv: int) -> dict[str, Any] | None:
        """The deepest stored analysis (its JSON), or None."""
        return self._read(self.key(position, multipv))

    def put(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis,
            json_form: dict[str, Any] | None = None) -> None:
        """Store ``analysis`` if the selector keeps it (:func:`.selector.keeps`)
        and it is deeper than what is stored (or proven where that is not).
        ``json_form``: its ``to_json(multipv)`` when the caller has it already
        (for its answer), so the core writes an analysis's JSON once."""
        if not selector.keeps(analysis):
            return
        entry = analysis.to_json(multipv) if json_form is None else json_form
        self._write(self.key(position, multipv), analysis.depth, analysis.stopped_by in selector.PROVEN, analysis, entry)

    # -- igisoro.known.Known: what batches, jobs and reviews read and fill

    def answer(self, position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
        """The answer of a request with the ``used`` limits from a stored
        analysis that meets them (:func:`.selector.meets`), written as a
        searched one is (:func:`.json_view.analysis_answer`, ``"cached":
        true``, the entry's own depth, nodes and time), or None."""
        entry = self.get(position, used["multipv"])
        if entry is None or not selector.meets(entry, used):
            return None
        return analysis_answer(position, entry, used, cached=True)

    def keep(self, position: igisoro.Position, multipv: int, analysis: igisoro.Analysis,
             json_form: dict[str, Any] | None = None) -> None:
        """:meth:`put` under the name :class:`igisoro.known.Known` gives it."""
        self.put(position, multipv, analysis, json_form)

    @staticmethod
    def _ply_key(before: igisoro.Position, canonical: str, depth: int) -> str:
        # The exact depth is part of the key: a ply reviewed deeper may judge
        # the move otherwise, and a review answers as a fresh one would.
        return f"{igisoro.__version__}\x1fply\x1f{before.notation()}\x1f{canonical}\x1f{depth}"

    def ply(self, before: igisoro.Position, canonical: str, depth: int) -> dict[str, Any] | None:
        """The stored review of one move at ``depth`` (package docs), or None."""
        return self._read(self._ply_key(before, canonical, depth))

    def keep_ply(self, before: igisoro.Position, canonical: str, depth: int, ply: dict[str, Any]) -> None:
        """Store a completed review of one move."""
        key = self._ply_key(before, canonical, depth)
        stored = self.store.write(key, depth, 0, 0, 0, json.dumps(ply))
        self._remember(key, json.loads(stored))

    # -- level 10's best moves (``POST /v1/best-move`` with ``level: 10``)

    @staticmethod
    def _level_key(position: igisoro.Position, multipv: int) -> str:
        return f"{igisoro.__version__}\x1flevel10\x1f{position.notation()}\x1f{multipv}"

    def level_answer(self, position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
        """A level-10 best move stored for ``position`` that meets the
        ``used`` thinking time (:func:`.selector.meets_level`), answered with
        ``"cached": true`` and the request's limits, or None."""
        entry = self._read(self._level_key(position, used["multipv"]))
        if entry is None or not selector.meets_level(entry, used):
            return None
        analysis = {k: v for k, v in entry.items() if k != "limits"}
        return analysis_answer(position, analysis, used, cached=True)

    def keep_level(self, position: igisoro.Position, used: dict[str, Any], analysis: igisoro.Analysis,
                   json_form: dict[str, Any] | None = None) -> None:
        """Store a level-10 best move the selector keeps
        (:func:`.selector.keeps_level`), with the limits it had, unless one
        with as much thinking time (or a proof) is stored. ``json_form``: its
        ``to_json(used["multipv"])``, when the caller has it already."""
        if not selector.keeps_level(analysis):
            return
        entry = analysis.to_json(used["multipv"]) if json_form is None else json_form
        # The store keeps the deeper of two entries by (proven, depth); for
        # these, "deeper" is more thinking time, so the time budget is what
        # ranks them in the depth column.
        self._write(self._level_key(position, used["multipv"]), int(used["time_ms"]),
                    analysis.stopped_by in selector.PROVEN, analysis, {**entry, "limits": used})


def open_cache(config: dict[str, Any]) -> AnalysisCache | None:
    """The cache ``CACHE_URL`` names (package docs), or None when it is
    ``off``: for the API's app and for job workers alike, so both share it."""
    url = config["CACHE_URL"]
    if url == "off":
        return None
    from igisoro_service.jobs import job_dir

    store: Store
    if url.startswith(("redis://", "rediss://", "unix://")):
        store = RedisStore(url)
    else:
        path = url.removeprefix("sqlite:///") if url else job_dir(config) / "analysis-cache.sqlite3"
        store = SqliteStore(path, int(config["CACHE_MAX_ENTRIES"]))
    return AnalysisCache(store, int(config["CACHE_MEMORY_ENTRIES"]))


def init_app(app: Flask) -> None:
    """The app's cache (None when ``CACHE_URL`` is ``off``)."""
    app.extensions[_EXTENSION] = open_cache(app.config)


def cache() -> AnalysisCache | None:
    """The current app's cache, or None when it is off."""
    found: AnalysisCache | None = current_app.extensions.get(_EXTENSION)
    return found


def stored(position: igisoro.Position, multipv: int) -> dict[str, Any] | None:
    """The deepest stored analysis of ``position`` (its JSON), or None (also
    when the cache is off)."""
    store = cache()
    return store.get(position, multipv) if store is not None else None


def answer(position: igisoro.Position, used: dict[str, Any]) -> dict[str, Any] | None:
    """:meth:`AnalysisCache.answer` of the current app's cache (None when it is off)."""
    store = cache()
    return store.answer(position, used) if store is not None else None
