"""Smitten's pages say how a game ended and what each card asks (issue 33 points 1 and 5):
the voice's :func:`referee.smitten.voice.result_and_why` (a heading and why) in the table's and a
seat's view, and each card's accessible name, in English and in Dutch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from smitten_states import STATES

from referee import savefile
from referee.game import JsonObject
from referee.i18n import speaking
from referee.smitten.ruleset import RULES
from referee.smitten.state import State
from referee.smitten.voice import result_and_why
from referee.web.smitten import WEB


def state_of(name: str, folder: Path) -> State:
    return savefile.load(STATES[name](folder).path, RULES).state


def card_names(view: JsonObject) -> dict[str, Any]:
    words = view["words"]
    assert isinstance(words, dict) and isinstance(words["cards"], dict)
    return words["cards"]


def test_a_won_game_is_won_with_the_finishing_touch(tmp_path: Path) -> None:
    state = state_of("two-won", tmp_path)
    view = WEB.table(state)
    final = view["final"]
    assert isinstance(final, list)
    side = {"L": "left", "R": "right"}[str(final[1])]
    assert view["result"] == {"won": True, "title": "Won",
                              "why": f"17 cards are in the grids. As the finishing touch, the last {final[0]} completes the {side} grid."}  # fmt: skip
    assert WEB.seat(state, 1)["result"] == view["result"]


def test_a_lost_game_says_why_and_how_many_cards_are_in_the_grids(tmp_path: Path) -> None:
    state = state_of("two-lost", tmp_path)
    assert result_and_why(state) == ("Lost", "Anna could not follow card 7. There are 16 of the 17 cards in the grids.")
    with speaking("nl"):
        assert result_and_why(state) == ("Verloren", "Anna kon kaart 7 niet opvolgen. Er liggen 16 van de 17 kaarten in de rasters.")


@pytest.mark.parametrize("name", ["two-mid", "two-five", "two-revealed", "solo-mid"])
def test_a_game_in_progress_has_no_result(name: str, tmp_path: Path) -> None:
    state = state_of(name, tmp_path)
    assert result_and_why(state) is None and WEB.table(state)["result"] is None


def test_each_card_is_named_by_its_instruction_in_both_languages(tmp_path: Path) -> None:
    state = state_of("two-mid", tmp_path)
    names = card_names(WEB.seat(state, 0))
    assert names["7"] == "7, place a card in the other grid"
    assert names["5"] == "5, place a card in the other grid that is higher or lower than 5"
    assert sorted(names) == [str(number) for number in range(1, 10)]
    with speaking("nl"):
        dutch = card_names(WEB.table(state))
    assert dutch["7"] == "7, een kaart in het andere raster leggen"


def test_a_cooperative_game_ends_without_places_its_players_win_or_lose_together(tmp_path):
    """Smitten's players win or lose together: the end of the game names no places (the
    result says won or lost), where a scored game gives its final standings."""
    from smitten_states import lost

    from referee import games, savefile
    from referee.i18n import speaking
    from referee.web.final import final_of

    spec = games.game("smitten")
    made = lost(tmp_path)
    state = savefile.load(made.path, spec.load_rules()).state
    ended = spec.load_rules().outcome(state)
    assert ended is not None
    with speaking("en"):
        final = final_of(spec, state, ended, made.path, 1)
    assert final["cooperative"] is True and final["won"] is False and final["standings"] == []
