"""``/v1/games/review``: per-ply evaluation, best alternative and labels."""

from __future__ import annotations

import pytest

import igisoro
from igisoro_service import create_app
from igisoro_service.api.games import THRESHOLDS, label

from igisoro_testing.positions import START
from .test_search_endpoints import WIN_1


def _game(plies: int, seed: int) -> list[str]:
    """Moves of a seeded random game from the igisoro start."""
    p = igisoro.Position.from_notation(START)
    moves = []
    for i in range(plies):
        nxt = p.random_move(seed + i)
        if nxt is None:
            break
        moves.append(next(m.notation for m in p.legal_moves() if m.result == nxt))
        p = nxt
    return moves


def test_review_of_a_game(client):
    moves = _game(10, 3)
    r = client.post("/v1/games/review", json={"position": START, "moves": moves, "depth": 3})
    assert r.status_code == 200, r.json
    body = r.json
    assert [e["ply"] for e in body["plies"]] == list(range(1, len(moves) + 1))
    assert body["illegal"] is None and body["partial"] is False
    p = igisoro.Position.from_notation(START)
    for e, mv in zip(body["plies"], moves):
        assert e["side"] == p.to_move and e["move"] == mv
        # The evaluation and best move are those of a depth-3 search there.
        a = p.analyse(depth=3)
        assert e["evaluation"] == a.score.to_json() and e["best_move"] == a.best_move
        played = p.play(mv)
        assert e["position_after"] == played.position.notation() and e["captured"] == played.captured
        assert e["win_probability"] == a.win_probability
        # The mover's chance after the best move: the best line's value, seen
        # from the opponent to move there.
        after_best = p.play(a.best_move).position
        best_chance = 1 - after_best.win_probability(igisoro.Score("seeds", -a.score.value))
        assert e["best_win_probability"] == pytest.approx(best_chance, abs=1e-4)
        if e["canonical"] == a.best_move:
            assert e["loss"] == 0 and e["label"] is None and e["win_probability_drop"] == 0
        else:
            # The played move: a depth-2 search after it, from the mover's view.
            reply = played.position.analyse(depth=2)
            assert reply.score.type == "seeds"
            assert e["played_score"] == {"type": "seeds", "value": -reply.score.value}
            assert e["loss"] == pytest.approx(max(0.0, a.score.value - (-reply.score.value)), abs=0.01)
            played_chance = 1 - reply.win_probability
            assert e["played_win_probability"] == pytest.approx(played_chance, abs=1e-4)
            drop = max(0.0, best_chance - played_chance)
            assert e["win_probability_drop"] == pytest.approx(drop, abs=1e-4)
            assert e["label"] == label(a.score, igisoro.Score("seeds", -reply.score.value), drop)[1]
        p = played.position
    assert body["final"] == {"position": p.notation(), "status": p.status().to_json()}
    summary = {name: sum(e["label"] == name for e in body["plies"]) for name, _ in THRESHOLDS}
    assert body["summary"] == summary


def test_throwing_away_a_forced_win_is_a_blunder(client):
    p = igisoro.Position.from_notation(WIN_1)
    best = p.analyse(depth=2).best_move
    other = next(m.notation for m in p.legal_moves() if m.notation != best and not m.result.status().state == "won")
    r = client.post("/v1/games/review", json={"position": WIN_1, "moves": [other], "depth": 2})
    e = r.json["plies"][0]
    assert e["evaluation"] == {"type": "win", "turns": 1} and e["best_move"] == best
    assert e["label"] == "blunder" and r.json["summary"]["blunder"] == 1


def test_labels_follow_the_drop_not_the_seeds():
    """A big seed loss in a settled game is no label; a small one in a level
    game that moves the win probability is."""
    settled = label(igisoro.Score("seeds", value=40.0), igisoro.Score("seeds", value=28.0), 0.003)
    level = label(igisoro.Score("seeds", value=0.3), igisoro.Score("seeds", value=-1.2), 0.11)
    assert settled == (12.0, None) and level == (1.5, "mistake")
    assert [label(igisoro.Score("seeds", value=0.0), igisoro.Score("seeds", value=0.0), d)[1]
            for d in (0.0499, 0.05, 0.1, 0.15)] == [None, "inaccuracy", "mistake", "blunder"]


def test_illegal_move_is_reported_at_its_ply(client):
    moves = _game(3, 5) + ["a1", "b2"]
    r = client.post("/v1/games/review", json={"position": START, "moves": moves, "depth": 2})
    assert r.status_code == 200
    assert len(r.json["plies"]) == 3
    ill = r.json["illegal"]
    assert ill["ply"] == 4 and ill["move"] == "a1"
    assert ill["error"]["type"] == "urn:igisoro:problem:illegal-move" and "a1" in ill["error"]["detail"]
    p = igisoro.Position.from_notation(START)
    for mv in moves[:3]:
        p = p.play(mv).position
    assert r.json["final"]["position"] == p.notation()


def test_empty_game(client):
    r = client.post("/v1/games/review", json={"position": START, "moves": []})
    assert r.status_code == 200 and r.json["plies"] == [] and r.json["final"]["position"] == START
    assert r.json["limits"]["depth"] == 4


def test_deadline_leaves_plies_unsearched():
    app = create_app({"TESTING": True, "ENGINE_TIMEOUT": 0.5})
    moves = _game(40, 9)
    r = app.test_client().post("/v1/games/review", json={"position": START, "moves": moves, "depth": 12})
    assert r.status_code == 200, r.json
    assert r.json["partial"] is True
    assert r.json["plies"][-1]["evaluation"] is None and len(r.json["plies"]) == len(moves)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"position": START}, "moves"),
        ({"position": START, "moves": "e2"}, "moves"),
        ({"position": START, "moves": ["e2"] * 401}, "moves"),
        ({"position": START, "moves": [5]}, "moves"),
        ({"position": START, "moves": [], "multipv": 2}, "multipv"),
        ({"position": START, "moves": [], "depth": 0}, "depth"),
    ],
)
def test_bad_reviews_are_422(client, body, field):
    r = client.post("/v1/games/review", json=body)
    assert r.status_code == 422 and field in r.json["errors"], r.json


@pytest.mark.parametrize(
    ("best", "played", "drop", "expected"),
    [
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", 2.0), 0.0, (0.0, None)),
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", 3.0), 0.0, (0.0, None)),  # a deeper look found more
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", 1.2), 0.04, (0.8, None)),
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", 1.0), 0.05, (1.0, "inaccuracy")),
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", -1.0), 0.12, (3.0, "mistake")),
        (igisoro.Score("seeds", 2.0), igisoro.Score("seeds", -4.0), 0.2, (6.0, "blunder")),
        (igisoro.Score("seeds", 30.0), igisoro.Score("seeds", 20.0), 0.002, (10.0, None)),  # a settled game
        (igisoro.Score("win", turns=1), igisoro.Score("win", turns=3), 0.0, (2.0, None)),  # slower, still a win
        (igisoro.Score("win", turns=2), igisoro.Score("seeds", 30.0), 0.001, (968.0, "blunder")),  # no longer proven
        (igisoro.Score("seeds", -1.0), igisoro.Score("loss", turns=2), 0.45, (997.0, "blunder")),
        (igisoro.Score("seeds", -30.0), igisoro.Score("loss", turns=2), 0.001, (968.0, "blunder")),  # into a proof
        (igisoro.Score("loss", turns=5), igisoro.Score("loss", turns=2), 0.0, (3.0, None)),  # lost either way
    ],
)
def test_labels(best, played, drop, expected):
    loss, name = label(best, played, drop)
    assert (round(loss, 6), name) == expected


def test_the_review_is_the_core_review_of_the_saved_games(client):
    """``/v1/games/review`` answers what the Python review answered before
    the review moved into the core (``tests/data/review_games.json``, see
    ``tests/test_review_core.py``), plus the limits and engine version."""
    import json
    from pathlib import Path

    cases = json.loads((Path(__file__).parents[1] / "data" / "review_games.json").read_text())
    for case in cases[:2] + cases[6:8]:
        r = client.post("/v1/games/review", json={"position": case["start"], "moves": case["moves"],
                                                  "depth": case["depth"]})
        assert r.status_code == 200, r.json
        body = r.json
        assert body.pop("limits")["depth"] == case["depth"] and body.pop("engine_version") == igisoro.__version__
        assert body.pop("cached_plies") == 0  # each game once: none of its plies reviewed before
        assert body == case["review"]
