"""Smoorverliefd in Dutch (issue 16): the language choice, the catalogue, Dutch output."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import referee
from referee import i18n
from referee.cli.smoor import DUTCH_COMMANDS

PACKAGE = Path(referee.__file__).parent
#: The modules whose messages the `smoor` group prints.
SMOOR_MODULES = sorted(
    [
        *PACKAGE.glob("smoorverliefd/*.py"),
        *PACKAGE.glob("cli/smoor*.py"),
        *(PACKAGE / "cli" / name for name in ("group.py", "files.py", "deal_view.py")),
        *(PACKAGE / name for name in ("i18n.py", "players.py", "cards.py")),
        *PACKAGE.glob("savefile/*.py"),
    ]
)


@pytest.mark.parametrize(
    "environ, language",
    [
        ({}, "en"),
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "nl_NL"}, "nl"),
        ({"LANG": "nl_NL.UTF-8", "REFEREE_LANG": "en"}, "en"),
        ({"REFEREE_LANG": "nl"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_language_comes_from_referee_lang_then_the_locale_else_english(environ, language):
    assert i18n.from_environment(environ) == language


# --- the command line in Dutch -----------------------------------------------------------

#: Words of the English output that no Dutch screen may show.
ENGLISH = re.compile(r"(?<![-\w])(Round|round|deals|leads|Totals|Trick|trick|wins|takes|target|bids?|cursed|revoke|points?|hearts|players?|Match over)\b")


def dutch(referee, *args: str) -> Any:
    result = referee(*args, "--lang", "nl")
    assert not ENGLISH.search(result.stdout + result.stderr), result.stdout + result.stderr
    return result


@pytest.fixture
def match_file(tmp_path, referee):
    path = tmp_path / "avond.toml"
    assert referee("smoor", "nieuw", str(path), "Anna", "Bram", "Cees", "Daan", "--target", "50", "--lang", "nl").exit_code == 0
    return path


def test_lang_nl_prints_the_quick_commands_in_dutch(referee, match_file):
    result = dutch(referee, "smoor", "ronde", str(match_file), "a=3", "b=0", "c=9", "d=1", "--ace", "c")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Ronde 1: Anna 3 (3♥) · Bram 0 · Cees 13 (9♥ met A♥) ★ · Daan 1 (1♥)",
        "Totalen: Cees 13 · Anna 3 · Daan 1 · Bram 0  (nog 37 punten tot 50)",
        "Ronde 2 — Bram deelt; Cees komt uit",
    ]


def test_the_language_is_chosen_anywhere_on_the_line_by_lang_or_referee_lang_or_the_locale(referee, match_file):
    entry = ("smoor", "stand", str(match_file))
    assert "Ronde 1 — Anna deelt" in referee("--lang=nl", *entry).stdout
    assert "Ronde 1 — Anna deelt" in referee(*entry, env={"REFEREE_LANG": "nl"}).stdout
    assert "Ronde 1 — Anna deelt" in referee(*entry, env={"REFEREE_LANG": None, "LANG": "nl_NL.UTF-8"}).stdout
    assert "Round 1 — Anna deals" in referee(*entry, "--lang", "en", env={"REFEREE_LANG": "nl"}).stdout
    assert "Round 1 — Anna deals" in referee(*entry, env={"REFEREE_LANG": None, "LANG": "C.UTF-8", "LC_ALL": None}).stdout


def test_an_unknown_language_is_refused_with_exit_2(referee, match_file):
    result = referee("smoor", "stand", str(match_file), "--lang", "fr")
    assert result.exit_code == 2 and "unknown language 'fr'; choose nl or en" in result.stderr
    assert referee("smoor", "stand", str(match_file), "--lang").exit_code == 2


def test_a_file_written_in_dutch_is_the_same_file_as_in_english(referee, tmp_path):
    files = []
    for language, new, round_ in (("nl", "nieuw", "ronde"), ("en", "new", "round")):
        path = tmp_path / f"{language}.toml"
        referee("smoor", new, str(path), "Anna", "Bram", "Cees", "--lang", language)
        referee("smoor", round_, str(path), "a=AH,H♥,V♥", "b=10", "--dead", "2C", "--lang", language)
        files.append(path.read_text(encoding="utf-8").replace(path.name, ""))
    assert files[0] == files[1]


def test_json_keys_stay_english_and_json_messages_turn_dutch(referee, match_file):
    english = referee("smoor", "stand", str(match_file), "--json").json()
    assert referee("smoor", "stand", str(match_file), "--json", "--lang", "nl").json() == english
    refused = referee("smoor", "ronde", str(match_file), "Zoë=3", "--json", "--lang", "nl")
    assert refused.exit_code == 2
    assert refused.json() == {"error": "onbekende speler 'Zoë'; de spelers zijn Anna, Bram, Cees, Daan", "exit_code": 2}


@pytest.mark.parametrize("dutch_word, english", list(DUTCH_COMMANDS.items()))
def test_every_dutch_command_word_runs_the_english_command(referee, match_file, dutch_word, english):
    from referee.cli.smoor import app

    callbacks = {info.name or (info.callback.__name__ if info.callback else ""): info.callback for info in app.registered_commands}
    assert callbacks[dutch_word] is callbacks[english]
    assert referee("smoor", dutch_word, "--help").exit_code == 0


def test_dutch_ranks_with_a_suit_symbol_are_read_and_dutch_output_writes_them(referee, tmp_path):
    path = tmp_path / "gedeeld.toml"
    referee("smoor", "nieuw", str(path), "Anna", "Bram", "Cees", "Daan", "--seed", "s")
    hands = {name: referee("smoor", "hands", str(path), "--player", name, "--json").json()["hands"][name] for name in ("Anna", "Bram", "Cees", "Daan")}
    leader = hands["Bram"]
    lead = next(card for card in leader if card.endswith("S") and card[0] in "KQJ") if any(c.endswith("S") and c[0] in "KQJ" for c in leader) else None
    if lead is None:
        pytest.skip("no picture card in spades for this seed")
    dutch_rank = {"K": "H", "Q": "V", "J": "B"}[lead[0]]
    cards = [f"{dutch_rank}♠"]
    for name in ("Cees", "Daan", "Anna"):
        hand = hands[name]
        cards.append(next((c for c in hand if c.endswith("S")), hand[0]))
    result = referee("smoor", "slag", str(path), *cards, "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"Slag 1: {dutch_rank}♠ ")


@pytest.mark.parametrize("text, card", [("H♥", "KH"), ("v♠", "QS"), ("B♣", "JC"), ("A♦", "AD"), ("10♡", "10H"), ("KH", "KH")])
def test_input_reads_todays_notation_and_dutch_ranks_before_a_suit_symbol(text, card):
    from referee.cards import Card

    assert str(Card.parse(text)) == card


@pytest.mark.parametrize("text", ["HC", "VD", "B", "H"])  # HH and VS are Dutch letters now (tests/test_cards.py)
def test_a_dutch_rank_needs_a_suit_symbol(text):
    from referee.cards import Card
    from referee.errors import InputError

    with pytest.raises(InputError):
        Card.parse(text)


def test_a_refusal_in_dutch_keeps_its_exit_code_and_leaves_the_file_untouched(referee, match_file):
    before = match_file.read_bytes()
    result = dutch(referee, "smoor", "ronde", str(match_file), "a=3", "b=3")
    assert result.exit_code == 2
    assert result.stderr == "referee: de harten tellen op tot 6, maar er zijn er 13 gevangen (13 harten, geen dode kaarten): 7 te weinig\n"
    assert match_file.read_bytes() == before
    dutch(referee, "smoor", "slag", str(match_file), "AS", "KS", "2H", "10S")
    result = dutch(referee, "smoor", "slag", str(match_file), "AS", "QS", "3H", "9S")
    assert result.exit_code == 1
    assert result.stderr == "referee: A♠ is al gespeeld in slag 1 van ronde 1\n"


def test_a_whole_match_with_every_variant_reads_only_dutch(referee, tmp_path):
    """Partner Smoorverliefd, Blinde Liefde, Cupid's Arrow and Smoorverliefd met Troef in
    one match, Kleine Liefde in another: every screen in Dutch, none with English words."""
    path = tmp_path / "duo.toml"
    new = dutch(referee, "smoor", "nieuw", str(path), "Anna", "Bram", "Cees", "Daan", "--target", "20",
                "--variant", "partners", "--variant", "blinde-liefde", "--variant", "cupido", "--variant", "troef", "--revoke-penalty", "2")  # fmt: skip
    assert "Partner Smoorverliefd" in new.stdout and "Blinde Liefde" in new.stdout and "Cupid's Arrow" in new.stdout
    assert "Smoorverliefd met Troef" in new.stdout and "verzaken kost 2 punten" in new.stdout
    assert dutch(referee, "smoor", "bod", str(path), "a=3", "b=2", "c=5", "d=3").exit_code == 0
    assert dutch(referee, "smoor", "slag", str(path), "2S", "KS", "AS", "4D").exit_code == 0
    revoke = dutch(referee, "smoor", "slag", str(path), "4S", "7S", "3S", "5S")
    assert revoke.exit_code == 1 and "Verzaakt: Anna bekende geen ♠ in slag 1 van ronde 1 maar speelde 7♠ in slag 2" in revoke.stdout
    dutch(referee, "smoor", "herstel", str(path))
    dutch(referee, "smoor", "herstel", str(path))
    dutch(referee, "smoor", "ronde", str(path), "a=2", "b=3", "c=5", "d=3", "--ace", "c")
    assert dutch(referee, "smoor", "ronde", str(path), "a=1").exit_code == 1  # the cursed suit comes first
    dutch(referee, "smoor", "vloek", str(path), "S")
    dutch(referee, "smoor", "bod", str(path), "a=0", "b=0", "c=13", "d=0")
    dutch(referee, "smoor", "ronde", str(path), "c=13", "--cursed", "Anna")
    for view in ("stand", "grafiek", "geschiedenis"):
        assert dutch(referee, "smoor", view, str(path)).exit_code == 0
    dutch(referee, "smoor", "wijzig", str(path), "1", "a=2", "b=3", "c=5", "d=3", "--ace", "a")
    over = dutch(referee, "smoor", "stand", str(path))
    assert "De partij is uit: " in over.stdout
    small = tmp_path / "klein.toml"
    dutch(referee, "smoor", "nieuw", str(small), "Anna", "Bram", "Cees", "--variant", "kleine-liefde")
    round_ = dutch(referee, "smoor", "ronde", str(small), "a=A♥,H♥,V♥,B♥", "b=10♥,9♥,8♥,7♥,6♥", "c=5♥,4♥,3♥", "--dead", "2♥")
    assert round_.exit_code == 0 and "Ronde 2 — Bram deelt; Cees komt uit" in round_.stdout
    assert dutch(referee, "deal", "smoorverliefd", "--players", "5", "--seed", "avond").exit_code == 0


@pytest.mark.slow
def test_the_help_of_the_smoor_group_is_dutch_in_a_dutch_process(tmp_path):
    """The group's and the commands' help are read when the group is built, once per
    process: a fresh `referee` in a Dutch locale shows them in Dutch."""
    import os
    import subprocess

    from conftest import installed_referee

    environ = {**os.environ, "REFEREE_LANG": "", "LANG": "nl_NL.UTF-8", "LC_ALL": "", "COLUMNS": "100"}
    group = subprocess.run([installed_referee(), "smoor", "--help"], capture_output=True, text=True, env=environ, check=True)
    assert "het Nederlandse slagenspel" in group.stdout and "Begin een partijbestand" in group.stdout
    command = subprocess.run([installed_referee(), "smoor", "ronde", "--help"], capture_output=True, text=True, env=environ, check=True)
    assert "NAAM=AANTAL of NAAM=HARTEN" in command.stdout and "Het bewaarbestand." in command.stdout


def test_undo_and_history_name_the_saved_cards_in_dutch_notation(referee, match_file):
    referee("smoor", "trick", str(match_file), "KH", "QS", "2H", "10S")
    undone = dutch(referee, "smoor", "herstel", str(match_file))
    assert undone.stdout.splitlines()[:2] == ["Ongedaan gemaakt: invoer 1, slag: H♥ V♠ 2♥ 10♠", f"{match_file} bevat nu 0 gebeurtenissen."]
    referee("smoor", "round", str(match_file), "a=AH,KH", "b=11")
    assert "ronde: Anna A♥,H♥, Bram 11" in dutch(referee, "smoor", "geschiedenis", str(match_file)).stdout
    assert "round: Anna AH,KH, Bram 11" in referee("smoor", "history", str(match_file)).stdout


def test_the_po_file_is_read_as_msgfmt_would_compile_it():
    """Escapes and continued strings are read, plural forms kept, and untranslated or
    fuzzy entries left out (gettext then falls back to the English text)."""
    import gettext
    import io

    po = "\n".join([
        'msgid ""', 'msgstr ""', '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', "",
        'msgid "a \\"quoted\\" word"', 'msgstr ""', '"een \\"geciteerd\\" "', '"woord\\\\n"', "",
        'msgid "{n} trick"', 'msgid_plural "{n} tricks"', 'msgstr[0] "{n} slag"', 'msgstr[1] "{n} slagen"', "",
        'msgid "not yet"', 'msgstr ""', "",
        "#, fuzzy", 'msgid "a guess"', 'msgstr "een gok"',
    ])  # fmt: skip
    messages = i18n.read_po(po)
    assert messages['a "quoted" word'] == 'een "geciteerd" woord\\n'
    assert "not yet" not in messages and "a guess" not in messages
    catalogue = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(messages)))
    assert catalogue.gettext('a "quoted" word') == 'een "geciteerd" woord\\n'
    assert [catalogue.ngettext("{n} trick", "{n} tricks", n) for n in (1, 2)] == ["{n} slag", "{n} slagen"]
    assert catalogue.gettext("not yet") == "not yet"


def test_card_and_file_errors_are_dutch_too(referee, match_file, tmp_path):
    bad_card = dutch(referee, "smoor", "slag", str(match_file), "A♠", "X♠", "2♥", "10♠")
    assert bad_card.exit_code == 2 and "onbekende rang 'X' in kaart 'X♠'" in bad_card.stderr
    missing = dutch(referee, "smoor", "stand", str(tmp_path / "weg.toml"))
    assert missing.exit_code == 2 and "bestand bestaat niet" in missing.stderr and "`referee smoor nieuw" in missing.stderr


def test_the_help_of_the_smoor_group_is_dutch_typers_own_words_included(referee):
    text = referee("smoor", "new", "--help", "--lang", "nl").stdout
    flowing = " ".join(text.replace("│", " ").split())  # a help's column wraps where its options make it narrow
    for dutch in ("Gebruik: referee smoor new", "Argumenten", "Opties", "[verplicht]", "Toon deze hulp en stop."):
        assert dutch in flowing
    for english in ("Usage:", "Arguments", "Options", "[required]", "Show this message and exit."):
        assert english not in text
    english = referee("smoor", "new", "--help").stdout  # the same process, English again
    assert "Usage: referee smoor new" in english and "Arguments" in english and "Argumenten" not in english


def test_an_unknown_choice_is_refused_in_dutch(referee, tmp_path):
    result = referee("smoor", "new", str(tmp_path / "m.toml"), "A", "B", "C", "--variant", "troof", "--lang", "nl")
    assert result.exit_code == 2
    assert result.stderr == "referee: onbekende variant 'troof' — bedoel je troef?\n"


@pytest.mark.parametrize(
    "args, dutch",
    [
        (["smoor", "new"], "referee: argument BESTAND ontbreekt (zie `referee smoor new --help`)"),
        (["smoor", "standings", "m.toml", "--foo"], "referee: onbekende optie: --foo (zie `referee smoor standings --help`)"),
        (["smoor", "stnadings"], "referee: onbekende opdracht stnadings; bedoel je 'standings'? (zie `referee smoor --help`)"),
        (["smoor", "new", "m.toml", "A", "B", "C", "--target", "x"],
         "referee: ongeldige waarde voor --target: 'x' is geen geheel getal (cijfers 0–9, hoogstens 18) "
         "(zie `referee smoor new --help`)"),
    ],
)
def test_click_s_own_usage_errors_are_dutch_too(referee, args, dutch):
    result = referee(*args, "--lang", "nl")
    assert result.exit_code == 2 and result.stderr == dutch + "\n"


def test_a_damaged_match_file_is_reported_in_dutch_and_left_untouched(referee, tmp_path):
    path = tmp_path / "m.toml"
    path.write_text("x\n", "utf-8")
    result = referee("smoor", "stand", str(path), "--lang", "nl")
    assert result.exit_code == 2 and path.read_text("utf-8") == "x\n"
    assert result.stderr.startswith(f"referee: {path} regel 1: het bestand is geen geldige TOML (")
    assert result.stderr.endswith("; het bestand is niet aangeraakt\n")
