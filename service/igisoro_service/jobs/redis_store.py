"""The job store on Redis, for workers on many machines (``redis://...``).

The same record as :class:`igisoro_service.jobs.store.SqliteStore`, in Redis
structures under ``igisoro:job:<id>``: a hash of the job's fields, a hash
of its chunks, a hash of result lines by index (``HSETNX``: a redelivered
chunk never writes an index twice) and a sorted set of the stored indices
(reading results in order from any index). Every step that moves a job on
is one Lua script, so it is atomic across API replicas and workers.
Finished jobs expire after the retention (``EXPIRE`` on their keys).

Each owner's listing is a sorted set of job ids by creation time, and one
more per state, kept by the same scripts that change the state: a listing
filtered by state walks only jobs in that state, so a page costs ``limit``
reads however many jobs the owner has in other states.
"""

from __future__ import annotations

import json
from typing import Any, cast
from collections.abc import Sequence

import redis

from igisoro_service.jobs.store import Job, IdempotencyConflict

_P = "igisoro:"
_STATS = _P + "jobs:stats"
#: Finished jobs scored by when they expire, as "<id> <owner>" members.
_EXPIRING = _P + "jobs:expiring"

#: The job states, in the order their owner's per-state listing keys are
#: passed to the scripts (after the job's own keys).
_STATES = ("queued", "running", "done", "failed", "cancelled")

# Each state's offset among the per-state keys, for the scripts.
_STATES_LUA = "local STATES = {" + ", ".join(f"{st} = {k}" for k, st in enumerate(_STATES)) + "}\n"

# Moves a job's id from its owner's listing of one state to another's.
# KEYS[first .. first + 4]: the owner's per-state keys, in _STATES order.
_MOVE = _STATES_LUA + """
local function move(first, old, new)
  local id = redis.call('HGET', KEYS[1], 'id')
  redis.call('ZREM', KEYS[first + STATES[old]], id)
  redis.call('ZADD', KEYS[first + STATES[new]], redis.call('HGET', KEYS[1], 'created'), id)
end
"""

# Shared tail of the scripts that end a job: counts, chunk items dropped,
# keys set to expire, and the job's expiry noted in the expiring set (so
# ``purge`` can drop its id from its owner's listings when it is gone).
# KEYS: meta, chunks, results, order, stats, idem, expiring, then the
# owner's per-state listings.
_END = _MOVE + """
local function finish(state, now, retention, detail)
  local old = redis.call('HGET', KEYS[1], 'state')
  move(8, old, state)
  redis.call('HSET', KEYS[1], 'state', state, 'finished', now)
  if detail ~= '' then redis.call('HSET', KEYS[1], 'detail', detail) end
  local total = tonumber(redis.call('HGET', KEYS[1], 'total'))
  local done = tonumber(redis.call('HGET', KEYS[1], 'done'))
  redis.call('HINCRBYFLOAT', KEYS[5], 'active_' .. old, -1)
  redis.call('HINCRBYFLOAT', KEYS[5], 'finished_' .. state, 1)
  redis.call('HINCRBYFLOAT', KEYS[5], 'items_dropped', total - done)
  redis.call('HINCRBYFLOAT', KEYS[5], 'job_seconds', now - tonumber(redis.call('HGET', KEYS[1], 'created')))
  redis.call('DEL', KEYS[2])
  local idem = redis.call('GET', KEYS[6])
  if idem then redis.call('EXPIRE', idem, retention) end
  for i = 1, 6 do
    if i ~= 2 and i ~= 5 then redis.call('EXPIRE', KEYS[i], retention) end
  end
  local owner = redis.call('HGET', KEYS[1], 'owner') or ''
  redis.call('ZADD', KEYS[7], now + retention, redis.call('HGET', KEYS[1], 'id') .. ' ' .. owner)
end
"""

_ADD = _END + """
if redis.call('HGET', KEYS[1], 'state') ~= 'running' then return 0 end
local new, errs = 0, 0
for i = 4, #ARGV, 3 do
  if redis.call('HSETNX', KEYS[3], ARGV[i], ARGV[i + 1]) == 1 then
    redis.call('ZADD', KEYS[4], ARGV[i], ARGV[i])
    new = new + 1
    if ARGV[i + 2] == '1' then errs = errs + 1 end
  end
end
local done = redis.call('HINCRBY', KEYS[1], 'done', new)
redis.call('HINCRBY', KEYS[1], 'errors', errs)
redis.call('HINCRBYFLOAT', KEYS[5], 'items_done', new)
redis.call('HINCRBYFLOAT', KEYS[5], 'chunks_done', 1)
redis.call('HINCRBYFLOAT', KEYS[5], 'chunk_seconds', ARGV[1])
if done >= tonumber(redis.call('HGET', KEYS[1], 'total')) then
  finish('done', tonumber(ARGV[2]), tonumber(ARGV[3]), '')
end
return new
"""

_FINISH = _END + """
local state = redis.call('HGET', KEYS[1], 'state')
if state == 'queued' or state == 'running' then
  finish(ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4])
end
return 1
"""

# KEYS: meta, stats, then the owner's per-state listings.
_START = _MOVE + """
if redis.call('HGET', KEYS[1], 'state') == 'queued' then
  move(3, 'queued', 'running')
  redis.call('HSET', KEYS[1], 'state', 'running', 'started', ARGV[1])
  redis.call('HINCRBYFLOAT', KEYS[2], 'active_queued', -1)
  redis.call('HINCRBYFLOAT', KEYS[2], 'active_running', 1)
end
return 1
"""

# Puts a job created by a version before the per-state listings into its
# state's listing (``RedisStore._index_states``): one job at a time, the
# state read and the listing written in one step, so a job that changes
# state meanwhile ends where the scripts above put it.
# KEYS: meta, then the owner's per-state listings.
_INDEX = _STATES_LUA + """
local state = redis.call('HGET', KEYS[1], 'state')
if not state or not STATES[state] then return 0 end
return redis.call('ZADD', KEYS[2 + STATES[state]], 'NX', redis.call('HGET', KEYS[1], 'created'),
                  redis.call('HGET', KEYS[1], 'id'))
"""

# Frees a job's Idempotency-Key (``release_idempotency``) if the key still
# names the job (a key is "<job id> <digest>"; one that expired and was
# claimed again is another job's); in one step, so a claim made meanwhile
# is not deleted.
# KEYS: the job's pointer to its key. ARGV: the job id.
_RELEASE = """
local idem = redis.call('GET', KEYS[1])
if not idem then return 0 end
local held = redis.call('GET', idem)
if held and string.sub(held, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' then redis.call('DEL', idem) end
redis.call('DEL', KEYS[1])
return 1
"""

#: Set once every owner's jobs are in their per-state listings.
_INDEXED = _P + "jobs:state-listings"

_INT = ("total", "done", "errors", "chunk_size")
_FLOAT = ("created", "started", "finished")


class RedisStore:
    """Jobs in Redis (see the module docs)."""

    def __init__(self, url: str, retention: float) -> None:
        # Timeouts: a Redis that stops answering is an error (a 503, a chunk
        # requeued), not a request or a /metrics scrape that hangs.
        self.r = redis.Redis.from_url(url, decode_responses=True, socket_connect_timeout=5, socket_timeout=10)
        self.retention = int(retention)
        self._add = self.r.register_script(_ADD)
        self._finish = self.r.register_script(_FINISH)
        self._start = self.r.register_script(_START)
        self._index = self.r.register_script(_INDEX)
        self._release = self.r.register_script(_RELEASE)
        # Whether this store has seen the per-state listings complete
        # (``_index_states``); asked at the first listing by state, not
        # here: a worker opens its store at import, and Redis may not be up
        # yet then (the constructor makes no connection).
        self._indexed = False

    def _index_states(self) -> None:
        """Once per Redis (a marker key says it is done): put the jobs of a
        version before the per-state listings into them, so that after an
        upgrade ``?state=done`` still lists the week of finished jobs that
        version left. Every store that asks before the marker is set does
        it too, which is harmless (each step is an idempotent script)."""
        if self._indexed or self.r.exists(_INDEXED):
            self._indexed = True
            return
        prefix, suffix = f"{_P}owner:", ":jobs"
        for key in self.r.scan_iter(match=f"{prefix}*{suffix}", count=1000):
            owner = str(key)[len(prefix):-len(suffix)]
            states = self._state_keys(owner)
            pipe = self.r.pipeline(transaction=False)
            for n, (job_id, _) in enumerate(self.r.zscan_iter(key, count=1000), 1):
                self._index(keys=[self._keys(str(job_id))[0], *states], client=pipe)
                if n % 500 == 0:
                    pipe.execute()
            pipe.execute()
        self.r.set(_INDEXED, "1")
        self._indexed = True

    @staticmethod
    def _keys(job_id: str) -> list[str]:
        base = _P + "job:" + job_id
        return [base, base + ":chunks", base + ":results", base + ":order", _STATS, base + ":idem", _EXPIRING]

    @staticmethod
    def _owner_key(owner: str, state: str | None = None) -> str:
        """A sorted set of the owner's job ids scored by creation time, for
        the listing, all of them or those in ``state`` (``purge`` drops the
        ids of expired jobs)."""
        return f"{_P}owner:{owner}:jobs" + ("" if state is None else ":" + state)

    def _state_keys(self, owner: str) -> list[str]:
        """The owner's per-state listings, in the scripts' order."""
        return [self._owner_key(owner, state) for state in _STATES]

    def _owner(self, job_id: str) -> str:
        """The job's owner ('' for a job that is gone: the scripts then find
        no state to move it from and change nothing)."""
        return str(self.r.hget(self._keys(job_id)[0], "owner") or "")

    def _idem_key(self, owner: str, key: str) -> str:
        return f"{_P}idem:{owner}:{key}"

    def create(self, job: Job, chunks: Sequence[str], idempotency: tuple[str, str] | None) -> tuple[Job, bool]:
        """Write the job, or find the one its idempotency key already names.

        The key's claim and the job's records are one ``MULTI``/``EXEC``
        transaction under ``WATCH`` of the key: an API that dies before
        ``EXEC`` leaves nothing behind (no key pointing at a job that was
        never written, and never expiring), and two replicas racing for one
        key cannot both win (the loser's ``EXEC`` fails and it reads the
        winner's job).
        """
        if idempotency is None:
            pipe = self.r.pipeline(transaction=True)
            self._queue_job(pipe, job, chunks)
            pipe.execute()
            return job, True
        idem = self._idem_key(job.owner, idempotency[0])
        claim = f"{job.id} {idempotency[1]}"
        with self.r.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(idem)  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
                    held = pipe.get(idem)
                    if held is not None:
                        other_id, digest = str(held).split(" ", 1)
                        if digest != idempotency[1]:
                            raise IdempotencyConflict(other_id)
                        found = self.get(other_id)
                        if found is not None:
                            return found, False
                        # The job expired and its key is about to: a new job.
                    pipe.multi()
                    pipe.set(idem, claim)
                    # The job's own key points at the shared one, so both expire together.
                    pipe.set(self._keys(job.id)[5], idem)
                    self._queue_job(pipe, job, chunks)
                    pipe.execute()
                    return job, True
                except redis.WatchError:
                    continue  # another replica claimed the key meanwhile: read its job

    def release_idempotency(self, job_id: str) -> None:
        self._release(keys=[self._keys(job_id)[5]], args=[job_id])

    def mark_enqueued(self, job_id: str) -> None:
        # A key of its own, not a field of the job's hash (which older
        # versions read field by field), with a day's expiry: the mark
        # matters only while the job waits, and a job still queued after a
        # day whose mark is gone is only sent again (a chunk runs once).
        self.r.set(self._keys(job_id)[0] + ":enqueued", "1", ex=86400)

    def enqueued(self, job_id: str) -> bool:
        return bool(self.r.exists(self._keys(job_id)[0] + ":enqueued"))

    def _queue_job(self, pipe: Any, job: Job, chunks: Sequence[str]) -> None:
        """Queue the job's records and the counters on ``pipe``."""
        meta, chunk_key = self._keys(job.id)[:2]
        fields: dict[str, Any] = {k: v for k, v in job.__dict__.items() if v is not None}
        fields["limits"] = json.dumps(job.limits)
        pipe.hset(meta, mapping=fields)
        for start in range(0, len(chunks), 512):
            pipe.hset(chunk_key, mapping={str(n): c for n, c in enumerate(chunks[start:start + 512], start)})
        pipe.zadd(self._owner_key(job.owner), {job.id: job.created})
        pipe.zadd(self._owner_key(job.owner, job.state), {job.id: job.created})
        pipe.hincrbyfloat(_STATS, f"submitted_{job.kind}", 1)
        pipe.hincrbyfloat(_STATS, "items_submitted", job.total)
        pipe.hincrbyfloat(_STATS, "active_queued", 1)

    def get(self, job_id: str) -> Job | None:
        return self._job(self.r.hgetall(self._keys(job_id)[0]))  # type: ignore[arg-type]

    @staticmethod
    def _job(d: dict[str, Any]) -> Job | None:
        """A job from its meta hash (None for an empty one: gone)."""
        if not d:
            return None
        for k in _INT:
            d[k] = int(d[k])
        for k in _FLOAT:
            d[k] = float(d[k]) if k in d else None
        d["limits"] = json.loads(d["limits"])
        d.setdefault("detail", None)
        return Job(**d)

    def chunk(self, job_id: str, n: int) -> list[str]:
        text = self.r.hget(self._keys(job_id)[1], str(n))
        return [] if text is None else str(text).split("\n")

    def start(self, job_id: str, now: float) -> Job | None:
        self._start(keys=[self._keys(job_id)[0], _STATS, *self._state_keys(self._owner(job_id))], args=[now])
        return self.get(job_id)

    def chunk_stored(self, job_id: str, first: int) -> bool:
        return bool(self.r.hexists(self._keys(job_id)[2], str(first)))

    def add_results(self, job_id: str, lines: Sequence[tuple[int, str, bool]], seconds: float, now: float) -> None:
        args: list[Any] = [seconds, now, self.retention]
        for idx, line, is_error in lines:
            args += [idx, line, int(is_error)]
        self._add(keys=self._keys(job_id) + self._state_keys(self._owner(job_id)), args=args)

    def results(self, job_id: str, after: int, limit: int) -> list[tuple[int, str]]:
        keys = self._keys(job_id)
        idx = self.r.zrangebyscore(keys[3], f"({after}", "+inf", start=0, num=limit)
        if not idx:
            return []
        lines = self.r.hmget(keys[2], idx)  # type: ignore[arg-type]
        return [(int(i), str(line)) for i, line in zip(idx, lines) if line is not None]  # type: ignore[arg-type]

    def finish(self, job_id: str, state: str, now: float, detail: str | None = None) -> Job | None:
        self._finish(keys=self._keys(job_id) + self._state_keys(self._owner(job_id)),
                     args=[state, now, self.retention, detail or ""])
        return self.get(job_id)

    def list_jobs(self, owner: str, state: str | None, before: str | None, limit: int) -> list[Job] | None:
        # Newest first by (created, id), as on SQLite (a sorted set orders
        # equal scores by member). Each batch starts strictly after the
        # last (score, id) read, not at a rank, so jobs created or purged
        # meanwhile never shift a page onto a skipped or repeated job.
        # The cursor may name a job in any state; the walk is over the
        # state's own listing, so it reads only jobs in that state (a job
        # that left it between the two reads is skipped by the check below),
        # `limit` at a time. Unfiltered, a batch is four pages: listed jobs
        # that expired are skipped.
        if state is not None:
            self._index_states()
        key = self._owner_key(owner, state)
        anchor: tuple[float, str] | None = None
        if before is not None:
            score = self.r.zscore(self._owner_key(owner), before)
            if score is None and state is not None:
                score = self.r.zscore(key, before)  # a job listed by state only (an older version's)
            if score is None:
                return None
            anchor = (float(score), before)
        out: list[Job] = []
        while len(out) < limit:
            batch = self._older(key, anchor, (1 if state is not None else 4) * limit)
            if not batch:
                break
            pipe = self.r.pipeline(transaction=False)
            for job_id, _ in batch:
                pipe.hgetall(self._keys(job_id)[0])
            for (job_id, score), meta in zip(batch, pipe.execute()):
                anchor = (score, job_id)
                job = self._job(meta)
                if job is not None and (state is None or job.state == state):
                    out.append(job)
                    if len(out) == limit:
                        break
        return out

    def _older(self, key: str, anchor: tuple[float, str] | None, n: int) -> list[tuple[str, float]]:
        """Up to about ``n`` ids of ``key`` after ``anchor`` in the listing's
        order (newest first), with their scores: first those of the anchor's
        own score with a smaller id, then those of lower scores."""
        # redis-py types its replies loosely; with decode_responses these are
        # lists of str members and (member, score) pairs.
        if anchor is None:
            return cast(list[tuple[str, float]], self.r.zrevrange(key, 0, n - 1, withscores=True))
        score, last = anchor
        ties = cast(list[str], self.r.zrevrangebyscore(key, score, score))
        rest = cast(list[tuple[str, float]],
                    self.r.zrevrangebyscore(key, f"({score!r}", "-inf", start=0, num=n, withscores=True))
        return [(m, score) for m in ties if m < last] + rest

    def purge(self, now: float) -> int:
        """Redis expires a finished job's keys itself; this drops expired
        jobs' ids from their owners' listings (a bounded batch per call: it
        runs on every submission)."""
        gone: list[str] = self.r.zrangebyscore(_EXPIRING, "-inf", now, start=0, num=1000)  # type: ignore[assignment]
        if gone:
            pipe = self.r.pipeline(transaction=False)
            for member in gone:
                job_id, owner = member.split(" ", 1)
                for key in (self._owner_key(owner), *self._state_keys(owner)):
                    pipe.zrem(key, job_id)
            pipe.zrem(_EXPIRING, *gone)
            pipe.execute()
        return len(gone)

    def stats(self) -> dict[str, float]:
        raw: dict[str, str] = self.r.hgetall(_STATS)  # type: ignore[assignment]  # decode_responses=True
        return {k: float(v) for k, v in raw.items()}
