"""The value network's weights and test cases (issue 31): the Python
training code's integer inference (``bench/value_net.py``, no numpy)
reproduces, from the shipped weights, the cases the engine's Rust test
checks (``rust_core/tests/value_net.rs``), so both sides compute the same
correction on the same inputs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _value_net() -> ModuleType:
    spec = importlib.util.spec_from_file_location("value_net", ROOT / "bench" / "value_net.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cases_are_the_shipped_weights_inference() -> None:
    vn = _value_net()
    net = vn.read_weights((ROOT / "rust_core" / "data" / "value_net.txt").read_text())
    assert net is not None, "the shipped file holds a network"
    shipped = vn.read_cases(ROOT / "rust_core" / "tests" / "data" / "value_net_cases.txt")
    assert shipped == vn.cases(net, 200, 31)
    assert any(v != 0 for _, _, v in shipped)


def test_the_inference_is_the_documented_arithmetic() -> None:
    """One hidden unit by hand: floor division, clipping at 0 and at Q."""
    vn = _value_net()
    w1 = [[0] * vn.HIDDEN for _ in range(vn.INPUTS)]
    w1[0][0] = 100  # pit 0 holding 0 seeds drives unit 0 past Q: clipped to Q
    w1[vn.FLAG + 3][1] = -vn.Q  # rule flag 3 drives unit 1 below 0: clipped to 0
    w2 = [0] * vn.HIDDEN
    w2[0], w2[1] = 3 * vn.Q * vn.Q - 1, 1000
    net = {"w1": w1, "b1": [0] * vn.HIDDEN, "w2": w2, "b2": 7}
    counts = [0] + [1] * 31
    assert vn.correction(net, counts, 1 << 3) == (vn.Q * (3 * vn.Q * vn.Q - 1)) // (vn.Q * vn.Q) + 7
    # Without flag 3, unit 1 is not clipped: 0 x 1000 still adds nothing,
    # so give it a bias to see it count.
    net["b1"] = [0, vn.Q // 2] + [0] * (vn.HIDDEN - 2)
    assert vn.correction(net, counts, 0) == (vn.Q * (3 * vn.Q * vn.Q - 1) + (vn.Q // 2) * 1000) // (vn.Q * vn.Q) + 7
    assert vn.correction(net, counts, 1 << 3) == (vn.Q * (3 * vn.Q * vn.Q - 1)) // (vn.Q * vn.Q) + 7
    assert vn.correction(None, counts, 0) == 0
