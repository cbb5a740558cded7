"""Small helpers that word numbers in messages: "1 card", "2 cards", never "1 cards"."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun in the right number: ``counted(1, "trick")`` is "1 trick".

    ``plural`` is for nouns that do not just take an ``s`` (``counted(2, "match",
    "matches")``).
    """
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural if plural is not None else noun + 's'}"


def verb(count: int, singular: str, plural: str) -> str:
    """The verb that agrees with ``count`` subjects: ``verb(2, "wins", "win")`` is "win"."""
    return singular if count == 1 else plural


def listed(words: list[str], last: str = "and") -> str:
    """Words as a sentence lists them: ``listed(["a", "b", "c"])`` is "a, b and c"."""
    return f" {last} ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


def and_listed(words: list[str]) -> str:
    """Words as a sentence lists them, in the chosen language: 'a, b and c' (Dutch: 'a,
    b en c')."""
    from referee.i18n import _

    if len(words) <= 1:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])
