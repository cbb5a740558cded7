#!/usr/bin/env python3
"""Rebuild referee's shipped word lists from the Debian packages ``scowl`` and ``wdutch``.

Only someone refreshing the lists runs this; referee itself and its tests use the
committed files. From the repository root, with referee installed (the lists are folded
with referee's own ``fold``, so built words and typed words always compare alike). The
Hunspell dictionaries and wordfreq (a dependency of referee) only filter: they decide
which SCOWL and OpenTaal entries stay, and their versions are recorded in index.json:

    apt-get install scowl wdutch libenchant-2-2 hunspell-en-us hunspell-en-gb hunspell-nl
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

# --- corrections (issue 10) ---
# SCOWL files everyday clipped words under "abbreviations". One that takes a plural in the
# list (app, apps) and that Hunspell en_US or en_GB knows in lower case is a word, the rule
# hunspell:LANG applies; a stem ending in s is left alone (mos + s is moss, not a plural).
# These everyday words were found by reading the abbreviation and affix lists by hand:
EN_EVERYDAY = "admin admins bro bros dev devs diff fam maths max med meds meta prog rec reg vocab".split()
# Reasons SCOWL does not give, written by hand: the 's contractions, chat and sports
# acronyms, chat and unit abbreviations, and the months and days (SCOWL has Jan and Feb
# as names only). Words of the list are never classified (mar, sat, sun, wed stay words).
EN_HAND_CLASSES = {
    # SCOWL keeps that's, who's among the words (like cat's), not the contractions
    Reason.CONTRACTION: "thats theres whos whats heres hows wheres whens whys hes shes todays".split(),
    Reason.ACRONYM: "omg wtf lol lmao rofl btw fyi idk imo imho tbh brb afaik irl smh fifa uefa nba nfl nhl".split(),
    Reason.ABBREVIATION: (
        "pls plz thx thnx kgs mgmt govt approx "
        "jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun"
    ).split(),
}
# builtin:en-large: a size-80 word that SCOWL also lists as a name, acronym or
# abbreviation (or that is on the hand lists above) and that neither Hunspell dictionary
# knows in lower case is left out (gregory, paris, ufo). So are these run-together
# mistakes, found by hand among the size-80 words that split into two common words
# (a rule found too many real compounds Hunspell lacks: countertop, treehouse):
EN_HUNSPELL = ("en_US", "en_GB")
EN_RUN_TOGETHER = "afterall airforce aswell fulltime highschool longterm nevermind thankyou tobe".split()
# builtin:nl: an entry that Hunspell nl_NL (OpenTaal's own spelling dictionary) does not
# accept in lower case is dropped (zeeland, misspellings the list keeps: verassing, and
# the slurs OpenTaal forbids); so is an entry written without accents that is a common
# word of builtin:en (wordfreq Zipf >= ENGLISH_ZIPF in English) and far more frequent in
# English than in Dutch (at least ENGLISH_MARGIN more, and under DUTCH_ZIPF in Dutch):
# coffee, nobody, wrong. Words both languages share (consonant, coëfficiënt, computer)
# stay.
NL_HUNSPELL = "nl_NL"
ENGLISH_ZIPF, ENGLISH_MARGIN, DUTCH_ZIPF = 3.5, 1.3, 3.5

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


def speller(tag: str):  # noqa: ANN201 - an Enchant dictionary
    """The whole Hunspell dictionary ``tag`` (its ``check`` is Hunspell's own)."""
    from referee.lexicon.hunspell import HunspellDictionary

    return HunspellDictionary(tag).speller()


def takes_a_plural(stem: str, words: set[str]) -> bool:
    return not stem.endswith("s") and stem + "s" in words


def english() -> tuple[set[str], set[str], dict[Reason, set[str]], dict[str, object]]:
    spellers = [speller(tag) for tag in EN_HUNSPELL]

    def hunspell_lower(word: str) -> bool:
        return any(s.check(word) for s in spellers)

    words = {w for _, e in entries(scowl_files(EN_WORDS, ["words"], EN_SIZE)) if (w := playable(e))}
    large = {w for _, e in entries(scowl_files(EN_WORDS, ["words"], EN_LARGE_SIZE)) if (w := playable(e))}
    every_category = sorted({p.name.split("-")[0] for p in SCOWL.glob("*-*.*") if not p.name.startswith("special")})
    found = []
    for path, entry in entries(scowl_files(every_category, EN_CLASSES, EN_CLASS_SIZE)):
        sub = path.name.split("-", 1)[1].rsplit(".", 1)[0]
        item = classify(entry, sub if sub in ("contractions", "abbreviations") else "names")
        if item:
            found.append(item)
    # Clipped words that are words: the plural rule, then the words read by hand.
    abbreviations = {letters for letters, reason in found if reason is Reason.ABBREVIATION}
    clipped = {a for a in abbreviations if takes_a_plural(a, words) and hunspell_lower(a)}
    words |= clipped | set(EN_EVERYDAY)
    found += [(letters, reason) for reason, spellings in EN_HAND_CLASSES.items() for letters in spellings]
    # en-large: no names, acronyms or abbreviations Hunspell does not know as words, no run-together mistakes
    classified = {letters for letters, _ in found}
    extra = large - words
    names = {w for w in extra if w in classified and not hunspell_lower(w)}
    mistakes = extra & set(EN_RUN_TOGETHER)
    large = (large | words) - names - mistakes
    recipe = {
        "words": f"SCOWL <category>-words.<size> for the categories {', '.join(EN_WORDS)}",
        "classes": f"SCOWL <category>-{{{','.join(EN_CLASSES)}}}.<size> of every category, sizes up to {EN_CLASS_SIZE}, "
        "and the contractions, acronyms and abbreviations written by hand in dictionaries/build.py",
        "corrections": f"{len(clipped)} clipped words SCOWL calls abbreviations that take a plural and Hunspell "
        f"knows in lower case, and {len(EN_EVERYDAY)} written by hand, are words; en-large leaves out "
        f"{len(names)} names, acronyms and abbreviations and {len(mistakes)} run-together words",
    }
    return words, large, classes(found, words), recipe


def dutch() -> tuple[set[str], dict[Reason, set[str]], dict[str, int]]:
    from wordfreq import zipf_frequency

    check = speller(NL_HUNSPELL).check
    english_words = {w for _, e in entries(scowl_files(EN_WORDS, ["words"], EN_SIZE)) if (w := playable(e))}
    lines = [line.strip() for line in DUTCH.read_text(encoding="utf-8").splitlines() if line.strip()]
    folded = {line: playable(line) for line in lines}  # each line folded once
    unknown = {line for line in lines if folded[line] and not check(line)}
    kept = [line for line in lines if line not in unknown]
    words = {w for line in kept if (w := folded[line])}
    english = {
        w for line in kept
        if (w := folded[line]) == line and w in english_words and zipf_frequency(w, "en") >= ENGLISH_ZIPF
        and zipf_frequency(w, "nl") < DUTCH_ZIPF and zipf_frequency(w, "en") - zipf_frequency(w, "nl") >= ENGLISH_MARGIN
    }  # fmt: skip
    english -= {w for line in kept if (w := folded[line]) and w != line}  # also written with accents: cafe
    words -= english
    found = [item for line in lines if (item := classify(line, "names"))]
    return words, classes(found, words), {"unknown": len(unknown), "english": len(english)}


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


def filters() -> dict[str, str]:
    """The versions of what filters the lists: the Hunspell dictionaries and wordfreq."""
    from importlib.metadata import version

    found = {package: package_version(package) for package in ("hunspell-en-us", "hunspell-en-gb", "hunspell-nl")}
    return {**found, "wordfreq": version("wordfreq")}


def build(folder: Path) -> dict[str, object]:
    en_words, en_large, en_classes, en_recipe = english()
    nl_words, nl_classes, nl_dropped = dutch()
    en = write_list(folder, "en.txt", en_words)
    extra = write_list(folder, "en-large.txt", en_large - en_words)
    nl = write_list(folder, "nl.txt", nl_words)
    scowl, wdutch = package_version("scowl"), package_version("wdutch")
    filtered_by = filters()
    index: dict[str, object] = {
        "format": 1,
        "built_from": {"scowl": scowl, "wdutch": wdutch, **filtered_by},
        "dictionaries": {
            "en": {
                "language": "en",
                "files": ["en.txt"],
                "words": en["words"],
                "bytes": en["bytes"],
                "what": f"English words, SCOWL up to size {EN_SIZE}: American, British, Canadian and "
                "Australian spellings and their common variants",
                "source": f"{en_recipe['words']}, sizes up to {EN_SIZE}, from the Debian package scowl {scowl}; "
                "lower-case entries only, accents folded, 3 letters or more; " + en_recipe["corrections"],
                "licence": LICENCE_SCOWL,
                "built_from": {"scowl": scowl, **filtered_by},
            },
            "en-large": {
                "language": "en",
                "files": ["en.txt", "en-large.txt"],
                "words": en["words"] + extra["words"],
                "bytes": en["bytes"] + extra["bytes"],
                "what": f"builtin:en plus the rarer words of SCOWL size {EN_LARGE_SIZE}, such as qat and zax",
                "source": f"{en_recipe['words']}, sizes up to {EN_LARGE_SIZE}, from the Debian package scowl {scowl}; "
                "en-large.txt holds the words not already in en.txt; " + en_recipe["corrections"],
                "licence": LICENCE_SCOWL,
                "built_from": {"scowl": scowl, **filtered_by},
            },
            "nl": {
                "language": "nl",
                "files": ["nl.txt"],
                "words": nl["words"],
                "bytes": nl["bytes"],
                "what": "Dutch words, the OpenTaal word list",
                "source": f"/usr/share/dict/nederlands from the Debian package wdutch {wdutch} (OpenTaal); "
                "lower-case entries only, accents folded, 3 letters or more; less "
                f"{nl_dropped['unknown']} that Hunspell {NL_HUNSPELL} refuses (zeeland, misspellings) and "
                f"{nl_dropped['english']} English words (coffee, nobody)",
                "licence": LICENCE_DUTCH,
                "built_from": {"wdutch": wdutch, "hunspell-nl": filtered_by["hunspell-nl"], "wordfreq": filtered_by["wordfreq"]},
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
    from referee.errors import InputError

    try:
        for tag in (*EN_HUNSPELL, NL_HUNSPELL):
            speller(tag)
    except InputError as error:
        sys.exit(f"dictionaries/build.py: {error}")
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
