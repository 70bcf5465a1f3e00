"""``GET /v1/variants``."""

from __future__ import annotations

import igisoro


def test_lists_every_variant_with_start_in_both_forms(client):
    r = client.get("/v1/variants")
    assert r.status_code == 200
    body = r.json
    assert body["default"] == "igisoro"
    names = [v["name"] for v in body["variants"]]
    assert names == [v.name for v in igisoro.variants()]
    for v in body["variants"]:
        start = v["start"]
        assert igisoro.Position.from_json(start["position"]) == igisoro.Position.from_notation(start["notation"])
        assert start["position"]["variant"] == v["name"]
        assert set(v["rules"]) == {o["name"] for o in body["rule_options"]}
        assert v["aliases"] and v["source"] and v["description"]


def test_option_metadata(client):
    options = {o["name"]: o for o in client.get("/v1/variants").json["rule_options"]}
    assert options["capture"]["kind"] == "choice"
    assert options["capture"]["values"] == ["optional", "obligatory"]
    assert options["min_seeds"]["min"] == 1 and options["min_seeds"]["max"] == 64
    assert options["retreat"]["kind"] == "bool"


def test_igisoro_rules_match_docs(client):
    v = client.get("/v1/variants").json["variants"][0]
    assert v["rules"]["reverse_pits"] == ["a1", "b2", "g2", "h1"]
    assert v["start"]["position"]["opening_plies"] == 4
