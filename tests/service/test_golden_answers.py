"""Every endpoint answers byte for byte as it did when this file was recorded.

Why: issue 40 moves the code that builds answers (one clock in the core, one
owner per answer, the spec from the schemas) and must not change a single
answer on the way, apart from documented fixes. The other tests check what an
answer means; this one checks that its bytes did not move: key order, number
formatting, status, media type.

The requests (``CASES``) are deterministic: depth- and node-limited searches,
never a time limit, on a fresh app with its own empty stores. The only bytes
masked are the ones a clock writes (``time_ms``, ``nodes_per_second`` and the
like, see ``VOLATILE``).

Recorded on main d535229 (before issue 40's changes) into
``tests/data/golden_answers.json``. A change that alters an answer on purpose
re-records that entry only, and says why in its commit::

    IGISORO_RECORD_GOLDEN=evaluate-multipv python -m pytest tests/service/test_golden_answers.py

(``IGISORO_RECORD_GOLDEN=all`` re-records every entry: only for a new case list.)
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from igisoro_service import create_app

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden_answers.json"

START = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4"
WIKI = "igisoro-wikipedia 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"
FR = "igisoro-fr 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s"
IKI1 = "ikibuguzo-1 17,0,0,0,0,0,6,0/0,3,0,3,0,3,0,0/0,0,3,0,3,0,3,0/0,6,0,0,0,0,0,17 s opening=6"
ISOLO = "isolo 2,2,2,2/2,2,2,2 s"
KUCHELEKA = "isolo 0,0,0,0/7,3,1,6 s phase=kucheleka"
#: A capture with the opponent's retreat decision in the middle of the turn (README).
RETREAT = "igisoro 0,0,1,1,0,3,1,0/4,0,5,0,1,2,7,7/0,6,6,1,0,4,4,4/1,0,1,3,0,1,1,0 s"
WIN_1 = "igisoro 1,1,0,0,1,0,2,1/0,0,0,0,0,0,3,0/5,0,8,1,8,2,4,2/7,0,2,9,0,1,6,0 s"
LOST = "igisoro 7,7,7,7,7,7,7,7/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1 s"
JSON_ISOLO = {"variant": "isolo", "pits": [[2, 2, 2, 2], [2, 2, 2, 2]], "to_move": "south"}

#: (name, method, path, JSON body or query string). Each name is the key of its
#: recorded answer.
CASES: list[tuple[str, str, str, Any]] = [
    ("variants", "GET", "/v1/variants", None),
    ("legal-moves-start", "POST", "/v1/legal-moves", {"position": START, "limit": 50}),
    ("legal-moves-json", "POST", "/v1/legal-moves", {"position": JSON_ISOLO}),
    ("legal-moves-partial", "POST", "/v1/legal-moves", {"position": RETREAT, "partial": ["g2", "p"]}),
    ("legal-moves-kucheleka", "POST", "/v1/legal-moves", {"position": KUCHELEKA, "limit": 5}),
    ("legal-moves-truncated", "POST", "/v1/legal-moves", {"position": FR, "limit": 2}),
    ("check-iki1", "POST", "/v1/moves/check", {"position": IKI1, "move": "c2"}),
    ("check-retreat", "POST", "/v1/moves/check", {"position": RETREAT, "move": "g2-p-r"}),
    ("check-illegal", "POST", "/v1/moves/check", {"position": START, "move": "a1"}),
    ("check-bad-notation", "POST", "/v1/moves/check", {"position": START, "move": "zz9"}),
    ("validate-json", "POST", "/v1/positions/validate", {"position": JSON_ISOLO}),
    ("validate-text", "POST", "/v1/positions/validate", {"position": WIKI}),
    ("validate-bad-pit", "POST", "/v1/positions/validate",
     {"position": {"variant": "isolo", "pits": [[2, 2, 2, -1], [2, 2, 2, 2]], "to_move": "south"}}),
    ("validate-unknown-variant", "POST", "/v1/positions/validate", {"position": "chess 1/2 s"}),
    ("validate-missing-field", "POST", "/v1/positions/validate", {}),
    ("validate-unknown-field", "POST", "/v1/positions/validate", {"position": ISOLO, "colour": "red"}),
    ("render-get", "GET", "/v1/positions/render", "position=isolo%202,2,2,2/2,2,2,2%20s"),
    ("render-post", "POST", "/v1/positions/render", {"position": IKI1, "move": "c2"}),
    ("evaluate-start", "POST", "/v1/evaluate", {"position": START, "depth": 4}),
    ("evaluate-multipv", "POST", "/v1/evaluate", {"position": START, "depth": 3, "multipv": 3}),
    ("evaluate-nodes", "POST", "/v1/evaluate", {"position": WIKI, "nodes": 400}),
    ("evaluate-iki1", "POST", "/v1/evaluate", {"position": IKI1, "depth": 6}),
    ("evaluate-isolo-json", "POST", "/v1/evaluate", {"position": JSON_ISOLO, "depth": 5, "multipv": 2}),
    ("evaluate-win1", "POST", "/v1/evaluate", {"position": WIN_1, "depth": 3}),
    ("evaluate-lost", "POST", "/v1/evaluate", {"position": LOST, "depth": 3}),
    ("evaluate-bad-limit", "POST", "/v1/evaluate", {"position": START, "depth": 0}),
    ("evaluate-default", "POST", "/v1/evaluate", {"position": FR}),
    ("evaluate-again-cached", "POST", "/v1/evaluate", {"position": START, "depth": 4}),
    ("cloud-eval", "GET", "/v1/cloud-eval", "position=" + START.replace(" ", "%20") + "&multipv=1"),
    ("cloud-eval-miss", "GET", "/v1/cloud-eval", "position=isolo%203,1,2,2/2,2,2,2%20s"),
    ("best-move-level", "POST", "/v1/best-move", {"position": IKI1, "level": 4, "seed": 7}),
    ("best-move-depth", "POST", "/v1/best-move", {"position": RETREAT, "depth": 3}),
    ("solve-isolo", "POST", "/v1/solve", {"position": ISOLO, "nodes": 200000}),
    ("solve-win1", "POST", "/v1/solve", {"position": WIN_1, "nodes": 50000}),
    ("batch", "POST", "/v1/analysis/batch",
     {"positions": [ISOLO, "not a position", FR, JSON_ISOLO], "depth": 3}),
    ("review", "POST", "/v1/games/review",
     {"position": START, "moves": ["b2", "a3", "c2", "c3", "a1"], "depth": 3}),
    ("review-isolo", "POST", "/v1/games/review", {"position": ISOLO, "moves": ["a1", "b1", "c1"], "depth": 2}),
    ("review-again-cached", "POST", "/v1/games/review",
     {"position": START, "moves": ["b2", "a3", "c2", "c3", "a1"], "depth": 3}),
    ("stream", "POST", "/v1/evaluate/stream", {"position": WIKI, "depth": 3}),
    ("stream-cached", "POST", "/v1/evaluate/stream", {"position": ISOLO, "depth": 4}),
    ("puzzle-unknown", "GET", "/v1/puzzles/000000000000", None),
    ("not-found", "GET", "/v1/nothing-here", None),
    ("method-not-allowed", "GET", "/v1/evaluate", None),
    ("malformed-json", "POST", "/v1/evaluate", b'{"position": '),
    ("wrong-media-type", "POST", "/v1/evaluate", "position=x"),
    ("health-live", "GET", "/v1/health/live", None),
]

#: JSON keys whose numbers a clock writes; their values are masked. Every
#: other byte is compared.
VOLATILE = ("time_ms", "nodes_per_second", "elapsed_ms", "uptime_s", "ms")
_VOLATILE_RE = re.compile(rb'"(' + b"|".join(k.encode() for k in VOLATILE) + rb')": ?-?[0-9.eE+-]+')
#: A rate is null when the clock read zero time, a number otherwise.
_RATE_RE = re.compile(rb'"nodes_per_second": ?null')


def _mask(body: bytes) -> str:
    body = _RATE_RE.sub(b'"nodes_per_second": "<clock>"', _VOLATILE_RE.sub(rb'"\1": "<clock>"', body))
    return body.decode("utf-8", "replace")


def _request(client: FlaskClient, method: str, path: str, payload: Any) -> Any:
    if method == "GET":
        return client.get(path + ("?" + payload if payload else ""))
    if isinstance(payload, bytes):
        return client.post(path, data=payload, content_type="application/json")
    if isinstance(payload, str):
        return client.post(path, data=payload, content_type="application/x-www-form-urlencoded")
    return client.post(path, json=payload)


def _answer(response: Any) -> dict[str, Any]:
    return {
        "status": response.status_code,
        "content_type": response.headers.get("Content-Type"),
        "body": _mask(response.get_data()),
    }


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Every case's answer from one fresh app, asked in order (the cached cases
    read what the cases before them stored)."""
    app: Flask = create_app({"TESTING": True, "JOB_DIR": str(tmp_path_factory.mktemp("golden"))})
    client = app.test_client()
    got = {name: _answer(_request(client, method, path, payload)) for name, method, path, payload in CASES}
    record = os.environ.get("IGISORO_RECORD_GOLDEN")
    if record:
        old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        names = set(got) if record == "all" else set(record.split(","))
        unknown = names - set(got)
        assert not unknown, f"no such case: {sorted(unknown)}"
        old.update({n: got[n] for n in names})
        GOLDEN.write_text(json.dumps({n: old[n] for n, *_ in CASES if n in old}, indent=1, ensure_ascii=False) + "\n")
    return got


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_answer_is_unchanged(answers: dict[str, dict[str, Any]], name: str) -> None:
    recorded = json.loads(GOLDEN.read_text())
    assert name in recorded, f"{name} was never recorded: IGISORO_RECORD_GOLDEN={name}"
    assert answers[name] == recorded[name]


def test_the_mask_hides_only_clocks() -> None:
    """The mask must not hide what it should compare (a node count, a depth)."""
    body = b'{"depth": 4, "nodes": 1234, "time_ms": 12, "limits": {"time_ms": null}, "nodes_per_second": 5.5e3}'
    masked = _mask(body)
    assert '"nodes": 1234' in masked and '"depth": 4' in masked and '"time_ms": null' in masked
    assert '"time_ms": "<clock>"' in masked and "5.5e3" not in masked
    assert _mask(b'{"nodes_per_second": null}') == _mask(b'{"nodes_per_second": 10}')
