"""SVG picture of a board, optionally marking what a move does.

Any board of the JSON picture is drawn from South's seat, as the picture
lists it: the top row first (row 4 of a 4x8 board, row 2 of Isolo's 2 x n),
row 1 at the bottom, columns a, b, ... left to right. The size follows the
picture, so every variant is drawn the same way.
"""

from __future__ import annotations

from collections import Counter
from xml.sax.saxutils import escape

import igisoro
from igisoro.trace import TraceEvent

_PIT = 64  # cell size in px
_PAD = 28  # margin for the row numbers and column letters
_HEAD = 34  # title band
_COLS = "abcdefghijklmnopqrstuvwxyz"


def _highlights(trace: list[TraceEvent]) -> tuple[str | None, Counter[str], set[str]]:
    """The start pit, how often each pit is sown into, and the captured pits."""
    start = next((e["pit"] for e in trace if e["type"] == "lift"), None)
    sown = Counter(e["pit"] for e in trace if e["type"] == "sow")
    captured = {p for e in trace if e["type"] == "capture" for p in e["pits"]}
    return start, sown, captured


def board_svg(position: igisoro.Position, move: str | None = None,
              trace: list[TraceEvent] | None = None) -> str:
    """The position as an SVG document; with ``trace`` (from ``play(move).trace``)
    the start pit, every pit sown into (with ``+n``) and captured pits are marked."""
    start, sown, captured = _highlights(trace or [])
    pits = position.pits
    rows, cols = len(pits), len(pits[0])
    width = 2 * _PAD + cols * _PIT
    height = _HEAD + 2 * _PAD + rows * _PIT
    side = position.to_move
    title = f"{position.variant}: {side} to move" + (f", move {move}" if move else "")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(position.notation())}</desc>",
        f'<rect width="{width}" height="{height}" fill="#f4e3c1"/>',
        f'<text x="{width / 2}" y="{_HEAD - 10}" text-anchor="middle" font-size="16">{escape(title)}</text>',
        f'<rect x="{_PAD - 4}" y="{_HEAD + _PAD - 4}" width="{cols * _PIT + 8}" height="{rows * _PIT + 8}" '
        f'rx="10" fill="#a0692e"/>',
    ]
    # North's rows above South's (the lower half); a line marks the middle.
    mid = _HEAD + _PAD + rows // 2 * _PIT
    out.append(f'<line x1="{_PAD}" y1="{mid}" x2="{_PAD + cols * _PIT}" y2="{mid}" stroke="#5a3a17" stroke-width="2"/>')
    for k, row in enumerate(pits):
        rank = rows - k
        y = _HEAD + _PAD + k * _PIT
        out.append(f'<text x="{_PAD / 2}" y="{y + _PIT / 2 + 5}" text-anchor="middle" font-size="14">{rank}</text>')
        for c, count in enumerate(row):
            name = f"{_COLS[c]}{rank}"
            x = _PAD + c * _PIT
            cx, cy, r = x + _PIT / 2, y + _PIT / 2, _PIT / 2 - 5
            fill = "#ffe08a" if name in sown else "#e8c48f"
            stroke, width_ = ("#d9480f", 4) if name == start else (("#c92a2a", 3) if name in captured else ("#5a3a17", 1))
            classes = " ".join(cls for cls, on in (("start", name == start), ("sown", name in sown),
                                                ("captured", name in captured)) if on)
            out.append(f'<g id="{name}"' + (f' class="{classes}"' if classes else "") + ">")
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="{width_}"/>')
            out.append(f'<text x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" font-weight="bold">{count}</text>')
            out.append(f'<text x="{x + 7}" y="{y + 14}" font-size="10" fill="#3b2610">{name}</text>')
            if name in sown:
                out.append(f'<text x="{x + _PIT - 7}" y="{y + _PIT - 6}" text-anchor="end" font-size="11" '
                           f'fill="#7a2e00">+{sown[name]}</text>')
            out.append("</g>")
    ybottom = _HEAD + _PAD + rows * _PIT + _PAD / 2 + 5
    for c, letter in enumerate(_COLS[:cols]):
        out.append(f'<text x="{_PAD + c * _PIT + _PIT / 2}" y="{ybottom}" text-anchor="middle" font-size="14">{letter}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
