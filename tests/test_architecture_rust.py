"""No import circle between the Rust core's files (issue 40, item 3).

The test reads every ``rust_core/src/**/*.rs``, finds what each file refers to
in other files of the crate (``use`` declarations and paths written in code,
``crate::…``, ``super::…``, ``self::…`` or a child module's name), builds the
graph of files and fails on every strongly connected component of more than
one file, apart from those inside one rules family's own directory.

How a reference is resolved, so that a circle means a real one:
- the module tree is the files' tree (``a.rs`` or ``a/mod.rs`` is ``a``,
  ``a/b.rs`` is ``a::b``), modules declared inline (``mod tests { … }``) belong
  to their file, and ``super`` counts from the module a reference sits in;
- a name reached through a re-export (``pub use``, as ``lib.rs`` and
  ``search/mod.rs`` list the curated API) leads to the file that defines it,
  not to the file that re-exports it: ``use crate::Error`` depends on
  ``error.rs``;
- a ``pub use`` is not a dependency of the file that writes it, unless that
  file also uses the name itself (``search/mod.rs``'s ``Engine`` trait is built
  from the ``Evaluate`` it re-exports);
- comments and string literals are left out (doc links are not imports),
  and so is what only the tests compile (``#[cfg(test)]``): a test may reach
  whatever it tests with.

Method calls are not seen: an ``impl`` block in another file (the turn graph's
building under a search's limits is ``impl Control`` in ``turn_graph.rs``) adds
methods to a type without its file importing the impl's. That is the point of
such a block, and the dependency it makes goes one way (the impl's file
imports the type's).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "rust_core" / "src"

# The only places where files may import each other in a circle: inside one
# rules family's own directory. Why: a family's turn logic is one concept cut
# into files by size (the position, its sowing, its turn, its notation), and
# these refer to each other as parts of one type; nothing outside the
# directory takes part in such a circle.
FAMILY_DIRS = {
    "board4x8/": "the 4x8 family's rules: position, sowing, turn and notation are one type's parts",
    "isolo/": "Isolo's rules: the same, with the fore-play's arrangement",
}

# A circle that other work of issue 40 removes, allowed as it stands until
# then (exactly these files, so that no other joins it): the generic time
# budget clears the 4x8 family's memo of endless relay chains, and the memo
# polls the budget. Item 1 moves the clearing to each call's entry
# (`calls.rs`); delete this entry with it.
PENDING = {
    frozenset({"budget.rs", "board4x8/cycles.rs"}): "issue 40, item 1: the family memo is cleared from calls.rs",
}


RAW_STRING = re.compile(r'b?r(#*)"')
# A char literal (not a lifetime): one character or one escape in quotes.
CHAR = re.compile(r"'(\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'")


def strip_comments_and_strings(text: str) -> str:
    """``text`` with comments, string and char literals blanked out (their
    newlines kept, so positions and lines stay where they were)."""
    out: list[str] = []
    i, n = 0, len(text)

    def blank(s: str) -> str:
        return "".join("\n" if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif (m := RAW_STRING.match(text, i)) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = '"' + m.group(1)
            j = text.find(end, m.end())
            j = n if j < 0 else j + len(end)
            out.append(blank(text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(blank(text[i : j + 1]))
            i = j + 1
        elif c == "'" and (m := CHAR.match(text, i)):
            out.append(blank(m.group(0)))
            i = m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(code: str) -> str:
    """``code`` with what only its tests compile (``#[cfg(test)]`` modules
    and ``use`` declarations) blanked out. Why: a test may reach whatever it
    tests with (a generic search's test plays a family's positions); the
    layering is that of the code the crate is built from."""
    out = code
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(mod\s+\w+\s*\{|use\s+[^;]+;)", code):
        end = m.end()
        if m.group(1).startswith("mod"):
            depth = 1
            while end < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[end], 0)
                end += 1
        out = out[: m.start()] + "".join("\n" if c == "\n" else " " for c in code[m.start() : end]) + out[end:]
    return out


def module_files(src: Path) -> dict[tuple[str, ...], Path]:
    """Each module path of the crate rooted at ``src`` (``lib.rs``) and its file."""
    mods: dict[tuple[str, ...], Path] = {}
    for f in sorted(src.rglob("*.rs")):
        parts = f.relative_to(src).with_suffix("").parts
        if parts == ("lib",) or parts == ("main",):
            mods[()] = f
        elif parts[-1] == "mod":
            mods[parts[:-1]] = f
        else:
            mods[parts] = f
    return mods


def split_use_tree(tree: str) -> list[tuple[list[str], str | None]]:
    """The paths of a ``use`` tree (``a::{b, c::{d as e, self}}``), each as
    its segments and the name it binds (``None`` for a glob)."""
    tree = re.sub(r"\s*(::|\{|\}|,)\s*", r"\1", tree.strip()).removeprefix("::")
    out: list[tuple[list[str], str | None]] = []

    def walk(prefix: list[str], t: str) -> None:
        brace = t.find("{")
        if brace < 0:
            t, _, alias = t.partition(" as ")
            segs = prefix + [s for s in t.strip().split("::") if s]
            if segs and segs[-1] == "*":
                out.append((segs, None))
                return
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            out.append((segs, alias.strip() or (segs[-1] if segs else None)))
            return
        head, inner = t[:brace], t[brace + 1 : t.rindex("}")]
        segs = prefix + [s for s in head.split("::") if s]
        depth, start = 0, 0
        for k, ch in enumerate(inner + ","):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                if inner[start:k].strip():
                    walk(segs, inner[start:k].strip())
                start = k + 1

    walk([], tree)
    return out


class FileInfo:
    """What one file declares and refers to."""

    def __init__(self, path: Path, module: tuple[str, ...], text: str) -> None:
        self.path = path
        self.module = module
        self.code = without_tests(strip_comments_and_strings(text))
        # Inline modules: (start, end, module path) of each `mod name { … }`.
        self.inline: list[tuple[int, int, tuple[str, ...]]] = []
        for m in re.finditer(r"\bmod\s+(\w+)\s*\{", self.code):
            depth, j = 1, m.end()
            while j < len(self.code) and depth:
                depth += {"{": 1, "}": -1}.get(self.code[j], 0)
                j += 1
            self.inline.append((m.start(), j, ()))
        # Nesting order: an inline module's path is its enclosing ones' plus its name.
        names = [re.match(r"mod\s+(\w+)", self.code[s:]).group(1) for s, _, _ in self.inline]  # type: ignore[union-attr]
        resolved = []
        for k, (s, e, _) in enumerate(self.inline):
            outer = [names[q] for q, (s2, e2, _) in enumerate(self.inline) if s2 < s and e <= e2]
            resolved.append((s, e, module + tuple(outer) + (names[k],)))
        self.inline = resolved
        # `use` declarations: (position, is pub, paths).
        self.uses: list[tuple[int, bool, list[tuple[list[str], str | None]]]] = []
        for m in re.finditer(r"(\bpub(?:\s*\([^)]*\))?\s+)?\buse\s+([^;]+);", self.code):
            self.uses.append((m.start(), bool(m.group(1)), split_use_tree(m.group(2))))
        without_uses = re.sub(r"(\bpub(?:\s*\([^)]*\))?\s+)?\buse\s+[^;]+;", lambda m: " " * len(m.group(0)), self.code)
        self.rest = without_uses
        self.idents = set(re.findall(r"\b[A-Za-z_]\w*\b", without_uses))

    def module_at(self, pos: int) -> tuple[str, ...]:
        """The module (the file's, or an inline one's) at ``pos``."""
        best = self.module
        for s, e, mod in self.inline:
            if s <= pos < e and len(mod) > len(best):
                best = mod
        return best

    def reexports(self) -> dict[str, tuple[tuple[str, ...], list[str]]]:
        """Names this file's module re-exports (``pub use``): name -> (the
        module the path is read from, the path)."""
        out: dict[str, tuple[tuple[str, ...], list[str]]] = {}
        for pos, public, paths in self.uses:
            if public and self.module_at(pos) == self.module:
                for path, name in paths:
                    if name:
                        out[name] = (self.module, path)
        return out


class Crate:
    """The file graph of one crate."""

    def __init__(self, src: Path) -> None:
        self.src = src
        self.files = {mod: FileInfo(f, mod, f.read_text()) for mod, f in module_files(src).items()}
        self.modules = set(self.files)
        for info in self.files.values():
            self.modules.update(mod for _, _, mod in info.inline)
        self._reexports = {mod: info.reexports() for mod, info in self.files.items()}

    def file_of(self, mod: tuple[str, ...]) -> tuple[str, ...]:
        """The module whose file holds ``mod`` (an inline module's file)."""
        while mod not in self.files:
            mod = mod[:-1]
        return mod

    def resolve(self, cur: tuple[str, ...], path: list[str], seen: frozenset = frozenset()) -> tuple[str, ...] | None:
        """The file module that defines what ``path`` names, read in module
        ``cur``; ``None`` for another crate's (std, rustc_hash, pyo3) or a
        name that is not a module path."""
        if not path:
            return None
        segs = list(path)
        first = segs.pop(0)
        if first == "crate":
            mod: tuple[str, ...] = ()
        elif first == "super":
            mod = cur[:-1]
            while segs and segs[0] == "super":
                segs.pop(0)
                mod = mod[:-1]
        elif first == "self":
            mod = cur
        elif cur + (first,) in self.modules:
            mod = cur + (first,)
        else:
            return None
        while segs and mod + (segs[0],) in self.modules:
            mod = mod + (segs.pop(0),)
        target = self.file_of(mod)
        if segs and segs[0] != "*" and target == mod:
            name = segs[0]
            again = self._reexports.get(target, {}).get(name)
            if again is not None and (target, name) not in seen:
                deeper = self.resolve(again[0], again[1], seen | {(target, name)})
                if deeper is not None:
                    return deeper
        return target

    def edges(self) -> dict[Path, set[Path]]:
        """Each file and the files it refers to (itself left out)."""
        graph: dict[Path, set[Path]] = {info.path: set() for info in self.files.values()}
        for info in self.files.values():
            targets: set[tuple[str, ...]] = set()
            for pos, public, paths in info.uses:
                here = info.module_at(pos)
                for path, name in paths:
                    # A re-export is a dependency only if the file uses the name too
                    # (a name that is also a child module's is that module's declaration).
                    used_here = name is not None and name in info.idents and info.module + (name,) not in self.modules
                    if public and here == info.module and not used_here:
                        continue
                    t = self.resolve(here, path)
                    if t is not None:
                        targets.add(t)
            for m in re.finditer(r"\b(?:crate|super|self|[a-z_][a-z0-9_]*)(?:\s*::\s*[A-Za-z_]\w*)+", info.rest):
                if info.rest[max(0, m.start() - 2) : m.start()] == "::":
                    continue  # the tail of a longer path, read with its head
                t = self.resolve(info.module_at(m.start()), re.sub(r"\s+", "", m.group(0)).split("::"))
                if t is not None:
                    targets.add(t)
            graph[info.path] = {self.files[t].path for t in targets} - {info.path}
        return graph


def strongly_connected(graph: dict[Path, set[Path]]) -> list[list[Path]]:
    """Tarjan's strongly connected components of ``graph`` (each sorted)."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    on: set[Path] = set()
    out: list[list[Path]] = []

    def visit(v: Path) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def circles(src: Path) -> list[list[str]]:
    """The import circles of the crate at ``src`` not allowed by
    ``FAMILY_DIRS``, each as its files relative to ``src``."""
    found = []
    for comp in strongly_connected(Crate(src).edges()):
        if len(comp) < 2:
            continue
        names = [p.relative_to(src).as_posix() for p in comp]
        if any(all(n.startswith(d) for n in names) for d in FAMILY_DIRS) or frozenset(names) in PENDING:
            continue
        found.append(names)
    return found


def test_no_import_circle_between_files():
    found = circles(SRC)
    assert not found, "import circles between files of rust_core/src:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_graph_sees_the_imports():
    # References of each kind the checker must follow: a `use` of a file,
    # a name through the crate root's re-export, a path written in code.
    graph = Crate(SRC).edges()
    rel = {p.relative_to(SRC).as_posix(): {q.relative_to(SRC).as_posix() for q in qs} for p, qs in graph.items()}
    assert "search/solve.rs" in rel["search/solve_check.rs"]
    assert "search/limits.rs" in rel["search/iterative.rs"]
    assert "game.rs" in rel["search/turn_graph.rs"]
    assert "error.rs" in rel["python/mod.rs"]
    # The curated re-exports are no dependency of the file that lists them.
    assert "search/solve.rs" not in rel["lib.rs"]


def _crate(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        f = tmp_path / name
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text)
    return tmp_path


def test_a_circle_is_found(tmp_path):
    # The test must be able to fail: circles written in each way are found
    # (a `use`, a path in code, a name through the root's re-export, a
    # `super` path), and what is no import is not taken for one (a comment,
    # a string, a test module's `use`).
    src = _crate(
        tmp_path,
        {
            "lib.rs": "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\npub use d::Thing;\n",
            "a.rs": "use super::b::B; // a comment naming crate::c::C is no import\npub struct A;\n",
            "b.rs": "pub struct B;\nfn f() -> crate::a::A { todo!() }\n#[cfg(test)]\nmod tests {\n    use crate::e::E;\n}\n",
            "c.rs": 'pub struct C;\nconst S: &str = "crate::e::E";\nfn g(_: crate::Thing) {}\n',
            "d.rs": "pub struct Thing;\nfn h() -> super::c::C { todo!() }\n",
            "e.rs": "use crate::b::B;\npub struct E;\n",
        },
    )
    assert circles(src) == [["a.rs", "b.rs"], ["c.rs", "d.rs"]]


def test_a_circle_inside_a_family_is_allowed_and_nowhere_else(tmp_path):
    src = _crate(
        tmp_path,
        {
            "lib.rs": "mod isolo;\nmod search;\n",
            "isolo/mod.rs": "mod turn;\nuse turn::T;\npub struct P;\n",
            "isolo/turn.rs": "use super::P;\npub struct T;\n",
            "search/mod.rs": "mod isolo;\nuse isolo::{self as fam, X};\npub struct S;\n",
            "search/isolo.rs": "use super::{S, X as _};\npub struct X;\n",
        },
    )
    assert circles(src) == [["search/isolo.rs", "search/mod.rs"]]


if __name__ == "__main__":
    # Every circle of a crate, allowed or not: python tests/test_architecture_rust.py [SRC]
    import sys

    where = Path(sys.argv[1]) if len(sys.argv) > 1 else SRC
    comps = [c for c in strongly_connected(Crate(where).edges()) if len(c) > 1]
    for comp in comps:
        print(" <-> ".join(p.relative_to(where).as_posix() for p in comp))
    print(f"{len(comps)} circles, {len(circles(where))} not allowed")
