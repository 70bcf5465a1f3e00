"""The job store's contract, the same on SQLite and on Redis: no index is
stored twice, a job is done exactly when every index is, and a chunk that
ends after a cancel is dropped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from igisoro_service.jobs.store import IdempotencyConflict, Job, JobStore, SqliteStore, iter_results


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[JobStore]:
    if request.param == "sqlite":
        yield SqliteStore(tmp_path / "jobs.sqlite", retention=60)
        return
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    port = request.getfixturevalue("redis_port")
    redis.Redis(port=port, db=2).flushdb()
    yield RedisStore(f"redis://127.0.0.1:{port}/2", retention=60)


def _job(job_id: str, total: int, owner: str = "") -> Job:
    return Job(id=job_id, owner=owner, kind="positions", state="queued", total=total, done=0, errors=0,
               limits={"depth": 1, "nodes": None, "time_ms": None, "multipv": 1}, chunk_size=2, created=100.0)


def _lines(first: int, n: int) -> list[tuple[int, str, bool]]:
    return [(i, f'{{"index":{i}}}', i % 3 == 0) for i in range(first, first + n)]


def test_results_once_each_and_done_when_all_are(store: JobStore) -> None:
    job, new = store.create(_job("j1", 5), ["a\nb", "c\nd", "e"], None)
    assert new and store.chunk("j1", 1) == ["c", "d"] and store.chunk("j1", 2) == ["e"]
    assert store.start("j1", 101.0).state == "running"  # type: ignore[union-attr]
    assert store.start("j1", 999.0).started == 101.0  # type: ignore[union-attr]
    store.add_results("j1", _lines(0, 2), 0.5, 102.0)
    store.add_results("j1", _lines(0, 2), 0.5, 102.5)  # a redelivered chunk
    assert store.chunk_stored("j1", 0) and not store.chunk_stored("j1", 2)
    got = store.get("j1")
    assert got is not None and (got.state, got.done, got.errors) == ("running", 2, 1)
    store.add_results("j1", _lines(2, 3), 0.5, 103.0)
    got = store.get("j1")
    assert got is not None and (got.state, got.done, got.errors, got.finished) == ("done", 5, 2, 103.0)
    assert [i for i, _ in store.results("j1", -1, 100)] == [0, 1, 2, 3, 4]
    assert [i for i, _ in store.results("j1", 2, 1)] == [3]
    assert list(iter_results(store, "j1", 0, gapless=True, page=2)) == [f'{{"index":{i}}}' for i in range(1, 5)]
    stats = store.stats()
    assert stats["items_done"] == 5 and stats["finished_done"] == 1 and stats["chunks_done"] == 3


def test_cancel_drops_later_chunks_and_keeps_results(store: JobStore) -> None:
    store.create(_job("j2", 4), ["a\nb", "c\nd"], None)
    store.start("j2", 101.0)
    store.add_results("j2", _lines(0, 2), 0.1, 102.0)
    assert store.finish("j2", "cancelled", 103.0).state == "cancelled"  # type: ignore[union-attr]
    store.add_results("j2", _lines(2, 2), 0.1, 104.0)
    assert store.finish("j2", "failed", 105.0).state == "cancelled"  # type: ignore[union-attr]
    got = store.get("j2")
    assert got is not None and got.done == 2 and [i for i, _ in store.results("j2", -1, 10)] == [0, 1]
    assert store.stats()["items_dropped"] == 2


def test_idempotency_is_per_owner_and_body(store: JobStore) -> None:
    a, new_a = store.create(_job("j3", 1, owner="o1"), ["x"], ("k", "d1"))
    b, new_b = store.create(_job("j4", 1, owner="o1"), ["x"], ("k", "d1"))
    c, new_c = store.create(_job("j5", 1, owner="o2"), ["x"], ("k", "d1"))
    assert (new_a, new_b, new_c) == (True, False, True) and b.id == "j3" and c.id == "j5"
    with pytest.raises(IdempotencyConflict):
        store.create(_job("j6", 1, owner="o1"), ["x"], ("k", "d2"))
    assert store.get("j6") is None


def test_the_enqueued_mark(store: JobStore) -> None:
    store.create(_job("j10", 1), ["x"], None)
    assert not store.enqueued("j10")
    store.mark_enqueued("j10")
    store.mark_enqueued("j10")  # again: no error
    assert store.enqueued("j10") and not store.enqueued("j11")


def test_a_released_idempotency_key_makes_a_new_job(store: JobStore) -> None:
    store.create(_job("j7", 1, owner="o1"), ["x"], ("k", "d1"))
    store.release_idempotency("j7")
    store.finish("j7", "failed", 101.0, "the job queue was unreachable")
    again, new = store.create(_job("j8", 1, owner="o1"), ["x"], ("k", "d1"))
    assert new and again.id == "j8"
    store.release_idempotency("j7")  # the key now names j8: it stays
    assert store.create(_job("j9", 1, owner="o1"), ["x"], ("k", "d1")) == (again, False)
    assert store.get("j7").state == "failed"  # type: ignore[union-attr]


def test_sqlite_purges_expired_jobs(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "jobs.sqlite", retention=10)
    store.create(_job("old", 1), ["x"], None)
    store.finish("old", "cancelled", 100.0)
    assert store.purge(105.0) == 0 and store.get("old") is not None
    assert store.purge(111.0) == 1 and store.get("old") is None


def test_running_jobs_stream_without_gaps(store: JobStore) -> None:
    """Chunks finish out of order on several workers; a reader resuming
    after the last index it read must never skip a line."""
    store.create(_job("j7", 6), ["a\nb", "c\nd", "e\nf"], None)
    store.start("j7", 101.0)
    store.add_results("j7", _lines(0, 2), 0.1, 102.0)
    store.add_results("j7", _lines(4, 2), 0.1, 102.0)  # chunk 2 before chunk 1
    assert [line for line in iter_results(store, "j7", -1, gapless=True)] == ['{"index":0}', '{"index":1}']
    assert list(iter_results(store, "j7", 1, gapless=True)) == []
    assert len(list(iter_results(store, "j7", -1, gapless=False))) == 4  # an ended job: all there is
    store.add_results("j7", _lines(2, 2), 0.1, 103.0)
    assert len(list(iter_results(store, "j7", 1, gapless=True))) == 4


def test_redis_create_that_dies_before_its_write_leaves_no_key(redis_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An API that dies between claiming an idempotency key and writing the
    job (here: the transaction's ``EXEC`` never reaches Redis) must not leave
    the key behind: it would point at no job and never expire."""
    import redis
    from redis.client import Pipeline

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)

    def die(self: Pipeline, raise_on_error: bool = True) -> list[object]:
        raise ConnectionError("the API died before EXEC")

    with monkeypatch.context() as m:
        m.setattr(Pipeline, "execute", die)
        with pytest.raises(ConnectionError):
            store.create(_job("j7", 1, owner="o1"), ["x"], ("k", "d1"))
    assert r.keys("*") == [], "nothing of the job, and no key claiming it"
    # The client's retry creates the job, and the key now names it.
    job, new = store.create(_job("j8", 1, owner="o1"), ["x"], ("k", "d1"))
    assert new and job.id == "j8"
    again, new = store.create(_job("j9", 1, owner="o1"), ["x"], ("k", "d1"))
    assert not new and again.id == "j8"


def test_one_idempotency_key_raced_by_many_clients_makes_one_job(store: JobStore) -> None:
    """Replicas that receive the same retried request at once: exactly one
    creates the job, the others get that job back."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda i: store.create(_job(f"r{i}", 1, owner="o1"), ["x"], ("race", "d")), range(16)))
    assert sum(new for _, new in got) == 1
    assert len({job.id for job, _ in got}) == 1


def test_listing_pages_newest_first_with_ties_and_a_state(store: JobStore) -> None:
    # Three jobs created in the same instant: the id breaks the tie, so
    # pages neither skip nor repeat one.
    for job_id, created in (("a", 100.0), ("b", 101.0), ("c", 101.0), ("d", 101.0), ("e", 102.0)):
        store.create(Job(**{**_job(job_id, 1, owner="o1").__dict__, "created": created}), ["x"], None)
    store.create(_job("z", 1, owner="o2"), ["x"], None)
    store.finish("c", "cancelled", 103.0)
    pages, before = [], None
    while True:
        page = store.list_jobs("o1", None, before, 2)
        assert page is not None
        pages.append([j.id for j in page])
        if len(page) < 2:
            break
        before = page[-1].id
    assert pages == [["e", "d"], ["c", "b"], ["a"]]
    assert [j.id for j in store.list_jobs("o1", "cancelled", None, 10) or []] == ["c"]
    assert [j.id for j in store.list_jobs("o1", "queued", "d", 10) or []] == ["b", "a"]
    assert store.list_jobs("o1", None, "z", 10) is None, "another owner's job is no cursor"
    assert store.list_jobs("o1", None, "nope", 10) is None
    assert store.list_jobs("nobody", None, None, 10) == []


def test_redis_listing_skips_and_purge_forgets_expired_jobs(redis_port: int) -> None:
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    for i in range(6):
        store.create(_job(f"x{i}", 1, owner="o1"), ["x"], None)
    for i in (1, 2, 4):
        store.finish(f"x{i}", "cancelled", 200.0 + i)  # expire at 260 + i
        r.delete(f"igisoro:job:x{i}")  # as if Redis had expired them already
    assert [j.id for j in store.list_jobs("o1", None, None, 2) or []] == ["x5", "x3"]
    assert [j.id for j in store.list_jobs("o1", None, "x3", 5) or []] == ["x0"]
    # purge drops the ids of jobs whose retention has run out, and only those.
    assert store.purge(262.5) == 2
    assert r.zrange("igisoro:owner:o1:jobs", 0, -1) == ["x0", "x3", "x4", "x5"]
    assert store.purge(1000.0) == 1 and store.purge(1000.0) == 0
    assert r.zrange("igisoro:owner:o1:jobs", 0, -1) == ["x0", "x3", "x5"]
    assert store.list_jobs("o1", None, "x4", 5) is None, "a purged job is no cursor"


def test_redis_pages_do_not_shift_when_jobs_come_and_go(redis_port: int) -> None:
    """A page boundary is a (created, id) point, not a rank: jobs created
    or purged between two pages neither skip nor repeat one."""
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    for i in range(6):
        store.create(Job(**{**_job(f"p{i}", 1, owner="o").__dict__, "created": 100.0 + i}), ["x"], None)
    first = store.list_jobs("o", None, None, 2) or []
    assert [j.id for j in first] == ["p5", "p4"]
    store.create(Job(**{**_job("p9", 1, owner="o").__dict__, "created": 200.0}), ["x"], None)  # newer
    store.finish("p5", "cancelled", 0.0)
    store.purge(1000.0)  # p5 leaves the listing
    rest = store.list_jobs("o", None, "p4", 10) or []
    assert [j.id for j in rest] == ["p3", "p2", "p1", "p0"]


def test_a_state_listing_follows_each_move(store: JobStore) -> None:
    store.create(_job("q", 1, owner="o"), ["x"], None)
    store.create(_job("r", 1, owner="o"), ["x"], None)
    store.start("r", 101.0)

    def ids(state: str) -> list[str]:
        return [j.id for j in store.list_jobs("o", state, None, 10) or []]

    assert (ids("queued"), ids("running"), ids("done")) == (["q"], ["r"], [])
    store.add_results("r", [(0, "{}", False)], 0.1, 102.0)  # its only item: done
    store.finish("q", "cancelled", 103.0)
    assert (ids("queued"), ids("running"), ids("done"), ids("cancelled")) == ([], [], ["r"], ["q"])
    assert ids("failed") == []
    if not isinstance(store, SqliteStore):
        # The listings themselves, not only what the state check lets through.
        r = store.r  # type: ignore[attr-defined]
        held = {state: r.zrange(f"igisoro:owner:o:jobs:{state}", 0, -1)
                for state in ("queued", "running", "done", "failed", "cancelled")}
        assert held == {"queued": [], "running": [], "done": ["r"], "failed": [], "cancelled": ["q"]}


def test_redis_state_listing_reads_only_jobs_in_that_state(redis_port: int) -> None:
    """An owner with thousands of finished jobs and one queued: the page of
    queued jobs reads one job, not every finished one before it (the
    listing used to walk them all, a request as slow as the owner's history
    is long)."""
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    for i in range(3):
        store.create(Job(**{**_job(f"old{i}", 1, owner="o").__dict__, "created": 100.0 + i}), ["x"], None)
    for i in range(2000):
        store.create(Job(**{**_job(f"f{i}", 1, owner="o").__dict__, "created": 200.0 + i}), ["x"], None)
        store.finish(f"f{i}", "cancelled", 300.0)
    r.config_resetstat()
    assert [j.id for j in store.list_jobs("o", "queued", None, 1) or []] == ["old2"]
    assert [j.id for j in store.list_jobs("o", "queued", "f1999", 1) or []] == ["old2"]
    assert [j.id for j in store.list_jobs("o", "queued", "old2", 1) or []] == ["old1"]
    reads = r.info("commandstats").get("cmdstat_hgetall", {}).get("calls", 0)
    assert reads == 3, f"{reads} job reads for three one-job pages"


def test_redis_upgrade_puts_older_jobs_in_the_state_listings(redis_port: int) -> None:
    """Jobs a version before the per-state listings left (in the owner's
    listing only) are put in them by the first listing by state of a store
    of this version, so ``?state=`` lists them; done once per Redis."""
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    store.create(_job("a", 1, owner="o"), ["x"], None)
    store.create(_job("b", 1, owner="o"), ["x"], None)
    store.finish("b", "done", 101.0)
    # As the older version left them: no per-state listings, no marker.
    for state in ("queued", "done"):
        r.delete(f"igisoro:owner:o:jobs:{state}")
    r.delete("igisoro:jobs:state-listings")
    assert r.zrange("igisoro:owner:o:jobs:done", 0, -1) == []
    upgraded = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    assert [j.id for j in upgraded.list_jobs("o", "done", None, 10) or []] == ["b"]
    assert [j.id for j in upgraded.list_jobs("o", "queued", None, 10) or []] == ["a"]
    assert r.get("igisoro:jobs:state-listings") == "1"


def test_redis_a_job_listed_by_state_only_is_a_cursor(redis_port: int) -> None:
    """A job from before the owner listings existed joins a state listing
    when it next moves; as the last job of a page it must work as the
    next page's cursor."""
    import redis

    from igisoro_service.jobs.redis_store import RedisStore

    r = redis.Redis(port=redis_port, db=2, decode_responses=True)
    r.flushdb()
    store = RedisStore(f"redis://127.0.0.1:{redis_port}/2", retention=60)
    for i in range(3):
        store.create(Job(**{**_job(f"j{i}", 1, owner="o").__dict__, "created": 100.0 + i}), ["x"], None)
    r.zrem("igisoro:owner:o:jobs", "j1")
    r.zrem("igisoro:owner:o:jobs:queued", "j1")
    for i in range(3):
        store.finish(f"j{i}", "cancelled", 200.0)
    first = store.list_jobs("o", "cancelled", None, 2) or []
    assert [j.id for j in first] == ["j2", "j1"]
    assert [j.id for j in store.list_jobs("o", "cancelled", "j1", 2) or []] == ["j0"]
