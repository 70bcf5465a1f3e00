"""The exceptions carry the public module's name (issue 17: tracebacks said
``_igisoro.IllegalMoveError`` while users catch ``igisoro.IllegalMoveError``)."""

import pytest

import igisoro


@pytest.mark.parametrize("name", igisoro.errors.__all__)
def test_exceptions_are_named_from_the_public_module(name: str) -> None:
    exc = getattr(igisoro, name)
    assert exc.__module__ == "igisoro"
    assert f"{exc.__module__}.{exc.__qualname__}" == f"igisoro.{name}"
