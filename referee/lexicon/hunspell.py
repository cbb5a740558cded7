"""``hunspell:LANG``: any Hunspell dictionary installed on this machine, through pyenchant.

Hunspell knows how a word is written, so the case it knows decides why a word fails
(SPEC §5.2): a word it knows only capitalised (``Paris``) or in mixed case (``McDonald``,
``eBay``) is a proper noun, only in capitals (``NASA``) an acronym. Players type without
accents, so a word Hunspell knows only with them (Dutch ``geëerd``) is found by checking
its spellings with one accented letter. All of it is plain spell checks: Hunspell's
suggestions cost 30–100 ms a word and are never asked. The shipped classifier lists of
the language only add what case cannot tell (see :meth:`HunspellDictionary.lookup`).

Enchant may serve a language from another engine (Aspell); referee asks for the
Hunspell provider only, so ``hunspell:en_US`` means the Hunspell dictionary.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.errors import InputError, quoted
from referee.lexicon.classifier import classifier
from referee.lexicon.reasons import Reason
from referee.lexicon.words import fold
from referee.i18n import _

if TYPE_CHECKING:
    from referee.lexicon.hunspell_roots import RootIndex

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
# The plural endings of the languages with shipped lists (English and Dutch -s, English -es).
PLURAL_ENDINGS = ("s", "es")
# Folders Enchant's Hunspell provider also reads, after the XDG data folders' hunspell/.
LEGACY_FOLDERS = ("/usr/share/myspell", "/usr/share/myspell/dicts")


def normalise_tag(text: str) -> str:
    """``en-us`` → ``en_US``; InputError if it cannot be a language tag."""
    match = _TAG.fullmatch(text.strip())
    if not match:
        raise InputError(_("{tag} is not a language tag; write it like en_US, en_GB or nl_NL").format(tag=quoted(text)))
    language, region = match.groups()
    return language.lower() + (f"_{region.upper()}" if region else "")


def debian_package(tag: str) -> str:
    """The Debian/Ubuntu package that ships the Hunspell dictionary ``tag``."""
    regional = tag.lower().replace("_", "-")
    return f"hunspell-{regional}" if regional in _REGIONAL_PACKAGES else f"hunspell-{tag.split('_')[0].lower()}"


def enchant_module() -> Any:
    """pyenchant, or an InputError naming what to install."""
    try:
        import enchant  # deferred: enchant costs start-up
    except ModuleNotFoundError:
        raise InputError(_("hunspell dictionaries need pyenchant: pip install pyenchant")) from None
    except (ImportError, OSError, AssertionError) as error:
        # pyenchant raises ImportError when it finds no C library, OSError when the one it
        # finds does not load, and AssertionError when PYENCHANT_LIBRARY_PATH names no file.
        where = os.environ.get("PYENCHANT_LIBRARY_PATH")
        detail = f" (PYENCHANT_LIBRARY_PATH={where})" if isinstance(error, AssertionError) and where else ""
        message = _("hunspell dictionaries need the Enchant library, which cannot be loaded{detail}: apt-get install libenchant-2-2 (Debian, Ubuntu)")
        raise InputError(message.format(detail=detail)) from None
    return enchant


def installed() -> list[str]:
    """The tags of the Hunspell dictionaries Enchant finds here, sorted (needs pyenchant)."""
    broker = enchant_module().Broker()
    tags = [tag for tag, _ in broker.list_dicts()]
    for tag in tags:  # the system may prefer Aspell for some languages; ask for Hunspell
        broker.set_ordering(tag, PROVIDER)
    return sorted(tag for tag, provider in broker.list_dicts() if provider.name == PROVIDER)


def dictionary_folders() -> list[Path]:
    """Where Enchant's Hunspell provider looks for dictionaries, in its order: the user's
    Enchant folder (``$ENCHANT_CONFIG_DIR``, then ``$XDG_CONFIG_HOME/enchant``, else
    ``~/.config/enchant``), then each XDG data folder (``/usr/local/share``, ``/usr/share``),
    each with ``hunspell/`` inside, then the old myspell folders."""
    user = [os.environ.get("ENCHANT_CONFIG_DIR", "")]
    config = os.environ.get("XDG_CONFIG_HOME", "")
    user.append(os.path.join(config if os.path.isabs(config) else os.path.join(Path.home(), ".config"), "enchant"))
    data = os.environ.get("XDG_DATA_DIRS", "") or "/usr/local/share:/usr/share"
    return [Path(folder) / "hunspell" for folder in [*user, *data.split(os.pathsep)] if folder] + [Path(f) for f in LEGACY_FOLDERS]


def dic_file(tag: str) -> Path | None:
    """The ``.dic`` file of ``tag`` Enchant would open, if it is in one of its folders."""
    for folder in dictionary_folders():
        if (candidate := folder / f"{tag}.dic").is_file():
            return candidate
    return None


def _accents() -> dict[str, str]:
    """Each plain letter and the accented lower-case letters that fold to it (``e``: ``éèêë…``)."""
    found: dict[str, str] = {}
    for code in range(0xC0, 0x250):
        char = chr(code)
        if char.islower() and len(base := fold(char)) == 1 and base != char and base.isascii():
            found[base] = found.get(base, "") + char
    return found


ACCENTS = _accents()


def accented(letters: str) -> Iterator[str]:
    """``letters`` with one letter accented, every way (``geeerd`` → ``gèeerd``, …, ``geëerd``, …).

    Players type without accents, so a word Hunspell knows only with them is found by
    checking these spellings. One accent covers nearly every such word (*geëerd*,
    *ruïne*, *café*, *façade*); a word that needs two and is not also a word without
    them (*protégé*) is not found.
    """
    for i, letter in enumerate(letters):
        for mark in ACCENTS.get(letter, ""):
            yield letters[:i] + mark + letters[i + 1 :]


def inner_capitals(letters: str) -> Iterator[str]:
    """``letters`` with capitals inside, with or without a capital first: one capital
    (``eBay``, ``iPhone``, ``McDonald``, ``PhD``, ``MacArthur``) or capitals to the end
    (``PostNL``)."""
    for i in range(1, len(letters)):
        one, to_the_end = letters[:i] + letters[i].upper() + letters[i + 1 :], letters[:i] + letters[i:].upper()
        for inside in (one, to_the_end) if i > 1 else (one,):  # NASA is no capital inside
            yield inside
            yield inside[0].upper() + inside[1:]


# One-word dictionaries opened before the whole one is: a challenge needs one; a long
# list of words (`dict check`, `spell best`) is better served by the whole dictionary.
SMALL_OPENS = 3


Check = Callable[[str], bool]  # Hunspell's check of one spelling


def _accented(check: Check, letters: str, case: Callable[[str], str]) -> bool:
    """Whether Hunspell knows ``letters`` with one accented letter (``geëerd``,
    ``Curaçao``), written in ``case`` (``str.lower`` or ``str.capitalize``)."""
    return any(check(case(spelling)) for spelling in accented(letters))


class HunspellDictionary:
    """One installed Hunspell dictionary.

    A word is checked against Hunspell itself, given the language's ``.aff`` and either the
    whole ``.dic`` or, for the first few words, only the roots that can take part in
    checking that word (:mod:`referee.lexicon.hunspell_roots`; the answer is the same and
    Hunspell starts in a few milliseconds instead of 20–60). Enchant is pointed at a folder
    of referee's own holding just those two files, so a personal word list someone keeps
    for Enchant never counts: ``hunspell:en_US`` is the Hunspell dictionary alone. A
    dictionary Enchant knows from elsewhere is opened the way Enchant finds it.
    """

    def __init__(self, tag: str) -> None:
        self.tag = normalise_tag(tag)
        self.name = f"hunspell:{self.tag}"
        enchant_module()  # pyenchant and the Enchant library are there, or say what to install
        dic = dic_file(self.tag)
        self._files = (dic.with_suffix(".aff"), dic) if dic is not None and dic.with_suffix(".aff").is_file() else None
        self._whole: Any = None
        self._small_opens = 0
        self._roots: RootIndex | None = None
        self._roots_read = False
        if self._files is None:
            self._whole = self._request(enchant_module())
        self._classifier = classifier(self.tag)

    def speller(self, letters: str | None = None) -> Any:
        """The Enchant dictionary to check ``letters`` with: the whole one, or (for the first
        few words) one of only the roots that can take part in checking ``letters``."""
        if self._whole is None and letters is not None and self._small_opens < SMALL_OPENS:
            if not self._roots_read:
                from referee.lexicon.hunspell_roots import root_index

                assert self._files is not None
                self._roots, self._roots_read = root_index(*self._files), True
            if self._roots is not None:
                self._small_opens += 1
                return self._open_own(self._roots.dic_for(letters))
        if self._whole is None:
            self._whole = self._open_own(None)
        return self._whole

    def _open_own(self, dic: bytes | None) -> Any:
        """Hunspell through Enchant, from a folder of referee's own holding the ``.aff`` and
        the ``.dic`` lines ``dic`` (None: the whole ``.dic``). The folder is temporary:
        Hunspell has read both files when Enchant hands the dictionary back."""
        import shutil
        import tempfile

        enchant = enchant_module()
        assert self._files is not None
        aff, whole = self._files
        try:
            folder = Path(tempfile.mkdtemp(prefix="referee-hunspell-"))
        except OSError:
            return self._request(enchant)  # no folder of our own: the whole one, as Enchant finds it
        saved = os.environ.get("ENCHANT_CONFIG_DIR")
        try:
            (folder / "hunspell").mkdir()
            (folder / "hunspell" / f"{self.tag}.aff").symlink_to(aff.resolve())
            if dic is None:
                (folder / "hunspell" / f"{self.tag}.dic").symlink_to(whole.resolve())
            else:
                (folder / "hunspell" / f"{self.tag}.dic").write_bytes(dic)
            os.environ["ENCHANT_CONFIG_DIR"] = str(folder)
            return self._request(enchant)
        except OSError:
            pass  # the folder cannot be written: the whole one, as Enchant finds it
        finally:
            if saved is None:
                os.environ.pop("ENCHANT_CONFIG_DIR", None)
            else:
                os.environ["ENCHANT_CONFIG_DIR"] = saved
            shutil.rmtree(folder, ignore_errors=True)
        return self._request(enchant)

    def _request(self, enchant: Any) -> Any:
        broker = enchant.Broker()
        broker.set_ordering(self.tag, PROVIDER)
        try:
            found = broker.request_dict(self.tag)
        except enchant.errors.Error:
            found = None
        if found is None or found.provider.name != PROVIDER:
            raise InputError(self._missing_message())
        return found

    def _missing_message(self) -> str:
        here = installed()
        message = _("no Hunspell dictionary {tag} is installed: apt-get install {package} (Debian, Ubuntu)")
        message = message.format(tag=self.tag, package=debian_package(self.tag))
        return message + (_("; installed here: {tags}").format(tags=", ".join(here)) if here else "")

    def lookup(self, letters: str) -> Reason:
        """The verdict on ``letters`` (folded), from the case in which Hunspell knows the word.

        - Known in lower case (``kitty``, and ``zen``, ``albert`` or ``col`` where the
          dictionary has them so), or only with accents (Dutch ``geëerd``): a word, whatever
          the shipped lists say about a name or an acronym spelled the same; only
          :meth:`_lower_case` may still call it an abbreviation.
        - Known only otherwise: the shipped abbreviation, contraction and affix lists come
          first, as with every dictionary (``Mrs``, ``Feb``, ``PhD`` are abbreviations, ``ING``
          the suffix ``ing``); else the case decides (:meth:`_known_case`): all capitals is
          an acronym, any other (``Paris``, ``McDonald``, ``eBay``, ``iPhone``) a proper noun.
        - Unknown: the shipped lists say why, else not in dictionary.

        Every step is a plain spell check (some microseconds each); Hunspell's suggestions,
        which cost 30–100 ms a word, are never asked.
        """
        check = self.speller(letters).check
        if check(letters) or _accented(check, letters, str.lower):
            return self._lower_case(check, letters)
        case = self._known_case(check, letters)
        if case is None:
            return self._classifier.explain_missing(letters)
        for reason in (Reason.ABBREVIATION, Reason.CONTRACTION, Reason.PREFIX_OR_SUFFIX):
            if self._classifier.has(reason, letters):
                return reason
        return case

    def _known_case(self, check: Check, letters: str) -> Reason | None:
        """PROPER_NOUN or ACRONYM for a spelling Hunspell knows only with capitals; None if
        it does not know it at all.

        Hunspell accepts a word it knows in the case it knows and in all capitals
        (``Paris``, ``PARIS``; ``McDonald``, ``MCDONALD``), so: capitalised (``Paris``, also
        with accents: ``Curaçao``) is a proper noun, unless the shipped acronym list says
        the spelling is an acronym (en_GB knows both ``Nato`` and ``NATO``); known in
        capitals but not capitalised, a spelling with capitals inside (``McDonald``,
        ``eBay``, ``PhD``, ``iPhone``, ``PostNL``: :func:`inner_capitals`) is a proper noun,
        and else the word is only known in capitals, an acronym (``NASA``).
        """
        if check(letters.capitalize()) or _accented(check, letters, str.capitalize):
            return Reason.ACRONYM if self._classifier.has(Reason.ACRONYM, letters) else Reason.PROPER_NOUN
        if not check(letters.upper()):
            return None
        if any(check(spelling) for spelling in inner_capitals(letters)):
            return Reason.PROPER_NOUN
        return Reason.ACRONYM

    def _lower_case(self, check: Check, letters: str) -> Reason:
        """A word Hunspell knows in lower case: a word, unless the lists are sure it is not.

        Never a proper noun or an acronym: the case Hunspell knows says otherwise, and the
        shipped lists, built from other sources, hold names such as "zen" or "albert" that
        some dictionaries also know as words. Hunspell dictionaries do hold some
        abbreviations in lower case (en_US: "etc", "approx", "dept") next to clipped
        words that became words ("app", "admin", "bio"), and both kinds are on the shipped
        abbreviation list; only Hunspell tells them apart: a word takes a plural
        ("apps"), an abbreviation does not ("etcs"). So the abbreviation list counts only
        for a spelling Hunspell gives no plural, and the contraction list (the letters of
        "don't") always: it holds no words.
        """
        if self._classifier.has(Reason.CONTRACTION, letters):
            return Reason.CONTRACTION
        if self._classifier.has(Reason.ABBREVIATION, letters) and not any(
            check(letters + ending) for ending in PLURAL_ENDINGS
        ):
            return Reason.ABBREVIATION
        return Reason.IN_DICTIONARY
