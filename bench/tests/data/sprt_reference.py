"""Independent reference values for bench/tests/sprt.rs.

A plain-Python transcription of the formula OpenBench publishes in
OpenBench/stats.py (PentanomialSPRT and MLE_tvalue, after M. Van den Bergh,
"Comments on Normalized Elo"), with bisection in place of scipy's brentq,
plus the expected-score form (his proposition 1.1) that fastchess calls
"logistic". Run it to print the cases the Rust test pins:

    python3 bench/tests/data/sprt_reference.py
"""

from __future__ import annotations

import math


def _root(phat: list[float], phi: list[float]) -> float:
    """theta with sum p_i phi_i / (1 + theta phi_i) = 0, between the poles."""
    lo, hi = -1 / max(phi), -1 / min(phi)
    for _ in range(300):
        mid = (lo + hi) / 2
        if sum(p * a / (1 + mid * a) for p, a in zip(phat, phi)) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _stats(xs: list[float], ps: list[float]) -> tuple[float, float]:
    mu = sum(x * p for x, p in zip(xs, ps))
    return mu, sum(p * (x - mu) ** 2 for x, p in zip(xs, ps))


def _mle_t(xs: list[float], phat: list[float], t: float) -> list[float]:
    p = [1 / len(xs)] * len(xs)
    for _ in range(1000):
        mu, var = _stats(xs, p)
        s = math.sqrt(var)
        phi = [a - 0.5 - t * s * (1 + ((mu - a) / s) ** 2) / 2 for a in xs]
        th = _root(phat, phi)
        new = [q / (1 + th * a) for q, a in zip(phat, phi)]
        done = max(abs(a - b) for a, b in zip(new, p)) < 1e-13
        p = new
        if done:
            break
    return p


def _mle_s(xs: list[float], phat: list[float], s: float) -> list[float]:
    phi = [a - s for a in xs]
    th = _root(phat, phi)
    return [q / (1 + th * a) for q, a in zip(phat, phi)]


def llr(counts: list[int], elo0: float, elo1: float, model: str) -> float:
    """counts: [LL, LD, DD+WL, WD, WW] (pentanomial) or [L, D, W]."""
    c = [max(1e-3, float(n)) for n in counts]
    n = sum(c)
    phat = [x / n for x in c]
    xs = [i / (len(c) - 1) for i in range(len(c))]
    if model == "normalized":
        k = math.sqrt(2) if len(c) == 5 else 1.0
        t0, t1 = (k * e * math.log(10) / 800 for e in (elo0, elo1))
        p0, p1 = _mle_t(xs, phat, t0), _mle_t(xs, phat, t1)
    else:
        s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
        p0, p1 = _mle_s(xs, phat, s0), _mle_s(xs, phat, s1)
    return n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(phat, p0, p1))


CASES = [
    # OpenBench's own example (stats.py's __main__).
    ([39, 8843, 26675, 9240, 44], 0.5, 2.5, "normalized"),
    # Small match-sized counts, both models, and empty outcomes.
    ([3, 10, 40, 14, 5], 0.0, 10.0, "normalized"),
    ([3, 10, 40, 14, 5], 0.0, 10.0, "logistic"),
    ([12, 0, 170, 0, 18], 0.0, 20.0, "normalized"),
    ([0, 0, 30, 0, 12], -10.0, 10.0, "normalized"),
    ([20, 5, 60, 3, 2], 0.0, 5.0, "logistic"),
    ([120, 300, 200], 0.0, 5.0, "normalized"),
]

if __name__ == "__main__":
    for counts, e0, e1, model in CASES:
        print(f"{counts} [{e0}, {e1}] {model}: {llr(counts, e0, e1, model):.10f}")
