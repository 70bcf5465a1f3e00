"""Request schemas (marshmallow): they check each request body and, through
``igisoro_service.openapi``, are its documentation (field ``metadata`` holds the
descriptions; ``x-component`` names a shared schema of ``base.yaml``;
``x-cap`` names the config key that bounds a value). Responses are described
by :mod:`igisoro_service.responses`.

Validation happens here, once, at the edge: types and sizes. Whether a
position or move makes sense is the engine's call (mapped to 422 problems).
Size limits come from the app config, so they are read when loading.
"""

from __future__ import annotations

from typing import Any

from flask import current_app
from marshmallow import Schema, ValidationError, fields, validate, validates, validates_schema

import igisoro

#: Longest single move token. 4x8 tokens are at most 3 characters ("ccw");
#: an Isolo kucheleka token lists a count per hole ("k0.0.0.17"; 8 holes of up
#: to 30000 seeds take 48). Longer ones are refused here so a huge token never
#: reaches the engine.
_MAX_TOKEN = 64


def _text(value: str) -> str:
    limit = current_app.config["MAX_NOTATION_LENGTH"]
    if len(value) > limit:
        raise ValidationError(f"Longer than the limit of {limit} characters.")
    return value


class PositionField(fields.Field):  # type: ignore[type-arg]  # generic only in marshmallow 4
    """A position: its JSON object form or its text notation."""

    default_error_messages = {"invalid": "Must be a position JSON object or a text notation string."}
    #: How ``igisoro_service.openapi`` documents the field (a schema of ``base.yaml``).
    component = "PositionInput"

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if not value:
                raise ValidationError("Must not be empty.")
            return _text(value)
        if isinstance(value, dict):
            # The engine reads a falsy ``rules`` (null, false, 0, "") as no
            # overrides; the contract says an object, so hold it to that.
            if "rules" in value and not isinstance(value["rules"], dict):
                raise ValidationError({"rules": ["Must be an object of rule option values."]})
            return value  # the engine checks everything else, naming the bad part
        raise self.make_error("invalid")


class MoveField(fields.Field):  # type: ignore[type-arg]
    """A move or partial move: notation text (``f2-p-r``, ``k3.0.5.2``) or a list of tokens."""

    default_error_messages = {"invalid": "Must be move notation text or a list of token strings."}
    #: How ``igisoro_service.openapi`` documents the field (a schema of ``base.yaml``).
    component = "MoveInput"

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return _text(value)
        if isinstance(value, list):
            limit = current_app.config["MAX_MOVE_TOKENS"]
            if len(value) > limit:
                raise ValidationError(f"More than the limit of {limit} tokens.")
            for i, tok in enumerate(value):
                if not isinstance(tok, str) or not 0 < len(tok) <= _MAX_TOKEN:
                    raise ValidationError(f"Token {i} must be a string of 1 to {_MAX_TOKEN} characters.")
            return list(value)
        raise self.make_error("invalid")


class MoveOrArrangementField(MoveField):
    """A move as :class:`MoveField` takes it, or an Omweso arrangement in its
    JSON form ``{"side": "south", "rows": [[8 counts], [8 counts]]}``
    (``docs/OMWESO.md``). Why only where one move is checked: the JSON form
    names the side, so the engine can say ``wrong_side``; in a list of moves
    (a game) the text form ``k...`` serves, each ply's side being known."""

    default_error_messages = {"invalid": "Must be move notation text, a list of token strings or an "
                                         "arrangement object {{side, rows}}."}
    #: How ``igisoro_service.openapi`` documents the field (a schema of ``base.yaml``).
    component = "MoveOrArrangement"

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, dict):
            if set(value) != {"side", "rows"}:
                raise ValidationError("An arrangement object has exactly the keys side and rows.")
            if not isinstance(value["side"], str) or not isinstance(value["rows"], list):
                raise ValidationError("An arrangement's side is a string and its rows a list.")
            # The engine checks the rest (shape, counts, total, side to
            # arrange), each with its error code.
            return dict(value)
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(fields.Boolean):
    """JSON ``true`` or ``false`` only: marshmallow's Boolean also takes
    ``1``, ``"yes"`` or ``"on"``, which a typo in a client would pass for a
    choice it never made."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class PositionRequest(Schema):
    """``{"position": ...}``."""

    position = PositionField(required=True)


class LegalMovesRequest(PositionRequest):
    """``{"position": ..., "limit"?: int, "partial"?: move}``."""

    limit = fields.Integer(strict=True, metadata={
        "description": "The most moves to return (default 1000). Ignored with `partial`.", "x-cap": "MAX_LEGAL_MOVES"})
    # Not named "partial": that is an attribute of marshmallow's Schema.
    partial_move = MoveField(data_key="partial")

    @validates("limit")
    def _limit(self, value: int, **kwargs: Any) -> None:
        top = current_app.config["MAX_LEGAL_MOVES"]
        if not 1 <= value <= top:
            raise ValidationError(f"Must be between 1 and {top}.")


class MoveCheckRequest(PositionRequest):
    """``{"position": ..., "move": move}``."""

    move = MoveOrArrangementField(required=True)


class RenderRequest(PositionRequest):
    """``{"position": ..., "move"?: move}``: the move's pits are highlighted."""

    move = MoveField()


#: The start position, the documents' example.
_START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"


class PositionQuery(Schema):
    """``?position=<notation>``."""

    position = fields.String(required=True, metadata={
        "description": "The position in text notation.", "x-cap": "MAX_NOTATION_LENGTH", "example": _START})

    @validates("position")
    def _position(self, value: str, **kwargs: Any) -> None:
        if not value:
            raise ValidationError("Must not be empty.")
        _text(value)


class RenderQuery(PositionQuery):
    """``?position=<notation>&move=<notation>``."""

    move = fields.String(metadata={"description": "A legal move whose start pit, sown pits and captures are marked.",
                                   "x-cap": "MAX_NOTATION_LENGTH", "x-low": 0, "example": "e2"})

    @validates("move")
    def _move(self, value: str, **kwargs: Any) -> None:
        _text(value)


class CloudEvalQuery(PositionQuery):
    """``?position=<notation>&multipv=<k>`` (no ``move``: an analysis is of a
    position; a ``move = None`` here used to leave the inherited field in)."""

    multipv = fields.Integer(load_default=1, validate=validate.Range(1, 1000), metadata={
        "description": "The number of lines of the stored analysis (default 1)."})


class LevelsQuery(Schema):
    """``?variant=<name>``: the levels as they play that variant."""

    variant = fields.String(load_default="igisoro", validate=validate.OneOf(
        [n for v in igisoro.variants() for n in (v.name, *v.aliases)]), metadata={
        "description": "The variant (or alias) whose levels to list (default `igisoro`): Omweso's "
                       "(`omweso`, `mweso`) have a level table of their own (docs/benchmarks/levels.md)."})


def _capped(key: str, value: int, low: int = 1) -> None:
    """``low <= value <= config[key]``, or a message naming the cap."""
    top = current_app.config[key]
    if not low <= value <= top:
        raise ValidationError(f"Must be between {low} and {top} (the server's {key}).")


class SearchBudget(Schema):
    """``nodes``, ``time_ms``: each optional and capped by the server
    (``MAX_SEARCH_NODES``, ``MAX_SEARCH_TIME_MS``)."""

    nodes = fields.Integer(strict=True, metadata={"x-component": "SearchNodes"})
    time_ms = fields.Integer(strict=True, metadata={"x-component": "SearchTime"})

    @validates("nodes")
    def _nodes(self, value: int, **kwargs: Any) -> None:
        _capped("MAX_SEARCH_NODES", value)

    @validates("time_ms")
    def _time_ms(self, value: int, **kwargs: Any) -> None:
        _capped("MAX_SEARCH_TIME_MS", value)


class SearchLimits(SearchBudget):
    """``depth``, ``nodes``, ``time_ms``: each optional and capped by the
    server (``MAX_SEARCH_*``); see ``igisoro_service.search_policy.limits``."""

    depth = fields.Integer(strict=True, metadata={"x-component": "SearchDepth"})

    @validates("depth")
    def _depth(self, value: int, **kwargs: Any) -> None:
        _capped("MAX_SEARCH_DEPTH", value)


class MultiPV(Schema):
    """``multipv``: how many best moves to report, capped by ``MAX_MULTIPV``."""

    multipv = fields.Integer(strict=True, metadata={"x-component": "MultiPV"})

    @validates("multipv")
    def _multipv(self, value: int, **kwargs: Any) -> None:
        _capped("MAX_MULTIPV", value)


class Explain(Schema):
    """``explain``: the answer's best line told in words (issue 43)."""

    explain = StrictBoolean(load_default=False, metadata={
        "description": "Add `explanation`, told in short sentences in the answer's language (`Content-Language`) "
                       "with the facts they tell: for an analysis (and a stream's final line) its best line, each "
                       "move's pit, seeds, laps, captures, passes, retreats and the game's state after it, and the "
                       "opponent's best reply with and without the first move; in a review, on every labelled "
                       "ply, what the move played did and what the better move would have done; in a puzzle's ended attempt, the "
                       "solution. Default false."})


class EvaluateRequest(PositionRequest, SearchLimits, MultiPV, Explain):
    """``{"position": ..., "depth"?, "nodes"?, "time_ms"?, "multipv"?, "explain"?}``."""


class EvaluateStreamRequest(EvaluateRequest):
    """``/v1/evaluate``'s body plus ``min_interval_ms``: the least time
    between two streamed lines (a depth reached sooner is skipped; the final
    line is always sent)."""

    min_interval_ms = fields.Integer(strict=True, validate=validate.Range(0, 60_000), metadata={
        "description": "Least milliseconds between two lines (default 0: a line per completed depth). Depths "
                       "completed sooner are not sent; the final line always is."})


class BestMoveRequest(EvaluateRequest):
    """An evaluation, or with ``level`` (1..10) the move a player of that
    strength picks in ``time_ms`` (randomness fixed by ``seed``)."""

    level = fields.Integer(strict=True, validate=validate.Range(1, 10), metadata={
        "description": "Strength, 1 (beginner) to 10 (full strength within `time_ms`). Not with `depth`, `nodes` "
                       "or `multipv` above 1 (a level picks one move)."})
    seed = fields.Integer(strict=True, validate=validate.Range(0, 2**64 - 1), metadata={
        "description": "Fixes a level's randomness (only with `level`; default 0)."})

    @validates_schema
    def _level_takes_time_only(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "level" in data:
            extra = sorted(k for k in ("depth", "nodes") if k in data)
            if extra:
                raise ValidationError({k: ["Not allowed with 'level' (a level sets its own depth; give time_ms)."]
                                       for k in extra})
            # A level picks one move (levels 9 and 10 weigh no other line):
            # more lines asked for would be quietly fewer, or not the ones it weighed.
            if data.get("multipv", 1) > 1:
                raise ValidationError({"multipv": ["Not allowed with 'level' (a level picks one move); "
                                                   "ask /v1/evaluate for several lines."]})
        elif "seed" in data:
            raise ValidationError({"seed": ["Only used with 'level'."]})


class ArrangementEvaluateRequest(PositionRequest, SearchLimits):
    """``{"position": <Omweso set-up>, "arrangement": move, "depth"?, "nodes"?,
    "time_ms"?}``: the arrangement in its text form ``k...`` or its JSON form
    ``{side, rows}``, as ``/v1/moves/check`` takes it."""

    arrangement = MoveOrArrangementField(required=True)


class SolveRequest(PositionRequest, SearchBudget):
    """``{"position": ..., "nodes"?, "time_ms"?}``: the solver's budget
    (``SOLVE_DEFAULT_TIME_MS`` when neither is given)."""


class BatchRequest(SearchLimits, MultiPV):
    """``{"positions": [position, ...], limits...}``: each position is checked
    on its own, so a bad one becomes an error entry, not a failed batch."""

    # Any JSON value, null included: each is read on its own below.
    positions = fields.List(fields.Raw(allow_none=True), required=True, metadata={"x-cap": "MAX_BATCH_POSITIONS", "description": (
        "Positions (JSON objects or notation). Each is checked on its own: any entry that is not a valid position "
        "(null, a number, an object with bad fields) becomes an error entry at its index and the others are "
        "analysed (cap `MAX_BATCH_POSITIONS`).")})

    @validates("positions")
    def _positions(self, value: list[Any], **kwargs: Any) -> None:
        _capped("MAX_BATCH_POSITIONS", len(value))


class ReviewRequest(SearchLimits, Explain):
    """``{"position": start, "moves": [move, ...], limits per ply...}``."""

    position = PositionField(required=True)
    moves = fields.List(MoveField(), required=True, metadata={
        "x-cap": "MAX_REVIEW_PLIES", "x-low": 0, "description": "The moves played, in order (cap `MAX_REVIEW_PLIES`)."})

    @validates("moves")
    def _moves(self, value: list[Any], **kwargs: Any) -> None:
        _capped("MAX_REVIEW_PLIES", len(value), low=0)


class JobRequest(SearchLimits, MultiPV):
    """``POST /v1/jobs`` as JSON: ``{"kind": "positions", "positions": [...]}``
    or ``{"kind": "games", "games": [{"position", "moves"}, ...]}`` with the
    limits of ``/v1/evaluate`` (per position, or per ply of a game). Only
    the envelope is checked here: each item is read by the worker, so a bad
    one becomes an error line, not a refused job."""

    kind = fields.String(required=True, validate=validate.OneOf(["positions", "games"]), metadata={
        "description": "Which list the job holds: exactly one of `positions` and `games`, the one `kind` names."})
    positions = fields.List(fields.Raw(allow_none=True), metadata={"x-cap": "JOB_MAX_POSITIONS"})
    games = fields.List(fields.Raw(allow_none=True), metadata={"x-cap": "JOB_MAX_GAMES"})

    @validates_schema
    def _items(self, data: dict[str, Any], **kwargs: Any) -> None:
        kind = data.get("kind")
        other = "games" if kind == "positions" else "positions"
        if kind is None:
            return
        if kind not in data:
            raise ValidationError(f"A job of kind {kind!r} needs a {kind!r} list.", kind)
        if other in data:
            raise ValidationError(f"A job of kind {kind!r} takes no {other!r}.", other)
        _job_items(kind, len(data[kind]), kind)


def _job_items(kind: str, n: int, field: str) -> None:
    """At least one item and at most the server's cap for the kind."""
    key = "JOB_MAX_POSITIONS" if kind == "positions" else "JOB_MAX_GAMES"
    top = current_app.config[key]
    if not 1 <= n <= top:
        raise ValidationError(f"A job holds 1 to {top} {kind} (the server's {key}), not {n}.", field)


class JobQuery(Schema):
    """``POST /v1/jobs?kind=...&depth=...`` with an NDJSON body (one item a
    line): the kind and limits come from the query string."""

    kind = fields.String(required=True, validate=validate.OneOf(["positions", "games"]))
    depth = fields.Integer()
    nodes = fields.Integer()
    time_ms = fields.Integer()
    multipv = fields.Integer()

    @validates_schema
    def _limits(self, data: dict[str, Any], **kwargs: Any) -> None:
        for field, key in (("depth", "MAX_SEARCH_DEPTH"), ("nodes", "MAX_SEARCH_NODES"),
                           ("time_ms", "MAX_SEARCH_TIME_MS"), ("multipv", "MAX_MULTIPV")):
            if field in data:
                try:
                    _capped(key, data[field])
                except ValidationError as e:
                    raise ValidationError(e.messages, field) from None


class JobListQuery(Schema):
    """``GET /v1/jobs?state=...&before=ID&limit=N``: the key's jobs, newest
    first; ``before`` is the last id of the previous page."""

    state = fields.String(validate=validate.OneOf(["queued", "running", "done", "failed", "cancelled"]))
    before = fields.String(validate=validate.Length(min=1, max=64))
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))


class ResultsQuery(Schema):
    """``GET /v1/jobs/{id}/results?after=INDEX``: lines with a larger index
    (default -1: from the start)."""

    # Bounded: a larger int does not fit the stores' 64-bit index (SQLite
    # raises OverflowError, inside the streamed body, past the error handlers).
    after = fields.Integer(load_default=-1, validate=validate.Range(min=-1, max=2**62))
