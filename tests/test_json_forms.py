"""Issue 30: one owner per form. The core writes every analysis, score and
solution as JSON (``rust_core/src/json_out.rs``); the Python objects'
``to_json`` methods go through that writer, and the defaults are defined
once (``igisoro.defaults``)."""

from __future__ import annotations

import dataclasses
import pathlib
import random
import re
from typing import Any

import orjson
import pytest

import igisoro
from igisoro import _igisoro
from igisoro.analysis import Analysis, Line, Score
from igisoro.solution import Solution

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _score(s: Score) -> dict[str, Any]:
    """The documented form of a score, from its typed fields."""
    return {"type": s.type, "value": s.value} if s.type == "seeds" else {"type": s.type, "turns": s.turns}


def documented(a: Analysis, multipv: int | None = None) -> dict[str, Any]:
    """The analysis form the HTTP API documents, from the typed fields (what
    the Python ``to_json`` wrote before the core took it over)."""
    lines = a.lines if multipv is None else a.lines[:multipv]
    return {
        "best_move": a.best_move, "score": _score(a.score), "pv": list(a.pv),
        "lines": [{"move": ln.move, "score": _score(ln.score), "pv": list(ln.pv)} for ln in lines],
        "depth": a.depth, "nodes": a.nodes, "time_ms": a.time_ms, "truncated_turns": a.truncated_turns,
        "stopped_by": a.stopped_by, "partial": a.partial, "win_probability": a.win_probability,
    }


def _positions(n: int, seed: int) -> list[igisoro.Position]:
    """Start positions of every variant and some reached by random play."""
    rng = random.Random(seed)
    out = []
    for v in igisoro.variants():
        p = igisoro.Position.start(v.name)
        out.append(p)
        for _ in range(n):
            q = p.random_move(rng.randrange(2**32))
            if q is None:
                break
            p = q
            out.append(p)
    return out


def test_analysis_to_json_is_the_core_text_and_the_documented_form() -> None:
    for p in _positions(6, 1):
        a = p.analyse(depth=2, multipv=3)
        text = a.to_json_text()
        # The core's text, byte for byte what the service's encoder writes
        # for the dict, and the dict has the documented keys in order.
        assert text == _igisoro.analysis_json(a._fields())
        assert orjson.dumps(a.to_json()).decode() == text
        assert a.to_json() == documented(a)
        assert list(a.to_json()) == list(documented(a))
        for k in (1, 2):
            assert a.to_json(k) == documented(a, k)


def test_a_searched_analysis_keeps_the_cores_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: a search's result carries the JSON the core wrote with it,
    so ``to_json`` does not cross into the core again; fewer lines than it
    holds, or an analysis changed with ``dataclasses.replace``, are written
    anew."""
    p = igisoro.Position.start("igisoro")
    a, built = p.analyse(depth=2, multipv=3), Analysis(None, Score("loss", turns=0), (), (), 0, 0, 0, 0, "game_over", 0.0)
    calls: list[int | None] = []
    write = _igisoro.analysis_json

    def counted(fields: Any, multipv: int | None = None) -> str:
        calls.append(multipv)
        return write(fields, multipv)

    monkeypatch.setattr(_igisoro, "analysis_json", counted)
    assert a.to_json() == a.to_json(3) == documented(a) and calls == []
    assert a.to_json_text() == write(a._fields())
    assert a.to_json(1) == documented(a, 1) and calls == [1]
    changed = dataclasses.replace(a, depth=9)
    assert changed.to_json()["depth"] == 9 and calls == [1, None]
    assert built.to_json() == documented(built) and calls == [1, None, None]


def test_a_game_over_and_a_forced_result() -> None:
    won = "igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s"
    lost = "igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 s"
    for text, score in ((won, {"type": "win", "turns": 1}), (lost, {"type": "loss", "turns": 0})):
        a = igisoro.Position.from_notation(text).analyse(depth=3)
        assert a.to_json() == documented(a) and a.to_json()["score"] == score


def test_an_analysis_built_in_python() -> None:
    a = Analysis(None, Score("loss", turns=0), (), (), 0, 0, 0, 0, "game_over", 0.0)
    assert a.to_json() == documented(a)
    b = Analysis("a1", Score("seeds", value=-2.25), ("a1", "b2"), (Line("a1", Score("win", turns=1), ("a1",)),),
                 3, 10, 1, 0, "deadline", 0.4)
    assert b.to_json() == documented(b) and b.to_json()["partial"] is True


def test_scores() -> None:
    for s in (Score("seeds", value=1.5), Score("seeds", value=-0.07), Score("seeds", value=0.0),
              Score("win", turns=3), Score("loss", turns=0)):
        assert s.to_json() == _score(s)
    # The core counts centiseeds: a finer value is written rounded.
    assert Score("seeds", value=1.234).to_json() == {"type": "seeds", "value": 1.23}


def test_solution_to_json_is_the_core_text() -> None:
    for p in (igisoro.Position.from_notation("isolo 2,2,2,2/2,2,2,2 s"), igisoro.Position.start("igisoro")):
        s = p.solve(nodes=2000)
        expected = {"outcome": s.outcome, "line": list(s.line), "turns": s.turns, "nodes": s.nodes,
                    "time_ms": s.time_ms, "stopped_by": s.stopped_by, "unknown_turns": s.unknown_turns,
                    "proof_positions": s.proof_positions, "partial": s.partial}
        assert s.to_json() == expected and list(s.to_json()) == list(expected)
        assert orjson.dumps(s.to_json()).decode() == s.to_json_text()
    made = Solution("unknown", (), None, 5, 1, "deadline", 2)
    assert made.to_json()["partial"] is True and made.to_json()["proof_positions"] is None


def test_bad_fields_are_refused() -> None:
    a = Analysis(None, Score("seeds", value=0.0), (), (), 0, 0, 0, 0, "bogus", 0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stopped_by"):
        a.to_json()


def test_the_defaults_are_defined_once() -> None:
    """6 / 4 / 400 are written in igisoro.defaults only; the batch pipeline,
    the review and the service's settings read them from there."""
    from igisoro import batch, defaults

    assert (defaults.DEFAULT_SEARCH_DEPTH, defaults.DEFAULT_REVIEW_DEPTH, defaults.MAX_REVIEW_PLIES) == (6, 4, 400)
    assert batch.DEFAULT_DEPTH == {"positions": 6, "games": 4} and batch.MAX_PLIES == 400
    names = ("DEFAULT_SEARCH_DEPTH", "DEFAULT_REVIEW_DEPTH", "MAX_REVIEW_PLIES", "DEFAULT_DEPTH", "MAX_PLIES")
    literal = re.compile(r"\b(" + "|".join(names) + r")\b\s*(?::[^=]*)?=\s*[^=\n]*\b(6|4|400)\b")
    found = []
    for path in [*(ROOT / "python" / "igisoro").rglob("*.py"), *(ROOT / "service" / "igisoro_service").rglob("*.py")]:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if literal.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert [f for f in found if not f.startswith("python/igisoro/defaults.py")] == []
    assert len(found) == 3, found
    # review's own default depth, as a literal, is gone too.
    assert not re.search(r"depth = \d", (ROOT / "python" / "igisoro" / "review.py").read_text())
