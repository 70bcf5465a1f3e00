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
        # A variant lists exactly the options of its board family.
        assert set(v["rules"]) == {o["name"] for o in body["rule_options"] if o["board"] == v["board"]}
        assert len(start["position"]["pits"]) == {"4x8": 4, "2xn": 2, "omweso": 4}[v["board"]]
        # Omweso's and Mweso's names are the sources' own: no aliases.
        assert (v["aliases"] or v["board"] == "omweso") and v["source"] and v["description"]


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


def test_isolo_is_listed_with_its_board(client):
    body = client.get("/v1/variants").json
    isolo = next(v for v in body["variants"] if v["name"] == "isolo")
    assert isolo["board"] == "2xn"
    assert isolo["rules"] == {"holes": 4}
    assert isolo["start"]["notation"] == "isolo 2,2,2,2/2,2,2,2 s"
    assert isolo["start"]["position"] == {"variant": "isolo", "rules": {}, "pits": [[2] * 4] * 2,
                                          "to_move": "south", "phase": "fore_play"}
    holes = next(o for o in body["rule_options"] if o["name"] == "holes")
    assert (holes["board"], holes["kind"], holes["min"], holes["max"]) == ("2xn", "int", 4, 8)
    assert {v["board"] for v in body["variants"]} == {"4x8", "2xn", "omweso"}
