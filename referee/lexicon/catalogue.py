"""Dictionary names (``builtin:en``, ``hunspell:en_US``, ``wordfreq:nl@3.5``, ``file:PATH``)
and opening the dictionary a name stands for (SPEC §5.2).

Each kind's module is imported only when its kind is asked for, so a challenge against
``builtin:en`` never loads pyenchant or wordfreq.
"""

from __future__ import annotations

from pathlib import Path

from referee.errors import InputError, choose, nearest, quoted
from referee.lexicon.backend import BuiltinList, Dictionary, HouseList, WithHouse, WordFile
from referee.lexicon.classifier import classifier
from referee.lexicon.shipped import LANGUAGE_NAMES, builtin_entry, builtin_names, folder
from referee.i18n import _

DEFAULT = "builtin:en"
KINDS = ("builtin", "hunspell", "wordfreq", "file")
FORMS = "builtin:en, builtin:en-large, builtin:nl, hunspell:LANG, wordfreq:LANG[@ZIPF] or file:PATH"

EXAMPLES = {"hunspell": "hunspell:en_US", "wordfreq": "wordfreq:en or wordfreq:en@3.5", "file": "file:words.txt"}


def closest_builtin(text: str) -> str | None:
    """The shipped list a name most likely means: ``en-larg`` → ``en-large``, ``english`` or
    ``en_US`` → ``en``; None when nothing is close."""
    names = builtin_names()
    folded = text.strip().lower()
    if folded in names:
        return folded
    if folded in LANGUAGE_NAMES:
        return LANGUAGE_NAMES[folded] if LANGUAGE_NAMES[folded] in names else None
    language = folded.replace("-", "_").split("_")[0]
    return nearest(folded, names) or (language if language in names else None)


def split_name(name: str) -> tuple[str, str]:
    """``"Hunspell:en_US"`` → ("hunspell", "en_US"); InputError for a name of no known kind."""
    kind, colon, rest = name.strip().partition(":")
    if not colon:
        if kind.strip().lower() == "builtin":
            hint = _("did you mean {name}?").format(name=DEFAULT)
        elif kind.strip().lower() in KINDS:
            hint = _("name which one, e.g. {examples}").format(examples=EXAMPLES[kind.strip().lower()])
        else:
            guess = closest_builtin(kind)
            hint = _("did you mean {name}?").format(name=f"builtin:{guess}") if guess else _("name it as {forms}").format(forms=FORMS)
        raise InputError(_("unknown dictionary {name} — {hint}").format(name=quoted(name), hint=hint))
    kind = choose(kind, KINDS, "dictionary kind")
    if not rest.strip():
        raise InputError(_("{name} names no dictionary after {kind}: — name it as {forms}").format(name=quoted(name), kind=kind, forms=FORMS))
    return kind, rest.strip()


def builtin_name(rest: str) -> str:
    """``EN`` → ``en``; InputError with the nearest name otherwise."""
    guess = closest_builtin(rest)
    if guess is not None and rest.strip().lower() != guess:
        raise InputError(_("unknown built-in dictionary {name} — did you mean {guess}?").format(name=quoted(rest), guess=f"builtin:{guess}"))
    return choose(rest.strip(), builtin_names(), "built-in dictionary")


def open_dictionary(name: str = DEFAULT, house: Path | None = None) -> Dictionary:
    """The dictionary ``name`` stands for, with the house list ``house`` on top."""
    kind, rest = split_name(name)
    dictionary: Dictionary
    if kind == "builtin":
        short = builtin_name(rest)
        entry = builtin_entry(short)
        files = [folder() / file for file in entry["files"]]
        dictionary = BuiltinList(f"builtin:{short}", files, classifier(entry["language"]))
    elif kind == "hunspell":
        from referee.lexicon.hunspell import HunspellDictionary

        dictionary = HunspellDictionary(rest)
    elif kind == "wordfreq":
        from referee.lexicon.frequency import WordfreqDictionary

        dictionary = WordfreqDictionary(rest)
    else:  # file:PATH; the shell does not expand ~ after "file:", so expand it here
        dictionary = WordFile(Path(rest).expanduser(), name=f"file:{rest}")
    if house is not None:
        dictionary = WithHouse(dictionary, HouseList(house))
    return dictionary
