"""Moves explained in words (issue 43): ``"explain": true`` on
``/v1/evaluate`` and ``/v1/best-move``.

The facts come from the library (:func:`igisoro.explain.explain`: the best
line played with its sowing trace, and the opponent's best reply with and
without the first move); this module only tells them, one short sentence per
fact, in the request's language. Every sentence's structure is a catalog
entry (``translations/``), counts go through gettext's plural forms
(``ngettext``: French says "1 pion", "0 pion", "2 pions"), and percentages
are the locale's (``format_percent``). The facts are returned beside the
sentences, so a client can build its own words, and a test can check the
pits, counts and sides whatever the language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import flask_babel

import igisoro
from igisoro.explain import Capture, MoveFacts, Reply, explain
from igisoro_service import engine
from igisoro_service.i18n import gettext as _
from igisoro_service.i18n import language, ngettext
from igisoro_service.i18n import lazy_gettext as _l
from igisoro_service.problems import Problem


def explained(pos: igisoro.Position, answer: dict[str, Any], req: dict[str, Any]) -> dict[str, Any]:
    """``answer`` (an analysis's, with its ``pv``) with its ``explanation``
    when the request asked for one (``"explain": true``), else as it is."""
    if not req.get("explain"):
        return answer
    return {**answer, "explanation": explanation_or_none(pos, list(answer["pv"]))}


def explanation_or_none(pos: igisoro.Position, line: list[str]) -> dict[str, Any] | None:
    """:func:`explanation`, or None when no engine time is left for it.

    The analysis (or the puzzle's verdict) is what was asked for; its
    telling comes second. When the request's deadline (or a busy worker)
    leaves it no engine time, the answer still comes, with a null
    explanation, rather than a 503 that would throw the answer away (on a
    stream, mid-body, the problem could not even be sent)."""
    try:
        return explanation(pos, line)
    except (Problem, igisoro.IgisoroError):
        return None


def explanation(pos: igisoro.Position, line: list[str]) -> dict[str, Any]:
    """The ``explanation`` of an answer whose best line is ``line``:
    ``language``, ``sentences`` (the line told in words), ``moves`` and
    ``threat`` (the facts they tell). Under the request's deadline, as
    every engine call. An empty line (the game is over) says how it ended."""
    facts = engine.run("the explanation", explain, pos, line)
    sentences = [s for move in facts["moves"] for s in _move(move)]
    threat = facts["threat"]
    if threat is not None and facts["moves"]:
        sentences += _threat(facts["moves"][0], threat["without"], threat["with"])
    if not line:
        st = engine.run("the game's status", pos.status)
        sentences += _end({"state": st.state, "winner": st.winner, "reason": st.reason})
    return {"language": language(), "sentences": sentences, "moves": facts["moves"], "threat": threat}


def review_explained(start: igisoro.Position, review: dict[str, Any], req: dict[str, Any]) -> dict[str, Any]:
    """A review (``/v1/games/review``'s answer) with an ``explanation`` on
    every labelled ply when the request asked for them: what the move
    played did, and what the engine's better move would have done (its
    facts and its line's), in the request's language. Plies without a label
    get none (nothing to explain); a ply the deadline leaves no engine time
    for gets a null one, as an analysis's would."""
    if not req.get("explain"):
        return review
    plies = []
    at = start
    for ply in review["plies"]:
        if ply.get("label") and ply.get("best_move"):
            try:
                told: dict[str, Any] | None = _mistake(at, ply)
            except (Problem, igisoro.IgisoroError):
                told = None
            ply = {**ply, "explanation": told}
        plies.append(ply)
        at = igisoro.Position.from_notation(ply["position_after"])
    return {**review, "plies": plies}


def _mistake(before: igisoro.Position, ply: dict[str, Any]) -> dict[str, Any]:
    played = engine.run("the explanation", explain, before, [ply["canonical"]])["moves"][0]
    better = engine.run("the explanation", explain, before, list(ply["best_pv"]) or [ply["best_move"]])
    labels = {"inaccuracy": _("an inaccuracy"), "mistake": _("a mistake"), "blunder": _("a blunder")}
    sentences = [_("%(side)s played %(move)s, %(label)s.", side=_side(ply["side"]), move=ply["canonical"],
                   label=labels[ply["label"]])]
    sentences += _move(played)
    sentences.append(_("Better was %(move)s:", move=ply["best_move"]))
    sentences += [s for m in better["moves"] for s in _move(m)]
    if ply.get("best_win_probability") is not None and ply.get("played_win_probability") is not None:
        sentences.append(_("%(side)s's win chance: %(best)s after %(better)s, %(played)s after %(move)s.",
                           side=_side(ply["side"]), best=_percent(ply["best_win_probability"]),
                           better=ply["best_move"], played=_percent(ply["played_win_probability"]),
                           move=ply["canonical"]))
    return {"language": language(), "label": labels[ply["label"]], "sentences": sentences, "played": played,
            "better": better["moves"], "threat": better["threat"]}


def _side(side: str) -> str:
    return _("South") if side == "south" else _("North")


def _pits(pits: list[str]) -> str:
    if len(pits) == 1:
        return pits[0]
    return _("%(first)s and %(last)s", first=", ".join(pits[:-1]), last=pits[-1])


def _move(m: MoveFacts) -> list[str]:
    side = _side(m["side"])
    out = []
    if m["pit"] is not None and m["seeds"] is not None:
        sowing = ngettext("%(side)s sows the %(num)s seed of %(pit)s", "%(side)s sows the %(num)s seeds of %(pit)s",
                          m["seeds"], side=side, pit=m["pit"])
        laps = ngettext("%(num)s lap", "%(num)s laps", m["laps"])
        out.append(_("%(sowing)s (%(laps)s in the turn).", sowing=sowing, laps=laps))
    elif m["arrangement"] is not None:
        out.append(_("%(side)s arranges the seeds: %(arrangement)s.", side=side, arrangement=m["arrangement"]))
    else:
        out.append(_("%(side)s plays %(move)s.", side=side, move=m["move"]))
    for c in m["captures"]:
        out.append(_capture(side, c))
    for c in m["passed"]:
        out.append(ngettext("%(side)s passes instead of capturing %(num)s seed from %(pits)s.",
                            "%(side)s passes instead of capturing %(num)s seeds from %(pits)s.",
                            c["seeds"], side=side, pits=_pits(c["pits"])))
    for r in m["retreats"]:
        out.append(ngettext("%(side)s retreats %(num)s seed from %(from_pit)s to %(to_pit)s, out of reach.",
                            "%(side)s retreats %(num)s seeds from %(from_pit)s to %(to_pit)s, out of reach.",
                            r["seeds"], side=_side(r["side"]), from_pit=r["pits"][0], to_pit=r["pits"][1]))
    if m["refused_retreats"]:
        other = _side("north" if m["side"] == "south" else "south")
        out.append(ngettext("%(side)s does not retreat.", "%(side)s does not retreat (%(num)s times).",
                            m["refused_retreats"], side=other))
    out.extend(_end(m))
    return out


def _capture(side: str, c: Capture) -> str:
    return ngettext("%(side)s captures %(num)s seed from %(pits)s.", "%(side)s captures %(num)s seeds from %(pits)s.",
                    c["seeds"], side=side, pits=_pits(c["pits"]))


#: Why a game ended (its status's ``reason``), in words: here and on the
#: board (``board/messages.py``), one table.
END_REASONS: dict[str, Any] = {
    "no_legal_move": _l("the other side has no move left"),
    "end_pits_captured": _l("both end pits were captured in one turn"),
    "row_emptied": _l("the other side's inner row is empty"),
    "adjudicated_seeds": _l("the seeds left are counted (the rules adjudicate)"),
    "lone_seed": _l("one side keeps a lone seed no capture can reach"),
    "out_of_reach": _l("one side keeps its seeds out of reach of every capture"),
    "odd_singles": _l("one side keeps an odd number of single seeds that cannot be captured"),
}


def _end(m: Mapping[str, Any]) -> list[str]:
    """The game's end after a move (or as it stands): who won and why, or
    that it can no longer end; nothing while it goes on."""
    reason = str(END_REASONS.get(m["reason"] or "", m["reason"] or ""))
    if m["state"] == "won" and m["winner"] is not None:
        return [_("%(side)s wins: %(reason)s.", side=_side(m["winner"]), reason=reason)]
    if m["state"] == "endless":
        return [_("The game can no longer end: %(reason)s.", reason=reason)]
    return []


def _threat(first: MoveFacts, without: Reply | None, after: Reply | None) -> list[str]:
    out = []
    if without is not None:
        out.append(ngettext(
            "Were %(side)s to do nothing, %(other)s's best reply would be %(move)s, capturing %(num)s seed "
            "(%(other)s's win chance %(chance)s).",
            "Were %(side)s to do nothing, %(other)s's best reply would be %(move)s, capturing %(num)s seeds "
            "(%(other)s's win chance %(chance)s).",
            without["captured"], side=_side(first["side"]), other=_side(without["side"]), move=without["move"],
            chance=_percent(without["win_probability"])))
    if after is not None:
        out.append(ngettext(
            "After %(first)s, %(other)s's best reply is %(move)s, capturing %(num)s seed "
            "(%(other)s's win chance %(chance)s).",
            "After %(first)s, %(other)s's best reply is %(move)s, capturing %(num)s seeds "
            "(%(other)s's win chance %(chance)s).",
            after["captured"], first=first["move"], other=_side(after["side"]), move=after["move"],
            chance=_percent(after["win_probability"])))
    return out


def _percent(p: float) -> str:
    """The locale's percentage, whole; an estimate never reads 0 % or 100 %
    (those mean proven), so one that rounds there reads "<1 %" or ">99 %"."""
    if 0 < p < 0.005:
        return "<" + str(flask_babel.format_percent(0.01))
    if 0.995 < p < 1:
        return ">" + str(flask_babel.format_percent(0.99))
    return str(flask_babel.format_percent(p))
