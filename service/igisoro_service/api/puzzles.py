"""``/v1/puzzles``: the puzzle trainer (issue 33, ``docs/PUZZLES.md``).

A puzzle is a position whose side to move has exactly one winning move,
proven by the solver and checked again before it was stored. A solver (the
request's API key, else a solver id this server issued and signed, which
the client sends as ``solver``) gets the next puzzle near its rating, sends
its moves, and both ratings move by Glicko-2; an anonymous attempt is
answered and not rated. Generation runs as a job (``kind: "puzzles"``) on the
job workers, with the progress of any job (``GET /v1/jobs/{id}``)."""

from __future__ import annotations

import hashlib
import json
import threading
import time
import uuid
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, request
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import BaseConverter

import igisoro
from igisoro.puzzles.decisions import answered
from igisoro_service import access, engine
from igisoro_service.access import FailureWindow
from igisoro_service.api.jobs import _created, _jobs, _owner, _send
from igisoro_service.body import load_body, load_query
from igisoro_service.explain import explanation_or_none
from igisoro_service.jobs.puzzle_chunks import store as open_store
from igisoro_service.jobs.store import Job
from igisoro_service.lazy_errors import answers
from igisoro_service.problems import Problem, engine_problem, problem_response
from igisoro_service.puzzles import solvers
from igisoro_service.puzzles.ratings import Rating
from igisoro_service.puzzles.schemas import PuzzleAttemptRequest, PuzzleGenerateRequest, PuzzleGetQuery, PuzzleNextQuery
from igisoro_service.i18n import gettext as _
from igisoro_service.puzzles.themes import theme_names

if TYPE_CHECKING:
    from igisoro_service.puzzles.store import PuzzleStore, Rated, StoredPuzzle

bp = Blueprint("puzzles", __name__, url_prefix="/v1/puzzles")


class PuzzleId(BaseConverter):
    """A puzzle id in a route: 12 lower-case hex digits
    (:func:`igisoro.puzzles.puzzle_id`), so ``/v1/puzzles/next`` and
    ``/generate`` are never read as ids (a GET of ``/generate`` is a 404,
    not a lookup of a puzzle called "generate")."""

    regex = "[0-9a-f]{12}"


@bp.record_once
def _converter(state: BlueprintSetupState) -> None:
    # Before the routes below: the blueprint's deferred setup runs in order.
    state.app.url_map.converters["puzzle"] = PuzzleId

_next = PuzzleNextQuery()
_get = PuzzleGetQuery()
_attempt = PuzzleAttemptRequest()
_generate = PuzzleGenerateRequest()
_opening = threading.Lock()


def _store() -> PuzzleStore:
    with _opening:  # the first request migrates (and may load the starter set) once
        return open_store(current_app.config)


def _db_down(e: Exception) -> Response:
    # The database unreachable (PostgreSQL down) or locked past its wait.
    current_app.logger.warning("puzzle database error", exc_info=True)
    return problem_response(503, "urn:igisoro:problem:puzzle-store-unavailable", _("Puzzle database unavailable"),
                            _("The puzzle database did not answer (%(error)s); retry shortly.", error=type(e).__name__),
                            headers={"Retry-After": "5"})


#: A view that reads the puzzle store answers 503 (:func:`_db_down`) when
#: the database does not answer; see igisoro_service.lazy_errors for why a
#: wrapper (SQLAlchemy is imported only once a store is opened).
_database_errors = answers("sqlalchemy.exc", "OperationalError", _db_down)


def _solver(given: str | None) -> str | None:
    """The solver the server can trust: its API key's digest (never the
    key), else the solver id the client sent when this server signed it,
    else none (anonymous: answered, never rated)."""
    key = access.presented_key() if current_app.config["API_KEYS"] else None
    if key:
        return "key:" + hashlib.sha256(key.encode()).hexdigest()[:32]
    if not given:
        return None
    return solvers.trusted(solvers.key(current_app.config, _store()), given)


def _issuing() -> FailureWindow:
    """This worker's count of solver ids issued per client address."""
    window: FailureWindow | None = current_app.extensions.get("puzzle_solvers")
    if window is None:
        window = current_app.extensions.setdefault(
            "puzzle_solvers", FailureWindow(int(current_app.config["PUZZLE_SOLVERS_PER_HOUR"]), 3600.0))
    return window


def _found(puzzle_id: str) -> StoredPuzzle:
    got = _store().get(puzzle_id)
    if got is None:
        raise Problem(404, "puzzle-not-found", _("Puzzle not found"), _("No puzzle %(id)s here.", id=repr(puzzle_id)))
    return got


def _shown(got: StoredPuzzle, solution: bool) -> dict[str, Any]:
    out = got.to_json(solution=solution)
    return {**out, "theme_names": theme_names(out["themes"])}


def _rating(r: Rating) -> dict[str, Any]:
    return {"rating": round(r.rating, 1), "deviation": round(r.rd, 1)}


@bp.get("/next")
@_database_errors
def next_puzzle() -> dict[str, Any]:
    """A puzzle near the solver's rating that it has not tried.

    ---
    get:
      tags: [puzzles]
      operationId: nextPuzzle
      summary: The next puzzle for a solver
      description: |
        A puzzle rated near `rating` (default: the solver's own rating, 1500
        for a new solver) that the solver has not attempted, of `variant`
        and with `theme` when given; drawn at random among the nearest few.
        The solution is not included. 404 `puzzle-not-found` when none is left.
      parameters:
      - {in: query, schema: PuzzleNextQuery}
      responses:
        200: {description: 'A puzzle, without its solution, and the solver''s rating.', x-json: Puzzle}
      x-problems: [401, 404, 422, 503, default]
    """
    q = load_query(_next)
    solver = _solver(q.get("solver"))
    me, got = _store().pick(solver, q.get("rating"), q.get("variant"), q.get("theme"))
    if got is None:
        raise Problem(404, "puzzle-not-found", _("No puzzle left"),
                      _("No puzzle this solver has not tried matches the variant and theme asked for."))
    return {**_shown(got, solution=False), "solver": _rating(me) if solver else None}


@bp.get("/<puzzle:puzzle_id>")
@_database_errors
def get_puzzle(puzzle_id: str) -> dict[str, Any]:
    """One puzzle; its solution after the solver's attempt, or with ``solution=true``.

    ---
    get:
      tags: [puzzles]
      operationId: getPuzzle
      summary: A puzzle (its solution only after an attempt, or when asked)
      description: |
        The puzzle's position, themes and current rating. `solution` (the
        whole line, the defender's replies included) is there when the
        solver has attempted it, or with `solution=true` (looking is giving
        up: do it after an attempt). `solver` is the solver's rating, as
        `/v1/puzzles/next` gives it.
      parameters:
      - PuzzleId  # components/parameters of base.yaml
      - {in: query, schema: PuzzleGetQuery}
      responses:
        200: {description: The puzzle., x-json: Puzzle}
      x-problems: [401, 404, 422, 503, default]
    """
    q = load_query(_get)
    got = _found(puzzle_id)
    solver = _solver(q.get("solver"))
    show = q["solution"] or (solver is not None and _store().attempted(solver, puzzle_id))
    # The solver's rating as /next gives it, so a board opened on a linked
    # puzzle shows the solver's real rating before the first attempt.
    return {**_shown(got, solution=show), "solver": _rating(_store().solver(solver)) if solver else None}


def _same_choice(pos: igisoro.Position, given: str, expected: str) -> bool:
    """Whether ``given`` is the expected move: the same resulting position,
    or the same decisions of the mover's once the defender's choices inside
    the turn (a 4x8 retreat, ``r``/``n``) are answered as the proof does
    (:func:`igisoro.puzzles.decisions.answered`): those are the server's to
    make, whatever the learner wrote for them."""
    canon = engine.canonical(pos, given)
    if canon == expected:
        return True
    mine = engine.run("the move's decisions", answered, pos, canon, expected)
    if mine is None:
        return False
    return mine == expected or (engine.run("the move", pos.play, mine).position.notation()
                                == engine.run("the move", pos.play, expected).position.notation())


@bp.post("/<puzzle:puzzle_id>/attempts")
@_database_errors
def attempt(puzzle_id: str) -> tuple[dict[str, Any], int]:
    """Check the learner's moves; rate both sides when the attempt ends.

    ---
    post:
      tags: [puzzles]
      operationId: attemptPuzzle
      summary: Try a puzzle with the moves played
      description: |
        `moves` are the learner's moves, one per turn of the puzzle (the
        defender's replies are the server's). Each is checked in order:
        `correct` or not, and after a correct one the defender's `reply`.
        The attempt ends at the first wrong move (`result: failed`) or when
        every turn is played right (`solved`); then the puzzle's and the
        solver's Glicko-2 ratings change (a trusted solver's first attempt
        at a puzzle only: later ones, and anonymous ones, say `rated: false`)
        and `solution` is given.
        Fewer moves, all right, is `incomplete`: the replies so far, nothing
        rated, so a board can ask move by move. An illegal move is a 422.
        With `"explain": true` an ended attempt tells the solution in words
        (`explanation`, in the answer's language).
      parameters:
      - PuzzleId  # components/parameters of base.yaml
      x-body: PuzzleAttemptRequest
      responses:
        200: {description: 'The attempt checked (and, when it ended, rated).', x-json: PuzzleAttempt}
      x-problems: [400, 401, 404, 413, 415, 422, 503, default]
    """
    req = load_body(_attempt)
    got = _found(puzzle_id)
    line = got.puzzle.line
    turns = got.puzzle.turns
    if len(req["moves"]) > turns:
        raise Problem(422, "invalid-request", _("Too many moves"),
                      _("Puzzle %(id)s is %(turns)s turn(s) long; %(sent)s moves were sent.",
                        id=puzzle_id, turns=turns, sent=len(req["moves"])),
                      errors={"moves": [_("At most %(turns)s moves.", turns=turns)]})
    pos = igisoro.Position.from_notation(got.puzzle.position)
    checked: list[dict[str, Any]] = []
    solved = True
    for i, raw in enumerate(req["moves"]):
        move = engine.move_text(raw)
        expected = line[2 * i]
        try:
            right = _same_choice(pos, move, expected)
            engine.run("the move", pos.play, move)
        except igisoro.IgisoroError as e:
            raise engine_problem(f"moves[{i}]", e) from None
        if not right:
            checked.append({"move": move, "correct": False})
            solved = False
            break
        reply = line[2 * i + 1] if 2 * i + 1 < len(line) else None
        checked.append({"move": move, "correct": True, "reply": reply})
        pos = pos.play(expected).position
        if reply is not None:
            pos = pos.play(reply).position
    if solved and len(req["moves"]) < turns:
        return {"id": puzzle_id, "result": "incomplete", "moves": checked}, 200
    solver = _solver(req.get("solver"))
    from igisoro_service.puzzles.store import Rated  # loaded by _found's store; see _database_errors

    if solver is None:  # anonymous: answered, not rated (as Lichess rates only signed-in players)
        rated: Rated | None = Rated(False, Rating(), Rating(), got.rating, got.rating)
    else:
        rated = _store().attempt(puzzle_id, solver, solved)
    if rated is None:  # deleted meanwhile
        raise Problem(404, "puzzle-not-found", _("Puzzle not found"), _("No puzzle %(id)s here.", id=repr(puzzle_id)))
    out = {"id": puzzle_id, "result": "solved" if solved else "failed", "moves": checked, "solution": list(line),
           **_changes(rated, solver is not None)}
    if req["explain"]:
        out["explanation"] = explanation_or_none(igisoro.Position.from_notation(got.puzzle.position), list(line))
    return out, 200


def _changes(r: Rated, with_solver: bool) -> dict[str, Any]:
    def one(before: Rating, after: Rating) -> dict[str, Any]:
        return {"before": round(before.rating, 1), "after": round(after.rating, 1),
                "change": round(after.rating - before.rating, 1), "deviation": round(after.rd, 1)}

    return {"rated": r.rated, "puzzle_rating": one(r.puzzle_before, r.puzzle_after),
            "solver_rating": one(r.solver_before, r.solver_after) if with_solver else None}


@bp.post("/solvers")
@_database_errors
def new_solver() -> tuple[dict[str, Any], int]:
    """Issue a signed solver id.

    ---
    post:
      tags: [puzzles]
      operationId: newPuzzleSolver
      summary: A new solver id, signed by the server
      description: |
        Only attempts sent with an id from here (or with an API key) are rated. Keep it
        and send it as `solver`. At most `PUZZLE_SOLVERS_PER_HOUR` per client address.
      responses:
        201: {description: The new solver's id., x-json: PuzzleSolver}
      x-problems: [401, 429, 503, default]
    """
    addr = request.remote_addr or "?"
    window = _issuing()
    wait = window.blocked_for(addr)
    if wait:
        raise Problem(429, "too-many-solvers", _("Too many new solvers"),
                      _("This address was issued %(limit)s solver ids within the hour; keep and reuse one "
                        "(retry in %(wait)s s).", limit=window.limit, wait=wait), headers={"Retry-After": str(wait)})
    window.record(addr)
    return {"solver": solvers.issue(solvers.key(current_app.config, _store()))}, 201


@bp.post("/generate")
def generate() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Queue a puzzle generation job (``kind: "puzzles"``).

    ---
    post:
      tags: [puzzles]
      operationId: generatePuzzles
      summary: Generate puzzles from self-play or submitted games (a job)
      description: |
        A job of kind `puzzles`, run by the job workers: each game (one of
        `self_play` seeded self-play games of `variant`, or each of `games`)
        is played through, every position is looked at, and each one whose
        side to move has exactly one proven winning move becomes a puzzle,
        checked again independently before it is stored. Progress, results
        (one line per game: the ids of the puzzles it gave) and cancel are
        those of `/v1/jobs/{id}`. At most `PUZZLE_MAX_GAMES` games.
      x-body: PuzzleGenerateRequest
      x-example:
        variant: ikibuguzo-1
        self_play: 2
      responses:
        202:
          description: Queued.
          headers: {Location: {$ref: '#/components/headers/JobLocation'}}
          x-json: JobCreated
      x-problems: [400, 401, 413, 415, 422, 503, default]
    """
    req = load_body(_generate)
    if "self_play" in req:
        items = [json.dumps({"variant": req["variant"], "seed": req["first_seed"] + k})
                 for k in range(req["self_play"])]
    else:
        items = [json.dumps(g, separators=(",", ":")) for g in req["games"]]
    limits = {"nodes": req.get("nodes", current_app.config["PUZZLE_NODES"])}
    now = time.time()
    job = Job(id=uuid.uuid4().hex, owner=_owner(), kind="puzzles", state="queued", total=len(items), done=0,
              errors=0, limits=limits, chunk_size=1, created=now)
    jobs = _jobs()
    jobs.store.purge(now)
    job, _new = jobs.store.create(job, items, None)
    _send(jobs, job)
    return _created(job, 202)
