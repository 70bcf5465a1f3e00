"""Issue 32's board, continued: decisions on the partly sown board, the
best move's arrow and the preview of a line, and accessibility checks
(contrast of the pits' numbers and names, arrow keys left to drop-downs).

``IGISORO_SCREENSHOTS=docs/img`` refreshes the README's pictures (desktop)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import igisoro

from igisoro_testing.board import api, board_counts, first_moves, open_board, open_game
from igisoro_testing.positions import RETREAT

#: The words each decision's button must carry (docs/NOTATION.md's tokens).
WORDS = {"x": "capture", "p": "pass", "r": "retreat", "n": "no retreat", "cw": "clockwise", "ccw": "counter-clockwise"}


def shoot(page: Any, tmp_path: Path, name: str, phone: str | None = None) -> None:
    """A picture for the README at desktop width, and at phone width if
    ``phone`` names one (into IGISORO_SCREENSHOTS when set)."""
    name = name if page.viewport_size["width"] > 1000 else phone
    if name:
        page.screenshot(path=str(Path(os.environ.get("IGISORO_SCREENSHOTS") or tmp_path) / name))


def stake_shown(page: Any) -> set[str]:
    return set(page.locator("#board .pit.stake").evaluate_all("els => els.map(e => e.dataset.pit)"))


def test_a_decision_shows_the_partly_sown_board_and_the_pits_at_stake(page: Any, tmp_path: Path) -> None:
    before = [n for row in igisoro.Position.from_notation(RETREAT).to_json()["pits"] for n in row]
    open_board(page, RETREAT)
    assert board_counts(page) == before
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector("#decision:not([hidden])")
    d = api(page, "/v1/legal-moves", {"position": RETREAT, "partial": ["g2"]})
    # The board as it stands at the decision: g2's seeds sown, not the position before.
    so_far = [n for row in d["pits_so_far"] for n in row]
    assert so_far != before
    page.wait_for_function("n => document.querySelector('#board .pit[data-pit=\"g2\"] .count').textContent === n",
                           arg=str(so_far[2 * 8 + 6]))
    assert board_counts(page) == so_far
    assert stake_shown(page) == {p for pits in d["at_stake"].values() for p in pits} == {"c3", "c4", "f2"}
    # Buttons in words; pointing at one lights up its own pits.
    for o in d["options"]:
        assert page.inner_text(f'#decision button[data-choice="{o}"]').startswith(WORDS[o]), o
    page.hover('#decision button[data-choice="x"]')
    hot = set(page.locator("#board .pit.stake-hot").evaluate_all("els => els.map(e => e.dataset.pit)"))
    assert hot == set(d["at_stake"]["x"])
    assert "capture: c3, c4" in page.inner_text("#decision-stake")
    # The opponent's decision: the same board, the retreat's pits at stake.
    page.click('#decision button[data-choice="p"]')
    page.wait_for_function("document.querySelector('#decision-who').textContent.includes('opponent')")
    d = api(page, "/v1/legal-moves", {"position": RETREAT, "partial": ["g2", "p"]})
    assert board_counts(page) == [n for row in d["pits_so_far"] for n in row]
    assert stake_shown(page) == {"c2", "c3", "c4"}
    assert page.inner_text('#decision button[data-choice="r"]').startswith("retreat")
    assert page.inner_text('#decision button[data-choice="n"]').startswith("no retreat")
    page.hover('#decision button[data-choice="r"]')
    shoot(page, tmp_path, "board-decision.png", phone="board-phone.png")
    # Cancel: the position before the move again, nothing at stake.
    page.click("#decision-cancel")
    page.wait_for_selector("#decision", state="hidden")
    page.wait_for_function("document.querySelectorAll('#board .pit.stake').length === 0")
    assert board_counts(page) == before


def arrow_points(page: Any) -> list[tuple[float, float]]:
    pts = page.get_attribute("#arrows polyline", "points").split()
    return [(float(x), float(y)) for x, y in (p.split(",") for p in pts)]


def pit_centre(page: Any, pit: str) -> tuple[float, float]:
    """A pit's centre in the board's own coordinates (those of the overlay)."""
    return tuple(page.evaluate("""name => { const e = document.querySelector(`#board [data-pit="${name}"]`);
      return [e.offsetLeft + e.offsetWidth / 2, e.offsetTop + e.offsetHeight / 2]; }""", pit))


def test_the_best_move_is_an_arrow_and_a_line_pointed_at_is_previewed(page: Any, tmp_path: Path) -> None:
    open_board(page, RETREAT)
    # The page's default depth (4), finished (the same answer: deterministic, or the server's store).
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    a = api(page, "/v1/evaluate", {"position": RETREAT, "depth": 4, "multipv": 3})
    best = a["best_move"]
    page.wait_for_function("m => document.querySelector('#arrows')?.dataset.move === m", arg=best)
    assert page.get_attribute("#arrows", "data-kind") == "best"
    # From the start pit, in the sowing direction: its second point is the
    # first pit sown, as the move's trace says.
    trace = api(page, "/v1/moves/check", {"position": RETREAT, "move": best})["trace"]
    start = next(e["pit"] for e in trace if e["type"] == "lift")
    first_sown = next(e["pit"] for e in trace if e["type"] == "sow")
    pts = arrow_points(page)
    assert len(pts) >= 2
    for got, pit in ((pts[0], start), (pts[1], first_sown)):
        want = pit_centre(page, pit)
        assert abs(got[0] - want[0]) < 1 and abs(got[1] - want[1]) < 1, (pit, got, want)
    # Its decisions, in words, beside it.
    later = [(WORDS[t], len(list(run))) for t, run in itertools.groupby(best.split("-")[1:])]
    if later:  # a run of the same decision counted
        assert page.text_content("#arrows .arrow-label") == ", ".join(w if n == 1 else f"{w} ×{n}" for w, n in later)
    assert best in page.get_attribute("#arrows", "aria-label")
    # Pointing at another line previews its move, without playing it.
    other = page.locator("#lines button.line").nth(1)
    move = other.get_attribute("data-move")
    assert move == a["lines"][1]["move"] != best
    counts = board_counts(page)
    other.hover()
    page.wait_for_function("m => document.querySelector('#arrows')?.dataset.move === m", arg=move)
    assert page.get_attribute("#arrows", "data-kind") == "preview"
    assert page.locator("#moves button").count() == 0 and board_counts(page) == counts
    page.hover("#variant-summary")  # away: the best move again
    page.wait_for_function("m => document.querySelector('#arrows')?.dataset.move === m", arg=best)
    shoot(page, tmp_path, "board-arrows.png")
    # The arrow never takes the board's clicks, and a click on the line still plays it.
    assert page.evaluate("getComputedStyle(document.querySelector('#arrows')).pointerEvents") == "none"
    other.click()
    page.wait_for_selector('#moves button[data-ply="1"]')
    assert page.inner_text('#moves button[data-ply="1"]') == api(
        page, "/v1/moves/check", {"position": RETREAT, "move": move})["canonical"]


# The WCAG 2 contrast ratio of a text's colour (blended over its pit's
# background by its colour's alpha and the opacities down to it) against
# that background.
CONTRAST = """el => {
  const rgba = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  let alpha = rgba(getComputedStyle(el).color)[3], bg = null;
  for (let e = el; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    alpha *= Number(cs.opacity);
    const b = rgba(cs.backgroundColor);
    if (b[3] > 0) { bg = b; break; }
  }
  const fg = rgba(getComputedStyle(el).color).slice(0, 3).map((c, i) => alpha * c + (1 - alpha) * bg[i]);
  const lum = (c) => { const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                       return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const [a, b] = [lum(fg), lum(bg.slice(0, 3))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_the_pits_numbers_and_names_have_enough_contrast(page: Any) -> None:
    """Issue 32: WCAG AA (4.5:1) for the numbers and the pit names, in every
    state a pit is drawn in (legal, best, sowing, captured, retreated, at stake)."""
    open_board(page, RETREAT)
    for state in ["", "legal", "best", "sowing", "captured", "retreated", "stake", "stake-hot"]:
        if state:
            page.evaluate("cls => document.querySelectorAll('#board .pit').forEach(p => p.classList.add(cls))", state)
        for part in ("count", "name"):
            ratios = page.locator(f"#board .pit .{part}").evaluate_all(f"els => els.map({CONTRAST})")
            assert len(ratios) == 32 and min(ratios) >= 4.5, (state, part, min(ratios))
        if state:
            page.evaluate("cls => document.querySelectorAll('#board .pit').forEach(p => p.classList.remove(cls))", state)


def test_arrow_keys_are_left_to_every_drop_down(page: Any) -> None:
    """Issue 32: with any drop-down focused, the arrow keys change its choice
    and do not step through the moves (each select on the page in turn)."""
    moves, after = first_moves(2)
    open_game(page, moves, "&ply=1")
    # (Those shown: the puzzle mode's are hidden until it is entered.)
    ids = page.locator("select:visible").evaluate_all("els => els.map(e => e.id)")
    assert {"variant", "depth", "time", "level", "engine-side", "solve-time"} <= set(ids)
    # (The language switcher's change opens the page again in that language:
    # test_board_i18n.py.)
    for sid in [i for i in ids if i != "lang"]:
        page.goto("about:blank")  # a fresh page (a change of the hash alone would not load it again)
        open_game(page, moves, "&ply=1")
        page.wait_for_selector('#moves button.current[data-ply="1"]')
        sel = page.locator(f"select#{sid}")
        sel.focus()
        before = sel.input_value()
        # The page never prevents the select's own handling of the key.
        page.evaluate("""() => { window.prevented = null;
          window.addEventListener('keydown', e => { window.prevented = e.defaultPrevented; }, {once: true}); }""")
        last = page.evaluate("s => document.querySelector(s).options.length - 1", f"select#{sid}")
        index = page.evaluate("s => document.querySelector(s).selectedIndex", f"select#{sid}")
        key = "ArrowRight" if index < last else "ArrowLeft"
        page.keyboard.press(key)
        page.wait_for_timeout(300)
        assert page.evaluate("window.prevented") is False, sid
        assert sel.input_value() != before, (sid, key)  # the key went to the select
        if sid == "variant":
            continue  # its change starts the other variant's game, as it should
        # The move list did not step (ply 1 of 2: either way would show).
        assert page.get_attribute("#moves button.current", "data-ply") == "1", sid
        assert page.input_value("#position-text") == after[0], sid
