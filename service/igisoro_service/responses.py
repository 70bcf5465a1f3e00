"""Response schemas (marshmallow): what each answer holds, for the OpenAPI
document only.

The answers themselves are written by the core (``json_out.rs``) or built by
the views, never dumped through these classes: the schemas state the contract
that :mod:`igisoro_service.openapi` turns into ``components/schemas`` (through
apispec's MarshmallowPlugin), and schemathesis holds every answer to it.

Conventions, so that a schema says as much as the hand-written YAML did:

- A schema that keeps marshmallow's default ``unknown = RAISE`` is a closed
  object (``additionalProperties: false``): every key of the answer is listed.
  :class:`Open` ones (``unknown = EXCLUDE``) are answers whose keys grow with
  the engine or with a store (a puzzle, a problem, a trace event).
- :class:`Ref` names a shared component, here or in ``openapi/base.yaml`` (the
  position forms, the unions, the enums): ``$ref`` alone, or under ``allOf``
  when it carries a description or ``nullable`` (OpenAPI 3.0 admits no
  sibling of ``$ref``).
- ``allow_none=True`` is ``nullable: true`` (and ``null`` in an ``enum``).
- A key that is an attribute of marshmallow's ``Schema`` (``partial``) or a
  Python keyword (``from``) is a field with a trailing ``_`` and its
  ``data_key``, as in :mod:`igisoro_service.schemas`.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields, validate

_SIDES = ["south", "north"]
_NON_NEGATIVE = validate.Range(min=0)
_PROBABILITY = validate.Range(0, 1)


class Ref(fields.Field):  # type: ignore[type-arg]  # generic only in marshmallow 4
    """A value documented by the named component (of this module or ``base.yaml``)."""

    def __init__(self, component: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Read by ``igisoro_service.openapi`` (as for the request schemas' fields).
        self.component = component


def _doc(text: str) -> dict[str, str]:
    return {"description": text}


class Open(Schema):
    """An answer that may carry keys beyond those listed."""

    class Meta:
        unknown = EXCLUDE


# -- errors ---------------------------------------------------------------


class Problem(Open):
    """RFC 9457 problem details, the body of every error."""

    class Meta(Open.Meta):
        description = "RFC 9457 problem details."

    type = fields.String(required=True, metadata={
        "description": "`about:blank` or a `urn:igisoro:problem:*` type.", "example": "urn:igisoro:problem:illegal-move"})
    title = fields.String(required=True)
    status = fields.Integer(required=True, validate=validate.Range(400, 599))
    detail = fields.String(required=True)
    errors = fields.Dict(metadata={"additionalProperties": True, "description": (
        "For 422: the offending request fields, each with its messages\n"
        "(nested objects for nested fields, as marshmallow reports them).\n"
        "A position the engine refuses is keyed by the JSON path of its\n"
        "bad part: `position.pits[2][3]` (row and column of a bad count\n"
        "in `pits` as given), `position.pits` (the board's shape or\n"
        "total), `position.to_move`, `position.rules.min_seeds`,\n"
        "`position.opening_plies`, `position.winner`, `position.phase`,\n"
        "`position.variant`; in a batch's error entries,\n"
        "`positions[1].pits[0][0]`. A position given as text notation\n"
        "is keyed by its field alone (`position`); the message in\n"
        "`detail` names the part.\n"),
        "example": {"position.pits[2][3]": [
            "invalid position: pit d2 holds -1, but a count must be an integer from 0 to 64"]}})
    code = fields.String(validate=validate.OneOf(
        ["wrong_total", "negative_count", "wrong_side", "bad_shape", "bad_notation", "not_setup_phase"]), metadata={
        "description": "An Omweso arrangement refused (`illegal-move`): the error code of `docs/OMWESO.md`,\n"
                       "\"Set-up errors\", so a client can say what to fix without reading `detail`.\n"})
    arrangement = Ref("ArrangementRule", metadata={
        "description": "`not-enumerable` (`POST /v1/solve` from Omweso's set-up): what a move is there, as\n"
                       "`POST /v1/legal-moves` answers the set-up, since its moves are never listed.\n"})


# -- positions, moves, variants -------------------------------------------


class Status(Schema):
    """Whether the game goes on, and who won and why."""

    state = fields.String(required=True, validate=validate.OneOf(["ongoing", "won", "endless"]), metadata=_doc(
        "`endless`: proven unable to end (reason `lone_seed`, `out_of_reach` or `odd_singles`, docs/RULES.md "
        "\"Games that cannot end\"): one side keeps its seeds where no capture can reach them, so the other side "
        "can never win; play may go on. Under the rule option `adjudicate=seeds` such a position is `won` "
        "(reason `adjudicated_seeds`)."))
    winner = fields.String(required=True, allow_none=True, validate=validate.OneOf(_SIDES))
    reason = fields.String(required=True, allow_none=True, validate=validate.OneOf([
        "no_legal_move", "end_pits_captured", "row_emptied", "adjudicated_seeds", "lone_seed", "out_of_reach",
        "odd_singles"]))


class PositionView(Schema):
    """A position in both forms."""

    class Meta:
        description = "A position in both forms."

    position = Ref("PositionOut", required=True)
    notation = fields.String(required=True)


class Health(Schema):
    """``GET /v1/health``."""

    status = fields.String(required=True, validate=validate.OneOf(["ok"]))
    engine_version = fields.String(required=True)


class RuleOption(Schema):
    """One rule option's metadata (``GET /v1/variants``)."""

    name = fields.String(required=True)
    board = Ref("Board", required=True)
    description = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["bool", "int", "choice", "pits"]))
    min = fields.Integer(metadata=_doc("For `int` options."))
    max = fields.Integer(metadata=_doc("For `int` options."))
    values = fields.List(fields.String(), metadata=_doc("For `choice` options, the allowed values."))


class Variant(Schema):
    """One variant (``GET /v1/variants``)."""

    name = fields.String(required=True)
    board = Ref("Board", required=True)
    aliases = fields.List(fields.String(), required=True)
    source = fields.String(required=True)
    description = fields.String(required=True)
    rules = Ref("Rules", required=True)
    start = Ref("PositionView", required=True)


class VariantList(Schema):
    """``GET /v1/variants``."""

    default = fields.String(required=True)
    variants = fields.List(Ref("Variant"), required=True)
    rule_options = fields.List(Ref("RuleOption"), required=True)


class LevelRating(Schema):
    """A player's rating on the level round robin's Elo scale (``GET /v1/levels``)."""

    elo = fields.Float(required=True, metadata=_doc("Elo, the anchor (level 1) at 0."))
    low = fields.Float(required=True, metadata=_doc("The 95% interval's lower end."))
    high = fields.Float(required=True, metadata=_doc("The 95% interval's upper end."))
    games = fields.Integer(required=True, metadata=_doc("Games it played in the round robin."))
    score = fields.Float(required=True, metadata=_doc("Its share of the points in them (a draw is half), 0..1."))


class Level(Schema):
    """One strength level (``GET /v1/levels``)."""

    level = fields.Integer(required=True, validate=validate.Range(1, 10))
    depth = fields.Integer(required=True, allow_none=True, metadata=_doc(
        "Search depth in turns; null for level 10, which searches as deep as its time allows."))
    noise_seeds = fields.Float(required=True, metadata=_doc(
        "Amplitude of the seeded noise on each root move's score, in seeds."))
    random_moves = fields.Float(required=True, metadata=_doc("Share of moves played uniformly at random, 0..1."))
    rating = Ref("LevelRating", required=True, allow_none=True, metadata=_doc(
        "The measured rating (null if the shipped round robin left the level out, or if the\n"
        "variant's level plays by other settings than those rated: Omweso's level 4)."))


class LevelRatingsInfo(Schema):
    """How the shipped level ratings were measured (``GET /v1/levels``)."""

    rules = fields.String(required=True)
    time_ms = fields.Integer(required=True, metadata=_doc(
        "Milliseconds a move: level 10's budget (levels 1..9 search to a fixed depth)."))
    openings = fields.String(required=True, metadata=_doc("The balanced opening book the pairs started from."))
    games_per_pairing = fields.Integer(required=True)
    anchor = fields.String(required=True, metadata=_doc("The player rated 0."))
    first_move_advantage = fields.Float(required=True, metadata=_doc("The first mover's advantage, in Elo."))
    commands = fields.List(fields.String(), required=True, metadata=_doc("The commands that made and fitted the games."))
    measured = fields.String(required=True, metadata=_doc("When the games were played (ISO date)."))
    bot = Ref("LevelRating", required=True, allow_none=True, metadata=_doc(
        "The public baseline bot's rating on the same scale (depth-5 alpha-beta, 10 x material + 2 x mobility), "
        "a fixed point of reference; null if it did not play."))


class LevelList(Schema):
    """``GET /v1/levels``."""

    levels = fields.List(Ref("Level"), required=True)
    ratings = Ref("LevelRatingsInfo", required=True)


class LegalMove(Schema):
    """One complete move of ``POST /v1/legal-moves``."""

    move = fields.String(required=True, metadata=_doc(
        "Canonical notation (shortest decision list, then lexicographically first)."))
    result = Ref("PositionView", required=True)
    captured = fields.Integer(required=True, validate=_NON_NEGATIVE)
    laps = fields.Integer(required=True, validate=_NON_NEGATIVE)


class ArrangementRule(Schema):
    """What a move is in Omweso's set-up, where moves are never listed."""

    class Meta:
        description = (
            "Omweso's set-up (`phase: setup`): a move is one arrangement of all the\n"
            "arranger's seeds over its 16 pits, any counts, empty pits allowed\n"
            "(`docs/OMWESO.md`, \"The set-up stage\"). There are C(seeds + 15, 15) of\n"
            "them (751,616,304,549 for 32 seeds), so none is listed: play one with\n"
            "`POST /v1/moves/check`, as text (`k` then the two rows' counts) or as\n"
            "the object `{side, rows}`.\n")

    side = Ref("Side", required=True, metadata=_doc("The side to arrange (South first, then North)."))
    seeds = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "The seeds it holds; an arrangement places all of them."))
    pits = fields.List(fields.String(), required=True, validate=validate.Length(16, 16), metadata=_doc(
        "Its 16 pits in the order of the counts: the picture's top row a..h (South's row 2,\n"
        "North's row 4), then the bottom row (South's row 1, North's row 3).\n"))
    notation = fields.String(required=True, metadata=_doc(
        "The text form: `k<8 counts>/<8 counts>`, counts joined by `.`, in the order of `pits`."))
    pattern = fields.String(required=True, metadata=_doc("A regular expression the text form matches."))
    examples = fields.List(fields.String(), required=True, metadata=_doc(
        "Valid arrangements (the engine's sample: the seeds as they stand, the same seeds spread evenly)."))
    arrangements = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "How many arrangements there are, C(seeds + 15, 15)."))


class LegalMovesResponse(Schema):
    """``POST /v1/legal-moves`` without ``partial``."""

    count = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc("Moves in `moves`."))
    truncated = fields.Boolean(required=True, metadata=_doc(
        "True when `limit` cut the list (at least one more move exists); always true in\n"
        "Omweso's set-up, whose moves are never listed (`arrangement`).\n"))
    limit = fields.Integer(required=True, metadata=_doc("The bound applied."))
    moves = fields.List(Ref("LegalMove"), required=True)
    arrangement = Ref("ArrangementRule", metadata=_doc(
        "Only in Omweso's set-up: the rule of the move, with `moves` empty."))


class DecisionPending(Schema):
    """``POST /v1/legal-moves`` with ``partial``: a decision is still to take."""

    complete = fields.Boolean(required=True, validate=validate.Equal(False))
    actor = Ref("Side", required=True)
    role = fields.String(required=True, validate=validate.OneOf(["mover", "opponent"]))
    options = fields.List(fields.String(), required=True, metadata=_doc(
        "Tokens that can still finish the turn; empty in Omweso's set-up (`arrangement`)."))
    arrangement = Ref("ArrangementRule", metadata=_doc(
        "Only in Omweso's set-up (with `partial` `\"\"`): the rule of the move, which is one decision."))
    pits_so_far = fields.List(fields.List(fields.Integer(validate=_NON_NEGATIVE)), metadata=_doc(
        "Mid-turn (a non-empty `partial`): the board as it stands at this decision, the\n"
        "decisions of `partial` sown, rows as in the position's JSON form (top row first).\n"
        "Absent when the move's trace stops short of the decision (`MAX_TRACE_EVENTS`).\n"))
    at_stake = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), metadata=_doc(
        "With `pits_so_far`: for each option, the pits it concerns next, in order: the\n"
        "pits a capture takes, a retreat's pit and the pit it goes to, the pit the next\n"
        "lap (the relay) starts from, where captured seeds start to be sown. Found by\n"
        "finishing the move with the first option of each later decision.\n"))
    trace_so_far = fields.List(Ref("TraceEvent"), metadata=_doc(
        "With `pits_so_far`: the sowing trace from the start of the turn up to this decision\n"
        "(the events of `POST /v1/moves/check`'s `trace`, its decision events included),\n"
        "for a board to animate what `partial` sowed.\n"))


class DecisionComplete(Schema):
    """``POST /v1/legal-moves`` with a ``partial`` that is a whole move."""

    complete = fields.Boolean(required=True, validate=validate.Equal(True))
    result = Ref("PositionView", required=True)
    captured = fields.Integer(required=True, validate=_NON_NEGATIVE)
    laps = fields.Integer(required=True, validate=_NON_NEGATIVE)


class ValidateResponse(Schema):
    """``POST /v1/positions/validate``."""

    position = Ref("PositionOut", required=True)
    notation = fields.String(required=True)
    rules = Ref("Rules", required=True, metadata=_doc("Every rule option with its effective value."))
    status = Ref("Status", required=True)


class TraceEvent(Open):
    """One step of a move's sowing; which keys it has depends on its ``type``."""

    class Meta(Open.Meta):
        description = (
            "One step of the sowing, in order. `decision` (actor, choice), `lift`\n"
            "(pit, count), `hand` (count of captured seeds taken into the hand; in\n"
            "Isolo also the stock seed added at the start of a move),\n"
            "`sow` (pit), `capture` (pits, count), `retreat` (from, to, count),\n"
            "`lap_end` (pit).\n")

    type = fields.String(required=True, validate=validate.OneOf(
        ["decision", "lift", "hand", "sow", "capture", "retreat", "lap_end"]))
    actor = Ref("Side")
    choice = fields.String()
    pit = fields.String()
    pits = fields.List(fields.String())
    count = fields.Integer(validate=_NON_NEGATIVE)
    from_ = fields.String(data_key="from")
    to = fields.String()


class MoveCheckResponse(Schema):
    """``POST /v1/moves/check``."""

    legal = fields.Boolean(required=True, validate=validate.Equal(True))
    move = fields.String(required=True, metadata=_doc("The move as given, in notation."))
    canonical = fields.String(required=True, metadata=_doc(
        "The canonical notation of the move (as `POST /v1/legal-moves`\n"
        "lists it: shortest decision list, then lexicographically first).\n"))
    result = Ref("PositionView", required=True)
    status = Ref("Status", required=True)
    captured = fields.Integer(required=True, validate=_NON_NEGATIVE)
    laps = fields.Integer(required=True, validate=_NON_NEGATIVE)
    # The core's MAX_TRACE_EVENTS.
    trace = fields.List(Ref("TraceEvent"), required=True, validate=validate.Length(max=20000), metadata=_doc(
        "The sowing trace, in order: at most 20,000 events (the first\n"
        "ones), so that a response stays around 0.5 MB (a move on an\n"
        "Isolo board of tens of thousands of seeds sows far more).\n"))
    trace_truncated = fields.Boolean(required=True, metadata=_doc(
        "Whether events past the first 20,000 were left out of `trace`."))


# -- analyses -------------------------------------------------------------


class Score(Schema):
    """A search's value."""

    class Meta:
        description = (
            "From the side to move's view: `seeds` (an estimate in seeds of\n"
            "material margin, `value`) or a forced `win`/`loss` (`turns` counts\n"
            "the winner's turns; `loss` with 0 turns: the game is lost).\n")

    type = fields.String(required=True, validate=validate.OneOf(["seeds", "win", "loss"]))
    value = fields.Float()
    turns = fields.Integer(validate=_NON_NEGATIVE)


class Line(Schema):
    """One of the ``multipv`` best moves with its score and line."""

    move = fields.String(required=True)
    score = Ref("Score", required=True)
    pv = fields.List(fields.String(), required=True)


class UsedLimits(Schema):
    """The limits an answer was searched with."""

    class Meta:
        description = "The limits the search actually used (defaults filled in)."

    depth = fields.Integer(allow_none=True)
    nodes = fields.Integer(allow_none=True)
    time_ms = fields.Integer(allow_none=True)
    multipv = fields.Integer()
    level = fields.Integer()
    seed = fields.Integer()


class AnalysisFields(Open):
    """The fields of every analysis (the core's ``Analysis.to_json``); the
    answers below add their envelope to them."""

    best_move = fields.String(required=True, allow_none=True, metadata=_doc(
        "Canonical notation; null when the game is over, or, in a batch (`/v1/analysis/batch`, jobs), when the "
        "batch's shared deadline left this position no time (`stopped_by` is then `deadline`)."))
    score = Ref("Score", required=True)
    pv = fields.List(fields.String(), required=True)
    lines = fields.List(Ref("Line"), required=True)
    depth = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "Last completed depth in whole turns; in a `solved` analysis, the proof line's length in turns."))
    nodes = fields.Integer(required=True, validate=_NON_NEGATIVE)
    time_ms = fields.Integer(required=True, validate=_NON_NEGATIVE)
    truncated_turns = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "Turns too large to search whole; non-zero means an approximation."))
    stopped_by = fields.String(required=True, validate=validate.OneOf(
        ["depth", "proven", "solved", "nodes", "time", "deadline", "game_over"]), metadata=_doc(
        "Why the search ended: `depth` (done), `proven` (a forced result the search found), `solved` (a\n"
        "request with `time_ms` whose share for the solver proved a forced win or loss, confirmed by an\n"
        "independent check: score, move and line are the proof's, one line whatever `multipv`), `nodes`,\n"
        "`time` (its own limits), `deadline` (the request deadline: cut short) or `game_over`.\n"))
    partial_ = fields.Boolean(data_key="partial", required=True, metadata=_doc(
        "True when the request deadline cut the search short of its limits."))
    win_probability = fields.Float(required=True, validate=_PROBABILITY, metadata=_doc(
        "The probability that the side to move wins, from the engine's model fitted on its\n"
        "self-play games: exactly 1 or 0 only for a proven win or loss, within 0.001..0.999\n"
        "otherwise; the same for a position and its colour swap.\n"))


class ExplainedCapture(Schema):
    """Seeds taken (or, under ``passed``, that a pass left): the opponent's pits and the seeds."""

    pits = fields.List(fields.String(), required=True)
    seeds = fields.Integer(required=True, validate=_NON_NEGATIVE)


class ExplainedRetreat(Schema):
    """Seeds the opponent moved back out of reach: from the first pit to the second."""

    side = Ref("Side", required=True)
    pits = fields.List(fields.String(), required=True)
    seeds = fields.Integer(required=True, validate=_NON_NEGATIVE)


class ExplainedMove(Schema):
    """One move of the best line and what it did (from the engine's sowing trace)."""

    ply = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "0 for the analysed position's move, then one per move of the line."))
    side = Ref("Side", required=True)
    move = fields.String(required=True)
    pit = fields.String(required=True, allow_none=True, metadata=_doc(
        "The pit the turn starts from (null for a move that lifts no pit, such as an arrangement)."))
    seeds = fields.Integer(required=True, allow_none=True, metadata=_doc("The seeds lifted from `pit`."))
    arrangement = fields.String(required=True, allow_none=True, metadata=_doc(
        "An arrangement's notation (Isolo's kucheleka, Omweso's set-up); null for a sowing move."))
    laps = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc("Laps sown in the whole turn."))
    captures = fields.List(Ref("ExplainedCapture"), required=True)
    passed = fields.List(Ref("ExplainedCapture"), required=True, metadata=_doc(
        "Captures the mover passed up (`p`), each with what it would have taken."))
    retreats = fields.List(Ref("ExplainedRetreat"), required=True)
    refused_retreats = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "Retreats the opponent refused (`n`) in the turn."))
    state = fields.String(required=True, validate=validate.OneOf(["ongoing", "won", "endless"]))
    winner = fields.String(required=True, allow_none=True, validate=validate.OneOf(_SIDES))
    reason = fields.String(required=True, allow_none=True)


class ExplainedReply(Schema):
    """The opponent's best reply (a 2-turn search), from its own view."""

    side = Ref("Side", required=True)
    move = fields.String(required=True)
    captured = fields.Integer(required=True, validate=_NON_NEGATIVE)
    win_probability = fields.Float(required=True, validate=_PROBABILITY)


class ExplainedThreat(Schema):
    """What the first move changes for the opponent."""

    without = Ref("ExplainedReply", required=True, allow_none=True, metadata=_doc(
        "Its best reply were the mover to do nothing (the same board, the opponent to move); null where the "
        "board cannot be handed over as it stands (Isolo, a finished game)."))
    with_ = Ref("ExplainedReply", data_key="with", required=True, allow_none=True, metadata=_doc(
        "Its best reply after the first move; null when that move ends the game."))


class Explanation(Schema):
    """``"explain": true``: the best line told in words, and the facts told."""

    class Meta:
        description = (
            "The best line told in short sentences in `language` (the answer's `Content-Language`), and the\n"
            "facts they tell, which never change with the language. Null when the request's deadline left\n"
            "the engine no time to tell it (the analysis still comes).\n")

    language = fields.String(required=True)
    sentences = fields.List(fields.String(), required=True)
    moves = fields.List(Ref("ExplainedMove"), required=True)
    threat = Ref("ExplainedThreat", required=True, allow_none=True, metadata=_doc(
        "Null for an empty line (the game is over)."))


class EvaluateResponse(AnalysisFields):
    """``POST /v1/evaluate``: an analysis in its envelope."""

    position = fields.String(required=True, metadata=_doc("The position, normalised to notation."))
    to_move = Ref("Side", required=True)
    limits = Ref("UsedLimits", required=True)
    engine_version = fields.String(required=True)
    cached = fields.Boolean(metadata=_doc(
        "`/v1/evaluate`, its stream and the batch: true when the answer is a stored analysis (no search)."))
    explanation = Ref("Explanation", allow_none=True, metadata=_doc(
        "Only when the request said `\"explain\": true` (on a stream, on the final line)."))


class BestMoveResponse(EvaluateResponse):
    """``POST /v1/best-move``: ``/v1/evaluate``'s answer, for the move chosen."""


class CloudEvalResponse(AnalysisFields):
    """``GET /v1/cloud-eval``: a stored analysis (no limits: none were asked)."""

    class Meta(AnalysisFields.Meta):
        description = "A stored analysis (`GET /v1/cloud-eval`)."

    position = fields.String(required=True)
    to_move = Ref("Side", required=True)
    engine_version = fields.String(required=True)
    cached = fields.Boolean(required=True)


class EvaluateStreamLine(EvaluateResponse):
    """One line of ``POST /v1/evaluate/stream``."""

    class Meta(EvaluateResponse.Meta):
        description = "One line of `/v1/evaluate/stream`; `final` is true on the last line only."

    final = fields.Boolean(required=True)
    nodes_per_second = fields.Integer(required=True, allow_none=True, metadata=_doc(
        "Nodes searched per second so far (null before a millisecond has passed)."))


class SolveLimits(Open):
    """The solver's budget as used."""

    nodes = fields.Integer(required=True, allow_none=True)
    time_ms = fields.Integer(required=True, allow_none=True)


class ScoredArrangement(Schema):
    """One arrangement of ``POST /v1/arrangements/evaluate`` with its score."""

    move = fields.String(required=True, metadata=_doc("The arrangement's text form, `k<8 counts>/<8 counts>`."))
    name = fields.String(required=True, allow_none=True, metadata=_doc(
        "Its standard name (`even`, `dealt`, `inner`, `inner_heavy`, `alternate`, `left_loaded`), or null."))
    score = Ref("Score", required=True)
    win_probability = fields.Float(required=True, validate=_PROBABILITY)
    pv = fields.List(fields.String(), required=True, metadata=_doc(
        "The arrangement, South's worst standard reply (when South arranges), then the sowing search's line."))


class ArrangementEvaluateResponse(Schema):
    """``POST /v1/arrangements/evaluate``."""

    position = fields.String(required=True, metadata=_doc("The position, normalised to notation."))
    to_move = Ref("Side", required=True)
    arrangement = Ref("ScoredArrangement", required=True)
    standard = fields.List(Ref("ScoredArrangement"), required=True, metadata=_doc(
        "The standard arrangements in their documented order, scored alike (fewer when a limit ended the work)."))
    better = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "How many standard arrangements score strictly better than the given one."))
    depth = fields.Integer(required=True, validate=_NON_NEGATIVE)
    nodes = fields.Integer(required=True, validate=_NON_NEGATIVE)
    time_ms = fields.Integer(required=True, validate=_NON_NEGATIVE)
    truncated_turns = fields.Integer(required=True, validate=_NON_NEGATIVE)
    stopped_by = fields.String(required=True, validate=validate.OneOf(["depth", "nodes", "time", "deadline"]))
    partial_ = fields.Boolean(data_key="partial", required=True, metadata=_doc("True when the request deadline cut the work short."))
    limits = Ref("UsedLimits", required=True)
    engine_version = fields.String(required=True)


class SolveResponse(Open):
    """``POST /v1/solve``."""

    position = fields.String(required=True, metadata=_doc("The position, normalised to notation."))
    to_move = Ref("Side", required=True)
    outcome = fields.String(required=True, validate=validate.OneOf(["win", "loss", "unknown"]), metadata=_doc(
        "For the side to move."))
    line = fields.List(fields.String(), required=True, metadata=_doc(
        "The proof's line, whole turns in canonical notation (empty unless proven)."))
    turns = fields.Integer(required=True, allow_none=True, metadata=_doc(
        "With a proof, the winner's turns along the line (the shortest forced win can only be shorter)."))
    nodes = fields.Integer(required=True, validate=_NON_NEGATIVE)
    time_ms = fields.Integer(required=True, validate=_NON_NEGATIVE)
    stopped_by = fields.String(required=True, validate=validate.OneOf(
        ["proven", "game_over", "nodes", "time", "deadline", "depth", "unchecked"]), metadata=_doc(
        "`unchecked`: the solver found a proof that the independent check refuted, so the answer is `unknown` "
        "(only a solver bug can cause it; none is known)."))
    unknown_turns = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "Turns met that could not be settled exactly."))
    proof_positions = fields.Integer(required=True, allow_none=True, validate=validate.Range(min=1), metadata=_doc(
        "With a proof, the positions of its whole tree, each walked again with the rules by an independent check "
        "that confirmed it before the answer was sent. Null without a proof, or when the check ran out of its step "
        "budget (4 per expansion, at least 100,000) or met the request deadline first (the proof is then the "
        "solver's word alone)."))
    partial_ = fields.Boolean(data_key="partial", required=True, metadata=_doc("True when the request deadline stopped the solver."))
    limits = Ref("SolveLimits", required=True)
    engine_version = fields.String(required=True)


class BatchResult(AnalysisFields):
    """A position of the batch analysed."""

    class Meta(AnalysisFields.Meta):
        description = "A position of the batch analysed, at its index."

    index = fields.Integer(required=True, validate=_NON_NEGATIVE)
    position = fields.String(required=True)
    to_move = fields.String(required=True, validate=validate.OneOf(_SIDES), metadata=_doc(
        "The side whose view `score` and `win_probability` take."))
    cached = fields.Boolean(metadata=_doc(
        "True when the answer is a stored analysis (no search; see `/v1/cloud-eval`)."))


class BatchError(Schema):
    """An entry of the batch that is not a valid position."""

    class Meta:
        description = "An entry of the batch that is not a valid position, at its index."

    index = fields.Integer(required=True, validate=_NON_NEGATIVE)
    error = Ref("Problem", required=True)


class BatchResponse(Schema):
    """``POST /v1/analysis/batch``."""

    count = fields.Integer(required=True)
    errors = fields.Integer(required=True)
    partial_ = fields.Boolean(data_key="partial", required=True)
    limits = Ref("UsedLimits", required=True)
    engine_version = fields.String(required=True)
    results = fields.List(Ref("BatchItem"), required=True)


class ReviewPly(Schema):
    """One ply of a review."""

    ply = fields.Integer(required=True, validate=validate.Range(min=1))
    side = Ref("Side", required=True)
    move = fields.String(required=True)
    canonical = fields.String(required=True)
    captured = fields.Integer(required=True, validate=_NON_NEGATIVE)
    position_after = fields.String(required=True)
    evaluation = Ref("Score", required=True, allow_none=True, metadata=_doc(
        "The position before the move, from the mover's view (null if not searched)."))
    best_move = fields.String(required=True, allow_none=True)
    best_pv = fields.List(fields.String(), required=True)
    played_score = Ref("Score", required=True, allow_none=True, metadata=_doc(
        "The move played, from the mover's view (null if not searched)."))
    loss = fields.Float(required=True, allow_none=True, validate=_NON_NEGATIVE)
    label = fields.String(required=True, allow_none=True, validate=validate.OneOf(["inaccuracy", "mistake", "blunder"]))
    win_probability = fields.Float(required=True, allow_none=True, validate=_PROBABILITY, metadata=_doc(
        "The mover's win probability before the move (the evaluation's)."))
    best_win_probability = fields.Float(required=True, allow_none=True, validate=_PROBABILITY, metadata=_doc(
        "The mover's win probability after the engine's best move."))
    played_win_probability = fields.Float(required=True, allow_none=True, validate=_PROBABILITY, metadata=_doc(
        "The mover's win probability after the move played."))
    win_probability_drop = fields.Float(required=True, allow_none=True, validate=_PROBABILITY, metadata=_doc(
        "The first minus the second; the label reads it."))
    explanation = Ref("ReviewExplanation", allow_none=True, metadata=_doc(
        "Only on a labelled ply of a review asked with `\"explain\": true`; null when the deadline left no "
        "engine time for it."))


class ReviewExplanation(Schema):
    """A labelled ply told in words: what the move did, what the better one would have."""

    language = fields.String(required=True)
    label = fields.String(required=True, metadata=_doc("The ply's `label` in `language`'s words."))
    sentences = fields.List(fields.String(), required=True)
    played = Ref("ExplainedMove", required=True)
    better = fields.List(Ref("ExplainedMove"), required=True, metadata=_doc(
        "The better move and the engine's line after it (`best_pv`)."))
    threat = Ref("ExplainedThreat", required=True, allow_none=True)


class ReviewIllegal(Schema):
    """A review's illegal move: its ply and its problem."""

    ply = fields.Integer(required=True, validate=validate.Range(min=1))
    move = fields.String(required=True)
    code = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["wrong_total", "negative_count", "wrong_side", "bad_shape", "bad_notation", "not_setup_phase"]), metadata=_doc(
        "An Omweso arrangement refused: its error code (`docs/OMWESO.md`, \"Set-up errors\"), as the problem's\n"
        "`code`; null for any other illegal move."))
    error = Ref("Problem", required=True)


class ReviewFinal(Schema):
    """The last legal position of a reviewed game."""

    position = fields.String(required=True)
    status = Ref("Status", required=True)


class ReviewSummary(Schema):
    """A review's labels, counted."""

    inaccuracy = fields.Integer(required=True)
    mistake = fields.Integer(required=True)
    blunder = fields.Integer(required=True)


class ReviewResponse(Schema):
    """``POST /v1/games/review``."""

    start = fields.String(required=True)
    plies = fields.List(Ref("ReviewPly"), required=True)
    illegal = Ref("ReviewIllegal", required=True, allow_none=True)
    final = Ref("ReviewFinal", required=True)
    summary = Ref("ReviewSummary", required=True)
    partial_ = fields.Boolean(data_key="partial", required=True)
    cached_plies = fields.Integer(required=True, validate=_NON_NEGATIVE, metadata=_doc(
        "Plies answered by the cache of analyses without a search: reviewed before at\n"
        "this depth, in this game or any other reaching the same position and move\n"
        "(depth-limited reviews only; 0 when the cache is off).\n"))
    limits = Ref("UsedLimits", required=True)
    engine_version = fields.String(required=True)


# -- jobs -----------------------------------------------------------------


class JobCreated(Schema):
    """``POST /v1/jobs`` and ``POST /v1/puzzles/generate``: 202."""

    id = fields.String(required=True)
    state = Ref("JobState", required=True)
    total = fields.Integer(required=True)


class JobStatus(Schema):
    """``GET /v1/jobs/{id}``."""

    id = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["positions", "games", "puzzles"]))
    state = Ref("JobState", required=True)
    total = fields.Integer(required=True)
    done = fields.Integer(required=True, metadata=_doc("Items with a result line (errors included)."))
    errors = fields.Integer(required=True, metadata=_doc("Items whose line is an error."))
    created = fields.DateTime(required=True)
    started = fields.DateTime(required=True, allow_none=True)
    finished = fields.DateTime(required=True, allow_none=True)
    eta_s = fields.Float(required=True, allow_none=True, metadata=_doc(
        "Seconds left at the rate so far (running jobs with a result)."))
    limits = Ref("UsedLimits", required=True)
    detail = fields.String(metadata=_doc("Why a job failed."))


class JobList(Open):
    """``GET /v1/jobs``: a page of jobs."""

    jobs = fields.List(Ref("JobStatus"), required=True)
    next = fields.String(required=True, allow_none=True, metadata=_doc(
        "The last job's id when the page is full (pass it as `before`), else null."))


# -- puzzles --------------------------------------------------------------


class PuzzleSolver(Open):
    """``POST /v1/puzzles/solvers``: a solver id the server issued."""

    solver = fields.String(required=True, validate=validate.Regexp(r"^[0-9a-f]{16}-[0-9a-f]{32}$"), metadata=_doc(
        "Keep it and send it as `solver`: only attempts with it (or with an API key) are rated."))


class PuzzleSolverRating(Open):
    """A solver's Glicko-2 rating."""

    rating = fields.Float()
    deviation = fields.Float()


class Puzzle(Open):
    """``GET /v1/puzzles/{id}`` and ``/v1/puzzles/next``."""

    class Meta(Open.Meta):
        description = "A puzzle (docs/PUZZLES.md). `solution` only after the solver's attempt, or when asked."

    id = fields.String(required=True)
    variant = fields.String(required=True)
    position = fields.String(required=True, metadata=_doc("The start position in text notation."))
    rules = fields.Dict(required=True, metadata={"additionalProperties": True,
                                                 "description": "Every rule option with its value."})
    to_move = fields.String(required=True, validate=validate.OneOf(_SIDES), metadata=_doc(
        "The side the learner plays."))
    turns = fields.Integer(required=True, metadata=_doc("The learner's turns."))
    themes = fields.List(fields.String(), required=True)
    theme_names = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata=_doc(
        "Each of `themes` named in the answer's language (`Content-Language`); `themes` stays the identifiers."))
    rating = fields.Integer(required=True)
    rating_deviation = fields.Integer(required=True)
    attempts = fields.Integer(required=True)
    solved = fields.Integer(required=True)
    proof_nodes = fields.Integer(metadata=_doc("Positions the solver expanded to prove the first move wins."))
    tempting = fields.Integer(metadata=_doc("Moves a depth-2 search prefers to the winning one."))
    solution = fields.List(fields.String(), metadata=_doc("The line, the defender's replies included."))
    solver = Ref("PuzzleSolverRating", allow_none=True, metadata=_doc(
        "The solver's rating (null without a solver, that is without an API key or a `solver` id the server "
        "issued)."))


class PuzzleRatingChange(Open):
    """A rating before and after an attempt."""

    before = fields.Float(required=True)
    after = fields.Float(required=True)
    change = fields.Float(required=True)
    deviation = fields.Float(required=True)


class PuzzleAttemptMove(Open):
    """One of the learner's moves, checked."""

    move = fields.String(required=True)
    correct = fields.Boolean(required=True)
    reply = fields.String(allow_none=True, metadata=_doc(
        "The defender's reply after a correct move (null after the last)."))


class PuzzleAttempt(Open):
    """``POST /v1/puzzles/{id}/attempts``."""

    id = fields.String(required=True)
    result = fields.String(required=True, validate=validate.OneOf(["solved", "failed", "incomplete"]))
    moves = fields.List(Ref("PuzzleAttemptMove"), required=True)
    solution = fields.List(fields.String())
    rated = fields.Boolean(metadata=_doc("False for a solver's repeated attempt, and for an anonymous one (no API "
                                         "key, no issued `solver` id)."))
    puzzle_rating = Ref("PuzzleRatingChange")
    solver_rating = Ref("PuzzleRatingChange", allow_none=True)
    explanation = Ref("Explanation", allow_none=True, metadata=_doc(
        "With `\"explain\": true`, once the attempt ended (`solved`, `failed`): the solution told in words, the "
        "defender's replies included, and the defender's best reply with and without its first move."))


class BoardMessages(Schema):
    """``GET /v1/board/messages``: the board page's words in one language."""

    class Meta:
        description = (
            "Every string the board page shows, by key, in `language` (the answer's `Content-Language`):\n"
            "a key's value is its text, with `%(name)s` placeholders the page fills in; a plural message is\n"
            "an object of its forms by CLDR plural category (`one`, `many`, `other`), picked with the\n"
            "browser's `Intl.PluralRules`. `languages` are the ones the board offers, each in its own name.\n")

    language = fields.String(required=True)
    languages = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    messages = fields.Dict(required=True, metadata={"additionalProperties": True})


#: Every response schema, by component name (the class's name), in the
#: order the document lists them.
RESPONSE_SCHEMAS: tuple[type[Schema], ...] = (
    Problem, Status, PositionView, Health, RuleOption, Variant, VariantList, LevelRating, Level, LevelRatingsInfo,
    LevelList, LegalMove, ArrangementRule,
    LegalMovesResponse,
    DecisionPending, DecisionComplete, ValidateResponse, TraceEvent, MoveCheckResponse,
    Score, Line, UsedLimits, ExplainedCapture, ExplainedRetreat, ExplainedMove, ExplainedReply, ExplainedThreat,
    Explanation, EvaluateResponse, BestMoveResponse, CloudEvalResponse, EvaluateStreamLine,
    ScoredArrangement, ArrangementEvaluateResponse,
    SolveLimits, SolveResponse, BatchResult, BatchError, BatchResponse,
    ReviewPly, ReviewExplanation, ReviewIllegal, ReviewFinal, ReviewSummary, ReviewResponse,
    JobCreated, JobStatus, JobList,
    PuzzleSolver, PuzzleSolverRating, Puzzle, PuzzleRatingChange, PuzzleAttemptMove, PuzzleAttempt,
    BoardMessages,
)
