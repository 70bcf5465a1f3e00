"""The board's words (issue 43): every string the page shows, by key, in
the service's catalogs, served as JSON by ``GET /v1/board/messages``.

One source of truth: the page (``static/i18n.js``) holds no sentence of its
own, only keys, so a string added to it without a catalog entry shows as its
key (and the pseudo-locale test in Chromium fails on it). The English text
here is the catalog's ``msgid``; ``pybabel extract`` finds it through the
markers below (``scripts/i18n.sh``: ``-k N_ -k Np_:1,2``).

Placeholders are Python's ``%(name)s``, the form the rest of the catalogs
use and Babel checks; the page fills them in. A plural message is a pair,
served as its form per CLDR plural category (``i18n.plural_forms``), which
the page picks with the browser's ``Intl.PluralRules``.
"""

from __future__ import annotations

from igisoro_service.i18n import gettext, language, plural_forms
from igisoro_service.explain import END_REASONS
from igisoro_service.puzzles.themes import THEME_NAMES

__all__ = ["LANGUAGES", "MESSAGES", "messages"]


def N_(text: str) -> str:
    """Marks ``text`` for extraction; translated when served."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural message for extraction; its forms are served per plural category."""
    return singular, plural


#: The languages the board offers in its switcher, each in its own name
#: (a name is never translated: a reader looks for their own language's).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "rw": "Ikinyarwanda"}

#: Every string of the page by key (the keys are the page's; the English is the catalog's msgid).
MESSAGES: dict[str, str | tuple[str, str]] = {
    # The page's frame (index.html, by data-i18n attributes).
    "title": N_("Igisoro analysis board"),
    "language": N_("Language"),
    "variant": N_("Variant"),
    "start": N_("Start position"),
    "puzzles": N_("Puzzles"),
    "api_key_prompt": N_("This server needs an API key:"),
    "use_key": N_("Use key"),
    "key_tab_only": N_("(kept in this tab only)"),
    "south": N_("South"),
    "north": N_("North"),
    "south_win_chance": N_("South's win chance"),
    "board": N_("Board"),
    "flip": N_("Flip board"),
    "hide_eval": N_("Hide evaluation"),
    "speed": N_("Speed"),
    "speed_aria": N_("Animation delay per step (ms)"),
    "skip": N_("Skip animation"),
    "puzzle": N_("Puzzle"),
    "hint": N_("Hint"),
    "retry": N_("Retry"),
    "play_solution": N_("Play the solution"),
    "next_puzzle": N_("Next puzzle"),
    "your_rating": N_("Your rating"),
    "puzzle_rating": N_("Puzzle rating"),
    "theme": N_("Theme"),
    "any": N_("any"),
    "back_to_board": N_("Back to the analysis board"),
    "analysis": N_("Analysis"),
    "depth": N_("Depth"),
    "or_time": N_("or time"),
    "time_aria": N_("Analysis time per position"),
    "seconds": N_("%(s)s s"),
    "analyse_each": N_("Analyse each position"),
    "analyse": N_("Analyse"),
    "stop": N_("Stop"),
    "lines_view": N_("Scores for South (+ is good for South)."),
    "lines_aria": N_("Best lines, scores for South"),
    "why_move": N_("Why this move"),
    "solve": N_("Solve"),
    "solve_for": N_("for"),
    "solver_time": N_("Solver time"),
    "engine_opponent": N_("Engine opponent"),
    "engine_plays": N_("Engine plays"),
    "nobody": N_("nobody"),
    "level": N_("Level"),
    "level_n": N_("level %(n)s"),
    "moves": N_("Moves"),
    "first_position": N_("First position"),
    "back": N_("Back"),
    "forward": N_("Forward"),
    "last_position": N_("Last position"),
    "move_list": N_("Move list"),
    "promote": N_("Promote to main line"),
    "position_and_game": N_("Position and game"),
    "position_label": N_("Position (notation or JSON)"),
    "load": N_("Load position"),
    "edit": N_("Edit pits"),
    "cancel_edit": N_("Cancel edit"),
    "apply_edit": N_("Apply edit"),
    "json_form": N_("JSON form"),
    "game_label": N_("Game: start position on the first line, then moves (one per line or space-separated)"),
    "import": N_("Import game"),
    "export": N_("Export game"),
    "review": N_("Review game"),
    # The board and the turn being entered (board.js).
    "choice_p": N_("pass (no capture)"),
    "choice_p_short": N_("pass"),
    "choice_x": N_("capture"),
    "choice_r": N_("retreat"),
    "choice_n": N_("no retreat"),
    "choice_cw": N_("clockwise"),
    "choice_ccw": N_("counter-clockwise"),
    "pit_seeds": Np_("%(pit)s: %(n)s seed", "%(pit)s: %(n)s seeds"),
    "pit_edit": N_("seeds in %(pit)s"),
    "engine_deciding": N_("%(side)s (the engine) is deciding…"),
    "opponent_decides": N_("%(side)s (the opponent) decides:"),
    "side_decides": N_("%(side)s decides:"),
    "after_partial": N_("After %(partial)s, %(who)s"),
    "choose_option": N_("Choose an option"),
    # Omweso's set-up: the arranger's seeds placed by taps on its pits.
    "setup_arranges": N_("Set-up: %(side)s arranges all its seeds (%(n)s) over its 16 pits."),
    "arrange_hint": N_("Tap a pit to put a seed from your hand in it."),
    "in_hand": Np_("%(n)s seed in hand", "%(n)s seeds in hand"),
    "arrange_take": N_("Take a seed back"),
    "arrange_clear": N_("Clear"),
    "arrange_option": N_("arrange %(holes)s"),
    "play": N_("Play"),
    "at_stake": N_("Pits at stake — %(list)s."),
    "cancel": N_("Cancel"),
    "hole_from_left": N_("hole %(k)s from the left"),
    "arrange_total": Np_("%(sum)s of %(n)s seed", "%(sum)s of %(n)s seeds"),
    "arrange": N_("Arrange:"),
    "game_over_wins": N_("Game over: %(side)s wins"),
    "with_reason": N_("%(text)s (%(reason)s)"),
    "to_move": N_("%(side)s to move"),
    "entering": N_("%(text)s — entering %(partial)s"),
    "cannot_search": N_("The engine could not search %(position)s: %(detail)s"),
    "no_score": N_("no score"),
    "win_in": N_("win in %(n)s"),
    "loss_in": N_("loss in %(n)s"),
    "analysing": N_("Analysing…"),
    "analysing_depth": Np_("Analysing… depth %(depth)s, %(n)s node", "Analysing… depth %(depth)s, %(n)s nodes"),
    "analysed": Np_("Depth %(depth)s, %(n)s node.", "Depth %(depth)s, %(n)s nodes."),
    "analysed_cached": Np_("Depth %(depth)s (from the server's store), %(n)s node.",
                           "Depth %(depth)s (from the server's store), %(n)s nodes."),
    "stopped_at": N_("Stopped at depth %(depth)s."),
    "side_has_won": N_("%(side)s has won"),
    "a_draw": N_("a draw"),
    "game_over": N_("Game over: %(who)s"),
    "nothing_to_analyse": N_("The game is over: nothing to analyse."),
    "play_move": N_("Play %(move)s"),
    "south_percent": N_("South %(p)s"),
    "headline": N_("South %(score)s (depth %(depth)s), South's win chance %(p)s"),
    "solving": N_("Solving…"),
    "game_over_won": N_("The game is over: %(side)s has won."),
    "proof_checked": Np_("Checked: all %(n)s position of the proof.", "Checked: all %(n)s positions of the proof."),
    "proven": Np_("Proven: %(side)s wins (at most %(n)s turn). Line: %(line)s.",
                  "Proven: %(side)s wins (at most %(n)s turns). Line: %(line)s."),
    "deadline_stopped": N_("the server's deadline stopped it"),
    "nodes_searched": Np_("%(n)s node searched", "%(n)s nodes searched"),
    "turns_unsettled": Np_("%(n)s turn could not be settled exactly", "%(n)s turns could not be settled exactly"),
    "not_proven": N_("Not proven in %(s)s s (%(why)s): no forced win for either side was found."),
    "not_json": N_("This is not valid JSON."),
    "http_status": N_("HTTP %(status)s"),
    "move_not_played": N_("Move %(n)s (%(move)s) was not played: %(error)s"),
    "source_rules": N_("Source: %(source)s. Rules: %(rules)s"),
    "game_empty": N_("The game is empty: put the start position on the first line."),
    "reviewing": N_("Reviewing…"),
    "label_inaccuracy": N_("inaccuracy"),
    "label_mistake": N_("mistake"),
    "label_blunder": N_("blunder"),
    "ply_line": N_("ply %(ply)s: %(side)s %(move)s — %(words)s"),
    "ply_illegal": N_("Ply %(ply)s (%(move)s): %(detail)s"),
    "illegal_move": N_("illegal move"),
    "allows_loss": N_("%(label)s: allows a loss in %(n)s (best %(best)s)"),
    "lets_win_go": N_("%(label)s: lets a win in %(n)s go (best %(best)s)"),
    "win_chance_drop": N_("%(label)s (win chance -%(drop)s points; best %(best)s)"),
    "graph": N_("Evaluation graph over the plies"),
    "graph_ply": N_("ply %(ply)s: %(side)s %(move)s"),
    "ply_n": N_("ply %(n)s"),
    "key_form": N_("An API key is printable ASCII, without spaces."),
    "key_not_kept": N_("This browser cannot keep the key."),
    # The move list (tree.js) and the arrows (arrows.js).
    "ply_move": N_("ply %(ply)s, %(side)s: %(move)s"),
    "arrow_best": N_("Best move %(move)s: from %(from)s to %(to)s"),
    "arrow_preview": N_("Line previewed %(move)s: from %(from)s to %(to)s"),
    "arrow_then": N_("%(text)s, then %(words)s"),
    # Puzzles (puzzle.js); the themes' names (theme_<theme>) are the API's (puzzles/themes.py).
    "new_rating": N_("%(rating)s (new)"),
    "turn_of": N_("turn %(turn)s of %(turns)s; the replies are played for %(side)s"),
    "find_move": N_("%(side)s to move: find the winning move."),
    "find_next_move": N_("%(side)s to move: find the next winning move."),
    "find_move_turns": N_("%(side)s to move: find the winning move (%(turns)s)."),
    "find_next_move_turns": N_("%(side)s to move: find the next winning move (%(turns)s)."),
    "loading_puzzle": N_("Loading a puzzle…"),
    "bad_puzzle_id": N_("No puzzle %(id)s: a puzzle's id is 12 hex digits."),
    "checking": N_("Checking %(move)s…"),
    "right_replies": N_("Right: %(move)s. %(side)s replies %(reply)s."),
    "right_replied": N_("Right: %(move)s. %(side)s replied %(reply)s. Your move."),
    "solved": N_("Right: %(move)s. Solved!"),
    "wrong": N_("Wrong: %(move)s is not the winning move. The solution: %(line)s."),
    "solution": N_("Solution: %(line)s"),
    "solution_replies": N_("Solution: %(line)s (the replies included)"),
    "not_rated_tried": N_("%(rating)s (not rated: tried before)"),
    "not_rated_no_id": N_("%(rating)s (not rated: no solver id)"),
    "the_solution": N_("The solution: %(line)s."),
    "solution_explained": N_("The solution explained"),
    "bad_puzzle_link": N_("This puzzle link does not open a puzzle (#puzzle=%(id)s): %(why)s"),
    "not_loaded": N_("it could not be loaded."),
    "themes": N_("Themes: %(themes)s."),
}


def messages() -> dict[str, object]:
    """The page's strings in the request's language, and the languages it offers."""
    out: dict[str, str | dict[str, str]] = {}
    for key, message in MESSAGES.items():
        out[key] = plural_forms(*message) if isinstance(message, tuple) else gettext(message)
    # Tables shared with the API's own words: the same msgid, one translation.
    for theme, name in THEME_NAMES.items():
        out[f"theme_{theme}"] = str(name)
    for reason, words in END_REASONS.items():
        out[f"reason_{reason}"] = str(words)
    return {"language": language(), "languages": LANGUAGES, "messages": out}
