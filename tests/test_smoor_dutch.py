"""Smoorverliefd in Dutch (issue 16): the language choice, the catalogue, Dutch output."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import referee
from referee import i18n

PACKAGE = Path(referee.__file__).parent
#: The modules whose messages the `smoor` group prints.
SMOOR_MODULES = sorted(
    [*PACKAGE.glob("smoorverliefd/*.py"), *PACKAGE.glob("cli/smoor*.py"), *(PACKAGE / "cli" / name for name in ("group.py", "files.py", "deal_view.py")), PACKAGE / "i18n.py", PACKAGE / "players.py", *PACKAGE.glob("savefile/*.py")]
)


def marked_messages(path: Path) -> list[tuple[str, ...]]:
    """Every message marked for translation in a module: ``_("…")`` gives one string,
    ``ngettext("…", "…", n)`` the two forms."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "_" or node.func.id == "ngettext":
            strings = node.args[:1] if node.func.id == "_" else node.args[:2]
            assert all(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in strings), (
                f"{path.name}:{node.lineno}: a marked message must be a literal string (xgettext reads it)"
            )
            found.append(tuple(s.value for s in strings if isinstance(s, ast.Constant)))
    return found


def catalogue() -> dict[str, str]:
    return i18n.read_po(Path(i18n.catalogue_path()).read_text(encoding="utf-8"))


def test_every_message_of_the_smoor_group_has_a_dutch_translation():
    translated = catalogue()
    missing = [
        f"{path.relative_to(PACKAGE)}: {'/'.join(message)}"
        for path in SMOOR_MODULES
        for message in marked_messages(path)
        if "\0".join(message) not in translated
    ]
    assert not missing, "not in referee/locale/nl/LC_MESSAGES/referee.po:\n" + "\n".join(missing)


def test_the_missing_translation_check_sees_a_new_message(tmp_path):
    module = tmp_path / "new.py"
    module.write_text('from referee.i18n import _, ngettext\n_("a message nobody translated")\nngettext("{n} card", "{n} cards", 2)\n')
    messages = marked_messages(module)
    assert messages == [("a message nobody translated",), ("{n} card", "{n} cards")]
    assert not any("\0".join(message) in catalogue() for message in messages)


def test_the_translations_keep_every_placeholder():
    import string

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for key, value in catalogue().items():
        if key:
            for form in value.split("\0"):
                assert fields(form) <= fields(key.replace("\0", " ")), (key, form)


@pytest.mark.parametrize(
    "environ, language",
    [
        ({}, "en"),
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "nl_NL"}, "nl"),
        ({"LANG": "nl_NL.UTF-8", "REFEREE_LANG": "en"}, "en"),
        ({"REFEREE_LANG": "nl"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_comes_from_referee_lang_then_the_locale_else_english(environ, language):
    assert i18n.from_environment(environ) == language
