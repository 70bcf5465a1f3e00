"""One owner per analysis answer (issue 40): every answer's envelope is
written by ``igisoro_service.analysis_cache.json_view``, so a searched
answer and a stored one have the same fields in the same order, and a
search's JSON is written once (``Analysis.to_json``, the core's writer)
for the answer and the cache alike."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

import igisoro

from igisoro_testing.positions import ISOLO, START


@pytest.fixture
def to_json_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int | None]]:
    """The ``multipv`` of every ``Analysis.to_json`` call made meanwhile."""
    calls: list[int | None] = []
    real = igisoro.Analysis.to_json

    def counted(self: igisoro.Analysis, multipv: int | None = None) -> dict[str, Any]:
        calls.append(multipv)
        return real(self, multipv)

    monkeypatch.setattr(igisoro.Analysis, "to_json", counted)
    yield calls


def post(client, url: str, **body: Any) -> dict[str, Any]:
    r = client.post(url, json=body)
    assert r.status_code == 200, r.json
    return r.json  # type: ignore[no-any-return]


def test_an_evaluation_writes_its_json_once_and_a_hit_not_at_all(client, to_json_calls):
    miss = post(client, "/v1/evaluate", position=START, depth=3, multipv=2)
    assert miss["cached"] is False
    assert to_json_calls == [2]  # the answer's and the stored entry's JSON are one
    to_json_calls.clear()
    hit = post(client, "/v1/evaluate", position=START, depth=2, multipv=2)
    assert hit["cached"] is True and to_json_calls == []
    # Written by the one view: the same fields in the same order.
    assert list(hit) == list(miss)
    assert {k: v for k, v in hit.items() if k not in ("cached", "limits", "time_ms")} == {
        k: v for k, v in miss.items() if k not in ("cached", "limits", "time_ms")}


def test_a_level_10_move_writes_its_json_once(client, to_json_calls):
    miss = post(client, "/v1/best-move", position=START, level=10, time_ms=50)
    assert miss["cached"] is False and to_json_calls == [1]
    to_json_calls.clear()
    hit = post(client, "/v1/best-move", position=START, level=10, time_ms=50, seed=3)
    assert hit["cached"] is True and to_json_calls == []
    assert list(hit) == list(miss) and hit["limits"] == {**miss["limits"], "seed": 3}


def test_a_stream_writes_each_lines_json_once(client, to_json_calls):
    r = client.post("/v1/evaluate/stream", json={"position": START, "depth": 4})
    lines = [json.loads(x) for x in r.data.splitlines()]
    assert lines[-1]["final"] is True and lines[-1]["cached"] is False
    # The final line's JSON is also the stored entry's: one call per line.
    assert to_json_calls == [1] * len(lines)
    stored = client.get("/v1/cloud-eval", query_string={"position": START}).json
    assert stored["depth"] == lines[-1]["depth"] == 4


def test_every_analysis_answer_has_the_one_envelope(client):
    """Evaluate, best move, cloud-eval, the stream's lines and a batch's
    results: the head (position, side to move), the analysis, then what is
    stated (limits, engine version) and ``cached``, in that order."""
    evaluated = post(client, "/v1/evaluate", position=ISOLO, depth=3)
    keys = list(evaluated)
    assert keys[:2] == ["position", "to_move"] and keys[-3:] == ["limits", "engine_version", "cached"]
    assert list(post(client, "/v1/best-move", position=ISOLO, depth=3)) == keys
    cloud = client.get("/v1/cloud-eval", query_string={"position": ISOLO}).json
    assert list(cloud) == [k for k in keys if k != "limits"]
    streamed = client.post("/v1/evaluate/stream", json={"position": START, "depth": 2}).data.splitlines()
    for line in map(json.loads, streamed):
        assert list(line) == [*keys[:-1], "nodes_per_second", "cached", "final"]
    batch = post(client, "/v1/analysis/batch", positions=[ISOLO, START], depth=3)
    assert [list(r) for r in batch["results"]] == [
        ["index", *(k for k in keys if k not in ("limits", "engine_version"))]] * 2
    assert (batch["limits"], batch["engine_version"]) == (evaluated["limits"], evaluated["engine_version"])
