"""Issue 30: the service answers with the library's forms and pipeline:
analyses and solutions as the core writes them, and ``/v1/analysis/batch``
through ``igisoro.batch.analyse_items`` (as jobs and ``igisoro analyse``)."""

from __future__ import annotations

from typing import Any

import pytest

import igisoro
from igisoro.batch import Limits, analyse_items
from igisoro_service import config

from igisoro_testing.positions import ISOLO, START

_TIME = ("time_ms",)


def _untimed(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in _TIME}


def test_evaluate_answers_the_core_json(client) -> None:  # type: ignore[no-untyped-def]
    for pos, limits in ((START, {"depth": 3, "multipv": 2}), (ISOLO, {"nodes": 2000})):
        body = client.post("/v1/evaluate", json={"position": pos, **limits}).json
        p = igisoro.Position.from_notation(pos)
        a = p.analyse(depth=limits.get("depth"), nodes=limits.get("nodes"), multipv=limits.get("multipv", 1))
        assert {k: body[k] for k in ("position", "to_move")} == {"position": p.notation(), "to_move": p.to_move}
        assert body["cached"] is False  # a fresh app: its cache is empty
        rest = {k: v for k, v in body.items() if k not in ("position", "to_move", "limits", "engine_version", "cached")}
        assert list(rest) == list(a.to_json())
        assert _untimed(rest) == _untimed(a.to_json())


def test_solve_answers_the_core_json(client) -> None:  # type: ignore[no-untyped-def]
    body = client.post("/v1/solve", json={"position": ISOLO, "nodes": 3000}).json
    s = igisoro.Position.from_notation(ISOLO).solve(nodes=3000)
    rest = {k: v for k, v in body.items() if k not in ("position", "to_move", "limits", "engine_version")}
    assert list(rest) == list(s.to_json())
    assert _untimed(rest) == _untimed(s.to_json())


def test_batch_entries_are_analyse_items_lines(client) -> None:  # type: ignore[no-untyped-def]
    bad_pit = {"pits": [[0] * 8, [4] * 8, [4] * 8, [-1, 0, 0, 0, 0, 0, 0, 0]]}
    items = [START, "junk", 42, ISOLO, {"variant": "igisoro"}, "x" * 2000, None, bad_pit]
    body = client.post("/v1/analysis/batch", json={"positions": items, "depth": 2, "multipv": 2}).json
    lines = analyse_items("positions", items, Limits(depth=2, multipv=2),
                          max_notation_length=config.Config.MAX_NOTATION_LENGTH, item_field="positions[{index}]")
    assert body["limits"] == lines[0]["limits"] and body["engine_version"] == lines[0]["engine_version"]
    stated = ("limits", "engine_version") + _TIME
    # A fresh app's cache is empty: every position searched, and kept.
    assert [r.pop("cached", None) for r in body["results"]] == [False, None, None, False, None, None, None, None]
    assert [_untimed(r) for r in body["results"]] == [{k: v for k, v in ln.items() if k not in stated}
                                                      for ln in lines]
    assert ["error" in r for r in body["results"]] == [False, True, True, False, True, True, True, True]
    assert body["results"][5]["error"]["detail"] == "Longer than the limit of 1000 characters."
    assert list(body["results"][7]["error"]["errors"]) == ["positions[7].pits[3][0]"]


def test_the_service_defaults_are_the_library_s(app) -> None:  # type: ignore[no-untyped-def]
    from igisoro import defaults

    for key in ("DEFAULT_SEARCH_DEPTH", "DEFAULT_REVIEW_DEPTH", "MAX_REVIEW_PLIES"):
        assert app.config[key] == getattr(defaults, key)


def test_problem_documents_are_the_library_s(app) -> None:  # type: ignore[no-untyped-def]
    """One builder of the RFC 9457 document (igisoro.problems): the service's
    refusals are the library's documents, as a job's error lines are."""
    from igisoro.problems import problem, problem_document
    from igisoro_service.problems import Problem, engine_problem, problem_body

    assert problem_body is problem_document
    bad = {"pits": [[0] * 8, [4] * 8, [4] * 8, [-1, 0, 0, 0, 0, 0, 0, 0]]}
    with pytest.raises(igisoro.IgisoroError) as refused:
        igisoro.Position.from_json(bad)
    doc = problem(refused.value, "position")
    assert engine_problem("position", refused.value).to_json() == doc
    assert list(doc["errors"]) == ["position.pits[3][0]"]
    r = app.test_client().post("/v1/evaluate", json={"position": bad})
    assert r.status_code == 422 and r.json == doc
    assert Problem(404, None, "Not Found", "x").to_json() == problem_document(404, "about:blank", "Not Found", "x")
