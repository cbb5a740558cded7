"""No import cycles in referee/, counting imports inside functions: the graph is a DAG.

Every module under ``referee/`` is parsed with :mod:`ast` (nothing is imported); an edge
runs from a module to each ``referee`` module it imports, at its top level or inside a
function or a class (a lazy import that keeps start-up fast is still a dependency), and
to the packages around it, whose ``__init__`` runs first. ``from referee.cli import
run_line`` is an edge to the package ``referee.cli`` even from a module inside it (the
package's own code is used); importing a submodule (``from referee.cli import output``)
is an edge to the submodule. Imports under ``if TYPE_CHECKING:`` (never run) do not count.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent / "referee"  # the source, not an install (which holds dictionaries/ too)


def _module_name(path: Path) -> str:
    parts = ("referee", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module is imported: at the top level and in
    its if/try/with blocks, not in functions or classes, not under ``if TYPE_CHECKING``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _top_level_imports(node.body)
            found += _top_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _top_level_imports(block)
        elif isinstance(node, ast.With):
            found += _top_level_imports(node.body)
    return found


def _all_imports(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: at any depth (functions, classes, methods
    included), but none under ``if TYPE_CHECKING:``."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [node]
    if isinstance(node, ast.If) and _is_type_checking(node.test):
        return [found for child in node.orelse for found in _all_imports(child)]
    return [found for child in ast.iter_child_nodes(node) for found in _all_imports(child)]


def _with_parents(name: str) -> set[str]:
    """``referee.lexicon.words`` and the packages whose ``__init__`` runs before it."""
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & MODULES.keys()


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    own = _with_parents(module)  # a module's own packages run first anyway
    if isinstance(node, ast.Import):
        return set().union(*(_with_parents(alias.name) for alias in node.names)) - own
    if node.level:  # relative: from the package the module is in
        package = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    targets, code = _with_parents(base), set()
    for alias in node.names:
        if f"{base}.{alias.name}" in MODULES:  # `from referee.lexicon import wordcache` imports a module
            targets |= _with_parents(f"{base}.{alias.name}")
        elif base in MODULES:  # `from referee.cli import run_line`: the package's own code
            code.add(base)
    return (targets - own) | code


def _graph(imports: Callable[[ast.Module], list[ast.Import | ast.ImportFrom]]) -> dict[str, set[str]]:
    graph = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = set().union(*(_imported(module, node) for node in imports(tree)))
        graph[module] = targets - {module}
    return graph


def import_graph() -> dict[str, set[str]]:
    """Every module's imports, inside functions too (what the tests hold to no cycle)."""
    return _graph(_all_imports)


def module_level_graph() -> dict[str, set[str]]:
    """Only what runs when a module is imported (what ``referee --help`` pays for)."""
    return _graph(lambda tree: _top_level_imports(tree.body))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as the modules along it, or None for a DAG."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state and (cycle := walk(target)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := walk(node)):
            return cycle
    return None


@pytest.mark.slow
def test_the_imports_of_referee_have_no_cycle_counting_imports_inside_functions():
    graph = import_graph()
    assert len(graph) > 50 and "referee.lexicon.frequency" in graph
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


@pytest.mark.slow
def test_the_module_level_imports_of_referee_have_no_cycle():
    assert find_cycle(module_level_graph()) is None


@pytest.mark.slow
def test_the_graph_sees_lazy_imports_too_but_the_module_level_graph_does_not():
    graph, module_level = import_graph(), module_level_graph()
    assert "referee.lexicon.reasons" in graph["referee.lexicon.words"]
    assert "referee.lexicon.wordcache" in graph["referee.lexicon.backend"]  # imported in a function
    assert "referee.lexicon.wordcache" not in module_level["referee.lexicon.backend"]
    assert "referee.lexicon.frequency" not in module_level["referee.lexicon.catalogue"]


def test_an_import_of_a_packages_own_code_is_an_edge_to_the_package_but_its_submodules_are_not():
    graph = import_graph()
    assert "referee.spellcrafter" in graph["referee.cli.spell_game"]  # its examples, re-exported by the package
    assert "referee.cli" not in graph["referee.cli.smoor"]  # `from referee.cli.files import …`: the package runs first, no edge
    assert "referee.cli.groups" in graph["referee.cli.table"]


def test_imports_under_type_checking_are_not_edges():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import referee.games\ndef f():\n    import referee.errors\n")
    assert [node.names[0].name for node in _all_imports(tree)] == ["TYPE_CHECKING", "referee.errors"]


#: The ground floor: the modules every other module may stand on. They import nothing of
#: referee above them, not even inside a function (the registry words a refusal for errors.py).
GROUND_FLOOR = {"referee.game", "referee.errors", "referee.cards", "referee.i18n"}


def test_the_ground_floor_imports_nothing_above_it():
    graph = import_graph()
    for module in GROUND_FLOOR:
        assert graph[module] <= GROUND_FLOOR | {"referee"}, f"{module} imports {sorted(graph[module] - GROUND_FLOOR)}"


def test_the_cycle_finder_finds_a_cycle_and_passes_a_dag():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_lexicon_modules_never_import_each_other_in_a_circle_even_lazily():
    """catalogue opens a wordfreq dictionary lazily; frequency must not reach back to it."""
    source = (ROOT / "lexicon" / "frequency.py").read_text(encoding="utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)}
    assert "referee.lexicon.catalogue" not in imported
