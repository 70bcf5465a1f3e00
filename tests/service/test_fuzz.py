"""Arbitrary JSON in every body field never reaches the catch-all 500 handler."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igisoro_service import create_app

from igisoro_testing.positions import START

APP = create_app({"TESTING": True})

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=9) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=40,
)
# Position-shaped objects with arbitrary values, so the engine's own checks run.
positions = st.fixed_dictionaries(
    {"pits": st.lists(st.lists(st.integers(-5, 70) | json_values, max_size=9), max_size=5)},
    optional={
        "variant": st.sampled_from(["igisoro", "igisoro-fr", "ikibuguzo-1", "isolo", "nope"]) | json_values,
        "rules": st.dictionaries(st.sampled_from(["min_seeds", "capture", "reverse_pits", "opening", "holes", "x"]),
                                 st.integers(0, 10) | json_values, max_size=3),
        "to_move": st.sampled_from(["south", "north"]) | json_values,
        "opening_plies": st.integers() | json_values,
        "winner": st.sampled_from(["south", "north", None]) | json_values,
        "phase": st.sampled_from(["fore_play", "kucheleka", "main"]) | json_values,
    },
)
# Isolo-shaped positions: 2 rows of 3..9 small counts, so many are valid.
isolo_positions = st.fixed_dictionaries(
    {"variant": st.just("isolo"),
     "pits": st.integers(3, 9).flatmap(lambda n: st.lists(st.lists(st.integers(0, 6), min_size=n, max_size=n),
                                                        min_size=2, max_size=2))},
    optional={"to_move": st.sampled_from(["south", "north"]),
              "phase": st.sampled_from(["fore_play", "kucheleka", "main"]),
              "rules": st.fixed_dictionaries({"holes": st.integers(3, 9)})},
)
moves = (st.text(alphabet="abcdefgh1234xprnwc-", max_size=20) | st.lists(st.text(max_size=4), max_size=6)
         | st.lists(st.integers(0, 9), min_size=1, max_size=9).map(lambda c: "k" + ".".join(map(str, c)))
         | json_values)


@pytest.mark.parametrize("path", ["/v1/legal-moves", "/v1/moves/check", "/v1/positions/validate",
                                  "/v1/positions/render"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=positions | isolo_positions | json_values, move=moves, limit=st.none() | st.integers(-3, 3) | json_values)
def test_no_server_errors(path, position, move, limit):
    from flask import got_request_exception

    seen: list[BaseException] = []

    def record(sender: object, exception: BaseException, **extra: object) -> None:
        seen.append(exception)

    body = {"position": position}
    if path == "/v1/legal-moves":
        # Either mode: with partial (step-wise) or with a limit (complete moves).
        body.update({"partial": move} if limit is None else {"limit": limit})
    elif path != "/v1/positions/validate":
        body["move"] = move
    with got_request_exception.connected_to(record, APP):
        r = APP.test_client().post(path, json=body)
    assert r.status_code in (200, 422), r.get_data(as_text=True)
    assert seen == []


@given(position=st.text(max_size=200), move=st.text(max_size=30))
@settings(max_examples=60, deadline=None)
def test_render_query_never_500(position, move):
    r = APP.test_client().get("/v1/positions/render", query_string={"position": position, "move": move})
    assert r.status_code in (200, 422)


def test_start_positions_all_variants():
    client = APP.test_client()
    for v in client.get("/v1/variants").json["variants"]:
        notation = v["start"]["notation"]
        listed = client.post("/v1/legal-moves", json={"position": notation}).json
        moves = listed["moves"]
        if "arrangement" in listed:
            # Omweso's set-up: the rule, not a list; any example is legal.
            assert moves == [] and listed["truncated"], v["name"]
            r = client.post("/v1/moves/check", json={"position": notation,
                                                     "move": listed["arrangement"]["examples"][0]})
            assert r.status_code == 200
            continue
        assert moves, v["name"]
        r = client.post("/v1/moves/check", json={"position": notation, "move": moves[0]["move"]})
        assert r.status_code == 200 and r.json["result"] == moves[0]["result"]
        assert client.get("/v1/positions/render", query_string={"position": notation}).status_code == 200
    assert client.post("/v1/positions/validate", json={"position": START}).status_code == 200


@st.composite
def kucheleka(draw: st.DrawFn) -> tuple[str, str]:
    """A kucheleka position (either side arranging) and a valid arrangement."""
    n = draw(st.integers(4, 8))
    row = draw(st.lists(st.integers(0, 15), min_size=n, max_size=n).filter(any))
    total = sum(row)
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    arrangement = [b - a for a, b in zip([0, *cuts], [*cuts, total])]
    empty = ",".join(["0"] * n)
    side = draw(st.sampled_from("sn"))
    rows = f"{empty}/{','.join(map(str, row))}" if side == "s" else f"{','.join(map(str, row))}/{empty}"
    return f"isolo {rows} {side} phase=kucheleka", "k" + ".".join(map(str, arrangement))


@given(case=kucheleka())
@settings(max_examples=40, deadline=None)
def test_any_kucheleka_arrangement_plays(case):
    position, move = case
    client = APP.test_client()
    r = client.post("/v1/moves/check", json={"position": position, "move": move})
    assert r.status_code == 200, r.get_json()
    assert r.json["canonical"] == move
    assert r.json["result"]["position"]["phase"] == "main"
    assert client.post("/v1/positions/render", json={"position": position, "move": move}).status_code == 200
