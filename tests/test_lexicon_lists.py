"""The shipped word lists: what dictionaries/README.md and index.json promise about them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.lexicon.words import MIN_LETTERS, fold

FOLDER = Path(__file__).resolve().parent.parent / "dictionaries"
INDEX = json.loads((FOLDER / "index.json").read_text(encoding="utf-8"))
LISTS = sorted(FOLDER.glob("*.txt"))
PLAYABLE = re.compile(rb"[a-z]{%d,}" % MIN_LETTERS)


def lines(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data.endswith(b"\n") and b"\r" not in data, path.name
    return data[:-1].split(b"\n")


@pytest.mark.parametrize("path", [p for p in LISTS if not p.name.startswith("LICENSE")], ids=lambda p: p.name)
def test_every_list_is_sorted_unique_folded_lower_case_letters(path):
    words = lines(path)
    assert words == sorted(set(words)), f"{path.name} is not sorted and unique"
    for word in words:
        assert PLAYABLE.fullmatch(word), (path.name, word)
        assert fold(word.decode()) == word.decode()


def test_index_counts_match_the_files():
    for name, entry in INDEX["dictionaries"].items():
        files = [FOLDER / file for file in entry["files"]]
        assert entry["words"] == sum(len(lines(file)) for file in files), name
        assert entry["bytes"] == sum(file.stat().st_size for file in files), name
    for language, classes in INDEX["classifiers"].items():
        for reason, entry in classes.items():
            if isinstance(entry, dict):
                assert entry["words"] == len(lines(FOLDER / entry["file"])), (language, reason)


def test_en_large_adds_only_words_that_are_not_in_en():
    assert not set(lines(FOLDER / "en.txt")) & set(lines(FOLDER / "en-large.txt"))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_no_classified_spelling_is_a_word_of_the_main_list(language):
    words = set(lines(FOLDER / f"{language}.txt"))
    for reason, entry in INDEX["classifiers"][language].items():
        if isinstance(entry, dict) and reason != "prefix or suffix":
            assert not words & set(lines(FOLDER / entry["file"])), reason


def test_the_lists_hold_what_a_table_expects():
    en, large, nl = (set(lines(FOLDER / f"{name}.txt")) for name in ("en", "en-large", "nl"))
    assert {b"kitty", b"colour", b"color", b"cafe", b"qoph"} <= en
    assert {b"qat", b"zax"} <= large and not {b"qat", b"zax"} & en
    assert {b"kat", b"geeerd", b"ijs"} <= nl
    assert b"london" in set(lines(FOLDER / "en-proper-nouns.txt"))
    assert b"nasa" in set(lines(FOLDER / "en-acronyms.txt"))


def test_licences_and_sources_are_recorded():
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    for needed in ("SCOWL", "wdutch", "OpenTaal", "LICENSE-scowl.txt", "LICENSE-wdutch.txt", "build.py"):
        assert needed in readme, needed
    assert (FOLDER / "LICENSE-scowl.txt").stat().st_size > 1000 and (
        FOLDER / "LICENSE-wdutch.txt"
    ).stat().st_size > 1000
    assert INDEX["built_from"]["scowl"] in readme


@pytest.mark.skipif(
    not Path("/usr/share/dict/scowl").is_dir() or not shutil.which("dpkg-query"), reason="needs scowl and wdutch"
)
def test_the_build_script_reproduces_the_committed_lists():
    done = subprocess.run(
        [sys.executable, str(FOLDER / "build.py"), "--check"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
