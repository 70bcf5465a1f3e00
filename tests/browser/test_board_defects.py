"""The board's defects a new user found (issue 40, item 7), in Chromium
against the real service, at desktop and phone size. Each test failed on
main d535229, before its fix (noted in each docstring)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import igisoro

from igisoro_testing.board import api, board_counts, open_board
from igisoro_testing.positions import RETREAT

#: North to move; the engine's level-5 move (seed 0, as the page asks for
#: ply 0) is ``b4-p-r``, whose ``r`` is South's retreat.
ENGINE_TAKES_SOUTHS_RETREAT = "igisoro 0,3,1,3,6,5,0,2/3,4,5,1,3,0,11,7/0,0,0,0,1,0,0,0/0,1,0,2,1,1,1,3 n"

#: The depth at which the board's engine searches the outcomes of a
#: decision of its own inside the human's move (``DECISION_DEPTH`` in board.js).
DECISION_DEPTH = 3


def shoot(page: Any, tmp_path: Path, name: str) -> None:
    """A screenshot of the page as it stands, kept with the test's files."""
    page.screenshot(path=str(tmp_path / f"{name}-{page.viewport_size['width']}.png"), full_page=True)


def for_side(result: dict[str, Any], side: str) -> float:
    """A search result's score as one number from ``side``'s view (a forced
    result counts as 1000 seeds less its turns, as the review counts it)."""
    s = result["score"]
    v = s["value"] if s["type"] == "seeds" else (1000 - s["turns"]) * (1 if s["type"] == "win" else -1)
    return v if result["to_move"] == side else -v


def test_the_engines_move_asks_the_human_for_their_own_retreat(page: Any, tmp_path: Path) -> None:
    """Before the fix the engine (North) played ``b4-p-r`` whole, choosing
    South's retreat for the human; now the page stops at South's decision
    and asks the human, then finishes the move with the human's answer."""
    pos = igisoro.Position.from_notation(ENGINE_TAKES_SOUTHS_RETREAT)
    best = pos.best_move(level=5, time_ms=300, seed=0).best_move
    actors = [e["actor"] for e in pos.play(best).trace if e["type"] == "decision"]
    assert "south" in actors, (best, actors)  # the precondition: the engine's move holds a decision of South's
    open_board(page, ENGINE_TAKES_SOUTHS_RETREAT)
    page.select_option("#level", "5")
    page.select_option("#engine-side", "north")
    page.wait_for_selector("#decision:not([hidden])", timeout=20_000)
    assert page.locator("#moves button").count() == 0
    assert page.inner_text("#decision-who").startswith("After b4-p, South")
    shoot(page, tmp_path, "engine-asks-south")
    own = best.split("-")[actors.index("south")]
    other = "n" if own == "r" else "r"
    page.click(f'#decision button[data-choice="{other}"]')  # not what the engine expected
    page.wait_for_function("document.querySelectorAll('#moves button').length >= 1")
    played = page.inner_text('#moves button[data-ply="1"]')
    assert played.startswith(f"b4-p-{other}"), played
    assert pos.is_legal(played)


def test_the_engine_decides_its_own_retreat_in_the_humans_move(page: Any, tmp_path: Path) -> None:
    """Before the fix, after the human's ``g2-p`` the page asked the human to
    choose North's retreat for the engine. Now the engine chooses it by its
    search: each outcome of the decision searched, the best for North taken."""
    open_board(page, RETREAT)
    page.select_option("#engine-side", "north")
    page.evaluate("""() => { window.asked = [];
      new MutationObserver(() => asked.push(document.querySelector('#decision-who').textContent))
        .observe(document.querySelector('#decision-who'), {childList: true, characterData: true, subtree: true}); }""")
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector('#decision button[data-choice="p"]')
    page.click('#decision button[data-choice="p"]')
    page.wait_for_function("document.querySelectorAll('#moves button').length >= 1", timeout=20_000)
    shoot(page, tmp_path, "engine-decides-its-retreat")
    # North's retreat was never put to the human (the engine's own steps are shown, with no buttons).
    asked = page.evaluate("window.asked")
    assert not [a for a in asked if re.search(r"North( \(the opponent\))? decides", a)], asked
    moves = [m for m in api(page, "/v1/legal-moves", {"position": RETREAT})["moves"] if m["move"].startswith("g2-p-")]
    found = api(page, "/v1/analysis/batch", {"positions": [m["result"]["notation"] for m in moves],
                                            "depth": DECISION_DEPTH})["results"]
    choice = max(zip(moves, found), key=lambda mf: for_side(mf[1], "north"))[0]["move"]
    assert page.inner_text('#moves button[data-ply="1"]') == choice


#: North to move after South's first move, one position per screen size and
#: none another test reaches (the server keeps an analysis it made, and
#: answers it again as one final line): the best move at depth 1 (``h3``)
#: is not the one at depth 4 (``g3-cw``, ``c3``).
DEEPENING = {"desktop": "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/0,5,5,5,0,4,4,4/1,1,1,1,1,0,0,0 n",
             "phone": "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/5,5,0,4,4,4,4,4/1,1,0,0,0,0,0,0 n"}

# The first /v1/moves/check answer (the trace of the first depth's best move)
# held back 2 s, the later ones not: an older move's arrow answered last.
SLOW_FIRST_TRACE = """
window.traced = [];
const fetchNow = window.fetch;
window.fetch = async (url, init) => {
  if (!String(url).endsWith("/v1/moves/check")) return fetchNow(url, init);
  const first = window.traced.length === 0;
  window.traced.push(JSON.parse(init.body).move);
  const r = await fetchNow(url, init);
  if (first) {
    await new Promise((ok) => setTimeout(ok, 2000));
    window.released = true;
  }
  return r;
};
"""


def test_the_arrow_shows_the_latest_depths_best_move(page: Any, tmp_path: Path) -> None:
    """Before the fix the arrow showed ``h3`` (depth 1's best move, whose
    trace answered last) while the ring and line 1 said ``g3-cw``."""
    position = DEEPENING["desktop" if page.viewport_size["width"] > 600 else "phone"]
    with page.add_init_script(SLOW_FIRST_TRACE):  # for this page only (the fixture's page is reused)
        open_board(page, position)
    page.wait_for_function("/^Depth 4/.test(document.querySelector('#analysis-status').textContent)", timeout=20_000)
    page.wait_for_function("window.released === true", timeout=20_000)  # the held-back answer arrives,
    page.wait_for_timeout(500)  # and its handler has run
    traced = page.evaluate("window.traced")
    assert len(set(traced)) >= 2, traced  # the precondition: the best move changed while deepening
    best = api(page, "/v1/evaluate", {"position": position, "depth": 4, "multipv": 3})["best_move"]
    shoot(page, tmp_path, "arrow-latest")
    assert page.get_attribute("#lines li button.line >> nth=0", "data-move") == best
    assert page.locator(".pit.best").get_attribute("data-pit") == best.split("-")[0]
    assert page.get_attribute("#arrows", "data-move", timeout=5000) == best, page.evaluate("window.traced")


#: A finished 4x8 game: North to move has no legal move, South has won.
OVER = "igisoro-fr 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,1,10,0,1,9,5/0,1,7,1,11,11,4,1 n"


def test_a_finished_game_shows_its_result_not_the_last_analysis(page: Any, tmp_path: Path) -> None:
    """Before the fix, after importing a finished game the panel kept the
    start position's "Depth 4 (...)", the evaluation read "?" and the bar
    kept its old fill; now they all say the game's result."""
    open_board(page)
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    page.fill("#game-text", OVER)
    page.click("#import")
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_function("document.querySelector('#evaltext').textContent !== '?'")
    shoot(page, tmp_path, "game-over")
    assert "Depth" not in page.inner_text("#analysis-status")
    assert page.inner_text("#analysis-status") == "The game is over: nothing to analyse."
    assert page.inner_text("#evaltext") == "Game over: South has won (the other side has no move left)"
    assert page.evaluate("document.querySelector('#evalfill').style.width") == "100%"
    assert page.get_attribute("#evalbar", "aria-valuenow") == "100"
    assert page.locator("#lines li").count() == 0
    # A draw would be half the bar, a North win none of it; and the next
    # position analysed fills it again.
    page.fill("#position-text", "isolo 2,2,2,2/2,2,2,2 s")
    page.click("#load")
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    assert page.inner_text("#evaltext").startswith("South ")


def test_move_numbers_from_ten_up_are_shown_whole(page: Any, tmp_path: Path) -> None:
    """Before the fix the list's numbers were clipped from 10 up (".0.",
    ".1."): the list's left padding was narrower than "10. "."""
    p = igisoro.Position.from_notation("igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s")
    start, moves = p.notation(), []
    for _ in range(24):
        moves.append(p.legal_moves()[0].move.notation)
        p = p.play(moves[-1]).position
    assert p.status().state == "ongoing"
    open_board(page)
    page.fill("#game-text", start + "\n" + " ".join(moves))
    page.click("#import")
    page.wait_for_function(f"document.querySelectorAll('#moves button').length === {len(moves)}")
    page.locator("#moves").evaluate("ol => ol.scrollTop = ol.scrollHeight")
    shoot(page, tmp_path, "move-numbers")
    # Each number's width in the list's own font, against the room the list leaves it.
    fits = page.evaluate("""() => {
      const ol = document.querySelector('#moves'), room = parseFloat(getComputedStyle(ol).paddingLeft);
      const ctx = document.createElement('canvas').getContext('2d');
      return [...ol.children].filter((li) => li.value >= 10).map((li) => {
        ctx.font = getComputedStyle(li, '::marker').font || getComputedStyle(li).font;
        return [li.value, ctx.measureText(`${li.value}. `).width, room];
      });
    }""")
    assert [v for v, _, _ in fits] == [10, 11, 12], fits
    assert all(width <= room for _, width, room in fits), fits


#: A game whose 7th ply (North's f3) walks into a loss in 1 (at the review's depth 3).
FORCED_START = "igisoro-fr 0,1,1,1,0,2,2,0/7,0,7,3,1,1,1,0/10,1,6,1,0,0,2,4/0,1,6,1,2,1,1,1 n"
FORCED_MOVES = ["e3", "g2-ccw", "f4", "c2", "h4-cw", "b2-cw", "f3", "b1"]


def test_a_move_into_a_forced_loss_says_so(page: Any, tmp_path: Path) -> None:
    """Before the fix the label read "blunder (win chance -57 points; ...)"
    (or "-0 points" for a side already nearly lost): the drop in an
    estimate, for a loss the search proved. Now it says what happened. The
    core's review gives the label and the scores; the words are the page's."""
    review = api(page, "/v1/games/review", {"position": FORCED_START, "moves": FORCED_MOVES, "depth": 3})
    ply = review["plies"][6]
    assert ply["label"] == "blunder" and ply["played_score"] == {"type": "loss", "turns": 1}, ply
    open_board(page)
    page.fill("#game-text", FORCED_START + "\n" + " ".join(FORCED_MOVES))
    page.click("#import")
    page.wait_for_function(f"document.querySelectorAll('#moves button').length === {len(FORCED_MOVES)}")
    page.select_option("#depth", "3")
    page.click("#review")
    page.wait_for_selector('#review-out ol button[data-ply="7"]')
    shoot(page, tmp_path, "forced-loss-label")
    text = page.inner_text('#review-out ol button[data-ply="7"]')
    assert text == f"ply 7: North f3 — blunder: allows a loss in 1 (best {ply['best_move']})", text
    assert "win chance" not in text


def test_the_headline_and_the_lines_speak_for_south(page: Any, tmp_path: Path) -> None:
    """Before the fix, with North to move, the headline spoke for South and
    the lines for North ("South +1.41" beside "-1.41 g3"). Now both are
    South's view, and the lines say so."""
    open_board(page, ENGINE_TAKES_SOUTHS_RETREAT)
    page.wait_for_function("/^Depth 4/.test(document.querySelector('#analysis-status').textContent)")
    a = api(page, "/v1/evaluate", {"position": ENGINE_TAKES_SOUTHS_RETREAT, "depth": 4, "multipv": 3})
    assert a["to_move"] == "north" and a["score"]["type"] == "seeds" and a["score"]["value"] != 0, a["score"]
    shoot(page, tmp_path, "one-view")
    head = re.match(r"South (\S+) \(depth", page.inner_text("#evaltext"))
    assert head, page.inner_text("#evaltext")
    assert head.group(1) == f"{-a['score']['value']:+.2f}"
    shown = [t.split()[0] for t in page.locator("#lines li button.line").all_inner_texts()]
    assert shown[0] == head.group(1)
    assert shown == [f"{-line['score']['value']:+.2f}" for line in a["lines"]]
    assert page.inner_text("#lines-view") == "Scores for South (+ is good for South)."


def test_isolos_arrangement_starts_from_the_row_as_it_stood(page: Any) -> None:
    """Before the fix the holes were prefilled with the first option listed
    (0,0,0,17); now with the winner's row as the fore-play left it."""
    start = "isolo 2,2,2,2/2,2,2,2 s"
    after = api(page, "/v1/moves/check", {"position": start, "move": "a1"})["result"]
    open_board(page, start)
    page.click('#board .pit[data-pit="a1"]')
    page.wait_for_selector("#arrange-0")
    row = after["position"]["pits"][-1]  # South's row, in column order a..
    assert [int(page.input_value(f"#arrange-{k}")) for k in range(len(row))] == row
    assert page.inner_text("#arrange-total") == f"{sum(row)} of {sum(row)} seeds"
    assert page.is_enabled("#choice-play")


def test_the_arrow_runs_under_the_counts_and_the_names_are_readable(page: Any, tmp_path: Path) -> None:
    """Before the fix the arrow was drawn over the seed counts of the pits
    it crosses, and on a phone the pit names were 7.9 px."""
    open_board(page, "igisoro 1,2,2,1,3,1,7,7/0,2,0,5,3,4,1,1/1,0,2,0,1,1,5,0/4,2,1,1,2,2,1,1 s")
    page.wait_for_selector("#arrows")
    shoot(page, tmp_path, "arrow-under-counts")
    # Which element is on top at each count's centre, the arrow taking hits for the question.
    covered = page.evaluate("""() => {
      document.querySelectorAll('#arrows, #arrows *').forEach((e) => e.style.pointerEvents = 'auto');
      const out = [];
      for (const c of document.querySelectorAll('#board .pit .count')) {
        const b = c.getBoundingClientRect();
        const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        if (top && top.closest('#arrows')) out.push(c.parentElement.dataset.pit);
      }
      return out;
    }""")
    assert covered == []
    # The arrow's words start inside the board (on a phone they were cut off at its left).
    label = page.locator("#arrows .arrow-label").bounding_box()
    assert label and label["x"] >= page.locator("#board").bounding_box()["x"] - 1, label
    assert len(board_counts(page)) == 32
    sizes = page.locator("#board .pit .name").evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 11, sizes
    # The name and the count do not overlap.
    overlap = page.evaluate("""() => [...document.querySelectorAll('#board .pit')].filter((p) => {
      const a = p.querySelector('.count').getBoundingClientRect(), b = p.querySelector('.name').getBoundingClientRect();
      return a.bottom > b.top + 1; }).map((p) => p.dataset.pit)""")
    assert overlap == []

