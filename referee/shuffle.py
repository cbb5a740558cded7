"""The seeded shuffle, version v1 (SPEC §3), fixed forever.

It does not use Python's ``random``: the same seed must give the same deal on every
machine, every OS, every future version and in any other language. The whole
definition:

1. Byte stream: for i = 0, 1, 2, … the 32 bytes of
   ``SHA-256(UTF-8("referee-shuffle-v1:" + seed + ":" + decimal(i)))``, concatenated.
2. Read it as consecutive 8-byte big-endian unsigned integers.
3. ``uniform(n)``: with ``limit = 2**64 - (2**64 % n)``, read integers until one, x,
   is below ``limit``; return ``x % n`` (rejection keeps every outcome equally likely).
4. Durstenfeld: for i from len(deck)−1 down to 1, j = uniform(i+1), swap deck[i] and
   deck[j]. The first element of the result is the top card.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

from referee.errors import InputError

VERSION = "v1"
_PREFIX = f"referee-shuffle-{VERSION}:"
_TWO_64 = 2**64

T = TypeVar("T")


def byte_blocks(seed: str) -> Iterator[bytes]:
    """The 32-byte SHA-256 blocks of the stream, block 0 first."""
    i = 0
    while True:
        yield hashlib.sha256(f"{_PREFIX}{seed}:{i}".encode()).digest()
        i += 1


class Stream:
    """The shuffle's source of numbers for one seed."""

    def __init__(self, seed: str) -> None:
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("the seed must be text (it holds bytes that are not UTF-8); type it again") from None
        self._blocks = byte_blocks(seed)
        self._buffer = b""

    def next_u64(self) -> int:
        """The next 8 bytes of the stream as a big-endian unsigned integer."""
        if len(self._buffer) < 8:
            self._buffer += next(self._blocks)
        value = int.from_bytes(self._buffer[:8], "big")
        self._buffer = self._buffer[8:]
        return value

    def uniform(self, n: int) -> int:
        """A number in ``range(n)``, every value equally likely."""
        if n < 1:
            raise ValueError("uniform(n) needs n >= 1")
        limit = _TWO_64 - (_TWO_64 % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


def shuffle(deck: Sequence[T], seed: str) -> list[T]:
    """Return a shuffled copy of ``deck`` (top card first) for ``seed``."""
    cards = list(deck)
    stream = Stream(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = stream.uniform(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards
