"""Positions several tests (and bench scripts) share, and the seeded ways
to reach more."""

from __future__ import annotations

import random

import igisoro

#: The 4x8 start, as the service writes it.
START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
#: South's g2 captures (a decision), then North may retreat: the README's
#: step-wise example.
RETREAT = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"
#: Isolo's start.
ISOLO = "isolo 2,2,2,2/2,2,2,2 s"
#: After South's a1 from the start: North's row is empty, South arranges.
KUCHELEKA = "isolo 0,0,0,0/7,3,1,6 s phase=kucheleka"
#: Every variant's name.
VARIANTS = ["igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2", "isolo"]

#: A 4x8 position the engine cannot enumerate within seconds: its turns have
#: more than 400,000 distinct results (optional captures and retreats at
#: every capture opportunity of chains thousands of laps long; the worst case
#: of `bench/data/worst.txt`, not settled in 60 s). Listing SLOW_LIMIT of them
#: takes far longer than any time limit the tests set (100,000 took 1 s on
#: 2026-11-23), so the engine's time limit must stop it; the tests raise
#: MAX_LEGAL_MOVES to allow that limit. A call cut by its time limit proves
#: nothing, so nothing it did makes a later call fast.
#:
#: (Until 2026-11-23 SLOW was a position with a start whose relay chain took
#: seconds to prove endless: "ikibuguzo-1 4,3,6,5,4,2,3,2/1,4,3,6,3,6,3,7/0,
#: 0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 n", 3.5 s, and before it others that got
#: fast as the engine did. Since the landing classes modulo 17 prove such
#: chains endless within a few hundred laps (`board4x8/landing_classes.rs`),
#: no position we know makes the first move, or the step-wise options, slow:
#: 35 million random ikibuguzo-1 positions where North holds 30 to 64 seeds
#: all settled within 10 ms, `attractors --from 30 --to 64 --positions 1000000 --print-ms 20`
#: (`bench/src/bin/attractors.rs`, deleted in issue 40; `git show d535229:bench/src/bin/attractors.rs`).)
SLOW = "igisoro 8,7,1,0,3,2,0,1/3,0,3,0,0,1,0,5/2,1,8,3,3,0,1,3/3,1,3,1,0,1,0,0 n"
#: The ``limit`` that makes listing SLOW's moves slow (see SLOW).
SLOW_LIMIT = 1_000_000
#: A former giant relay (seconds of laps before the landing classes).
RELAY = "ikibuguzo-1 4,3,6,5,4,2,3,2/1,4,3,6,3,6,3,7/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 n"
#: 29,999 seeds (a board holds at most 30,000; with every seed on it no
#: move is legal); its longest move's trace has more than 20,000 events.
ISOLO_BIG = "isolo 0,0,0,0,0,0,1,0/9200,2015,12381,961,1936,493,1804,1197 s phase=main"
#: An arrangement (kucheleka) of 29,000 seeds (with 29,992 or more the
#: engine finds no legal arrangement).
ISOLO_ARRANGE = "isolo 0,0,0,0,0,0,0,0/29000,0,0,0,0,0,0,0 s phase=kucheleka"


def longest(p: igisoro.Position) -> str:
    """The move of ``p`` that sows the most laps (no time limit)."""
    return max(p.legal_moves(limit=2000), key=lambda m: m.laps).move.notation


def reached(variant: str, seed: int, plies: int = 12) -> igisoro.Position:
    """The position after ``plies`` seeded random moves from the start."""
    p = igisoro.Position.start(variant)
    for k in range(plies):
        nxt = p.random_move(seed * 1000 + k)
        if nxt is None:
            break
        p = nxt
    return p


def random_positions(n: int, seed: int) -> list[str]:
    """``n`` positions of every variant, a few seeded random plies from the start."""
    rng = random.Random(seed)
    names = [v.name for v in igisoro.variants()]
    out = []
    while len(out) < n:
        pos = igisoro.Position.start(rng.choice(names))
        for _ in range(rng.randint(0, 6)):
            moves = move_choices(pos, 40)
            if not moves:
                break
            pos = pos.play(rng.choice(moves)).position
        out.append(pos.notation())
    return out


def move_choices(p: igisoro.Position, limit: int) -> list[str]:
    """Moves a random game may choose from: the legal moves (at most
    ``limit``), or in Omweso's set-up, whose moves are not listed
    (``igisoro.NotEnumerableError``), the rule's example arrangements."""
    rule = p.arrangement_rule()
    if rule is not None:
        return list(rule.examples)
    return [m.move.notation for m in p.legal_moves(limit=limit)]
