"""The compact index of a ``file:`` list in the user's cache folder (issue 10, point 8)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.lexicon import wordcache
from referee.lexicon.backend import WordFile
from referee.lexicon.reasons import Reason
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import fold


def write_list(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def index_files() -> list[Path]:
    folder = wordcache.cache_folder()
    return sorted(folder.glob("*.words")) if folder.is_dir() else []


def test_the_cache_folder_follows_xdg_cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert wordcache.cache_folder() == tmp_path / "xdg" / "referee" / "word-lists"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/not/allowed")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert wordcache.cache_folder() == tmp_path / "home" / ".cache" / "referee" / "word-lists"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert wordcache.cache_folder() == tmp_path / "home" / ".cache" / "referee" / "word-lists"


def test_the_first_use_of_a_file_list_writes_its_index_and_the_next_use_answers_from_it(tmp_path, monkeypatch):
    words = write_list(tmp_path / "words.txt", "# ours\nQat\nzax\nCafé\nqat\n")
    first = WordFile(words)
    assert isinstance(first._words, frozenset) and first.count == 3
    [index] = index_files()
    assert index == wordcache.cache_path(words)
    header, body = index.read_bytes().split(b"\n", 1)
    assert body == b"cafe\nqat\nzax\n"

    def no_reading(*args, **kwargs):
        raise AssertionError("the list was read although its index is good")

    monkeypatch.setattr("referee.lexicon.backend.read_bytes", no_reading)
    again = WordFile(words)
    assert isinstance(again._words, SortedWordFile) and again.count == 3
    assert [again.lookup(w) for w in ("qat", "cafe", "zax", "cat")] == [Reason.IN_DICTIONARY] * 3 + [
        Reason.NOT_IN_DICTIONARY
    ]
    assert set(again) == {"cafe", "qat", "zax"}


def test_the_index_is_rebuilt_when_the_list_changes(tmp_path):
    words = write_list(tmp_path / "words.txt", "qat\n")
    assert WordFile(words).lookup("qat") is Reason.IN_DICTIONARY
    before = words.stat()
    write_list(words, "zax\n")  # same size: only the time and the content tell
    os.utime(words, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000))
    changed = WordFile(words)
    assert (changed.lookup("qat"), changed.lookup("zax")) == (Reason.NOT_IN_DICTIONARY, Reason.IN_DICTIONARY)
    assert WordFile(words).lookup("zax") is Reason.IN_DICTIONARY  # and the new index is used next time
    assert len(index_files()) == 1


def test_a_touched_list_with_the_same_content_is_restamped_not_reindexed(tmp_path, monkeypatch):
    words = write_list(tmp_path / "words.txt", "qat\nzax\n")
    WordFile(words)
    os.utime(words, ns=(0, 10**18))
    monkeypatch.setattr("referee.lexicon.backend._lines", lambda text: (_ for _ in ()).throw(AssertionError("folded")))
    assert WordFile(words).lookup("zax") is Reason.IN_DICTIONARY
    assert wordcache.cached(words, words.stat()) is not None


def test_a_damaged_index_falls_back_to_the_list_and_is_rewritten(tmp_path):
    words = write_list(tmp_path / "words.txt", "qat\nzax\n")
    WordFile(words)
    index = wordcache.cache_path(words)
    for damage in (b"", b"garbage", index.read_bytes()[:-3], b"referee-word-list-index 1 x y z 1 1\nqat\n"):
        index.write_bytes(damage)
        dictionary = WordFile(words)
        assert (dictionary.lookup("zax"), dictionary.lookup("cat")) == (Reason.IN_DICTIONARY, Reason.NOT_IN_DICTIONARY)
        assert wordcache.cached(words, words.stat()) is not None


def test_an_unwritable_cache_folder_falls_back_to_the_list(tmp_path, monkeypatch, referee):
    blocker = write_list(tmp_path / "not-a-folder", "a file where the cache folder should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    words = write_list(tmp_path / "words.txt", "qat\n")
    assert WordFile(words).lookup("qat") is Reason.IN_DICTIONARY
    result = referee("dict", "check", "qat", "--dict", f"file:{words}", "--json")
    assert result.exit_code == 0 and result.json()["valid"] is True and result.stderr == ""
    assert not list(tmp_path.glob("**/*.tmp"))


def test_a_cache_file_that_cannot_be_read_falls_back_to_the_list(tmp_path):
    words = write_list(tmp_path / "words.txt", "qat\n")
    index = wordcache.cache_path(words)
    index.parent.mkdir(parents=True, exist_ok=True)
    index.mkdir()  # a folder where the index should be: cannot be read nor replaced
    assert WordFile(words).lookup("qat") is Reason.IN_DICTIONARY


def test_the_cli_answers_the_same_before_and_after_the_index_exists(tmp_path, referee):
    words = write_list(tmp_path / "words.txt", "qat\nzax\n")
    runs = [referee("dict", "check", word, "--dict", f"file:{words}", "--json") for word in ("qat", "cat", "qat", "cat")]
    assert [run.exit_code for run in runs] == [0, 1, 0, 1]
    assert runs[0].stdout == runs[2].stdout and runs[1].stdout == runs[3].stdout
    assert len(index_files()) == 1


STAMPS = itertools.count(1)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(alphabet="abcéxyzÅ' -", min_size=1, max_size=8), max_size=30), st.text(alphabet="abcéxyz", min_size=1, max_size=8))
def test_the_index_answers_exactly_like_the_list(tmp_path, entries, probe):
    words = write_list(tmp_path / "words.txt", "\n".join(entries) + "\n")
    os.utime(words, ns=(0, next(STAMPS) * 10**9))  # a new stamp for every example (tmp_path is shared)
    expected = {fold(entry.strip()) for entry in entries if fold(entry.strip())}
    fresh, cached = WordFile(words), WordFile(words)
    assert isinstance(cached._words, SortedWordFile)
    assert set(fresh) == set(cached) == expected and fresh.count == cached.count == len(expected)
    assert fresh.lookup(fold(probe)) is cached.lookup(fold(probe))


def test_a_list_of_comments_only_is_indexed_as_empty(tmp_path):
    words = write_list(tmp_path / "words.txt", "# nothing yet\n\n")
    assert (WordFile(words).count, WordFile(words).count) == (0, 0)
    assert WordFile(words).lookup("qat") is Reason.NOT_IN_DICTIONARY
    assert isinstance(WordFile(words)._words, SortedWordFile)
