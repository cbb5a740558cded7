"""`referee smitten` says the real reason, with the right exit code, naming only options
that exist: one definition of each rule behind every command."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from referee import savefile
from referee.errors import RuleError
from referee.smitten.actions import Kind
from referee.smitten.check import check, question_state
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.entry import resolve
from referee.smitten.instructions import Choice
from referee.smitten.legality import choices_for, legal_moves
from referee.smitten.notation import GridSide, Placement
from referee.smitten.engine import new_game, play
from referee.smitten.ruleset import RULES
from referee.smitten.state import Setup, State

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
L, R = GridSide.LEFT, GridSide.RIGHT


def fails(result, code: int, fragment: str) -> None:
    assert result.exit_code == code, result.stdout + result.stderr
    assert result.stderr.startswith("referee: ") and result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr, result.stderr


def new(referee, path: Path, *options: str) -> Path:
    result = referee("smitten", "new", str(path), *options)
    assert result.exit_code == 0, result.stderr
    return path


# --- card 5's choice ------------------------------------------------------------------


def test_a_play_the_rules_forbid_is_refused_before_card_five_asks_for_its_choice(referee, tmp_path):
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="d"))
    state = play(state, resolve(state, Kind.PLAY, 7, L))
    with pytest.raises(RuleError, match="card 7 asks player 2 to place a card, not to play"):
        play(state, resolve(state, Kind.PLAY, 5, R))
    game = new(referee, tmp_path / "q.toml", "--seed", "d")
    referee("smitten", "play", str(game), "7L")
    before = game.read_bytes()
    fails(referee("smitten", "play", str(game), "5R"), 1, "card 7 asks player 2 to place a card, not to play")
    assert game.read_bytes() == before


def test_an_allowed_five_still_asks_for_its_choice(referee, tmp_path):
    game = new(referee, tmp_path / "f.toml", "--physical")
    fails(referee("smitten", "play", str(game), "5L", "--by", "1"), 2, "card 5 needs a choice")


def _sixteen_cards() -> State:
    state = new_game(Setup(SmittenMode.SOLO, None, hard1=True, physical=True))
    full = (1 << 9) - 1
    return State(setup=state.setup, grids=(full & ~(1 << 4) & ~(1 << 8), full), hands=state.hands, deck=state.deck)


def test_card_five_choice_rule_is_one_rule_for_listing_resolving_and_checking():
    solo_hard1 = new_game(Setup(SmittenMode.SOLO, None, hard1=True, physical=True))
    assert choices_for(solo_hard1, 5, L) == (Choice.HIGHER,) and choices_for(solo_hard1, 5, R) == (Choice.LOWER,)
    assert resolve(solo_hard1, Kind.PLAY, 5, L, 0).choice is Choice.HIGHER
    assert {move.choice for move in legal_moves(solo_hard1) if move.number == 5 and move.side is R} == {Choice.LOWER}
    two = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True))
    assert choices_for(two, 5, L) == (Choice.HIGHER, Choice.LOWER) and choices_for(two, 3, L) == (None,)
    last = _sixteen_cards()  # the 17th card's instruction is ignored: no choice
    assert choices_for(last, 5, L) == (None,)
    assert resolve(last, Kind.PLAY, 5, L, 0, Choice.LOWER).choice is None
    assert check(Placement.parse("5R"), question_state(0, 0, None, None, False)).legal  # any allowed choice will do


# --- check ----------------------------------------------------------------------------


def test_check_hard_names_the_pm2_rule_of_either_mode(referee):
    result = referee("smitten", "check", "3L", "--left", "1,2", "--right", "5", "--hard")
    assert result.exit_code == 1
    assert result.stdout == (
        "3L is illegal: the ±2 rule (hard difficulty, solo Hard Mode 2): "
        "the left grid would hold 3 cards and the right grid 1\n"
    )


def test_a_placement_with_letters_after_the_grid_is_not_a_placement(referee):
    fails(referee("smitten", "check", "3LR"), 2, "'3LR' is not a placement; write the card number and the grid, as in 3L or 7R")


# --- who moves: only options the command has -----------------------------------------


def test_only_solo_easy_mode_swaps_even_when_a_hand_is_named(referee, tmp_path):
    game = new(referee, tmp_path / "c.toml", "--seed", "c")
    fails(referee("smitten", "swap", str(game), "4", "--hand", "A"), 1, "swapping with the set-aside card is solo Easy Mode")


def test_solo_hands_do_not_reveal_even_when_a_player_is_named(referee, tmp_path):
    game = new(referee, tmp_path / "so.toml", "--mode", "solo", "--seed", "c")
    fails(referee("smitten", "reveal", str(game), "4", "--by", "1"), 1, "solo hands do not reveal")


@pytest.mark.parametrize("command", ["play", "place"])
def test_naming_a_player_in_a_solo_game_asks_for_the_hand(referee, tmp_path, command):
    game = new(referee, tmp_path / "so.toml", "--mode", "solo", "--seed", "c")
    fails(referee("smitten", command, str(game), "4L", "--by", "1"), 2, "use --hand A or --hand B")


# --- game files -----------------------------------------------------------------------


def test_an_empty_difficulty_in_a_hand_edited_file_is_refused_with_its_line(referee, tmp_path):
    game = new(referee, tmp_path / "d.toml", "--seed", "x")
    game.write_text(game.read_text().replace('difficulty = "medium"', 'difficulty = ""'))
    line = game.read_text().splitlines().index("[setup]") + 1
    fails(referee("smitten", "show", str(game)), 2, f"line {line}: the file has a bad [setup]: unknown difficulty ''")


def test_new_judges_its_options_like_a_loaded_setup(referee, tmp_path):
    fails(referee("smitten", "new", str(tmp_path / "e.toml"), "--seed", ""), 2, "the seed is empty")
    fails(referee("smitten", "new", str(tmp_path / "e.toml"), "--difficulty", ""), 2, "unknown difficulty ''")
    assert not (tmp_path / "e.toml").exists()


def test_a_loss_is_recorded_through_the_rules_like_every_event(referee, tmp_path):
    game = new(referee, tmp_path / "p.toml", "--physical")
    assert referee("smitten", "lose", str(game), "--reason", "no 4 fits").exit_code == 0
    assert savefile.load(game, RULES).events == [{"kind": "lose", "reason": "no 4 fits"}]
    before = game.read_bytes()
    fails(referee("smitten", "lose", str(game)), 1, "the game is already over (lost: no 4 fits)")
    assert game.read_bytes() == before


# --- display --------------------------------------------------------------------------


def test_a_hand_with_no_cards_left_shows_empty(referee, tmp_path):
    game = tmp_path / "won.toml"
    shutil.copyfile(EXAMPLES / "smitten-solo-won.toml", game)
    lines = referee("smitten", "show", str(game)).stdout.splitlines()
    assert "Hand A: empty" in lines and "Hand B: empty" in lines


@pytest.mark.parametrize(
    "command, arguments",
    [("play", "FILE CARD"), ("place", "FILE CARD"), ("reveal", "FILE CARD"), ("swap", "FILE CARD"), ("check", "PLACEMENT")],
)
def test_usage_lines_name_the_arguments(referee, command, arguments):
    usage = next(line for line in referee("smitten", command, "--help").stdout.splitlines() if "Usage:" in line)
    shown = re.sub(r"[{}\[\]]", "", usage.split("[OPTIONS]")[1]).split()
    assert shown == arguments.split(), usage
