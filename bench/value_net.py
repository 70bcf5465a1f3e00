"""Train, export and check the engine's value network (issues 31 and 41): a
learned correction added to the hand-made evaluation, used by analyses and
every level alike (see ``rust_core/src/search/board4x8/value_net.rs`` for
the network and why).

Hand-run; numpy on the CPU (``pip install numpy``). The whole pipeline,
from a clean clone, is ``bash bench/value_net.sh`` (the data: about 1.5
million positions of seeded games under every 4x8 rule set, about 25
minutes on two cores; then this file's ``train``, a few minutes). The
data are played and labelled with the hand-made evaluation alone
(``evalfit gen --eval engine``: ``search::board4x8::hand_made``, which the
correction is not part of), and the rows' ``hand`` column is that value:
what the network corrects. Each row also carries its rules' flags
(``value_net.rs`` ``RULE_FLAGS``), inputs of the network.

``train`` fits the network to a blend of the game's result and a search
three turns deeper (``--lam``: the result's weight), Texel-style: the side
to move's win probability is ``sigmoid(k * (hand + correction))``, ``k``
fitted to the hand-made value first so the correction stays in centiseeds.
It holds out every fifth game, prints the held-out log loss of the
hand-made value alone, of the float network and of the integer network as
the engine computes it, and their distance to the deeper search; then it
writes the weights and the test cases
(``rust_core/tests/data/value_net_cases.txt``: inputs and the correction
this file's integer inference gives, which the Rust test and
``tests/test_value_net.py`` check).

``check --weights F --cases C`` recomputes the cases from the weights.

The integer inference here (:func:`correction`) needs no numpy: it is the
reference the engine's ``value_net.rs`` must match bit for bit.
"""

from __future__ import annotations

import argparse
import random
import sys
import zlib
from pathlib import Path
from typing import Any

BUCKETS = 16
#: The rules' flags, as ``value_net.rs`` ``RULE_FLAGS`` orders them: bit
#: ``i`` of a row's flags is input ``FLAG + i``.
RULE_FLAGS = 9
INPUTS = 32 * BUCKETS + RULE_FLAGS
HIDDEN = 16
Q = 64
FLAG = 32 * BUCKETS
#: Training works in seeds (the output layer's weights a few units), the
#: engine in centiseeds: the output is scaled by this on export.
SCALE = 100.0


def active_inputs(counts: list[int]) -> list[int]:
    """The active inputs of 32 pit counts (the side to move's 16, then the
    opponent's): one per pit, bucketed as the engine buckets them."""
    return [i * BUCKETS + min(c, BUCKETS - 1) for i, c in enumerate(counts)]


def read_weights(text: str) -> dict[str, Any] | None:
    """The weights file's integers, or None for ``hidden=0``."""
    words = [w for line in text.splitlines() if not line.startswith("#") for w in line.split()]
    hidden = int(words[0].removeprefix("hidden="))
    if hidden == 0:
        return None
    assert hidden == HIDDEN, f"{hidden} hidden units, expected {HIDDEN}"
    nums = [int(w) for w in words[1:]]
    assert len(nums) == INPUTS * HIDDEN + 2 * HIDDEN + 1, "weights file size"
    w1 = [nums[f * HIDDEN:(f + 1) * HIDDEN] for f in range(INPUTS)]
    rest = nums[INPUTS * HIDDEN:]
    return {"w1": w1, "b1": rest[:HIDDEN], "w2": rest[HIDDEN:2 * HIDDEN], "b2": rest[2 * HIDDEN]}


def correction(net: dict[str, Any] | None, counts: list[int], flags: int) -> int:
    """The correction in centiseeds, in integers exactly as the engine
    computes it (``value_net.rs``, ``Net::correction``); ``flags`` is the
    rules' bitmask (``rule_flags``)."""
    if net is None:
        return 0
    acc = list(net["b1"])
    for f in active_inputs(counts) + [FLAG + i for i in range(RULE_FLAGS) if flags >> i & 1]:
        row = net["w1"][f]
        for h in range(HIDDEN):
            acc[h] += row[h]
    total = sum(min(max(a, 0), Q) * w for a, w in zip(acc, net["w2"], strict=True))
    return total // (Q * Q) + net["b2"]  # floor division, as Rust's div_euclid by a positive number


def cases(net: dict[str, Any] | None, n: int, seed: int) -> list[tuple[list[int], int, int]]:
    """``n`` seeded random inputs (counts 0-40, every bucket reached; any
    rule flags) with their corrections."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        counts = [rng.choice([0, 0, 1, 2, 3, 5, 8, 14, 15, 16, 40]) if rng.random() < 0.3 else rng.randrange(0, 20)
                  for _ in range(32)]
        flags = rng.randrange(1 << RULE_FLAGS)
        out.append((counts, flags, correction(net, counts, flags)))
    return out


def write_cases(path: Path, rows: list[tuple[list[int], int, int]]) -> None:
    lines = ["# 32 pit counts, the rule flags' bitmask, the correction (bench/value_net.py)"]
    lines += [" ".join(map(str, c)) + f" {f} {v}" for c, f, v in rows]
    path.write_text("\n".join(lines) + "\n")


def read_cases(path: Path) -> list[tuple[list[int], int, int]]:
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        nums = [int(x) for x in line.split()]
        out.append((nums[:32], nums[32], nums[33]))
    return out


def _load(rows_path: str) -> Any:
    import numpy as np
    games, result, label, hand, flag, counts = [], [], [], [], [], []
    with open(rows_path) as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            games.append(c[0])
            result.append(float(c[1]))
            label.append({"W": 1e9, "L": -1e9}.get(c[2]) or float(c[2]))
            hand.append(float(c[3]))
            flag.append(int(c[4]))
            counts.append([int(x) for x in c[5:37]])
    held = np.array([zlib.crc32(g.encode()) % 5 == 0 for g in games])
    cnt = np.array(counts, dtype=np.int64)
    idx = np.arange(32)[None, :] * BUCKETS + np.minimum(cnt, BUCKETS - 1)
    bits = (np.array(flag)[:, None] >> np.arange(RULE_FLAGS)[None, :]) & 1
    return idx, bits.astype(np.float64), np.array(hand), np.array(result), np.array(label), held, cnt, np.array(flag)


def _logloss(np: Any, z: Any, y: Any) -> float:
    p = np.clip(1 / (1 + np.exp(-z)), 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def train(args: argparse.Namespace) -> None:
    import numpy as np
    rng = np.random.default_rng(args.seed)
    idx, flag, hand, result, label, held, cnt, flagmask = _load(args.rows)
    tr, te = ~held, held
    print(f"rows {len(result)}: {tr.sum()} to fit, {te.sum()} held out (every fifth game)")
    # k: the hand-made value's own best sigmoid scale on the fitting rows.
    y = result
    ks = np.linspace(0.0002, 0.004, 96)
    k = float(ks[np.argmin([_logloss(np, kk * hand[tr], y[tr]) for kk in ks])])
    # The target: `lam` of the game's result and the rest of the deeper
    # search's value as a probability (forced results as 0 or 1). Results
    # alone teach the network who is to move at a leaf, which a search
    # adds at alternate depths (scores swung by 8 seeds between depths);
    # the search value is what the next depth will say.
    search = 1 / (1 + np.exp(-np.clip(k * label, -50, 50)))
    y = args.lam * result + (1 - args.lam) * search
    print(f"k = {k:.5f}; held-out log loss, hand-made value alone: {_logloss(np, k * hand[te], result[te]):.4f}")
    w1 = rng.normal(0, 0.1, (INPUTS, HIDDEN))
    b1 = np.full(HIDDEN, 0.5)
    w2 = np.zeros(HIDDEN)
    b2 = 0.0
    params = [w1, b1, w2, np.array([b2])]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step, lr, l2 = 0, args.lr, args.l2

    def forward(rows: Any) -> tuple[Any, Any, Any]:
        acc = params[1] + params[0][idx[rows]].sum(axis=1) + flag[rows] @ params[0][FLAG:]
        h = np.clip(acc, 0, 1)
        return acc, h, SCALE * (h @ params[2] + params[3][0])

    train_rows = np.flatnonzero(tr)
    for epoch in range(args.epochs):
        rng.shuffle(train_rows)
        for s in range(0, len(train_rows), args.batch):
            rows = train_rows[s:s + args.batch]
            acc, h, out = forward(rows)
            z = k * (hand[rows] + out)
            g = SCALE * k * (1 / (1 + np.exp(-z)) - y[rows]) / len(rows)  # d loss / d (out / SCALE)
            gw2 = h.T @ g
            gb2 = np.array([g.sum()])
            dacc = np.outer(g, params[2]) * ((acc > 0) & (acc < 1))
            gw1 = np.zeros_like(params[0])
            np.add.at(gw1, idx[rows].ravel(), np.repeat(dacc, 32, axis=0))
            gw1[FLAG:] += flag[rows].T @ dacc
            gw1 += l2 * params[0]
            gb1 = dacc.sum(axis=0)
            step += 1
            for p, gr, mm, vv in zip(params, [gw1, gb1, gw2, gb2], m, v, strict=True):
                mm *= 0.9
                mm += 0.1 * gr
                vv *= 0.999
                vv += 0.001 * gr * gr
                p -= lr * (mm / (1 - 0.9 ** step)) / (np.sqrt(vv / (1 - 0.999 ** step)) + 1e-8)
        _, _, out = forward(np.flatnonzero(te))
        print(f"epoch {epoch + 1}: held-out log loss {_logloss(np, k * (hand[te] + out), result[te]):.4f}, "
              f"correction rms {np.sqrt(np.mean(out ** 2)):.0f} cs")
    # The integer network, as the engine runs it.
    net = {"w1": np.rint(params[0] * Q).astype(int).tolist(), "b1": np.rint(params[1] * Q).astype(int).tolist(),
           "w2": np.rint(params[2] * SCALE * Q).astype(int).tolist(), "b2": int(np.rint(params[3][0] * SCALE))}
    te_rows = np.flatnonzero(te)
    outs = np.array([correction(net, cnt[r].tolist(), int(flagmask[r])) for r in te_rows])
    print(f"held-out log loss, integer network: {_logloss(np, k * (hand[te] + outs), result[te]):.4f}")
    # How far each is from the deeper search's value (forced results left
    # out), in seeds: what a search's next depths will say of the position.
    est = np.abs(label[te]) < 1e8
    for name, v in (("hand-made", hand[te]), ("hand-made + integer network", hand[te] + outs)):
        rmse = np.sqrt(np.mean((v[est] - label[te][est]) ** 2)) / 100
        print(f"held-out distance to the search label, {name}: {rmse:.2f} seeds (rms)")
    command = " ".join(sys.argv)
    lines = [f"# {command}", f"# k {k:.5f}; {len(y)} rows", f"hidden={HIDDEN}"]
    lines += [" ".join(map(str, row)) for row in net["w1"]]
    lines += [" ".join(map(str, net["b1"])), " ".join(map(str, net["w2"])), str(net["b2"])]
    Path(args.out).write_text("\n".join(lines) + "\n")
    write_cases(Path(args.cases), cases(net, 200, 31))
    print(f"wrote {args.out} and {args.cases}")


def check(args: argparse.Namespace) -> int:
    net = read_weights(Path(args.weights).read_text())
    bad = [(c, f, want, correction(net, c, f)) for c, f, want in read_cases(Path(args.cases))
           if correction(net, c, f) != want]
    print(f"{len(bad)} cases differ")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--rows", required=True)
    t.add_argument("--out", default="rust_core/data/value_net.txt")
    t.add_argument("--cases", default="rust_core/tests/data/value_net_cases.txt")
    t.add_argument("--epochs", type=int, default=12)
    t.add_argument("--batch", type=int, default=2048)
    t.add_argument("--lr", type=float, default=0.01)
    t.add_argument("--l2", type=float, default=1e-5)
    t.add_argument("--seed", type=int, default=2026)
    t.add_argument("--lam", type=float, default=1.0, help="weight of the game result in the target (the rest: the search value)")
    c = sub.add_parser("check")
    c.add_argument("--weights", default="rust_core/data/value_net.txt")
    c.add_argument("--cases", default="rust_core/tests/data/value_net_cases.txt")
    a = ap.parse_args()
    if a.cmd == "train":
        train(a)
        return 0
    return check(a)


if __name__ == "__main__":
    sys.exit(main())
