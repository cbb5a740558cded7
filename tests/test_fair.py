"""Fair deals (issue 25): a secret committed to before play, a word of entropy from every
seat, every deal derived from both, the secret revealed at the end, and `verify`."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import random
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import installed_referee
from referee import savefile
from referee.fair import scheme as fair
from referee.cards import french_deck
from referee.savefile.sidecar import secret_path
from referee.smoorverliefd.ruleset import RULES as SMOOR
from referee.spellcrafter.ruleset import RULES as SPELL
from smoor_play import legal_trick
from spell_play import draft_round, selected

SMOOR_PLAYERS = ("Anna", "Bram", "Cees", "Daan")
WORDS = ("apple", "dice 3 5 6", "vijg", "kiwi")


# --- an independent implementation, written from the README's "Fair deals" alone ---------


def readme_commitment(secret: bytes) -> str:
    return hashlib.sha256(b"referee-fair-pf1-commitment:" + secret).hexdigest()


def readme_seed(secret: bytes, game: str, mode: str, number: int, words: list[str]) -> str:
    def field(text: str) -> bytes:
        data = text.encode("utf-8")
        return len(data).to_bytes(4, "big") + data

    message = b"".join(field(f) for f in ["referee-fair-pf1-deal", game, mode, str(number), str(len(words)), *words])
    return "pf1:" + hmac.new(secret, message, hashlib.sha256).hexdigest()


def readme_shuffle(deck: list[Any], seed: str) -> list[Any]:
    buffer, block = b"", 0

    def next_int() -> int:
        nonlocal buffer, block
        if len(buffer) < 8:
            buffer += hashlib.sha256(f"referee-shuffle-v1:{seed}:{block}".encode()).digest()
            block += 1
        value, buffer = int.from_bytes(buffer[:8], "big"), buffer[8:]
        return value

    deck = list(deck)
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        while (x := next_int()) >= limit:
            pass
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def readme_french_deck() -> list[str]:
    return [rank + suit for suit in "CDHS" for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]]


# --- the scheme ------------------------------------------------------------------------


def test_the_commitment_and_the_seed_are_the_readmes_to_the_byte():
    secret = bytes(range(32))
    assert fair.commitment(secret) == readme_commitment(secret)
    assert fair.deal_seed(secret, "smoorverliefd", "4-players", 2, list(WORDS)) == readme_seed(secret, "smoorverliefd", "4-players", 2, list(WORDS))
    assert fair.fingerprint(fair.commitment(secret)) == "-".join(re.findall("....", readme_commitment(secret)[:32]))
    assert len(fair.fingerprint(fair.commitment(secret)).replace("-", "")) * 4 >= 128


def test_a_pinned_vector_never_changes():
    secret = bytes(32)
    assert fair.commitment(secret) == readme_commitment(secret)
    assert fair.deal_seed(secret, "smitten", "solo", 0, ["a", "b"]) == readme_seed(secret, "smitten", "solo", 0, ["a", "b"])
    assert fair.deal_seed(secret, "smitten", "solo", 0, ["a", "b"]).startswith("pf1:")
    assert readme_french_deck() == [str(card) for card in french_deck()]


@given(st.lists(st.text(min_size=1, max_size=8), min_size=2, max_size=5), st.integers(0, 20))
def test_every_word_and_deal_number_counts(words, number):
    secret = b"s" * 32
    seed = fair.deal_seed(secret, "smoorverliefd", "4-players", number, words)
    assert seed != fair.deal_seed(secret, "smoorverliefd", "4-players", number + 1, words)
    assert seed != fair.deal_seed(secret, "smoorverliefd", "4-players", number, [*words[:-1], words[-1] + "x"])
    # the length prefix keeps words apart: ("ab", "c") is not ("a", "bc")
    assert seed != fair.deal_seed(secret, "smoorverliefd", "4-players", number, [words[0] + words[1], "", *words[2:]])


def test_a_pf1_seed_must_be_whole(referee):
    cut = referee("deal", "smoorverliefd", "--seed", "pf1:abc")
    assert cut.exit_code == 2 and "64 hex digits" in cut.stderr


# --- a fair four-player Smoorverliefd match, played, revealed and verified --------------


def new_match(referee, path: Path, *extra: str) -> dict[str, Any]:
    made = referee("smoor", "new", str(path), *SMOOR_PLAYERS, "--fair", "--target", "1", *extra, "--json")
    assert made.exit_code == 0, made.stderr
    document: dict[str, Any] = made.json()
    return document


def give_all(referee, path: Path, names=SMOOR_PLAYERS, words=WORDS) -> None:
    for name, word in zip(names, words):
        given_word = referee("entropy", str(path), name, word)
        assert given_word.exit_code == 0, given_word.stderr


def play_to_the_end(referee, path: Path, seed: int = 1) -> int:
    rng = random.Random(seed)
    tricks = 0
    while True:
        match = savefile.load(path, SMOOR).state
        if match.outcome is not None:
            return tricks
        cards = [str(card) for card in legal_trick(match, rng)]
        done = referee("smoor", "trick", str(path), *cards)
        assert done.exit_code == 0, done.stderr
        tricks += 1


def test_new_fair_prints_the_commitment_and_keeps_the_secret_beside_the_file(referee, tmp_path):
    path = tmp_path / "m.toml"
    made = referee("smoor", "new", str(path), *SMOOR_PLAYERS, "--fair")
    assert made.exit_code == 0, made.stderr
    table = tomllib.loads(path.read_text())["setup"]["fair"]
    assert set(table) == {"scheme", "commitment"}
    assert table["commitment"] in made.stdout and fair.fingerprint(table["commitment"]) in made.stdout
    kept = secret_path(path)
    assert kept.exists() and kept.stat().st_mode & 0o777 == 0o600
    secret = [line for line in kept.read_text().splitlines() if not line.startswith("#")][0]
    assert fair.commitment(bytes.fromhex(secret)) == table["commitment"]
    dutch = referee("--lang", "nl", "smoor", "new", str(tmp_path / "n.toml"), *SMOOR_PLAYERS, "--fair")
    assert "Vingerafdruk" in dutch.stdout and "toezegging" in dutch.stdout


def test_no_card_is_dealt_before_every_seat_gave_entropy(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    before = path.read_bytes()
    refused = referee("smoor", "trick", str(path), "2C", "3C", "4C", "5C")
    assert refused.exit_code == 1 and "waiting for entropy from Anna" in refused.stderr
    hands = referee("smoor", "hands", str(path), "--player", "Anna")
    assert hands.exit_code == 1 and "waiting for entropy from Anna" in hands.stderr
    assert "hand" not in str(SMOOR.view(savefile.load(path, SMOOR).state, 0).hand or "")
    out_of_turn = referee("entropy", str(path), "Bram", "kiwi")
    assert out_of_turn.exit_code == 1 and "seat order" in out_of_turn.stderr
    assert path.read_bytes() == before
    give_all(referee, path, SMOOR_PLAYERS[:3], WORDS[:3])
    refused = referee("smoor", "trick", str(path), "2C", "3C", "4C", "5C")
    assert "waiting for entropy from Daan" in refused.stderr
    assert "wacht op entropie van Daan" in referee("--lang", "nl", "smoor", "trick", str(path), "2C", "3C", "4C", "5C").stderr
    assert referee("smoor", "entropy", str(path), "Daan", WORDS[3]).exit_code == 0
    assert len(referee("smoor", "hands", str(path), "--player", "Anna", "--json").json()["hands"]["Anna"]) == 13
    again = referee("entropy", str(path), "Anna", "more")
    assert again.exit_code == 1 and "already" in again.stderr


def test_a_word_can_be_undone_like_any_entry(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path, SMOOR_PLAYERS[:2], WORDS[:2])
    assert referee("smoor", "undo", str(path)).exit_code == 0
    assert referee("entropy", str(path), "Bram", "pear").exit_code == 0
    history = referee("smoor", "history", str(path), "--json").json()
    assert [entry["summary"] for entry in history["events"]] == ["entropy: Anna 'apple'", "entropy: Bram 'pear'"]


def test_the_deal_is_the_readmes_and_referee_deal_deals_it_again(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path)
    secret = bytes.fromhex([line for line in secret_path(path).read_text().splitlines() if not line.startswith("#")][0])
    seed = readme_seed(secret, "smoorverliefd", "4-players", 0, list(WORDS))
    deck = readme_shuffle(readme_french_deck(), seed)
    hands = [deck[seat:52:4] for seat in range(4)]  # one at a time from the player left of the dealer
    match = savefile.load(path, SMOOR).state
    leader, dealt_hands = match.current.leader, match.current.hands
    assert dealt_hands is not None
    for offset, hand in enumerate(hands):
        assert {str(card) for card in dealt_hands[(leader + offset) % 4]} == set(hand)
    again = referee("deal", "smoorverliefd", "--seed", seed, "--json").json()
    assert again["hands"] == hands


@pytest.mark.slow
def test_a_fair_match_is_played_revealed_at_its_end_and_verified(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path)
    secret_hex = [line for line in secret_path(path).read_text().splitlines() if not line.startswith("#")][0]
    for shown in (referee("smoor", "standings", str(path), "--json"), referee("smoor", "history", str(path), "--json"), referee("smoor", "standings", str(path))):
        assert secret_hex not in shown.stdout
    assert secret_hex not in path.read_text()
    standings = referee("smoor", "standings", str(path), "--json").json()
    assert standings["fair"]["entropy"] == [{"seat": name, "word": word} for name, word in zip(SMOOR_PLAYERS, WORDS)]
    assert standings["fair"]["revealed"] is False and standings["fair"]["secret"] is None
    not_yet = referee("verify", str(path))
    assert not_yet.exit_code == 2 and "not revealed" in not_yet.stderr
    assert play_to_the_end(referee, path) >= 13
    table = tomllib.loads(path.read_text())["setup"]["fair"]
    assert table["secret"] == secret_hex and not secret_path(path).exists()  # revealed at the end
    rounds = len(savefile.load(path, SMOOR).state.rounds)  # the rounds played: no deal after the end
    assert [deal["number"] for deal in table["deals"]] == list(range(rounds))
    before = path.read_bytes()
    checked = referee("verify", str(path), "--json")
    assert checked.exit_code == 0, checked.stdout
    document = checked.json()
    assert document["verified"] is True and document["finding"] is None
    assert [deal["seed"] for deal in document["deals"]] == [
        readme_seed(bytes.fromhex(secret_hex), "smoorverliefd", "4-players", n, list(WORDS)) for n in range(rounds)
    ]
    assert "Verified" in referee("smoor", "verify", str(path)).stdout
    assert path.read_bytes() == before  # verify writes nothing
    assert referee("reveal", str(path)).exit_code == 1  # revealed already


class Played(NamedTuple):
    """A fair match played to its end, and the same match one trick before it (with its
    kept secret): the tests copy them."""

    ended: bytes
    before_last: bytes
    kept: bytes
    last_trick: list[str]


@pytest.fixture(scope="module")
def _played(tmp_path_factory) -> Played:
    """A fair match played to its end (revealed there), once for the tests that tamper
    with a copy of it."""
    from typer.testing import CliRunner

    from conftest import Run
    from referee.cli import app

    runner = CliRunner()

    def call(*args: str) -> Run:
        return Run(runner.invoke(app, list(args), catch_exceptions=True))

    path = tmp_path_factory.mktemp("played") / "m.toml"
    with pytest.MonkeyPatch.context() as patch:  # a secret of our own: the same match every run (one round)
        patch.setattr("referee.fair.scheme.new_secret", lambda: bytes(range(32)))
        new_match(call, path)
    give_all(call, path)
    rng = random.Random(1)
    while True:
        match = savefile.load(path, SMOOR).state
        cards = [str(card) for card in legal_trick(match, rng)]
        before, kept = path.read_bytes(), secret_path(path).read_bytes()
        assert call("smoor", "trick", str(path), *cards).exit_code == 0
        if savefile.load(path, SMOOR).state.outcome is not None:
            return Played(path.read_bytes(), before, kept, cards)


@pytest.fixture
def played_match(_played: Played, tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    path.write_bytes(_played.ended)
    return path


@pytest.fixture
def before_the_last_trick(_played: Played, tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    path.write_bytes(_played.before_last)
    secret_path(path).write_bytes(_played.kept)
    secret_path(path).chmod(0o600)  # a secret readable by others is refused
    os.chmod(secret_path(path), 0o600)
    return path


def tampered(path: Path, change) -> Path:
    text = path.read_text()
    changed = change(text)
    assert changed != text
    path.write_text(changed)
    return path


def flip_hex(value: str) -> str:
    return value[:-1] + ("0" if value[-1] != "0" else "1")


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["commitment", "secret", "deal", "card", "missing"])
def test_verify_names_the_first_mismatch_of_a_tampered_match(referee, played_match, kind):
    table = tomllib.loads(played_match.read_text())["setup"]["fair"]
    if kind == "commitment":
        tampered(played_match, lambda t: t.replace(table["commitment"], flip_hex(table["commitment"])))
        expected = "commitment"
    elif kind == "secret":
        tampered(played_match, lambda t: t.replace(table["secret"], flip_hex(table["secret"])))
        expected = "commitment"
    elif kind == "deal":
        seed = table["deals"][0]["seed"]
        tampered(played_match, lambda t: t.replace(seed, flip_hex(seed)))
        expected = "deal_changed"
    elif kind == "card":
        def swap(text: str) -> str:  # the first trick's first card becomes another card of nobody's hand that round
            first = re.search(r'cards = \[\s*"([^"]+)"', text)
            assert first is not None
            return text[: first.start(1)] + ("2C" if first[1] != "2C" else "3C") + text[first.end(1):]
        tampered(played_match, swap)
        expected = "refused"
    else:
        tampered(played_match, lambda t: re.sub(r"\{ number = 0, seed = \"[^\"]+\" \},\s*", "", t, count=1))
        expected = "deal_missing"
    before = played_match.read_bytes()
    found = referee("verify", str(played_match), "--json")
    assert found.exit_code == 1, (found.stdout, found.stderr)
    assert found.json()["finding"] == expected
    assert found.json()["message"]
    assert "NOT verified" in referee("verify", str(played_match)).stdout
    assert played_match.read_bytes() == before


def test_verify_of_damaged_input_exits_2_and_writes_nothing(referee, played_match, tmp_path):
    text = played_match.read_text()
    secret = tomllib.loads(text)["setup"]["fair"]["secret"]
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(secret, "not hex"))
    assert referee("verify", str(bad)).exit_code == 2
    bad.write_text(text[: len(text) // 2])
    before = bad.read_bytes()
    assert referee("verify", str(bad)).exit_code == 2
    assert bad.read_bytes() == before
    assert referee("verify", str(tmp_path / "none.toml")).exit_code == 2
    plain = tmp_path / "plain.toml"
    assert referee("smoor", "new", str(plain), *SMOOR_PLAYERS, "--seed", "s").exit_code == 0
    assert "not a fair game" in referee("verify", str(plain)).stderr
    assert referee("reveal", str(plain)).exit_code == 2
    assert referee("entropy", str(plain), "Anna", "x").exit_code == 2


def test_a_fair_file_without_its_kept_secret_is_refused_clearly(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    os.unlink(secret_path(path))
    before = path.read_bytes()
    shown = referee("smoor", "standings", str(path))
    assert shown.exit_code == 2 and ".m.toml.fair" in shown.stderr and "missing" in shown.stderr
    assert referee("entropy", str(path), "Anna", "x").exit_code == 2
    assert path.read_bytes() == before


@pytest.mark.slow
def test_reveal_ends_the_fairness_of_what_follows_and_says_so(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path)
    revealed = referee("reveal", str(path))
    assert revealed.exit_code == 0 and "fairness of what follows ends here" in revealed.stdout
    assert not secret_path(path).exists()
    play_to_the_end(referee, path)
    document = referee("verify", str(path), "--json").json()
    assert document["verified"] is True
    assert document["deals"][0]["after_reveal"] is False
    assert all(deal["after_reveal"] for deal in document["deals"][1:])


def test_fair_and_seed_do_not_mix(referee, tmp_path):
    assert referee("smoor", "new", str(tmp_path / "m.toml"), *SMOOR_PLAYERS, "--fair", "--seed", "s").exit_code == 2
    assert not list(tmp_path.iterdir())  # neither the file nor a kept secret


@pytest.mark.slow
def test_entropy_in_table_mode(tmp_path):
    path = tmp_path / "m.toml"
    referee_bin = installed_referee()
    subprocess.run([referee_bin, "smoor", "new", str(path), *SMOOR_PLAYERS, "--fair"], check=True, capture_output=True)
    lines = "".join(f"entropy {name} {word}\n" for name, word in zip(SMOOR_PLAYERS, ["a", "b", "c", "d"])) + "quit\n"
    done = subprocess.run([referee_bin, "table", str(path)], input=lines, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "every word is in: the cards are dealt" in done.stdout


# --- a fair Spellcrafter game -----------------------------------------------------------


SPELL_PLAYERS = ("Anna", "Bram", "Cees")


def play_spellcrafter(referee, path: Path) -> None:
    """Each round is drafted through the referee (a fair game is drafted as a seeded one
    is); Anna lays three letter cards of her 7 selected cards; the others pass."""
    for _round in range(4):
        game = savefile.load(path, SPELL).state
        if game.outcome is not None:
            return
        draft_round(referee, path)
        hand = selected(path, 0)
        letters: list[Any] = []
        suits: set[Any] = set()
        for card in hand:
            if card.is_letter and len(card.letters) == 1 and card.suit not in suits and len(letters) < 3:
                letters.append(card)
                suits.add(card.suit)
        letters = letters if len(letters) == 3 else [card for card in hand if card.is_letter and len(card.letters) == 1][:3]
        assert referee("spell", "word", str(path), "Anna", *map(str, letters)).exit_code == 0
        for name in SPELL_PLAYERS[1:]:
            assert referee("spell", "pass", str(path), name).exit_code == 0


@pytest.mark.slow
def test_a_fair_spellcrafter_game_is_played_revealed_and_verified(referee, tmp_path):
    path = tmp_path / "s.toml"
    made = referee("spell", "new", str(path), *SPELL_PLAYERS, "--fair", "--json")
    assert made.exit_code == 0, made.stderr
    assert made.json()["fair"]["waiting_for"] == "Anna"
    refused = referee("spell", "pass", str(path), "Anna")
    assert refused.exit_code == 1 and "waiting for entropy from Anna" in refused.stderr
    shown = referee("spell", "show", str(path), "--by", "Anna", "--json").json()
    assert shown.get("hand", []) == []
    give_all(referee, path, SPELL_PLAYERS, WORDS[:3])
    secret = bytes.fromhex([line for line in secret_path(path).read_text().splitlines() if not line.startswith("#")][0])
    assert secret.hex() not in referee("spell", "show", str(path), "--json").stdout
    assert "Entropy: Anna 'apple'" in referee("spell", "show", str(path)).stdout
    seed = readme_seed(secret, "spellcrafter", "3-players", 0, list(WORDS[:3]))
    dealt = referee("deal", "spellcrafter", "--players", "3", "--seed", seed, "--json").json()
    game = savefile.load(path, SPELL).state
    first = game.deal(1)
    assert first is not None and game.setup.deck is not None
    assert dealt["hands"] == [[str(card) for card in hand] for hand in first.hands]
    play_spellcrafter(referee, path)
    assert savefile.load(path, SPELL).state.outcome is not None
    assert not secret_path(path).exists()
    checked = referee("verify", str(path), "--json")
    assert checked.exit_code == 0 and checked.json()["deals"][0]["seed"] == seed

    table = tomllib.loads(path.read_text())["setup"]["fair"]
    copy = tmp_path / "c.toml"
    copy.write_text(path.read_text().replace(table["commitment"], flip_hex(table["commitment"])))
    assert referee("verify", str(copy), "--json").json()["finding"] == "commitment"
    copy.write_text(path.read_text().replace(table["secret"], flip_hex(table["secret"])))
    assert referee("verify", str(copy)).exit_code == 1
    copy.write_text(path.read_text().replace(table["deals"][0]["seed"], flip_hex(table["deals"][0]["seed"])))
    assert referee("verify", str(copy), "--json").json()["finding"] == "deal_changed"
    copy.write_text(re.sub(r"deals = \[[^\]]*\]", "deals = [\n    { number = 1, seed = \"%s\" },\n]" % seed, path.read_text()))
    assert referee("verify", str(copy), "--json").json()["finding"] == "deal_missing"
    word = re.search(r'kind = "word"\nplayer = "Anna"\ncards = \[\s*"([^"]+)"', path.read_text())
    assert word is not None
    others = {str(card) for hand in first.hands for card in hand}
    stranger = next(str(card) for card in game.setup.deck.cards if str(card) not in others and card.is_letter)
    text = path.read_text()
    copy.write_text(text[: word.start(1)] + stranger + text[word.end(1):])
    found = referee("verify", str(copy), "--json")
    assert found.exit_code == 1 and found.json()["finding"] == "refused"
    copy.write_text("not = [toml")
    assert referee("verify", str(copy)).exit_code == 2


# --- a fair Smitten game, and the public info ---------------------------------------------


def test_a_fair_smitten_game_deals_after_both_words(referee, tmp_path):
    path = tmp_path / "g.toml"
    made = referee("smitten", "new", str(path), "--fair", "--players", "Anna", "Bram")
    assert made.exit_code == 0, made.stderr
    assert "Fingerprint" in made.stdout
    refused = referee("smitten", "play", str(path), "5L", "--by", "Anna")
    assert refused.exit_code == 1 and "waiting for entropy from Anna" in refused.stderr
    give_all(referee, path, ("Anna", "Bram"), ("x", "y"))
    shown = referee("smitten", "show", str(path), "--by", "Anna", "--json").json()
    assert shown["fair"]["waiting_for"] is None
    assert referee("reveal", str(path)).exit_code == 0
    assert referee("verify", str(path)).exit_code == 0


def test_public_info_never_holds_the_secret_before_the_reveal():
    secret = fair.new_secret()
    record = fair.Fair(fair.commitment(secret), secret, 3, ("a",))
    info = fair.public_info(record, ["Anna", "Bram", "Cees"])
    assert info is not None and secret.hex() not in json.dumps(info)
    entropy = info["entropy"]
    assert isinstance(entropy, list) and info["waiting_for"] == "Bram" and entropy[1] == {"seat": "Bram", "word": None}
    assert fair.public_info(None, ["Anna"]) is None


# --- the installed `referee` ---------------------------------------------------------------


@pytest.mark.slow
def test_the_installed_referee_plays_reveals_and_verifies_a_fair_match(tmp_path):
    binary = installed_referee()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([binary, *args], cwd=tmp_path, capture_output=True, text=True, timeout=60)

    assert run("smoor", "new", "m.toml", *SMOOR_PLAYERS, "--fair").returncode == 0
    for name, word in zip(SMOOR_PLAYERS, WORDS):
        assert run("entropy", "m.toml", name, word).returncode == 0
    assert run("reveal", "m.toml").returncode == 0
    checked = run("verify", "m.toml", "--json")
    assert checked.returncode == 0, checked.stderr
    assert json.loads(checked.stdout)["verified"] is True


def test_the_readmes_worked_vector():
    secret = bytes(range(32))
    words = ["apple", "pear", "fig", "kiwi"]
    assert readme_commitment(secret) == "b873624b48d27f58066b2590a4ac0b12441d4fbcbaf022918d72d72f63950b33"
    seed = readme_seed(secret, "smoorverliefd", "4-players", 0, words)
    assert seed == "pf1:24004537ed0f0823b816cc5edee94b18c0ac9c70e719902eaf153a1ae2d2b9b3"
    assert seed == fair.deal_seed(secret, "smoorverliefd", "4-players", 0, words)
    assert readme_shuffle(readme_french_deck(), seed)[0:52:4] == "8S QH QC 8C 10C 10D 9H 7D 6H 8H 2H 5C QS".split()
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert seed in readme and "8S QH QC 8C 10C 10D 9H 7D 6H 8H 2H 5C QS" in readme


# --- the review's findings -----------------------------------------------------------------


def kept_secret(path: Path) -> str:
    return [line for line in secret_path(path).read_text().splitlines() if not line.startswith("#")][0]


def test_smoor_edit_corrects_a_round_of_a_fair_match(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path, "--target", "100")
    give_all(referee, path)
    assert referee("smoor", "round", str(path), "Anna=3", "Bram=0", "Cees=9", "Daan=1", "--ace", "Cees").exit_code == 0
    edited = referee("smoor", "edit", str(path), "1", "Anna=4", "Bram=0", "Cees=8", "Daan=1", "--ace", "Cees")
    assert edited.exit_code == 0, edited.stderr
    assert "Anna 3 → 4" in edited.stdout
    assert [entry["kind"] for entry in referee("smoor", "history", str(path), "--json").json()["events"]] == ["entropy"] * 4 + ["round"]


def test_a_fair_state_replays_from_the_rules_start_of_its_own_setup(referee, tmp_path):
    """Every replay goes through the one rules object: ``RULES.start(state.setup)`` is the
    match before its first event (the words of entropy being events), as the file's is."""
    path = tmp_path / "m.toml"
    new_match(referee, path, "--target", "100")
    give_all(referee, path)
    rng = random.Random(5)
    for _trick in range(3):
        cards = [str(card) for card in legal_trick(savefile.load(path, SMOOR).state, rng)]
        assert referee("smoor", "trick", str(path), *cards).exit_code == 0
    saved = savefile.load(path, SMOOR)
    state = SMOOR.start(saved.state.setup)
    assert state == savefile.replay(SMOOR, savefile.rules_setup(path, saved.setup), [])
    for event in saved.events:
        state = SMOOR.apply(state, SMOOR.decode(state, event)).state
    assert state == saved.state


def test_the_fingerprint_is_128_bits_so_no_secret_can_be_ground_to_match_it():
    printed = fair.fingerprint(fair.commitment(fair.new_secret()))
    groups = printed.split("-")
    assert len(groups) == 8 and all(len(group) == 4 for group in groups)
    assert len("".join(groups)) * 4 >= 128
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "notes down the whole fingerprint" in readme


def test_another_games_kept_secret_is_refused_when_the_file_loads(referee, tmp_path):
    first, second = tmp_path / "j1.toml", tmp_path / "j2.toml"
    new_match(referee, first)
    new_match(referee, second)
    secret_path(second).write_bytes(secret_path(first).read_bytes())
    secret_path(second).chmod(0o600)  # a secret readable by others is refused
    before = second.read_bytes()
    for args in (("smoor", "standings", str(second)), ("entropy", str(second), "Anna", "x"), ("reveal", str(second))):
        refused = referee(*args)
        assert refused.exit_code == 2, (args, refused.stdout)
        assert "is not the one" in refused.stderr and ".j2.toml.fair" in refused.stderr and "Traceback" not in refused.stderr
    assert second.read_bytes() == before
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert "Renaming or moving a game file means renaming or moving `.NAME.fair` with it" in readme


def test_a_renamed_game_file_without_its_kept_secret_says_what_is_missing(referee, tmp_path):
    path = tmp_path / "j1.toml"
    new_match(referee, path)
    moved = tmp_path / "j1moved.toml"
    os.rename(path, moved)
    refused = referee("smoor", "standings", str(moved))
    assert refused.exit_code == 2 and ".j1moved.toml.fair" in refused.stderr and "missing" in refused.stderr


def test_after_the_reveal_no_new_word_of_entropy_is_taken(referee, tmp_path):
    """Revealed before every word was in: a word taken back may only be given again as
    it was (and stays on the record as taken back)."""
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path, SMOOR_PLAYERS[:2], WORDS[:2])
    assert referee("reveal", str(path)).exit_code == 0
    for _word in WORDS[:2]:
        undone = referee("smoor", "undo", str(path))
        assert undone.exit_code == 0 and "The secret stays revealed" in undone.stdout and "stays on the record" in undone.stdout
    assert referee("smoor", "undo", str(path), "--json").exit_code == 1  # nothing left: the reveal is not an event
    before = path.read_bytes()
    other = referee("entropy", str(path), "Anna", "something else")
    assert other.exit_code == 1 and "the secret is revealed" in other.stderr and "'apple'" in other.stderr
    assert path.read_bytes() == before
    assert referee("entropy", str(path), "Anna", "apple").exit_code == 0  # as it was
    assert referee("smoor", "redo", str(path)).exit_code == 1  # a new entry ends what redo could put back
    assert referee("entropy", str(path), "Bram", WORDS[1]).exit_code == 0
    checked = referee("verify", str(path), "--json")
    assert checked.exit_code == 0 and checked.json()["verified"] is True
    assert checked.json()["withdrawn"] == [{"seat": "Bram", "word": WORDS[1]}, {"seat": "Anna", "word": WORDS[0]}]


def test_a_game_revealed_before_every_word_takes_no_more_words(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path, SMOOR_PLAYERS[:2], WORDS[:2])
    revealed = referee("reveal", str(path))
    assert revealed.exit_code == 0 and "Not every player had given entropy" in revealed.stdout
    before = path.read_bytes()
    refused = referee("entropy", str(path), "Cees", "late")
    assert refused.exit_code == 1 and "no new word of entropy" in refused.stderr
    assert path.read_bytes() == before
    document = referee("verify", str(path), "--json").json()
    assert document["entropy_before_reveal"] is False and document["deals"] == []


def test_undoing_the_last_trick_of_a_finished_match_keeps_it_verified(referee, played_match):
    undone = referee("smoor", "undo", str(played_match), "--json")
    assert undone.exit_code == 0 and undone.json()["secret_stays_revealed"] is True
    assert "secret" in tomllib.loads(played_match.read_text())["setup"]["fair"]
    checked = referee("verify", str(played_match), "--json")
    assert checked.exit_code == 0, checked.stdout
    assert checked.json()["verified"] is True
    for _trick in range(5):  # further back: the deals the reveal recorded are still the deals
        assert referee("smoor", "undo", str(played_match)).exit_code == 0
    assert referee("verify", str(played_match)).exit_code == 0
    assert "The secret stays revealed" in referee("smoor", "undo", str(played_match)).stdout


def test_a_finished_match_counts_only_the_deals_it_played(played_match):
    table = tomllib.loads(played_match.read_text())["setup"]["fair"]
    match = savefile.load(played_match, SMOOR).state
    assert match.outcome is not None
    assert [deal["number"] for deal in table["deals"]] == list(range(len(match.rounds)))
    assert len(SMOOR.deal_seeds(match)) == len(match.rounds)


def test_the_entry_that_ends_a_fair_match_prints_the_secret(referee, _played, before_the_last_trick):
    secret = kept_secret(before_the_last_trick)
    copy = before_the_last_trick.with_name("copy.toml")
    copy.write_bytes(before_the_last_trick.read_bytes())
    secret_path(copy).write_bytes(secret_path(before_the_last_trick).read_bytes())
    secret_path(copy).chmod(0o600)  # a secret readable by others is refused
    ended = referee("smoor", "trick", str(before_the_last_trick), *_played.last_trick)
    assert ended.exit_code == 0, ended.stderr
    assert f"the secret is revealed: {secret}" in ended.stdout
    assert f"`referee verify {before_the_last_trick}`" in ended.stdout
    as_json = referee("smoor", "trick", str(copy), *_played.last_trick, "--json")
    assert as_json.exit_code == 0, as_json.stderr
    assert as_json.json()["revealed"]["secret"] == secret
    assert [deal["number"] for deal in as_json.json()["revealed"]["deals"]] == [0]


def test_verify_names_an_inserted_deal_out_of_its_place(referee, played_match):
    table = tomllib.loads(played_match.read_text())["setup"]["fair"]
    seed = table["deals"][0]["seed"]
    tampered(played_match, lambda t: t.replace(f'{{ number = 0, seed = "{seed}" }},', f'{{ number = 0, seed = "{seed}" }}, {{ number = 0, seed = "{seed}" }},'))
    found = referee("verify", str(played_match), "--json").json()
    assert found["finding"] == "deal_out_of_order" and "deal 0 where deal 1 belongs" in found["message"]
    assert "missing" not in found["message"]


def test_reveal_and_verify_say_one_deal_and_one_event_in_the_singular_and_name_the_file(referee, tmp_path):
    from referee.fair.voice import verdict_lines
    from referee.fair.verify import Verification

    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path)
    revealed = referee("reveal", str(path))
    assert "Deal 0 was dealt before the reveal" in revealed.stdout and "Deals 0 to 0" not in revealed.stdout
    assert f"`referee verify {path}`" in revealed.stdout and "FILE" not in revealed.stdout
    shown = referee("smoor", "standings", str(path))
    assert f"`referee verify {path}`" in shown.stdout and "FILE" not in shown.stdout
    one = Verification(None, (), "0" * 64, "1" * 64, ("A", "B"), ("x", "y"), (), 1, 1, True)
    assert "the one event fits" in verdict_lines(one)[-1] and "all 1 events" not in verdict_lines(one)[-1]
    made = referee("smoor", "new", str(tmp_path / "n.toml"), *SMOOR_PLAYERS, "--fair")
    assert f"referee entropy {tmp_path / 'n.toml'} Anna WORD" in made.stdout


def test_the_dutch_command_words_take_entropy_reveal_and_verify(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    for name, word in zip(SMOOR_PLAYERS, WORDS):
        assert referee("--lang", "nl", "smoor", "entropie", str(path), name, word).exit_code == 0
    assert referee("smoor", "onthul", str(path)).exit_code == 0
    assert referee("smoor", "controleer", str(path)).exit_code == 0
    spell = tmp_path / "s.toml"
    assert referee("spell", "new", str(spell), "Anna", "Bram", "--fair").exit_code == 0
    assert referee("spell", "entropie", str(spell), "Anna", "x").exit_code == 0


def test_words_of_entropy_are_quoted_in_show_and_verify(referee, tmp_path):
    path = tmp_path / "m.toml"
    new_match(referee, path)
    words = ("a,  B b", "c", "d", "e")
    give_all(referee, path, SMOOR_PLAYERS, words)
    assert "Entropy: Anna 'a,  B b', Bram 'c'" in referee("smoor", "standings", str(path)).stdout
    assert referee("reveal", str(path)).exit_code == 0
    assert "Anna 'a,  B b'" in referee("verify", str(path)).stdout


def test_a_full_disk_leaves_no_partial_kept_secret(referee, tmp_path, monkeypatch):
    import errno

    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path = tmp_path / "m.toml"
    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        failed = referee("smoor", "new", str(path), *SMOOR_PLAYERS, "--fair")
    assert failed.exit_code == 2 and os.strerror(errno.ENOSPC) in failed.stderr and "Traceback" not in failed.stderr
    assert list(tmp_path.iterdir()) == []  # neither the file, nor a partial secret, nor a temporary one
    made = referee("smoor", "new", str(path), *SMOOR_PLAYERS, "--fair")
    assert made.exit_code == 0, made.stderr
    assert secret_path(path).stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == [".m.toml.fair", "m.toml"]


def test_an_old_files_seed_that_starts_pf1_still_loads_while_a_typed_one_is_checked(referee, tmp_path):
    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), *SMOOR_PLAYERS, "--seed", "plain").exit_code == 0
    path.write_text(path.read_text().replace('seed = "plain"', 'seed = "pf1:my-old-seed"'))
    shown = referee("smoor", "standings", str(path))
    assert shown.exit_code == 0, shown.stderr
    typed = referee("smoor", "new", str(tmp_path / "n.toml"), *SMOOR_PLAYERS, "--seed", "pf1:abc")
    assert typed.exit_code == 2 and "64 hex digits" in typed.stderr
    assert not (tmp_path / "n.toml").exists()
    assert referee("deal", "smoorverliefd", "--seed", "pf1:abc").exit_code == 2


def test_every_game_reaches_its_fair_record_through_the_rules():
    from referee.fair.rules import FairRules, record_of
    from referee.smitten.ruleset import RULES as SMITTEN

    for rules in (SMOOR, SPELL, SMITTEN):
        assert isinstance(rules, FairRules)
    source = (Path(__file__).parent.parent / "referee" / "fair" / "rules.py").read_text()
    assert "type: ignore" not in source and "__getattr__" not in source
    assert record_of(object(), object()) is None


def test_a_file_revealed_by_the_first_version_of_the_reveal_still_loads_and_verifies(referee, played_match):
    """Before the reveal recorded its words, it recorded the round after a match's last
    among its deals (a deal never played): such a file loads and verifies as it was."""
    table = tomllib.loads(played_match.read_text())["setup"]["fair"]
    extra = fair.deal_seed(bytes.fromhex(table["secret"]), "smoorverliefd", "4-players", 1, list(WORDS))
    text = re.sub(r"\nwords = \[[^\]]*\]", "", played_match.read_text())
    text = re.sub(r'\nreveal_code = "[^"]*"', "", text)  # nor its code
    seed = table["deals"][0]["seed"]
    text = text.replace(f'{{ number = 0, seed = "{seed}" }},', f'{{ number = 0, seed = "{seed}" }}, {{ number = 1, seed = "{extra}" }},')
    played_match.write_text(text)
    assert "words" not in tomllib.loads(text)["setup"]["fair"] and len(tomllib.loads(text)["setup"]["fair"]["deals"]) == 2
    assert referee("smoor", "standings", str(played_match)).exit_code == 0
    checked = referee("verify", str(played_match), "--json")
    assert checked.exit_code == 0, checked.stdout


def test_fair_deals_are_one_package_with_one_adapter_for_every_game():
    """referee/fair/ holds the scheme, the wrapper and its voice; no game's ruleset
    repeats the adapter (only `fair_deals`, which differs per game, is the game's own);
    the package's own import is free, and the ground floor does not import it."""
    import subprocess
    import sys

    root = Path(__file__).parent.parent / "referee"
    assert {path.name for path in (root / "fair").glob("*.py")} >= {"__init__.py", "scheme.py", "rules.py", "voice.py", "verify.py"}
    for game in ("smitten", "smoorverliefd", "spellcrafter"):
        source = (root / game / "ruleset.py").read_text()
        assert "def fair_deals" in source
        for copied in ("def setup_of", "def fair_of", "def with_fair", "def fair_seed"):
            assert copied not in source, (game, copied)
    for ground in ("errors.py", "game.py", "cards.py", "i18n.py"):
        assert "referee.fair" not in (root / ground).read_text(), ground
    loaded = subprocess.run([sys.executable, "-c", "import sys, referee.fair; print(sorted(m for m in sys.modules if m.startswith('referee')))"],
                            capture_output=True, text=True, check=True)  # fmt: skip
    assert loaded.stdout.strip() == "['referee', 'referee.fair']"


# --- no one can choose a deal, the host included (issue 34) ---------------------------------


def test_a_word_taken_back_before_the_deal_stays_on_the_record(referee, tmp_path):
    """An undo of a word before every word is in: the word stays on the record, for the
    table to see in `show`, `history`, the screens' `fair` and `verify`."""
    from referee.fair.rules import public_of

    path = tmp_path / "m.toml"
    new_match(referee, path)
    give_all(referee, path, SMOOR_PLAYERS[:2], WORDS[:2])
    undone = referee("smoor", "undo", str(path))
    assert undone.exit_code == 0 and "Bram's word 'dice 3 5 6' stays on the record as taken back" in undone.stdout
    assert tomllib.loads(path.read_text())["setup"]["fair"]["withdrawn"] == [{"player": "Bram", "word": WORDS[1]}]
    assert referee("entropy", str(path), "Bram", "another").exit_code == 0
    info = public_of(SMOOR, savefile.load(path, SMOOR).state)  # what the TV and every phone get
    assert info is not None and info["withdrawn"] == [{"seat": "Bram", "word": WORDS[1]}]
    history = referee("smoor", "history", str(path), "--json").json()
    assert history["withdrawn"] == [{"seat": "Bram", "word": WORDS[1]}]
    assert "Taken back by an undo, kept on the record: Bram 'dice 3 5 6'" in referee("smoor", "history", str(path)).stdout
    assert "Bram 'dice 3 5 6'" in referee("smoor", "standings", str(path)).stdout
    assert "`undo` teruggenomen" in referee("--lang", "nl", "smoor", "standings", str(path)).stdout
    give_all(referee, path, SMOOR_PLAYERS[2:], WORDS[2:])
    assert referee("reveal", str(path)).exit_code == 0
    checked = referee("verify", str(path))
    assert checked.exit_code == 0 and "Taken back by an undo, kept on the record: Bram 'dice 3 5 6'" in checked.stdout
    assert referee("verify", str(path), "--json").json()["withdrawn"] == [{"seat": "Bram", "word": WORDS[1]}]


@pytest.mark.parametrize("game", ["smoor", "smitten"])
def test_once_the_cards_are_dealt_no_word_can_be_undone(referee, tmp_path, game):
    """Every word in: an undo of a word is refused (exit 1, the file unchanged), before
    the reveal and after it; the game's own entries can still be undone."""
    path = tmp_path / "g.toml"
    if game == "smoor":
        new_match(referee, path, "--target", "100")
        give_all(referee, path)
        assert referee("smoor", "round", str(path), "Anna=3", "Bram=0", "Cees=9", "Daan=1", "--ace", "Cees").exit_code == 0
        assert referee("smoor", "undo", str(path)).exit_code == 0  # a round: as ever
    else:
        assert referee("smitten", "new", str(path), "--fair", "--players", "Anna", "Bram").exit_code == 0
        give_all(referee, path, ("Anna", "Bram"), ("x", "y"))
    for revealed in (False, True):
        before, kept = path.read_bytes(), secret_path(path).read_bytes() if not revealed else None
        refused = referee(game, "undo", str(path))
        assert refused.exit_code == 1 and "the words are fixed for good" in refused.stderr, refused.stderr
        assert path.read_bytes() == before
        assert "voorgoed vast" in referee("--lang", "nl", game, "undo", str(path)).stderr
        assert path.read_bytes() == before and (revealed or secret_path(path).read_bytes() == kept)
        if not revealed:
            assert referee("reveal", str(path)).exit_code == 0


def test_an_edit_cannot_change_a_word_of_entropy(referee, tmp_path):
    from referee.errors import RuleError

    path = tmp_path / "m.toml"
    new_match(referee, path, "--target", "100")
    give_all(referee, path)
    assert referee("smoor", "round", str(path), "Anna=3", "Bram=0", "Cees=9", "Daan=1", "--ace", "Cees").exit_code == 0
    before = path.read_bytes()

    def another_word(events: list[dict[str, Any]], _state: Any) -> list[dict[str, Any]]:
        return [{**events[0], "word": "chosen"}, *events[1:]]

    with pytest.raises(RuleError, match="cannot change a word of entropy"):
        savefile.rewrite(path, SMOOR, another_word)
    assert path.read_bytes() == before


def test_the_reveal_prints_a_code_for_the_table_and_verify_prints_it_again(referee, tmp_path):
    path = tmp_path / "g.toml"
    assert referee("smitten", "new", str(path), "--fair", "--players", "Anna", "Bram").exit_code == 0
    give_all(referee, path, ("Anna", "Bram"), ("x", "y"))
    revealed = referee("reveal", str(path), "--json").json()
    code = revealed["reveal_code"]
    table = tomllib.loads(path.read_text())["setup"]["fair"]
    assert table["reveal_code"] == code == fair.reveal_code(table["commitment"], 2, [(0, table["deals"][0]["seed"])], ["x", "y"])
    assert re.fullmatch(r"[0-9a-f]{4}(-[0-9a-f]{4}){3}", code)
    checked = referee("verify", str(path))
    assert checked.exit_code == 0 and f"Reveal code: {code} (revealed after event 2)" in checked.stdout
    assert referee("verify", str(path), "--json").json()["reveal_code"] == code


def test_the_entry_that_ends_a_fair_match_prints_the_reveal_code(_played):
    table = tomllib.loads(_played.ended.decode())["setup"]["fair"]
    assert table["reveal_code"] == fair.reveal_code(table["commitment"], table["revealed_after"],
                                                    [(d["number"], d["seed"]) for d in table["deals"]], table["words"])  # fmt: skip


@pytest.mark.parametrize("game", ["smoor", "smitten"])
def test_verify_catches_a_moved_reveal(referee, played_match, tmp_path, game):
    """A reveal moved by hand (another `revealed_after`, in a one-deal game too, where the
    deals cannot tell) is a finding, exit 1; verify writes nothing."""
    if game == "smitten":
        path = tmp_path / "g.toml"
        assert referee("smitten", "new", str(path), "--fair", "--players", "Anna", "Bram").exit_code == 0
        give_all(referee, path, ("Anna", "Bram"), ("x", "y"))
        assert referee("reveal", str(path)).exit_code == 0
        assert referee("smitten", "play", str(path), "--by", "Anna", *first_smitten_move(path)).exit_code == 0
        moved = 3
    else:
        path, moved = played_match, 9
    assert referee("verify", str(path)).exit_code == 0
    tampered(path, lambda text: re.sub(r"revealed_after = \d+", f"revealed_after = {moved}", text))
    before = path.read_bytes()
    found = referee("verify", str(path), "--json")
    assert found.exit_code == 1 and found.json()["finding"] == "reveal_moved", found.stdout
    assert path.read_bytes() == before
    said = referee("verify", str(path))
    assert said.exit_code == 1 and "NOT verified: the reveal's record was changed" in said.stdout


def first_smitten_move(path: Path) -> list[str]:
    """A legal first play of Anna in a dealt Smitten game, as `play`'s words."""
    from referee.smitten.ruleset import RULES as SMITTEN

    state = savefile.load(path, SMITTEN).state
    action = next(iter(SMITTEN.legal_actions(state)))
    event = SMITTEN.encode(state, action)
    return [str(event["card"]), *(["--choose", str(event["choose"])] if "choose" in event else [])]  # a 5 says higher or lower


def test_a_fair_rematch_prints_what_new_fair_prints(referee, tmp_path):
    old, new = tmp_path / "a.toml", tmp_path / "b.toml"
    assert referee("smitten", "new", str(old), "--fair", "--players", "Anna", "Bram").exit_code == 0
    rematched = referee("smitten", "rematch", str(old), str(new))
    assert rematched.exit_code == 0, rematched.stderr
    commitment = tomllib.loads(new.read_text())["setup"]["fair"]["commitment"]
    assert commitment in rematched.stdout and fair.fingerprint(commitment) in rematched.stdout
    assert "in seat order, Anna first: `referee entropy" in rematched.stdout
    document = referee("smoor", "rematch", *new_match_path(referee, tmp_path), "--json").json()
    assert document["fair"]["fingerprint"] == fair.fingerprint(document["fair"]["commitment"])
    plain = referee("smoor", "new", str(tmp_path / "p.toml"), *SMOOR_PLAYERS)
    assert plain.exit_code == 0
    again = referee("smoor", "rematch", str(tmp_path / "p.toml"), str(tmp_path / "p2.toml"))
    assert again.exit_code == 0 and "Fingerprint" not in again.stdout


def new_match_path(referee, tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / "m.toml"
    new_match(referee, path)
    return str(path), str(tmp_path / "m2.toml")


@pytest.mark.parametrize("game", ["smitten", "smoor", "spell"])
def test_the_fair_reveal_is_reachable_in_every_games_group(referee, tmp_path, game):
    """`reveal-secret` in every group; Smitten's `reveal` stays card 1's."""
    path = tmp_path / "g.toml"
    players = {"smitten": ["--players", "Anna", "Bram"], "smoor": list(SMOOR_PLAYERS), "spell": ["Anna", "Bram"]}[game]
    made = referee(game, "new", str(path), *(players if game == "smitten" else []), *([] if game == "smitten" else players), "--fair")
    assert made.exit_code == 0, made.stderr
    revealed = referee(game, "reveal-secret", str(path), "--json")
    assert revealed.exit_code == 0, revealed.stderr
    assert "secret" in tomllib.loads(path.read_text())["setup"]["fair"] and revealed.json()["reveal_code"]
    if game == "smitten":
        assert "Card 1" in referee("smitten", "reveal", "--help").stdout


@pytest.mark.slow
def test_the_fair_reveal_is_reachable_in_a_smitten_table_session(tmp_path):
    path = tmp_path / "g.toml"
    referee_bin = installed_referee()
    subprocess.run([referee_bin, "smitten", "new", str(path), "--fair", "--players", "Anna", "Bram"], check=True, capture_output=True)
    lines = "entropy Anna x\nentropy Bram y\nreveal-secret\nquit\n"
    done = subprocess.run([referee_bin, "table", str(path)], input=lines, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Secret revealed" in done.stdout and "Reveal code" in done.stdout
