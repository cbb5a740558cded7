"""The word lists shipped in ``dictionaries/`` and what ``index.json`` says about them.

``dictionaries/build.py`` writes the lists and the index; referee only reads them.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from referee.data import data_folder
from referee.errors import InputError
from referee.lexicon.reasons import Reason
from referee.i18n import _

# Language names people type for a shipped list (and for wordfreq's lists); a tag such as
# en_US or nl-BE is found by its language part.
LANGUAGE_NAMES = {"english": "en", "dutch": "nl", "nederlands": "nl"}


@cache
def folder() -> Path:
    return data_folder("dictionaries")


@cache
def index() -> dict[str, Any]:
    path = folder() / "index.json"
    try:
        document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        document["dictionaries"], document["classifiers"]  # noqa: B018 - both must be there
    except (OSError, ValueError, KeyError, TypeError):
        raise InputError(_("the dictionary index {path} is missing or damaged; reinstall referee").format(path=path)) from None
    return document


def builtin_names() -> list[str]:
    """``en``, ``en-large``, ``nl``: the names after ``builtin:``."""
    return list(index()["dictionaries"])


def builtin_entry(name: str) -> dict[str, Any]:
    entry: dict[str, Any] = index()["dictionaries"][name]
    return entry


def classifier_files(language: str) -> dict[Reason, Path]:
    """The classifier lists of a language, by the reason each gives; empty if none ship."""
    entries = index()["classifiers"].get(language, {})
    return {Reason(key): folder() / value["file"] for key, value in entries.items() if isinstance(value, dict)}
