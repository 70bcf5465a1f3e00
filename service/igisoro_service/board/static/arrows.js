// Best-move arrows (loaded before board.js, which calls drawArrow from
// drawBoard and showArrow when an analysis arrives or a line is pointed at).
// The arrow runs from the start pit through the pits its first lap sows, in
// the sowing direction, to where the lap ends; a label names the move's
// later decisions (capture, retreat, ...). The path comes from the move's
// sowing trace (/v1/moves/check), kept per position and move: the direction
// depends on the variant and on the move's own cw/ccw decision. It runs
// under the pits' numbers and names (board.css), which stay readable.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const traces = new Map();  // "notation|move" -> Promise of the move's trace
let previewing = null;     // the move of the line pointed at, if any

// A line pointed at (its move) or left (null): its arrow, or the best move's again.
function previewLine(move) {
  previewing = move;
  showArrow(move || state.best, move ? "preview" : "best");
}

function moveTrace(notation, move) {
  const key = `${notation}|${move}`;
  if (!traces.has(key)) {
    const p = api("/v1/moves/check", {position: notation, move}).then((r) => r.trace);
    p.catch(() => traces.delete(key));  // asked again next time
    traces.set(key, p);
  }
  return traces.get(key);
}

// Draw `move`'s arrow on the position shown: "best" (the analysis's) or
// "preview" (a line pointed at). A move of another position, or an answer
// that arrives after the board moved on, draws nothing.
async function showArrow(move, kind) {
  if (!move) { state.arrow = null; drawArrow(); return; }
  const h = current(), view = state.view;
  let trace;
  try { trace = await moveTrace(h.notation, move); } catch { return; }
  if (view !== state.view || current() !== h) return;
  // Answers come in any order: while a line is pointed at, its preview
  // stays (a deeper analysis's best move waits); a preview whose line was
  // left meanwhile is not drawn, nor a best move that a deeper depth has
  // replaced meanwhile (its trace may answer after the newer one's).
  if (kind === "best" ? previewing !== null || move !== state.best : previewing !== move) return;
  state.arrow = {notation: h.notation, move, trace, kind};
  drawArrow();
}

// The pits of the first lap: the start pit, then each pit sown until the
// lap ends (at most one round of the mover's two rows: the arrow shows the
// direction and the landing, not every seed of a long lap). A decision
// between the lift and the first seed (the direction, cw or ccw, in the
// French school) is part of the lap, not its end.
function lapPath(trace, round) {
  const path = [];
  let lifted = false;
  for (const ev of trace) {
    if (ev.type === "lift" && !lifted) { lifted = true; path.push(ev.pit); continue; }
    if (!lifted) continue;
    if (ev.type === "sow") { if (path.at(-1) !== ev.pit) path.push(ev.pit); }
    else if (ev.type === "decision" && path.length === 1) continue;
    else if (ev.type !== "hand") break;
    if (path.length > round) break;
  }
  return path;
}

// The decisions after the start pit, in words, a run of the same one
// counted ("capture ×3": a lap per capture).
function decisionWords(move) {
  const said = [];
  for (const t of move.split("-").slice(1)) {
    const w = choiceName(t, true) || t;
    const last = said.at(-1);
    if (last && last.word === w) last.n++; else said.push({word: w, n: 1});
  }
  return said.map(({word, n}) => (n > 1 ? `${word} ×${n}` : word));
}

function drawArrow() {
  const b = $("board");
  b.querySelector("#arrows")?.remove();
  const a = state.arrow;
  if (!a || state.editing || state.busy || state.partial.length || !state.history.length ||
      a.notation !== current().notation) return;
  const cols = state.pits[0].length;
  const path = lapPath(a.trace, 2 * cols);
  const centre = (name) => {
    const el = b.querySelector(`[data-pit="${name}"]`);
    return el ? [el.offsetLeft + el.offsetWidth / 2, el.offsetTop + el.offsetHeight / 2] : null;
  };
  const pts = path.map(centre).filter(Boolean);
  if (pts.length < 2) return;
  const svg = document.createElementNS(SVG, "svg");
  svg.id = "arrows";
  svg.setAttribute("width", b.clientWidth);
  svg.setAttribute("height", b.clientHeight);
  svg.dataset.move = a.move;
  svg.dataset.kind = a.kind;
  const said = decisionWords(a.move);
  svg.setAttribute("role", "img");
  const label = tr(a.kind === "best" ? "arrow_best" : "arrow_preview", {move: a.move, from: path[0], to: path.at(-1)});
  svg.setAttribute("aria-label", said.length ? tr("arrow_then", {text: label, words: said.join(", ")}) : label);
  const colour = a.kind === "best" ? "#127a3a" : "#1f4fb8";
  // Sized by the pits (a phone's are a third of a desktop's).
  const size = b.querySelector(".pit").offsetWidth;
  const head = document.createElementNS(SVG, "marker");
  Object.entries({id: "arrowhead", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4,
                  orient: "auto-start-reverse"}).forEach(([k, v]) => head.setAttribute(k, v));
  const tip = document.createElementNS(SVG, "path");
  tip.setAttribute("d", "M0,0 L10,5 L0,10 z");
  tip.setAttribute("fill", colour);
  head.append(tip);
  const defs = document.createElementNS(SVG, "defs");
  defs.append(head);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", pts.map((p) => p.join(",")).join(" "));
  Object.entries({fill: "none", stroke: colour, "stroke-width": Math.max(3, size / 12), "stroke-linecap": "round",
                  "stroke-linejoin": "round", opacity: 0.7, "marker-end": "url(#arrowhead)", class: "arrow"}).forEach(([k, v]) => line.setAttribute(k, v));
  svg.append(defs, line);
  if (said.length) {
    // The decisions beside the arrow's head, upright when the board is flipped.
    const [x, y] = pts.at(-1);
    const text = document.createElementNS(SVG, "text");
    text.textContent = said.join(", ");
    // Above the head, between the pits' rows, where it hides no number.
    const above = y - size / 2 - 1;
    Object.entries({x, y: above, "text-anchor": "middle", "font-size": Math.max(10, Math.min(14, size / 5)),
                    class: "arrow-label"}).forEach(([k, v]) => text.setAttribute(k, v));
    svg.append(text);
    b.append(svg);
    // Kept within the board (a head near its edge, or a phone's narrow board,
    // cut the words off): moved in from the edge it passes; a label wider
    // than the board starts at its left edge.
    // (Half the words' width and their 4 px white outline.)
    const half = text.getBBox().width / 2 + 4, width = b.clientWidth;
    const cx = 2 * half >= width ? half : Math.min(Math.max(x, half), width - half);
    text.setAttribute("x", cx);
    if ($("boardwrap").classList.contains("flipped")) text.setAttribute("transform", `rotate(180 ${cx} ${above - 4})`);
    return;
  }
  b.append(svg);
}

// The pits move when the page is resized (a phone turned): the arrow follows them.
window.addEventListener("resize", () => drawArrow());
