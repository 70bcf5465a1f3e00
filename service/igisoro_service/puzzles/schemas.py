"""Request schemas of ``/v1/puzzles`` (marshmallow), documented through
:mod:`igisoro_service.openapi` like :mod:`igisoro_service.schemas`."""

from __future__ import annotations

from typing import Any

from flask import current_app
from marshmallow import Schema, ValidationError, fields, validate, validates, validates_schema

from igisoro.puzzles import PUZZLE_VARIANTS, THEMES
from igisoro.puzzles.find import MAX_TURNS
from igisoro_service.schemas import Explain, MoveField

_VARIANTS = list(PUZZLE_VARIANTS)
#: A solver id: what a client without an API key keeps. Only one the server
#: issued (``POST /v1/puzzles/solvers``, signed) names a solver; any other
#: well-formed id is read as anonymous (answered, not rated), so clients that
#: made up their own ids still get answers.
_SOLVER = validate.Regexp(r"^[A-Za-z0-9_-]{8,64}$", error="Must be 8 to 64 letters, digits, '-' or '_'.")
_SOLVER_DOC = {"description": "The solver id `POST /v1/puzzles/solvers` issued, which the client keeps; any "
                              "other id is anonymous (answered, not rated). Ignored when the request carries an "
                              "API key, which is then the solver."}


class PuzzleNextQuery(Schema):
    """``GET /v1/puzzles/next?variant=&theme=&rating=&solver=``."""

    variant = fields.String(validate=validate.OneOf(_VARIANTS))
    theme = fields.String(validate=validate.OneOf(THEMES))
    rating = fields.Integer(validate=validate.Range(0, 4000))
    solver = fields.String(validate=_SOLVER, metadata=_SOLVER_DOC)


class PuzzleGetQuery(Schema):
    """``GET /v1/puzzles/{id}?solution=true&solver=``."""

    solution = fields.Boolean(load_default=False)
    solver = fields.String(validate=_SOLVER, metadata=_SOLVER_DOC)


class PuzzleAttemptRequest(Explain):
    """``{"moves": [...], "solver": id, "explain"?}``: the learner's moves,
    one per turn; ``explain``: the solution told in words once the attempt ends."""

    moves = fields.List(MoveField(), required=True, validate=validate.Length(1, MAX_TURNS), metadata={
        "description": f"The learner's moves, one for each of its turns (at most {MAX_TURNS}); the defender's "
                       "replies are the server's."})
    solver = fields.String(validate=_SOLVER, metadata=_SOLVER_DOC)


class PuzzleGenerateRequest(Schema):
    """``POST /v1/puzzles/generate``: self-play games of a variant, or
    submitted games, looked at by the job workers."""

    variant = fields.String(validate=validate.OneOf(_VARIANTS), metadata={
        "description": "The variant of the self-play games (with `self_play`)."})
    self_play = fields.Integer(strict=True, metadata={
        "x-cap": "PUZZLE_MAX_GAMES", "description": "How many self-play games to look at."})
    first_seed = fields.Integer(strict=True, load_default=0, validate=validate.Range(0, 2**40), metadata={
        "description": "The first self-play game's seed (games `first_seed`, `first_seed + 1`, ...)."})
    games = fields.List(fields.Raw(), metadata={
        "x-cap": "PUZZLE_MAX_GAMES", "description": "Submitted games, each `{\"position\", \"moves\"}` as "
        "`/v1/games/review` takes them: every position of each is looked at (a bad game is an error line)."})
    nodes = fields.Integer(strict=True, metadata={
        "x-cap": "PUZZLE_MAX_NODES", "description": "The solver's node budget for each proof (default `PUZZLE_NODES`)."})

    @validates("nodes")
    def _nodes(self, value: int, **kwargs: Any) -> None:
        top = current_app.config["PUZZLE_MAX_NODES"]
        if not 1 <= value <= top:
            raise ValidationError(f"Must be between 1 and {top} (the server's PUZZLE_MAX_NODES).")

    @validates_schema
    def _source(self, data: dict[str, Any], **kwargs: Any) -> None:
        top = current_app.config["PUZZLE_MAX_GAMES"]
        if ("self_play" in data) == ("games" in data):
            raise ValidationError("Give exactly one of `self_play` (with `variant`) and `games`.", "_schema")
        if "self_play" in data:
            if "variant" not in data:
                raise ValidationError("Self-play needs a `variant`.", "variant")
            n, field = data["self_play"], "self_play"
        else:
            n, field = len(data["games"]), "games"
        if not 1 <= n <= top:
            raise ValidationError(f"A job looks at 1 to {top} games (the server's PUZZLE_MAX_GAMES), not {n}.", field)
