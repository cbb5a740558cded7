"""The shared command line in Dutch (issue 22 point 6): every message of the shared modules
(table mode, `dict`, `deal`, `referee --help`, help's placeholders, the word lists'
verdicts) has a Dutch translation in the catalogue, and those screens read Dutch."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import referee
from referee import i18n

PACKAGE = Path(referee.__file__).parent
#: The modules of the shared command line, whose messages a Dutch table reads.
SHARED_MODULES = sorted(
    [
        *PACKAGE.glob("table/*.py"),
        *PACKAGE.glob("lexicon/*.py"),
        *(PACKAGE / "cli" / f"{name}.py" for name in (
            "__init__", "group", "typer_internals", "completion", "table", "dictionary", "deal", "deal_view",
            "output", "smoor_table", "spell_table", "smitten_table",
        )),
        PACKAGE / "dealing.py",
        PACKAGE / "cards.py",
    ]
)  # fmt: skip


def marked_messages(path: Path) -> list[tuple[str, ...]]:
    """Every message marked for translation in a module: ``_("…")`` and ``N_("…")`` (a
    help text, translated when help is drawn) give one string, ``ngettext("…", "…", n)``
    the two forms."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in ("_", "N_", "ngettext"):
            strings = node.args[:2] if node.func.id == "ngettext" else node.args[:1]
            assert all(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in strings), (
                f"{path.name}:{node.lineno}: a marked message must be a literal string (xgettext reads it)"
            )
            found.append(tuple(s.value for s in strings if isinstance(s, ast.Constant)))
    return found


def help_texts(path: Path) -> list[str]:
    """The docstrings of a module's commands, as help shows them (``paragraphs``)."""
    from referee.cli.typer_internals import paragraphs

    tree = ast.parse(path.read_text(encoding="utf-8"))
    commands = [node for node in tree.body if isinstance(node, ast.FunctionDef) and any(
        isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "command" for d in node.decorator_list)]  # fmt: skip
    if path.name in ("deal.py", "table.py"):
        commands += [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == path.stem]
    return [paragraphs(ast.get_docstring(node, clean=False)) or "" for node in commands if ast.get_docstring(node)]


def test_every_message_of_the_shared_command_line_has_a_dutch_translation():
    translated = i18n.catalogue()
    missing = [
        f"{path.relative_to(PACKAGE)}: {'/'.join(message)}"
        for path in SHARED_MODULES
        for message in [*marked_messages(path), *((text,) for text in help_texts(path))]
        if "\0".join(message) not in translated
    ]
    assert not missing, "not in referee/locale/nl/LC_MESSAGES/cli.po:\n" + "\n".join(missing)


def test_the_translations_keep_every_placeholder():
    for key, value in i18n.catalogue().items():
        english = set(re.findall(r"\{\w*\}", key.replace("\0", " ")))
        assert english == set(re.findall(r"\{\w*\}", value.replace("\0", " "))), key
