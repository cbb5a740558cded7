"""The Spellcrafter game (rulebook "Gameplay", "Challenges", "Game End", two-player
rules; SPEC §5.5), played through the rules without files."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.errors import InputError, Refused, RuleError
from referee.game import Outcome
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.deck import Deck, standin_deck
from referee.spellcrafter.game import Game, Termination, passing
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.setup import Setup
from referee.spellcrafter.voice import VOICE

KIT = ["K6m", "I1m", "T1m"]  # 16
CAT = ["C3s", "A1f", "T1m"]  # 5
KITTY = ["K6m", "I1m", "T1m", "DDm:T", "*Y4f"]  # 26
ZAPPY = ["Z10m", "A1m", "P3m", "DDm:P", "Y4m"]  # 21 × 3 = 63
ZAZZY = ["Z10s", "A1s", "Z10s", "DDs:Z", "Y4s"]  # 35 × 3 = 105


def over(state: Game) -> Outcome:
    """The outcome of a game the test expects over (failing if it goes on)."""
    assert state.outcome is not None, "the game is not over"
    return state.outcome


def game(*players: str, **options) -> Game:
    """A game; a seeded one here is drafted with real cards laid out from the deal (the
    draft through the referee is tested in test_spell_draft.py)."""
    options.setdefault("draft", False)
    return Game.start(Setup.build(players or ("Anna", "Bram", "Cees"), **options))


def apply(state: Game, event: dict[str, Any]) -> Game:
    """One event, as the save file holds it, through the rules."""
    return RULES.apply(state, RULES.decode(state, event)).state


def play(state: Game, *events: tuple[Any, ...]) -> Game:
    for event in events:
        kind, player, *rest = event
        if kind == "word":
            state = apply(state, {"kind": "word", "player": player, "cards": rest[0]})
        elif kind == "pass":
            state = apply(state, {"kind": "pass", "player": player})
        else:
            challenger, valid = rest
            state = apply(state, {"kind": "challenge", "player": player, "challenger": challenger, "valid": valid,
                                 "reason": "in dictionary" if valid else "not in dictionary", "dictionary": "builtin:en"})  # fmt: skip
    return state


def full_round(state: Game, words: dict[str, list[str] | None]) -> Game:
    for player, cards in words.items():
        state = play(state, ("word", player, cards) if cards else ("pass", player))
    return state


def test_passing_goes_left_first_and_alternates_with_each_round():
    assert [passing(n) for n in (1, 2, 3, 4)] == ["left", "right", "left", "right"]


def test_a_round_is_complete_when_every_player_has_a_word_or_a_pass():
    state = play(game(), ("word", "Anna", KIT), ("pass", "Bram"))
    assert not state.latest.complete and state.current_number == 1
    state = play(state, ("word", "Cees", CAT))
    assert state.latest.complete and state.current_number == 2


def test_a_player_enters_one_word_a_round():
    state = play(game(), ("word", "Anna", KIT))
    with pytest.raises(RuleError, match="Anna already has a word in round 1"):
        play(state, ("word", "anna", CAT))
    with pytest.raises(RuleError, match="Anna already has a word"):
        play(state, ("pass", "Anna"))


def test_the_same_word_as_the_players_word_of_the_round_that_just_completed_needs_its_round_stated():
    """Up-arrow + Enter on the last word of a round must not slide into the next round."""
    state = full_round(game(), {"Anna": KIT, "Bram": CAT, "Cees": None})
    with pytest.raises(Refused) as refused:
        check_repeat(state, 0, parse_word(KIT))
    assert str(refused.value) == (
        "Anna's word in round 1 was these same cards, KIT: if Anna played them again in round 2, add --round 2"
    )
    check_repeat(state, 0, parse_word(KIT), round_number=2)  # stated: a real repeat
    check_repeat(state, 0, parse_word(["I1m", "K6m", "T1m"]))  # other cards, or in another order
    check_repeat(state, 1, parse_word(KIT))  # Bram's word was CAT
    check_repeat(state, 2, parse_word(KIT))  # Cees passed
    check_repeat(state, 0, parse_word(KIT), round_number=1)  # a stated round is checked when the word is entered
    later = play(state, ("word", "Bram", ["C3m", "A1m", "T1m"]))
    with pytest.raises(Refused, match="Anna's word in round 1 was these same cards, KIT"):
        check_repeat(later, 0, parse_word(KIT))  # the round under way is still the one after it
    check_repeat(game(), 0, parse_word(KIT))  # round 1 follows no round


def test_a_pass_after_the_players_pass_of_the_round_before_needs_its_round_stated():
    """An accidental repeated `pass` must not slide into the next round and close the
    challenge window, as a repeated word must not."""
    state = full_round(game(), {"Anna": KIT, "Bram": None, "Cees": CAT})
    with pytest.raises(Refused) as refused:
        check_repeat(state, 1, None)
    assert str(refused.value) == "Bram passed in round 1; if Bram passes again in round 2, add --round 2"
    check_repeat(state, 1, None, round_number=2)  # stated: a real second pass
    check_repeat(state, 0, None)  # Anna played a word in round 1
    check_repeat(state, 1, parse_word(KIT))  # a word after a pass is no repeat
    check_repeat(game(), 1, None)  # round 1 follows no round


def test_a_pass_once_the_next_round_has_begun_is_taken_at_its_word():
    """Passing two rounds running is common: once someone has begun round 2, Bram's
    pass there cannot be the round-1 pass repeated by accident."""
    state = full_round(game(), {"Anna": KIT, "Bram": None, "Cees": CAT})
    state = RULES.apply(state, RULES.decode(state, {"kind": "word", "player": "Anna", "cards": CAT})).state
    check_repeat(state, 1, None)


def test_an_entry_after_the_game_is_over_is_refused_as_such_not_as_a_repeat():
    state = full_round(game(), {"Anna": KIT, "Bram": None, "Cees": CAT})
    state = full_round(state, {"Anna": ZAPPY, "Bram": None, "Cees": CAT})
    assert state.outcome is not None
    check_repeat(state, 1, None)
    check_repeat(state, 2, parse_word(CAT))


def test_a_replayed_file_keeps_a_repeated_word_that_was_entered_before_the_check():
    events: list[dict[str, Any]] = [{"kind": "word", "player": "Anna", "cards": KIT}, {"kind": "pass", "player": "Bram"},
              {"kind": "pass", "player": "Cees"}, {"kind": "word", "player": "Anna", "cards": KIT}]  # fmt: skip
    assert savefile.replay(RULES, Setup.build(("Anna", "Bram", "Cees")).to_toml(), events).totals == (32, 0, 0)


def test_a_stated_round_is_checked_against_the_current_one():
    state = full_round(game(), {"Anna": KIT, "Bram": CAT, "Cees": None})
    with pytest.raises(RuleError, match=r"^round 1 is complete; an entry now goes into round 2$"):
        apply(state, {"kind": "word", "player": "Anna", "round": 1, "cards": KIT})
    state = apply(state, {"kind": "word", "player": "Anna", "round": 2, "cards": KIT})
    assert state.latest.number == 2 and state.totals == (32, 5, 0)
    with pytest.raises(RuleError, match=r"^round 3 has not begun: round 2 is waiting for Bram, Cees$"):
        apply(state, {"kind": "pass", "player": "Bram", "round": 3})
    assert apply(state, {"kind": "pass", "player": "Bram", "round": 2}).latest.waiting == (2,)
    for wrong in (0, 5):
        with pytest.raises(Refused, match=f"^a game has rounds 1 to 4, not {wrong}$") as refused:
            apply(state, {"kind": "pass", "player": "Bram", "round": wrong})
        assert refused.value.exit_code == 2
    for not_whole in ("2", True, 2.0):
        with pytest.raises(InputError, match="`round` must be a whole number"):
            apply(state, {"kind": "pass", "player": "Bram", "round": not_whole})


def test_the_current_round_of_a_game_over_is_the_round_it_ended_in():
    """JSON's `round` is the round the next entry goes into; a finished game has none, so
    it is the round the game ended in: a game won at once in round 1 ended in round 1."""
    won = full_round(game(), {"Anna": KIT, "Bram": ZAPPY, "Cees": None})
    assert won.outcome is not None and won.current_number == 1
    state = game()
    for _ in range(4):
        state = full_round(state, {"Anna": KIT, "Bram": CAT, "Cees": None})
    assert state.outcome is not None and state.current_number == 4


def test_the_game_ends_after_four_rounds_with_the_highest_total():
    state = game()
    for _ in range(4):
        state = full_round(state, {"Anna": KIT, "Bram": CAT, "Cees": None})
    assert state.totals == (64, 20, 0)
    assert over(state).termination is Termination.HIGHEST_TOTAL and over(state).winners == (0,)
    with pytest.raises(RuleError, match="the game is over"):
        play(state, ("word", "Anna", KIT))


def test_a_word_of_fifty_or_more_wins_the_game_when_its_round_is_complete():
    """Words are written at the same time: the round's other words are still entered."""
    state = play(game(), ("word", "Bram", ZAPPY))
    assert state.outcome is None and state.waiting == (0, 2)
    state = play(state, ("word", "Anna", KIT), ("pass", "Cees"))
    assert over(state).termination is Termination.INSTANT_WIN and over(state).winners == (1,)
    with pytest.raises(RuleError, match="Bram wins at once with ZAPPY, 63 points"):
        play(state, ("word", "Anna", KIT))


def test_two_instant_wins_in_one_round_the_highest_word_wins():
    state = full_round(game(), {"Anna": ZAPPY, "Bram": ZAZZY, "Cees": KIT})
    assert over(state).termination is Termination.INSTANT_WIN and over(state).winners == (1,)
    assert VOICE.outcome(state, over(state)) == "Bram wins at once with ZAZZY, 105 points"


def test_two_equal_instant_wins_in_one_round_share_the_win():
    state = full_round(game(), {"Anna": ZAPPY, "Bram": KIT, "Cees": ZAPPY})
    assert over(state).termination is Termination.INSTANT_WIN and over(state).winners == (0, 2)
    assert VOICE.outcome(state, over(state)) == "Anna and Cees share the win at once with ZAPPY and ZAPPY, 63 points each"


@given(st.permutations([("Anna", ZAPPY), ("Bram", ZAZZY), ("Cees", ZAPPY), ("Daan", KIT)]))
def test_the_instant_win_does_not_depend_on_who_was_typed_first(order):
    state = game("Anna", "Bram", "Cees", "Daan")
    for name, cards in order:
        assert state.outcome is None
        state = play(state, ("word", name, cards))
    assert over(state).winners == (1,) and state.totals == (63, 105, 63, 16)


def test_a_challenged_instant_win_that_falls_does_not_count():
    state = full_round(game(), {"Anna": ZAPPY, "Bram": ZAZZY, "Cees": KIT})
    state = play(state, ("challenge", "Bram", "Cees", False))  # Cees challenges ZAZZY: it falls
    assert over(state).winners == (0,) and VOICE.outcome(state, over(state)) == "Anna wins at once with ZAPPY, 63 points"
    state = play(state, ("challenge", "Anna", "Bram", False))  # and ZAPPY falls too: the game goes on
    assert state.outcome is None and state.current_number == 2


def test_an_instant_win_that_falls_in_a_challenge_does_not_win_and_the_game_goes_on():
    state = play(game(), ("word", "Bram", ZAPPY), ("challenge", "Bram", "Anna", False))
    assert state.outcome is None and state.totals == (0, 0, 0)
    state = full_round(state, {"Anna": KIT, "Cees": None})
    assert state.outcome is None and state.totals == (16, 0, 0)


def test_an_instant_win_that_stands_a_challenge_still_wins_and_costs_the_challenger():
    state = play(game(), ("word", "Bram", ZAPPY), ("challenge", "Bram", "Anna", True))
    state = full_round(state, {"Anna": None, "Cees": None})
    assert over(state).winners == (1,) and state.totals == (-63, 63, 0)


def test_a_challenged_word_that_stands_costs_the_challenger_its_value():
    state = play(game(), ("word", "Anna", KITTY), ("challenge", "Anna", "Cees", True))
    assert state.totals == (26, 0, -26)


def test_a_challenged_word_that_falls_scores_zero_for_the_round():
    state = play(game(), ("word", "Anna", KITTY), ("challenge", "Anna", "Cees", False))
    assert state.totals == (0, 0, 0)


def test_totals_may_go_negative():
    state = play(game(), ("pass", "Cees"), ("word", "Anna", KITTY), ("challenge", "Anna", "Cees", True))
    assert min(state.totals) == -26


def test_a_challenge_targets_a_word_of_the_latest_round_until_the_next_round_begins():
    state = full_round(game(), {"Anna": KIT, "Bram": CAT, "Cees": None})
    state = play(state, ("challenge", "Bram", "Cees", True))  # the last word of round 1 too
    state = play(state, ("word", "Bram", KIT))
    with pytest.raises(RuleError, match="Anna has no word in round 2 yet"):
        play(state, ("challenge", "Anna", "Cees", False))


@pytest.mark.parametrize(
    "events, says",
    [
        ([("word", "Anna", KIT), ("challenge", "Anna", "Anna", False)], "cannot challenge their own word"),
        ([("pass", "Anna"), ("challenge", "Anna", "Bram", False)], "Anna passed in round 1"),
        ([("word", "Anna", KIT), ("challenge", "Anna", "Bram", True), ("challenge", "Anna", "Cees", True)], "already been challenged by Bram"),
    ],
)
def test_challenge_rules(events, says):
    with pytest.raises(RuleError, match=says):
        play(game(), *events)


def test_a_tie_goes_to_the_longest_word_of_the_final_round():
    state = game("Anna", "Bram")
    for _ in range(3):
        state = full_round(state, {"Anna": ["C3s", "A1s", "T1m"], "Bram": ["C3s", "A1s", "T1m"]})
    state = full_round(state, {"Anna": ["C1s", "A1s", "T1m", "S1m"], "Bram": ["C2s", "A1s", "T1m"]})
    assert state.totals[0] == state.totals[1]
    assert over(state).termination is Termination.LONGEST_WORD and over(state).winners == (0,)


def test_the_longest_word_counts_letters_as_for_the_minimum_qu_as_one():
    state = game("Anna", "Bram")
    for _ in range(3):
        state = full_round(state, {"Anna": None, "Bram": None})
    state = full_round(state, {"Anna": ["QU1s", "I1s", "T1m"], "Bram": ["B1s", "I1s", "T1m"]})
    assert over(state).termination is Termination.SHARED and over(state).winners == (0, 1)  # QUIT is 3 letters, like BIT


def test_a_tie_on_total_and_on_the_longest_word_is_a_shared_win():
    state = game()
    for _ in range(4):
        state = full_round(state, {"Anna": CAT, "Bram": CAT, "Cees": None})
    assert over(state).termination is Termination.SHARED and over(state).winners == (0, 1)


def test_two_player_games_are_played_without_the_familiars():
    with pytest.raises(RuleError, match="without the Familiars"):
        play(game("Anna", "Bram"), ("word", "Anna", CAT))
    assert play(game("Anna", "Bram"), ("word", "Anna", KIT)).totals == (16, 0)


def test_the_game_follows_the_friendly_rules_and_the_ddt_variant_it_was_started_with():
    with pytest.raises(RuleError, match="Jumper is mandatory"):
        play(game(variants=["friendly"]), ("word", "Anna", KIT))
    state = play(game(variants=["ddt"]), ("word", "Anna", ["C3m", "A1m", "T2m", "TRm:S", "DDm:A", "TOILm@1"]))
    assert state.totals[0] == 34


def test_with_a_known_deck_a_card_it_does_not_hold_is_unreadable():
    state = game(deck=standin_deck())
    with pytest.raises(Refused, match="K5m is not a card of this game's deck .*; the deck's moons K is K6m") as refused:
        play(state, ("word", "Anna", ["K5m", "I1m", "T1m"]))
    assert refused.value.exit_code == 2


def test_without_a_deck_file_card_values_run_from_one_to_ten():
    """The stand-in deck's range: K66m is a typo that must not score 136 and win."""
    for cards in (["K66m", "I1m", "T1m"], ["K6m", "I0m", "T1m"], ["K6m", "I1m", "*T11f"]):
        with pytest.raises(Refused) as refused:
            play(game(), ("word", "Anna", cards))
        assert str(refused.value).endswith("values run 1–10 in a game without a deck file")
        assert refused.value.exit_code == 2
    assert play(game(), ("word", "Anna", ["Q10s", "A1m", "T1m"])).totals[0] == 12


def test_with_a_deck_file_its_values_decide():
    box = Deck("our box", (SpellCard(SpellSuit.MOONS, "K", 12), SpellCard(SpellSuit.MOONS, "I", 1), SpellCard(SpellSuit.MOONS, "T", 1)))
    assert play(game(deck=box), ("word", "Anna", ["K12m", "I1m", "T1m"])).totals[0] == 28


def test_the_stand_in_decks_values_are_the_range_a_game_without_a_deck_accepts():
    from referee.spellcrafter.deck import STANDIN_VALUES

    values = {card.value for card in standin_deck().cards if card.is_letter}
    assert (min(values), max(values)) == (STANDIN_VALUES.start, STANDIN_VALUES.stop - 1) == (1, 10)


def test_a_card_used_more_often_than_the_deck_holds_it_breaks_the_rules():
    state = game(deck=standin_deck())
    with pytest.raises(RuleError, match="uses Z10m 2 times, but the deck holds 1"):
        play(state, ("word", "Anna", ["Z10m", "A1m", "Z10m"]))


def test_in_a_seeded_game_the_jumper_is_the_card_the_referee_turned_up():
    state = game(seed="amber", deck=standin_deck())
    jumper = state.jumper(1)
    assert str(jumper) == "R1f"
    play(state, ("word", "Anna", ["B3f", "A1f", "*R1f"]))
    with pytest.raises(RuleError, match="the Jumper on the table in round 1 is R1f, not Y4f"):
        play(state, ("word", "Anna", ["K6m", "I1m", "*Y4f"]))


def test_one_jumper_per_round_the_first_word_that_uses_it_fixes_it():
    """There is one Jumper on the table: without a referee's deal the first word of the
    round that uses it says which card it is, and a different one later breaks the rules."""
    state = play(game(), ("word", "Anna", ["*S1f", "I1m", "T1m"]))
    with pytest.raises(RuleError) as refused:
        play(state, ("word", "Bram", ["*Y4f", "E1m", "S1m"]))
    assert str(refused.value) == "the Jumper on the table in round 1 is S1f (Anna's SIT uses it), not Y4f"
    state = play(state, ("word", "Bram", ["*S1f", "E1m", "T1m"]), ("word", "Cees", KIT))  # the same Jumper: fine
    assert state.latest.complete
    assert play(state, ("word", "Anna", ["*Y4f", "E1m", "S1m"])).totals[0] > 0  # round 2 has its own Jumper


@pytest.mark.slow
@given(st.lists(st.tuples(st.sampled_from(["Anna", "Bram", "Cees"]), st.sampled_from(["*S1f", "*Y4f", "*Z10f", "O1m"])),
                max_size=12))  # fmt: skip
def test_every_word_of_a_round_that_uses_the_jumper_uses_the_same_one(entries):
    state = game()
    for name, first in entries:
        try:
            state = play(state, ("word", name, [first, "A1m", "T1m"]))
        except RuleError:
            continue
    for played in state.rounds:
        jumpers = {token.card for entry in played.entries if isinstance(entry, Play) for token in entry.score.tokens
                   if getattr(token, "jumper", False)}  # fmt: skip
        assert len(jumpers) <= 1


def test_the_jumper_of_a_word_that_fell_is_still_the_one_on_the_table():
    state = play(game(), ("word", "Anna", ["*S1f", "I1m", "T1m"]), ("challenge", "Anna", "Bram", False))
    with pytest.raises(RuleError, match=r"^the Jumper on the table in round 1 is S1f \(Anna's SIT uses it\), not Z10f$"):
        play(state, ("word", "Cees", ["*Z10f", "O1m", "O1m"]))


def test_a_replayed_file_with_two_jumpers_in_one_round_is_refused_at_the_second():
    events = [{"kind": "word", "player": "Anna", "cards": ["*S1f", "I1m", "T1m"]},
              {"kind": "word", "player": "Bram", "cards": ["*Y4f", "E1m", "S1m"]}]  # fmt: skip
    with pytest.raises(RuleError, match="the Jumper on the table in round 1 is S1f"):
        savefile.replay(RULES, Setup.build(("Anna", "Bram", "Cees")).to_toml(), events)


# Seed "amber", three players (`referee deal spellcrafter --players 3 --round N --seed amber`):
# round 1: Jumper R1f; hands B3s W4s B3f W4f U1f A1f T1m H4f | R1f G2c S1s T1s O1c O1m D2c N1s
#          | R1s L1c Y4c K6m I1c TOILc I1s T1f
# round 2: Jumper K6s; hands Y4m P3m N1c H4c P3f P3s I1m F4m | U1s B3m M3c E1m QU10f E1m E1s I1f
#          | S1f I1c K6f TOILf G2m H4s H4m R1c
def amber() -> Game:
    return game(seed="amber")


def test_in_a_seeded_game_every_card_of_a_word_but_the_jumper_was_dealt_that_round():
    state = amber()
    assert play(state, ("word", "Anna", ["B3f", "A1f", "T1f"])).totals == (10, 0, 0)
    with pytest.raises(RuleError, match=r"^E1f was not dealt in round 1$"):
        play(state, ("word", "Anna", ["E1f", "A1f", "*R1f"]))
    with pytest.raises(RuleError, match=r"^DDm was not dealt in round 1$"):
        play(state, ("word", "Anna", ["T1s", "O1m", "DDm:O"]))
    round_two = full_round(state, {"Anna": ["B3f", "A1f", "T1f"], "Bram": None, "Cees": None})
    with pytest.raises(RuleError, match=r"^H4f was not dealt in round 2$"):  # dealt in round 1, discarded since
        play(round_two, ("word", "Anna", ["H4f", "I1m", "P3m"]))
    assert play(round_two, ("word", "Anna", ["H4c", "I1m", "P3m"])).totals == (18, 0, 0)


def test_in_a_seeded_game_the_jumper_written_as_a_hand_card_was_not_dealt_into_a_hand():
    round_two = full_round(amber(), {"Anna": None, "Bram": None, "Cees": None})
    with pytest.raises(RuleError, match=r"^K6s was not dealt in round 2 \(it is the Jumper: write it \*K6s\)$"):
        play(round_two, ("word", "Cees", ["S1f", "K6s", "I1m"]))
    play(round_two, ("word", "Cees", ["S1f", "*K6s", "I1m"]))


def test_in_a_seeded_game_every_player_may_use_the_jumper():
    state = play(amber(), ("word", "Anna", ["B3f", "A1f", "*R1f"]), ("word", "Bram", ["T1s", "O1m", "*R1f"]),
                 ("word", "Cees", ["R1f", "I1c", "*R1f"]))  # fmt: skip
    assert state.latest.complete  # Bram's R1f from the hands is another card than the Jumper


def test_in_a_seeded_game_no_card_is_used_by_the_rounds_words_more_often_than_it_was_dealt():
    state = play(amber(), ("word", "Anna", ["B3f", "A1f", "T1f"]))
    with pytest.raises(RuleError, match=r"^B3f was dealt once in round 1 and Anna already used it$"):
        play(state, ("word", "Bram", ["B3f", "O1m", "O1c"]))
    round_two = full_round(state, {"Bram": None, "Cees": None})
    with pytest.raises(RuleError, match=r"^E1m was dealt twice in round 2 and this word uses it 3 times$"):
        play(round_two, ("word", "Bram", ["E1m", "E1m", "E1m"]))
    round_two = play(round_two, ("word", "Bram", ["P3f", "E1m", "E1m", "P3s"]))
    with pytest.raises(RuleError, match=r"^E1m was dealt twice in round 2 and Bram already used it twice$"):
        play(round_two, ("word", "Cees", ["M3c", "E1m", "N1c"]))
    play(round_two, ("word", "Cees", ["M3c", "E1s", "N1c"]))


def test_in_a_seeded_game_the_cards_of_a_word_that_fell_were_used_that_round():
    state = play(amber(), ("word", "Anna", ["B3f", "A1f", "T1f"]), ("challenge", "Anna", "Bram", False))
    with pytest.raises(RuleError, match=r"^B3f was dealt once in round 1 and Anna already used it$"):
        play(state, ("word", "Cees", ["B3f", "I1c", "T1s"]))


def test_in_a_seeded_game_undoing_a_word_frees_its_cards():
    setup = amber().setup
    events = [{"kind": "word", "player": "Anna", "cards": ["B3f", "A1f", "T1f"]}]
    bram = {"kind": "word", "player": "Bram", "cards": ["B3f", "O1m", "O1c"]}
    with pytest.raises(RuleError, match=r"^event 2 \(word\): B3f was dealt once in round 1 and Anna already used it$"):
        savefile.replay(RULES, setup.to_toml(), [*events, bram])  # a hand-edited file is checked again
    assert savefile.replay(RULES, setup.to_toml(), [bram]).totals == (0, 5, 0)


def test_a_game_with_physical_cards_keeps_the_whole_deck_check():
    for state in (game(), game(deck=standin_deck())):
        state = play(state, ("word", "Anna", ["E1f", "A1f", "*R1f"]), ("word", "Bram", ["Z10m", "A1m", "P3m"]),
                     ("word", "Cees", ["Z10m", "A1m", "P3m"]))  # fmt: skip
        assert state.latest.complete
    with pytest.raises(RuleError, match="uses Z10m 2 times, but the deck holds 1"):
        play(game(deck=standin_deck()), ("word", "Anna", ["Z10m", "A1m", "Z10m"]))


def test_a_seeded_game_uses_the_standin_deck_unless_the_table_gives_its_own():
    assert game(seed="amber").setup.deck == standin_deck()
    assert game().setup.deck is None
    own = Deck("ours", standin_deck().cards[:60])
    assert game(seed="amber", deck=own).setup.deck == own


def test_a_seeded_game_whose_deck_cannot_deal_every_round_is_refused_at_the_start():
    small = Deck("small", (SpellCard(SpellSuit.MOONS, "A", 1),) * 10)
    with pytest.raises(InputError, match="run out of cards"):
        game("A", "B", "C", "D", "E", seed="x", deck=small)


def test_an_empty_seed_is_refused_before_anything_else_about_the_seed():
    with pytest.raises(InputError, match="the seed is empty"):
        Setup.from_toml({"players": ["Anna", "Bram"], "seed": ""})
    with pytest.raises(InputError, match="the seed is empty"):
        game(seed="")


def test_who_is_still_waiting_is_everyone_before_a_round_begins_and_nobody_after_the_game():
    state = play(game(), ("word", "Anna", KIT))
    assert state.waiting == (1, 2)
    state = play(state, ("pass", "Bram"), ("pass", "Cees"))
    assert state.latest.number == 1 and state.waiting == (0, 1, 2)
    state = full_round(game(), {"Anna": ZAPPY, "Bram": None, "Cees": None})
    assert state.outcome is not None and state.waiting == ()


def test_setup_needs_two_to_five_distinct_players():
    with pytest.raises(InputError, match="2 to 5 players"):
        game("Anna")
    with pytest.raises(InputError, match="two players are called"):
        game("Anna", "anna")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["word", "pass", "challenge"]), st.integers(0, 2), st.integers(0, 2),
                          st.sampled_from([KIT, CAT, KITTY, ZAPPY]), st.booleans()), max_size=16))  # fmt: skip
def test_replaying_the_recorded_events_gives_the_same_game(moves):
    names = ("Anna", "Bram", "Cees")
    setup = Setup.build(names)
    state, events = Game.start(setup), []
    for kind, seat, other, cards, valid in moves:
        event = {"kind": kind, "player": names[seat]}
        if kind == "word":
            event["cards"] = cards
        if kind == "challenge":
            event |= {"challenger": names[other], "valid": valid, "reason": "r", "dictionary": "d"}
        try:
            state = apply(state, event)
        except (RuleError, InputError):
            continue
        events.append(event)
    assert savefile.replay(RULES, setup.to_toml(), events) == state
    assert all(isinstance(total, int) for total in state.totals)


def test_a_word_that_fell_in_the_final_round_counts_no_letters_for_the_tie():
    state = game("Anna", "Bram")
    for _ in range(3):
        state = full_round(state, {"Anna": ["B3s", "I1s", "T1m"], "Bram": None})
    state = full_round(state, {"Anna": ["B1s", "I1s", "T1m", "S1m"], "Bram": ["S1s", "T1s", "A1s", "R1s", "T1m", "S1m"]})
    state = play(state, ("challenge", "Anna", "Bram", False))  # Bram challenges Anna's BITS, which falls
    assert state.final_length(0) == 0 and state.final_length(1) == 6


def test_the_final_rounds_words_may_be_challenged_after_the_game_ended():
    state = game("Anna", "Bram")
    for _ in range(3):
        state = full_round(state, {"Anna": None, "Bram": None})
    state = full_round(state, {"Anna": ["B2s", "I1s", "T1m"], "Bram": ["S1s", "T1s", "A1s", "R1m"]})
    assert over(state).termination is Termination.LONGEST_WORD and over(state).winners == (1,)  # 4 each; STAR is longer
    state = play(state, ("challenge", "Bram", "Anna", False))
    assert state.totals == (4, 0) and over(state).winners == (0,)


def test_house_rules_kept_in_the_setup_come_back_from_the_file():
    from referee.spellcrafter.setup import HouseRules

    house = HouseRules("house.txt", frozenset({"qat", "zax"}), frozenset({"kitty"}))
    setup = Setup.build(("Anna", "Bram"), house=house)
    assert setup.to_toml()["house"] == {"file": "house.txt", "add": ["qat", "zax"], "remove": ["kitty"]}
    assert Setup.from_toml(setup.to_toml()) == setup
    assert "house" not in Setup.build(("Anna", "Bram")).to_toml()  # files without house rules stay as they were
    edited = {**setup.to_toml(), "house": {"file": "house.txt", "add": ["Qât"], "remove": []}}
    folded = Setup.from_toml(edited).house
    assert folded is not None and folded.added == {"qat"}  # folded as words are looked up


@pytest.mark.parametrize(
    "house, says",
    [
        ("house.txt", "`house` must be a table"),
        ({"file": "h", "add": "qat", "remove": []}, "`add` and `remove` of `house` must be lists of words"),
        ({"add": [], "remove": []}, "`file` of `house` must be text"),
        ({"file": "h", "add": ["qat"], "remove": ["QAT"]}, "'qat' is both added and removed"),
        ({"file": "h", "add": [], "remove": [], "extra": 1}, "`house` holds file, add and remove"),
    ],
)
def test_hand_edited_house_rules_that_cannot_be_used_are_refused(house, says):
    with pytest.raises(InputError, match=says):
        Setup.from_toml({"players": ["Anna", "Bram"], "house": house})


def check_repeat(state, seat, tokens, round_number=None):
    """A typed entry's check of an accidental repeat (:meth:`Game.repeat_refusal`), raised
    as the entry raises it."""
    refusal = state.repeat_refusal(seat, tokens, round_number)
    if refusal is not None:
        raise Refused(refusal, RULES.format, state)
