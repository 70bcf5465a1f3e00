"""Fit the win probability to self-play outcomes (issue 21, part 4).

Hand-run, one command, re-runnable after any change to the search's scores:

    .venv-bench/bin/python bench/winprob_fit.py \
        --data bench/data/winprob/selfplay-d4.tsv.gz --explore \
        --check bench/data/winprob/check-d3.tsv.gz \
        --plot docs/img/win-probability-reliability.png

(the recorded output is ``bench/data/winprob/fit-d4.txt``; ``--check`` scores the
fitted models on games of another depth, ``--explore`` other feature sets). The
data sets are not tracked: docs/benchmarks/win-probability.md ("Data") says how to
make them or take the ones the shipped constants were fitted on from git.

The data comes from ``cargo run --release -p igisoro-bench --bin winprob --
generate`` (see ``bench/src/bin/winprob.rs`` for the columns). Games are split
by game id: ``game % 5 == 0`` held out, the rest fitted, so no game has
positions on both sides. Only positions with a seed score are fitted; a proven
win or loss maps to exactly 1 or 0 in both models and is reported apart.

Two models of ``p = sigmoid(z)`` for the side to move:

- baseline: ``z = a * s``, ``s`` the search score in seeds, one ``a`` for all
  variants;
- model: per variant, ``z = a * s + c * starts + d * material``, with
  ``starts`` the start pits the side to move has more than the other and
  ``material`` the seeds it has more (``--explore`` scores other sets: a
  ``sign(s) ln(1 + |s|)`` term, one set for all variants, a tempo constant;
  see docs/benchmarks/win-probability.md for why none was kept).

Every feature is odd under the colour swap of the point of view (negate the
score, exchange "mine" and "theirs"), and there is no intercept, so
``p(side to move) + p(other side) = 1`` wherever both are defined, and a
colour-swapped position (the same position seen from the other chair) gets
the same probability by construction. No intercept also means a score of 0 is
a coin flip. The coefficients come out as a Rust block for
``rust_core/src/search/win_probability.rs``.

Needs numpy and matplotlib (``bench/requirements.txt``), kept out of the
service's environment: ``python -m venv .venv-bench && .venv-bench/bin/pip
install -r bench/requirements.txt``.
"""

from __future__ import annotations

import argparse
import gzip
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

VARIANTS = ("igisoro", "igisoro-wikipedia", "igisoro-fr", "ikibuguzo-1", "ikibuguzo-2")
#: Features of the proposed model, in the order of the Rust constants.
MODEL_FEATURES = ("score", "starts", "material")
#: Estimates stay in ESTIMATE_MIN..1 - ESTIMATE_MIN (as in the Rust module):
#: exactly 0 and 1 are kept for proven results.
ESTIMATE_MIN = 0.001


@dataclass
class Data:
    game: np.ndarray
    variant: np.ndarray  # index into VARIANTS, -1 for others
    ply: np.ndarray
    proven: np.ndarray  # +1 win, -1 loss, 0 seed score
    score: np.ndarray  # seeds (0 where proven)
    starts: np.ndarray  # start pits, mine - theirs
    material: np.ndarray  # seeds, mine - theirs
    result: np.ndarray  # 1 won, 0 lost, 0.5 cut with equal seeds
    cut: np.ndarray
    playing: np.ndarray  # 1: level 10's playing search, 0: an analysis (the `search` column)
    depth: np.ndarray
    starts_sum: np.ndarray  # start pits of both sides
    key: np.ndarray  # the position's features and ply: the same position in two files has the same key

    def take(self, mask: np.ndarray) -> Data:
        return Data(*(getattr(self, f)[mask] for f in self.__dataclass_fields__))


def load(path: str, search: str | None = None) -> Data:
    """The rows of a ``winprob generate`` file; with ``search``, only that kind
    of search's rows (``analysis`` or ``playing``; files without the column
    hold one kind, counted as ``analysis``)."""
    opener: Callable = gzip.open if path.endswith(".gz") else open
    cols: dict[str, list] = {k: [] for k in Data.__dataclass_fields__}
    with opener(path, "rt") as f:
        header = f.readline().rstrip("\n").split("\t")
        ix = {name: i for i, name in enumerate(header)}
        for line in f:
            v = line.rstrip("\n").split("\t")
            if len(v) < len(header) - 1:  # a file still being written
                continue
            kind = v[ix["kind"]]
            playing = "search" in ix and v[ix["search"]] == "playing"
            if search is not None and playing != (search == "playing"):
                continue
            cols["playing"].append(int(playing))
            cols["depth"].append(int(v[ix["depth"]]))
            cols["starts_sum"].append(int(v[ix["starts_me"]]) + int(v[ix["starts_them"]]))
            cols["key"].append(
                "|".join(
                    v[ix[k]]
                    for k in ("variant", "ply", "side", "seeds_me", "seeds_them", "inner_me", "inner_them", "starts_me", "starts_them")
                )
            )
            cols["game"].append(int(v[ix["game"]]))
            cols["variant"].append(VARIANTS.index(v[ix["variant"]]) if v[ix["variant"]] in VARIANTS else -1)
            cols["ply"].append(int(v[ix["ply"]]))
            cols["proven"].append({"cs": 0, "win": 1, "loss": -1}[kind])
            cols["score"].append(int(v[ix["score"]]) / 100.0 if kind == "cs" else 0.0)
            cols["starts"].append(int(v[ix["starts_me"]]) - int(v[ix["starts_them"]]))
            cols["material"].append(int(v[ix["seeds_me"]]) - int(v[ix["seeds_them"]]))
            cols["result"].append(float(v[ix["result"]]))
            cols["cut"].append(int(v[ix["cut"]]))
    return Data(*(np.array(cols[k]) for k in Data.__dataclass_fields__))


def load_all(paths: list[str], search: str | None = None) -> Data:
    """Several files' rows as one (game ids are unique within a file only:
    the file's index is added, times 10^8)."""
    ds = [load(p, search) for p in paths]
    for i, d in enumerate(ds):
        d.game = d.game + i * 100_000_000
    return Data(*(np.concatenate([getattr(d, f) for d in ds]) for f in Data.__dataclass_fields__))


def log_score(s: np.ndarray) -> np.ndarray:
    return np.sign(s) * np.log1p(np.abs(s))


def design(d: Data, names: tuple[str, ...]) -> np.ndarray:
    cols = {
        "tempo": np.ones(len(d.score)),
        "score": d.score,
        "log_score": log_score(d.score),
        "starts": d.starts,
        "material": d.material,
        # The score times how uneven the material is (0 to 1): a slope that
        # grows as one side's lead in seeds grows (issue 41's --explore).
        "score_lead": d.score * np.abs(d.material) / 64.0,
        # The score times a share of the pits a turn may start from (0 to 1):
        # an open, crowded board early in a game.
        "score_open": d.score * d.starts_sum / 32.0,
    }
    return np.column_stack([cols[n].astype(float) for n in names])


def sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (Newton's method; y may be 0.5)."""
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = sigmoid(x @ w)
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))


class Model:
    """Per-variant coefficients for ``names`` (one shared set when not per variant)."""

    def __init__(self, names: tuple[str, ...], per_variant: bool):
        self.names, self.per_variant = names, per_variant
        self.w: dict[int, np.ndarray] = {}

    def fit(self, d: Data) -> Model:
        if self.per_variant:
            for v in range(len(VARIANTS)):
                m = d.variant == v
                if m.any():
                    self.w[v] = logistic(design(d.take(m), self.names), d.result[m])
        else:
            self.w[-1] = logistic(design(d, self.names), d.result)
        return self

    def predict(self, d: Data) -> np.ndarray:
        x = design(d, self.names)
        if not self.per_variant:
            p = sigmoid(x @ self.w[-1])
        else:
            p = np.full(len(d.score), np.nan)
            for v, w in self.w.items():
                m = d.variant == v
                p[m] = sigmoid(x[m] @ w)
        p = np.clip(p, ESTIMATE_MIN, 1 - ESTIMATE_MIN)
        return np.where(d.proven == 1, 1.0, np.where(d.proven == -1, 0.0, p))


def table(rows: list[tuple[str, Data, dict[str, np.ndarray]]]) -> None:
    print("| positions | n | games | model | Brier | log loss |")
    print("|---|---|---|---|---|---|")
    for label, d, preds in rows:
        for name, p in preds.items():
            print(
                f"| {label} | {len(d.result):,} | {len(set(d.game.tolist())):,} | {name} "
                f"| {brier(p, d.result):.4f} | {log_loss(p, d.result):.4f} |"
            )


def reliability(ax, preds: dict[str, np.ndarray], y: np.ndarray, bins: int = 10) -> None:
    edges = np.linspace(0, 1, bins + 1)
    ax.plot([0, 1], [0, 1], color="grey", lw=1, ls="--", label="perfect")
    for (name, p), marker in zip(preds.items(), "os^"):
        k = np.clip(np.digitize(p, edges) - 1, 0, bins - 1)
        xs, ys, ns = [], [], []
        for b in range(bins):
            m = k == b
            if m.sum() >= 20:
                xs.append(p[m].mean())
                ys.append(y[m].mean())
                ns.append(m.sum())
        ax.plot(xs, ys, marker=marker, label=name)
    ax.set_xlabel("predicted win probability (side to move)")
    ax.set_ylabel("observed score (wins + half the equal cuts)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)


def previous_model(path: str) -> Model:
    """The model whose Rust constants a previous fit's log printed (its
    ``COEFFICIENTS`` block, one ``[a, c, d], // variant`` line each)."""
    m = Model(MODEL_FEATURES, per_variant=True)
    with open(path) as f:
        for line in f:
            if "], //" in line:
                values, name = line.split("//")
                m.w[VARIANTS.index(name.strip())] = np.array(
                    [float(x) for x in values.strip().strip("[],").split(",")]
                )
    if len(m.w) != len(VARIANTS):
        raise SystemExit(f"{path}: no COEFFICIENTS block for every variant")
    return m


def rust_block(baseline: Model, model: Model) -> str:
    lines = [
        f"pub const BASELINE_SLOPE: f64 = {baseline.w[-1][0]:.6f};",
        f"pub const COEFFICIENTS: [[f64; {len(MODEL_FEATURES)}]; {len(VARIANTS)}] = [",
    ]
    for v, name in enumerate(VARIANTS):
        w = model.w.get(v, baseline.w[-1].tolist() + [0.0] * (len(MODEL_FEATURES) - 1))
        lines.append("    [" + ", ".join(f"{x:.6f}" for x in w) + f"], // {name}")
    lines.append("];")
    return "\n".join(lines)


def timed(args: argparse.Namespace) -> None:
    """``--search KIND``: fit one kind of search's rows (issue 41) on the
    ``--data`` files (comma-separated) and score them on each ``--heldout``
    file against a constant 1/2 and the ``--previous`` constants.

    A training game that shares a position with any held-out file is left
    out whole (node-bounded games from the same position are the same game:
    Ikibuguzo's start line, or a random ply that is the engine's own move).
    Every held-out position is scored, proven ones included (1 or 0, as the
    core reports them); "decided" is the positions of games won by a side
    (not a half for a proven endless game or an even cut)."""
    heldout = [(path, load(path, args.search)) for path in args.heldout.split(",")] if args.heldout else []
    d = load_all(args.data.split(","), args.search)
    seen = set().union(*(set(h.key.tolist()) for _, h in heldout)) if heldout else set()
    shared = {g for g, k in zip(d.game.tolist(), d.key.tolist()) if k in seen}
    keep = np.array([g not in shared for g in d.game.tolist()])
    # The --data games with id % 5 == 0 are held out too (other openings of
    # the same protocol): scored, not fitted.
    split = d.game % 5 == 0
    heldout.append((f"{args.data}, games with id % 5 == 0", d.take(keep & split)))
    keep &= ~split
    train = d.take(keep & (d.proven == 0))
    print(
        f"{args.search} search: data {args.data}: {len(d.result):,} positions from {len(set(d.game.tolist())):,} games; "
        f"{len(shared):,} games left out (a position of theirs is held out); fitted on {len(train.result):,} positions "
        f"with a seed score from {len(set(train.game.tolist())):,} games"
    )
    model = Model(MODEL_FEATURES, per_variant=True).fit(train)
    before = previous_model(args.previous) if args.previous else None
    for path, h in heldout:
        print(f"\nHeld out: {path} ({args.search} rows; every position, proven included)")
        print("| variant | positions | games (distinct lines) | constant 1/2 | previous | refitted "
              "| decided: n | constant 1/2 | previous | refitted |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for v, name in enumerate(VARIANTS):
            m = h.variant == v
            if not m.any():
                continue
            hv = h.take(m)
            lines = len({tuple(hv.key[hv.game == g].tolist()) for g in set(hv.game.tolist())})
            dec = hv.result != 0.5
            half = np.full(len(hv.result), 0.5)
            pb = before.predict(hv) if before else half
            pr = model.predict(hv)

            def b(p: np.ndarray, mask: np.ndarray) -> str:
                # "-": no such positions, or no refitted row for the variant.
                value = brier(p[mask], hv.result[mask]) if mask.any() else float("nan")
                return "-" if np.isnan(value) else f"{value:.4f}"

            every = np.ones(len(hv.result), bool)
            print(
                f"| {name} | {len(hv.result):,} | {len(set(hv.game.tolist())):,} ({lines}) | {b(half, every)} | {b(pb, every)} "
                f"| **{b(pr, every)}** | {dec.sum():,} | {b(half, dec)} | {b(pb, dec)} | **{b(pr, dec)}** |"
            )
        games = sorted(set(h.game.tolist()))
        if len(games) <= 14:
            # Few games (one line each): each game's own Brier.
            print("| game | variant | positions | first position's side to move: result | previous | refitted |")
            print("|---|---|---:|---:|---:|---:|")
            for g in games:
                hg = h.take(h.game == g)
                pb = before.predict(hg) if before else np.full(len(hg.result), 0.5)
                print(
                    f"| {g} | {VARIANTS[hg.variant[0]]} | {len(hg.result)} | {hg.result[0]:g} "
                    f"| {brier(pb, hg.result):.4f} | {brier(model.predict(hg), hg.result):.4f} |".replace("nan", "-")
                )
    print("\nCoefficients (per seed of score; per pit; per seed):")
    for v, w in model.w.items():
        print(f"  {VARIANTS[v]}: " + ", ".join(f"{n} {x:+.6f}" for n, x in zip(MODEL_FEATURES, w)))
    if args.explore:
        print("\nOther feature sets (fitted on the same games), Brier on each held-out file, every position:")
        for names in [("score",), MODEL_FEATURES, ("score", "score_lead", "starts", "material"),
                      ("score", "score_open", "starts", "material"),
                      ("score", "score_lead", "score_open", "starts", "material")]:
            m = Model(names, per_variant=True).fit(train)
            row = []
            for path, h in heldout:
                per = []
                for v, vname in enumerate(VARIANTS):
                    mv = h.variant == v
                    if mv.any() and v in m.w:
                        hv = h.take(mv)
                        per.append(f"{vname} {brier(m.predict(hv), hv.result):.4f}")
                row.append(f"{Path(path).name}: " + ", ".join(per))
            print(f"  {'+'.join(names)}: " + "; ".join(row))
            for v, w in m.w.items():
                print(f"      {VARIANTS[v]}: " + ", ".join(f"{n} {x:+.4f}" for n, x in zip(names, w)))
    name = "PLAYING_COEFFICIENTS" if args.search == "playing" else "COEFFICIENTS"
    print(f"\nRust (search::board4x8::{name}):\n")
    print(f"pub const {name}: [[f64; {len(MODEL_FEATURES)}]; {len(VARIANTS)}] = [")
    for v, vname in enumerate(VARIANTS):
        if v in model.w:
            print("    [" + ", ".join(f"{x:.6f}" for x in model.w[v]) + f"], // {vname}")
    print("];")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--search",
        choices=("analysis", "playing"),
        default=None,
        help="fit that kind of search's rows of `generate --both` files (see `timed`); --data may list several files",
    )
    ap.add_argument("--heldout", default=None, help="with --search: files (comma-separated) to score the refit on")
    ap.add_argument("--data", default="bench/data/winprob/selfplay-d4.tsv.gz")
    ap.add_argument("--plot", default=None, help="write the reliability plot (PNG) here")
    ap.add_argument("--check", default=None, help="also score the fitted models on this other data file")
    ap.add_argument("--explore", action="store_true", help="also score other feature sets on the held-out games")
    ap.add_argument(
        "--previous",
        default=None,
        help="a previous fit's log: also score its Rust constants on these held-out games (the model before a refit)",
    )
    ap.add_argument(
        "--rust",
        nargs=2,
        metavar=("DATA", "PREDICTIONS"),
        default=None,
        help="compare the fitted model with the core's probabilities (`winprob predict --data DATA`) on DATA",
    )
    args = ap.parse_args()
    if args.search:
        timed(args)
        return
    for path in [args.data, args.check]:
        if path is not None and not Path(path).exists():
            # The data sets are not tracked (several MB): say where they come from.
            ap.error(
                f"{path} does not exist: make it with `winprob generate` or take it from git "
                "(docs/benchmarks/win-probability.md, Data)"
            )

    d = load(args.data)
    hold = d.game % 5 == 0
    train_all, test_all = d.take(~hold), d.take(hold)
    train = train_all.take(train_all.proven == 0)
    print(
        f"data {args.data}: {len(d.result):,} positions from {len(set(d.game.tolist())):,} games; "
        f"fitted on {len(train.result):,} positions with a seed score from "
        f"{len(set(train.game.tolist())):,} games; held out {len(test_all.result):,} positions "
        f"from {len(set(test_all.game.tolist())):,} games"
    )
    for v, name in enumerate(VARIANTS):
        m = d.variant == v
        if m.any():
            games = set(d.game[m].tolist())
            cut_games = len(set(d.game[m & (d.cut == 1)].tolist()))
            proven = d.proven[m] != 0
            wrong = (d.proven[m] == 1) & (d.result[m] < 1) | (d.proven[m] == -1) & (d.result[m] > 0)
            print(
                f"  {name}: {m.sum():,} positions, {len(games):,} games ({cut_games} cut at the ply cap), "
                f"{proven.sum():,} proven ({wrong.sum()} of them against the game's result)"
            )

    baseline = Model(("score",), per_variant=False).fit(train)
    model = Model(MODEL_FEATURES, per_variant=True).fit(train)
    test = test_all.take(test_all.proven == 0)
    preds = {"baseline: logistic of the seed score": baseline.predict(test), "model": model.predict(test)}
    print("\nHeld-out games, positions with a seed score (proven results are 1/0 in both):")
    rows = [("all variants", test, preds)]
    for v, name in enumerate(VARIANTS):
        m = test.variant == v
        if m.any():
            rows.append((name, test.take(m), {k: p[m] for k, p in preds.items()}))
    nocut = test.cut == 0
    rows.append(("games not cut", test.take(nocut), {k: p[nocut] for k, p in preds.items()}))
    table(rows)
    if args.previous:
        before = previous_model(args.previous)
        pb = before.predict(test)
        print(f"\nThe constants of {args.previous} on the same held-out positions (seed scores):")
        rows = [("all variants", test, {"previous": pb, "refitted": preds["model"]})]
        for v, name in enumerate(VARIANTS):
            m = test.variant == v
            if m.any():
                rows.append((name, test.take(m), {"previous": pb[m], "refitted": preds["model"][m]}))
        table(rows)
        print(
            f"All held-out positions, proven included: Brier previous {brier(before.predict(test_all), test_all.result):.4f}, "
            f"refitted {brier(model.predict(test_all), test_all.result):.4f}"
        )
    pa = {"baseline": baseline.predict(test_all), "model": model.predict(test_all)}
    print(
        f"\nAll held-out positions, proven included: Brier baseline {brier(pa['baseline'], test_all.result):.4f}, "
        f"model {brier(pa['model'], test_all.result):.4f}"
    )

    if args.explore:
        print("\nOther feature sets (held out, seed-score positions):")
        sets = [
            (("score",), True),
            (("score", "log_score"), True),
            (("score", "starts"), True),
            (("score", "log_score", "starts"), True),
            (("score", "material"), True),
            (("score", "starts", "material"), True),
            (("score", "starts", "material"), False),
            (("tempo", "score"), True),
            (("score", "starts", "material"), True),
            (("score", "log_score", "starts", "material"), True),
        ]
        for names, per in sets:
            p = Model(names, per).fit(train).predict(test)
            print(
                f"  {'+'.join(names):40} {'per variant' if per else 'shared':12} "
                f"Brier {brier(p, test.result):.4f} log loss {log_loss(p, test.result):.4f}"
            )

    if args.check:
        other = load(args.check)
        other = other.take(other.proven == 0)
        print(f"\nOther data {args.check} ({len(other.result):,} seed-score positions, no game fitted):")
        po = {"baseline": baseline.predict(other), "model": model.predict(other)}
        rows = [("all variants", other, po)]
        for v, name in enumerate(VARIANTS):
            m = other.variant == v
            if m.any():
                rows.append((name, other.take(m), {k: p[m] for k, p in po.items()}))
        table(rows)

    if args.rust:
        rows, core = load(args.rust[0]), np.loadtxt(args.rust[1])
        diff = np.abs(model.predict(rows) - core)
        print(
            f"\nThe core against the fit on {args.rust[0]} ({len(core):,} positions): "
            f"largest difference {diff.max():.2e} (the constants are rounded to 6 decimals)"
        )

    print("\nCoefficients (per seed of score; per pit; per seed):")
    print(f"  baseline: a = {baseline.w[-1][0]:.6f}")
    for v, w in model.w.items():
        print(f"  {VARIANTS[v]}: " + ", ".join(f"{n} {x:+.6f}" for n, x in zip(MODEL_FEATURES, w)))
    print("\nRust (paste over the constants of rust_core/src/search/win_probability.rs):\n")
    print(rust_block(baseline, model))

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, axes = plt.subplots(1, 2, figsize=(11, 5))
        reliability(axes[0], preds, test.result)
        axes[0].set_title(f"held-out games, all variants ({len(test.result):,} positions)")
        axes[0].legend(loc="upper left")
        for (name, p), ls in zip(preds.items(), ("-", "--")):
            axes[1].hist(p, bins=20, range=(0, 1), histtype="step", ls=ls, label=name, lw=1.5)
        axes[1].set_xlabel("predicted win probability")
        axes[1].set_ylabel("positions")
        axes[1].set_title("how the predictions spread")
        axes[1].legend(loc="upper center")
        fig.suptitle(
            "Win probability, reliability: "
            + ", ".join(f"{k.split(':')[0]} Brier {brier(p, test.result):.3f}" for k, p in preds.items())
        )
        fig.tight_layout()
        fig.savefig(args.plot, dpi=90)
        print(f"\nplot -> {args.plot}")


if __name__ == "__main__":
    main()
