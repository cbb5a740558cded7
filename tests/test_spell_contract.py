"""Spellcrafter on the game contract (referee/game.py): actions decoded from and encoded
to the save file's events, effects, the one refusal, the one Outcome, typed entries."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import games, savefile
from referee.data import example
from referee.errors import InputError, Refused, RuleError
from referee.fair.rules import EntropyGiven
from referee.game import Outcome, Step, refuse
from referee.lexicon.challenge import Challenge, Consequence
from referee.lexicon.reasons import Reason
from referee.lexicon.verdict import Verdict
from referee.spellcrafter import actions
from referee.spellcrafter.actions import (
    ChallengeDecided,
    ChallengeWord,
    EnterPass,
    EnterWord,
    Passed,
    WordScored,
)
from referee.spellcrafter.entry import challenge_event, pass_entry, word_entry
from referee.spellcrafter.game import Game, Termination
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.voice import VOICE
from referee.spellcrafter.setup import Setup

KIT = ["K6m", "I1m", "T1m"]  # 16
CAT = ["C3s", "A1f", "T1m"]  # 5
ZAPPY = ["Z10m", "A1m", "P3m", "DDm:P", "Y4m"]  # 63
NAMES = ("Anna", "Bram", "Cees")


def start(*players: str) -> Game:
    return Game.start(Setup.build(players or NAMES))


def run(state: Game, *events: dict[str, Any]) -> Game:
    for event in events:
        state = RULES.apply(state, RULES.decode(state, event)).state
    return state


def word(player: str, cards: list[str], **more: object) -> dict[str, Any]:
    return {"kind": "word", "player": player, **more, "cards": cards}


def challenge(challenger: str, player: str, valid: bool) -> dict[str, Any]:
    return {"kind": "challenge", "challenger": challenger, "player": player, "word": "kit", "valid": valid,
            "reason": "in dictionary" if valid else "not in dictionary", "dictionary": "builtin:en"}  # fmt: skip


# --- decode and encode ----------------------------------------------------------------------


def test_every_event_of_the_example_game_encodes_back_to_the_same_event():
    document = tomllib.loads(example("spellcrafter-game.toml").read_text(encoding="utf-8"))
    state = RULES.start(RULES.read_setup(document["setup"]))
    assert document["events"]
    for event in document["events"]:
        action = RULES.decode(state, event)
        assert RULES.encode(state, action) == event
        assert list(RULES.encode(state, action)) == list(event)  # the keys in the file's order
        state = RULES.apply(state, action).state


def test_events_decode_into_small_frozen_actions():
    state = start()
    assert RULES.decode(state, word("Bram", KIT, round=1)) == EnterWord(seat=1, tokens=tuple(parse_word(KIT)), round=1)
    assert RULES.decode(state, {"kind": "pass", "player": "Cees"}) == EnterPass(seat=2)
    assert RULES.decode(state, challenge("Anna", "Bram", False)) == ChallengeWord(
        challenger=0, seat=1, valid=False, reason="not in dictionary", dictionary="builtin:en", word="kit"
    )
    with pytest.raises(AttributeError):
        EnterPass(seat=0).seat = 1  # type: ignore[misc]  # read-only on purpose: refused at run time too


def test_a_challenge_event_without_its_word_encodes_without_it():
    state = run(start(), word("Anna", KIT))
    event = challenge("Bram", "Anna", True)
    del event["word"]
    assert RULES.encode(state, RULES.decode(state, event)) == event


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"kind": "word", "player": "Anna"}, "a word event needs `cards`"),
        ({"kind": "word", "player": "Zoe", "cards": KIT}, "Zoe"),
        ({"kind": "word", "player": "Anna", "cards": ["K6"]}, "K6"),
        ({"kind": "pass", "player": "Anna", "round": "2"}, "`round` must be a whole number"),
        ({**challenge("Bram", "Anna", True), "valid": "yes"}, "`valid` = true or false"),
        ({**challenge("Bram", "Anna", True), "word": 3}, "`word` as text"),
        ({"kind": "shout", "player": "Anna"}, "unknown event kind 'shout'"),
    ],
)
def test_an_event_that_cannot_be_read_is_an_input_error(event, message):
    with pytest.raises(InputError, match=message):
        RULES.decode(start(), event)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["word", "pass", "challenge"]), st.integers(0, 2), st.integers(0, 2),
                          st.sampled_from([KIT, CAT, ZAPPY]), st.booleans(), st.sampled_from([None, 1, 2])),
                max_size=14))  # fmt: skip
def test_encode_decode_round_trips_and_refusal_is_what_apply_raises(moves):
    """For every action: encode(decode(event)) is the event; refusal is None exactly when
    apply accepts the action, and otherwise the very refusal apply raises."""
    state = start()
    for kind, seat, other, cards, valid, round_number in moves:
        if kind == "challenge":
            event = challenge(NAMES[other], NAMES[seat], valid)
        else:
            event = {"kind": kind, "player": NAMES[seat]}
            if round_number is not None:
                event["round"] = round_number
            if kind == "word":
                event["cards"] = cards
        action = RULES.decode(state, event)
        assert RULES.encode(state, action) == event
        reason = RULES.refusal(state, action)
        try:
            step = RULES.apply(state, action)
        except Refused as error:
            assert reason is not None and reason == error.refusal and error.exit_code == reason.exit_code
            continue
        assert reason is None
        state = step.state


def test_decode_and_encode_are_the_actions_modules_and_the_rules_delegate_to_them():
    state = run(start(), word("Anna", KIT))
    event = challenge("Bram", "Anna", True)
    action = actions.decode(state, event)
    assert action == RULES.decode(state, event)
    assert actions.encode(state, action) == RULES.encode(state, action) == event


# --- the registered rules ---------------------------------------------------------------------


def test_the_registered_rules_are_the_rules_the_command_line_uses():
    from referee.cli.spell_game import _rules

    assert games.game("spellcrafter").load_rules() is RULES is _rules()
    assert RULES.format == games.game("spellcrafter").format


@pytest.mark.parametrize("name", ["builtin:fr", "bogus:en", "hunspell:not a tag", "wordfreq:xx@3", "builtin"])
def test_the_registered_rules_refuse_a_stored_dictionary_referee_does_not_know(name):
    table = Setup.build(NAMES).to_toml() | {"dictionary": name}
    with pytest.raises(InputError):
        games.game("spellcrafter").load_rules().read_setup(table)


@pytest.mark.parametrize("name", ["builtin:en", "hunspell:nl_NL", "wordfreq:en@3", "file:/no/such/list.txt"])
def test_the_stored_dictionary_is_checked_by_name_only_so_a_game_stays_readable_without_it(name):
    table = Setup.build(NAMES).to_toml() | {"dictionary": name}
    assert RULES.read_setup(table).dictionary == name


def test_history_says_which_round_each_entry_went_into():
    before = start()
    event = word("Anna", KIT)
    done = RULES.apply(before, RULES.decode(before, event))
    assert not isinstance(done.effect, EntropyGiven)
    detail = VOICE.history_detail(before, event, Step(done.state, done.effect))
    assert detail == {"round": 1, "section": "Round 1"}


def test_the_rules_build_no_sentence_describe_and_history_detail_are_the_voices():
    assert not hasattr(RULES, "describe") and not hasattr(RULES, "history_detail")
    assert VOICE.event(word("Anna", KIT)) == "word: Anna K6m I1m T1m"


# --- effects --------------------------------------------------------------------------------


def test_a_word_reports_its_score_and_whether_it_completed_the_round():
    state = start()
    step = RULES.apply(state, RULES.decode(state, word("Bram", KIT)))
    assert isinstance(step.effect, WordScored)
    assert step.effect == WordScored(seat=1, round=1, score=step.effect.score, completes=False)
    assert step.effect.score.word == "KIT" and step.effect.score.score == 16
    state = run(step.state, {"kind": "pass", "player": "Anna"})
    last = RULES.apply(state, EnterWord(seat=2, tokens=tuple(parse_word(CAT))))
    assert isinstance(last.effect, WordScored)
    assert last.effect.completes and last.effect.round == 1
    opened = RULES.apply(last.state, EnterPass(seat=0))
    assert opened.effect == Passed(seat=0, round=2, completes=False)


def test_a_challenge_reports_the_word_and_its_consequence():
    state = run(start(), word("Anna", KIT))
    stands = RULES.apply(state, RULES.decode(state, challenge("Bram", "Anna", True))).effect
    assert isinstance(stands, ChallengeDecided)
    assert (stands.challenger, stands.seat, stands.round, stands.score.word) == (1, 0, 1, "KIT")
    assert stands.consequence == Consequence(challenger_loses=16, word_falls=False)
    falls = RULES.apply(state, RULES.decode(state, challenge("Bram", "Anna", False))).effect
    assert isinstance(falls, ChallengeDecided)
    assert falls.consequence == Consequence(challenger_loses=0, word_falls=True)


def test_if_the_word_is_in_the_dictionary_the_challenging_player_loses_points_equal_to_its_value():
    state = run(start(), word("Anna", KIT), challenge("Bram", "Anna", True))
    assert state.totals == (16, -16, 0)


def test_if_the_word_is_not_in_the_dictionary_the_player_who_played_it_scores_zero_for_the_round():
    state = run(start(), word("Anna", KIT), challenge("Bram", "Anna", False))
    assert state.totals == (0, 0, 0)


@given(st.booleans(), st.integers(0, 300))
def test_the_consequence_is_the_one_the_dictionary_challenge_gives(valid, value):
    """One definition for both: a game's challenge records the Consequence that
    lexicon.challenge.Challenge gives for the same verdict and value."""
    verdict = Verdict("kit", Reason.IN_DICTIONARY if valid else Reason.NOT_IN_DICTIONARY, "builtin:en")
    state = run(start(), word("Anna", KIT))
    recorded = RULES.apply(state, RULES.decode(state, challenge("Bram", "Anna", valid))).effect
    assert isinstance(recorded, ChallengeDecided)
    assert recorded.consequence == Challenge(verdict, 16).consequence == Consequence.of(valid, 16)
    assert Challenge(verdict, value).consequence == Consequence.of(valid, value)


# --- refusal and outcome ----------------------------------------------------------------------


def test_refusal_names_why_the_rules_forbid_an_action_and_apply_raises_it():
    state = run(start(), word("Anna", KIT))
    again = EnterPass(seat=0)
    refusal = RULES.refusal(state, again)
    assert refusal == refuse(Rule.ALREADY_ENTERED, seat=0, round=1, passed=False) and refusal.exit_code == 1
    assert VOICE.refusal(state, refusal) == "Anna already has a word in round 1; `undo` takes the last entry back"
    with pytest.raises(Refused, match="Anna already has a word in round 1") as raised:
        RULES.apply(state, again)
    assert raised.value.refusal == refusal
    assert RULES.refusal(state, EnterPass(seat=1)) is None
    own = ChallengeWord(challenger=0, seat=0, valid=True, reason="in dictionary", dictionary="builtin:en")
    assert RULES.refusal(state, own) == refuse(Rule.OWN_WORD, seat=0)
    assert VOICE.refusal(state, refuse(Rule.OWN_WORD, seat=0)) == "Anna cannot challenge their own word"


def test_refusal_never_raises_input_that_cannot_be_used_is_an_unusable_refusal():
    refusal = RULES.refusal(start(), EnterPass(seat=0, round=7))
    assert refusal == refuse(Rule.NO_SUCH_ROUND, unusable=True, round=7) and refusal.exit_code == 2
    assert VOICE.refusal(start(), refusal) == "a game has rounds 1 to 4, not 7"


def test_the_outcome_is_the_one_outcome_type_with_the_way_the_game_ended():
    state = start()
    assert RULES.outcome(state) is None
    over = run(state, word("Anna", ZAPPY), {"kind": "pass", "player": "Bram"}, {"kind": "pass", "player": "Cees"})
    outcome = RULES.outcome(over)
    assert outcome is not None
    assert (outcome.winners, outcome.termination) == ((0,), Termination.INSTANT_WIN)


# --- typed entries --------------------------------------------------------------------------


def test_a_typed_word_entry_resolves_the_player_and_reads_the_cards():
    state = start()
    assert word_entry("br", ["k6m", "I1m", "T1m"])(state) == {"kind": "word", "player": "Bram", "cards": ["K6m", "I1m", "T1m"]}
    assert RULES.decode(state, word_entry("br", ["k6m", "I1m", "T1m"])(state)) == EnterWord(seat=1, tokens=tuple(parse_word(KIT)))
    assert pass_entry("c", 2)(state) == {"kind": "pass", "player": "Cees", "round": 2}
    assert RULES.decode(state, pass_entry("c", 2)(state)) == EnterPass(seat=2, round=2)
    with pytest.raises(InputError):
        word_entry("Bram", ["K6"])  # a typo is reported before any file is read


def test_a_typed_word_repeating_the_round_before_needs_its_round_stated():
    state = run(start(), word("Anna", KIT), {"kind": "pass", "player": "Bram"}, {"kind": "pass", "player": "Cees"})
    with pytest.raises(Refused, match="add --round 2") as refused:
        word_entry("Anna", KIT)(state)
    assert refused.value.exit_code == 2
    assert word_entry("Anna", KIT, 2)(state)["round"] == 2


def test_a_challenge_entry_asks_the_dictionary_only_once_the_rules_allow_the_challenge():
    asked: list[str] = []

    def judge(game: Game, text: str) -> Verdict:
        asked.append(text)
        return Verdict(text.lower(), Reason.NOT_IN_DICTIONARY, "builtin:en")

    state = start()
    with pytest.raises(RuleError, match="Anna has no word in round 1 yet"):
        challenge_event("Bram", "Anna", judge)(state)
    assert asked == []
    state = run(state, word("Anna", KIT))
    action = RULES.decode(state, challenge_event("b", "a", judge)(state))  # the event, read by the game's parser
    assert asked == ["KIT"]
    assert action == ChallengeWord(challenger=1, seat=0, valid=False, reason="not in dictionary",
                                   dictionary="builtin:en", word="kit")  # fmt: skip


def test_recording_a_challenge_reports_before_action_and_effect(tmp_path):
    path = tmp_path / "game.toml"
    savefile.create(path, RULES, Setup.build(NAMES))
    savefile.record(path, RULES, word("Anna", KIT))
    recorded = savefile.record(path, RULES, challenge("Cees", "Anna", True))
    assert recorded.before.totals == (16, 0, 0) and recorded.state.totals == (16, 0, -16)
    assert isinstance(recorded.effect, ChallengeDecided) and recorded.effect.consequence.challenger_loses == 16
    assert recorded.event == challenge("Cees", "Anna", True)
