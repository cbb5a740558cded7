"""`referee dict`: the word lists and dictionaries that settle Spellcrafter challenges."""

from __future__ import annotations

from referee.cli.group import command_group

app = command_group(
    "Dictionaries for Spellcrafter challenges: the built-in word lists, Hunspell "
    "dictionaries through pyenchant, wordfreq's common words, your own word-list file, "
    "and house additions and removals."
)
