"""Hunspell given only the roots a word can take part in answers as the whole dictionary
does (issue 10, point 9: a challenge need not wait for Hunspell to read its whole .dic)."""

from __future__ import annotations

import functools
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.lexicon import hunspell, hunspell_roots, wordcache
from referee.lexicon.hunspell import HunspellDictionary
from referee.lexicon.hunspell_roots import Affixes, Unsupported, index_body, root_index
from referee.lexicon.reasons import Reason
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import fold

from test_lexicon_backends import needs_hunspell

pytestmark = pytest.mark.usefixtures("hunspell_root_indexes")

TAGS = ["en_US", "en_GB", "nl_NL"]


class Pair:
    """The same dictionary twice: opened whole, and one small dictionary a word."""

    def __init__(self, tag: str) -> None:
        self.whole = HunspellDictionary(tag)
        self.whole.speller()  # opens the whole dictionary, so every lookup uses it
        self.small = HunspellDictionary(tag)
        self.roots = self.whole._files and root_index(*self.whole._files)

    def small_lookup(self, letters: str) -> Reason:
        self.small._small_opens = 0  # always a fresh small dictionary
        self.small._whole = None
        return self.small.lookup(letters)


@pytest.fixture(scope="module")
def pairs() -> dict[str, Pair]:
    return {tag: Pair(tag) for tag in TAGS} if set(TAGS) <= set(hunspell.installed()) else {}


@functools.cache
def roots_of(tag: str) -> list[str]:
    dic = hunspell.dic_file(tag)
    assert dic is not None
    lines = dic.read_text(encoding="utf-8", errors="replace").splitlines()[1:]
    return sorted({root for line in lines if (root := fold(line.split("/")[0].split("\t")[0])).isalpha()})


def sample_words(tag: str, count: int, seed: int) -> list[str]:
    """Words of every kind: common words, roots and roots with an ending, two roots run
    together (Dutch compounds), names and acronyms Hunspell knows capitalised, and letters
    at random."""
    import wordfreq

    rng = random.Random(seed)
    common = [word for raw in wordfreq.top_n_list(tag[:2], 20_000) if (word := fold(raw)).isalpha() and len(word) >= 3]
    roots = roots_of(tag)
    endings = ["s", "es", "en", "e", "er", "je", "jes", "tje", "ing", "ed", "ly", "heid", "isch"]
    words = set(rng.sample(common, count)) | set(rng.sample(roots, count))
    words |= {root + rng.choice(endings) for root in rng.sample(roots, count)}
    words |= {one + two for one, two in zip(rng.sample(roots, count), rng.sample(common, count))}
    words |= {"".join(rng.choice("abcdeeeijklmnoprstuz") for _ in range(rng.randint(3, 12))) for _ in range(count)}
    words |= {"paris", "nasa", "mcdonald", "youtube", "iphone", "postnl", "geeerd", "ruine", "financien", "kitty"}
    return sorted(word for word in words if len(word) >= 3)


@pytest.mark.slow
@needs_hunspell
@pytest.mark.parametrize("tag", TAGS)
def test_hunspell_given_only_the_roots_a_word_can_use_gives_the_verdict_of_the_whole_dictionary(tag, pairs):
    pair = pairs[tag]
    assert pair.roots, "the installed dictionary is indexed"
    words = sample_words(tag, 60, seed=len(tag))
    verdicts = {word: pair.whole.lookup(word) for word in words}
    assert {Reason.IN_DICTIONARY, Reason.NOT_IN_DICTIONARY, Reason.PROPER_NOUN} <= set(verdicts.values())
    assert {word: pair.small_lookup(word) for word in words} == verdicts


@pytest.mark.slow
@needs_hunspell
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_hunspell_a_word_made_of_pieces_of_roots_gets_the_same_verdict_from_its_roots_alone(pairs, data):
    tag = data.draw(st.sampled_from(TAGS))
    roots = roots_of(tag)
    pieces = st.sampled_from(roots).flatmap(lambda root: st.sampled_from([root, root[1:], root[:-1], root[:3]]))
    word = "".join(data.draw(st.lists(pieces, min_size=1, max_size=3)))[:20]
    if len(word) >= 3:
        assert pairs[tag].small_lookup(word) is pairs[tag].whole.lookup(word), word


@pytest.mark.slow
@needs_hunspell
def test_hunspell_a_challenge_opens_a_dictionary_of_a_few_hundred_roots_not_the_whole_one(pairs):
    for tag in TAGS:
        small = pairs[tag].roots.dic_for("zorbled")
        count = int(small.split(b"\n", 1)[0])
        assert 0 < count < 5_000 and count == small.count(b"\n") - 1
        assert len(roots_of(tag)) > 40_000


@needs_hunspell
def test_hunspell_after_a_few_words_the_whole_dictionary_is_opened_once(monkeypatch):
    dictionary = HunspellDictionary("en_US")
    opened: list[int] = []
    real = HunspellDictionary._open_own

    def counted_open(self, dic):
        opened.append(len(dic) if dic else 0)
        return real(self, dic)

    monkeypatch.setattr(HunspellDictionary, "_open_own", counted_open)
    for word in ["kitty", "zorbled", "paris", "nasa", "color", "apps"]:
        dictionary.lookup(word)
    assert len(opened) == hunspell.SMALL_OPENS + 1 and opened[-1] == 0  # then the whole .dic
    assert all(size > 0 for size in opened[:-1])


@needs_hunspell
def test_hunspell_the_enchant_folder_is_referees_own_and_is_removed_after_opening(tmp_path, monkeypatch):
    monkeypatch.setenv("ENCHANT_CONFIG_DIR", str(tmp_path / "theirs"))
    dictionary = HunspellDictionary("en_GB")
    assert dictionary.lookup("colour") is Reason.IN_DICTIONARY
    assert os.environ["ENCHANT_CONFIG_DIR"] == str(tmp_path / "theirs")  # put back
    assert not list(wordcache.cache_folder().glob("hunspell-*"))


@needs_hunspell
def test_hunspell_a_personal_enchant_word_list_does_not_count(tmp_path, monkeypatch):
    """`hunspell:en_US` is the Hunspell dictionary the table agreed on, not someone's
    additions to it: Enchant's personal list is kept in its user configuration folder."""
    for folder in (tmp_path / "config" / "enchant", tmp_path / "enchant-dir"):
        folder.mkdir(parents=True)
        (folder / "en_US.dic").write_text("zorbled\n", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("ENCHANT_CONFIG_DIR", str(tmp_path / "enchant-dir"))
    dictionary = HunspellDictionary("en_US")
    assert dictionary.lookup("zorbled") is Reason.NOT_IN_DICTIONARY  # a small dictionary
    dictionary.speller()
    assert dictionary.lookup("zorbled") is Reason.NOT_IN_DICTIONARY  # the whole one


# --- the index, on dictionaries written here ------------------------------------------

AFF = """SET UTF-8
FLAG long
AF 3
AF AaBb
AF Bb
AF PpBb
PFX Pp Y 1
PFX Pp 0 on .
SFX Aa Y 1
SFX Aa y ies/Bb y
SFX Bb Y 1
SFX Bb 0 s .
SFX Cc Y 1
SFX Cc 0 ish/Ee .
SFX Ee Y 1
SFX Ee h ness h
ICONV 1
ICONV ’ '
"""
DIC = "4\nparty/1\nkitten/2\nbe\nmoment/3\n"


def dictionary_in(folder: Path, aff: str = AFF, dic: str = DIC) -> tuple[Path, Path]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "xx_YY.aff").write_bytes(aff.encode("utf-8"))
    (folder / "xx_YY.dic").write_text(dic, encoding="utf-8")
    return folder / "xx_YY.aff", folder / "xx_YY.dic"


def own_dictionary(tmp_path: Path, monkeypatch, aff: str, dic: str) -> tuple[Path, Path]:
    """A dictionary of one's own, ``xx_YY``, where Enchant finds it: the user's Enchant folder."""
    monkeypatch.setenv("ENCHANT_CONFIG_DIR", str(tmp_path / "enchant"))
    return dictionary_in(tmp_path / "enchant" / "hunspell", aff, dic)


def small_and_whole(words: list[str]) -> tuple[dict[str, Reason], dict[str, Reason]]:
    """The verdicts on ``words`` from a small dictionary each, and from the whole one."""
    small = {}
    for word in words:
        dictionary = HunspellDictionary("xx_YY")
        assert dictionary._files is not None and root_index(*dictionary._files) is not None
        small[word] = dictionary.lookup(word)  # its first lookup: a small dictionary
    whole = HunspellDictionary("xx_YY")
    whole.speller()
    return small, {word: whole.lookup(word) for word in words}


def test_hunspell_affix_flags_are_read_as_the_aff_writes_them():
    affixes = Affixes(AFF.encode())
    assert affixes.flags("AaBb") == ["Aa", "Bb"] and affixes.flags("1") == ["Aa", "Bb"]  # FLAG long, AF alias
    assert Affixes(b"FLAG num\n").flags("12,7") == ["12", "7"]
    assert Affixes(b"").flags("AB") == ["A", "B"]
    # A bound: the longest strip of any suffix the root may reach, plus the longest of a
    # suffix that may follow one. y → ies strips one letter and the -s that may follow it
    # none: 1. -ish strips none, the -ness that may follow it one (h): 1 + 1, -ness counted
    # as if it could come first too. "on" strips none.
    assert affixes.trims(["Aa"]) == (0, 1) and affixes.trims(["Cc"]) == (0, 2) and affixes.trims(["Aa", "Cc"]) == (0, 2)
    assert affixes.trims(["Pp"]) == (0, 0) and affixes.trims([]) == (0, 0)
    assert Affixes(AFF.replace("FLAG long", "FLAG long\nCOMPLEXPREFIXES").encode()).trims(["Aa", "Cc"]) == (0, 1)


def test_hunspell_a_root_is_indexed_by_the_core_no_affix_can_change(tmp_path):
    lines = index_body(AFF.encode(), DIC.encode()).decode().splitlines()
    # party (y → ies, then -s): 1 letter off the end; kitten (-s strips nothing) and be: whole
    assert lines == ["be\t000000003\tbe", "kitten\t000000002\tkitten/2", "moment\t000000004\tmoment/3", "part\t000000001\tparty/1"]
    index = tmp_path / "index"
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert SortedWordFile(index).starting_with(b"kitten\t") == [b"kitten\t000000002\tkitten/2"]
    assert SortedWordFile(index).starting_with(b"kit\t") == []


@pytest.mark.parametrize(
    "line",
    ["IGNORE aeiou", "CHECKCOMPOUNDREP", "SIMPLIFIEDTRIPLE", "CHECKSHARPS", "ICONV a e", "CHECKCOMPOUNDPATTERN o b z", "BREAK ab"],
)
def test_hunspell_an_aff_with_a_feature_the_index_does_not_model_is_opened_whole(line, tmp_path):
    with pytest.raises(Unsupported):
        index_body((AFF + line + "\n").encode(), DIC.encode())
    assert root_index(*dictionary_in(tmp_path, AFF + line + "\n")) is None


def test_hunspell_an_aff_in_an_encoding_python_does_not_know_is_opened_whole():
    with pytest.raises(Unsupported):
        Affixes(AFF.replace("SET UTF-8", "SET X-UNKNOWN-8").encode())
    latin = AFF.replace("SET UTF-8", "SET ISO8859-1").replace("ICONV ’ '\n", "")
    assert Affixes(latin.encode("latin-1")).encoding == "latin-1"


@needs_hunspell
def test_hunspell_a_dictionary_of_ones_own_is_indexed_and_answers_the_same(tmp_path, monkeypatch):
    aff, dic = own_dictionary(tmp_path, monkeypatch, AFF, DIC)
    for word, expected in [("parties", True), ("partys", True), ("partyies", False), ("onmoments", True), ("kittens", True), ("onkitten", False), ("bees", False)]:
        dictionary = HunspellDictionary("xx_YY")
        assert (dictionary.lookup(word) is Reason.IN_DICTIONARY) is expected, word
        dictionary.speller()
        assert (dictionary.lookup(word) is Reason.IN_DICTIONARY) is expected, word
    assert hunspell_roots.index_path(dic).is_file()


def test_hunspell_the_root_index_is_rebuilt_when_the_dictionary_changes_and_ignored_when_damaged(tmp_path):
    aff, dic = dictionary_in(tmp_path)
    first = root_index(aff, dic)
    assert first is not None and b"party" in first.dic_for("parties")
    dic.write_text("1\nmeeting/Bb\n", encoding="utf-8")
    changed = root_index(aff, dic)
    assert changed is not None and b"party" not in changed.dic_for("parties") and b"meeting" in changed.dic_for("meetings")
    hunspell_roots.index_path(dic).write_bytes(b"referee-hunspell-roots 1 damaged\n")
    rebuilt = root_index(aff, dic)
    assert rebuilt is not None and b"meeting" in rebuilt.dic_for("meeting")  # rebuilt
    path = hunspell_roots.index_path(dic)
    path.write_bytes(path.read_bytes()[:-5])  # cut short
    rebuilt = root_index(aff, dic)
    assert rebuilt is not None and b"meeting" in rebuilt.dic_for("meeting")


@pytest.mark.parametrize("blocked", ["a file", "a read-only folder"])
def test_hunspell_a_cache_that_cannot_be_written_leaves_the_whole_dictionary_without_building_an_index(blocked, tmp_path, monkeypatch):
    aff, dic = dictionary_in(tmp_path / "dicts")
    cache = tmp_path / "cache"
    if blocked == "a file":
        cache.write_text("a file where the cache folder would be", encoding="utf-8")
    else:
        (cache / "referee" / "word-lists").mkdir(parents=True)
        (cache / "referee" / "word-lists").chmod(0o500)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))

    def built(*args):
        raise AssertionError("an index that cannot be kept was built")

    monkeypatch.setattr(hunspell_roots, "index_body", built)
    if blocked == "a file" or os.geteuid() != 0:  # root writes into a read-only folder
        assert root_index(aff, dic) is None


# Each a way Hunspell reads its files that the index must read alike (found in review):
# the small dictionary of each word gives the verdict of the whole one.
READINGS = {
    "a byte order mark before SET": ("\ufeffSET UTF-8\nSFX A Y 1\nSFX A 0 s .\n", "1\ngeëerd/A\n", ["geeerd", "geeerds"], "geeerd"),
    "FLAG num with AF aliases that are numbers": (
        "SET UTF-8\nFLAG num\nAF 2\nAF 7\nAF 8\nSFX 7 Y 1\nSFX 7 0 s .\nSFX 8 Y 1\nSFX 8 ary aries ary\n",
        "2\nkitten/1\ndictionary/2\n",
        ["kittens", "dictionaries", "dictionary"],
        "dictionaries",
    ),
    "FLAG long with AF aliases that look like numbers": (
        "SET UTF-8\nFLAG long\nAF 2\nAF 12\nAF 34\nSFX 12 Y 1\nSFX 12 0 s .\nSFX 34 Y 1\nSFX 34 ary aries ary\n",
        "2\nkitten/1\ndictionary/2\n",
        ["kittens", "dictionaries"],
        "dictionaries",
    ),
    "a flag of the default kind is one byte": ("SET UTF-8\nSFX é Y 1\nSFX é ary aries ary\n", "1\ndictionary/è\n", ["dictionaries", "dictionary"], "dictionaries"),
    "a capitalised twin of a root in mixed case": ("SET UTF-8\nSFX S Y 1\nSFX S d ies d\n", "2\nMcDonald/S\nMcdonald\n", ["mcdonalies", "mcdonald"], "mcdonald"),
    "a capitalised twin of a root in capitals": ("SET UTF-8\nSFX S Y 1\nSFX S y ies y\n", "2\nABY/S\nAby\n", ["abies", "aby"], "aby"),
    "morphology after a blank and any two characters": ("SET UTF-8\nSFX S Y 1\nSFX S y ies y\n", "1\nparty/S X1:noun\n", ["parties"], "parties"),
}


@needs_hunspell
@pytest.mark.parametrize("reading", list(READINGS))
def test_hunspell_the_index_reads_the_files_as_hunspell_does(reading, tmp_path, monkeypatch):
    aff, dic, words, known = READINGS[reading]
    own_dictionary(tmp_path, monkeypatch, aff, dic)
    small, whole = small_and_whole(words)
    assert whole[known] is not Reason.NOT_IN_DICTIONARY  # the dictionary is read at all
    assert small == whole


@pytest.mark.slow
@needs_hunspell
@pytest.mark.parametrize("word", ["schoonschip", "biechthoren", "manklopen", "neerlopen", "donkerhouten", "oudergewoonte"])
def test_hunspell_a_compound_whose_parts_the_dic_holds_as_a_pair_gets_the_same_verdict(word, pairs):
    """Hunspell refuses a compound whose parts its .dic lists as two words ("schoon schip"),
    so those pairs are indexed under their letters without the blank."""
    assert pairs["nl_NL"].small_lookup(word) is pairs["nl_NL"].whole.lookup(word)


def test_hunspell_an_unchanged_dictionary_reuses_its_index(tmp_path, monkeypatch):
    aff, dic = dictionary_in(tmp_path)
    assert root_index(aff, dic) is not None

    def built_again(*args):
        raise AssertionError("the index was built again")

    monkeypatch.setattr(hunspell_roots, "index_body", built_again)
    kept = root_index(aff, dic)
    assert kept is not None and b"party" in kept.dic_for("parties")
