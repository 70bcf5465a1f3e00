"""Comparison helpers shared by the oracle tests (``tests/test_oracle.py``,
``tests/test_oracle_isolo.py``). Not part of the reference rules: these only
put the engine's answers next to a reference module's and describe the
differences, the same way for the 4x8 family and for Isolo."""

from __future__ import annotations

from types import ModuleType
from typing import Any


def describe(pos: Any, engine: dict[str, str], oracle: set[str]) -> str:
    """The results only one side found (engine: result key -> move notation)."""
    lines = [f"position: {pos.notation()}"]
    only_e = sorted(set(engine) - oracle)
    only_o = sorted(oracle - set(engine))
    lines.append(f"engine-only results ({len(only_e)}):")
    lines += [f"  {engine[k]}: {k}" for k in only_e[:5]]
    lines.append(f"oracle-only results ({len(only_o)}):")
    lines += [f"  {k}" for k in only_o[:5]]
    return "\n".join(lines)


def check_listed_move(ref: ModuleType, pos: Any, data: dict, m: Any, failures: list[str]) -> None:
    """Play the engine's listed move ``m`` with the reference and with the
    engine; both must reach the result the engine listed."""
    want = ref.position_key(m.result.to_json())
    try:
        got = ref.position_key(ref.play(data, list(m.move.decisions)))
    except ValueError as e:
        failures.append(f"oracle rejects engine move {m.notation} at {pos.notation()}: {e}")
        return
    if got != want:
        failures.append(f"play {m.notation} at {pos.notation()}: oracle {got}, engine lists {want}")
    eng = ref.position_key(pos.play(m.move).position.to_json())
    if eng != want:
        failures.append(f"engine play {m.notation} at {pos.notation()}: {eng}, listed {want}")
