"""``openapi.yaml`` is the contract. It is generated from the code
(:mod:`igisoro_service.openapi`: view docstrings, the marshmallow request and
response schemas, ``base.yaml``); these tests hold the committed file, the served document,
the routes and the request schemas to each other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from igisoro_service import create_app, schemas
from igisoro_service import openapi as generator
from igisoro_service.docs import OPENAPI_PATH

ROOT = Path(__file__).resolve().parents[2]
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def spec() -> dict:
    return yaml.safe_load(OPENAPI_PATH.read_text())


def test_spec_file_is_at_repository_root():
    assert OPENAPI_PATH == ROOT / "openapi.yaml"


def test_committed_file_is_what_the_code_generates():
    """Edit the views' docstrings, the schemas (``schemas.py``, ``responses.py``)
    or ``base.yaml``, then run
    ``python -m igisoro_service.openapi``; never edit ``openapi.yaml`` by hand."""
    assert generator.to_yaml(generator.build(create_app())) == OPENAPI_PATH.read_text(encoding="utf-8")


def test_check_mode_reports_drift(tmp_path, capsys):
    from igisoro_service.openapi.__main__ import main

    stale = tmp_path / "openapi.yaml"
    stale.write_text("openapi: 3.0.3\n")
    assert main(["--check", str(stale)]) == 1
    assert "python -m igisoro_service.openapi" in capsys.readouterr().err
    assert main([str(stale)]) == 0 and main(["--check", str(stale)]) == 0


def test_served_spec_is_the_file(tmp_path):
    """A server with the default limits serves the committed file byte for byte."""
    client = create_app({"TESTING": True, "JOB_DIR": str(tmp_path)}).test_client()
    r = client.get("/v1/openapi.yaml")
    assert r.status_code == 200
    assert r.mimetype == "application/yaml"
    assert r.data == (ROOT / "openapi.yaml").read_bytes()


def test_served_spec_states_the_servers_own_limits(tmp_path):
    client = create_app({"TESTING": True, "JOB_DIR": str(tmp_path), "MAX_SEARCH_DEPTH": 7,
                         "MAX_LEGAL_MOVES": 50, "MAX_REVIEW_PLIES": 9, "MAX_NOTATION_LENGTH": 300}).test_client()
    doc = yaml.safe_load(client.get("/v1/openapi.yaml").data)
    served = doc["components"]["schemas"]
    assert served["SearchDepth"]["maximum"] == 7
    assert served["LegalMovesRequest"]["properties"]["limit"]["maximum"] == 50
    assert served["ReviewRequest"]["properties"]["moves"]["maxItems"] == 9
    # Query parameters too (generated from the query schemas).
    params = {p["name"]: p["schema"] for p in doc["paths"]["/v1/positions/render"]["get"]["parameters"]
              if "$ref" not in p}  # the shared ones (lang, Accept-Language) are components
    assert params["position"]["maxLength"] == params["move"]["maxLength"] == 300


def test_every_operation_takes_the_language(spec):
    """lang and Accept-Language are parameters of every operation (issue 43)."""
    shared = spec["components"]["parameters"]
    assert shared["Lang"]["in"] == "query" and shared["AcceptLanguage"]["in"] == "header"
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                refs = [p.get("$ref") for p in op.get("parameters", [])]
                assert "#/components/parameters/Lang" in refs and "#/components/parameters/AcceptLanguage" in refs, (
                    method, path)


def test_routes_match_spec_paths(app, spec):
    """Every route is documented with its methods, and nothing else is."""
    routes = {}
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        routes.setdefault(path, set()).update({m.lower() for m in rule.methods} & METHODS)
    documented = {path: set(ops) & METHODS for path, ops in spec["paths"].items()}
    assert routes == documented


@pytest.mark.parametrize(
    ("schema", "name"),
    [
        (schemas.PositionRequest, "PositionRequest"),
        (schemas.LegalMovesRequest, "LegalMovesRequest"),
        (schemas.MoveCheckRequest, "MoveCheckRequest"),
        (schemas.RenderRequest, "RenderRequest"),
        (schemas.EvaluateRequest, "EvaluateRequest"),
        (schemas.BestMoveRequest, "BestMoveRequest"),
        (schemas.BatchRequest, "BatchRequest"),
        (schemas.ReviewRequest, "ReviewRequest"),
    ],
)
def test_request_schemas_match_spec(spec, schema, name):
    documented = spec["components"]["schemas"][name]
    fields = {f.data_key or n: f for n, f in schema().fields.items()}
    assert set(fields) == set(documented["properties"])
    assert {n for n, f in fields.items() if f.required} == set(documented.get("required", []))
    assert documented["additionalProperties"] is False  # marshmallow raises on unknown fields


def _query_schemas() -> list[tuple[str, str, object]]:
    from igisoro_service.puzzles import schemas as puzzle_schemas

    return [("/v1/positions/render", "get", schemas.RenderQuery), ("/v1/cloud-eval", "get", schemas.CloudEvalQuery),
            ("/v1/jobs", "get", schemas.JobListQuery), ("/v1/jobs/{job_id}/results", "get", schemas.ResultsQuery),
            ("/v1/puzzles/next", "get", puzzle_schemas.PuzzleNextQuery),
            ("/v1/puzzles/{puzzle_id}", "get", puzzle_schemas.PuzzleGetQuery)]


@pytest.mark.parametrize(("path", "method", "schema"), _query_schemas())
def test_query_parameters_are_the_query_schemas(spec, path, method, schema):
    """An operation's query parameters are the fields of the schema that
    checks its query string (they are generated from it)."""
    params = [p for p in spec["paths"][path][method]["parameters"] if "$ref" not in p and p["in"] == "query"]
    fields = schema().fields
    assert {p["name"] for p in params} == set(fields)
    assert {p["name"] for p in params if p.get("required")} == {n for n, f in fields.items() if f.required}


def test_compare_sees_the_contract_not_the_form(spec):
    """``igisoro_service.openapi.compare`` finds no difference between a
    document and the same contract written another way (an object flattened
    into an ``allOf``, a parameter moved to ``components``), and finds each
    change of meaning."""
    import copy

    from igisoro_service.openapi.compare import compare

    assert compare(spec, spec) == []
    other = copy.deepcopy(spec)
    s = other["components"]["schemas"]
    ev = s["EvaluateResponse"]
    s["EvaluateResponse"] = {"allOf": [
        {"type": "object", "properties": dict(list(ev["properties"].items())[:3]), "required": ev["required"][:2]},
        {"type": "object", "properties": dict(list(ev["properties"].items())[3:]), "required": ev["required"][2:]}]}
    for k in ("type",):
        s["EvaluateResponse"][k] = ev[k]
    op = other["paths"]["/v1/jobs/{job_id}/results"]["get"]
    other["components"]["parameters"]["After"] = op["parameters"][0]
    op["parameters"][0] = {"$ref": "#/components/parameters/After"}
    assert compare(spec, other) == []

    s["Status"]["required"] = ["state"]
    s["ReviewPly"]["properties"]["label"]["enum"] = ["blunder", None]
    op = other["paths"]["/v1/cloud-eval"]["get"]
    op["parameters"] = op["parameters"][:1]
    found = compare(spec, other)
    assert "- paths/GET /v1/cloud-eval/parameters/query multipv: " in "\n".join(found)
    assert any(line.startswith("~ components/schemas/Status/required") for line in found)
    assert any(line.startswith("~ components/schemas/ReviewPly/properties/label/enum") for line in found)


def test_cloud_eval_takes_no_move(client):
    """``/v1/cloud-eval`` documents no ``move``, and refuses one like any other
    unknown parameter (its query schema once inherited it from the render's)."""
    r = client.get("/v1/cloud-eval", query_string={"position": ISOLO, "move": "a1"})
    assert r.status_code == 422 and "move" in r.get_json()["errors"]


def test_documented_limits_are_the_defaults(spec):
    from igisoro_service.config import Config

    s = spec["components"]["schemas"]
    assert s["LegalMovesRequest"]["properties"]["limit"]["maximum"] == Config.MAX_LEGAL_MOVES
    assert s["PositionInput"]["oneOf"][1]["maxLength"] == Config.MAX_NOTATION_LENGTH
    assert s["MoveInput"]["oneOf"][0]["maxLength"] == Config.MAX_NOTATION_LENGTH
    assert s["MoveInput"]["oneOf"][1]["maxItems"] == Config.MAX_MOVE_TOKENS
    assert s["SearchDepth"]["maximum"] == Config.MAX_SEARCH_DEPTH
    assert s["SearchNodes"]["maximum"] == Config.MAX_SEARCH_NODES
    assert s["SearchTime"]["maximum"] == Config.MAX_SEARCH_TIME_MS
    assert s["MultiPV"]["maximum"] == Config.MAX_MULTIPV
    assert s["BatchRequest"]["properties"]["positions"]["maxItems"] == Config.MAX_BATCH_POSITIONS
    assert s["ReviewRequest"]["properties"]["moves"]["maxItems"] == Config.MAX_REVIEW_PLIES


def test_rule_options_match_engine(spec):
    """``Rules`` (any family) documents every option of every board; an
    option two boards share (Omweso's ``clockwise`` and the 4x8 family's)
    takes the values of both."""
    import igisoro

    documented = spec["components"]["schemas"]["Rules"]["properties"]
    options = igisoro.rule_options()
    assert set(documented) == {o["name"] for o in options}
    for o in options:
        name = o["name"]
        if o["kind"] == "choice":
            union = [v for p in options if p["name"] == name for v in p["values"]]
            assert documented[name]["enum"] == list(dict.fromkeys(union))
        if o["kind"] == "int":
            assert (documented[name]["minimum"], documented[name]["maximum"]) == (o["min"], o["max"])
    boards = set(spec["components"]["schemas"]["Board"]["enum"])
    assert {o["board"] for o in options} <= boards


FAMILY = {"4x8": "4x8", "2xn": "Isolo", "omweso": "Omweso"}
#: Each family's pits picture (Omweso plays on the 4x8 board).
PITS = {"4x8": "Pits4x8", "2xn": "PitsIsolo", "omweso": "Pits4x8"}


def test_variants_match_engine(spec):
    """Each family's variant enum lists every name and alias of its board;
    the board enum every board."""
    import igisoro

    s = spec["components"]["schemas"]
    for board, family in FAMILY.items():
        names = [n for v in igisoro.variants() if v.board == board for n in (v.name, *v.aliases)]
        assert s[f"VariantName{family}"]["enum"] == names
    assert set(s["Board"]["enum"]) == {v.board for v in igisoro.variants()} == set(FAMILY)


def test_family_rules_match_engine(spec):
    """Each family's rule options are the engine's options of its board."""
    import igisoro

    s = spec["components"]["schemas"]
    for board, family in FAMILY.items():
        documented = s[f"Rules{family}"]["properties"]
        options = {o["name"]: o for o in igisoro.rule_options() if o["board"] == board}
        assert set(documented) == set(options)
        for name, prop in documented.items():
            if options[name]["kind"] == "choice":
                assert prop["enum"] == options[name]["values"]
            # The same as the union's, whose choices are every family's.
            shared = s["Rules"]["properties"][name]
            assert set(prop.get("enum", ())) <= set(shared.get("enum", ()))
            assert {k: v for k, v in prop.items() if k not in ("description", "enum")} == \
                {k: v for k, v in shared.items() if k not in ("description", "enum")}


def test_documented_board_shapes_fit_every_variant(spec):
    """Every variant's start picture fits its family's Pits bounds, and no
    picture fits the other family's."""
    import igisoro

    s = spec["components"]["schemas"]

    def fits(pits: dict, rows: list[list[int]]) -> bool:
        return (pits["minItems"] <= len(rows) <= pits["maxItems"]
                and all(pits["items"]["minItems"] <= len(r) <= pits["items"]["maxItems"] for r in rows))

    for v in igisoro.variants():
        for holes in ([4, 6, 8] if v.board == "2xn" else [None]):
            start = igisoro.Position.from_notation(v.start)
            rows = start.pits if holes is None else [[2] * holes] * 2
            other = "PitsIsolo" if PITS[v.board] == "Pits4x8" else "Pits4x8"
            assert fits(s[PITS[v.board]], rows)
            assert not fits(s[other], rows)


def test_state_fields_match_engine(spec):
    """Each family's JSON keys are exactly the keys the engine writes for its
    variants (so a 4x8 position cannot carry `phase`, nor Isolo's
    `opening_plies`), and the output forms require them all."""
    import igisoro

    s = spec["components"]["schemas"]
    for v in igisoro.variants():
        family = FAMILY[v.board]
        written = igisoro.Position.from_notation(v.start).to_json()
        assert set(written) == set(s[f"Position{family}"]["properties"])
        assert s[f"Position{family}"]["additionalProperties"] is False
        assert set(s[f"Position{family}Out"]["allOf"][1]["required"]) == set(written)
        assert s["PositionOut"]["discriminator"]["mapping"][v.name] == f"#/components/schemas/Position{family}Out"
    assert set(s["PositionOut"]["discriminator"]["mapping"]) == {v.name for v in igisoro.variants()}
    assert s["PositionIsolo"]["properties"]["phase"]["enum"] == ["fore_play", "kucheleka", "main"]
    assert s["PositionOmweso"]["properties"]["phase"]["enum"] == ["setup", "play"]


def test_position_forms_are_exclusive(spec):
    """Each engine-valid JSON position matches exactly one family's schema,
    and the state fields of the other family are refused by both."""
    import json

    import igisoro

    s = spec["components"]["schemas"]

    def matches(name: str, doc: dict) -> bool:
        return _validator(spec, name).is_valid(doc)

    assert s["PositionJSON"]["oneOf"] == [{"$ref": f"#/components/schemas/Position{f}"} for f in FAMILY.values()]
    for v in igisoro.variants():
        written = igisoro.Position.from_notation(v.start).to_json()
        family = FAMILY[v.board]
        assert [f for f in FAMILY.values() if matches(f"Position{f}", written)] == [family]
        igisoro.Position.from_json(json.dumps(written))  # and the engine reads it back
        wrong = {**written, **({"phase": "main"} if family == "4x8" else {"opening_plies": 0})}
        assert not any(matches(f"Position{f}", wrong) for f in FAMILY.values())
        with pytest.raises(igisoro.InvalidPositionError):
            igisoro.Position.from_json(json.dumps(wrong))
    # Only `pits` is needed for a 4x8 position; Isolo needs its `variant`.
    assert matches("Position4x8", {"pits": [[0] * 8, [4] * 8, [4] * 8, [0] * 8]})
    assert not matches("PositionIsolo", {"pits": [[2] * 4, [2] * 4]})


def _plain(node: object) -> object:
    """OpenAPI 3.0's ``nullable`` as JSON Schema (``null`` among the types;
    a nullable ``allOf`` of a reference also admits ``null``)."""
    if isinstance(node, list):
        return [_plain(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: _plain(v) for k, v in node.items() if k != "nullable"}
    if node.get("nullable") and "type" in node:
        out["type"] = [node["type"], "null"]
    elif node.get("nullable") and "allOf" in node:
        out = {"anyOf": [{"type": "null"}, {k: v for k, v in out.items() if k != "description"}]}
    return out


def _validator(spec: dict, name: str):  # type: ignore[no-untyped-def]
    import jsonschema_rs  # schemathesis's validator

    schema = {"components": _plain(spec["components"]), "$ref": f"#/components/schemas/{name}"}
    return jsonschema_rs.Draft4Validator(schema)


START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
ISOLO = "isolo 2,2,2,2/2,2,2,2 s"


@pytest.mark.parametrize(("method", "path", "body", "name"), [
    ("get", "/v1/health", None, "Health"),
    ("get", "/v1/variants", None, "VariantList"),
    ("post", "/v1/legal-moves", {"position": ISOLO, "limit": 2}, "LegalMovesResponse"),
    ("post", "/v1/legal-moves", {"position": START, "partial": ""}, "Decision"),
    ("post", "/v1/legal-moves", {"position": START, "partial": "b2"}, "Decision"),
    ("post", "/v1/moves/check", {"position": START, "move": "e2"}, "MoveCheckResponse"),
    ("post", "/v1/positions/validate", {"position": ISOLO}, "ValidateResponse"),
    ("post", "/v1/evaluate", {"position": START, "depth": 2, "multipv": 2}, "EvaluateResponse"),
    ("post", "/v1/best-move", {"position": START, "level": 3, "time_ms": 20}, "BestMoveResponse"),
    ("post", "/v1/solve", {"position": ISOLO, "nodes": 500}, "SolveResponse"),
    ("post", "/v1/analysis/batch", {"positions": [ISOLO, "not a position"], "depth": 1}, "BatchResponse"),
    ("post", "/v1/games/review", {"position": START, "moves": ["b2", "a3", "zz"], "depth": 1}, "ReviewResponse"),
    ("post", "/v1/evaluate", {"position": "not a position"}, "Problem"),
])
def test_answers_fit_their_response_schemas(spec, client, method, path, body, name):
    """Real answers (the engine, not mocks) fit the response schemas of
    :mod:`igisoro_service.responses`, and every key they carry is documented
    (open schemas included), so a schema that forgets a key fails here."""
    r = getattr(client, method)(path, json=body)
    answer = r.get_json()
    errors = [e.message for e in _validator(spec, name).iter_errors(answer)]
    assert not errors, (name, errors[:3])
    schema = spec["components"]["schemas"][name]
    listed = {k for part in schema.get("oneOf", [schema]) for k in _properties(spec, part)}
    assert set(answer) <= listed, set(answer) - listed


def _properties(spec: dict, schema: dict) -> set[str]:
    if "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return set(schema.get("properties", {}))


def test_docs_page_uses_local_assets(client):
    r = client.get("/v1/docs")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    assert "http" not in html.replace('xmlns="http', "")  # no CDN
    for asset in re.findall(r'(?:src|href)="(docs/[^"]+)"', html):
        a = client.get("/v1/" + asset)
        assert a.status_code == 200, asset
        a.close()


def test_docs_asset_missing_is_404_problem(client):
    r = client.get("/v1/docs/../../etc/passwd")
    assert r.status_code == 404
    assert r.content_type == "application/problem+json"
