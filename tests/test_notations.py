"""Each action prints and parses its own notation (STYLE: "Doctests for notations", as
python-chess's ``Move.uci()`` / ``Move.from_uci()``): the examples in their docstrings
are run here, module by module, so a notation and its documentation cannot drift apart.
A doctest needs no file and no subprocess: this stays in the quick tier."""

from __future__ import annotations

import doctest
import importlib

import pytest

from referee.i18n import speaking

#: The modules whose notations carry examples: a card, a placement, a move, who moves,
#: a bid, a NAME=VALUE entry, a Spellcrafter pick, the CLI's coloured voice line.
NOTATION_MODULES = [
    "referee.cards",
    "referee.smitten.notation",
    "referee.smitten.actions",
    "referee.smitten.entry",
    "referee.smoorverliefd.entry",
    "referee.spellcrafter.notation",
    "referee.spellcrafter.actions",
    "referee.cli.output",
]


@pytest.mark.parametrize("name", NOTATION_MODULES)
def test_each_notation_prints_and_parses_as_its_examples_say(name: str) -> None:
    with speaking("en"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"
