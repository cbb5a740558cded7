"""`referee spell` (alias `spellcrafter`): score words, settle challenges, keep the game."""

from __future__ import annotations

from referee.cli.group import command_group

app = command_group(
    "Spellcrafter, the word-drafting game (alias: spellcrafter): score a word from "
    "its cards, settle a challenge against the dictionary the table agreed on, and keep "
    "the four-round score sheet."
)
