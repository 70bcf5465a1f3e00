"""The contract as a client generator reads it: openapi-python-client
generates a client from ``openapi.yaml`` (with ``openapi-python-client.yaml``,
which maps the SVG and NDJSON media types it cannot read), and every
operation of the spec is called through it against real gunicorn, each
success parsed into the generated typed model.

Two responses have no model by nature: ``GET /v1/openapi.yaml`` (the
document itself, given no schema; checked here as YAML) and the 308 of
``GET /v1/docs/`` (no body; its ``Location`` is checked).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from igisoro_testing.servers import ROOT, Server

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
SPEC = ROOT / "openapi.yaml"
CONFIG = ROOT / "openapi-python-client.yaml"
PACKAGE = "igisoro_api_client"
START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"

#: What the generator prints besides warnings.
_CHATTER = re.compile(r"^(Generating .*|Warning\(s\) encountered while generating.*|If you believe this was a "
                      r"mistake.*|[{}])$")
def generate(out: Path, *extra: str) -> list[str]:
    """Run the generator; the lines of its output that are not progress."""
    # The venv's ruff for the generator's post hooks (else it warns it is not in PATH).
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([str(GENERATOR), "generate", "--path", str(SPEC), "--output-path", str(out), *extra],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    # Indented lines are the offending part of the document, printed under its warning.
    lines = [ln.rstrip() for ln in (done.stdout + done.stderr).splitlines() if ln[:1] not in (" ", "\t")]
    return [ln for ln in lines if ln and not _CHATTER.match(ln)]


def operation_ids() -> set[str]:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    return {op["operationId"] for ops in spec["paths"].values() for op in ops.values()
            if isinstance(op, dict) and "operationId" in op}


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The generated package, imported from a temporary folder."""
    out = tmp_path_factory.mktemp("client") / "client"
    lines = generate(out, "--config", str(CONFIG))
    assert lines == [], "\n".join(lines)
    # Imported from its folder by location (no sys.path entry): its
    # submodules are found through the package's own __path__.
    init = out / PACKAGE / "__init__.py"
    spec = importlib.util.spec_from_file_location(PACKAGE, init, submodule_search_locations=[str(init.parent)])
    assert spec is not None and spec.loader is not None, init
    package = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = package
    try:
        spec.loader.exec_module(package)
        yield package
    finally:
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_without_the_config_only_unreadable_media_types_warn(tmp_path: Path) -> None:
    """Without ``openapi-python-client.yaml`` the generator warns exactly
    about the media types it cannot read (the server's real ones), and
    parses every schema (no "Unable to parse", nothing dropped)."""
    lines = generate(tmp_path / "client")
    headers = sorted(ln for ln in lines if ln.startswith("WARNING"))
    assert headers == sorted([
        "WARNING parsing GET /v1/openapi.yaml within meta.",
        "WARNING parsing GET /v1/positions/render within positions.",
        "WARNING parsing POST /v1/positions/render within positions.",
        "WARNING parsing POST /v1/evaluate/stream within analysis.",
        "WARNING parsing POST /v1/jobs within jobs.",
        "WARNING parsing GET /v1/jobs/{job_id}/results within jobs.",
    ]), "\n".join(lines)
    details = [ln for ln in lines if not ln.startswith("WARNING")]
    assert len(details) == len(headers), "\n".join(lines)
    assert all(re.search(r"Unsupported content.type (application/yaml|image/svg\+xml|application/x-ndjson)", d)
               for d in details), "\n".join(details)


def _op(api: ModuleType, operation_id: str) -> ModuleType:
    """The generated module of an operation (its operationId, snake case)."""
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", operation_id).lower()
    base = Path(api.__file__).parent / "api"
    found = list(base.glob(f"*/{name}.py"))
    assert len(found) == 1, (operation_id, found)
    return importlib.import_module(f"{PACKAGE}.api.{found[0].parent.name}.{name}")


def _ok(response: Any, model: type | tuple[type, ...], status: int = 200) -> Any:
    """The parsed body of a success, of the generated type."""
    assert response.status_code == status, response.content[:500]
    assert isinstance(response.parsed, model), (type(response.parsed), response.content[:300])
    return response.parsed


#: Every operation of the spec, called in order (jobs: create, then read, cancel).
CALLS: dict[str, Callable[[ModuleType, Any, dict[str, Any]], None]] = {}


def call(operation_id: str) -> Callable[[Callable[[ModuleType, Any, dict[str, Any]], None]],
                                         Callable[[ModuleType, Any, dict[str, Any]], None]]:
    def register(f: Callable[[ModuleType, Any, dict[str, Any]], None]) -> Callable[[ModuleType, Any, dict[str, Any]],
                                                                                   None]:
        CALLS[operation_id] = f
        return f
    return register


@call("metrics")
def _metrics(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert "# TYPE" in _ok(_op(api, "metrics").sync_detailed(client=c), str)


@call("openapi")
def _openapi(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    # No schema, so no model (see the module docstring): the raw body.
    r = _op(api, "openapi").sync_detailed(client=c)
    assert r.status_code == 200 and r.parsed is None
    assert yaml.safe_load(r.content) == yaml.safe_load(SPEC.read_text(encoding="utf-8"))


@call("docs")
def _docs(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert "swagger" in _ok(_op(api, "docs").sync_detailed(client=c), str).lower()


@call("docsSlash")
def _docs_slash(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    # A redirect: no body to parse, its Location is the answer.
    r = _op(api, "docsSlash").sync_detailed(client=c)
    assert r.status_code == 308 and r.headers["location"].endswith("/v1/docs")


@call("docsAsset")
def _docs_asset(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    f = _ok(_op(api, "docsAsset").sync_detailed("swagger-ui.css", client=c), api.types.File)
    assert b"swagger-ui" in f.payload.read()


@call("board")
def _board(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert "<html" in _ok(_op(api, "board").sync_detailed(client=c), str).lower()


@call("boardAsset")
def _board_asset(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert _ok(_op(api, "boardAsset").sync_detailed("board.js", client=c), str)


@call("boardMessages")
def _board_messages(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    words = _ok(_op(api, "boardMessages").sync_detailed(client=c, lang="fr"), api.models.BoardMessages)
    assert words.language == "fr" and words.to_dict()["messages"]["start"] == "Position de départ"


@call("health")
def _health(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert _ok(_op(api, "health").sync_detailed(client=c), api.models.Health).engine_version


@call("healthLive")
def _health_live(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    _ok(_op(api, "healthLive").sync_detailed(client=c), api.models.HealthLiveResponse200)


@call("healthReady")
def _health_ready(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    _ok(_op(api, "healthReady").sync_detailed(client=c), api.models.HealthReadyResponse200)


@call("listVariants")
def _variants(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    variants = _ok(_op(api, "listVariants").sync_detailed(client=c), m.VariantList).variants
    kinds = {"2xn": m.PositionIsoloOut, "4x8": m.Position4X8Out, "omweso": m.PositionOmwesoOut}
    for v in variants:
        assert isinstance(v.start.position, kinds[v.board.value]), (v.name, type(v.start.position))
    assert {type(v.start.position) for v in variants} == set(kinds.values())


@call("listLevels")
def _levels(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = _ok(_op(api, "listLevels").sync_detailed(client=c), m.LevelList)
    assert [lv.level for lv in body.levels] == list(range(1, 11))
    assert body.levels[9].depth is None and body.levels[9].rating.elo > body.levels[0].rating.elo
    assert body.ratings.anchor == "L1" and body.ratings.bot is not None
    # Omweso's own table: level 4 searches 2 turns and has no rating of its own.
    om = _ok(_op(api, "listLevels").sync_detailed(client=c, variant=m.ListLevelsVariant.OMWESO), m.LevelList)
    assert om.levels[3].depth == 2 and not om.levels[3].rating and om.levels[4].rating.elo == body.levels[4].rating.elo


def _start_4x8(api: ModuleType) -> Any:
    """Igisoro's start, built with the generated 4x8 model (it has no ``phase``)."""
    m = api.models
    assert "phase" not in m.Position4X8.__annotations__
    return m.Position4X8(pits=[[0] * 8, [4] * 8, [4] * 8, [0] * 8], variant=m.VariantName4X8.IGISORO,
                         to_move=m.Side.SOUTH, opening_plies=4)


def _start_isolo(api: ModuleType) -> Any:
    m = api.models
    assert "opening_plies" not in m.PositionIsolo.__annotations__
    return m.PositionIsolo(variant=m.VariantNameIsolo.ISOLO, pits=[[2] * 6, [2] * 6],
                           rules=m.RulesIsolo(holes=6), phase=m.PositionIsoloPhase.FORE_PLAY)


@call("legalMoves")
def _legal_moves(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m, op = api.models, _op(api, "legalMoves")
    moves = _ok(op.sync_detailed(client=c, body=m.LegalMovesRequest(position=_start_4x8(api), limit=3)),
                m.LegalMovesResponse)
    assert moves.count >= 3 and isinstance(moves.moves[0].result.position, m.Position4X8Out)
    _ok(op.sync_detailed(client=c, body=m.LegalMovesRequest(position=START, partial="")), m.DecisionPending)
    isolo = _ok(op.sync_detailed(client=c, body=m.LegalMovesRequest(position=_start_isolo(api))), m.LegalMovesResponse)
    assert isinstance(isolo.moves[0].result.position, m.PositionIsoloOut)


@call("checkMove")
def _check_move(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    r = _ok(_op(api, "checkMove").sync_detailed(client=c, body=m.MoveCheckRequest(position=START, move="e2")),
            m.MoveCheckResponse)
    assert r.canonical == "e2" and isinstance(r.result.position, m.Position4X8Out)


@call("validatePosition")
def _validate(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    r = _ok(_op(api, "validatePosition").sync_detailed(client=c, body=m.PositionRequest(position=_start_isolo(api))),
            m.ValidateResponse)
    assert isinstance(r.position, m.PositionIsoloOut) and r.position.rules.holes == 6


@call("renderPositionGet")
def _render_get(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    assert "<svg" in _ok(_op(api, "renderPositionGet").sync_detailed(client=c, position=START), str)


@call("renderPositionPost")
def _render_post(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    body = api.models.RenderRequest(position=_start_isolo(api), move="a1")
    assert "<svg" in _ok(_op(api, "renderPositionPost").sync_detailed(client=c, body=body), str)


@call("evaluate")
def _evaluate(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    r = _ok(_op(api, "evaluate").sync_detailed(client=c, body=m.EvaluateRequest(position=START, depth=2)),
            m.EvaluateResponse)
    assert r.best_move and isinstance(r.score, m.Score)


@call("cloudEval")
def _cloud_eval(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    # The evaluation just before stored its analysis (depth 2).
    r = _ok(_op(api, "cloudEval").sync_detailed(client=c, position=START), api.models.CloudEvalResponse)
    assert r.cached is True and r.depth >= 2


@call("evaluateStream")
def _evaluate_stream(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    body = api.models.EvaluateStreamRequest(position=_start_isolo(api), depth=3)
    r = _op(api, "evaluateStream").sync_detailed(client=c, body=body)
    assert r.status_code == 200, r.content[:300]
    lines = [json.loads(line) for line in r.content.splitlines()]
    assert [x["final"] for x in lines][-1] is True and sum(x["final"] for x in lines) == 1


@call("bestMove")
def _best_move(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = m.BestMoveRequest(position=_start_4x8(api), level=3, time_ms=200)
    assert _ok(_op(api, "bestMove").sync_detailed(client=c, body=body), m.BestMoveResponse).best_move


@call("solve")
def _solve(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = m.SolveRequest(position="isolo 0,0,0,1/0,0,1,0 s phase=main", nodes=10_000)
    _ok(_op(api, "solve").sync_detailed(client=c, body=body), m.SolveResponse)
    # Omweso's set-up is refused with the rule of a set-up move (not-enumerable).
    setup = "omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup"
    refused = _op(api, "solve").sync_detailed(client=c, body=m.SolveRequest(position=setup, nodes=1000))
    assert refused.status_code == 422, refused.content[:300]
    problem = json.loads(refused.content)
    assert problem["type"] == "urn:igisoro:problem:not-enumerable" and problem["arrangement"]["seeds"] == 32


@call("evaluateArrangement")
def _evaluate_arrangement(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    setup = "omweso 4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4 s phase=setup"
    body = m.ArrangementEvaluateRequest(position=setup, arrangement="k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2", depth=3)
    r = _ok(_op(api, "evaluateArrangement").sync_detailed(client=c, body=body), m.ArrangementEvaluateResponse)
    assert r.arrangement.name == "even" and len(r.standard) == 6 and isinstance(r.standard[0], m.ScoredArrangement)


@call("analyseBatch")
def _batch(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = m.BatchRequest(positions=[START, "not a position", _start_isolo(api).to_dict()], depth=2)
    r = _ok(_op(api, "analyseBatch").sync_detailed(client=c, body=body), m.BatchResponse)
    assert [type(x) for x in r.results] == [m.BatchResult, m.BatchError, m.BatchResult]
    assert r.errors == 1 and isinstance(r.results[1].error, m.Problem) and r.results[1].error.status == 422
    assert r.results[0].best_move and r.results[2].index == 2


@call("reviewGame")
def _review(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = m.ReviewRequest(position=_start_4x8(api), moves=["e2", ["b3"]], depth=1)
    r = _ok(_op(api, "reviewGame").sync_detailed(client=c, body=body), m.ReviewResponse)
    assert len(r.plies) == 2 and isinstance(r.plies[0], m.ReviewPly)


@call("submitJob")
def _submit(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m, op = api.models, _op(api, "submitJob")
    body = m.JobRequest(kind=m.JobRequestKind.POSITIONS, positions=[START, "isolo 2,2,2,2/2,2,2,2 s", "bad"], depth=2)
    state["job"] = _ok(op.sync_detailed(client=c, body=body, idempotency_key="generated-client-1"), m.JobCreated,
                       202).id
    ndjson = api.types.File(payload=b"\n".join(json.dumps(x).encode() for x in [START] * 2000),
                            mime_type="application/x-ndjson")
    state["big"] = _ok(op.sync_detailed(client=c, body=ndjson, kind=m.SubmitJobKind.POSITIONS, depth=8),
                       m.JobCreated, 202).id


@call("cancelJob")
def _cancel(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    job = _ok(_op(api, "cancelJob").sync_detailed(state["big"], client=c), m.JobStatus)
    assert job.state in (m.JobState.CANCELLED, m.JobState.DONE)
    # Cancelled, not deleted: still there, and cancelling again changes nothing.
    again = _ok(_op(api, "cancelJob").sync_detailed(state["big"], client=c), m.JobStatus)
    assert again.state == job.state and again.finished == job.finished


@call("getJob")
def _get_job(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    deadline = time.monotonic() + 30
    while True:
        job = _ok(_op(api, "getJob").sync_detailed(state["job"], client=c), m.JobStatus)
        if job.state == m.JobState.DONE or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert job.state == m.JobState.DONE and (job.done, job.errors) == (3, 1)
    big = _ok(_op(api, "getJob").sync_detailed(state["big"], client=c), m.JobStatus)
    assert big.id == state["big"]


@call("getJobResults")
def _results(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    f = _ok(_op(api, "getJobResults").sync_detailed(state["job"], client=c), api.types.File)
    lines = [json.loads(ln) for ln in f.payload.read().splitlines()]
    assert [ln["index"] for ln in lines] == [0, 1, 2] and "error" in lines[2]
    # Each line is a BatchItem as the client reads it.
    m = api.models
    assert [type(m.BatchResponse.from_dict({"count": 3, "errors": 1, "partial": False, "limits": {},
                                            "engine_version": "", "results": [ln]}).results[0])
            for ln in lines] == [m.BatchResult, m.BatchResult, m.BatchError]


@call("listJobs")
def _list_jobs(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    page = _ok(_op(api, "listJobs").sync_detailed(client=c, limit=100), m.JobList)
    assert {state["job"], state["big"]} <= {j.id for j in page.jobs}


@call("newPuzzleSolver")
def _new_puzzle_solver(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    # Only a solver id the server issued is rated (issue 40).
    state["solver"] = _ok(_op(api, "newPuzzleSolver").sync_detailed(client=c), api.models.PuzzleSolver, 201).solver


@call("nextPuzzle")
def _next_puzzle(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    # The embedded puzzle database was filled with the starter set.
    # The query's variant is an enum (the names the server's query schema takes).
    got = _op(api, "nextPuzzle").sync_detailed(client=c, variant=api.models.NextPuzzleVariant.ISOLO,
                                              solver=state["solver"])
    p = _ok(got, api.models.Puzzle)
    assert p.variant == "isolo" and p.turns >= 1 and not p.solution
    state["puzzle"] = p.id


@call("getPuzzle")
def _get_puzzle(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    got = _op(api, "getPuzzle").sync_detailed(state["puzzle"], client=c, solution=True, solver=state["solver"])
    p = _ok(got, api.models.Puzzle)
    assert p.id == state["puzzle"] and p.solution
    assert p.solver.rating == 1500  # the solver's rating (none rated yet), as /next gives it
    state["solution"] = list(p.solution)


@call("attemptPuzzle")
def _attempt_puzzle(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    moves = state["solution"][0::2]
    body = m.PuzzleAttemptRequest(moves=moves, solver=state["solver"])
    a = _ok(_op(api, "attemptPuzzle").sync_detailed(state["puzzle"], client=c, body=body), m.PuzzleAttempt)
    assert a.result == m.PuzzleAttemptResult.SOLVED and a.rated and a.puzzle_rating.change < 0


@call("generatePuzzles")
def _generate_puzzles(api: ModuleType, c: Any, state: dict[str, Any]) -> None:
    m = api.models
    body = m.PuzzleGenerateRequest(variant=m.PuzzleGenerateRequestVariant.ISOLO, self_play=1, first_seed=5)
    job = _ok(_op(api, "generatePuzzles").sync_detailed(client=c, body=body), m.JobCreated, 202)
    assert job.total == 1


def test_every_operation_is_called() -> None:
    """A new operation in the spec needs its call here."""
    assert set(CALLS) == operation_ids()


def test_generated_client_against_gunicorn(api: ModuleType, live: Server) -> None:
    state: dict[str, Any] = {}
    with api.Client(base_url=live.url, timeout=60.0, raise_on_unexpected_status=True) as client:
        for operation_id, f in CALLS.items():
            f(api, client, state)
