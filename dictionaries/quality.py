#!/usr/bin/env python3
"""How good the shipped lists are: false rejects and false accepts on fixed samples.

Every sample is drawn from sources outside the shipped lists, the same on every run for
the same package versions (printed with the figures):

- **common words** (false rejects): wordfreq's 20,000 most common words of the language,
  3 letters or more, letters only, that every installed Hunspell dictionary of the
  language accepts as written (en_US *and* en_GB; nl_NL). A list that refuses one of
  them refuses a plain word.
- **names** (false accepts): of wordfreq's 50,000 most common words, those that the
  Hunspell dictionaries all know only capitalised (*gregory*, *zeeland*).
- **acronyms**: of the same 50,000, those they all know only in capitals (*nasa*).
- **abbreviations**: the entries of en_GB.dic (for English) or nl_NL.dic (Dutch)
  written with one final dot (*adj.*, *afb.*), without the dot, that the same dictionary
  does not know without it.
- **random strings**: 2,000 strings of 3 to 8 letters (seeded; letters drawn with their
  frequency in the language's common words) that no Hunspell dictionary of the
  language accepts in any case.
- **common, not English** (Dutch only): the common words that neither en_US nor en_GB
  accepts, the plainly Dutch ones (false rejects).
- **English words** (Dutch only): the English common words above that nl_NL does not
  know in any case (*coffee*, *nobody*).

A false accept is a sample word the list calls valid. Run from the repository root with
referee installed and the Hunspell dictionaries (hunspell-en-us, hunspell-en-gb,
hunspell-nl) present:

    python dictionaries/quality.py            # a table
    python dictionaries/quality.py --json     # the figures and the words behind them
    python dictionaries/quality.py --show 20  # and up to 20 of the words behind each figure

To compare with other lists, run it with another checkout of referee first on the path
(``PYTHONPATH=../old python dictionaries/quality.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.verdict import judge

LANGUAGES = {"en": ("en_US", "en_GB"), "nl": ("nl_NL",)}
LISTS = {"en": ("builtin:en", "builtin:en-large"), "nl": ("builtin:nl",)}
COMMON, WIDE, RANDOM = 20_000, 50_000, 2_000
SEARCH = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/local/share/hunspell")


def speller(tag: str) -> Any:
    """The raw Hunspell dictionary ``tag`` (not referee's: the samples must not depend on
    the referee being measured, so an older checkout can be measured on the same words)."""
    import enchant

    broker = enchant.Broker()
    broker.set_ordering(tag, "hunspell")
    return broker.request_dict(tag)


def inner_capitals(word: str) -> list[str]:
    """``eBay``, ``McDonald``: the word with one capital inside, with or without a first one."""
    found = []
    for i in range(1, len(word)):
        inside = word[:i] + word[i].upper() + word[i + 1 :]
        found += [inside, inside[0].upper() + inside[1:]]
    return found


def dic_file(tag: str) -> Path | None:
    return next((p for folder in SEARCH if (p := Path(folder) / f"{tag}.dic").is_file()), None)


def plain(word: str) -> bool:
    return len(word) >= 3 and word.isascii() and word.isalpha() and word.islower()


def known_case(check: Any, word: str) -> str | None:
    """'lower', 'capitalised', 'capitals' (only), or None: how a Hunspell dictionary knows ``word``."""
    if check(word):
        return "lower"
    if check(word.capitalize()):
        return "capitalised"
    if check(word.upper()) and not any(check(spelling) for spelling in inner_capitals(word)):
        return "capitals"
    return None


def samples(language: str) -> dict[str, list[str]]:
    from wordfreq import top_n_list

    checks = [speller(tag).check for tag in LANGUAGES[language]]
    common = [w for w in top_n_list(language, COMMON) if plain(w) and all(check(w) for check in checks)]
    wide = [w for w in top_n_list(language, WIDE) if plain(w)]
    names = [w for w in wide if all(known_case(check, w) == "capitalised" for check in checks)]
    acronyms = [w for w in wide if all(known_case(check, w) == "capitals" for check in checks)]
    dic = dic_file(LANGUAGES[language][-1])
    entries = dic.read_text(encoding="utf-8-sig").splitlines()[1:] if dic else []
    dotted = {e.split("/")[0] for e in entries}
    abbreviations = sorted(
        {
            letters
            for entry in dotted
            if entry.endswith(".") and entry.count(".") == 1
            and plain(letters := entry[:-1].lower()) and not checks[-1](letters)
        }
    )  # fmt: skip
    letters = Counter("".join(common))
    rng = random.Random(10)
    strings: list[str] = []
    while len(strings) < RANDOM:
        word = "".join(rng.choices(list(letters), weights=list(letters.values()), k=rng.randint(3, 8)))
        if word not in strings and all(known_case(check, word) is None for check in checks):
            strings.append(word)
    found = {
        "common words": common,
        "names": names,
        "acronyms": acronyms,
        "abbreviations": abbreviations,
        "random strings": strings,
    }
    if language == "nl":
        english = samples_common_english()
        english_checks = [speller(tag).check for tag in LANGUAGES["en"]]
        found["common, not English"] = [w for w in common if not any(check(w) for check in english_checks)]
        found["English words"] = [w for w in english if known_case(checks[0], w) is None]
    return found


def samples_common_english() -> list[str]:
    from wordfreq import top_n_list

    checks = [speller(tag).check for tag in LANGUAGES["en"]]
    return [w for w in top_n_list("en", COMMON) if plain(w) and all(check(w) for check in checks)]


def versions() -> dict[str, str]:
    from importlib.metadata import version

    found = {"wordfreq": version("wordfreq")}
    for package in ("hunspell-en-us", "hunspell-en-gb", "hunspell-nl"):
        try:
            done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
            found[package] = done.stdout.strip() or "unknown"
        except OSError:
            found[package] = "unknown"
    return found


def measure() -> dict[str, Any]:
    rows = []
    for language, names in LISTS.items():
        for sample, words in samples(language).items():
            for name in names:
                dictionary = open_dictionary(name)
                valid = [w for w in words if judge(w, dictionary).valid]
                wrong = [w for w in words if w not in set(valid)] if sample.startswith("common") else valid
                rows.append(
                    {
                        "list": name,
                        "sample": sample,
                        "kind": "false rejects" if sample.startswith("common") else "false accepts",
                        "size": len(words),
                        "wrong": len(wrong),
                        "percent": round(100 * len(wrong) / len(words), 2) if words else 0.0,
                        "words": wrong,
                    }
                )
    from referee.lexicon.shipped import folder

    return {"versions": versions(), "lists": str(folder()), "rows": rows}


def main() -> int:
    parser = argparse.ArgumentParser(prog="dictionaries/quality.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures and the words as JSON")
    parser.add_argument("--show", type=int, default=0, metavar="N", help="show up to N words behind each figure")
    args = parser.parse_args()
    report = measure()
    if args.json:
        print(json.dumps(report, indent=1, ensure_ascii=False))
        return 0
    print("lists: " + report["lists"])
    print(", ".join(f"{package} {version}" for package, version in report["versions"].items()) + "\n")
    print(f"{'list':<18} {'sample':<16} {'measure':<14} {'wrong':>13} {'%':>7}")
    for row in report["rows"]:
        print(
            f"{row['list']:<18} {row['sample']:<16} {row['kind']:<14} "
            f"{row['wrong']:>6} / {row['size']:<5} {row['percent']:>6.2f}"
        )
        if args.show and row["words"]:
            print("    " + " ".join(row["words"][: args.show]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
