// Puzzle mode (issue 33): a proven tactic to find, played on the board.
// Everything comes from the public API: GET /v1/puzzles/next (a puzzle near
// the solver's rating, of the variant and theme chosen), GET /v1/puzzles/{id}
// (a linked puzzle, #puzzle=<id>), POST /v1/puzzles/{id}/attempts (after
// each of the learner's moves, with the moves so far: right or wrong, the
// defender's reply, and at the end the solution and both ratings' changes).
// The moves are entered as on the board (board.js: a pit, then the turn's
// decisions through /v1/legal-moves with `partial`), and the reply is sown
// by the board's own animation. The solver is an id the server issues and
// signs (POST /v1/puzzles/solvers; only such ids are rated), asked for once
// and kept in localStorage, so the rating stays with the browser.
"use strict";

const SOLVER_STORE = "igisoro-puzzle-solver";
// An id the server issued (its digits, a dash, their signature).
const SOLVER_FORM = /^[0-9a-f]{16}-[0-9a-f]{32}$/;
const RATING_STORE = "igisoro-puzzle-rating";
// igisoro.puzzles.THEMES, in their order (the API refuses any other).
const PUZZLE_THEMES = ["capture", "relay", "long-relay", "retreat", "clockwise", "no-move", "row-emptied",
                       "end-pits", "wins-game", "one-turn", "two-turns", "long"];

const puzzle = {
  p: null,        // the puzzle shown (as the API gives it)
  moves: [],      // the learner's moves so far
  expect: null,   // the position where the learner is to move next (notation)
  done: false,    // solved or failed: moves on the board are free play then
  solution: null, // the whole line, once an attempt ended
  asked: 0,       // number of the latest puzzle asked for (older answers are dropped)
  tempId: null,   // the solver's id when localStorage is not there
  issuing: null,  // the request for a solver id, while one is on its way
};

// The solver's id: the one kept, else a new one the server issues (kept from
// then on). An id kept from before ids were issued is replaced, and the
// rating kept with it dropped: the server never rated it. Null when the
// server issues none (its limit for this address reached): the page is then
// anonymous, its attempts answered but not rated.
async function solverId() {
  let kept = puzzle.tempId;
  try { kept = localStorage.getItem(SOLVER_STORE) || kept; } catch { /* no storage: this page's id */ }
  if (SOLVER_FORM.test(kept || "")) return kept;
  if (!puzzle.issuing) {
    puzzle.issuing = api("/v1/puzzles/solvers", {}).then((r) => r.solver, () => null)
      .finally(() => { puzzle.issuing = null; });
  }
  const id = await puzzle.issuing;
  if (!id) return null;
  puzzle.tempId = id;
  try {
    localStorage.setItem(SOLVER_STORE, id);
    localStorage.removeItem(RATING_STORE);
  } catch { /* kept for this page only */ }
  return id;
}

// The solver's rating as the API last gave it (a new solver is 1500).
function knownRating() {
  try { return JSON.parse(localStorage.getItem(RATING_STORE) || "null"); } catch { return null; }
}

function keepRating(r) {
  try { localStorage.setItem(RATING_STORE, JSON.stringify(r)); } catch { /* kept for this page only */ }
}

function signed(x) { return `${x > 0 ? "+" : x < 0 ? "-" : "±"}${Math.abs(x).toFixed(1)}`; }

// Right or wrong, and the reply, in the live region.
function feedback(text, kind = "") {
  const f = $("puzzle-feedback");
  f.textContent = text;
  f.className = kind;
}

function setMode(on) {
  state.mode = on ? "puzzle" : "analysis";
  document.body.classList.toggle("puzzle-mode", on);
  $("puzzle").hidden = !on;
  $("puzzle-mode").setAttribute("aria-pressed", String(on));
  if (on) {
    stopAnalysis(false);
    const sel = $("puzzle-variant");
    if (sel.options.length === 1) for (const v of state.variants) sel.append(new Option(v.name, v.name));
  }
}

function drawRatings() {
  const me = knownRating();
  $("puzzle-solver-rating").textContent = me ? String(Math.round(me.rating)) : tr("new_rating", {rating: 1500});
  $("puzzle-rating").textContent = puzzle.p ? String(Math.round(puzzle.p.rating)) : "?";
}

function drawPrompt() {
  const p = puzzle.p;
  const turn = puzzle.moves.length + 1;
  const side = sideWord(p.to_move);
  const key = turn > 1 ? "find_next_move" : "find_move";
  const turns = p.turns > 1 ? tr("turn_of", {turn, turns: p.turns, side: sideWord(p.to_move === "south" ? "north" : "south")}) : "";
  $("puzzle-prompt").textContent = puzzle.done ? "" : turns ? tr(`${key}_turns`, {side, turns}) : tr(key, {side});
}

function drawActions(ended) {
  $("puzzle-retry").hidden = !ended;
  $("puzzle-show").hidden = !ended || !puzzle.solution;
}

// Show puzzle `id`, or the next one for this solver (variant and theme as chosen).
async function openPuzzle(id) {
  clearError();
  const asked = ++puzzle.asked;
  setMode(true);
  feedback(tr("loading_puzzle"));
  puzzle.failure = null;
  let p;
  try {
    if (id && !/^[0-9a-f]{12}$/.test(id)) throw new Error(tr("bad_puzzle_id", {id}));
    const me = await solverId();
    const q = new URLSearchParams(me ? {solver: me} : {});
    if (id) {
      p = await api(`/v1/puzzles/${id}?${q}`);
    } else {
      if ($("puzzle-variant").value) q.set("variant", $("puzzle-variant").value);
      if ($("puzzle-theme").value) q.set("theme", $("puzzle-theme").value);
      p = await api(`/v1/puzzles/next?${q}`);
    }
  } catch (e) {
    if (asked === puzzle.asked) { feedback(""); showError(e); puzzle.failure = String(e.message || e); }
    return false;
  }
  if (asked !== puzzle.asked) return false;
  if (p.solver) keepRating(p.solver);
  puzzle.p = p;
  await restart();
  if (asked !== puzzle.asked) return false;
  history.replaceState(null, "", `#puzzle=${p.id}`);
  return true;
}

// The puzzle's position again, nothing played (a retry keeps what an
// earlier attempt told: the solution; it is not rated again).
async function restart() {
  const p = puzzle.p;
  puzzle.moves = [];
  puzzle.done = false;
  feedback("");
  $("puzzle-solution").hidden = true;
  $("puzzle-explanation").hidden = true;
  $("puzzle-themes").hidden = true;
  $("puzzle-hint").setAttribute("aria-expanded", "false");
  drawActions(false);
  await newGame(p.position);
  if (puzzle.p !== p) return;
  puzzle.expect = current().notation;
  // The learner's side at the bottom.
  flip(p.to_move === "north");
  drawPrompt();
  drawRatings();
}

// After each move entered on the board (board.js awaits it, taking no move
// meanwhile): the attempt so far checked by the server.
hooks.moved = async (node) => {
  if (state.mode !== "puzzle" || puzzle.done || !puzzle.p || !node.parent || node.parent.notation !== puzzle.expect) return;
  const p = puzzle.p;
  puzzle.moves.push(node.move);
  feedback(tr("checking", {move: node.move}));
  let r;
  state.busy = true;
  try {
    const me = await solverId();
    // explain: once the attempt ends, the solution told in words (the page's language).
    const body = {moves: puzzle.moves, explain: true, ...(me ? {solver: me} : {})};
    r = await api(`/v1/puzzles/${p.id}/attempts`, body);
  } catch (e) {
    // Not checked (the server did not answer): the move is taken back, to be played again.
    puzzle.moves.pop();
    feedback("");
    showError(e);
    state.busy = false;
    goTo(state.at - 1);
    return;
  } finally { state.busy = false; }
  if (puzzle.p !== p) return;  // another puzzle meanwhile
  const last = r.moves.at(-1);
  if (r.result === "incomplete") {
    const side = sideWord(p.to_move === "south" ? "north" : "south");
    feedback(tr("right_replies", {move: last.move, side, reply: last.reply}), "right");
    await play(last.reply.split("-"));
    if (puzzle.p !== p) return;
    puzzle.expect = current().notation;
    feedback(tr("right_replied", {move: last.move, side, reply: last.reply}), "right");
    drawPrompt();
    return;
  }
  puzzle.done = true;
  puzzle.solution = r.solution;
  if (r.result === "solved") feedback(tr("solved", {move: last.move}), "right");
  else feedback(tr("wrong", {move: last.move, line: r.solution.join(" ")}), "wrong");
  const sol = $("puzzle-solution");
  sol.textContent = tr(r.solution.length > 1 ? "solution_replies" : "solution", {line: r.solution.join(" ")});
  sol.hidden = false;
  showExplanation(r.explanation, $("puzzle-explanation"));
  drawPrompt();
  drawActions(true);
  showChanges(r);
};

function showChanges(r) {
  const s = r.solver_rating, pr = r.puzzle_rating;
  if (s) keepRating({rating: s.after, deviation: s.deviation});
  drawRatings();
  if (!r.rated) {
    const rating = $("puzzle-solver-rating").textContent;
    $("puzzle-solver-rating").textContent = tr(s ? "not_rated_tried" : "not_rated_no_id", {rating});
    return;
  }
  if (s) $("puzzle-solver-rating").textContent = `${Math.round(s.after)} (${signed(s.change)})`;
  if (pr) $("puzzle-rating").textContent = `${Math.round(pr.after)} (${signed(pr.change)})`;
}

// The solution played on the board from the start, each move sown.
async function showSolution() {
  const p = puzzle.p, line = puzzle.solution;
  if (!line) return;
  await restart();
  puzzle.done = true;  // not an attempt
  drawPrompt();
  drawActions(true);
  feedback(tr("the_solution", {line: line.join(" ")}));
  for (const m of line) {
    if (puzzle.p !== p) return;
    await play(m.split("-"));
  }
}

function parseRoute(hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (!q.has("puzzle")) return null;
  if (q.get("variant")) $("puzzle-variant").value = q.get("variant");
  if (q.get("theme")) $("puzzle-theme").value = q.get("theme");
  return {id: q.get("puzzle") || null};
}

// The page opened on #puzzle or #puzzle=<id> (board.js's main asks).
hooks.route = async (hash) => {
  if (!new URLSearchParams(hash.replace(/^#/, "")).has("puzzle")) return false;
  setMode(true);  // fills the variant choice, which the hash may set
  const r = parseRoute(hash);
  if (r && await openPuzzle(r.id)) return true;
  setMode(false);
  // A broken link (no such puzzle, not an id): the plain board opens, and
  // says why once it is there (board.js shows the notice after opening it).
  if (r && r.id) hooks.notice = tr("bad_puzzle_link", {id: r.id, why: puzzle.failure || tr("not_loaded")});
  return false;
};

function leavePuzzles() {
  // The position stays on the board, now to analyse (and the URL is its own again).
  puzzle.asked++;
  setMode(false);
  $("puzzle-prompt").textContent = "";
  flip(false);
  goTo(state.at);
}

// (Named when the page's words come: i18n.js's translatePage.)
for (const theme of PUZZLE_THEMES) {
  const o = new Option(theme, theme);
  o.dataset.i18n = `theme_${theme}`;
  $("puzzle-theme").append(o);
}
$("puzzle-mode").addEventListener("click", () => {
  if (state.mode === "puzzle") leavePuzzles(); else openPuzzle(null).catch(showError);
});
$("puzzle-leave").addEventListener("click", leavePuzzles);
$("puzzle-next").addEventListener("click", () => openPuzzle(null).catch(showError));
$("puzzle-variant").addEventListener("change", () => openPuzzle(null).catch(showError));
$("puzzle-theme").addEventListener("change", () => openPuzzle(null).catch(showError));
$("puzzle-retry").addEventListener("click", () => { if (!state.busy) restart().catch(showError); });
$("puzzle-show").addEventListener("click", () => { if (!state.busy) showSolution().catch(showError); });
$("puzzle-hint").addEventListener("click", () => {
  const t = $("puzzle-themes");
  if (!puzzle.p) return;
  const names = puzzle.p.themes.map((x) => (puzzle.p.theme_names || {})[x] || tr(`theme_${x}`));
  t.textContent = tr("themes", {themes: names.join(", ")});
  t.hidden = !t.hidden;
  $("puzzle-hint").setAttribute("aria-expanded", String(!t.hidden));
});
window.addEventListener("hashchange", () => {
  // A puzzle's link typed or followed on the open page (replaceState does not come here).
  const r = parseRoute(location.hash);
  if (r && (state.mode !== "puzzle" || (r.id && r.id !== puzzle.p?.id))) openPuzzle(r.id).catch(showError);
});
