"""Rules, finders and drivers speak in values: their messages name no command-line
option; the command that reads the option words the value (issue 22, "Rules speak in
values")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "referee"
#: The modules that once named a flag in a message, and name none now.
MODULES = ("spellcrafter/best.py", "spellcrafter/deck.py", "smitten/study.py", "smitten/hint.py")
FLAG = re.compile(r"(?<![-\w`])--[a-z]")


def _messages(tree: ast.AST) -> list[str]:
    """The strings a module hands to people: those given to ``_``/``ngettext`` and to an
    exception it raises."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            found += [arg.value for arg in node.exc.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext", "N_"):
            found += [arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    return found


@pytest.mark.parametrize("module", MODULES)
def test_a_rules_module_names_no_command_line_option_in_a_message(module: str) -> None:
    messages = _messages(ast.parse((ROOT / module).read_text(encoding="utf-8")))
    assert [message for message in messages if FLAG.search(message) or "referee spell" in message] == []


def test_the_scan_sees_a_message_and_an_exceptions_words() -> None:
    source = 'raise InputError(_("leave out --jumper"))\nraise InputError("--top is needed")\n_("give --by")\n'
    assert {message for message in _messages(ast.parse(source)) if FLAG.search(message)} == {
        "leave out --jumper", "--top is needed", "give --by",
    }
