"""What ``referee dict list`` and ``referee dict info NAME`` report: which dictionaries this
machine has, and where each one comes from (source, size, licence)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from referee.errors import InputError
from referee.lexicon.catalogue import builtin_name, split_name
from referee.lexicon.shipped import builtin_entry, builtin_names, folder, index

WORDFREQ_LICENCE = (
    "wordfreq's data: CC BY-SA 4.0, built from Wikipedia, OpenSubtitles, SUBTLEX, Google Books "
    "Ngrams, Reddit, Twitter and the web (see wordfreq's README); wordfreq's code: Apache-2.0"
)


@dataclass(frozen=True)
class Available:
    """One line of ``dict list``."""

    name: str
    kind: str
    what: str
    words: int | None = None
    bytes: int | None = None
    available: bool = True
    note: str = ""

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def available() -> list[Available]:
    """Every dictionary usable here, in the order ``dict list`` shows them."""
    found = [
        Available(f"builtin:{name}", "builtin", entry["what"], entry["words"], entry["bytes"])
        for name in builtin_names()
        for entry in [builtin_entry(name)]
    ]
    found += _hunspell()
    found.append(_wordfreq())
    found.append(Available("file:PATH", "file", "your own word list: one word a line, # comments"))
    return found


def _hunspell() -> list[Available]:
    from referee.lexicon import hunspell

    try:
        tags = hunspell.installed()
    except InputError as error:
        return [Available("hunspell:LANG", "hunspell", "Hunspell dictionaries", available=False, note=str(error))]
    if not tags:
        note = "none installed: apt-get install hunspell-en-us hunspell-en-gb hunspell-nl (Debian, Ubuntu)"
        return [Available("hunspell:LANG", "hunspell", "Hunspell dictionaries", available=False, note=note)]
    rows = []
    for tag in tags:
        path = hunspell.dic_file(tag)
        stems = _dic_stems(path) if path else None
        rows.append(
            Available(
                f"hunspell:{tag}", "hunspell", f"Hunspell dictionary {tag}", stems, _size(path), note=str(path or "")
            )
        )
    return rows


def _wordfreq() -> Available:
    from referee.lexicon import frequency

    what = "common words, at or above a Zipf frequency (default 3), also in builtin:LANG where one ships"
    try:
        languages = frequency.languages()
    except InputError as error:
        return Available("wordfreq:LANG[@ZIPF]", "wordfreq", what, available=False, note=str(error))
    return Available("wordfreq:LANG[@ZIPF]", "wordfreq", what, note="LANG: " + " ".join(languages))


def _size(path: Path | None) -> int | None:
    try:
        return path.stat().st_size if path else None
    except OSError:
        return None


def _dic_stems(path: Path) -> int | None:
    """The stem count on the first line of a Hunspell ``.dic`` file (word forms are more)."""
    try:
        with path.open("rb") as handle:
            return int(handle.readline().removeprefix(b"\xef\xbb\xbf").split()[0])
    except (OSError, ValueError, IndexError):
        return None


def provenance(name: str) -> dict[str, Any]:
    """Where the dictionary ``name`` comes from: source, size and licence."""
    kind, rest = split_name(name)
    if kind == "builtin":
        short = builtin_name(rest)
        entry = builtin_entry(short)
        return {
            "name": f"builtin:{short}",
            "kind": kind,
            "language": entry["language"],
            "what": entry["what"],
            "words": entry["words"],
            "bytes": entry["bytes"],
            "files": [str(folder() / file) for file in entry["files"]],
            "source": entry["source"],
            "licence": entry["licence"],
            "built_from": entry.get("built_from", index()["built_from"]),
        }
    if kind == "hunspell":
        return _hunspell_info(rest)
    if kind == "wordfreq":
        return _wordfreq_info(rest)
    return _file_info(rest)


def _hunspell_info(tag: str) -> dict[str, Any]:
    from referee.lexicon.hunspell import HunspellDictionary, debian_package, dic_file

    dictionary = HunspellDictionary(tag)  # an InputError naming the package if it is missing
    path = dic_file(dictionary.tag)
    package = debian_package(dictionary.tag)
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    licence = (
        f"see {copyright_file}" if copyright_file.is_file() else "see the licence of the package that installed it"
    )
    return {
        "name": dictionary.name,
        "kind": "hunspell",
        "language": dictionary.tag,
        "what": f"Hunspell dictionary {dictionary.tag}, through Enchant",
        "words": _dic_stems(path) if path else None,
        "bytes": _size(path),
        "files": [str(path)] if path else [],
        "source": f"the system's Hunspell dictionary (Debian package {package})",
        "licence": licence,
    }


def _wordfreq_info(spec: str) -> dict[str, Any]:
    from referee.lexicon.frequency import WordfreqDictionary, source_file

    dictionary = WordfreqDictionary(spec)
    try:
        version = metadata.version("wordfreq")
    except metadata.PackageNotFoundError:  # pragma: no cover - found above already
        version = "?"
    if dictionary.word_list:
        screened = f", also in {dictionary.word_list}: not proper nouns, acronyms, abbreviations or contractions"
    else:
        screened = f"; no word list of {dictionary.language} ships with referee, so names and acronyms are not screened"
    path = source_file(dictionary.language, dictionary.zipf)
    return {
        "name": dictionary.name,
        "kind": "wordfreq",
        "language": dictionary.language,
        "what": f"words at or above Zipf {dictionary.zipf:g} (once per {_per(dictionary.zipf)} words){screened}",
        "words": dictionary.count(),
        "bytes": _size(path),
        "files": [str(path)] if path else [],
        "source": f"wordfreq {version} (PyPI), its own data files; nothing is downloaded"
        + (f"; a word must also be in {dictionary.word_list}" if dictionary.word_list else ""),
        "licence": WORDFREQ_LICENCE,
    }


def _per(zipf: float) -> str:
    """Zipf z means 10**z times per billion words: once per 10**(9 - z) words."""
    return f"{10 ** (9 - zipf):,.0f}"


def _file_info(path_text: str) -> dict[str, Any]:
    from referee.lexicon.backend import WordFile

    path = Path(path_text).expanduser()
    words = WordFile(path, name=f"file:{path_text}")
    return {
        "name": words.name,
        "kind": "file",
        "language": None,
        "what": "the table's own word list",
        "words": words.count,
        "bytes": _size(path),
        "files": [str(path)],
        "source": str(path),
        "licence": "the table's own list",
    }
