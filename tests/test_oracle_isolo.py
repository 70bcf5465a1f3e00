"""Differential test: the Rust engine's Isolo against the plain-Python oracle.

The oracle (``tests/support/igisoro_testing/reference/isolo_ref.py``) is an independent, slow
restatement of the Isolo rules (shared/RULES-NOTES.md, the seed text and
docs/ISOLO.md), written without reading ``rust_core/src/isolo/``. For every
configuration below we collect positions and at each one check that

* the engine's set of legal-move results equals the oracle's (each result as
  the canonical JSON string of its ``to_json()``); in a kucheleka position
  this is the set of arrangements offered: all of them up to 2000, else the
  documented sample (both sides compute it);
* ``Position.status()`` equals the oracle's status;
* on a sample of positions, every listed move played by the oracle
  (``isolo_ref.play``) and by the engine (``Position.play``) gives the listed
  result; in kucheleka positions also a few seeded random arrangements (any
  valid arrangement is accepted, listed or not).

Positions come from seeded random games (``Position.random_move``) from the
start position with 4..8 holes (fore-play, kucheleka, main game), and from
seeded random setups (random counts, any phase that fits the board) which
reach mwipinda captures, long relay chains and the sampled kucheleka much
more often than games do; plus every 4-hole board with 0..2 seeds per hole
and the seed-cap boundary. About 15,000 positions in all (about 870 of them
kucheleka, about 360 with a sampled arrangement list) and about 14,000 moves
played on both sides; 15-25 s on one shared core. Everything is seeded, so
the test is deterministic; ORACLE_SCALE=10 scales the random configurations
for a soak run.
"""

from __future__ import annotations

import itertools
import os
import random

import pytest

import igisoro

from igisoro_testing.reference import isolo_ref as ref
from igisoro_testing.reference.oracle_compare import check_listed_move, describe

SCALE = float(os.environ.get("ORACLE_SCALE", "1"))
PLAY_EVERY = 5
MAX_PLIES = 200

# (id, holes, source, positions, seed); source "games" or "setups"
CONFIGS = [
    ("games-4", 4, "games", 1500, 1),
    ("games-5", 5, "games", 800, 2),
    ("games-6", 6, "games", 800, 3),
    ("games-7", 7, "games", 600, 4),
    ("games-8", 8, "games", 600, 5),
    ("setups-4", 4, "setups", 2000, 6),
    ("setups-5", 5, "setups", 600, 7),
    ("setups-6", 6, "setups", 600, 8),
    ("setups-7", 7, "setups", 400, 9),
    ("setups-8", 8, "setups", 400, 10),
]


def key(position_json: dict) -> str:
    return ref.position_key(position_json)


def start(holes: int) -> igisoro.Position:
    if holes == 4:
        return igisoro.Position.start("isolo")
    return igisoro.Position.from_json(
        {"variant": "isolo", "rules": {"holes": holes}, "pits": [[2] * holes, [2] * holes], "to_move": "south"}
    )


def walk(holes: int, count: int, seed: int) -> list[igisoro.Position]:
    """`count` positions from seeded random games on `holes` holes."""
    out: list[igisoro.Position] = []
    game = 0
    while len(out) < count:
        pos = start(holes)
        for ply in range(MAX_PLIES):
            out.append(pos)
            if len(out) >= count or pos.status().state != "ongoing":
                break
            nxt = pos.random_move(seed * 1_000_003 + game * 1009 + ply)
            if nxt is None:
                break
            pos = nxt
        game += 1
    return out


def random_row(rng: random.Random, n: int, nonempty: bool) -> list[int]:
    while True:
        style = rng.random()
        if style < 0.4:  # sparse: many 0s and 1s (mwipinda, relays into empties)
            row = [rng.choice([0, 0, 1, 1, 1, 2, 3]) for _ in range(n)]
        elif style < 0.8:
            row = [rng.randint(0, 6) for _ in range(n)]
        else:
            row = [rng.choice([0, 1, 2, rng.randint(0, 25)]) for _ in range(n)]
        if not nonempty or sum(row):
            return row


def setups(holes: int, count: int, seed: int) -> list[igisoro.Position]:
    """`count` seeded random valid setups on `holes` holes, every phase."""
    rng = random.Random(seed)
    out: list[igisoro.Position] = []
    rules = {} if holes == 4 else {"holes": holes}
    while len(out) < count:
        mover = rng.choice(["south", "north"])
        r = rng.random()
        if r < 0.45:
            phase, mine, theirs = "fore_play", random_row(rng, holes, True), random_row(rng, holes, True)
        elif r < 0.9:
            phase, mine, theirs = "main", random_row(rng, holes, False), random_row(rng, holes, True)
        else:
            phase, mine, theirs = "kucheleka", random_row(rng, holes, True), [0] * holes
        rows = {mover: mine, ref.other(mover): theirs}
        data = {
            "variant": "isolo",
            "rules": rules,
            "pits": [rows["north"], rows["south"]],
            "to_move": mover,
            "phase": phase,
        }
        out.append(igisoro.Position.from_json(data))
    return out



def random_arrangement(rng: random.Random, seeds: int, n: int) -> str:
    cuts = sorted(rng.randint(0, seeds) for _ in range(n - 1))
    counts = [b - a for a, b in zip([0] + cuts, cuts + [seeds])]
    return "k" + ".".join(map(str, counts))


def check(pos: igisoro.Position, n: int, rng: random.Random, failures: list[str], stats: dict) -> None:
    data = pos.to_json()
    oracle = ref.results(data)
    moves = pos.legal_moves()
    engine = {key(m.result.to_json()): m.notation for m in moves}
    stats["checked"] += 1
    stats[data["phase"]] += 1
    if set(engine) != oracle:
        failures.append("legal-move results differ\n" + describe(pos, engine, oracle))
    st = pos.status()
    ref_status = ref.status(data)
    if (st.state, st.winner, st.reason) != ref_status:
        failures.append(f"status differs at {pos.notation()}: engine {st}, oracle {ref_status}")
    if data["phase"] == "kucheleka":
        if not ref.all_listed(data):
            stats["sampled_kucheleka"] += 1
        # Any valid arrangement can be played, listed or not.
        seeds = sum(data["pits"][1] if data["to_move"] == "south" else data["pits"][0])
        for _ in range(3):
            tok = random_arrangement(rng, seeds, len(data["pits"][0]))
            got = key(ref.play(data, tok))
            eng = key(pos.play(tok).position.to_json())
            stats["played"] += 1
            if got != eng:
                failures.append(f"play {tok} at {pos.notation()}: oracle {got}, engine {eng}")
    if stats["checked"] % PLAY_EVERY == 0:
        sample = moves if len(moves) <= 20 else rng.sample(moves, 20)
        for m in sample:
            stats["played"] += 1
            check_listed_move(ref, pos, data, m, failures)


@pytest.mark.parametrize("cid,holes,source,count,seed", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_engine_matches_isolo_oracle(cid, holes, source, count, seed):
    count = max(1, int(count * SCALE))
    positions = walk(holes, count, seed) if source == "games" else setups(holes, count, seed)
    rng = random.Random(seed)
    failures: list[str] = []
    stats = {"checked": 0, "played": 0, "fore_play": 0, "kucheleka": 0, "main": 0, "sampled_kucheleka": 0}
    for pos in positions:
        check(pos, holes, rng, failures, stats)
        if len(failures) >= 5:
            break
    print(f"{cid}: {stats}")
    assert not failures, f"{cid}: {len(failures)} failure(s)\n\n" + "\n\n".join(failures)
    assert stats["checked"] == len(positions)


def test_exhaustive_small_boards():
    """Every 4-hole board with 0..2 seeds per hole (side and phase varied)."""
    rng = random.Random(99)
    failures: list[str] = []
    stats = {"checked": 0, "played": 0, "fore_play": 0, "kucheleka": 0, "main": 0, "sampled_kucheleka": 0}
    for idx, cells in enumerate(itertools.product(range(3), repeat=8)):
        north, south = list(cells[:4]), list(cells[4:])
        mover = "south" if idx % 2 == 0 else "north"
        mine, theirs = (south, north) if mover == "south" else (north, south)
        if not sum(theirs):
            if not sum(mine):
                continue
            phase = "kucheleka"
        elif sum(mine) and idx % 3 == 0:
            phase = "fore_play"
        else:
            phase = "main"
        data = {"variant": "isolo", "rules": {}, "pits": [north, south], "to_move": mover, "phase": phase}
        check(igisoro.Position.from_json(data), 4, rng, failures, stats)
        if len(failures) >= 5:
            break
    print(f"exhaustive: {stats}")
    assert not failures, f"{len(failures)} failure(s)\n\n" + "\n\n".join(failures)


def test_seed_cap():
    """docs/ISOLO.md: no move (or kucheleka) may take the board past 30000 seeds."""
    cases = [
        ([[29990, 1, 1, 1], [1, 1, 1, 4]], "fore_play"),
        ([[29990, 1, 1, 1], [1, 1, 1, 4]], "main"),
        ([[29989, 1, 1, 1], [1, 1, 1, 4]], "main"),
        ([[0, 0, 0, 0], [29993, 0, 0, 0]], "kucheleka"),
        ([[0, 0, 0, 0], [29992, 0, 0, 0]], "kucheleka"),
    ]
    for pits, phase in cases:
        data = {"variant": "isolo", "rules": {}, "pits": pits, "to_move": "south", "phase": phase}
        pos = igisoro.Position.from_json(data)
        assert {key(m.result.to_json()) for m in pos.legal_moves()} == ref.results(data), pos.notation()
        st = pos.status()
        assert (st.state, st.winner, st.reason) == ref.status(data), pos.notation()


def test_start_position_hand_worked():
    """docs/ISOLO.md: from the start, a1 captures all of North's seeds, South ends 7,3,1,6."""
    data = igisoro.Position.start("isolo").to_json()
    got = ref.play(data, "a1")
    assert got["pits"] == [[0, 0, 0, 0], [7, 3, 1, 6]]
    assert got["phase"] == "kucheleka" and got["to_move"] == "south"
    assert key(got) in {key(m.result.to_json()) for m in igisoro.Position.start("isolo").legal_moves()}
