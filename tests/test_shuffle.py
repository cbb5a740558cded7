"""The seeded shuffle v1 (SPEC §3): pinned vectors so no change can alter a deal."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import TypeVar

from hypothesis import given
from hypothesis import strategies as st

from referee.cards import french_deck
from referee.shuffle import Stream, byte_blocks, shuffle

T = TypeVar("T")


def reference_shuffle(deck: list[T], seed: str) -> list[T]:
    """SPEC §3 written out again, step by step, independently of referee.shuffle."""
    stream = b""
    block = 0

    def next_int() -> int:
        nonlocal stream, block
        if len(stream) < 8:
            stream += hashlib.sha256(("referee-shuffle-v1:" + seed + ":" + str(block)).encode("utf-8")).digest()
            block += 1
        x, stream = int.from_bytes(stream[:8], "big"), stream[8:]
        return x

    def uniform(n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while (x := next_int()) >= limit:
            pass
        return x % n

    deck = list(deck)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_byte_stream_is_sha256_of_prefix_seed_and_block_number():
    assert next(byte_blocks("s")).hex() == "adb9c0d7d44e5d4df4c0748668012330cd2a9ec3ec2b2ac7bb9ccc91ce588eb4"
    assert next(byte_blocks("s")) == hashlib.sha256(b"referee-shuffle-v1:s:0").digest()


def test_stream_reads_eight_byte_big_endian_integers():
    stream = Stream("s")
    assert [stream.next_u64() for _ in range(5)] == [
        12518248672465411405, 17636224261402207024, 14783803291115137735, 13518905108063620788, 9512304097785934214,
    ]  # fmt: skip


def test_pinned_vector_french52_seed_s():
    assert " ".join(map(str, shuffle(french_deck(), "s"))) == (
        "KC AD 5S 10D 3C 5H 9H 8S AC 7H QC 2C 7C 6H 9D 3D 6C 10C QH 7D AS 6S 3S 10H 3H JD "
        "5C 4S 7S 2D 4D 10S 8C 2H 8H 6D KH 4C JC KS 9S KD JS 4H 2S QD 5D AH 8D JH 9C QS"
    )


def test_pinned_vector_smitten_seed_s():
    assert shuffle(list(range(1, 10)) * 2, "s") == [5, 7, 6, 9, 1, 4, 3, 9, 3, 2, 7, 6, 2, 1, 4, 8, 8, 5]


def test_pinned_vector_unicode_seed_is_utf8():
    assert " ".join(map(str, shuffle(french_deck(), "ü ♥ 漢字"))) == (
        "3H 4C 10S KC 8S 2D 6D 3C 4S 6S JD 10D 2C KH AS 8H JC 9S 10H 5C 6C AH 2S 4H 5D KS "
        "QD JH 7D 8C 5H 3S 7H 4D 6H AD AC QS 7S 3D 8D 9D 7C KD 9H QH 5S QC 10C 2H 9C JS"
    )


def test_pinned_vector_ten_numbers_seed_test():
    assert shuffle(list(range(10)), "test") == [8, 2, 1, 4, 7, 3, 5, 6, 9, 0]


@given(st.text(max_size=40), st.integers(min_value=0, max_value=60))
def test_shuffle_follows_the_spec_for_any_seed_and_deck_size(seed, size):
    assert shuffle(list(range(size)), seed) == reference_shuffle(list(range(size)), seed)


@given(st.text(max_size=20))
def test_shuffle_is_a_permutation_and_the_same_seed_gives_the_same_deal(seed):
    deck = french_deck()
    first = shuffle(deck, seed)
    assert Counter(first) == Counter(deck)
    assert shuffle(deck, seed) == first
    assert deck == french_deck()  # the input is not changed


class ScriptedStream(Stream):
    def __init__(self, numbers: list[int]) -> None:
        self.numbers = list(numbers)

    def next_u64(self) -> int:
        return self.numbers.pop(0)


def test_uniform_rejects_integers_at_or_above_the_limit():
    n = 3
    limit = 2**64 - (2**64 % n)
    stream = ScriptedStream([limit, 2**64 - 1, limit - 1])
    assert stream.uniform(n) == (limit - 1) % n
    assert stream.numbers == []


@given(st.integers(min_value=1, max_value=2**40), st.text(max_size=5))
def test_uniform_stays_in_range(n, seed):
    assert 0 <= Stream(seed).uniform(n) < n


def test_a_seed_that_is_not_text_is_refused():
    import pytest

    from referee.errors import InputError

    with pytest.raises(InputError, match="the seed must be text"):
        shuffle([1, 2, 3], "bad\udcff")
