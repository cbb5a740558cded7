#!/usr/bin/env python3
"""Rebuild referee's shipped word lists from the Debian packages ``scowl`` and ``wdutch``.

Only someone refreshing the lists runs this; referee itself and its tests use the
committed files. From the repository root, with referee installed (the lists are folded
with referee's own ``fold``, so built words and typed words always compare alike):

    apt-get install scowl wdutch
    python dictionaries/build.py            # rewrite the lists in dictionaries/
    python dictionaries/build.py --check    # build into a temporary folder; exit 1 if any file differs

What goes into each list is fixed below (``EN_WORDS``, ``EN_CLASSES``, …) and
described in dictionaries/README.md; index.json records it with the word counts and
the package versions, and ``referee dict info NAME`` shows it.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from referee.lexicon.reasons import Reason
from referee.lexicon.words import MIN_LETTERS, fold

HERE = Path(__file__).resolve().parent
SCOWL = Path("/usr/share/dict/scowl")
DUTCH = Path("/usr/share/dict/nederlands")

# --- the recipe ----------------------------------------------------------------------------
# SCOWL names its files <spelling category>-<sub-category>.<size>. builtin:en takes the
# sub-category "words" of every English spelling (a table may spell colour or color) and
# of the variant categories 1 and 2 ("almost equal" and "generally considered acceptable"
# spellings), never variant_3 ("seldom used and may not even be considered correct").
EN_SPELLINGS = ("english", "american", "british", "british_z", "canadian", "australian")
EN_VARIANTS = (
    "variant_1", "variant_2",
    "british_variant_1", "british_variant_2",
    "canadian_variant_1", "canadian_variant_2",
    "australian_variant_1", "australian_variant_2",
)  # fmt: skip
EN_WORDS = EN_SPELLINGS + EN_VARIANTS
EN_SIZE, EN_LARGE_SIZE = 70, 80
# The classifier names why a word that is not a playable word fails: SCOWL's "upper"
# (capitalised words common enough for a dictionary), "proper-names", "abbreviations"
# (abbreviations and acronyms) and "contractions", of every category, up to size 80.
EN_CLASSES = ("upper", "proper-names", "abbreviations", "contractions")
EN_CLASS_SIZE = 80
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)

PLAYABLE = re.compile(r"[a-z]+")
# When one folded spelling is in several classes, the first class here names it.
PRIORITY = (Reason.ACRONYM, Reason.ABBREVIATION, Reason.PROPER_NOUN, Reason.CONTRACTION)
CLASS_FILES = {
    Reason.PROPER_NOUN: "proper-nouns",
    Reason.ACRONYM: "acronyms",
    Reason.ABBREVIATION: "abbreviations",
    Reason.CONTRACTION: "contractions",
    Reason.PREFIX_OR_SUFFIX: "affixes",  # written by hand; the build only sorts and folds it
}

LICENCE_SCOWL = (
    "SCOWL: permission to use, copy, modify, distribute and sell, with the copyright "
    "notice kept (MIT-like; parts public domain and from the Princeton WordNet licence); "
    "see LICENSE-scowl.txt"
)
LICENCE_DUTCH = "OpenTaal word list: BSD (revised) or CC BY 3.0, at your choice; see LICENSE-wdutch.txt"


# --- reading the sources -------------------------------------------------------------------


def scowl_files(categories: Iterable[str], subcategories: Iterable[str], max_size: int) -> list[Path]:
    names = [
        f"{category}-{sub}.{size}"
        for category in categories
        for sub in subcategories
        for size in SIZES
        if size <= max_size
    ]
    return [SCOWL / name for name in names if (SCOWL / name).is_file()]


def entries(paths: Iterable[Path]) -> Iterator[tuple[Path, str]]:
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield path, line.strip()


def playable(entry: str) -> str | None:
    """The folded word, if the entry is a playable word: lower case letters only, 3 or more."""
    if any(c.isupper() for c in entry):
        return None  # a proper name, an acronym or a word only ever written capitalised
    folded = fold(entry)
    return folded if PLAYABLE.fullmatch(folded) and len(folded) >= MIN_LETTERS else None


def classify(entry: str, kind: str) -> tuple[str, Reason] | None:
    """(folded letters, class) of an entry that is not a playable word, or None to skip it.

    ``kind`` is the SCOWL sub-category the entry comes from: ``contractions``,
    ``abbreviations`` (abbreviations and acronyms) or ``names`` (upper, proper-names).
    """
    capitals = sum(c.isupper() for c in entry)
    if kind == "contractions":
        letters, reason = fold(entry.replace("'", "").replace("’", "")), Reason.CONTRACTION
    elif "." in entry:
        letters, reason = fold(entry.replace(".", "")), Reason.ABBREVIATION
    elif capitals == len(entry) > 1:
        letters, reason = fold(entry), Reason.ACRONYM
    elif kind == "abbreviations":
        letters, reason = fold(entry), Reason.ABBREVIATION
    elif capitals:
        letters, reason = fold(entry), Reason.PROPER_NOUN
    else:
        return None
    if not PLAYABLE.fullmatch(letters) or len(letters) < MIN_LETTERS:
        return None  # possessives, hyphenated names, digits: the shape of the input says it all
    return letters, reason


def classes(found: Iterable[tuple[str, Reason]], words: set[str]) -> dict[Reason, set[str]]:
    """One class per spelling, never a word of ``words``: a name that is also a word is a word."""
    best: dict[str, Reason] = {}
    for letters, reason in found:
        if letters in words:
            continue
        if letters not in best or PRIORITY.index(reason) < PRIORITY.index(best[letters]):
            best[letters] = reason
    out: dict[Reason, set[str]] = {reason: set() for reason in PRIORITY}
    for letters, reason in best.items():
        out[reason].add(letters)
    return out


def english() -> tuple[set[str], set[str], dict[Reason, set[str]], dict[str, object]]:
    words = {w for _, e in entries(scowl_files(EN_WORDS, ["words"], EN_SIZE)) if (w := playable(e))}
    large = {w for _, e in entries(scowl_files(EN_WORDS, ["words"], EN_LARGE_SIZE)) if (w := playable(e))}
    every_category = sorted({p.name.split("-")[0] for p in SCOWL.glob("*-*.*") if not p.name.startswith("special")})
    found = []
    for path, entry in entries(scowl_files(every_category, EN_CLASSES, EN_CLASS_SIZE)):
        sub = path.name.split("-", 1)[1].rsplit(".", 1)[0]
        item = classify(entry, sub if sub in ("contractions", "abbreviations") else "names")
        if item:
            found.append(item)
    recipe = {
        "words": f"SCOWL <category>-words.<size> for the categories {', '.join(EN_WORDS)}",
        "classes": f"SCOWL <category>-{{{','.join(EN_CLASSES)}}}.<size> of every category, sizes up to {EN_CLASS_SIZE}",
    }
    return words, large, classes(found, words), recipe


def dutch() -> tuple[set[str], dict[Reason, set[str]]]:
    lines = [line.strip() for line in DUTCH.read_text(encoding="utf-8").splitlines() if line.strip()]
    words = {w for line in lines if (w := playable(line))}
    found = [item for line in lines if (item := classify(line, "names"))]
    return words, classes(found, words)


def package_version(name: str) -> str:
    try:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name], capture_output=True, text=True)
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


# --- writing -------------------------------------------------------------------------------


def write_list(folder: Path, name: str, words: Iterable[str]) -> dict[str, object]:
    data = sorted({w.encode("utf-8") for w in words})
    (folder / name).write_bytes(b"".join(w + b"\n" for w in data))
    return {"file": name, "words": len(data), "bytes": (folder / name).stat().st_size}


def affixes(language: str) -> set[str]:
    """The hand-written prefixes and suffixes (in HERE, so a rebuild keeps them)."""
    path = HERE / f"{language}-affixes.txt"
    found = {fold(line.strip().strip("-")) for line in path.read_text(encoding="utf-8").splitlines()}
    return {affix for affix in found if len(affix) >= MIN_LETTERS}


def build(folder: Path) -> dict[str, object]:
    en_words, en_large, en_classes, en_recipe = english()
    nl_words, nl_classes = dutch()
    en = write_list(folder, "en.txt", en_words)
    extra = write_list(folder, "en-large.txt", en_large - en_words)
    nl = write_list(folder, "nl.txt", nl_words)
    scowl, wdutch = package_version("scowl"), package_version("wdutch")
    index: dict[str, object] = {
        "format": 1,
        "built_from": {"scowl": scowl, "wdutch": wdutch},
        "dictionaries": {
            "en": {
                "language": "en",
                "files": ["en.txt"],
                "words": en["words"],
                "bytes": en["bytes"],
                "what": f"English words, SCOWL up to size {EN_SIZE}: American, British, Canadian and "
                "Australian spellings and their common variants",
                "source": f"{en_recipe['words']}, sizes up to {EN_SIZE}, from the Debian package scowl {scowl}; "
                "lower-case entries only, accents folded, 3 letters or more",
                "licence": LICENCE_SCOWL,
                "built_from": {"scowl": scowl},
            },
            "en-large": {
                "language": "en",
                "files": ["en.txt", "en-large.txt"],
                "words": en["words"] + extra["words"],
                "bytes": en["bytes"] + extra["bytes"],
                "what": f"builtin:en plus the rarer words of SCOWL size {EN_LARGE_SIZE}, such as qat and zax",
                "source": f"{en_recipe['words']}, sizes up to {EN_LARGE_SIZE}, from the Debian package scowl {scowl}; "
                "en-large.txt holds the words not already in en.txt",
                "licence": LICENCE_SCOWL,
                "built_from": {"scowl": scowl},
            },
            "nl": {
                "language": "nl",
                "files": ["nl.txt"],
                "words": nl["words"],
                "bytes": nl["bytes"],
                "what": "Dutch words, the OpenTaal word list",
                "source": f"/usr/share/dict/nederlands from the Debian package wdutch {wdutch} (OpenTaal); "
                "lower-case entries only, accents folded, 3 letters or more",
                "licence": LICENCE_DUTCH,
                "built_from": {"wdutch": wdutch},
            },
        },
        "classifiers": {},
    }
    for language, found in (("en", en_classes), ("nl", nl_classes)):
        found = {**found, Reason.PREFIX_OR_SUFFIX: affixes(language)}
        index["classifiers"][language] = {  # type: ignore[index]
            reason.value: write_list(folder, f"{language}-{CLASS_FILES[reason]}.txt", found[reason])
            for reason in (*PRIORITY, Reason.PREFIX_OR_SUFFIX)
            if found[reason]
        }
    index["classifiers"]["en"]["source"] = en_recipe["classes"]  # type: ignore[index]
    index["classifiers"]["nl"]["source"] = (  # type: ignore[index]
        "wdutch entries: with dots → abbreviation, all capitals → acronym, other capitalised → proper noun"
    )
    shutil.copyfile("/usr/share/doc/scowl/copyright", folder / "LICENSE-scowl.txt")
    shutil.copyfile("/usr/share/doc/wdutch/copyright", folder / "LICENSE-wdutch.txt")
    (folder / "index.json").write_text(json.dumps(index, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return index


def main() -> int:
    parser = argparse.ArgumentParser(prog="dictionaries/build.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="build into a temporary folder and compare")
    args = parser.parse_args()
    for needed, package in ((SCOWL, "scowl"), (DUTCH, "wdutch")):
        if not needed.exists():
            sys.exit(f"dictionaries/build.py: {needed} is missing; apt-get install {package}")
    if not args.check:
        index = build(HERE)
        print(json.dumps(index, indent=2, ensure_ascii=False))
        return 0
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        build(folder)
        different = [
            p.name
            for p in sorted(folder.iterdir())
            if not (HERE / p.name).is_file() or not filecmp.cmp(p, HERE / p.name, shallow=False)
        ]
    print("different: " + ", ".join(different) if different else "all lists are up to date")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
