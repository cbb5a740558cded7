"""Spellcrafter in Dutch (issue 22): every message of its voice and of the `spell` group is
in the catalogue, and a Dutch game shows no English line."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import i18n
from referee.cli.spell import DUTCH_COMMANDS
from referee.game import refuse
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.setup import ROUNDS
from referee.spellcrafter.voice import ROUNDS as VOICE_ROUNDS
from referee.spellcrafter.voice import VOICE
from conftest import installed_referee

PACKAGE = Path(referee.__file__).parent
#: The modules whose messages Spellcrafter's screens print.
SPELL_MODULES = sorted([*PACKAGE.glob("spellcrafter/*.py"), *PACKAGE.glob("cli/spell*.py")])

#: Words of Spellcrafter's English output that no Dutch screen may show (the card names
#: stay the rulebook's: Jumper, Toil, Trouble, flush, straight).
ENGLISH = re.compile(
    r"(?<![-\w])(Round|round|waiting|points?|words?|challenges?|challenged|passes|passed|Totals|Total|wins|players?|"
    r"dictionary|valid|invalid|Game over|already|cannot|scores|loses|left|right|Passing)\b"
)


def test_the_voice_knows_the_games_number_of_rounds() -> None:
    assert VOICE_ROUNDS == ROUNDS


@pytest.mark.parametrize("rule", list(Rule))
def test_every_rule_has_its_words_in_both_languages(rule: Rule) -> None:
    """Each refusal is worded from its values alone, in English and in Dutch."""
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.setup import Setup

    state = Game.start(Setup.build(("Anna", "Bram", "Cees")))
    params = _example_params(rule)
    for language in ("en", "nl"):
        i18n.set_language(language)
        try:
            text = VOICE.refusal(state, refuse(rule, **params))
        finally:
            i18n.set_language(None)
        assert text and "{" not in text, (rule, language, text)


def _example_params(rule: Rule) -> dict[str, Any]:
    from referee.spellcrafter.cards import SpellCard, SpellSuit
    from referee.spellcrafter.deck import standin_deck
    from referee.spellcrafter.notation import parse_word

    card = SpellCard(SpellSuit.MOONS, "K", 6)
    token = parse_word(["K6m"])[0]
    toil, trouble = parse_word(["K6m", "TRc:E", "A1m", "TOILm@2"])[3], parse_word(["TRc:E"])[0]
    double = parse_word(["DDm:T"])[0]
    examples: dict[Rule, dict[str, Any]] = {
        Rule.TOO_MANY_CARDS: {"cards": 8, "jumper": False},
        Rule.TOO_SHORT: {"word": "KI", "letters": 2},
        Rule.JUMPER_TWICE: {"jumpers": 2},
        Rule.JUMPER_MANDATORY: {},
        Rule.TOIL_ON_SPECIAL: {"toil": toil, "target": trouble},
        Rule.TOIL_TWICE: {"first": toil, "toil": toil},
        Rule.DOUBLE_COPIES_NOTHING: {"double": double},
        Rule.NOT_IN_DECK: {"card": SpellCard(SpellSuit.MOONS, "K", 5), "deck": standin_deck(), "game": True},
        Rule.VALUE_OUT_OF_RANGE: {"token": token},
        Rule.NO_FAMILIARS: {"token": token},
        Rule.MORE_THAN_DECK: {"card": card, "count": 3, "held": 2},
        Rule.OTHER_JUMPER: {"card": card, "jumper": card, "round": 1, "seat": 1, "word": "KIT"},
        Rule.NOT_DEALT: {"card": card, "round": 1, "is_jumper": True},
        Rule.USED_UP: {"card": card, "dealt": 1, "round": 1, "users": (1,), "used": 2, "count": 2},
        Rule.GAME_OVER: {},
        Rule.NO_SUCH_ROUND: {"round": 7},
        Rule.ROUND_COMPLETE: {"round": 1, "current": 2},
        Rule.ROUND_NOT_BEGUN: {"round": 3, "current": 2, "waiting": (1, 2)},
        Rule.ALREADY_ENTERED: {"seat": 0, "round": 1, "passed": True},
        Rule.REPEATED_PASS: {"seat": 1, "round": 2},
        Rule.REPEATED_WORD: {"seat": 0, "round": 2, "word": "KIT"},
        Rule.OWN_WORD: {"seat": 0},
        Rule.NO_WORD_YET: {"seat": 0, "round": 2},
        Rule.PASSED_NO_WORD: {"seat": 0, "round": 1},
        Rule.ALREADY_CHALLENGED: {"seat": 0, "word": "KIT", "challenger": 1},
        Rule.NO_DRAFT: {},
        Rule.DRAFT_DONE: {"seat": 0},
        Rule.ALREADY_PICKED: {"seat": 0, "pick": 2, "waiting": (1, 2)},
        Rule.PICK_MOVED_ON: {"seat": 0, "pick": 2, "current": 3},
        Rule.NOT_IN_HAND: {"seat": 0, "card": card, "pick": 3, "discard": True},
        Rule.DISCARD_NEEDED: {"seat": 0, "card": card},
        Rule.NO_DISCARD: {"seat": 0, "card": card, "two_player": True},
        Rule.DRAFT_NOT_OVER: {"seat": 0, "round": 1, "waiting": (1,)},
        Rule.NOT_SELECTED: {"seat": 0, "card": card, "round": 1, "selected": 0, "last": False},
    }
    return examples[rule]


# --- a Dutch game through the command line ---------------------------------------------------


def dutch(referee: Any, *args: str, code: int = 0) -> Any:
    result = referee(*args, "--lang", "nl")
    output = result.stdout + result.stderr
    assert result.exit_code == code, output
    english = [line for line in output.splitlines() if ENGLISH.search(line)]
    assert not english, "English in a Dutch screen:\n" + "\n".join(english)
    return result


def test_a_dutch_game_has_no_english_line(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "spel.toml")
    assert "Nieuw spel in" in dutch(referee, "spell", "new", game, "Anna", "Bram", "Cees").stdout
    assert "Anna: KIT 16 punten" in dutch(referee, "spell", "word", game, "Anna", "K6m", "I1m", "T1m").stdout
    challenged = dutch(referee, "spell", "challenge", game, "Bram", "Anna").stdout
    assert "KIT: geldig — in woordenboek" in challenged and "Bram verliest 16 punten." in challenged
    assert "Bram past." in dutch(referee, "spell", "pass", game, "Bram").stdout
    refused = dutch(referee, "spell", "pass", game, "Bram", code=1)
    assert "Bram heeft in ronde 1 al gepast" in refused.stderr
    dutch(referee, "spell", "word", game, "Cees", "C3s", "A1f", "T1m")
    shown = dutch(referee, "spell", "show", game).stdout
    assert "Doorgeven" in shown and "Ronde 2 van 4 — doorgeven naar rechts" in shown
    told = dutch(referee, "spell", "history", game).stdout
    assert "uitdaging: Bram daagt KIT van Anna uit — geldig, in woordenboek" in told and "pas: Bram" in told
    assert "Cees: de tafel speelt met eigen kaarten" in dutch(referee, "spell", "show", game, "--by", "cees").stdout
    dutch(referee, "spell", "undo", game)
    dutch(referee, "spell", "score", "K6m", "I1m", "T1m", "T1m", "Y4m", "TOILs@1")


def test_a_dutch_draft_has_no_english_line(referee: Any, tmp_path: Path) -> None:
    from spell_play import next_pick

    from referee import savefile
    from referee.spellcrafter.ruleset import RULES

    game = str(tmp_path / "spel.toml")
    started = dutch(referee, "spell", "nieuw", game, "Anna+Bram", "Cees+Daan", "--seed", "tafel", "--teams").stdout
    assert "keuze 1 van 7: wacht op de keuze van team Anna en Bram en team Cees en Daan" in started
    assert "2 teams · gedeeld door de scheidsrechter" in started and "gekozen via de scheidsrechter, 2:00 om een woord te maken" in started
    first = next_pick(savefile.load(Path(game), RULES).state)
    assert first is not None
    picked = dutch(referee, "spell", "kies", game, *first).stdout
    assert "(keuze 1 van 7)." in picked and "team Anna en Bram heeft gekozen; wacht op de keuze van team Cees en Daan" in picked
    assert "team Cees en Daan kiest nu: houd één kaart uit de hand\n" in dutch(referee, "spell", "hand", game, "daan").stdout  # teams: standard rules
    shown = dutch(referee, "spell", "toon", game, "--by", "bram").stdout
    assert "team Anna en Bram, ronde 1: keuze 1 van 7, doorgeven naar links" in shown
    assert "Gekozen: 1 kaart, dicht tot het kiezen klaar is" in shown
    refused = dutch(referee, "spell", "woord", game, "Anna", "K6m", "I1m", "T1m", code=1)
    assert "het kiezen van ronde 1 is nog niet klaar" in refused.stderr
    pair = str(tmp_path / "twee.toml")
    dutch(referee, "spell", "nieuw", pair, "Anna", "Bram", "--seed", "tafel")
    kept = next_pick(savefile.load(Path(pair), RULES).state)
    assert kept is not None and "(keuze 1 van 7) en legt" in dutch(referee, "spell", "kies", pair, *kept).stdout
    assert "Bram kiest nu: houd één kaart uit de hand en leg een andere af" in dutch(referee, "spell", "hand", pair, "bram").stdout


def test_a_dutch_game_won_at_once_says_so_in_dutch(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "spel.toml")
    dutch(referee, "spell", "new", game, "Anna", "Bram")
    dutch(referee, "spell", "word", game, "Anna", "Z10m", "A1m", "P3m", "DDm:P", "Y4m")
    over = dutch(referee, "spell", "pass", game, "Bram").stdout
    assert "Spel uit — Anna wint meteen met ZAPPY, 63 punten" in over


@pytest.mark.slow
def test_the_spell_groups_help_is_dutch() -> None:
    """Help texts are read when the group is imported: a fresh process, in Dutch."""
    env = {**os.environ, "REFEREE_LANG": "nl", "COLUMNS": "200"}
    for args in (["spell", "--help"], ["spell", "word", "--help"], ["spell", "show", "--help"]):
        shown = subprocess.run([installed_referee(), *args], capture_output=True, text=True, env=env, check=True).stdout
        description = [line for line in shown.splitlines() if "─" not in line and "Usage" not in line]
        english = [line for line in description if re.search(r"\b(Record|Show|Start|The player|score sheet)\b", line)]
        assert not english, "\n".join(english)


@pytest.mark.parametrize("dutch_word, english", list(DUTCH_COMMANDS.items()))
def test_each_dutch_command_word_is_the_english_command(dutch_word: str, english: str) -> None:
    from referee.cli.spell import app

    callbacks = {info.name or (info.callback.__name__ if info.callback else ""): info.callback for info in app.registered_commands}
    assert callbacks[dutch_word] is callbacks[english]


def test_a_dutch_table_types_dutch_command_words(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "spel.toml")
    dutch(referee, "spell", "nieuw", game, "Anna", "Bram")
    dutch(referee, "spell", "woord", game, "Anna", "K6m", "I1m", "T1m")
    assert "Bram verliest 16 punten." in dutch(referee, "spell", "uitdaging", game, "Bram", "Anna").stdout
    assert "Bram past." in dutch(referee, "spell", "pas", game, "Bram").stdout
    assert "Totaal" in dutch(referee, "spell", "toon", game).stdout
    assert "pas: Bram" in dutch(referee, "spell", "geschiedenis", game).stdout
    assert "2 gebeurtenissen" in dutch(referee, "spell", "herstel", game).stdout


def test_every_reason_a_dictionary_gives_is_worded_in_dutch() -> None:
    from referee.lexicon.reasons import Reason
    from referee.spellcrafter.voice import verdict_reason

    i18n.set_language("nl")
    try:
        worded = {reason.value: verdict_reason(reason.value) for reason in Reason}
    finally:
        i18n.set_language(None)
    assert all(text != english for english, text in worded.items()), worded
