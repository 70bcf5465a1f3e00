"""Property tests on random reachable positions, and fuzz-ish tests of the
parsers, with hypothesis.

Positions come from a random walk: a variant, a seed and a ply count; each ply
plays ``Position.random_move(seed + ply)`` from the variant's start. The
settings profile keeps the file well under ~40 s on a shared 2-core machine.
"""

from __future__ import annotations

import json
import string

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import igisoro
from igisoro import (
    IgisoroError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    Move,
    Position,
)

# The hypothesis profile (derandomized, no example database) is loaded in
# tests/conftest.py, for every file of the suite.

#: The 4x8 family (these properties use its board shape and 64-seed total;
#: Isolo has its own in rust_core/tests/isolo_properties.rs).
VARIANTS = [v.name for v in igisoro.variants() if v.board == "4x8"]
SEEDS = 64
#: Some reachable positions have turns with thousands of distinct outcomes
#: (long pass/retreat chains), and enumerating them takes minutes (reported
#: to the lead). Properties that need the full move list skip positions with
#: more moves than this; `legal_moves(limit=...)` stays fast on them.
MAX_MOVES = 120


def all_moves(p: Position) -> igisoro.MoveList:
    """The full legal move list, or skip the example if it is huge."""
    moves = p.legal_moves(limit=MAX_MOVES)
    assume(not moves.truncated)
    return moves


@st.composite
def positions(draw: st.DrawFn, max_plies: int = 60) -> Position:
    variant = draw(st.sampled_from(VARIANTS))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    plies = draw(st.integers(min_value=0, max_value=max_plies))
    p = Position.start(variant)
    for ply in range(plies):
        q = p.random_move(seed + ply)
        if q is None:
            break
        p = q
    return p


# -- invariants of positions ---------------------------------------------------


@given(positions())
def test_seeds_are_conserved_and_counts_in_range(p: Position) -> None:
    pits = p.pits
    assert len(pits) == 4 and all(len(row) == 8 for row in pits)
    assert all(isinstance(v, int) and 0 <= v <= SEEDS for row in pits for v in row)
    assert sum(map(sum, pits)) == SEEDS
    for m in all_moves(p):
        r = m.result.pits
        assert sum(map(sum, r)) == SEEDS
        assert all(0 <= v <= SEEDS for row in r for v in row)
        assert m.captured >= 0 and m.laps >= 1


@given(positions())
def test_notation_and_json_round_trip(p: Position) -> None:
    text = p.notation()
    q = Position.from_notation(text)
    assert q == p and hash(q) == hash(p)
    assert q.notation() == text
    assert Position.from_json(p.to_json()) == p
    assert Position.from_json(json.dumps(p.to_json())) == p
    assert Position.from_json(json.loads(json.dumps(p.to_json()))).to_json() == p.to_json()


@given(positions())
def test_repr_evaluates_back(p: Position) -> None:
    assert eval(repr(p), {"Position": igisoro.Position}) == p
    for m in p.legal_moves(limit=3):
        assert eval(repr(m.move), {"Move": igisoro.Move}) == m.move


# -- legal moves ---------------------------------------------------------------


@given(positions())
def test_every_enumerated_move_plays_legally(p: Position) -> None:
    moves = all_moves(p)
    results = [m.result for m in moves]
    assert len(set(results)) == len(results), "one move per distinct result"
    for m in moves:
        played = p.play(m.move)
        assert played.position == m.result
        assert played.captured == m.captured
        assert p.is_legal(m.move)
        assert p.canonical(m.move) == m.move
        assert Move.from_notation(m.notation) == m.move
        assert m.result.to_move != p.to_move
    status = p.status()
    if moves:
        # A game proven unable to end still has its moves (play may go on).
        assert status.state in ("ongoing", "endless")
    else:
        assert status.state == "won"
        assert status.winner is not None


@given(positions(), st.integers(min_value=1, max_value=5))
def test_limit_truncates_honestly(p: Position, limit: int) -> None:
    full = all_moves(p)
    cut = p.legal_moves(limit=limit)
    assert len(cut) == min(limit, len(full))
    assert cut.truncated == (len(full) > limit)
    assert [m.move for m in cut] == [m.move for m in full][: len(cut)]


@given(positions(), st.data())
def test_stepwise_choices_end_in_a_legal_result(p: Position, data: st.DataObject) -> None:
    results = {m.result for m in all_moves(p)}
    partial: list[str] = []
    d = p.next_decision(partial)
    if not results:
        # A decided game and a side with no legal move look alike: a
        # decision with no options.
        assert not d.complete and d.options == ()
        return
    while not d.complete:
        assert d.options, f"a listed option led to a dead end after {partial}"
        assert d.role in ("mover", "opponent")
        expected_actor = p.to_move if d.role == "mover" else ("north" if p.to_move == "south" else "south")
        assert d.actor == expected_actor
        partial.append(data.draw(st.sampled_from(d.options)))
        d = p.next_decision(partial)
    assert d.result in results
    assert p.play(partial).position == d.result


@given(positions())
def test_canonical_lists_are_accepted_step_by_step(p: Position) -> None:
    for m in all_moves(p):
        decisions = m.move.decisions
        for k, token in enumerate(decisions):
            d = p.next_decision(list(decisions[:k]))
            assert not d.complete, f"{m.notation}: complete before decision {k}"
            assert token in d.options, f"{m.notation}: {token} not in {d.options}"
        d = p.next_decision(list(decisions))
        assert d.complete and d.result == m.result and d.captured == m.captured


# -- fuzz-ish: parsers only ever raise the engine's own errors -------------------

NOTATION_ALPHABET = string.ascii_lowercase + string.digits + " ,/=-_" + "\t\n\x00é"


def mutate(text: str, data: st.DataObject) -> str:
    """Insert, delete or replace a few characters of a valid text."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        i = data.draw(st.integers(0, max(len(chars) - 1, 0)))
        c = data.draw(st.sampled_from(NOTATION_ALPHABET))
        if op == "insert":
            chars.insert(i, c)
        elif op == "delete" and chars:
            del chars[i]
        elif chars:
            chars[i] = c
    return "".join(chars)


def raises_only_engine_errors(fn, arg, *allowed: type[Exception]):  # type: ignore[no-untyped-def]
    allowed = allowed or (IgisoroError,)
    try:
        return fn(arg)
    except allowed as e:
        assert isinstance(e, IgisoroError) and isinstance(e, ValueError)
        assert str(e)
        return None


@given(st.text(max_size=200))
def test_junk_position_notation(text: str) -> None:
    raises_only_engine_errors(Position.from_notation, text, InvalidNotationError, InvalidPositionError)


@given(positions(max_plies=20), st.data())
def test_mutated_position_notation(p: Position, data: st.DataObject) -> None:
    text = mutate(p.notation(), data)
    q = raises_only_engine_errors(Position.from_notation, text, InvalidNotationError, InvalidPositionError)
    if q is not None:
        assert Position.from_notation(q.notation()) == q


@given(st.text(max_size=60) | st.text(alphabet="abcdefgh12345-xprnccw", max_size=20))
def test_junk_move_notation(text: str) -> None:
    m = raises_only_engine_errors(Move.from_notation, text, InvalidNotationError)
    if m is not None:
        assert Move.from_notation(m.notation) == m


@given(positions(max_plies=20), st.text(max_size=40) | st.text(alphabet="abcdefgh12345-xprnccw", max_size=16))
def test_junk_moves_to_play_and_next_decision(p: Position, text: str) -> None:
    played = raises_only_engine_errors(p.play, text, InvalidNotationError, IllegalMoveError)
    if played is not None:
        assert played.position in {m.result for m in all_moves(p)}
    raises_only_engine_errors(p.next_decision, text, InvalidNotationError, IllegalMoveError)
    raises_only_engine_errors(p.is_legal, text, ())  # never raises at all


def test_play_errors_name_the_move_and_position() -> None:
    p = Position.start("igisoro")
    with pytest.raises(IllegalMoveError) as e:
        p.play("a1")  # empty pit: not a start
    assert "a1" in str(e.value) and p.notation() in str(e.value)
    with pytest.raises(IllegalMoveError, match="incomplete|complete"):
        p.play("e2-x")
    with pytest.raises(InvalidNotationError, match="zz"):
        p.play("zz")
    with pytest.raises(InvalidNotationError):
        p.play("")


# -- from_json: wrong shapes, huge numbers, wrong types ---------------------------

START = Position.start("igisoro").to_json()


def with_(**changes: object) -> dict[str, object]:
    d = dict(START)
    d.update(changes)
    return d


BAD_JSON = [
    # (input, a piece of the message naming the offending input)
    (with_(pits=START["pits"][:3]), "3 rows"),
    (with_(pits=[row[:7] for row in START["pits"]]), "7 pits"),
    (with_(pits=[[10**30] + [0] * 7] + START["pits"][1:]), "pits[0][0]"),
    (with_(pits=[[-1] + [0] * 7] + START["pits"][1:]), "-1"),
    (with_(pits=[[65] + [0] * 7] + START["pits"][1:]), "65"),
    (with_(pits=[["4"] * 8] + START["pits"][1:]), "pits[0][0]"),
    (with_(pits=[[4.0] * 8] + START["pits"][1:]), "pits[0][0]"),
    (with_(pits=[[True] * 8] + START["pits"][1:]), "pits[0][0]"),
    (with_(pits=[[[1]] * 8] + START["pits"][1:]), "pits[0][0]"),
    (with_(pits=None), "pits"),
    (with_(pits="4,4"), "pits"),
    (with_(pits=[1, 2, 3, 4]), "pits"),
    (with_(pits=[[1] * 8, [1] * 8, [0] * 8, [0] * 8]), "16"),
    ({"variant": "igisoro"}, "pits"),
    (with_(variant=5), "variant"),
    (with_(variant="no-such-game"), "no-such-game"),
    (with_(to_move="east"), "east"),
    (with_(to_move=0), "to_move"),
    (with_(opening_plies=10**20), "opening_plies"),
    (with_(opening_plies=99), "opening_plies"),
    (with_(opening_plies=-1), "opening_plies"),
    (with_(opening_plies="4"), "opening_plies"),
    (with_(winner=1), "winner"),
    (with_(winner="east"), "winner"),
    (with_(rules={"capture": "maybe"}), "maybe"),
    (with_(rules={"min_seeds": 10**30}), "min_seeds"),
    (with_(rules={"min_seeds": 0}), "min_seeds"),
    (with_(rules={"min_seeds": True}), "min_seeds"),
    (with_(rules={"retreat": "yes"}), "retreat"),
    (with_(rules={"reverse_pits": ["a3"]}), "reverse_pits"),
    (with_(rules={"reverse_pits": "a1"}), "reverse_pits"),
    (with_(rules={"bogus": 1}), "bogus"),
    (with_(rules="capture"), "rules"),
    (with_(extra=1), "extra"),
    ([1, 2], "[1, 2]"),
    ("not json", "not JSON"),
    ("[]", "[]"),
    (42, "42"),
    (None, "None"),
]


@pytest.mark.parametrize(("data", "named"), BAD_JSON, ids=[str(i) for i in range(len(BAD_JSON))])
def test_from_json_rejects_with_the_input_named(data: object, named: str) -> None:
    with pytest.raises(InvalidPositionError) as e:
        Position.from_json(data)  # type: ignore[arg-type]
    assert named in str(e.value), str(e.value)


@pytest.mark.parametrize("rules", [[], 0, False, ""])
def test_from_json_rejects_falsy_non_object_rules(rules: object) -> None:
    with pytest.raises(InvalidPositionError, match="rules"):
        Position.from_json(with_(rules=rules))


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=9) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=40,
)
KEYS = st.sampled_from(["variant", "rules", "pits", "to_move", "opening_plies", "winner", "junk"])


@given(st.dictionaries(KEYS, JSONISH, max_size=6) | JSONISH)
def test_from_json_junk_raises_invalid_position(data: object) -> None:
    try:
        p = Position.from_json(data)  # type: ignore[arg-type]
    except InvalidPositionError as e:
        assert str(e)
    else:  # pragma: no cover - junk is almost never a position
        assert Position.from_json(p.to_json()) == p


@given(positions(max_plies=20), st.data())
def test_from_json_mutated_pits(p: Position, data: st.DataObject) -> None:
    d = p.to_json()
    k = data.draw(st.integers(0, 3))
    c = data.draw(st.integers(0, 7))
    v = data.draw(st.integers(-(2**70), 2**70) | st.sampled_from([None, "1", 1.5, [], {}]))
    d["pits"][k][c] = v
    try:
        q = Position.from_json(d)
    except InvalidPositionError as e:
        assert f"pits[{k}][{c}]" in str(e) or "seeds" in str(e) or str(v) in str(e), str(e)
    else:
        assert sum(map(sum, q.pits)) == SEEDS


@pytest.mark.parametrize("call", ["from_notation", "play", "next_decision", "from_json"])
def test_surrogate_strings_raise_engine_errors(call: str) -> None:
    p = Position.start()
    fn = {
        "from_notation": Position.from_notation,
        "play": p.play,
        "next_decision": p.next_decision,
        "from_json": lambda s: Position.from_json({"variant": s, "pits": p.pits}),
    }[call]
    with pytest.raises(IgisoroError):
        fn("\udc80")
