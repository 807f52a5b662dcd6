"""The project's modules import each other in one direction only: no import cycles, counting the
imports inside functions too (an import at call time is still a dependency), but not those under
``if TYPE_CHECKING:`` (type hints only, never run). And what every game shares never imports a
game's own package, so a new game adds one folder per layer (``cogs/<game>/``,
``render/<game>/``, ``referee/<game>/``, ``engine/<game>/``) and nothing else changes.

The graph is read from the source with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cogs", "engine", "referee", "render", "store")
GAMES = ("fuba", "dicesoccer", "simplesoccer", "socceristic")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under ``node``, at any depth (functions, classes, try...), except in the
    body of an ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child.test):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from _imports(child)


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:  # relative: from its package, up ``level - 1`` packages
            up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            base = ".".join([*up, base] if base else up)
        for alias in node.names:  # ``from a import b``: the module a.b, else the package a
            sub = f"{base}.{alias.name}"
            found.add(sub if sub in modules else base)
    return {m for m in found if m in modules and m != name}


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_imports() -> None:
    graph = import_graph()
    assert "cogs.play.registry" in graph["cogs.play.buttons"]
    assert "render.fuba.board" in graph["referee.fuba.game"]  # imported inside a function
    assert "cogs.play.cog" not in graph["cogs.play.context"]  # under TYPE_CHECKING only


def test_cycles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def _game_of(module: str) -> str | None:
    """The game whose package holds ``module`` (``cogs.fuba.commands``: fuba), or None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in GAMES else None


def test_games_import_no_other_game() -> None:
    wrong = [
        (module, other)
        for module, imports in import_graph().items()
        for other in imports
        if _game_of(module) is not None
        and _game_of(other) is not None
        and _game_of(module) != _game_of(other)
    ]
    assert wrong == []


@pytest.mark.parametrize("package", ["cogs", "render"])
def test_what_games_share_imports_no_game(package: str) -> None:
    wrong = [
        (module, other)
        for module, imports in import_graph().items()
        if module.split(".")[0] == package and _game_of(module) is None
        for other in imports
        if _game_of(other) is not None
    ]
    assert wrong == []
