"""The package layout holds: the store imports no repair, retrieval or port code, and no two
modules of maple_flow import each other in a circle (module-level imports, read from the AST)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "maple_flow"

#: What the store (SQLite only) must never import, at module level or inside a function.
STORE_FORBIDDEN = ("maple_flow.repair", "maple_flow.retrieve", "maple_flow.port")
#: Import circles still in the code, each with the reason it stays (empty: none).
KNOWN_CYCLES: dict[frozenset[str], str] = {}


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


def imports(name: str, path: Path, known: dict[str, Path], *, everywhere: bool
            ) -> set[str]:
    """The maple_flow modules ``name`` imports: at module level, or ``everywhere``."""
    tree = ast.parse(path.read_text(), str(path))
    nodes = (n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)) \
        if everywhere else _module_level(tree.body)
    return {t for n in nodes for t in _targets(n, name, known)
            if t == "maple_flow" or t.startswith("maple_flow.")}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {t for t in imports(name, path, known, everywhere=False) if t in known}
            for name, path in known.items()}


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
    found = [c for c in cycles(graph()) if frozenset(c) not in KNOWN_CYCLES]
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_every_known_circle_is_still_there() -> None:
    present = {frozenset(c) for c in cycles(graph())}
    assert set(KNOWN_CYCLES) <= present, "a known circle is gone: drop it from KNOWN_CYCLES"


@pytest.mark.parametrize(("edges", "expected"), [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_circle_finder_finds_circles(edges: dict[str, set[str]],
                                         expected: list[list[str]]) -> None:
    assert cycles(edges) == expected


def test_the_import_reader_sees_the_forbidden_store_imports(tmp_path: Path) -> None:
    path = tmp_path / "fixops.py"
    path.write_text("def f():\n    from maple_flow.repair.ops import FixOp\n"
                    "from . import db\n")
    known = modules()
    assert "maple_flow.repair.ops" in imports("maple_flow.store.fixops", path, known,
                                              everywhere=True)
    assert imports("maple_flow.store.fixops", path, known, everywhere=False) == {
        "maple_flow.store.db"}
