// The game as a tree of variations (loaded before board.js, which uses it).
// A node is a position with the move that reached it: {id, parent,
// children, notation, move, status}; the root has move null. children[0]
// is the main continuation, the others are side lines, so the main line is
// the root followed by first children. A move played anywhere is added as a
// child (or, if already there, followed): nothing is ever dropped.
// state.history is the line shown: the path to the node shown, continued
// by first children, so the forward button and the arrow keys walk it.
"use strict";

let nodeCount = 0;

function makeNode(parent, notation, move, status) {
  const node = {id: ++nodeCount, parent, children: [], notation, move, status};
  if (parent) parent.children.push(node);
  return node;
}

// The nodes from the root to `node`, then on along first children.
function lineThrough(node) {
  const line = [];
  for (let n = node; n; n = n.parent) line.unshift(n);
  for (let n = node; n.children.length;) { n = n.children[0]; line.push(n); }
  return line;
}

function mainLine() { return lineThrough(state.root); }

function onMainLine(node) {
  for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
  return true;
}

// The child of `parent` reached by `move`: the one already there (played
// again, it is the same variation) or a new one, a side line if it has siblings.
function addMove(parent, notation, move, status) {
  return parent.children.find((c) => c.move === move) || makeNode(parent, notation, move, status);
}

// Make the variation ending at `node` the main line: each node on its path
// becomes its parent's first child.
function promote(node) {
  for (let n = node; n.parent; n = n.parent) {
    const kids = n.parent.children;
    kids.splice(kids.indexOf(n), 1);
    kids.unshift(n);
  }
}

function isNorthMove(node) { return node.parent.notation.split(" ")[2] === "n"; }

// A move's turn number as the move list counts them: a turn is South's move
// then North's; a move by North after North (Isolo's fore-play winner) or
// a first move starts a new turn.
function turnOf(node) {
  if (!node.parent) return 0;
  const parentNorth = !node.parent.parent || isNorthMove(node.parent);
  return turnOf(node.parent) + (!isNorthMove(node) || parentNorth ? 1 : 0);
}

// Show `node`: in the line shown if it is there (the moves after it stay
// as they are), else on the line through it.
function goToNode(node) {
  if (state.busy) return;
  const i = state.history.indexOf(node);
  const line = i >= 0 ? state.history : lineThrough(node);
  show(line.indexOf(node), line).catch(showError);
}

// Whether the last review is still of the main line: its moves are the
// main line's first moves (a side line added leaves it; a promotion that
// changes the main line, or an edit, does not).
function reviewMatches() {
  const r = state.reviewed;
  if (!r) return false;
  const main = mainLine();
  return r.nodes.every((n, i) => main[i] === n);
}

// Drop a review that no longer matches the main line (its graph and list too).
function dropStaleReview() {
  if (!state.reviewed || reviewMatches()) return;
  state.reviewed = null;
  $("review-out").replaceChildren();
}

// The move list's marks of a review's labels.
const MARKS = {inaccuracy: "?!", mistake: "?", blunder: "??"};

function moveButton(node) {
  const btn = document.createElement("button");
  // A reviewed main line's labels, as chess move lists mark them.
  const ply = state.reviewed && reviewMatches() ? state.reviewed.nodes.indexOf(node) : -1;
  const label = ply > 0 ? state.reviewed.labels[ply] : null;
  btn.textContent = node.move + (label ? MARKS[label] : "");
  if (label) btn.title = tr(`label_${label}`);
  btn.dataset.node = String(node.id);
  const depth = lineThrough(node).indexOf(node);
  btn.setAttribute("aria-label", tr("ply_move", {ply: depth, side: sideWord(isNorthMove(node) ? "north" : "south"), move: btn.textContent}));
  if (node === current()) {
    btn.classList.add("current");
    requestAnimationFrame(() => btn.scrollIntoView({block: "nearest", inline: "nearest"}));
  }
  btn.addEventListener("click", () => goToNode(node));
  return btn;
}

// A side line starting at `node`, in brackets, its own side lines nested
// in brackets after the move they replace (as PGN writes them).
function sideLine(node) {
  const span = document.createElement("span");
  span.className = "side-line";
  span.append("(", `${turnOf(node)}${isNorthMove(node) ? "…" : "."} `);
  for (let n = node; n;) {
    const btn = moveButton(n);
    btn.classList.add("side");
    span.append(n === node ? "" : " ", btn);
    const kids = n.children;
    if (n !== node && n.parent.children[0] === n) {
      for (const alt of n.parent.children.slice(1)) span.append(" ", sideLine(alt));
    }
    n = kids[0];
  }
  span.append(")");
  return span;
}

// The main line paired by turn, South's then North's move on one numbered
// line, as the players take them (a turn that starts with North gets a
// gap); after the line of a move that has alternatives, an indented line
// per side line. Main-line buttons carry their ply (data-ply).
function drawMoves() {
  const ol = $("moves");
  ol.replaceChildren();
  const main = mainLine();
  let li = null;
  main.forEach((node, i) => {
    if (i === 0) return;
    const north = isNorthMove(node);
    if (!li || !north || li.dataset.north) {
      li = document.createElement("li");
      li.value = turnOf(node);  // the turn's number, whatever side lines were listed before it
      ol.append(li);
      if (north) li.append(Object.assign(document.createElement("span"), {className: "gap", textContent: "…"}));
    }
    if (north) li.dataset.north = "1";
    const btn = moveButton(node);
    btn.dataset.ply = String(i);
    li.append(btn);
    const alts = node.parent.children.slice(1);
    if (alts.length) {
      // The side lines get their own (unnumbered) line; the turn goes on
      // on a new line after them.
      for (const alt of alts) {
        const v = document.createElement("li");
        v.className = "variation";
        v.append(sideLine(alt));
        ol.append(v);
      }
      li = null;
    }
  });
  $("promote").disabled = onMainLine(state.history.at(-1));
}
