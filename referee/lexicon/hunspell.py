"""``hunspell:LANG``: any Hunspell dictionary installed on this machine, through pyenchant.

Hunspell knows how a word is written, so the case it accepts tells why a word fails: a
word it knows only capitalised (``Paris``) is a proper noun, only in capitals (``NASA``)
an acronym. Players type without accents, so a word Hunspell knows only with them
(Dutch ``geëerd``) is found through its suggestions. Hunspell dictionaries also accept
abbreviations such as "etc", so words it accepts are screened with the shipped
classifier of their language.

Enchant may serve a language from another engine (Aspell); referee asks for the
Hunspell provider only, so ``hunspell:en_US`` means the Hunspell dictionary.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from referee.errors import InputError, quoted
from referee.lexicon.classifier import classifier
from referee.lexicon.reasons import Reason
from referee.lexicon.words import fold

PROVIDER = "hunspell"
# Debian packages named after language and region; every other language is hunspell-<lang>.
_REGIONAL_PACKAGES = {
    "de-at",
    "de-ch",
    "de-de",
    "en-au",
    "en-ca",
    "en-gb",
    "en-us",
    "en-za",
    "gl-es",
    "pt-br",
    "pt-pt",
    "sv-se",
}
_TAG = re.compile(r"([A-Za-z]{2,3})(?:[_-]([A-Za-z]{2,3}))?")
SEARCH_PATH = ("/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts", "/usr/local/share/hunspell")


def normalise_tag(text: str) -> str:
    """``en-us`` → ``en_US``; InputError if it cannot be a language tag."""
    match = _TAG.fullmatch(text.strip())
    if not match:
        raise InputError(f"{quoted(text)} is not a language tag; write it like en_US, en_GB or nl_NL")
    language, region = match.groups()
    return language.lower() + (f"_{region.upper()}" if region else "")


def debian_package(tag: str) -> str:
    """The Debian/Ubuntu package that ships the Hunspell dictionary ``tag``."""
    regional = tag.lower().replace("_", "-")
    return f"hunspell-{regional}" if regional in _REGIONAL_PACKAGES else f"hunspell-{tag.split('_')[0].lower()}"


def enchant_module() -> Any:
    """pyenchant, or an InputError naming what to install."""
    try:
        import enchant
    except ModuleNotFoundError:
        raise InputError("hunspell dictionaries need pyenchant: pip install pyenchant") from None
    except (ImportError, OSError):
        raise InputError(
            "hunspell dictionaries need the Enchant library, which is not installed: "
            "apt-get install libenchant-2-2 (Debian, Ubuntu)"
        ) from None
    return enchant


def installed() -> list[str]:
    """The tags of the Hunspell dictionaries Enchant finds here, sorted (needs pyenchant)."""
    broker = enchant_module().Broker()
    tags = [tag for tag, _ in broker.list_dicts()]
    for tag in tags:  # the system may prefer Aspell for some languages; ask for Hunspell
        broker.set_ordering(tag, PROVIDER)
    return sorted(tag for tag, provider in broker.list_dicts() if provider.name == PROVIDER)


def dic_file(tag: str) -> Path | None:
    """Where the ``.dic`` file of ``tag`` is, if it is in one of Hunspell's usual folders."""
    folders = [*os.environ.get("DICPATH", "").split(os.pathsep), *SEARCH_PATH]
    folders.append(str(Path.home() / ".config" / "enchant" / "hunspell"))
    for folder in folders:
        if folder and (candidate := Path(folder) / f"{tag}.dic").is_file():
            return candidate
    return None


class HunspellDictionary:
    """One installed Hunspell dictionary."""

    def __init__(self, tag: str) -> None:
        self.tag = normalise_tag(tag)
        self.name = f"hunspell:{self.tag}"
        enchant = enchant_module()
        broker = enchant.Broker()
        broker.set_ordering(self.tag, PROVIDER)
        try:
            self._dict = broker.request_dict(self.tag)
        except enchant.errors.Error:
            self._dict = None
        if self._dict is None or self._dict.provider.name != PROVIDER:
            raise InputError(self._missing_message())
        self._classifier = classifier(self.tag)

    def _missing_message(self) -> str:
        here = installed()
        message = f"no Hunspell dictionary {self.tag} is installed: apt-get install {debian_package(self.tag)} (Debian, Ubuntu)"
        return message + (f"; installed here: {', '.join(here)}" if here else "")

    def lookup(self, letters: str) -> Reason:
        check = self._dict.check
        if check(letters):
            return self._classifier.screen(letters)
        if check(letters.capitalize()):
            return Reason.PROPER_NOUN
        if check(letters.upper()):
            return Reason.ACRONYM
        for suggestion in self._dict.suggest(letters):  # known only with accents: geëerd
            if fold(suggestion) == letters:
                if suggestion.islower():
                    return self._classifier.screen(letters)
                return Reason.ACRONYM if suggestion.isupper() else Reason.PROPER_NOUN
        return self._classifier.explain_missing(letters)
