"""Over HTTP too, ``/v1/best-move`` and ``/v1/evaluate`` always name a move
while the game is not over, at the smallest budgets (issue 17, defect 4)."""

from __future__ import annotations

from flask.testing import FlaskClient

from igisoro_testing.positions import VARIANTS, reached


def test_smallest_budgets_over_http_name_a_legal_move(client: FlaskClient) -> None:
    for variant in VARIANTS:
        for seed in range(5):
            p = reached(variant, seed)
            ongoing = p.status().state == "ongoing"
            for path, body in (("/v1/best-move", {"level": 10, "time_ms": 1}), ("/v1/evaluate", {"nodes": 1})):
                r = client.post(path, json={"position": p.notation(), **body})
                assert r.status_code == 200, r.get_json()
                move = r.get_json()["best_move"]
                assert (move is not None) == ongoing, (path, p.notation(), r.get_json())
                if move is not None:
                    assert p.is_legal(move)
