"""One Elo scale for a round robin (issue 41, target 6): a Bradley-Terry fit of
game results, with a first-mover advantage, and each rating's 95% interval
from the curvature of the likelihood (the inverse of the observed
information, the Hessian).

Input: JSON lines, one game each, ``{"white": NAME, "black": NAME, "result":
R}``; ``white`` is the player who moved first (in Igisoro, South), and ``R`` is
``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or the first mover's score as a number (1,
0.5, 0). Other fields are ignored.

The model: the first mover scores, in expectation,
``1 / (1 + 10 ** (-(r_white - r_black + a) / 400))`` where ``a`` is the
first-move advantage in Elo (``--no-colour`` fixes it at 0). A draw counts as
half a win and half a loss, as in Elo's own scoring. The ratings are fitted
by Newton's method on the log-likelihood, relative to ``--anchor`` (rated 0,
by default the first player named in the file); a rating's interval is that
of its difference to the anchor. ``--prior K`` adds K virtual draws, without
colour, between every two players who met (BayesElo's prior, 2 there; 1
here), so that a player who won or lost every game still gets a finite
rating; ``--prior 0`` is the plain maximum-likelihood fit.

Pure Python, no numpy: a round robin has a dozen players, and the tests run
in the main suite, whose environment has no numpy.

Run (the round robin's games, see docs/benchmarks/levels.md):
    python3 bench/ratings.py games.jsonl --anchor L1
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# Elo per natural-log unit of odds: 400 / ln 10.
ELO = 400 / math.log(10)
# Two-sided 95% quantile of the normal law.
Z95 = 1.959963984540054


class RatingError(ValueError):
    """Input the fit cannot use; the message says which line and why."""


@dataclass(frozen=True)
class Game:
    """One game: the first mover, the second, and the first mover's score."""

    white: str
    black: str
    score: float


_RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5, "0.5-0.5": 0.5}


def read_games(lines: Iterable[str]) -> list[Game]:
    """Games from JSON lines (blank lines skipped); a bad line is a
    :class:`RatingError` naming its number."""
    games = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise RatingError(f"line {number}: not JSON ({e.msg})") from None
        if not isinstance(record, dict):
            raise RatingError(f"line {number}: expected an object with white, black and result")
        white, black, result = record.get("white"), record.get("black"), record.get("result")
        if not isinstance(white, str) or not isinstance(black, str) or not white or not black:
            raise RatingError(f"line {number}: white and black must be player names")
        if white == black:
            raise RatingError(f"line {number}: {white!r} cannot play itself")
        if isinstance(result, str) and result in _RESULTS:
            score = _RESULTS[result]
        elif isinstance(result, (int, float)) and not isinstance(result, bool) and result in (0, 0.5, 1):
            score = float(result)
        else:
            raise RatingError(f"line {number}: result {result!r} is not 1-0, 0-1, 1/2-1/2, 1, 0.5 or 0")
        games.append(Game(white, black, score))
    return games


@dataclass(frozen=True)
class Fit:
    """Ratings (Elo, the anchor at 0) with their standard errors (of the
    difference to the anchor), the first-move advantage with its error, and
    per player games and points."""

    anchor: str
    ratings: dict[str, float]
    errors: dict[str, float]
    advantage: float
    advantage_error: float
    games: dict[str, int]
    points: dict[str, float]

    def interval(self, name: str) -> tuple[float, float]:
        """The 95% interval of ``name``'s rating."""
        r, e = self.ratings[name], self.errors[name]
        return r - Z95 * e, r + Z95 * e


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-300:
            raise RatingError("the games do not connect every player to the anchor")
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(games: Sequence[Game], anchor: str | None = None, prior: float = 1.0, colour: bool = True) -> Fit:
    """Fit the ratings of ``games`` (see the module docs)."""
    if prior < 0:
        raise RatingError(f"the prior is a count of virtual draws, at least 0, not {prior}")
    names: list[str] = []
    for g in games:
        for n in (g.white, g.black):
            if n not in names:
                names.append(n)
    if len(names) < 2:
        raise RatingError("a fit needs games between at least two players")
    if prior == 0:
        # The commonest unbounded case, named before Newton's method walks
        # off towards it.
        for n in names:
            mine = [g.score if g.white == n else 1 - g.score for g in games if n in (g.white, g.black)]
            if all(x == 1 for x in mine) or all(x == 0 for x in mine):
                raise RatingError(f"{n} won or lost every game, so its rating is unbounded; give --prior a count of virtual draws")
    anchor = names[0] if anchor is None else anchor
    if anchor not in names:
        raise RatingError(f"the anchor {anchor!r} played no game; players: {', '.join(names)}")
    # Games grouped by (first mover, second mover): count and first mover's points.
    groups: dict[tuple[str, str], list[float]] = {}
    for g in games:
        cell = groups.setdefault((g.white, g.black), [0.0, 0.0])
        cell[0] += 1
        cell[1] += g.score
    # (i, j, n, s, with colour): n games of i against j, i scoring s.
    terms = [(w, b, n, s, True) for (w, b), (n, s) in groups.items()]
    if prior > 0:
        for pair in sorted({tuple(sorted(k)) for k in groups}):
            terms.append((pair[0], pair[1], prior, prior / 2, False))
    free = [n for n in names if n != anchor]
    index = {n: i for i, n in enumerate(free)}
    size = len(free) + (1 if colour else 0)
    theta = [0.0] * size  # ratings, then the advantage, in natural-log units

    def rating(n: str) -> float:
        return theta[index[n]] if n in index else 0.0

    def grad_hess() -> tuple[list[float], list[list[float]]]:
        g = [0.0] * size
        h = [[0.0] * size for _ in range(size)]
        for i, j, n, s, coloured in terms:
            x = rating(i) - rating(j) + (theta[-1] if colour and coloured else 0.0)
            p = 1 / (1 + math.exp(-x))
            d = [(index[i], 1.0)] if i in index else []
            d += [(index[j], -1.0)] if j in index else []
            d += [(size - 1, 1.0)] if colour and coloured else []
            for a, da in d:
                g[a] += da * (s - n * p)
                for b, db in d:
                    h[a][b] += da * db * n * p * (1 - p)
        return g, h

    for _ in range(200):
        g, h = grad_hess()
        step = _solve(h, g)
        # Damped: at most 2 log-odds units (about 350 Elo) a step, so that a
        # far start cannot overshoot into the flat tails.
        big = max(abs(x) for x in step)
        if big > 2:
            step = [x * 2 / big for x in step]
        theta = [t + x for t, x in zip(theta, step)]
        if max(abs(t) for t in theta) * ELO > 10_000:
            break
        if big < 1e-10:
            break
    else:
        raise RatingError(
            "the fit did not converge in 200 steps (some group of players may have won every game against the rest; --prior bounds it)"
        )
    if max((abs(t) for t in theta), default=0.0) * ELO > 10_000:
        raise RatingError("a player won or lost every game, so its rating is unbounded; give --prior a count of virtual draws")
    _, h = grad_hess()
    cov_cols = [_solve(h, [1.0 if r == c else 0.0 for r in range(size)]) for c in range(size)]
    var = [cov_cols[c][c] for c in range(size)]
    points: dict[str, float] = {n: 0.0 for n in names}
    played: dict[str, int] = {n: 0 for n in names}
    for gm in games:
        points[gm.white] += gm.score
        points[gm.black] += 1 - gm.score
        played[gm.white] += 1
        played[gm.black] += 1
    return Fit(
        anchor=anchor,
        ratings={n: rating(n) * ELO for n in names},
        errors={n: (math.sqrt(var[index[n]]) * ELO if n in index else 0.0) for n in names},
        advantage=theta[-1] * ELO if colour else 0.0,
        advantage_error=math.sqrt(var[-1]) * ELO if colour else 0.0,
        games=played,
        points=points,
    )


def table(f: Fit) -> str:
    """The fit as a Markdown table, strongest first."""
    rows = [
        "| player | games | score | Elo | 95% interval |",
        "|---|---|---|---|---|",
    ]
    for n in sorted(f.ratings, key=lambda n: -f.ratings[n]):
        lo, hi = f.interval(n)
        share = 100 * f.points[n] / f.games[n]
        span = "anchor" if n == f.anchor else f"[{lo:+.0f}, {hi:+.0f}]"
        rows.append(f"| {n} | {f.games[n]} | {share:.1f}% | {f.ratings[n]:+.0f} | {span} |")
    adv = f.advantage
    rows.append("")
    rows.append(f"first-move advantage: {adv:+.0f} Elo [{adv - Z95 * f.advantage_error:+.0f}, {adv + Z95 * f.advantage_error:+.0f}]")
    return "\n".join(rows)


def levels_file(
    f: Fit, rules: str, ms: int, openings: str, per_pairing: int, commands: Sequence[str], measured: str
) -> dict[str, object]:
    """The ratings file ``igisoro.levels`` reads: every player's Elo with its
    95% interval, games and score share, and how the games were played
    (rounded to whole Elo and three decimals: the intervals are tens of Elo
    wide)."""
    players = {}
    for n in sorted(f.ratings, key=lambda n: (len(n), n)):
        lo, hi = f.interval(n) if n != f.anchor else (0.0, 0.0)
        players[n] = {
            "elo": round(f.ratings[n]),
            "low": round(lo),
            "high": round(hi),
            "games": f.games[n],
            "score": round(f.points[n] / f.games[n], 3),
        }
    return {
        "rules": rules,
        "time_ms": ms,
        "openings": openings,
        "games_per_pairing": per_pairing,
        "anchor": f.anchor,
        "first_move_advantage": round(f.advantage),
        "commands": list(commands),
        "measured": measured,
        "players": players,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", help="JSON lines: white, black, result")
    parser.add_argument("--anchor", help="the player rated 0 (default: the first named)")
    parser.add_argument("--prior", type=float, default=1.0, help="virtual draws between players who met (default 1)")
    parser.add_argument("--no-colour", action="store_true", help="no first-move advantage term")
    parser.add_argument("--json", action="store_true", help="the fit as JSON instead of a table")
    parser.add_argument(
        "--levels-out",
        metavar="PATH",
        help="also write the ratings file the package ships (python/igisoro/data/level_ratings.json), "
        "with --rules, --ms, --openings, --command and --measured saying how the games were played",
    )
    parser.add_argument("--rules", default="igisoro", help="(with --levels-out) the round robin's rules")
    parser.add_argument("--ms", type=int, default=0, help="(with --levels-out) milliseconds a move")
    parser.add_argument("--openings", default="", help="(with --levels-out) where the openings came from")
    parser.add_argument("--command", action="append", default=[], help="(with --levels-out) a command that made the games")
    parser.add_argument("--measured", default="", help="(with --levels-out) the date the games were played")
    args = parser.parse_args(argv)
    try:
        with open(args.games, encoding="utf-8") as fh:
            games = read_games(fh)
        f = fit(games, anchor=args.anchor, prior=args.prior, colour=not args.no_colour)
    except (OSError, RatingError) as e:
        print(f"ratings: {e}", file=sys.stderr)
        return 2
    if args.levels_out:
        pairings: dict[frozenset[str], int] = {}
        for g in games:
            key = frozenset((g.white, g.black))
            pairings[key] = pairings.get(key, 0) + 1
        shipped = levels_file(f, args.rules, args.ms, args.openings, max(pairings.values()), args.command, args.measured)
        with open(args.levels_out, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(shipped, indent=1) + "\n")
    if args.json:
        out = {n: {"elo": f.ratings[n], "interval": f.interval(n), "games": f.games[n]} for n in f.ratings}
        print(json.dumps({"anchor": f.anchor, "players": out, "advantage": f.advantage}, indent=1))
    else:
        print(table(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
