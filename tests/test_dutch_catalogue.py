"""Every message of the whole package has its Dutch translation (issue 22: the check
covers every module, not one group), and every translation keeps its placeholders."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

import referee
from referee import i18n
from catalogue import marked_messages, untranslated

PACKAGE = Path(referee.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.slow
def test_every_message_of_the_package_has_a_dutch_translation():
    missing = untranslated(MODULES, PACKAGE)
    assert not missing, "not in referee/locale/nl/LC_MESSAGES/*.po:\n" + "\n".join(missing)


def test_the_check_sees_a_new_message(tmp_path):
    module = tmp_path / "new.py"
    module.write_text('from referee.i18n import N_, _, ngettext\n_("a message nobody translated")\nN_("HELP")\nngettext("{n} card", "{n} cards", 2)\n')
    assert marked_messages(module) == [("a message nobody translated",), ("HELP",), ("{n} card", "{n} cards")]
    assert len(untranslated([module], tmp_path)) == 3


def test_the_check_reads_every_module_of_the_package():
    names = {str(path.relative_to(PACKAGE)) for path in MODULES}
    assert {"cli/spell_game.py", "smitten/voice.py", "lexicon/verdict.py", "table/session.py"} <= names


def test_no_message_is_translated_twice_differently():
    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    for path in i18n.catalogue_paths():
        for key, value in i18n.read_po(Path(path).read_text(encoding="utf-8")).items():
            if key and key in seen and seen[key][1] != value:
                clashes.append(f"{key!r}: {Path(seen[key][0]).name} and {Path(path).name}")
            seen.setdefault(key, (path, value))
    assert not clashes, "\n".join(clashes)


def test_every_translation_keeps_its_placeholders():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for key, value in i18n.catalogue().items():
        for form in value.split("\0"):
            assert fields(form) <= fields(key.replace("\0", " ")), (key, form)
