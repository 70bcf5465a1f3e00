"""``python -m igisoro_service.openapi.compare OLD NEW``: what two OpenAPI
documents say differently, whatever the form they say it in.

A change to how the document is written (a schema moved from YAML to
marshmallow, an object flattened instead of an ``allOf``, a parameter shared
through ``$ref``) changes its bytes but should not change the contract; this
prints only what a client could notice. Each operation (path and method) is
compared by its parameters (required, description, example, schema), request
bodies by media type, responses by status (bodies and headers); each schema
is compared resolved: references followed, ``allOf`` merged, down to
properties, ``required`` (as a set), types, enums, bounds, ``nullable``,
``oneOf``, descriptions and examples. Component names that exist in one
document only are listed (a rename is visible to generated clients).

Lines read ``+ where: value`` (only in NEW), ``- where: value`` (only in OLD)
and ``~ where: old -> new``; no line means the same contract.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

#: The keywords compared; the rest (``title``, ``xml``, ...) is not used here.
KEYWORDS = ("description", "example", "type", "enum", "minimum", "maximum", "minLength", "maxLength", "minItems",
            "maxItems", "pattern", "nullable", "format", "additionalProperties", "default")


def _named(doc: dict[str, Any], kind: str, node: dict[str, Any]) -> dict[str, Any]:
    """``node``, or the component its ``$ref`` names."""
    if "$ref" not in node:
        return node
    found: dict[str, Any] = doc["components"][kind][node["$ref"].rsplit("/", 1)[1]]
    return found


def resolve(doc: dict[str, Any], schema: Any, seen: tuple[str, ...] = ()) -> Any:
    """A schema as one flat description: references followed (a cycle stops
    at its name), ``allOf`` merged into one object."""
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        if name in seen:
            return {"recursive": name}
        return resolve(doc, doc["components"]["schemas"][name], (*seen, name))
    out: dict[str, Any] = {}
    for part in schema.get("allOf", []):
        for key, value in resolve(doc, part, seen).items():
            if key == "required":
                out["required"] = sorted(set(out.get("required", [])) | set(value))
            elif key == "properties":
                out.setdefault("properties", {}).update(value)
            else:
                out[key] = value
    for key in KEYWORDS:
        if key in schema:
            out[key] = resolve(doc, schema[key], seen)
    if "required" in schema:
        out["required"] = sorted(set(out.get("required", [])) | set(schema["required"]))
    if "properties" in schema:
        out.setdefault("properties", {}).update({k: resolve(doc, v, seen) for k, v in schema["properties"].items()})
    if "items" in schema:
        out["items"] = resolve(doc, schema["items"], seen)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            out[key] = [resolve(doc, x, seen) for x in schema[key]]
    if "discriminator" in schema:
        out["discriminator"] = schema["discriminator"]
    return out


def operations(doc: dict[str, Any]) -> dict[str, Any]:
    """Every operation, keyed ``METHOD path``, in resolved form."""
    found: dict[str, Any] = {}
    for path, item in doc["paths"].items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if method == "parameters":
                continue
            params = {}
            for given in [*shared, *op.get("parameters", [])]:
                p = _named(doc, "parameters", given)
                params[f"{p['in']} {p['name']}"] = {
                    "required": p.get("required", False), "description": p.get("description"),
                    "example": p.get("example"), "schema": resolve(doc, p.get("schema", {}))}
            body = op.get("requestBody") or {}
            responses = {}
            for status, given in op["responses"].items():
                r = _named(doc, "responses", given)
                headers = {name: _named(doc, "headers", h) for name, h in r.get("headers", {}).items()}
                responses[str(status)] = {
                    "content": {mt: resolve(doc, c.get("schema", {})) for mt, c in r.get("content", {}).items()},
                    "headers": {name: {"description": h.get("description"), "schema": resolve(doc, h.get("schema", {}))}
                                for name, h in headers.items()}}
            found[f"{method.upper()} {path}"] = {
                "operationId": op.get("operationId"), "tags": op.get("tags"), "parameters": params,
                "body": {mt: resolve(doc, c.get("schema", {})) for mt, c in body.get("content", {}).items()},
                "body_required": body.get("required"), "responses": responses}
    return found


def differences(old: Any, new: Any, where: str = "") -> Iterator[str]:
    """The lines that tell ``old`` from ``new``, deepest first."""
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            if key not in new:
                yield f"- {where}/{key}: {_short(old[key])}"
            elif key not in old:
                yield f"+ {where}/{key}: {_short(new[key])}"
            else:
                yield from differences(old[key], new[key], f"{where}/{key}")
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            yield from differences(a, b, f"{where}[{i}]")
    else:
        yield f"~ {where}: {_short(old)} -> {_short(new)}"


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 160 else text[:157] + "..."


def compare(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Every difference between two documents' contracts."""
    lines = list(differences(operations(old), operations(new), "paths"))
    before, after = old["components"]["schemas"], new["components"]["schemas"]
    lines += [f"- components/schemas/{name}" for name in before if name not in after]
    lines += [f"+ components/schemas/{name}" for name in after if name not in before]
    for name in before:
        if name in after:
            lines += differences(resolve(old, before[name]), resolve(new, after[name]), f"components/schemas/{name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the differences; 1 when there are any."""
    parser = argparse.ArgumentParser(prog="python -m igisoro_service.openapi.compare", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    lines = compare(*(yaml.safe_load(p.read_text(encoding="utf-8")) for p in (args.old, args.new)))
    print("\n".join(lines))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
