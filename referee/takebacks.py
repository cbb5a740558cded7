"""Take-backs: may a seat take back its own last entry from its phone (`referee serve`,
:mod:`referee.web.host`)? Yes unless the table said no at ``new`` (``--no-take-backs``).

The choice is kept in the save file's ``[setup]`` as ``take_backs = false``, the same key
for every game, written only when take-backs are off (a file without it allows them, as
every file did before). The rules of a game never read it: it is the table's, not the
game's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from referee.game import Rules

SetupT = TypeVar("SetupT")

KEY = "take_backs"


def take_backs_allowed(setup: Mapping[str, object]) -> bool:
    """Whether a seat may take back its own last entry, by the file's ``[setup]``."""
    return setup.get(KEY) is not False


def with_take_backs(rules: Rules[SetupT, Any, Any, Any], setup: SetupT, take_backs: bool) -> dict[str, object]:
    """The ``[setup]`` table to create a file with: ``setup``'s, with ``take_backs =
    false`` when take-backs are off."""
    table = rules.write_setup(setup)
    return table if take_backs else {**table, KEY: False}
