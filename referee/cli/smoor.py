"""`referee smoor` (alias `smoorverliefd`): keep a Smoorverliefd match."""

from __future__ import annotations

from referee.cli.group import command_group

app = command_group(
    "Smoorverliefd, the Dutch trick-taking game where hearts are worth collecting "
    "(alias: smoorverliefd): keep the match score over many rounds, one line per round "
    "or trick by trick, with its variants. Deal a seeded round with "
    "`referee deal smoorverliefd`."
)
