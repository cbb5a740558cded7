"""Where referee's shipped files are: ``examples/`` and ``dictionaries/``.

They sit at the top of the source tree (SPEC §7) and are installed inside the package
(``referee/examples``, ``referee/dictionaries``, see pyproject.toml), so an installed
referee finds them from any folder without the source tree.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import InputError

_PACKAGE = Path(__file__).resolve().parent


def data_folder(name: str) -> Path:
    """The shipped folder ``name``: installed copy first, else the source checkout's."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise InputError(f"referee's {name} folder is missing from this installation; reinstall referee")


def example(name: str) -> Path:
    """A file from ``examples/``, e.g. ``example("smoorverliefd-match.toml")``."""
    return data_folder("examples") / name
