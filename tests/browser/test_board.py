"""The analysis board (issue 20) in Chromium against the real service."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import igisoro

from igisoro_testing.board import api, board_counts, first_moves, open_board, open_game
from igisoro_testing.positions import RETREAT, START


def test_every_variant_shows_the_apis_start_position(page: Any) -> None:
    open_board(page)
    for v in api(page, "/v1/variants")["variants"]:
        page.select_option("#variant", v["name"])
        page.wait_for_function(f"document.querySelector('#position-text').value.startsWith('{v['name']} ')")
        expected = [n for row in v["start"]["position"]["pits"] for n in row]
        page.wait_for_function("n => document.querySelectorAll('#board .pit').length === n", arg=len(expected))
        assert board_counts(page) == expected, v["name"]
        # Pits have accessible names a1..h4 and the legal start pits are marked.
        decision = api(page, "/v1/legal-moves", {"position": v["start"]["notation"], "partial": []})
        legal = decision["options"]
        marked = page.locator("#board .pit.legal").evaluate_all("els => els.map(e => e.dataset.pit)")
        if "arrangement" in decision:
            # Omweso's set-up: no pit starts a move; the arranger's 16 pits take its seeds by taps.
            assert legal == [] and sorted(marked) == sorted(decision["arrangement"]["pits"])
            page.wait_for_function("document.querySelector('#decision-who').textContent.startsWith('Set-up:')")
            continue
        assert sorted(marked) == sorted(o for o in legal if len(o) == 2)
        assert page.get_by_role("button", name=f"{legal[0]}:").count() == 1


def test_click_a_move_with_a_capture_decision_and_the_opponents_retreat(page: Any) -> None:
    # The README's step-wise example: g2, then South's capture decision,
    # then North is asked whether to retreat.
    p = igisoro.Position.from_notation(RETREAT)
    assert p.next_decision(["g2"]).role == "mover" and "p" in p.next_decision(["g2"]).options
    assert p.next_decision(["g2", "p"]).role == "opponent"
    open_board(page, RETREAT)
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector("#decision:not([hidden])")
    assert "South decides" in page.inner_text("#decision-who")
    page.click('#decision button[data-choice="p"]')
    page.wait_for_function("document.querySelector('#decision-who').textContent.includes('opponent')")
    assert "North (the opponent) decides" in page.inner_text("#decision-who")
    page.click('#decision button[data-choice="r"]')
    page.wait_for_selector("#moves button")
    expected = p.play(["g2", "p", "r"]).position
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(expected.notation())}")
    assert board_counts(page) == [n for row in expected.pits for n in row]


def test_paste_a_position_and_see_the_analysis(page: Any) -> None:
    open_board(page)
    page.fill("#position-text", "isolo 2,2,2,2/2,2,2,2 s")
    page.click("#load")
    page.wait_for_function("document.querySelectorAll('#board .pit').length === 8")
    page.select_option("#depth", "3")
    page.wait_for_selector("#lines li")
    # The analysis at depth 4 (the page's default) is stored by the server,
    # so depth 3 is answered from it, with its own depth (issue 32's cache).
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    a = api(page, "/v1/evaluate", {"position": "isolo 2,2,2,2/2,2,2,2 s", "depth": 3, "multipv": 3})
    assert a["depth"] >= 3
    page.wait_for_function(f"document.querySelector('#evaltext').textContent.includes('depth {a['depth']}')")
    assert page.locator(f'#board .pit.best[data-pit="{a["best_move"].split("-")[0]}"]').count() == 1
    # The bar is South's win chance (South is to move), and the text says it.
    wp = a["win_probability"]
    shown = "<1%" if 0 < wp < 0.005 else ">99%" if 0.995 < wp < 1 else f"{round(100 * wp)}%"
    assert page.inner_text("#evaltext").endswith(f"win chance {shown}")
    width = page.evaluate("document.querySelector('#evalfill').style.width")
    assert abs(float(width.rstrip("%")) - 100 * wp) < 1e-6, (width, wp)
    assert page.inner_text("#lines li >> nth=0").endswith(" ".join(a["lines"][0]["pv"]))
    # A bad paste is a message from the API, not a broken page.
    page.fill("#position-text", "igisoro 1,2,3 s")
    page.click("#load")
    page.wait_for_selector("#message:not([hidden])")
    assert "notation" in page.inner_text("#message").lower()


def test_import_a_game_review_it_and_click_a_labelled_mistake(page: Any) -> None:
    open_board(page)
    start = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
    page.fill("#game-text", start + "\nb2 a3 c2 c3 a1")
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 5")
    page.select_option("#depth", "3")
    page.click("#review")
    page.wait_for_selector("#review-out svg polyline")
    labelled = page.locator("#review-out ol button")
    assert labelled.count() >= 1
    first = labelled.first
    ply = int(first.get_attribute("data-ply"))
    first.click()
    page.wait_for_selector(f'#moves button.current[data-ply="{ply - 1}"]' if ply > 1 else "#moves")
    # The keyboard steps through the moves too.
    page.locator("body").press("ArrowRight")
    page.wait_for_selector(f'#moves button.current[data-ply="{ply}"]')
    review = api(page, "/v1/games/review", {"position": start, "moves": ["b2", "a3", "c2", "c3", "a1"], "depth": 3})
    # The button shows what the label reads: the drop in the mover's win chance.
    drop = review["plies"][ply - 1]["win_probability_drop"]
    assert f"win chance -{round(100 * drop)} points" in first.inner_text()
    after = review["plies"][ply - 1]["position_after"]
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(after)}")


def play_any_move(page: Any) -> None:
    """Click the first legal pit, then the first option of each decision the
    turn asks of us, until the move is complete."""
    page.wait_for_selector("#board .pit.legal, #decision:not([hidden])")
    before = page.locator("#moves button").count()
    while page.locator("#moves button").count() == before:
        if page.locator("#decision:not([hidden]) button").count():
            page.locator("#decision button").first.click()
        elif page.locator("#board .pit.legal").count():
            page.locator("#board .pit.legal").first.click()
        page.wait_for_timeout(50)


def test_three_moves_against_the_engine(page: Any) -> None:
    start = "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"
    open_board(page, start)
    page.select_option("#engine-side", "north")
    page.select_option("#level", "3")
    for k in range(3):
        play_any_move(page)
        # Our move, then the engine's answer (unless the game ended).
        page.wait_for_function(f"document.querySelectorAll('#moves button').length >= {2 * k + 1}")
        page.wait_for_function(
            f"document.querySelectorAll('#moves button').length >= {2 * k + 2} || !document.querySelector('#banner').hidden"
            " || document.querySelector('#tomove').textContent.startsWith('South')", timeout=30_000)
    # Read the game once the engine is not thinking: a level-3 reply can
    # land between play_any_move's polls and let it play a second move, whose
    # answer would otherwise arrive between reading the list and the position.
    page.wait_for_function(
        "!document.querySelector('#banner').hidden || document.querySelector('#tomove').textContent.startsWith('South')",
        timeout=30_000)
    moves = page.locator("#moves button").all_inner_texts()
    assert len(moves) >= 3
    # The board's game replays through the API.
    pos = start
    for m in moves:
        pos = api(page, "/v1/moves/check", {"position": pos, "move": m})["result"]["notation"]
    assert page.input_value("#position-text") == pos


def test_isolo_fore_play_then_the_kucheleka_arrangement(page: Any) -> None:
    """Isolo on its own 2x4 board and its phases: a fore-play move, then the
    winner's kucheleka, picked from the list of arrangements."""
    start = "isolo 2,2,2,2/2,2,2,2 s"
    open_board(page, start)
    assert page.locator("#board .pit").count() == 8
    page.click('#board .pit[data-pit="a1"]')
    after = api(page, "/v1/moves/check", {"position": start, "move": "a1"})["result"]["notation"]
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(after)}")
    assert "kucheleka" in after
    # Issue 32: a number per hole with the running total, not a list of
    # every arrangement; Play only when the total is the row's.
    page.wait_for_selector("#arrange-0")
    options = api(page, "/v1/legal-moves", {"position": after, "partial": []})["options"]
    counts = [int(x) for x in options[3][1:].split(".")]
    total = sum(counts)
    holes = page.locator("input.arrange")
    assert holes.count() == len(counts)
    holes.nth(0).fill(str(total + 1))
    assert page.is_disabled("#choice-play")
    others = sum(int(holes.nth(k).input_value()) for k in range(1, len(counts)))
    assert page.inner_text("#arrange-total") == f"{total + 1 + others} of {total} seeds"
    for k, n in enumerate(counts):
        holes.nth(k).fill(str(n))
    assert page.inner_text("#arrange-total") == f"{total} of {total} seeds"
    page.click("#choice-play")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 2")
    expected = api(page, "/v1/moves/check", {"position": after, "move": options[3]})["result"]["notation"]
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(expected)}")


def test_edit_pit_counts_by_hand_with_the_apis_validation(page: Any) -> None:
    open_board(page, "isolo 2,2,2,2/2,2,2,2 s")
    page.click("#edit")
    page.fill('#board input[data-pit="a1"]', "3")
    page.fill('#board input[data-pit="b1"]', "1")
    page.click("#apply-edit")
    page.wait_for_function("document.querySelector('#position-text').value === 'isolo 2,2,2,2/3,1,2,2 s'")
    assert board_counts(page) == [2, 2, 2, 2, 3, 1, 2, 2]
    # An impossible position is refused by the API, with its message shown.
    page.click("#edit")
    page.fill('#board input[data-pit="a1"]', "-1")
    page.click("#apply-edit")
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message")


def test_analysis_by_time(page: Any) -> None:
    open_board(page, "isolo 2,2,2,2/2,2,2,2 s")
    page.select_option("#time", "100")
    page.wait_for_function("document.querySelector('#evaltext').textContent.includes('depth')")
    assert page.locator("#lines li").count() >= 1


def test_the_sowing_is_animated_with_captures_and_retreats(page: Any) -> None:
    open_board(page, RETREAT)
    page.locator("#skip").uncheck()
    page.fill("#speed", "5")
    # Record every step the board shows while the move is animated.
    page.evaluate("""() => { window.steps = [];
      new MutationObserver(() => steps.push(document.querySelector('#board').dataset.event +
                                            (document.querySelector('#decision').hidden ? '' : ' (buttons shown)')))
        .observe(document.querySelector('#board'), {attributes: true, attributeFilter: ['data-event']}); }""")
    page.click('#board .pit[data-pit="g2"]')
    page.click('#decision button[data-choice="p"]')
    page.wait_for_function("document.querySelector('#decision-who').textContent.includes('opponent')")
    page.click('#decision button[data-choice="r"]')
    page.wait_for_selector("#moves button")
    steps = page.evaluate("window.steps")
    trace = api(page, "/v1/moves/check", {"position": RETREAT, "move": ["g2", "p", "r"]})["trace"]
    # Every seed once: the first lap up to the decisions (then shown partly
    # sown while the two sides decide), the rest after them.
    sows = sum(e["type"] == "sow" for e in trace)
    assert sum(s.startswith("sow:") for s in steps) == sows
    assert "retreat:c3>c4" in steps
    assert not [s for s in steps if "buttons" in s]  # no decision is asked while seeds move


def test_a_finished_game_shows_who_won_and_why(page: Any) -> None:
    over = "igisoro-fr 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/2,0,1,10,0,1,9,5/0,1,7,1,11,11,4,1 n"
    status = api(page, "/v1/positions/validate", {"position": over})["status"]
    assert status == {"state": "won", "winner": "south", "reason": "no_legal_move"}
    open_board(page, over)
    page.wait_for_selector("#banner:not([hidden])")
    assert page.inner_text("#banner") == "Game over: South wins (the other side has no move left)"
    assert page.locator("#board .pit.legal").count() == 0


def test_solve_shows_a_proof_with_its_line_or_unknown(page: Any) -> None:
    # Isolo's start: the first player's forced win, proven in milliseconds.
    start = igisoro.Position.start("isolo").notation()
    open_board(page, start)
    page.select_option("#solve-time", "1000")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-out').textContent.startsWith('Proven')")
    proof = api(page, "/v1/solve", {"position": start, "time_ms": 1000})
    assert proof["outcome"] == "win"
    text = page.inner_text("#solve-out")
    assert proof["proof_positions"] >= 1
    turns = f"{proof['turns']} turn{'s' if proof['turns'] != 1 else ''}"  # the catalog's plural forms
    positions = f"{proof['proof_positions']} position{'s' if proof['proof_positions'] != 1 else ''}"
    assert text == (f"Proven: {proof['to_move'].capitalize()} wins (at most {turns}). Line: {' '.join(proof['line'])}."
                    f" Checked: all {positions} of the proof.")
    # A 4x8 start is out of reach in a second: the page says so, not a guess.
    page.fill("#position-text", igisoro.Position.start("igisoro-fr").notation())
    page.click("#load")
    page.wait_for_function("document.querySelector('#solve-out').textContent === ''")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-out').textContent.startsWith('Not proven')", timeout=20000)
    # A finished game: who won, not a "proof" of zero turns.
    page.fill("#position-text", "igisoro-fr 0,0,0,0,0,0,0,0/8,8,8,8,8,8,8,8/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 s")
    page.click("#load")
    page.wait_for_function("document.querySelector('#solve-out').textContent === ''")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-out').textContent.startsWith('The game is over')")
    assert page.inner_text("#solve-out") == "The game is over: North has won."


def test_the_url_keeps_every_move_and_the_ply_shown(page: Any) -> None:
    moves, after = first_moves(3)
    open_game(page, moves)
    page.click('#moves button[data-ply="1"]')
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(after[0])}")
    assert "ply=1" in page.url
    page.reload()
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(after[0])}")
    assert page.locator("#moves button").all_inner_texts() == moves  # the moves after it are still there
    assert page.get_attribute("#moves button.current", "data-ply") == "1"


def test_a_slow_answer_for_an_earlier_step_does_not_overwrite_a_later_one(page: Any) -> None:
    moves, _ = first_moves(3)
    open_game(page, moves)
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/v1/positions/validate", hold_the_first)
    page.click("#back")  # its answer is held back
    for _ in range(500):
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the step back never asked /v1/positions/validate"
    page.click("#first")  # asked later, answered first
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(START)}")
    with page.expect_response("**/v1/positions/validate"):  # the late answer arrives
        held[0].continue_()
    page.wait_for_timeout(300)  # and its handler has run
    assert page.input_value("#position-text") == START
    assert board_counts(page) == [0] * 8 + [4] * 16 + [0] * 8
    assert page.locator("#moves button.current").count() == 0  # ply 0: no move is current


def test_an_illegal_move_in_an_import_keeps_the_legal_ones_and_names_it(page: Any) -> None:
    moves, after = first_moves(2)
    open_board(page)
    page.fill("#game-text", START + "\n" + moves[0] + " zz9 " + moves[1])
    page.click("#import")
    page.wait_for_selector("#message:not([hidden])")
    assert "Move 2 (zz9) was not played" in page.inner_text("#message")
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(after[0])}")
    assert page.locator("#moves button").all_inner_texts() == moves[:1]


def test_a_validation_problem_shows_its_field_errors(page: Any) -> None:
    open_board(page)
    page.fill("#position-text", "")
    page.click("#load")
    page.wait_for_selector("#message:not([hidden])")
    message = page.inner_text("#message")
    assert "position:" in message, message  # the field's own error, not only "see errors"


def test_arrow_keys_in_a_field_do_not_step_through_the_moves(page: Any) -> None:
    moves, _ = first_moves(2)
    open_game(page, moves)
    page.locator("#speed").focus()
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    assert page.get_attribute("#moves button.current", "data-ply") == "2"


def test_an_overloaded_server_is_asked_again_after_its_retry_after(page: Any) -> None:
    calls: list[int] = []

    def overloaded_once(route: Any) -> None:
        calls.append(1)
        if len(calls) > 1:
            route.continue_()
            return
        route.fulfill(status=503, headers={"Retry-After": "1", "Content-Type": "application/problem+json"},
                      body=json.dumps({"type": "urn:igisoro:problem:overloaded", "title": "Service overloaded",
                                       "status": 503, "detail": "All search slots are busy."}))

    page.route("**/v1/evaluate/stream", overloaded_once)
    open_board(page)  # its analysis of the start meets the 503 first
    page.wait_for_selector("#lines li", timeout=15_000)
    assert len(calls) == 2 and page.locator("#message").is_hidden()


def test_a_double_click_on_a_pit_plays_one_move(page: Any) -> None:
    open_board(page, START)
    page.locator("#board .pit.legal").first.dblclick()
    page.wait_for_function("document.querySelectorAll('#moves button').length === 1")
    page.wait_for_timeout(500)
    assert page.locator("#moves button").count() == 1 and page.locator("#message").is_hidden()


def test_an_import_that_meets_a_server_error_changes_nothing(page: Any) -> None:
    """Only a refused move is "not played"; a 503 says nothing of the move,
    so the import fails whole and the board keeps its game."""
    moves, _ = first_moves(2)
    open_board(page, START)

    def timed_out(route: Any) -> None:
        route.fulfill(status=503, headers={"Content-Type": "application/problem+json"},
                      body=json.dumps({"type": "urn:igisoro:problem:engine-timeout", "title": "Engine time limit exceeded",
                                       "status": 503, "detail": "The engine did not finish in time."}))

    page.route("**/v1/moves/check", timed_out)
    page.fill("#game-text", START + "\n" + " ".join(moves))
    page.click("#import")
    page.wait_for_selector("#message:not([hidden])")
    assert "did not finish in time" in page.inner_text("#message") and "not played" not in page.inner_text("#message")
    assert page.locator("#moves button").count() == 0 and page.input_value("#position-text") == START


def test_the_analysis_deepens_while_you_watch_and_stops(page: Any, tmp_path: Path) -> None:
    """Issue 32: the analysis streams (a line per completed depth, shown as
    it comes, with what is running said in words), and Stop ends it."""
    open_board(page)
    page.select_option("#time", "5000")
    page.wait_for_function("document.querySelector('#analysis-status').textContent.includes('Analysing… depth')")
    assert page.is_enabled("#stop-analysis")
    depth = lambda: int(re.search(r"depth (\d+)", page.inner_text("#evaltext")).group(1))  # noqa: E731
    first = depth()
    page.wait_for_function(f"/depth (\\d+)/.exec(document.querySelector('#evaltext').textContent)[1] > {first}")
    assert depth() > first and page.locator("#lines li").count() >= 1
    if page.viewport_size["width"] > 1000:
        # IGISORO_SCREENSHOTS=docs/img refreshes the README's picture.
        shots = Path(os.environ.get("IGISORO_SCREENSHOTS") or tmp_path)
        page.screenshot(path=str(shots / "board-deepening.png"))
    page.click("#stop-analysis")
    page.wait_for_function("document.querySelector('#analysis-status').textContent.startsWith('Stopped at depth')")
    assert page.is_disabled("#stop-analysis")
    shown = page.inner_text("#evaltext")
    page.wait_for_timeout(1500)  # nothing more arrives
    assert page.inner_text("#evaltext") == shown


def test_a_finished_analysis_says_its_depth(page: Any) -> None:
    open_board(page, "isolo 2,2,2,2/2,2,2,2 s")
    page.select_option("#depth", "3")
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    assert page.is_disabled("#stop-analysis")


def test_the_evaluation_speaks_for_south_beside_a_labelled_bar(page: Any) -> None:
    """Issue 32: the bar's ends are labelled, the words sit beside it (not
    over it) and speak for South as the bar does, whoever is to move; the
    bar is a meter with South's chance as its value."""
    north = "isolo 2,2,2,2/2,2,2,2 n"
    open_board(page, north)
    page.select_option("#depth", "3")
    page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    a = api(page, "/v1/evaluate", {"position": north, "depth": 3, "multipv": 3})
    south_chance = 1 - a["win_probability"]
    assert page.locator("#evalbar #evaltext").count() == 0
    assert [t.strip() for t in page.locator(".evalside").all_inner_texts()] == ["South", "North"]
    assert page.get_attribute("#evalbar", "role") == "meter"
    assert page.get_attribute("#evalbar", "aria-valuenow") == str(round(100 * south_chance))
    text = page.inner_text("#evaltext")
    assert text.startswith("South ") and "South's win chance" in text
    if a["score"]["type"] == "seeds":
        assert f"South {-a['score']['value']:+.2f}".replace("+-", "-") in text or a["score"]["value"] == 0
    else:
        flipped = "loss" if a["score"]["type"] == "win" else "win"
        assert f"South {flipped} in {a['score']['turns']}" in text


def test_the_review_marks_the_move_list_and_its_graph_is_clickable(page: Any, tmp_path: Path) -> None:
    """Issue 32: after a review the move list carries ?! ? ?? marks, a click
    on the graph's column of a ply shows the position after it, and a line
    marks the ply shown; the labels' dots stay round (they do not scale)."""
    open_board(page)
    start = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
    moves = ["b2", "a3", "c2", "c3", "a1"]
    page.fill("#game-text", start + "\n" + " ".join(moves))
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 5")
    page.select_option("#depth", "3")
    page.click("#review")
    page.wait_for_selector("#review-out svg polyline")
    review = api(page, "/v1/games/review", {"position": start, "moves": moves, "depth": 3})
    marks = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    for p in review["plies"]:
        text = page.inner_text(f'#moves button[data-ply="{p["ply"]}"]')
        assert text == p["canonical"] + (marks[p["label"]] if p["label"] else ""), (text, p["label"])
    labelled = [p for p in review["plies"] if p["label"]]
    assert page.locator("#review-out svg line.mark").count() == sum(p["played_win_probability"] is not None
                                                                     for p in labelled)
    assert page.locator("#review-out svg circle").count() == 0
    assert page.get_attribute("#review-out svg line.mark >> nth=0", "vector-effect") == "non-scaling-stroke"
    page.locator('#review-out svg rect.graph-ply[data-ply="2"]').click()
    page.wait_for_selector('#moves button.current[data-ply="2"]')
    page.wait_for_function(
        f"document.querySelector('#position-text').value === {json.dumps(review['plies'][1]['position_after'])}")
    assert page.get_attribute("#graph-at", "x1") == str(2 * 20 - 10)
    assert [t.strip() for t in page.locator(".graph-axis span").all_inner_texts()] == ["ply 1", "ply 5"]
    assert page.locator('link[rel="icon"]').count() == 1
    if page.viewport_size["width"] > 1000:
        # IGISORO_SCREENSHOTS=docs/img refreshes the README's picture.
        shots = Path(os.environ.get("IGISORO_SCREENSHOTS") or tmp_path)
        page.locator("#review-out").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "board-review.png"))


def test_flip_hide_the_evaluation_and_the_folded_rules(page: Any) -> None:
    """Issue 32: the board turns half a turn (a button, and by itself when
    the engine plays South), the evaluation can be hidden during a game, and
    the variant's long rules text is folded under its one-line description."""
    open_board(page)
    page.wait_for_selector("#lines li")
    north_y = page.locator('[data-pit="a4"]').bounding_box()["y"]
    south_y = page.locator('[data-pit="a1"]').bounding_box()["y"]
    assert north_y < south_y
    page.click("#flip")
    assert page.get_attribute("#flip", "aria-pressed") == "true"
    assert page.locator('[data-pit="a4"]').bounding_box()["y"] > page.locator('[data-pit="a1"]').bounding_box()["y"]
    # The pits' numbers still read upright.
    assert page.evaluate("getComputedStyle(document.querySelector('#board .pit > *')).transform") != "none"
    page.click("#flip")
    assert page.locator('[data-pit="a4"]').bounding_box()["y"] < page.locator('[data-pit="a1"]').bounding_box()["y"]
    page.select_option("#engine-side", "south")
    assert page.get_attribute("#flip", "aria-pressed") == "true"
    page.select_option("#engine-side", "")
    page.check("#hide-eval")
    assert not page.is_visible("#evaltext") and not page.is_visible("#lines")
    page.uncheck("#hide-eval")
    assert page.is_visible("#evaltext")
    assert page.inner_text("#variant-summary").strip()
    assert not page.is_visible("#variant-info")
    page.click("#variant-summary")
    assert "Rules:" in page.inner_text("#variant-info")


def test_a_click_on_a_line_plays_its_first_move(page: Any) -> None:
    open_board(page)
    page.check("#skip")
    try:
        page.wait_for_function("/^Depth \\d+/.test(document.querySelector('#analysis-status').textContent)")
    except Exception:
        raise AssertionError(page.inner_text("#analysis-status") + " | " + page.inner_text("#message"))
    line = page.locator("#lines li button.line").nth(1)
    first = line.inner_text().split()[1]
    line.click()
    page.wait_for_selector('#moves button[data-ply="1"]')
    assert page.inner_text('#moves button[data-ply="1"]') == first


def test_the_move_list_pairs_moves_by_turn(page: Any) -> None:
    """Issue 32: South's and North's moves share a numbered line; a turn
    that starts with North has a gap where South's move would be."""
    open_board(page)
    start = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
    page.fill("#game-text", start + "\nb2 a3 c2 c3 a1")
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 5")
    rows = page.locator("#moves li")
    assert rows.count() == 3
    assert [rows.nth(i).locator("button").count() for i in range(3)] == [2, 2, 1]
    assert rows.nth(0).locator("button").all_inner_texts() == ["b2", "a3"]
    # North to move first: the first line starts with a gap.
    after_one = api(page, "/v1/moves/check", {"position": start, "move": "b2"})["result"]["notation"]
    page.fill("#game-text", after_one + "\na3 c2")
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 2")
    assert page.locator("#moves li").count() == 2
    assert page.locator("#moves li >> nth=0").locator(".gap").count() == 1


def test_a_move_being_entered_can_be_cancelled(page: Any) -> None:
    """Issue 32: Cancel drops the decisions entered so far; the position and
    the move list stay as they were."""
    open_board(page, RETREAT)
    page.click('#board .pit[data-pit="g2"]')
    page.wait_for_selector("#decision:not([hidden])")
    assert page.inner_text('#decision button[data-choice="p"]').startswith("pass")
    page.click("#decision-cancel")
    page.wait_for_selector("#decision", state="hidden")
    assert page.locator("#moves button").count() == 0
    assert page.input_value("#position-text") == igisoro.Position.from_notation(RETREAT).notation()
    assert page.locator("#board .pit.legal").count() >= 1


def test_on_a_phone_the_move_buttons_stay_in_reach(page: Any) -> None:
    """Issue 32: at phone width the move buttons stay at the screen's foot
    while the board is in view (at desktop width they sit in the side panel)."""
    open_board(page)
    height = page.viewport_size["height"]
    box = page.locator("#back").bounding_box()
    board = page.locator("#board").bounding_box()
    if page.viewport_size["width"] < 600:
        assert board["y"] < height and box["y"] + box["height"] <= height + 1, (box, board)
        page.click("#back")  # usable there (nothing to go back to: no error)
        assert page.locator("#message").is_hidden()


def test_a_move_in_the_middle_of_a_game_is_a_side_line_that_can_be_promoted(page: Any, tmp_path: Path) -> None:
    """Issue 32: a move played at an earlier ply drops nothing and asks
    nothing: it starts a side line, listed in brackets under the move it
    replaces; either line can be entered by a click; Promote makes the line
    shown the main line, and the review of the old main line goes."""
    open_board(page)
    page.check("#skip")
    start = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
    main = ["b2", "a3", "c2", "c3", "a1"]
    page.fill("#game-text", start + "\n" + " ".join(main))
    page.click("#import")
    page.wait_for_function("document.querySelectorAll('#moves button').length === 5")
    page.select_option("#depth", "3")
    page.click("#review")
    page.wait_for_selector("#review-out svg polyline")
    page.click('#moves button[data-ply="2"]')
    page.wait_for_selector('#moves button.current[data-ply="2"]')
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click('#board .pit[data-pit="e2"]')  # the main line goes on with c2
    page.wait_for_selector("#moves li.variation button.current")
    side = api(page, "/v1/moves/check", {"position": start, "move": "b2"})["result"]["notation"]
    side = api(page, "/v1/moves/check", {"position": side, "move": "a3"})["result"]["notation"]
    side = api(page, "/v1/moves/check", {"position": side, "move": "e2"})["result"]["notation"]
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(side)}")
    assert not asked
    # The main line is whole, the side line in brackets after the move it replaces.
    marked = page.locator("#moves button[data-ply]").all_inner_texts()
    assert [t.rstrip("?!") for t in marked] == main and marked != main  # with the review's marks
    rows = page.locator("#moves > li")
    texts = [t.replace("\n", " ") for t in rows.all_inner_texts()]
    assert page.locator("#moves li.variation").inner_text().replace("\n", " ") == "(2. e2)", texts
    # Under c2, the move it replaces; North's c3 goes on after it, on turn 2's own line again.
    assert [[t.rstrip("?!") for t in rows.nth(k).locator("button").all_inner_texts()] for k in range(5)] == [
        ["b2", "a3"], ["c2"], ["e2"], ["c3"], ["a1"]], texts
    assert rows.nth(2).get_attribute("class") == "variation"
    assert [rows.nth(k).get_attribute("value") for k in (0, 1, 3, 4)] == ["1", "2", "2", "3"]
    # The review is of the main line, which has not changed: it stays.
    assert page.locator("#review-out svg").count() == 1
    assert "moves=b2+a3+e2" in page.url  # the URL holds the line shown
    if page.viewport_size["width"] > 1000:
        shots = Path(os.environ.get("IGISORO_SCREENSHOTS") or tmp_path)
        page.screenshot(path=str(shots / "board-variations.png"))
    # Back to the main line by a click, and into the side line again.
    page.click('#moves button[data-ply="4"]')
    page.wait_for_selector('#moves button.current[data-ply="4"]')
    assert page.is_disabled("#promote")
    page.click("#moves li.variation button")
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(side)}")
    assert page.is_enabled("#promote")
    page.click("#promote")
    page.wait_for_function("document.querySelectorAll('#moves button[data-ply]').length === 3")
    assert page.locator("#moves button[data-ply]").all_inner_texts() == ["b2", "a3", "e2"]
    assert page.locator("#moves li.variation").inner_text().replace("\n", " ") == "(2. c2 c3 a1)"
    assert page.locator("#review-out svg").count() == 0  # of a line that is no longer the main one
    assert page.is_disabled("#promote")


def test_arrange_omwesos_seeds_by_taps(page: Any) -> None:
    """Issue 42: Omweso's set-up arranged on the board, desktop and phone:
    Clear puts South's 32 seeds in its hand, each tap puts one in a pit (or
    takes one back), and Play is open only with the hand empty."""
    start = igisoro.Position.start("omweso").notation()
    open_board(page, start)
    page.wait_for_selector("#arrange-hand")
    assert page.inner_text("#arrange-hand") == "0 seeds in hand"  # the start's 4 in each outer pit
    page.click("#arrange-clear")
    assert page.inner_text("#arrange-hand") == "32 seeds in hand"
    assert board_counts(page)[16:] == [0] * 16  # South's rows 2 and 1, as drawn
    for pit, taps in (("a2", 10), ("h1", 22)):
        for _ in range(taps):
            page.click(f'#board .pit[data-pit="{pit}"]')
    assert page.inner_text("#arrange-hand") == "0 seeds in hand" and page.is_enabled("#choice-play")
    page.click("#arrange-take")
    page.click('#board .pit[data-pit="h1"]')
    assert page.inner_text("#arrange-hand") == "1 seed in hand" and page.is_disabled("#choice-play")
    page.click("#arrange-take")
    page.click('#board .pit[data-pit="a1"]')
    page.click("#choice-play")
    expected = igisoro.Position.from_notation(start).play("k10.0.0.0.0.0.0.0/1.0.0.0.0.0.0.21").position
    page.wait_for_function(f"document.querySelector('#position-text').value === {json.dumps(expected.notation())}")
    assert board_counts(page) == [n for row in expected.pits for n in row]
    # North arranges next, from the seeds in its own outer row.
    page.wait_for_function("document.querySelector('#decision-who').textContent.startsWith('Set-up: North')")
