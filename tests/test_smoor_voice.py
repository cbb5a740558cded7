"""Smoorverliefd's voice: the one module that words the rules' values. The rules build
no sentence; every refusal, effect, outcome and event is worded here, in both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import i18n
from referee.cards import Card, Suit
from referee.game import refuse
from referee.smoorverliefd.actions import PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.voice import REFUSALS, VOICE
from smoor_play import play, step, taken

PACKAGE = Path(__file__).resolve().parent.parent / "referee" / "smoorverliefd"
#: The modules that word things: the voice, the words it shares, the JSON/CSV report,
#: and the parsing of what people type or a file holds (their messages speak of the
#: input: a setup, an entry, a save file's event, a deal's number of players).
WORDING = {"voice.py", "words.py", "report.py", "entry.py", "setup.py", "actions.py", "dealing.py"}
#: A finished round's story for the pages, worded from the rules' values (as report.py's JSON).
WORDING |= {"story.py"}
#: The game object puts the rules and the voice together (referee.game.Box): it words nothing.
WORDING |= {"box.py"}


def test_the_rules_modules_import_no_i18n_and_build_no_sentence():
    for module in sorted(PACKAGE.glob("*.py")):
        if module.name in WORDING:
            continue
        tree = ast.parse(module.read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not imported & {"referee.i18n", "referee.smoorverliefd.words", "referee.smoorverliefd.voice"}, module.name
        called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not called & {"_", "ngettext"}, module.name


def test_every_rule_has_its_wording():
    assert set(REFUSALS) == set(Rule)


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language("en")


def test_a_trick_taken_is_worded_as_who_wins_it_with_which_card(dutch):
    i18n.set_language("en")
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"]))
    cards = (Card(2, Suit.SPADES), Card(14, Suit.SPADES), Card(3, Suit.SPADES), Card(4, Suit.HEARTS))  # Bram leads 2♠, Cees A♠
    done = step(match, PlayTrick(cards))
    leader = match.current.leader
    winner = taken(done).trick.winner
    assert VOICE.effect(match, done) == f"{match.setup.players[winner]} wins the trick with {taken(done).trick.card_of(winner).symbol}"
    assert leader == 1 and winner == 2  # Bram led 2♠, Cees played A♠
    i18n.set_language("nl")
    assert VOICE.effect(match, done) == "Cees wint de slag met A♠"


def test_a_refusal_is_worded_in_the_chosen_language(dutch):
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"]))
    refusal = RULES.refusal(match, QuickRound(hearts=((0, 6),)))
    assert refusal == refuse(Rule.HEARTS_DO_NOT_ADD_UP, unusable=True, entered=6, expected=13, dead=0, hint=False)
    assert VOICE.refusal(match, refusal) == "de harten tellen op tot 6, maar er zijn er 13 gevangen (13 harten, geen dode kaarten): 7 te weinig"


def test_the_outcome_is_worded_from_its_values_in_both_languages(dutch):
    setup = Setup.build(["Anna", "Bram", "Cees"], target=20)
    over = play(Match.start(setup), QuickRound(hearts=((1, 13),), ace=1))
    outcome = RULES.outcome(over)
    assert outcome is not None and dict(outcome.details) == {"side": 1, "points": 34}
    assert VOICE.outcome(over, outcome) == "Bram wint met 34 punten"
    i18n.set_language("en")
    assert VOICE.outcome(over, outcome) == "Bram wins with 34 points"


def test_an_event_is_one_line_as_it_was_entered():
    assert VOICE.event({"kind": "round", "hearts": {"Anna": 3, "Cees": ["AH", "2H"]}, "ace": "Cees", "dead": ["7H"]}) == (
        "round: Anna 3, Cees AH,2H; A♥ Cees; dead 7H"
    )
    assert VOICE.event({"kind": "trick", "cards": ["AS", "KS"]}) == "trick: AS KS"


def test_the_command_line_asks_the_voice_and_never_trims_or_parses_its_words():
    cli = Path(__file__).resolve().parent.parent / "referee" / "cli"
    for module in sorted(cli.glob("smoor*.py")):
        source = module.read_text(encoding="utf-8")
        assert ".reason" not in source and "removeprefix" not in source and "removesuffix" not in source, module.name


def test_a_refusal_of_an_entry_names_the_option_and_of_a_save_files_event_the_files_key():
    match = RULES.start(Setup.from_toml({"players": ["Anna", "Bram", "Cees", "Daan"]}))
    refusal = RULES.refusal(match, QuickRound(hearts=((0, 13),), ace=1))
    assert refusal is not None and refusal.rule is Rule.ACE_WITHOUT_HEARTS
    assert VOICE.refusal(match, refusal) == "--ace says Bram took A♥, but Bram is entered with no hearts"
    assert VOICE.refusal(match, refusal, in_file=True) == "`ace` says Bram took A♥, but Bram is entered with no hearts"


def test_a_damaged_match_file_is_reported_in_the_files_words_not_the_options(referee, tmp_path):
    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan").exit_code == 0
    assert referee("smoor", "round", str(path), "Anna=13", "--ace", "Anna").exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace('ace = "Anna"', 'ace = "Bram"'), encoding="utf-8")
    for language in ("en", "nl"):
        result = referee("--lang", language, "smoor", "standings", str(path))
        assert result.exit_code == 2 and "`ace`" in result.stderr and "--ace" not in result.stderr, result.stderr
