"""One reader of "a position from notation or JSON" (issue 40):
:meth:`igisoro.Position.read`, used by the service's views
(``engine.position``), the batch pipeline (``igisoro.batch``: the HTTP
batch, analysis jobs, ``igisoro analyse``) and puzzle jobs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import igisoro
from igisoro.batch import read_position
from igisoro_service import engine
from igisoro_service.jobs.puzzle_chunks import _candidates
from igisoro_service.problems import Problem

from igisoro_testing.positions import ISOLO

ISOLO_JSON = {"variant": "isolo", "pits": [[2] * 4, [2] * 4], "to_move": "south"}


def test_text_is_notation_an_object_the_json_form():
    assert igisoro.Position.read(ISOLO) == igisoro.Position.read(ISOLO_JSON) == igisoro.Position.from_notation(ISOLO)
    # A string is never JSON text here: a request's JSON form is an object.
    with pytest.raises(igisoro.UnknownVariantError):
        igisoro.Position.read('{"variant": "isolo"}')
    with pytest.raises(igisoro.InvalidNotationError):
        igisoro.Position.read("")
    for other in (5, [ISOLO], None):
        with pytest.raises(igisoro.InvalidPositionError, match=repr(other).replace("[", r"\[")):
            igisoro.Position.read(other)  # type: ignore[arg-type]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every value given to ``Position.read`` meanwhile."""
    seen: list[Any] = []
    real = igisoro.Position.read.__func__  # type: ignore[attr-defined]

    def counted(cls: type[igisoro.Position], value: Any) -> igisoro.Position:
        seen.append(value)
        return real(cls, value)  # type: ignore[no-any-return]

    monkeypatch.setattr(igisoro.Position, "read", classmethod(counted))
    yield seen


def test_the_service_batches_and_puzzle_jobs_read_through_it(app, reads):
    with app.test_request_context():
        assert engine.position(ISOLO_JSON).notation() == ISOLO
        with pytest.raises(Problem):
            engine.position("igisoro zz")
    assert isinstance(read_position(ISOLO), igisoro.Position)
    assert list(read_position({"variant": "nope"})["errors"]) == ["position.pits"]  # the engine's refusal
    assert next(_candidates({"position": ISOLO_JSON, "moves": []}, 0)).position.notation() == ISOLO
    assert reads == [ISOLO_JSON, "igisoro zz", ISOLO, {"variant": "nope"}, ISOLO_JSON]


def test_a_batch_item_that_is_neither_form_never_reaches_the_engine(reads):
    """The batch's own envelope check (as the HTTP schema's): an empty
    string or a number is a validation error naming the field."""
    for value in ("", 42, None):
        got = read_position(value, "positions[3]")
        assert isinstance(got, dict) and got["type"] == "urn:igisoro:problem:validation-error"
        assert list(got["errors"]) == ["positions[3]"]
    assert reads == []
