"""What the Dutch catalogue must hold: every message marked for translation in a module
(``_("…")``, ``N_("…")``, ``ngettext("…", "…", n)``) and the help docstrings of its
commands. One reader for every test of the catalogue."""

from __future__ import annotations

import ast
from pathlib import Path


def marked_messages(path: Path) -> list[tuple[str, ...]]:
    """Every message marked for translation in a module: ``_("…")`` and ``N_("…")`` give
    one string, ``ngettext("…", "…", n)`` the two forms."""
    found: list[tuple[str, ...]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ("_", "N_", "ngettext"):
            strings = node.args[:2] if node.func.id == "ngettext" else node.args[:1]
            assert all(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in strings), (
                f"{path.name}:{node.lineno}: a marked message must be a literal string (xgettext reads it)"
            )
            found.append(tuple(s.value for s in strings if isinstance(s, ast.Constant) and isinstance(s.value, str)))
    return found


def help_texts(path: Path) -> list[str]:
    """The docstrings of a module's commands, as help shows them (``paragraphs``)."""
    from referee.cli.typer_internals import paragraphs

    tree = ast.parse(path.read_text(encoding="utf-8"))
    commands = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and any(
        isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "command"
        and not any(keyword.arg == "help" for keyword in d.keywords) for d in node.decorator_list)]  # fmt: skip
    registered = _registered_in_the_app().get(path.name, set()) if path.parent.name == "cli" else set()
    commands += [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in registered]
    return [paragraphs(ast.get_docstring(node, clean=False)) or "" for node in commands if ast.get_docstring(node)]


def _registered_in_the_app() -> dict[str, set[str]]:
    """The commands referee/cli/__init__.py registers without a help of their own,
    ``app.command("serve", …)(serve.serve)``: their help is their docstring. By the
    module's file name (``serve.py``), the functions' names."""
    import referee.cli

    tree = ast.parse(Path(referee.cli.__file__).read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and getattr(node.func.func, "attr", "") == "command"):
            continue
        if any(keyword.arg == "help" for keyword in node.func.keywords) or not node.args:
            continue
        function = node.args[0]
        if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
            found.setdefault(f"{function.value.id}.py", set()).add(function.attr)
    return found


def untranslated(paths: list[Path], root: Path) -> list[str]:
    """The messages and help texts of ``paths`` that the catalogue does not translate."""
    from referee import i18n

    translated = i18n.catalogue()
    return [
        f"{path.relative_to(root)}: {'/'.join(message)}"
        for path in paths
        for message in [*marked_messages(path), *((text,) for text in help_texts(path))]
        if "\0".join(message) not in translated
    ]
