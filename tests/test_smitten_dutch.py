"""Smitten in Dutch (issue 22): every message of its voice, its command group and its
presentation modules has a Dutch translation, and a Dutch table's game reads only Dutch."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import referee

PACKAGE = Path(referee.__file__).parent
#: The modules whose messages `referee smitten` prints: the game's package (its voice,
#: explain, the JSON and solver reports, the entry parser) and its command group.
SMITTEN_MODULES = sorted([*PACKAGE.glob("smitten/*.py"), *PACKAGE.glob("cli/smitten*.py")])


def test_the_voice_words_every_termination_and_every_refusal_in_dutch() -> None:
    from referee.smitten.explain import _FAULTS, _MESSAGES
    from referee.smitten.legality import Fault

    assert set(_FAULTS) == set(Fault) and _MESSAGES  # every way a rule is broken has its words (translated above)


#: Words of the English output that no Dutch Smitten screen may show (the command words
#: and options a player types, `play 6R --by 2`, stay as typed).
ENGLISH = re.compile(
    r"(?<![-\w])(cards?|grids?|Left|Right|player|plays|places|draws|turn|deck|Deck|Next|Now|either|must|"
    r"face|aside|Started|Lost|Won|legal|illegal|events?|moves?|empty|hidden|shown|sees)\b"
)


def dutch(run: Any, *args: str, code: int = 0) -> Any:
    result = run(*args, "--lang", "nl")
    assert result.exit_code == code, result.stdout + result.stderr
    assert not ENGLISH.search(result.stdout + result.stderr), result.stdout + result.stderr
    return result


def test_a_dutch_game_reads_only_dutch(referee: Any, tmp_path: Path) -> None:
    """new, play, place, show (public and one seat's), moves, history, check, a refusal and
    a loss: every line in Dutch."""
    game = str(tmp_path / "spel.toml")
    started = dutch(referee, "smitten", "new", game, "--seed", "s", "--players", "Anna", "Bram")  # Anna: 7 9 4, Bram: 6 1 3
    assert "spel.toml begonnen: Smitten, Anna en Bram, gemiddeld, seed s." in started.stdout
    assert "Anna: 3 kaarten, niet getoond" in started.stdout and "Linkerraster" in started.stdout
    played = dutch(referee, "smitten", "play", game, "7L")
    assert played.stdout.splitlines() == [
        "Anna speelt 7L.",
        "Nu: kaart 7 in het linkerraster: Bram moet een kaart in het andere raster (het rechterraster) leggen.",
    ]
    refused = dutch(referee, "smitten", "place", game, "9R", code=1)
    assert refused.stderr == "referee: Bram heeft geen 9\n"
    placed = dutch(referee, "smitten", "place", game, "3R")
    assert "Einde van de beurt: Anna trekt 1 kaart, en Bram trekt 1 kaart." in placed.stdout
    own = dutch(referee, "smitten", "show", game, "--by", "Bram")
    assert "zoals Bram het ziet" in own.stdout and "Bram: 6 1 " in own.stdout
    dutch(referee, "smitten", "moves", game)
    history = dutch(referee, "smitten", "history", game)
    assert "Anna speelt 7L" in history.stdout and "Bram legt 3R" in history.stdout
    lost = dutch(referee, "smitten", "lose", game)
    assert lost.stdout == "Verloren: de tafel heeft het spel verloren verklaard.\n"
    dutch(referee, "smitten", "show", game)
    other = str(tmp_path / "kort.toml")
    dutch(referee, "smitten", "new", other, "--seed", "s")
    short = dutch(referee, "smitten", "play", other, "4L")  # player 2 (6 1 3) cannot complete a row or column
    assert short.stdout.splitlines()[-1] == "Verloren: speler 2 kon kaart 4 niet opvolgen."
    check = dutch(referee, "smitten", "check", "--left", "1,2,4", "--right", "5", "3L", "--after", "7L", code=1)
    assert check.stdout == "3L mag niet: kaart 7 in het linkerraster: een kaart in het andere raster (het rechterraster) leggen\n"
    assert dutch(referee, "smitten", "check", "--left", "1,2,4", "--right", "5", "3L").stdout.startswith("3L mag: ")


def test_a_dutch_solo_game_reads_only_dutch(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "solo.toml")
    started = dutch(referee, "smitten", "new", game, "--mode", "solo", "--easy", "--seed", "s")
    assert "Hand A: 7 9 · gedekt: 1 kaart" in started.stdout
    dutch(referee, "smitten", "swap", game, "7", "--hand", "A")
    dutch(referee, "smitten", "moves", game)
    dutch(referee, "smitten", "show", game, "--hand", "A")
    dutch(referee, "smitten", "history", game)


def test_json_keys_and_values_stay_the_same_in_dutch_but_words_turn_dutch(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "spel.toml")
    referee("smitten", "new", game, "--seed", "s")
    english = referee("smitten", "show", game, "--json").json()
    dutch_document = referee("smitten", "show", game, "--json", "--lang", "nl").json()
    assert english.keys() == dutch_document.keys() and english["state"].keys() == dutch_document["state"].keys()
    assert english["state"]["hands"] == dutch_document["state"]["hands"]
    assert dutch_document["state"]["requires"] == "een nieuwe beurt: elke speler mag een kaart spelen"
