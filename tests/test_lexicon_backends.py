"""The real Hunspell dictionaries (en_US, en_GB, nl_NL) and wordfreq, and what happens
when a piece is missing: exit 2 naming what to install, nothing else breaks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import InputError
from referee.lexicon import frequency, hunspell
from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.reasons import Reason
from referee.lexicon.verdict import judge
from referee.lexicon.words import fold


def _installed() -> list[str]:
    try:
        return hunspell.installed()
    except InputError:
        return []


HUNSPELL = _installed()
needs_hunspell = pytest.mark.skipif(
    not {"en_US", "en_GB", "nl_NL"} <= set(HUNSPELL),
    reason="needs libenchant-2-2 hunspell-en-us hunspell-en-gb hunspell-nl (CI installs them)",
)

pytestmark = pytest.mark.usefixtures("hunspell_root_indexes")


def reason(name: str, word: str) -> Reason:
    return judge(word, open_dictionary(name)).reason


def wordfreq(name: str) -> frequency.WordfreqDictionary:
    """``open_dictionary(name)`` for a ``wordfreq:`` name, with the backend's own attributes."""
    dictionary = open_dictionary(name)
    assert isinstance(dictionary, frequency.WordfreqDictionary), dictionary
    return dictionary


# --- Hunspell -------------------------------------------------------------------------


@needs_hunspell
@pytest.mark.parametrize(
    "name, word, expected",
    [
        ("hunspell:en_US", "kitty", Reason.IN_DICTIONARY),
        ("hunspell:en_US", "KITTY", Reason.IN_DICTIONARY),
        ("hunspell:en_US", "color", Reason.IN_DICTIONARY),
        ("hunspell:en_GB", "colour", Reason.IN_DICTIONARY),
        ("hunspell:en_US", "qat", Reason.NOT_IN_DICTIONARY),
        ("hunspell:en_US", "paris", Reason.PROPER_NOUN),  # Hunspell knows only "Paris"
        ("hunspell:en_GB", "London", Reason.PROPER_NOUN),
        ("hunspell:en_US", "nasa", Reason.ACRONYM),  # Hunspell knows only "NASA"
        ("hunspell:en_US", "etc", Reason.ABBREVIATION),  # Hunspell accepts it; the classifier does not
        ("hunspell:en_US", "dont", Reason.CONTRACTION),
        ("hunspell:en_US", "isn't", Reason.CONTRACTION),
        ("hunspell:en_GB", "well-known", Reason.HYPHENATED),
        ("hunspell:en_GB", "-ing", Reason.PREFIX_OR_SUFFIX),
        ("hunspell:en_US", "ox", Reason.TOO_SHORT),
        ("hunspell:nl_NL", "kat", Reason.IN_DICTIONARY),
        ("hunspell:nl_NL", "geeerd", Reason.IN_DICTIONARY),  # Hunspell: geëerd; the cards have no accents
        ("hunspell:nl_NL", "GEËERD", Reason.IN_DICTIONARY),
        ("hunspell:nl_NL", "amsterdam", Reason.PROPER_NOUN),
        ("hunspell:nl_NL", "nato", Reason.ACRONYM),
        ("hunspell:nl_NL", "kxtq", Reason.NOT_IN_DICTIONARY),
    ],
)
def test_hunspell_verdicts(name, word, expected):
    assert reason(name, word) is expected


@needs_hunspell
@pytest.mark.parametrize(
    "name, words",
    [
        ("hunspell:en_US", ["col", "abs", "sec"]),  # on the shipped acronym list
        ("hunspell:en_US", ["zen", "meta"]),  # on the shipped proper-noun list
        ("hunspell:en_US", ["admin", "app", "bio"]),  # on the abbreviation list, but they take a plural
        ("hunspell:en_GB", ["albert", "afro", "allosaurus"]),  # en_GB knows them in lower case
        ("hunspell:nl_NL", ["afro", "zen"]),
    ],
)
def test_hunspell_a_word_known_in_lower_case_is_a_word_whatever_the_shipped_lists_say(name, words):
    for word in words:
        assert reason(name, word) is Reason.IN_DICTIONARY, word


@needs_hunspell
def test_hunspell_lower_case_abbreviations_without_a_plural_are_still_abbreviations():
    for word in ("etc", "approx", "dept", "misc"):
        assert reason("hunspell:en_US", word) is Reason.ABBREVIATION, word


@needs_hunspell
@pytest.mark.parametrize("name", ["hunspell:en_US", "hunspell:en_GB"])
def test_hunspell_mixed_case_names_are_proper_nouns_not_acronyms(name):
    for word in ("mcdonald", "macarthur", "ebay", "iphone"):
        assert reason(name, word) is Reason.PROPER_NOUN, word
    assert reason(name, "phd") is reason("builtin:en", "phd") is Reason.ABBREVIATION
    assert reason(name, "nasa") is Reason.ACRONYM
    assert reason(name, "nato") is Reason.ACRONYM  # en_GB knows both Nato and NATO


@needs_hunspell
@pytest.mark.parametrize("word", ["mrs", "tues", "feb", "xmas"])
def test_hunspell_words_known_only_capitalised_are_judged_like_builtin_en(word):
    assert reason("hunspell:en_GB", word) is reason("builtin:en", word) is reason("wordfreq:en", word)
    assert reason("hunspell:en_GB", word) is not Reason.IN_DICTIONARY


@needs_hunspell
def test_hunspell_a_spelling_known_only_in_capitals_that_is_an_affix_is_a_prefix_or_suffix():
    assert reason("hunspell:en_US", "ing") is Reason.PREFIX_OR_SUFFIX  # Hunspell knows only ING


@needs_hunspell
def test_hunspell_tags_are_normalised_and_the_provider_is_hunspell():
    dictionary = open_dictionary("hunspell:en-us")
    assert isinstance(dictionary, hunspell.HunspellDictionary)
    assert dictionary.name == "hunspell:en_US"
    assert dictionary.speller("kitty").provider.name == "hunspell"  # not Aspell, even where the system prefers it
    assert dictionary.speller().provider.name == "hunspell"


@needs_hunspell
def test_dict_list_shows_the_installed_hunspell_dictionaries(referee):
    rows = {row["name"]: row for row in referee("dict", "list", "--json").json()["dictionaries"]}
    assert {"hunspell:en_US", "hunspell:en_GB", "hunspell:nl_NL"} <= set(rows)
    assert rows["hunspell:en_GB"]["words"] > 10_000  # the stem count, read past the file's BOM


@needs_hunspell
def test_dict_info_names_the_hunspell_package(referee):
    document = referee("dict", "info", "hunspell:en_GB", "--json").json()
    assert "hunspell-en-gb" in document["source"] and document["files"][0].endswith("en_GB.dic")


@needs_hunspell
def test_a_missing_hunspell_dictionary_names_the_package_to_install(referee):
    result = referee("spell", "challenge", "kitty", "--dict", "hunspell:de_DE")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "apt-get install hunspell-de-de" in result.stderr and "en_US" in result.stderr


def test_debian_package_names():
    assert [hunspell.debian_package(tag) for tag in ("en_US", "en_GB", "nl_NL", "de_DE", "fr_FR")] == [
        "hunspell-en-us", "hunspell-en-gb", "hunspell-nl", "hunspell-de-de", "hunspell-fr",
    ]  # fmt: skip


def _fail_import(monkeypatch, error: ImportError) -> None:
    """Make `import enchant` fail the way it does on a machine without it."""
    real_import = __import__

    def fake_import(name, *args, **kwargs):
        if name == "enchant":
            raise error
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", fake_import)


def test_without_libenchant_hunspell_is_exit_2_and_everything_else_works(referee, monkeypatch):
    # What pyenchant raises when the C library is missing (enchant/_enchant.py).
    _fail_import(monkeypatch, ImportError("The 'enchant' C library was not found and maybe needs to be installed."))
    result = referee("spell", "challenge", "kitty", "--dict", "hunspell:en_US")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "apt-get install libenchant-2-2" in result.stderr
    assert referee("spell", "challenge", "kitty").exit_code == 0
    assert referee("spell", "challenge", "kitty", "--dict", "wordfreq:en").exit_code == 0
    listing = referee("dict", "list", "--json")
    assert listing.exit_code == 0
    rows = {row["name"]: row for row in listing.json()["dictionaries"]}
    assert rows["hunspell:LANG"]["available"] is False and "libenchant-2-2" in rows["hunspell:LANG"]["note"]
    assert rows["builtin:en"]["available"] is True


def test_an_enchant_library_that_cannot_load_is_exit_2_naming_the_package(tmp_path):
    # pyenchant asserts that PYENCHANT_LIBRARY_PATH exists: an AssertionError, not ImportError.
    import json
    import os
    import subprocess

    from conftest import installed_referee

    env = {**os.environ, "PYENCHANT_LIBRARY_PATH": str(tmp_path / "nonexistent")}
    done = subprocess.run(
        [installed_referee(), "spell", "challenge", "cat", "--dict", "hunspell:en_US", "--json"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "apt-get install libenchant-2-2" in done.stderr and "internal error" not in done.stderr
    assert "PYENCHANT_LIBRARY_PATH" in json.loads(done.stdout)["error"]


def test_without_pyenchant_the_message_says_pip_install(monkeypatch):
    _fail_import(monkeypatch, ModuleNotFoundError("No module named 'enchant'", name="enchant"))
    with pytest.raises(InputError, match="pip install pyenchant"):
        hunspell.enchant_module()


# --- wordfreq -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "word, expected",
    [
        ("kitty", Reason.IN_DICTIONARY),
        ("the", Reason.IN_DICTIONARY),
        ("qat", Reason.NOT_IN_DICTIONARY),  # a real word, but rare
        ("paris", Reason.PROPER_NOUN),  # common in running text, still a name
        ("nasa", Reason.ACRONYM),
        ("etc", Reason.ABBREVIATION),
        ("dont", Reason.CONTRACTION),
        ("Café", Reason.IN_DICTIONARY),
    ],
)
def test_wordfreq_verdicts(word, expected):
    assert reason("wordfreq:en", word) is expected


@pytest.mark.parametrize("word", ["lol", "omg", "wtf", "idk", "lmao"])
def test_wordfreq_words_must_also_be_in_the_shipped_word_list(word):
    assert word in frequency.common_words("en", 3.0)  # common in running text …
    assert reason("wordfreq:en", word) is reason("builtin:en", word) is Reason.ACRONYM  # … but not in builtin:en


@pytest.mark.slow
def test_wordfreq_uses_the_shipped_list_of_its_language_where_one_ships():
    assert wordfreq("wordfreq:en").word_list == "builtin:en"
    assert wordfreq("wordfreq:nl").word_list == "builtin:nl"
    assert reason("wordfreq:nl", "kat") is Reason.IN_DICTIONARY
    assert reason("wordfreq:nl", "amsterdam") is Reason.PROPER_NOUN
    assert wordfreq("wordfreq:de").word_list is None  # none ships: wordfreq's words as they are
    assert reason("wordfreq:de", "katze") is Reason.IN_DICTIONARY


@pytest.mark.slow
def test_dict_info_of_wordfreq_counts_what_it_accepts_and_names_the_file_it_reads(referee):
    document = referee("dict", "info", "wordfreq:en@3.5", "--json").json()
    dictionary = wordfreq("wordfreq:en@3.5")
    expected = sum(1 for w in dictionary.words if len(w) >= 3 and w.isalpha() and w in dictionary)
    assert document["words"] == expected < len(dictionary.words)
    assert [path.rsplit("/", 1)[1] for path in document["files"]] == ["small_en.msgpack.gz"]
    assert "builtin:en" in document["what"] and "builtin:en" in document["source"]
    assert referee("dict", "info", "wordfreq:en@2", "--json").json()["files"][0].endswith("large_en.msgpack.gz")


def test_wordfreq_zipf_threshold():
    assert reason("wordfreq:en@3", "kitty") is Reason.IN_DICTIONARY  # Zipf 3.98
    assert reason("wordfreq:en@4.5", "kitty") is Reason.NOT_IN_DICTIONARY
    assert open_dictionary("wordfreq:nl@2.5").name == "wordfreq:nl@2.5"
    assert open_dictionary("wordfreq:en").name == "wordfreq:en@3"


@pytest.mark.slow
@pytest.mark.parametrize("zipf", [3.0, 4.5, 2.0])
def test_reading_wordfreq_data_directly_agrees_with_wordfreq(zipf):
    import wordfreq

    words = frequency.common_words("en", zipf)
    sample = ["kitty", "the", "qat", "zebra", "quixotic", "obfuscate", "cat", "dog", "serendipity", "lol", "cafe"]
    for word in sample:
        assert (word in words) == (wordfreq.zipf_frequency(word, "en") >= zipf), word
    assert words == frequency._from_wordfreq("en", zipf) or zipf < 3  # below 3 'best' and 'large' are the same data


def test_wordfreq_falls_back_to_its_own_api_if_the_format_changes(monkeypatch):
    monkeypatch.setattr(frequency, "HEADER", {"format": "cB", "version": 99})
    frequency._read.cache_clear()
    try:
        assert "kitty" in frequency.common_words("en", 3.0)
        assert frequency.source_file("en", 3.0) is None  # no data file read: dict info lists none
    finally:
        frequency._read.cache_clear()


# --- Hunspell without suggestions (issue 10, point 9) ----------------------------------


@needs_hunspell
@pytest.mark.parametrize("name", ["hunspell:en_US", "hunspell:en_GB", "hunspell:nl_NL"])
@pytest.mark.parametrize("word", ["zorbled", "kxtq", "paris", "nasa", "mcdonald", "geeerd", "kitty"])
def test_hunspell_checks_the_cased_and_accented_forms_directly_and_never_asks_for_suggestions(name, word, monkeypatch):
    dictionary = open_dictionary(name)
    expected = reason(name, word)

    def no_suggestions(*args):
        raise AssertionError("suggestions asked")

    import enchant

    monkeypatch.setattr(enchant.Dict, "suggest", no_suggestions)
    assert judge(word, dictionary).reason is expected


@needs_hunspell
@pytest.mark.parametrize(
    "name, word, expected",
    [
        ("hunspell:nl_NL", "ruine", Reason.IN_DICTIONARY),  # ruïne
        ("hunspell:nl_NL", "financien", Reason.IN_DICTIONARY),  # financiën
        ("hunspell:en_US", "facade", Reason.IN_DICTIONARY),
        ("hunspell:en_US", "youtube", Reason.PROPER_NOUN),  # YouTube: a capital inside
        ("hunspell:en_GB", "iphone", Reason.PROPER_NOUN),
        ("hunspell:nl_NL", "postnl", Reason.PROPER_NOUN),  # PostNL: capitals to the end
    ],
)
def test_hunspell_finds_a_word_known_only_with_an_accent_or_a_capital_inside(name, word, expected):
    assert reason(name, word) is expected


ALPHABET = "".join(map(chr, range(0xC0, 0x250)))  # Latin-1 letters, Latin Extended-A and -B


@pytest.mark.slow
@given(st.text(alphabet="abcdeginosuyz", min_size=1, max_size=6))
def test_accented_spellings_are_exactly_the_one_letter_changes_that_fold_back(letters):
    brute = {
        letters[:i] + char + letters[i + 1 :]
        for i in range(len(letters))
        for char in ALPHABET
        if char != letters[i] and char.islower() and fold(char) == letters[i]
    }
    found = list(hunspell.accented(letters))
    assert len(found) == len(set(found)) and set(found) == brute


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=8))
def test_inner_capitals_are_one_capital_inside_or_capitals_to_the_end_with_or_without_a_first_capital(letters):
    brute = set()
    for i in range(1, len(letters)):
        for first in (letters[0], letters[0].upper()):
            brute.add(first + letters[1:i] + letters[i].upper() + letters[i + 1 :])
            if i > 1:  # with a capital first, capitals from the second letter are all capitals
                brute.add(first + letters[1:i] + letters[i:].upper())
    assert set(hunspell.inner_capitals(letters)) == brute
