// The analysis board. Everything it knows comes from the public /v1 API:
// /v1/variants (variants, rules, start positions), /v1/positions/validate
// (pasted positions), /v1/legal-moves with "partial" (the next decision of
// a turn: who decides and the options), /v1/moves/check (the move's result
// and its sowing trace, for the animation), /v1/evaluate/stream (multi-PV lines, deepening),
// /v1/best-move (the engine opponent) and /v1/games/review.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  variants: [],       // from /v1/variants
  start: null,        // notation of the game's start position
  root: null,         // the game's tree of variations (tree.js): its start position
  history: [],        // the line shown: tree nodes {notation, move, status, ...} from the root
  at: 0,              // index into history shown on the board
  partial: [],        // decisions of the turn being entered
  pits: null,         // pits shown (JSON picture, top row first): mid-turn, the board so far
  basePits: null,     // pits of the position shown, before the turn being entered
  stake: {},          // mid-turn: for each option, the pits it concerns (from /v1/legal-moves)
  arrow: null,        // the arrow drawn (arrows.js): {notation, move, trace, kind}
  options: [],        // the next decision's options
  role: null, actor: null,
  best: null,         // best move of the last analysis
  plan: null,         // the engine's move being played: {notation, moves: its tokens} (see engineChoice)
  editing: false,     // pit counts are inputs (hand editing)
  analysis: 0,        // number of the latest analysis asked for (older answers are dropped)
  analysisRun: null,  // the running analysis: {ctl: its AbortController, depth: its last depth}
  // Answers arrive in any order: each asynchronous step notes these
  // numbers when it asks and drops its answer if they moved on meanwhile.
  view: 0,            // number of the latest position asked to be shown
  game: 0,            // number of the game's move list (a new game or a new move bumps it)
  reviewed: null,     // the last review: {nodes: the main line reviewed, labels: {ply: label}}
  reviews: 0,         // number of the latest review asked for
  busy: false,        // a move is being checked or animated
  deciding: false,    // the options after a decision are being asked for
  mode: "analysis",   // or "puzzle" (puzzle.js): no analysis, no engine, no move list, the URL the puzzle's
};

// Where puzzle.js (loaded after this file) hooks in: `moved(node)` after a
// move entered on the board is played and shown (awaited: the board takes
// no move meanwhile), `route(hash)` for a URL that opens a puzzle (true if
// it did), and `notice`: what to say once the board that opened instead is
// shown (a broken puzzle link).
const hooks = {moved: null, route: null, notice: null};

// A server with IGISORO_API_KEYS answers the API 401 without a key (the
// page and its files stay open): the key is asked for then, and kept in
// sessionStorage, for this tab only, never in the URL that may be shared.
const KEY_STORE = "igisoro-api-key";

// What a header can carry: a pasted key with a smart quote or a line break
// would make fetch throw before the server could answer 401.
const KEY_FORM = /^[\x21-\x7e]+$/;

function apiKey() {
  let key = "";
  try { key = sessionStorage.getItem(KEY_STORE) || ""; } catch { return ""; }
  return KEY_FORM.test(key) ? key : "";
}

function askForKey() {
  const form = $("keyform");
  if (!form.hidden) return;
  form.hidden = false;
  $("apikey").value = apiKey();
  $("apikey").focus();
}

// A request to the API: the ok Response, after the same handling of keys
// and of a 503 "overloaded" for every call (an aborted `signal` throws an
// AbortError, which callers that abort ignore).
async function request(path, body, signal) {
  path = withLang(path);  // (i18n.js) problems and descriptions in the page's language
  const headers = body === undefined ? {} : {"Content-Type": "application/json"};
  if (apiKey()) headers["X-API-Key"] = apiKey();
  const init = body === undefined ? {headers, signal} : {method: "POST", headers, body: JSON.stringify(body), signal};
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(path, init);
    if (r.ok) return r;
    const data = await r.json().catch(() => ({detail: tr("http_status", {status: r.status})}));
    // (After a few wrong keys the server answers 429 for a while: the field
    // stays, with that message and its wait.)
    if (r.status === 401 || String(data.type).endsWith(":too-many-auth-failures")) askForKey();
    // 503 overloaded: the worker's search slots are taken (often by this
    // page's own earlier searches, which go on after it moved on); it says
    // when to come back, so come back, twice at most.
    const wait = Number(r.headers.get("Retry-After"));
    if (r.status === 503 && String(data.type).endsWith(":overloaded") && attempt < 2 && wait > 0 && wait <= 5) {
      await new Promise((ok) => setTimeout(ok, 1000 * wait));
      continue;
    }
    const err = problemError(data, r.status);
    err.status = r.status;  // a 422 is about the request; anything else is not (see newGame)
    throw err;
  }
}

async function api(path, body) {
  const r = await request(path, body);
  return r.json().catch(() => { throw new Error(tr("http_status", {status: r.status})); });
}

// A problem as an Error: its detail (in the page's language) as the
// message, and its field errors as the `diagnostic`: a validation
// problem's detail only says "see errors", and what is wrong is in them.
// Those are the engine's and the schema's own words, in English whatever
// the language (docs/TRANSLATING.md), so they are shown apart, marked as
// English (showError).
function problemError(data, status) {
  const text = data.detail || data.title || tr("http_status", {status});
  const flat = (v) => typeof v === "string" ? [v] : Array.isArray(v) ? v.flatMap(flat)
    : v && typeof v === "object" ? Object.values(v).flatMap(flat) : [String(v)];
  const fields = Object.entries(data.errors || {}).map(([k, v]) => [k, flat(v).join(" ")])
    .filter(([, m]) => m !== text).map(([k, m]) => `${k}: ${m}`);
  return diagnosed(text, fields.join("; "));
}

// An Error of the page's words `text` with an English `diagnostic` (the
// engine's, the schema's or the browser's own message; "" for none).
function diagnosed(text, diagnostic) {
  const err = new Error(text);
  err.diagnostic = diagnostic;
  return err;
}

// An error in the message box: its words, then its diagnostic, if any, in
// brackets, in an element marked lang="en" (screen readers read it as
// English; the pseudo-locale test knows it for what it is).
function showError(e) {
  const m = $("message");
  m.replaceChildren(String(e.message || e));
  if (e.diagnostic) {
    const d = Object.assign(document.createElement("span"), {lang: "en", className: "diagnostic",
                                                             textContent: `(${e.diagnostic})`});
    m.append(" ", d);
  }
  m.hidden = false;
}
function clearError() { $("message").hidden = true; }
function current() { return state.history[state.at]; }
function variantOf(notation) { return notation.split(" ")[0]; }
function isPit(opt) { return /^[a-h][1-4]$/.test(opt); }

// The decisions' tokens in words (docs/NOTATION.md), for the buttons and
// the arrows' labels (`short`: the arrows' shorter word, where there is one).
function choiceName(token, short = false) {
  if (!["p", "x", "r", "n", "cw", "ccw"].includes(token)) return null;
  return tr(short && token === "p" ? "choice_p_short" : `choice_${token}`);
}

// --- drawing --------------------------------------------------------------

function pitName(rows, r, c) { return "abcdefgh"[c] + (rows - r); }

function drawBoard() {
  const b = $("board");
  const rows = state.pits.length, cols = state.pits[0].length;
  // The pit that has the keyboard's focus is drawn anew: give it back.
  const focused = b.contains(document.activeElement) ? document.activeElement.dataset.pit : null;
  b.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  b.replaceChildren();
  // (None while the engine decides: its decisions are not the human's to take.)
  const legal = new Set(enginesDecision(state.actor) ? [] : state.options.filter(isPit));
  // Mid-turn: the pits the decision is about (a capture's, a retreat's, the relay's start).
  const stake = new Set(Object.values(state.stake).flat());
  state.pits.forEach((row, r) => {
    if (r === rows / 2) { const d = document.createElement("div"); d.className = "divider"; b.append(d); }
    row.forEach((shown, c) => {
      const name = pitName(rows, r, c);
      // Omweso's set-up: the arranger's pits as arranged so far, tapped to arrange.
      const arranged = state.arranging && !state.editing && name in state.arranging.counts &&
        !enginesDecision(state.arranging.side);
      const n = arranged ? state.arranging.counts[name] : shown;
      if (state.editing) {
        const inp = document.createElement("input");
        inp.type = "number"; inp.min = "0"; inp.value = String(n);
        inp.className = "pit edit"; inp.dataset.pit = name;
        inp.setAttribute("aria-label", tr("pit_edit", {pit: name}));
        b.append(inp);
        return;
      }
      const btn = document.createElement("button");
      btn.className = "pit";
      btn.dataset.pit = name;
      btn.setAttribute("aria-label", tr("pit_seeds", {pit: name, n}));
      btn.innerHTML = `<span class="count">${n}</span><span class="name">${name}</span>`;
      if (arranged) { btn.classList.add("legal", "arranging"); btn.addEventListener("click", () => arrangeTap(name)); }
      else if (legal.has(name)) { btn.classList.add("legal"); btn.addEventListener("click", () => decide(name)); }
      else { btn.tabIndex = -1; }
      if (state.best && state.partial.length === 0 && state.best.split("-")[0] === name) btn.classList.add("best");
      if (stake.has(name)) btn.classList.add("stake");
      b.append(btn);
    });
  });
  if (focused) b.querySelector(`[data-pit="${focused}"]`)?.focus();
  drawArrow();
}

// The move list (drawMoves) and the tree of variations are in tree.js.

function drawDecision() {
  const box = $("decision");
  if (state.arrangement) { setupNotice(box); return; }
  const nonPit = state.options.filter((o) => !isPit(o));
  if (nonPit.length === 0) { box.hidden = true; return; }
  box.hidden = false;
  const engine = enginesDecision(state.actor);
  const side = sideWord(state.actor);
  const who = engine ? tr("engine_deciding", {side})
    : state.role === "opponent" ? tr("opponent_decides", {side}) : tr("side_decides", {side});
  $("decision-who").textContent = state.partial.length ? tr("after_partial", {partial: state.partial.join("-"), who}) : who;
  const opts = $("decision-options");
  opts.replaceChildren();
  if (engine) return;  // no buttons: the engine answers by itself
  if (nonPit.length > 12 && nonPit.every((o) => /^k\d+(\.\d+)+$/.test(o))) {
    arrangeControls(opts, nonPit);
    cancelButton(opts);
    return;
  }
  if (nonPit.length > 12) {
    // Many options of another kind: a list to pick from instead of buttons.
    const sel = document.createElement("select");
    sel.id = "choice-select";
    sel.setAttribute("aria-label", tr("choose_option"));
    for (const o of nonPit) sel.append(new Option(o.startsWith("k") ? tr("arrange_option", {holes: o.slice(1).split(".").join(" | ")}) : o, o));
    const btn = document.createElement("button");
    btn.textContent = tr("play");
    btn.id = "choice-play";
    btn.addEventListener("click", () => decide(sel.value));
    opts.append(sel, btn);
    cancelButton(opts);
    return;
  }
  for (const o of nonPit) {
    const btn = document.createElement("button");
    btn.textContent = choiceName(o) ? `${choiceName(o)} (${o})` : o;
    btn.dataset.choice = o;
    btn.addEventListener("click", () => decide(o));
    // Pointing at an option (or tabbing to it) lights up its own pits.
    const pits = state.stake[o] || [];
    const light = (on) => pits.forEach((p) => $("board").querySelector(`[data-pit="${p}"]`)?.classList.toggle("stake-hot", on));
    for (const [ev, on] of [["mouseenter", true], ["focus", true], ["mouseleave", false], ["blur", false]]) {
      btn.addEventListener(ev, () => light(on));
    }
    opts.append(btn);
  }
  // What each option concerns, in words beside the highlighted pits.
  const said = nonPit.filter((o) => (state.stake[o] || []).length)
    .map((o) => `${choiceName(o) || o}: ${state.stake[o].join(", ")}`);
  if (said.length) {
    const note = document.createElement("span");
    note.id = "decision-stake";
    note.textContent = tr("at_stake", {list: said.join("; ")});
    opts.append(" ", note);
  }
  cancelButton(opts);
}

// Omweso's set-up (docs/OMWESO.md): a move is a whole arrangement of the
// arranger's seeds over its 16 pits, never listed (/v1/legal-moves answers
// with its rule, `arrangement`). It is made by clicks (a tap puts a seed
// from the hand into a pit, or takes one back with "Take a seed"), and
// played when the hand is empty, as the arrangement's notation
// (`k<row>/<row>`, the arranger's rows as the picture shows them).
function setupNotice(box) {
  const a = state.arrangement;
  box.hidden = false;
  $("decision-who").textContent = tr("setup_arranges", {side: sideWord(a.side), n: a.seeds});
  const opts = $("decision-options");
  opts.replaceChildren();
  if (enginesDecision(a.side)) return;  // the engine arranges by itself
  const arr = state.arranging;
  const hand = Object.assign(document.createElement("span"), {id: "arrange-hand", textContent: tr("in_hand", {n: arr.hand})});
  hand.setAttribute("aria-live", "polite");
  const button = (id, key, click) => {
    const btn = Object.assign(document.createElement("button"), {id, textContent: tr(key)});
    btn.addEventListener("click", click);
    return btn;
  };
  const take = button("arrange-take", "arrange_take", () => { arr.taking = !arr.taking; redraw(); });
  take.setAttribute("aria-pressed", String(arr.taking));
  const clear = button("arrange-clear", "arrange_clear", () => {
    for (const pit of Object.keys(arr.counts)) arr.counts[pit] = 0;
    arr.hand = a.seeds;
    redraw();
  });
  const play = button("choice-play", "play", () => decide(arrangementText()));
  play.disabled = arr.hand !== 0;
  opts.append(tr("arrange_hint"), " ", hand, " ", take, " ", clear, " ", play);
}

// The arranger's pits while arranging: {counts: pit -> seeds, hand, taking},
// starting from the position's own counts on its side (the seeds it holds
// as the set-up begins, in its outer row).
function startArranging(a) {
  const rows = state.pits.length;
  const counts = {};
  state.pits.forEach((row, r) => row.forEach((n, c) => {
    const name = pitName(rows, r, c);
    if (ownPit(a.side, name)) counts[name] = n;
  }));
  const placed = Object.values(counts).reduce((x, y) => x + y, 0);
  return {side: a.side, counts, hand: Math.max(0, a.seeds - placed), taking: false};
}

// Whether `pit` is one of `side`'s 16 (South rows 1-2, North rows 3-4).
function ownPit(side, pit) { return side === "south" ? pit[1] <= "2" : pit[1] >= "3"; }

// A tap on one of the arranger's pits: a seed in from the hand, or back to it.
function arrangeTap(pit) {
  const arr = state.arranging;
  if (arr.taking && arr.counts[pit] > 0) { arr.counts[pit]--; arr.hand++; }
  else if (!arr.taking && arr.hand > 0) { arr.counts[pit]++; arr.hand--; }
  redraw();
}

// The arrangement's notation: `k`, then the arranger's two rows as the
// picture shows them (top first), each from column a to h (docs/OMWESO.md).
function arrangementText() {
  const arr = state.arranging;
  const rows = arr.side === "south" ? ["2", "1"] : ["4", "3"];
  return "k" + rows.map((r) => [..."abcdefgh"].map((c) => arr.counts[c + r]).join(".")).join("/");
}

// Cancel: drop the move being entered (its decisions so far) and start over
// from the position shown.
function cancelButton(box) {
  if (!state.partial.length) return;
  const btn = document.createElement("button");
  btn.id = "decision-cancel";
  btn.textContent = tr("cancel");
  btn.addEventListener("click", () => goTo(state.at));
  box.append(" ", btn);
}

// The holes' counts an arrangement starts from: the arranger's row as it
// stands (Play keeps it), in column order like the option; if that row
// does not hold the arrangement's total, the documented default
// (docs/ISOLO.md): total / n in every hole, the remainder one each into
// the arranger's holes 1, 2, ... from its own left (for North, whose
// left is column h, from the right of the picture).
function arrangementStart(n, total) {
  const row = state.actor === "north" ? state.pits[0] : state.pits[state.pits.length - 1];
  if (row.length === n && row.reduce((a, b) => a + b, 0) === total) return row.slice();
  const even = Array.from({length: n}, () => Math.floor(total / n));
  for (let k = 0; k < total % n; k++) even[state.actor === "north" ? n - 1 - k : k]++;
  return even;
}

// Isolo's kucheleka ("k<a>.<b>.<c>.<d>": the seeds of the arranger's row over
// its holes, from its own left): a number per hole with the running total,
// and Play once the total is the row's. Any arrangement with that total is
// legal (the list offered may be a sample: docs/ISOLO.md), so none is
// refused for not being listed.
function arrangeControls(box, options) {
  const n = options[0].slice(1).split(".").length;
  const total = options[0].slice(1).split(".").map(Number).reduce((a, b) => a + b, 0);
  const first = arrangementStart(n, total);
  const sum = document.createElement("span");
  sum.id = "arrange-total";
  sum.setAttribute("aria-live", "polite");
  const play = document.createElement("button");
  play.id = "choice-play";
  play.textContent = tr("play");
  const inputs = first.map((n, k) => {
    const inp = document.createElement("input");
    Object.assign(inp, {type: "number", min: "0", max: String(total), value: String(n), id: `arrange-${k}`});
    inp.className = "arrange";
    inp.setAttribute("aria-label", tr("hole_from_left", {k: k + 1}));
    inp.addEventListener("input", update);
    return inp;
  });
  function update() {
    const vals = inputs.map((i) => Number(i.value));
    const ok = vals.every((v) => Number.isInteger(v) && v >= 0);
    const s = vals.reduce((a, b) => a + b, 0);
    sum.textContent = tr("arrange_total", {sum: ok ? s : "?", n: total});
    play.disabled = !ok || s !== total;
    play.dataset.choice = `k${vals.join(".")}`;
  }
  play.addEventListener("click", () => decide(play.dataset.choice));
  update();
  box.append(tr("arrange") + " ", ...inputs, " ", sum, " ", play);
}

function drawStatus() {
  const h = current();
  const banner = $("banner");
  if (h.status && h.status.state !== "ongoing") {
    banner.textContent = withReason(tr("game_over_wins", {side: h.status.winner ? sideWord(h.status.winner) : tr("nobody")}),
                                    h.status.reason);
    banner.hidden = false;
  } else banner.hidden = true;
  const toMove = tr("to_move", {side: sideWord(state.toMove)});
  $("tomove").textContent = h.status && h.status.state !== "ongoing" ? "" :
    state.partial.length ? tr("entering", {text: toMove, partial: state.partial.join("-")}) : toMove;
  $("position-text").value = h.notation;
  // The line shown, and the ply shown when it is not the last: a reload or
  // a shared link opens the same view, with the moves after it still there.
  // Only that line is kept, not the side lines of the tree: the URL stays a
  // plain move list (as Export writes it), short enough to share, and a
  // side line is kept by showing it before sharing.
  const q = {position: state.start, moves: state.history.slice(1).map((x) => x.move).join(" ")};
  if (state.at < state.history.length - 1) q.ply = String(state.at);
  if (state.mode !== "puzzle") history.replaceState(null, "", "#" + new URLSearchParams(q).toString());
}

function redraw() {
  // A decision's buttons are drawn anew: a keyboard user who was on the
  // board or on them goes on with the next decision's first option.
  const was = $("board").contains(document.activeElement) || $("decision").contains(document.activeElement);
  drawBoard(); drawMoves(); drawDecision(); drawStatus();
  if (was && !$("decision").hidden) $("decision-options").querySelector("button, select")?.focus();
  else if (was && !$("board").contains(document.activeElement)) $("board").querySelector(".pit.legal")?.focus();
}

function setOptions(d) {
  state.options = !d || d.complete ? [] : d.options;
  state.arrangement = d && !d.complete && d.arrangement ? d.arrangement : null;
  state.arranging = state.arrangement ? startArranging(state.arrangement) : null;
  state.role = d ? d.role : null; state.actor = d ? d.actor : null;
}

// --- positions and decisions ----------------------------------------------

// Show history[i]: nothing changes until both answers are in, and only if
// no other position was asked for meanwhile (arrow keys pressed quickly).
async function show(i, line = state.history) {
  const view = ++state.view;
  const h = line[i];
  const v = await api("/v1/positions/validate", {position: h.notation});
  const d = v.status && v.status.state !== "ongoing" ? null : await api("/v1/legal-moves", {position: h.notation, partial: []});
  if (view !== state.view) return;
  state.history = line;
  state.at = i;
  state.partial = [];
  state.stake = {};
  state.best = null;
  state.plan = null;
  state.arrow = null;
  previewing = null;  // (arrows.js) the lines that were pointed at are gone
  h.status = v.status;
  state.pits = state.basePits = v.position.pits;
  state.toMove = v.position.to_move;
  setOptions(d);
  $("json-out").value = JSON.stringify(v.position);
  // What was said of the previous position is not of this one.
  $("solve-out").textContent = "";
  $("lines").replaceChildren();
  $("evaltext").textContent = "?";
  redraw();
  markGraph();
  stopAnalysis(false);
  analysisStatus("", false);  // what it said was of the position before
  if (h.status && h.status.state !== "ongoing") showResult(h.status);
  else if ($("auto").checked && state.mode !== "puzzle") analyse();
  maybeEngine();
}

// The side the engine plays ("north", "south"), or null: nobody, or a puzzle.
function engineSide() { return state.mode === "puzzle" ? null : $("engine-side").value || null; }

// Whether the decision of `actor` is the engine's to take: each side takes
// its own decisions, whoever's turn it is (the opponent's retreat in the
// middle of a move belongs to the opponent, /v1/legal-moves's `actor`).
function enginesDecision(actor) { return actor !== null && actor === engineSide(); }

async function decide(choice) {
  if (state.busy || state.deciding) return;  // a double click is one decision
  if (enginesDecision(state.actor)) return;  // the engine's own decision is not the human's to take
  clearError();
  state.deciding = true;
  try { await enter([...state.partial, choice]); } catch (e) { showError(e); } finally { state.deciding = false; }
}

// Go on with the move being entered, its decisions so far `partial`: a
// complete move is played; a decision of the human's is shown with its
// options; one of the engine's own is taken by the engine (engineChoice),
// and the move goes on. The caller holds state.deciding.
async function enter(partial) {
  const view = state.view;
  for (;;) {
    const d = await api("/v1/legal-moves", {position: current().notation, partial});
    if (view !== state.view) return;
    if (d.complete) { await play(partial); return; }
    // The sowing up to the decision, animated from where the board stands
    // (the buttons wait for it, as they do while a move is sown).
    if (d.trace_so_far) {
      state.busy = true;
      $("decision").hidden = true;
      try { await animate(d.trace_so_far, () => view === state.view, state.partial.length); }
      finally { state.busy = false; }
      if (view !== state.view) return;
    }
    state.partial = partial;
    setOptions(d);
    // The board as it stands at the decision (the decisions so far sown),
    // the pits at stake highlighted; the position before the move is kept
    // in basePits (Cancel shows it again).
    if (d.pits_so_far) state.pits = d.pits_so_far;
    state.stake = d.at_stake || {};
    redraw();
    if (!enginesDecision(d.actor)) return;
    const choice = await engineChoice(partial, d);
    if (view !== state.view) return;
    partial = [...partial, choice];
  }
}

// The engine's choice at a decision of its own, `d`, after `partial`: the
// next token of the move its search chose (/v1/best-move) while the move
// follows it; otherwise (a decision inside the human's move, or after the
// human answered otherwise than the engine's move assumed) by a search of
// this decision's outcomes (searchedChoice).
async function engineChoice(partial, d) {
  const plan = state.plan, h = current();
  if (plan && plan.notation === h.notation && partial.length < plan.moves.length &&
      partial.every((t, i) => plan.moves[i] === t)) return plan.moves[partial.length];
  return searchedChoice(partial, d);
}

// The depth at which the engine searches the outcomes of a decision of its
// own: the move is already under way and its outcomes are few, so a
// shallow search (a few milliseconds each) keeps the page quick.
const DECISION_DEPTH = 3;

// A search result's score as one number from `side`'s view (a forced result
// counts as 1000 seeds less its turns, as the core's review counts it).
function valueFor(r, side) {
  if (!r.score) throw new Error(tr("cannot_search", {position: r.position, detail: r.error?.detail || tr("no_score")}));
  const s = r.score;
  const v = s.type === "seeds" ? s.value : (s.type === "win" ? 1 : -1) * (1000 - s.turns);
  return r.to_move === side ? v : -v;
}

// The engine's decision by its search: every complete move through
// `partial` (from /v1/legal-moves, each with its result) is searched from
// the position it leaves (/v1/analysis/batch), and the rest of the turn is
// decided as its owners would decide it: at the engine's decisions the
// outcome best for the engine, at the human's the one worst for it.
async function searchedChoice(partial, d) {
  const h = current(), side = d.actor;
  const listed = await api("/v1/legal-moves", {position: h.notation});
  const through = listed.moves.map((m) => ({tokens: m.move.split("-"), result: m.result.notation}))
    .filter((m) => m.tokens.length > partial.length && partial.every((t, i) => m.tokens[i] === t));
  // (A move list cut at the server's cap may miss this decision's moves:
  // then the engine takes the first option rather than stall the game.)
  if (!through.length) return d.options[0];
  const values = [];
  for (let i = 0; i < through.length; i += 64) {  // the server's MAX_BATCH_POSITIONS
    const r = await api("/v1/analysis/batch", {positions: through.slice(i, i + 64).map((m) => m.result),
                                               depth: DECISION_DEPTH});
    values.push(...r.results.map((x) => valueFor(x, side)));
  }
  const under = (prefix) => through.map((m, k) => [m.tokens, values[k]])
    .filter(([t]) => prefix.every((x, i) => t[i] === x));
  const next = (prefix) => [...new Set(under(prefix).map(([t]) => t[prefix.length]))];
  // The value of the decisions `prefix` for the engine, the rest decided by their owners.
  async function value(prefix) {
    const rows = under(prefix);
    const done = rows.find(([t]) => t.length === prefix.length);
    if (done) return done[1];
    const who = (await api("/v1/legal-moves", {position: h.notation, partial: prefix})).actor;
    const vals = [];
    for (const t of next(prefix)) vals.push(await value([...prefix, t]));
    return who === side ? Math.max(...vals) : Math.min(...vals);
  }
  let best = null, bestValue = -Infinity;
  for (const t of next(partial)) {
    const v = await value([...partial, t]);
    if (v > bestValue) { best = t; bestValue = v; }
  }
  return best;
}

async function play(decisions) {
  const view = state.view, game = state.game;
  const still = () => view === state.view && game === state.game;
  state.busy = true;
  $("decision").hidden = true;  // decided: no buttons during the sowing
  let r;
  try {
    r = await api("/v1/moves/check", {position: current().notation, move: decisions});
    // The decisions already shown on the partly sown board are not sown again.
    await animate(r.trace, still, state.partial.length);
  } finally { state.busy = false; }
  if (!still()) return;  // another game, or another position, meanwhile
  // A move in the middle of a line is a side line (tree.js): nothing is
  // dropped, and the main line, and its review, stay as they were.
  const node = addMove(current(), r.result.notation, r.canonical, r.status);
  state.game++;  // the move list changed
  const line = lineThrough(node);
  await show(line.indexOf(node), line);
  if (hooks.moved) await hooks.moved(node);
}

// The sowing from the move's trace: each seed lands, captures empty pits.
// Stops when `still()` turns false (another game or position was asked for).
// The events before decision `shown` (the part already on the partly sown
// board) are applied without being shown again.
async function animate(trace, still, shown = 0) {
  const delay = Number($("speed").value);
  if ($("skip").checked || delay === 0) return;
  const pits = state.basePits.map((row) => row.slice());
  let decisions = 0;
  const rows = pits.length;
  const at = (name) => [rows - Number(name[1]), "abcdefgh".indexOf(name[0])];
  const pause = () => new Promise((ok) => setTimeout(ok, delay));
  for (const ev of trace) {
    if (!still()) return;
    if (ev.type === "decision") decisions++;
    const quiet = decisions <= shown;
    const cls = [];
    if (ev.type === "lift") { const [r, c] = at(ev.pit); pits[r][c] = 0; }
    else if (ev.type === "sow") { const [r, c] = at(ev.pit); pits[r][c] += 1; cls.push([ev.pit, "sowing"]); }
    else if (ev.type === "capture") {
      for (const p of ev.pits) { const [r, c] = at(p); pits[r][c] = 0; cls.push([p, "captured"]); }
    } else if (ev.type === "retreat") {
      // The opponent moves the threatened seeds back to its outer row.
      const [r1, c1] = at(ev.from), [r2, c2] = at(ev.to);
      pits[r1][c1] -= ev.count; pits[r2][c2] += ev.count;
      cls.push([ev.from, "captured"], [ev.to, "retreated"]);
    } else continue;
    if (quiet) continue;
    state.pits = pits;
    state.options = [];
    state.stake = {};
    drawBoard();
    // What is being shown, for screen readers (and the browser tests).
    $("board").dataset.event = ev.type + ":" + (ev.pit || (ev.pits || []).join(",") || `${ev.from}>${ev.to}`);
    for (const [p, k] of cls) document.querySelector(`[data-pit="${p}"]`)?.classList.add(k);
    await pause();
  }
}

// --- analysis, engine, navigation -----------------------------------------

// A probability as a whole percent, written as the page's language writes
// one ("50 %" in French); 0 and 100 only for proofs (the API keeps
// estimates within 0.001..0.999, which would round to them).
function percent(p) {
  const f = new Intl.NumberFormat(words.language, {style: "percent", maximumFractionDigits: 0});
  if (p > 0 && p < 0.005) return "<" + f.format(0.01);
  if (p < 1 && p > 0.995) return ">" + f.format(0.99);
  return f.format(p);
}

// A game's end reason ("no_legal_move", ...) in words after `text`.
function withReason(text, reason) {
  if (!reason) return text;
  const key = `reason_${reason}`;
  return tr("with_reason", {text, reason: key in words.messages ? tr(key) : reason.replaceAll("_", " ")});
}

// The same score from the other side's view.
function flipScore(s) {
  if (s.type === "seeds") return {type: "seeds", value: -s.value};
  return {type: s.type === "win" ? "loss" : "win", turns: s.turns};
}

function scoreText(s) {
  if (s.type === "seeds") {
    // Seeds with two decimals in the page's language's digits ("+3,08" in French), signed.
    const f = new Intl.NumberFormat(words.language, {minimumFractionDigits: 2, maximumFractionDigits: 2});
    return (s.value > 0 ? "+" : "") + f.format(s.value);
  }
  return tr(s.type === "win" ? "win_in" : "loss_in", {n: s.turns});
}

// The analysis deepens while you watch: /v1/evaluate/stream sends a line
// per completed depth, each shown as it comes, then a final one. A new
// analysis (another position, depth or time) or the Stop button aborts the
// one running, and the server stops its search when the page hangs up.
async function analyse() {
  const h = current();
  stopAnalysis(false);
  showExplanation(null);  // the last position's, until this one's final line
  if (h.status && h.status.state !== "ongoing") { showResult(h.status); return; }
  const asked = ++state.analysis;
  const ctl = new AbortController();
  state.analysisRun = {ctl, depth: 0};
  analysisStatus(tr("analysing"), true);
  try {
    const time = $("time").value;
    const limit = time ? {time_ms: Number(time)} : {depth: Number($("depth").value)};
    // explain: the final line tells the best line in words, in the
    // browser's language (its Accept-Language; the server's catalogs).
    const r = await request("/v1/evaluate/stream", {position: h.notation, multipv: 3, explain: true, ...limit},
                            ctl.signal);
    const reader = r.body.getReader();
    const text = new TextDecoder();
    let buf = "";
    for (;;) {
      const {done, value} = await reader.read();
      if (done) break;
      buf += text.decode(value, {stream: true});
      for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
        const a = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        // Only the latest request counts: an earlier, slower one (another
        // depth, another position) must not overwrite it.
        if (asked !== state.analysis || current() !== h) return;
        state.analysisRun.depth = a.depth;
        showAnalysis(a);
        if (a.final) {
          state.analysisRun = null;
          showExplanation(a.explanation);
          analysisStatus(tr(a.cached ? "analysed_cached" : "analysed", {depth: a.depth, n: a.nodes}), false);
        } else {
          analysisStatus(tr("analysing_depth", {depth: a.depth, n: a.nodes}), true);
        }
      }
    }
  } catch (e) {
    if (e.name === "AbortError") return;
    if (asked === state.analysis) analysisStatus("", false);
    showError(e);
  }
}

// The final analysis's explanation (the server's sentences, already in the
// page's language), or none: hidden while an analysis runs, and when the
// server had no time left to tell it. (`box`: puzzle.js tells a solution
// in its own.)
function showExplanation(e, box = $("explanation")) {
  const sentences = e && e.sentences ? e.sentences : [];
  box.querySelector("ol").replaceChildren(...sentences.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
  box.lang = e && e.language ? e.language : "";
  box.hidden = sentences.length === 0;
}

// Turn the board half a turn (North at the bottom) or back.
function flip(on) {
  $("boardwrap").classList.toggle("flipped", on);
  $("flip").setAttribute("aria-pressed", String(on));
}

// Stop the running analysis, if any, saying so if `say` (the Stop button).
function stopAnalysis(say) {
  const run = state.analysisRun;
  state.analysisRun = null;
  if (!run) return;
  run.ctl.abort();
  analysisStatus(say ? tr("stopped_at", {depth: run.depth}) : "", false);
}

// A finished game in the evaluation's place: the result, with the bar full
// for the winner (half for a draw), and no analysis or lines, since there
// are no moves left to search.
function showResult(status) {
  const p = status.winner === "south" ? 1 : status.winner === "north" ? 0 : 0.5;
  const who = status.winner ? tr("side_has_won", {side: sideWord(status.winner)}) : tr("a_draw");
  state.best = null;
  $("lines").replaceChildren();
  $("evalfill").style.width = `${100 * p}%`;
  $("evalbar").setAttribute("aria-valuenow", String(100 * p));
  $("evalbar").setAttribute("aria-valuetext", tr("game_over", {who}));
  $("evaltext").textContent = withReason(tr("game_over", {who}), status.reason);
  analysisStatus(tr("nothing_to_analyse"), false);
}

// The analysis's state in words (a live region) and the Stop button.
function analysisStatus(text, running) {
  $("analysis-status").textContent = text;
  $("stop-analysis").disabled = !running;
}

function showAnalysis(a) {
  // A new best move: the old one's arrow goes now (its own follows when its
  // trace is in), so the arrow never shows another move than the ring.
  if (state.arrow && state.arrow.kind === "best" && state.arrow.move !== a.best_move) state.arrow = null;
  state.best = a.best_move;
  // Every score on the panel is South's, as the bar is, whoever is to move
  // (the lines are ordered best first for the side to move).
  const south = a.to_move === "south";
  const ol = $("lines");
  // Each line is a button that plays its first move (as a click on the
  // board would, with the animation).
  ol.replaceChildren(...a.lines.map((l) => {
    const li = document.createElement("li");
    const btn = document.createElement("button");
    btn.className = "line";
    btn.textContent = `${scoreText(south ? l.score : flipScore(l.score))}  ${l.pv.join(" ")}`;
    btn.title = tr("play_move", {move: l.move});
    btn.dataset.move = l.move;
    btn.addEventListener("click", () => {
      if (!state.busy && !state.deciding) play(l.move.split("-")).catch(showError);
    });
    // Pointing at a line (or tabbing to it) previews its first move as an
    // arrow on the board, without playing it; leaving it shows the best again.
    for (const ev of ["mouseenter", "focus"]) btn.addEventListener(ev, () => previewLine(l.move));
    for (const ev of ["mouseleave", "blur"]) btn.addEventListener(ev, () => previewLine(null));
    li.append(btn);
    return li;
  }));
  // The bar is South's chance to win: the score is in seeds, whose worth
  // depends on the variant and the stage, while the win probability is
  // fitted to how games end, so the bar means the same everywhere. The
  // words speak for South too, as the bar does, whoever is to move.
  const p = south ? a.win_probability : 1 - a.win_probability;
  $("evalfill").style.width = `${100 * p}%`;
  $("evalbar").setAttribute("aria-valuenow", String(Math.round(100 * p)));
  $("evalbar").setAttribute("aria-valuetext", tr("south_percent", {p: percent(p)}));
  $("evaltext").textContent =
    tr("headline", {score: scoreText(south ? a.score : flipScore(a.score)), depth: a.depth, p: percent(p)});
  if (!state.editing) drawBoard();  // redrawing would reset the edited counts
  // The best line as an arrow (unless a line is being previewed: showArrow waits).
  showArrow(a.best_move, "best");
}

// The proof-number solver: a proven win or loss with its line, or "unknown"
// within the time chosen. A proof is a fact about the position, unlike the
// evaluation, so it is shown apart from it, with the proof's line.
async function solve() {
  const h = current();
  const out = $("solve-out");
  out.textContent = tr("solving");
  try {
    const r = await api("/v1/solve", {position: h.notation, time_ms: Number($("solve-time").value)});
    if (current() !== h) return;
    const winner = r.outcome === "win" ? r.to_move : (r.to_move === "south" ? "north" : "south");
    if (r.stopped_by === "game_over") {
      out.textContent = tr("game_over_won", {side: sideWord(winner)});
    } else if (r.outcome !== "unknown") {
      // Say that the whole proof was re-walked by the independent check.
      const checked = r.proof_positions ? " " + tr("proof_checked", {n: r.proof_positions}) : "";
      out.textContent = tr("proven", {side: sideWord(winner), n: r.turns, line: r.line.join(" ")}) + checked;
    } else {
      // Say what stopped it: the budget, the server's deadline, and turns
      // the solver could not settle exactly (where a proof may hide).
      const why = r.partial ? tr("deadline_stopped") : tr("nodes_searched", {n: r.nodes});
      const open = r.unknown_turns ? "; " + tr("turns_unsettled", {n: r.unknown_turns}) : "";
      const s = new Intl.NumberFormat(words.language, {minimumFractionDigits: 1, maximumFractionDigits: 1}).format(r.time_ms / 1000);
      out.textContent = tr("not_proven", {s, why: why + open});
    }
  } catch (e) {
    if (current() !== h) return;
    out.textContent = "";
    showError(e);
  }
}

async function maybeEngine() {
  const side = $("engine-side").value;
  const h = current();
  if (!side || state.mode === "puzzle" || state.toMove !== side || state.at !== state.history.length - 1 || (h.status && h.status.state !== "ongoing")) return;
  const view = state.view;
  try {
    const a = await api("/v1/best-move", {position: h.notation, level: Number($("level").value), time_ms: 300, seed: state.at});
    // Not if the user moved meanwhile (or is moving).
    if (!a.best_move || view !== state.view || state.busy || state.deciding) return;
    // The move is entered decision by decision, as a human enters one: the
    // engine's own decisions from its move, the human's asked of the human
    // (a retreat of theirs inside the engine's move is theirs to choose).
    state.plan = {notation: h.notation, moves: a.best_move.split("-")};
    state.deciding = true;
    try { await enter([]); } finally { state.deciding = false; }
  } catch (e) { if (view === state.view) showError(e); }
}

function goTo(i) { if (i >= 0 && i < state.history.length && !state.busy) show(i).catch(showError); }

// A new game from `notation` with `moves` played, showing ply `ply` (the
// last if not given). The moves are checked before anything changes; the
// legal ones are kept and the first illegal one named.
async function newGame(notation, moves = [], ply = null) {
  clearError();
  const game = ++state.game;
  const v = await api("/v1/positions/validate", {position: notation});
  const root = makeNode(null, v.notation, null, v.status);
  const hist = [root];
  let bad = null;
  for (const [k, m] of moves.entries()) {
    try {
      const r = await api("/v1/moves/check", {position: hist.at(-1).notation, move: m});
      hist.push(makeNode(hist.at(-1), r.result.notation, r.canonical, r.status));
    } catch (e) {
      // Only a refusal of the move is "not played"; a 503 or a network
      // error says nothing of it, so the import fails whole (the board and
      // the URL keep the game they had).
      if (e.status !== 422) throw e;
      bad = diagnosed(tr("move_not_played", {n: k + 1, move: m, error: e.message}), e.diagnostic);
      break;
    }
  }
  if (game !== state.game) return;  // another game was asked for meanwhile
  state.start = v.notation;
  state.root = root;
  state.reviewed = null;
  $("variant").value = v.position.variant;
  showVariantInfo();
  $("review-out").replaceChildren();
  await show(Number.isInteger(ply) && ply >= 0 && ply < hist.length ? ply : hist.length - 1, hist);
  if (bad) showError(bad);
}

function showVariantInfo() {
  const v = state.variants.find((x) => x.name === $("variant").value);
  if (!v) return;
  const rules = Object.entries(v.rules).map(([k, x]) => `${k}=${Array.isArray(x) ? x.join(",") : x}`).join("; ");
  // The description in one line, the rest folded away until asked for.
  $("variant-summary").textContent = v.description;
  $("variant-info").textContent = tr("source_rules", {source: v.source, rules});
}

// --- game import, export, review ------------------------------------------

function parseGame(text) {
  const lines = text.trim().split("\n").map((l) => l.trim()).filter(Boolean);
  if (!lines.length) throw new Error(tr("game_empty"));
  return {start: lines[0], moves: lines.slice(1).join(" ").split(/\s+/).filter(Boolean)};
}

async function review() {
  clearError();
  const out = $("review-out");
  out.textContent = tr("reviewing");
  // The main line is reviewed, whichever line is shown.
  const root = state.root, nodes = mainLine(), asked = ++state.reviews;
  try {
    const r = await api("/v1/games/review", {position: state.start, moves: nodes.slice(1).map((h) => h.move),
                                             depth: Math.min(Number($("depth").value), 3)});
    if (asked !== state.reviews) return;  // a later review was asked for
    // Another game, or the main line changed meanwhile: its plies are not this line's.
    if (root !== state.root || mainLine().some((n, i) => nodes[i] !== n)) { out.textContent = ""; return; }
    state.reviewed = {nodes, labels: Object.fromEntries(r.plies.filter((p) => p.label).map((p) => [p.ply, p.label]))};
    drawMoves();
    out.replaceChildren(graph(r.plies), axis(r.plies.length));
    markGraph();
    const ol = document.createElement("ol");
    for (const p of r.plies) {
      if (!p.label) continue;
      const li = document.createElement("li");
      const btn = document.createElement("button");
      btn.className = `label-${p.label}`;
      btn.dataset.ply = String(p.ply);
      btn.textContent = tr("ply_line", {ply: p.ply, side: sideWord(p.side), move: p.move, words: reviewWords(p)});
      btn.addEventListener("click", () => goToNode(nodes[p.ply - 1]));
      li.append(btn);
      ol.append(li);
    }
    out.append(ol);
    if (r.illegal) showError(tr("ply_illegal", {ply: r.illegal.ply, move: r.illegal.move, detail: r.illegal.error?.detail || tr("illegal_move")}));
  } catch (e) {
    if (asked !== state.reviews) return;
    out.textContent = "";
    if (root === state.root) showError(e);
  }
}

// Why a reviewed move got its label, in words. The core's review labels a
// move by the drop in the mover's win chance, except a forced result: a
// move that walks into a forced loss the best move avoided, or lets a
// forced win go, is a blunder whatever the estimate says. That is said as
// what happened ("allows a loss in 1"), read from the ply's scores (the
// mover's view): a drop in an estimate would read "-0 points" for a side
// already nearly lost.
function reviewWords(p) {
  const played = p.played_score, best = p.evaluation, label = tr(`label_${p.label}`);
  if (played && best && played.type === "loss" && best.type !== "loss") {
    return tr("allows_loss", {label, n: played.turns, best: p.best_move});
  }
  if (played && best && best.type === "win" && played.type !== "win") {
    return tr("lets_win_go", {label, n: best.turns, best: p.best_move});
  }
  const drop = p.win_probability_drop === null ? "?" : `${Math.round(100 * p.win_probability_drop)}`;
  return tr("win_chance_drop", {label, drop, best: p.best_move});
}

// South's win chance after each ply, as inline SVG polylines.
function graph(plies) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const w = Math.max(plies.length, 1) * 20, h = 100;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", tr("graph"));
  // The mover's chance after its move, turned to South's; null where the
  // review has none (its search ran out of time): a gap in the line.
  const y = (p) => {
    const w = p.played_win_probability;
    if (w === null || w === undefined) return null;
    return h - h * (p.side === "south" ? w : 1 - w);
  };
  const mid = document.createElementNS(ns, "line");
  Object.entries({x1: 0, x2: w, y1: h / 2, y2: h / 2, stroke: "#aaa"}).forEach(([k, v]) => mid.setAttribute(k, v));
  svg.append(mid);
  // One polyline per run of plies with a value.
  let run = [];
  const flush = () => {
    if (!run.length) return;
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", run.join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", "#235");
    line.setAttribute("stroke-width", "2");
    svg.append(line);
    run = [];
  };
  plies.forEach((p, i) => {
    const v = y(p);
    if (v === null) flush(); else run.push(`${i * 20 + 10},${v}`);
  });
  flush();
  // Markers as zero-length round-capped lines whose stroke does not scale:
  // dots that stay round however the graph is stretched.
  plies.forEach((p, i) => {
    if (!p.label || y(p) === null) return;
    const c = document.createElementNS(ns, "line");
    const colour = p.label === "blunder" ? "#c00" : p.label === "mistake" ? "#d2691e" : "#b8860b";
    Object.entries({x1: i * 20 + 10, x2: i * 20 + 10, y1: y(p), y2: y(p), stroke: colour, "stroke-width": 10,
                    "stroke-linecap": "round", "vector-effect": "non-scaling-stroke", class: "mark label-" + p.label})
      .forEach(([k, v]) => c.setAttribute(k, v));
    svg.append(c);
  });
  // The ply shown, as a vertical line (moved by markGraph).
  const at = document.createElementNS(ns, "line");
  Object.entries({id: "graph-at", y1: 0, y2: h, stroke: "#1a7f37", "stroke-width": 2, "vector-effect": "non-scaling-stroke"})
    .forEach(([k, v]) => at.setAttribute(k, v));
  svg.append(at);
  // A click on a ply's column shows the position after it.
  plies.forEach((p, i) => {
    const r = document.createElementNS(ns, "rect");
    Object.entries({x: i * 20, y: 0, width: 20, height: h, fill: "transparent", "data-ply": p.ply, class: "graph-ply"})
      .forEach(([k, v]) => r.setAttribute(k, v));
    r.addEventListener("click", () => state.reviewed && goToNode(state.reviewed.nodes[p.ply]));
    const t = document.createElementNS(ns, "title");
    const ply = tr("graph_ply", {ply: p.ply, side: sideWord(p.side), move: p.move});
    t.textContent = p.label ? `${ply} (${tr(`label_${p.label}`)})` : ply;
    r.append(t);
    svg.append(r);
  });
  return svg;
}

// The graph's ply axis: its first and last ply, under it.
function axis(n) {
  const div = document.createElement("div");
  div.className = "graph-axis";
  div.append(...[1, n].map((k) => Object.assign(document.createElement("span"), {textContent: tr("ply_n", {n: k})})));
  return div;
}

// Move the graph's marker to the ply shown (hidden at the start position).
function markGraph() {
  const at = document.getElementById("graph-at");
  if (!at) return;
  // The reviewed line's ply of the position shown; none in a side line.
  const ply = state.reviewed ? state.reviewed.nodes.indexOf(current()) : -1;
  const x = ply * 20 - 10;
  at.setAttribute("x1", x);
  at.setAttribute("x2", x);
  at.setAttribute("visibility", ply > 0 ? "visible" : "hidden");
}

// --- wiring ----------------------------------------------------------------

async function main() {
  $("keyform").addEventListener("submit", (e) => {
    // A reload starts over with the key: the URL holds the game and the ply shown.
    e.preventDefault();
    const key = $("apikey").value.trim();
    if (!KEY_FORM.test(key)) { showError(tr("key_form")); return; }
    try { sessionStorage.setItem(KEY_STORE, key); } catch (err) { showError(diagnosed(tr("key_not_kept"), err.message)); return; }
    location.reload();
  });
  await loadWords();  // (i18n.js) the page's words first: everything below shows some
  for (let l = 1; l <= 10; l++) $("level").append(new Option(tr("level_n", {n: l}), String(l), l === 5, l === 5));
  const v = await api("/v1/variants");
  state.variants = v.variants;
  for (const x of v.variants) $("variant").append(new Option(`${x.name} (${x.board})`, x.name));
  $("variant").addEventListener("change", () => {
    const x = state.variants.find((y) => y.name === $("variant").value);
    newGame(x.start.notation).catch(showError);
  });
  $("start").addEventListener("click", () => {
    const x = state.variants.find((y) => y.name === $("variant").value);
    newGame(x.start.notation).catch(showError);
  });
  $("load").addEventListener("click", () => {
    let text = $("position-text").value.trim();
    try { if (text.startsWith("{")) text = JSON.parse(text); } catch (e) { showError(diagnosed(tr("not_json"), e.message)); return; }
    newGame(text).catch(showError);
  });
  $("analyse").addEventListener("click", analyse);
  $("stop-analysis").addEventListener("click", () => stopAnalysis(true));
  $("flip").addEventListener("click", () => flip(!$("boardwrap").classList.contains("flipped")));
  $("hide-eval").addEventListener("change", () => document.body.classList.toggle("no-eval", $("hide-eval").checked));
  // Playing North against the engine: North at the bottom, as a player sits.
  $("engine-side").addEventListener("change", () => flip($("engine-side").value === "south"));
  $("time").addEventListener("change", analyse);
  $("edit").addEventListener("click", () => {
    state.editing = !state.editing;
    $("apply-edit").hidden = !state.editing;
    $("edit").textContent = tr(state.editing ? "cancel_edit" : "edit");
    drawBoard();
  });
  $("apply-edit").addEventListener("click", () => {
    // The current position's JSON form with the edited counts; the API
    // checks it (seed totals, rules) and its message is shown if it refuses.
    const pos = JSON.parse($("json-out").value);
    const cols = pos.pits[0].length;
    const inputs = [...document.querySelectorAll("#board input.pit")];
    pos.pits = pos.pits.map((row, r) => row.map((_, c) => Number(inputs[r * cols + c].value)));
    newGame(pos).then(() => { state.editing = false; $("apply-edit").hidden = true; $("edit").textContent = tr("edit"); drawBoard(); })
      .catch(showError);
  });
  $("depth").addEventListener("change", analyse);
  $("engine-side").addEventListener("change", maybeEngine);
  $("first").addEventListener("click", () => goTo(0));
  $("back").addEventListener("click", () => goTo(state.at - 1));
  $("forward").addEventListener("click", () => goTo(state.at + 1));
  $("last").addEventListener("click", () => goTo(state.history.length - 1));
  $("import").addEventListener("click", () => {
    try { const g = parseGame($("game-text").value); newGame(g.start, g.moves).catch(showError); } catch (e) { showError(e); }
  });
  $("export").addEventListener("click", () => {
    $("game-text").value = [state.start, ...state.history.slice(1).map((h) => h.move)].join("\n");
  });
  $("review").addEventListener("click", review);
  $("promote").addEventListener("click", () => {
    // The line shown becomes the main line; a review of the old one goes.
    promote(state.history.at(-1));
    state.game++;
    dropStaleReview();
    drawMoves();
    markGraph();
  });
  $("solve").addEventListener("click", solve);
  document.addEventListener("keydown", (e) => {
    // Not in a field: there the arrows move a slider, a number or a choice.
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement ||
        e.target instanceof HTMLInputElement || state.mode === "puzzle") return;
    if (e.key === "ArrowLeft") goTo(state.at - 1);
    if (e.key === "ArrowRight") goTo(state.at + 1);
  });
  if (hooks.route && await hooks.route(location.hash)) return;
  const q = new URLSearchParams(location.hash.slice(1));
  const start = q.get("position") || v.variants.find((x) => x.name === v.default).start.notation;
  const moves = (q.get("moves") || "").split(" ").filter(Boolean);
  const ply = q.has("ply") ? Number(q.get("ply")) : null;
  await newGame(start, moves, ply);
  if (hooks.notice) showError(hooks.notice);
}

main().catch(showError);
