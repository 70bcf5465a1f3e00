"""The screen in front of the solver (igisoro.puzzles.screen): it keeps the
puzzles, passes over the rest, and the run counts what it passed over."""

from __future__ import annotations

from igisoro import Position
from igisoro.puzzles import Candidate, Stats, puzzles_from, promising, seed_candidates
from igisoro.puzzles.screen import screens
from igisoro_service.jobs.puzzle_chunks import _candidates
from igisoro_service.puzzles.starter import read_starter

#: An igisoro puzzle of the starter set (self-play seed 0, ply 15, after
#: c4-x): b2-cw-x is South's only winning move.
PUZZLE = "igisoro 1,0,1,2,0,6,0,5/4,4,2,1,1,10,1,7/0,6,2,1,0,2,1,1/0,1,1,0,0,0,3,1 s"


def test_every_shipped_4x8_igisoro_puzzle_passes_the_screen() -> None:
    # The screen's recall on what the solver proved before the screen
    # existed: a threshold that dropped one of these would lose puzzles.
    # (Those of self-play seeds below 1000; the later ones were found
    # through the screen, some through its first form.)
    shipped = [p for p in read_starter() if screens(p.variant) and int(p.source.split(":")[2]) < 1000]
    assert len(shipped) == 4
    for p in shipped:
        assert promising(Position.from_notation(p.position)), p.id


def test_a_level_position_and_a_single_move_fail_the_screen() -> None:
    assert not promising(Position.start("igisoro"))
    one = Position.from_notation("isolo 0,0,0,2/0,0,0,1 s")
    assert len(one.legal_moves()) == 1 and not promising(one)


def test_screened_positions_are_counted_and_never_reach_the_finder() -> None:
    cands = [Candidate(Position.start("igisoro"), "start"), Candidate(Position.from_notation(PUZZLE), "puzzle")]
    stats = Stats()
    found = list(puzzles_from(cands, stats))
    assert [p.source for p in found] == ["puzzle"] and found[0].line[0] == "b2-cw-x"
    assert stats.candidates == 2 and stats.reasons == {"screened": 1}
    # Without the screen the start position goes to the solver, which
    # proves nothing there: "not-won", not "screened".
    off = Stats()
    assert list(puzzles_from(cands[:1], off, screen=False)) == [] and off.reasons == {"not-won": 1}


def test_the_variants_screened_by_default_are_the_4x8_igisoro_ones() -> None:
    assert screens("igisoro") and screens("igisoro-fr") and screens("igisoro-wikipedia")
    assert not screens("isolo") and not screens("ikibuguzo-1")
    stats = Stats()
    cands = [Candidate(Position.from_notation("isolo 2,2,2,2/2,2,2,2 s"), "isolo")]
    list(puzzles_from(cands, stats))
    assert "screened" not in stats.reasons


def test_a_jobs_self_play_item_reads_the_same_positions_as_the_library() -> None:
    # The job workers and `igisoro puzzles generate` look at the same
    # positions of a seed: the game's from the variant's first ply worth a
    # look, and those one move off it.
    job = [c.source for c in _candidates({"variant": "igisoro-fr", "seed": 1}, 0)][:40]
    lib = [c.source for c in seed_candidates("igisoro-fr", 1)][:40]
    assert job[0] == lib[0] == "self-play:igisoro-fr:1:20"
    assert any(s.count(":") == 4 for s in job) and any(s.count(":") == 4 for s in lib)
