"""The shipped word lists: what dictionaries/README.md and index.json promise about them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.reasons import Reason
from referee.lexicon.verdict import judge
from referee.lexicon.words import MIN_LETTERS, fold

FOLDER = Path(__file__).resolve().parent.parent / "dictionaries"
INDEX = json.loads((FOLDER / "index.json").read_text(encoding="utf-8"))
LISTS = sorted(FOLDER.glob("*.txt"))
PLAYABLE = re.compile(rb"[a-z]{%d,}" % MIN_LETTERS)


def lines(path: Path) -> list[bytes]:
    data = path.read_bytes()
    assert data.endswith(b"\n") and b"\r" not in data, path.name
    return data[:-1].split(b"\n")


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_lists_hold_what_a_table_expects():
    en, large, nl = (set(lines(FOLDER / f"{name}.txt")) for name in ("en", "en-large", "nl"))
    assert {b"kitty", b"colour", b"color", b"cafe", b"qoph"} <= en
    assert {b"qat", b"zax"} <= large and not {b"qat", b"zax"} & en
    assert {b"kat", b"geeerd", b"ijs"} <= nl
    assert b"london" in set(lines(FOLDER / "en-proper-nouns.txt"))
    assert b"nasa" in set(lines(FOLDER / "en-acronyms.txt"))


def verdict(name: str, word: str) -> Reason:
    return judge(word, open_dictionary(name)).reason


@pytest.mark.parametrize("word", ["app", "maths", "tech", "intro", "bio", "stat", "admin", "bot", "max"])
def test_a_shipped_abbreviation_whose_plural_is_in_the_list_is_a_word(word):
    assert verdict("builtin:en", word) is Reason.IN_DICTIONARY
    assert verdict("builtin:en-large", word) is Reason.IN_DICTIONARY


def test_abbreviations_without_a_plural_stay_abbreviations():
    for word in ("etc", "approx", "dept", "mph"):
        assert verdict("builtin:en", word) is Reason.ABBREVIATION, word


@pytest.mark.parametrize(
    "word, reason",
    [
        ("thats", Reason.CONTRACTION), ("theres", Reason.CONTRACTION), ("whos", Reason.CONTRACTION),
        ("omg", Reason.ACRONYM), ("wtf", Reason.ACRONYM), ("fifa", Reason.ACRONYM),
        ("pls", Reason.ABBREVIATION), ("thx", Reason.ABBREVIATION), ("kgs", Reason.ABBREVIATION),
        ("mgmt", Reason.ABBREVIATION), ("jan", Reason.ABBREVIATION), ("feb", Reason.ABBREVIATION),
    ],
)  # fmt: skip
def test_contractions_chat_acronyms_and_abbreviations_are_named(word, reason):
    assert verdict("builtin:en", word) is reason
    assert verdict("builtin:en-large", word) is reason


def test_month_abbreviations_that_are_words_stay_words():
    for word in ("mar", "sat", "sun", "wed"):
        assert verdict("builtin:en", word) is Reason.IN_DICTIONARY, word


@pytest.mark.parametrize("word", ["zeeland", "coffee", "wrong", "nobody"])
def test_builtin_nl_holds_no_names_nor_plain_english_words(word):
    assert verdict("builtin:nl", word) is not Reason.IN_DICTIONARY


def test_a_name_left_out_of_builtin_nl_is_a_proper_noun():
    assert verdict("builtin:nl", "zeeland") is Reason.PROPER_NOUN


def test_builtin_nl_keeps_the_words_dutch_shares_with_english():
    for word in ("computer", "website", "been", "kat", "coefficient", "consonant", "hand"):
        assert verdict("builtin:nl", word) is Reason.IN_DICTIONARY, word


@pytest.mark.parametrize("word", ["gregory", "aswell", "afterall", "highschool", "paris", "ufo"])
def test_en_large_holds_no_lower_case_names_nor_run_together_mistakes(word):
    assert verdict("builtin:en-large", word) is not Reason.IN_DICTIONARY


def test_en_large_keeps_the_word_game_words():
    for word in ("qat", "zax", "outjump", "countertop", "treehouse"):
        assert verdict("builtin:en-large", word) is Reason.IN_DICTIONARY, word


def test_licences_and_sources_are_recorded():
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    for needed in ("SCOWL", "wdutch", "OpenTaal", "LICENSE-scowl.txt", "LICENSE-wdutch.txt", "build.py"):
        assert needed in readme, needed
    assert (FOLDER / "LICENSE-scowl.txt").stat().st_size > 1000 and (
        FOLDER / "LICENSE-wdutch.txt"
    ).stat().st_size > 1000
    assert INDEX["built_from"]["scowl"] in readme


SOURCES = [Path("/usr/share/dict/scowl"), Path("/usr/share/dict/nederlands")] + [
    Path(f"/usr/share/hunspell/{tag}.dic") for tag in ("en_US", "en_GB", "nl_NL")
]


@pytest.mark.slow
@pytest.mark.skipif(
    not all(path.exists() for path in SOURCES) or not shutil.which("dpkg-query"),
    reason="needs scowl, wdutch, hunspell-en-us, hunspell-en-gb and hunspell-nl",
)
def test_the_build_script_reproduces_the_committed_lists():
    from importlib.metadata import version

    def installed(package: str) -> str:
        if package == "wordfreq":
            return version("wordfreq")
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
        return done.stdout.strip()

    changed = {package: found for package, built in INDEX["built_from"].items() if (found := installed(package)) != built}
    if changed:  # a newer release of a source may change the lists: a rebuild, not a failure of referee
        pytest.skip(f"the lists were built from other versions than these: {changed}")
    done = subprocess.run(
        [sys.executable, str(FOLDER / "build.py"), "--check"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
