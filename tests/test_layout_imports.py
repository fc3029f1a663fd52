"""The package layout holds: the store imports no repair, retrieval or port code; no circle of
module-level imports between maple_flow modules; and no two modules import each other even in
functions (deferred imports), but for the named allowances below. Read from the AST."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "maple_flow"

#: What the store (SQLite only) must never import, at module level or inside a function.
STORE_FORBIDDEN = ("maple_flow.repair", "maple_flow.retrieve", "maple_flow.port")
#: Pairs of modules that still import each other (one of them inside a function), each with
#: the reason it stays.
KNOWN_MUTUAL: dict[frozenset[str], str] = {
    frozenset({"maple_flow.port.api", "maple_flow.port.stages"}):
        "recursion by design: a launch set-up step of a script (a second launch line) is "
        "ported by the port itself (stages.port_stage -> api.port_launch_only)",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(node: ast.ImportFrom, name: str) -> str:
    if not node.level:
        return node.module or ""
    base = name.split(".")
    if not PACKAGE_INIT.get(name, False):
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


PACKAGE_INIT: dict[str, bool] = {module_name(p): p.name == "__init__.py"
                                 for p in PACKAGE.rglob("*.py")}


def _targets(node: ast.stmt, name: str, known: dict[str, Path]) -> Iterator[str]:
    """The maple_flow modules one import statement loads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom):
        source = _absolute(node, name)
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            yield sub if sub in known else source


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Import statements run when the module is imported (not in functions, classes or
    ``if TYPE_CHECKING:`` blocks; in try/if blocks they count)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            yield from _module_level(node.body)
            yield from _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                yield from _module_level(block)


def _run_time(node: ast.AST) -> Iterator[ast.stmt]:
    """Every import statement that runs at some time (in functions too, not in
    ``if TYPE_CHECKING:`` blocks)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child):
            for block in child.orelse:
                yield from _run_time(block)
        else:
            yield from _run_time(child)


def imports(name: str, path: Path, known: dict[str, Path], *, everywhere: bool = False,
            deferred: bool = False) -> set[str]:
    """The maple_flow modules ``name`` imports: at module level; with ``deferred`` in
    functions too; ``everywhere``: in ``if TYPE_CHECKING:`` blocks as well."""
    tree = ast.parse(path.read_text(), str(path))
    if everywhere:
        nodes: Iterator[ast.stmt] = (n for n in ast.walk(tree)
                                     if isinstance(n, ast.Import | ast.ImportFrom))
    else:
        nodes = _run_time(tree) if deferred else _module_level(tree.body)
    return {t for n in nodes for t in _targets(n, name, known)
            if t == "maple_flow" or t.startswith("maple_flow.")}


def graph(deferred: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {name: {t for t in imports(name, path, known, deferred=deferred) if t in known}
            for name, path in known.items()}


def mutual(edges: dict[str, set[str]]) -> set[frozenset[str]]:
    """Every pair of modules that import each other."""
    return {frozenset((a, b)) for a, targets in edges.items() for b in targets
            if a != b and a in edges.get(b, ())}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    for start in sorted(edges):
        if start not in index:
            visit(start)
    return sorted(found)


def test_the_store_imports_no_repair_retrieval_or_port_code() -> None:
    known = modules()
    bad = {f"{name} imports {target}"
           for name, path in known.items() if name.startswith("maple_flow.store")
           for target in imports(name, path, known, everywhere=True)
           if target.startswith(STORE_FORBIDDEN)}
    assert not bad, sorted(bad)


def test_no_import_circles_between_maple_flow_modules() -> None:
    found = cycles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_two_modules_import_each_other_even_in_functions() -> None:
    found = mutual(graph(deferred=True))
    assert found <= set(KNOWN_MUTUAL), sorted(map(sorted, found - set(KNOWN_MUTUAL)))
    assert set(KNOWN_MUTUAL) <= found, "a known pair is gone: drop it from KNOWN_MUTUAL"


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_circle_finder_finds_circles(edges: dict[str, set[str]],
                                         expected: list[list[str]]) -> None:
    assert cycles(edges) == expected


def test_the_import_reader_tells_module_level_deferred_and_typing_imports(
        tmp_path: Path) -> None:
    path = tmp_path / "fixops.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from maple_flow.retrieve import rank\n"
                    "def f():\n    from maple_flow.repair.ops import FixOp\n"
                    "from . import db\n")
    known, name = modules(), "maple_flow.store.fixops"
    assert imports(name, path, known, everywhere=True) == {
        "maple_flow.repair.ops", "maple_flow.store.db", "maple_flow.retrieve.rank"}
    assert imports(name, path, known, deferred=True) == {"maple_flow.repair.ops",
                                                         "maple_flow.store.db"}
    assert imports(name, path, known) == {"maple_flow.store.db"}


def test_mutual_finds_pairs_only() -> None:
    assert mutual({"a": {"b"}, "b": {"a", "c"}, "c": set()}) == {frozenset({"a", "b"})}
