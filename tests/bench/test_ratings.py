"""The round robin's rating fit (``bench/ratings.py``, issue 41 target 6): a
case worked by hand, strengths recovered from synthetic games, and bad input
refused with its reason."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ratings() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ratings", ROOT / "bench" / "ratings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: its dataclasses look their module up by name.
    sys.modules["ratings"] = module
    spec.loader.exec_module(module)
    return module


R = _ratings()


def _games(*rows: tuple[str, str, float, int]) -> list:
    """``count`` games of ``white`` against ``black`` with score ``score`` each."""
    return [R.Game(w, b, s) for w, b, s, count in rows for _ in range(count)]


def test_two_players_by_hand() -> None:
    """A scores 3 of 4 against B, no colour term, no prior: the maximum
    likelihood difference is 400 log10(3) Elo, and its standard error is
    400 / ln 10 / sqrt(4 * 3/4 * 1/4) (the inverse of the information)."""
    games = _games(("A", "B", 1.0, 2), ("B", "A", 0.0, 1), ("B", "A", 1.0, 1))
    f = R.fit(games, anchor="B", prior=0, colour=False)
    assert f.ratings["B"] == 0.0 and f.errors["B"] == 0.0
    assert f.ratings["A"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert f.errors["A"] == pytest.approx(400 / math.log(10) / math.sqrt(0.75), abs=1e-6)
    assert f.points == {"A": 3.0, "B": 1.0}


def test_colour_advantage_by_hand() -> None:
    """A scores 3/4 as first mover and B 1/2 as first mover: d + a = 400
    log10 3 and -d + a = 0, so the difference and the advantage are each
    half of 400 log10 3."""
    games = _games(
        ("A", "B", 1.0, 3),
        ("A", "B", 0.0, 1),
        ("B", "A", 1.0, 1),
        ("B", "A", 0.0, 1),
        ("B", "A", 0.5, 2),
    )
    f = R.fit(games, anchor="B", prior=0)
    half = 200 * math.log10(3)
    assert f.ratings["A"] == pytest.approx(half, abs=1e-6)
    assert f.advantage == pytest.approx(half, abs=1e-6)


def test_synthetic_round_robin_recovers_the_strengths() -> None:
    """Six players of known Elo and a 60 Elo first-move advantage, 150 games
    per ordered pair drawn from the model: each fitted rating is within its
    95% interval of the truth (seeded, so the draw is fixed), and the errors
    are of the size the game count gives."""
    truth = {"P0": 0, "P1": 80, "P2": 150, "P3": 260, "P4": 400, "P5": 520}
    adv = 60
    rng = random.Random(41)
    games = []
    for w, rw in truth.items():
        for b, rb in truth.items():
            if w == b:
                continue
            p = 1 / (1 + 10 ** (-(rw - rb + adv) / 400))
            for _ in range(150):
                u = rng.random()
                # Draws too, taken half from wins and half from losses so
                # that the expected score stays p.
                d = 0.2 * min(p, 1 - p)
                score = 1.0 if u < p - d / 2 else 0.5 if u < p + d / 2 else 0.0
                games.append(R.Game(w, b, score))
    f = R.fit(games, anchor="P0", prior=0)
    for name, elo in truth.items():
        lo, hi = f.interval(name)
        assert lo <= elo <= hi, (name, elo, f.ratings[name], (lo, hi))
    assert abs(f.advantage - adv) <= 1.96 * f.advantage_error
    # 1,500 games per player: each rating known to about 400 / ln 10 /
    # sqrt(1500 / 4), 9 Elo, so a difference to the anchor to some 13.
    assert all(8 < f.errors[n] < 30 for n in truth if n != "P0"), f.errors
    # The order is recovered.
    assert sorted(truth, key=lambda n: f.ratings[n]) == list(truth)


def test_the_prior_keeps_a_perfect_score_finite() -> None:
    games = _games(("A", "B", 1.0, 5), ("B", "A", 0.0, 5), ("B", "C", 0.5, 4), ("C", "B", 0.5, 4))
    with pytest.raises(R.RatingError, match="won or lost every game"):
        R.fit(games, prior=0)
    f = R.fit(games, anchor="B", prior=1)
    assert 100 < f.ratings["A"] < 1000
    assert f.ratings["C"] == pytest.approx(0, abs=1e-6)


def test_bad_input_is_refused_with_its_line() -> None:
    with pytest.raises(R.RatingError, match="line 2: result '2-0'"):
        R.read_games(['{"white": "A", "black": "B", "result": "1-0"}', '{"white": "A", "black": "B", "result": "2-0"}'])
    with pytest.raises(R.RatingError, match="line 1: not JSON"):
        R.read_games(["{white"])
    with pytest.raises(R.RatingError, match="line 1: white and black"):
        R.read_games(['{"white": "A", "result": 1}'])
    with pytest.raises(R.RatingError, match="cannot play itself"):
        R.read_games(['{"white": "A", "black": "A", "result": 1}'])
    with pytest.raises(R.RatingError, match="at least two players"):
        R.fit([])
    with pytest.raises(R.RatingError, match="anchor 'Z'"):
        R.fit(_games(("A", "B", 1.0, 1), ("B", "A", 1.0, 1)), anchor="Z")
    with pytest.raises(R.RatingError, match="connect"):
        R.fit(_games(("A", "B", 1.0, 1), ("B", "A", 1.0, 1), ("C", "D", 1.0, 1), ("D", "C", 1.0, 1)))


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    rows = [{"white": "L10", "black": "L1", "result": "1-0"}] * 3 + [{"white": "L1", "black": "L10", "result": "1/2-1/2"}]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert R.main([str(path), "--anchor", "L1", "--no-colour"]) == 0
    out = capsys.readouterr().out
    assert "| L10 | 4 | 87.5% |" in out and "| L1 | 4 | 12.5% | +0 | anchor |" in out
    assert R.main([str(tmp_path / "missing.jsonl")]) == 2
    assert "ratings:" in capsys.readouterr().err


def test_levels_file_is_what_the_package_reads(tmp_path: Path) -> None:
    """``--levels-out`` writes the file ``igisoro.level_ratings()`` ships:
    rounded ratings inside their intervals, the games per pairing counted
    from the games, and how they were played."""
    path = tmp_path / "games.jsonl"
    rows = ([{"white": "L2", "black": "L1", "result": "1-0"}] * 3 + [{"white": "L1", "black": "L2", "result": "0-1"}] * 3
            + [{"white": "L1", "black": "bot", "result": "1/2-1/2"}] * 2)
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    out = tmp_path / "level_ratings.json"
    argv = [str(path), "--anchor", "L1", "--levels-out", str(out), "--rules", "bot", "--ms", "7",
            "--openings", "book.txt", "--command", "made", "--measured", "2026-01-02"]
    assert R.main(argv) == 0
    shipped = json.loads(out.read_text())
    assert {k: shipped[k] for k in ("rules", "time_ms", "openings", "games_per_pairing", "anchor", "commands",
                                    "measured")} == {"rules": "bot", "time_ms": 7, "openings": "book.txt",
                                                     "games_per_pairing": 6, "anchor": "L1", "commands": ["made"],
                                                     "measured": "2026-01-02"}
    assert list(shipped["players"]) == ["L1", "L2", "bot"]
    assert shipped["players"]["L1"] == {"elo": 0, "low": 0, "high": 0, "games": 8, "score": 0.125}
    l2 = shipped["players"]["L2"]
    assert l2["low"] < l2["elo"] < l2["high"] and l2["elo"] > 100 and l2["games"] == 6 and l2["score"] == 1.0
