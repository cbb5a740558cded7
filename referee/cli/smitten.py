"""`referee smitten`: validate placements and referee whole Smitten games."""

from __future__ import annotations

from referee.cli.group import command_group

app = command_group(
    "Smitten, the cooperative game of two 3×3 grids: check whether a placement is "
    "legal given the grids and the pending instruction, and referee whole games, "
    "two-player or solo, with a physical or a seeded virtual deck. "
    "Deal a seeded Smitten deck with `referee deal smitten`."
)
