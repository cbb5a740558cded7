"""Fair deals, scheme ``pf1``: nobody at the table, the host included, chooses the cards,
and anyone can check it afterwards (the README's "Fair deals" gives the scheme exactly).

1. Before any card is dealt, the host's machine draws a 256-bit *secret* and publishes
   its *commitment*: ``SHA-256(b"referee-fair-pf1-commitment:" + secret)``, as hex and
   as a *fingerprint* to read aloud and note down (the first 32 hex digits, 128 bits, in
   groups of 4: too long for anyone to find a second secret that shares it).
2. Every seat then gives a word of *entropy*, in seat order.
3. Deal number n (0, 1, 2, …: a Smoorverliefd round is deal round − 1; a Spellcrafter
   game or a Smitten game is deal 0) is shuffle v1 (:mod:`referee.shuffle`) of the seed
   ``"pf1:" + hex(HMAC-SHA256(secret, message))``, the message being the fields
   ``referee-fair-pf1-deal``, the game, its mode, ``decimal(n)``, ``decimal(seats)`` and
   each seat's word in seat order, each field as its UTF-8 bytes preceded by their length
   as a 4-byte big-endian number.
4. At the end (or earlier, on request) the secret is revealed; :func:`check_commitment`
   and :func:`deal_seed` let anyone re-derive every deal.

Pure: values in, values out (the secret's file is the save-file engine's,
:mod:`referee.savefile.sidecar`). Nothing here prints, and nothing here puts the secret
in a public value: :func:`public_info` is what a screen may show.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from referee.errors import InputError
from referee.game import JsonObject
from referee.i18n import _

SCHEME = "pf1"
SEED_PREFIX = f"{SCHEME}:"
COMMITMENT_PREFIX = b"referee-fair-pf1-commitment:"
DEAL_LABEL = "referee-fair-pf1-deal"
REVEAL_LABEL = "referee-fair-pf1-reveal"
SECRET_BYTES = 32
#: The longest word of entropy, in characters: a word or a short phrase, a dice roll.
WORD_LIMIT = 64

_HEX64 = re.compile(r"[0-9a-f]{64}")


def new_secret() -> bytes:
    """A fresh 256-bit secret, from the operating system's generator."""
    import secrets

    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    """The commitment to ``secret``: SHA-256 of the domain prefix and the secret, as hex."""
    return hashlib.sha256(COMMITMENT_PREFIX + secret).hexdigest()


#: How many hex digits of the commitment the fingerprint shows: 128 bits. Fewer would let
#: a host try secrets until two share a fingerprint (48 bits take 2^24 tries, a minute),
#: then swap commitment and secret in the file without the table noticing.
FINGERPRINT_DIGITS = 32


def fingerprint(commitment_hex: str) -> str:
    """The commitment's first 32 hex digits in eight groups of 4
    (``b873-624b-48d2-7f58-066b-2590-a4ac-0b12``): what the table notes down and
    compares after the reveal; 128 bits, so no secret can be found to match it."""
    head = commitment_hex[:FINGERPRINT_DIGITS]
    return "-".join(head[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))


#: How many hex digits of the reveal's digest its code shows: 64 bits, in groups of 4.
REVEAL_CODE_DIGITS = 16

_REVEAL_CODE = re.compile(r"[0-9a-f]{4}(?:-[0-9a-f]{4}){3}")


def reveal_code(commitment_hex: str, after: int, deals: Sequence[tuple[int, str]], words: Sequence[str]) -> str:
    """The reveal's code (``3f2a-90c1-5be4-d702``): the first 16 hex digits of
    SHA-256 of the fields ``referee-fair-pf1-reveal``, the commitment, ``decimal(after)``
    (the events the file held at the reveal), ``decimal(deals)`` and each deal's seed,
    ``decimal(words)`` and each word given by then. Printed at the reveal for the table
    to note beside the fingerprint, and again by `verify`: a reveal moved to another
    place in the match (another ``revealed_after``, other deals or words) has another
    code. Anyone can compute it: it binds the reveal's place only through the table's note."""
    fields = [REVEAL_LABEL, commitment_hex, str(after), str(len(deals)), *(seed for _number, seed in deals), str(len(words)), *words]
    head = hashlib.sha256(b"".join(_field(field) for field in fields)).hexdigest()[:REVEAL_CODE_DIGITS]
    return "-".join(head[i : i + 4] for i in range(0, REVEAL_CODE_DIGITS, 4))


def check_commitment(secret: bytes, commitment_hex: str) -> bool:
    """Whether ``secret`` is the one committed to (compared in constant time)."""
    return hmac.compare_digest(commitment(secret), commitment_hex)


def _field(text: str) -> bytes:
    data = text.encode("utf-8")
    return len(data).to_bytes(4, "big") + data


def deal_message(game: str, mode: str, number: int, words: Sequence[str]) -> bytes:
    """The canonical bytes the deal seed is the HMAC of (see the module docstring)."""
    fields = [DEAL_LABEL, game, mode, str(number), str(len(words)), *words]
    return b"".join(_field(field) for field in fields)


def deal_seed(secret: bytes, game: str, mode: str, number: int, words: Sequence[str]) -> str:
    """The seed of deal ``number``: ``pf1:`` and 64 hex digits. ``referee deal GAME
    --seed pf1:…`` deals it again; the shuffle is v1 of this text, as of any seed."""
    digest = hmac.new(secret, deal_message(game, mode, number, words), hashlib.sha256).hexdigest()
    return SEED_PREFIX + digest


def check_pf1_seed(seed: str) -> None:
    """A seed that starts ``pf1:`` must be a whole one (64 lowercase hex digits after it):
    a copy cut short is a slip, not another seed."""
    if seed.startswith(SEED_PREFIX) and not _HEX64.fullmatch(seed[len(SEED_PREFIX) :]):
        raise InputError(_("a pf1: seed is pf1: and 64 hex digits (0-9, a-f), as `referee verify` prints it; copy it whole"))


def check_word(word: str) -> str:
    """A word of entropy as typed: trimmed, in Unicode NFC (so that the same word typed on
    two keyboards gives the same bytes), not blank, printable, at most ``WORD_LIMIT``."""
    cleaned = unicodedata.normalize("NFC", word.strip())
    if not cleaned:
        raise InputError(_("the word is empty; type any word, a few dice or a short phrase nobody can guess"))
    if not cleaned.isprintable():
        raise InputError(_("the word holds control characters; type a plain word"))
    if len(cleaned) > WORD_LIMIT:
        raise InputError(_("the word is longer than {limit} characters; a word or a short phrase is enough").format(limit=WORD_LIMIT))
    return cleaned


def secret_from_hex(text: object) -> bytes:
    """A secret written as 64 lowercase hex digits; ``InputError`` for anything else."""
    if not isinstance(text, str) or not _HEX64.fullmatch(text):
        raise InputError(_("a fair secret is 64 hex digits (0-9, a-f)"))
    return bytes.fromhex(text)


@dataclass(frozen=True)
class Fair:
    """A fair game's record, as the rules hold it: the commitment, the secret (known to
    the host's machine; ``revealed`` once it is in the save file), and the words of
    entropy given so far, in seat order. ``deals``, ``revealed_after`` and
    ``revealed_words`` are what the reveal wrote (the deals made by then, the number of
    events, the words given by then), for `referee verify`.

    Once revealed, the secret stays revealed (an undo cannot take it back): no word can
    be given that was not given before the reveal (:meth:`takes`), since whoever
    knows the secret could choose the cards with it.

    The secret is in memory only; :meth:`to_toml` writes it only once revealed.
    """

    commitment: str
    secret: bytes
    seats: int
    words: tuple[str, ...] = ()
    revealed: bool = False
    revealed_after: int | None = None
    deals: tuple[tuple[int, str], ...] = ()  # (number, seed) as the reveal wrote them
    revealed_words: tuple[str, ...] | None = None  # the words given before the reveal (None: not recorded)
    withdrawn: tuple[tuple[str, str], ...] = ()  # (player, word) of every word an undo took back, oldest first
    code: str | None = None  # the reveal's code as the reveal wrote it (None: not recorded)

    @property
    def complete(self) -> bool:
        """Every seat has given its word: the cards may be dealt."""
        return len(self.words) >= self.seats

    @property
    def waiting_for(self) -> int | None:
        """The seat whose word is due next (seat order), or None when all are in."""
        return None if self.complete else len(self.words)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def given(self, word: str) -> Fair:
        """The record with the next seat's word added."""
        return replace(self, words=(*self.words, word))

    def unplayed(self) -> Fair:
        """The record as the game starts: no word given yet (the words are events)."""
        return replace(self, words=()) if self.words else self

    def fixed_word(self, seat: int) -> str | None:
        """In a revealed game, the word ``seat`` gave before the reveal (the only word it
        may give again, when an undo took it back), else None: no new word after the
        reveal."""
        words = self.revealed_words or ()
        return words[seat] if seat < len(words) else None

    def takes(self, seat: int, word: str) -> bool:
        """Whether ``seat`` may give ``word`` now, as far as the reveal goes: any word
        before it; after it, only the word given before it. (A file revealed before the
        reveal recorded its words, ``revealed_words`` None, replays as it was.)"""
        return not self.revealed or self.revealed_words is None or self.fixed_word(seat) == word

    def reveal(self, events: int, deals: Sequence[tuple[int, str]]) -> Fair:
        """The record revealed after ``events`` events, with the deals made by then and
        the reveal's code (:func:`reveal_code`)."""
        code = reveal_code(self.commitment, events, deals, self.words)
        return replace(self, revealed=True, revealed_after=events, deals=tuple(deals), revealed_words=self.words, code=code)

    @property
    def expected_code(self) -> str | None:
        """The reveal's code as the file's own record of the reveal gives it (None before
        the reveal, or for a file whose reveal recorded no words or no place)."""
        if not self.revealed or self.revealed_after is None or self.revealed_words is None:
            return None
        return reveal_code(self.commitment, self.revealed_after, self.deals, self.revealed_words)

    def seed(self, game: str, mode: str, number: int) -> str | None:
        """The seed of deal ``number`` (:func:`deal_seed`), or None while a word is
        missing: no card is dealt before every seat has given theirs. The one function
        every game's deal asks."""
        if not self.complete:
            return None
        return deal_seed(self.secret, game, mode, number, self.words)

    # --- the save file's [setup.fair] table -------------------------------------------

    def to_toml(self) -> dict[str, object]:
        """``[setup.fair]``: the scheme and commitment; the secret only once revealed.
        (Words of entropy are events of the file, not part of the setup.)"""
        table: dict[str, object] = {"scheme": SCHEME, "commitment": self.commitment}
        if self.withdrawn:
            table[WITHDRAWN] = [{"player": player, "word": word} for player, word in self.withdrawn]
        if self.revealed:
            table["secret"] = self.secret.hex()
            if self.revealed_after is not None:
                table["revealed_after"] = self.revealed_after
            table["deals"] = [{"number": number, "seed": seed} for number, seed in self.deals]
            if self.revealed_words is not None:
                table["words"] = list(self.revealed_words)
            if self.code is not None:
                table["reveal_code"] = self.code
        return table

    @classmethod
    def from_toml(cls, table: object, seats: int) -> Fair:
        """``[setup.fair]`` as the rules get it: the save-file engine has put the kept
        secret in (:data:`KEPT`) when the file does not hold it yet."""
        if not isinstance(table, Mapping):
            raise InputError(_("`fair` must be a table: scheme, commitment"))
        if table.get("scheme") != SCHEME:
            raise InputError(_("`fair.scheme` must be {scheme}: this referee knows no other scheme").format(scheme=repr(SCHEME)))
        committed = table.get("commitment")
        if not isinstance(committed, str) or not _HEX64.fullmatch(committed):
            raise InputError(_("`fair.commitment` must be 64 hex digits (0-9, a-f)"))
        revealed = "secret" in table
        held = table.get("secret", table.get(KEPT))
        if held is None:
            raise InputError(_("the fair game's secret is missing"))
        after = table.get("revealed_after")
        if after is not None and (not isinstance(after, int) or isinstance(after, bool) or after < 0):
            raise InputError(_("`fair.revealed_after` must be a whole number of events"))
        words = table.get("words")
        if words is not None and (not isinstance(words, list) or not all(isinstance(word, str) for word in words) or len(words) > seats):
            raise InputError(_("`fair.words` must be a list of the words given before the reveal, one per seat at most"))
        code = table.get("reveal_code")
        if code is not None and (not isinstance(code, str) or not _REVEAL_CODE.fullmatch(code)):
            raise InputError(_("`fair.reveal_code` must be 16 hex digits in groups of 4, as the reveal printed it"))
        return cls(committed, secret_from_hex(held), seats, revealed=revealed, revealed_after=after,
                   deals=_deals(table.get("deals", [])), revealed_words=None if words is None else tuple(words),
                   withdrawn=_withdrawn(table.get(WITHDRAWN, [])), code=code)  # fmt: skip


#: The key under which the save-file engine hands the kept secret to the rules (never
#: written to a file: the engine adds it to the copy of ``[setup]`` the rules read).
KEPT = "kept_secret"


#: ``[setup.fair]``'s list of the words an undo took back (``player``, ``word``): the
#: save-file engine adds to it (:func:`referee.savefile.undo`); a word once given stays
#: on the record.
WITHDRAWN = "withdrawn"


def _withdrawn(found: object) -> tuple[tuple[str, str], ...]:
    """``fair.withdrawn`` as the engine wrote it."""
    if not isinstance(found, list) or not all(
        isinstance(entry, dict) and isinstance(entry.get("player"), str) and isinstance(entry.get("word"), str) for entry in found
    ):
        raise InputError(_("`fair.withdrawn` must be a list of tables: player, word"))
    return tuple((entry["player"], entry["word"]) for entry in found)


def _deals(found: object) -> tuple[tuple[int, str], ...]:
    """``fair.deals`` as the reveal wrote them; their order and numbers are checked by
    :func:`verify`, not here (a gap is a finding, not damage)."""
    if not isinstance(found, list):
        raise InputError(_("`fair.deals` must be a list of tables: number, seed"))
    deals = []
    for deal in found:
        number = deal.get("number") if isinstance(deal, dict) else None
        seed = deal.get("seed") if isinstance(deal, dict) else None
        if not isinstance(number, int) or isinstance(number, bool) or not isinstance(seed, str):
            raise InputError(_("each of `fair.deals` needs a whole number `number` and a text `seed`"))
        deals.append((number, seed))
    return tuple(deals)


def public_info(record: Fair | None, seats: Sequence[str]) -> JsonObject | None:
    """What any screen may show of a fair game (None: not a fair game): the commitment
    and its fingerprint, each seat's word (None until given), whose word is due, and
    whether the secret is revealed (then the secret too, and the reveal's code). Never
    the secret before. ``withdrawn``: every word an undo took back, with its seat's name
    (a word once given stays on the record, for the table to see).

    For ``referee serve``'s envelope and the ``--json`` of `show` and `standings`
    (:func:`referee.fair.rules.public_of` gives it for a game's state)."""
    if record is None:
        return None
    waiting = record.waiting_for
    return {
        "scheme": SCHEME,
        "commitment": record.commitment,
        "fingerprint": record.fingerprint,
        "entropy": [
            {"seat": name, "word": record.words[seat] if seat < len(record.words) else None}
            for seat, name in enumerate(seats)
        ],
        "waiting_for": None if waiting is None else seats[waiting],
        "revealed": record.revealed,
        "secret": record.secret.hex() if record.revealed else None,
        "withdrawn": [{"seat": player, "word": word} for player, word in record.withdrawn],
        "reveal_code": record.code if record.revealed else None,
    }
