"""The shared command line in Dutch (issue 22 point 6): every message of the shared modules
(table mode, `dict`, `deal`, `referee --help`, help's placeholders, the word lists'
verdicts) has a Dutch translation in the catalogue, and those screens read Dutch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import referee

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
