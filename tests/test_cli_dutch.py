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


def test_referee_help_is_dutch_placeholders_included(referee):
    shown = referee("--lang", "nl", "--help").stdout
    assert "Gebruik: referee [OPTIES] OPDRACHT [ARGUMENTEN]..." in shown
    assert "Smitten, Spellcrafter en Smoorverliefd" in " ".join(shown.replace("│", "").split())
    assert "Toon de versie en stop." in shown and "Usage" not in shown and "[OPTIONS]" not in shown


@pytest.mark.parametrize(
    "command, dutch, english",
    [
        (["deal"], ["SPEL", "GETAL", "TEKST", "Aantal spelers"], ["GAME", "INTEGER", "TEXT", "Number of players"]),
        (["table"], ["BESTAND", "Houd de hele avond"], ["FILE", "Keep one session open"]),
        (["dict", "check"], ["WOORD...", "NAAM", "BESTAND", "Is elk WOORD"], ["WORD...", "NAME", "FILE", "Is each WORD"]),
        (["smoor", "round"], ["BESTAND", "INVOER", "NAAM"], ["FILE", "ENTRIES", "NAME"]),
        (["spell", "new"], ["BESTAND", "SPELERS"], ["FILE", "PLAYERS"]),
    ],
)
def test_help_is_drawn_in_the_chosen_language_in_one_process(referee, command, dutch, english):
    """Dutch, then English again in the same process: help is worded when drawn."""
    for language, words, others in (("nl", dutch, english), ("en", english, dutch)):
        raw = referee("--lang", language, *command, "--help").stdout
        shown = " ".join(raw.replace("│", "").split())
        assert all(word in shown for word in words), (language, shown)
        usage = next(line for line in raw.splitlines() if "Usage:" in line or "Gebruik:" in line)  # (a game's own help texts are its helper's)
        assert not any(re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", usage) for word in others if word.isupper()), (language, usage)


def test_a_verdict_and_its_consequence_are_dutch(referee):
    shown = referee("--lang", "nl", "dict", "check", "qat", "kitty")
    assert shown.stdout.splitlines() == ["QAT: ongeldig — niet in woordenboek (builtin:en)", "KITTY: geldig — in woordenboek (builtin:en)"]
    assert referee("--lang", "nl", "dict", "check", "qat", "--json").json()["reason"] == "not in dictionary"  # JSON stays


def test_deal_errors_are_dutch(referee):
    refused = referee("--lang", "nl", "deal", "smitten", "--players", "3")
    assert refused.exit_code == 2 and "smitten deelt altijd twee handen" in refused.stderr
    refused = referee("--lang", "nl", "deal", "french52", "--players", "53")
    assert "een Franse deling heeft 1 tot 52 spelers nodig" in refused.stderr
