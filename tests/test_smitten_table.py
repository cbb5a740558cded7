"""`referee smitten` as a table meets it over an evening (issue 11): what `check --after`
means, `moves --json` in the commands' own words, which card was played and which placed,
players' names, and the Easy Mode swap offered before a loss."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee import savefile
from referee.smitten.ruleset import RULES


def new(referee, path: Path, *options: str) -> None:
    result = referee("smitten", "new", str(path), *options)
    assert result.exit_code == 0, result.stderr


# --- the card played last and the card placed last -------------------------------------


def test_show_marks_the_card_played_last_and_the_card_placed_after_it_and_says_which(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")  # A: 7 9 (4 down), B: 6 1 (3 down)
    referee("smitten", "play", str(game), "7L")
    out = referee("smitten", "show", str(game)).stdout
    assert "│[7]│ · │ · │" in out and "[7] played last\n" in out
    referee("smitten", "place", str(game), "3R")
    out = referee("smitten", "show", str(game)).stdout
    assert "│[7]│ · │ · │" in out and "│ · │ · │(3)│" in out
    assert "[7] played last, (3) placed last\n" in out
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert (state["last"], state["played_last"], state["placed_last"]) == ("3R", "7L", "3R")


def test_equal_positions_are_equal_states_and_the_file_says_which_card_went_in_last(referee, tmp_path):
    """The state keeps no record of the last cards (report-only): 6L then 3L and 3L then
    6L reach one position, while `show` still tells the two files apart."""
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    for game, (played, placed) in ((first, ("6L", "3L")), (second, ("3L", "6L"))):
        new(referee, game, "--physical")
        assert referee("smitten", "play", str(game), played, "--by", "1").exit_code == 0
        assert referee("smitten", "place", str(game), placed, "--by", "2").exit_code == 0
    assert savefile.load(first, RULES).state == savefile.load(second, RULES).state
    shown = [referee("smitten", "show", str(game), "--json").json()["state"] for game in (first, second)]
    assert [(state["last"], state["played_last"], state["placed_last"]) for state in shown] == [
        ("3L", "6L", "3L"),
        ("6L", "3L", "6L"),
    ]
    assert "[6] played last, (3) placed last\n" in referee("smitten", "show", str(first)).stdout


def test_the_card_played_last_stays_marked_through_later_turns_and_undo(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")  # A: 7 9 (4 down), B: 6 1 (3 down)
    referee("smitten", "play", str(game), "7L")
    referee("smitten", "place", str(game), "3R")
    referee("smitten", "swap", str(game), "9")  # not Easy Mode: refused, changes nothing
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert (state["last"], state["played_last"], state["placed_last"]) == ("3R", "7L", "3R")
    referee("smitten", "undo", str(game))
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert (state["last"], state["played_last"], state["placed_last"]) == ("7L", "7L", None)
    referee("smitten", "undo", str(game))
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert (state["last"], state["played_last"], state["placed_last"]) == (None, None, None)


# --- the Easy Mode swap before the loss ------------------------------------------------


def test_the_easy_swap_is_offered_before_neither_hand_can_play_is_declared(referee, tmp_path):
    """The issue's reproduction: after 6R no hand can play, and the set-aside card (hidden)
    happens not to fit anywhere; the table may still swap, and loses only after it."""
    game = tmp_path / "g.toml"
    new(referee, game, "--mode", "solo", "--easy", "--hard1", "--hard2", "--seed", "playout-2001")
    for args in (["play", "2L", "--hand", "B"], ["play", "9R", "--hand", "A"], ["place", "6R", "--hand", "B"]):
        result = referee("smitten", args[0], str(game), *args[1:])
        assert result.exit_code == 0, result.stderr
    assert "Lost" not in result.stdout
    assert result.stdout.splitlines()[-1] == (
        "Next: a new turn: no card can be played as the hands stand, but a hand may first swap a face-up card with the set-aside card."
    )
    listed = referee("smitten", "moves", str(game), "--json").json()["moves"]
    assert {move["kind"] for move in listed} == {"swap"} and len(listed) == 3
    result = referee("smitten", "swap", str(game), "2", "--hand", "A")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "Lost: neither hand can play a card, even after the swap."


# --- check --after: the card just played is on the table -------------------------------


def assert_one_line_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("referee: "), result.stderr
    assert all(fragment in result.stderr for fragment in fragments), result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("left", ["1,2,4", "1,2,4,8"])
def test_check_after_puts_the_card_just_played_in_its_grid_whether_listed_or_not(referee, left):
    """`--after 8L` means the 8 is in the left grid: with 1, 2, 4 it cannot be, listed or not."""
    result = referee("smitten", "check", "--left", left, "--right", "5", "3L", "--after", "8L")
    assert_one_line_error(result, 2, "the 8 just played cannot be in the left grid with 1, 2, 4")


@pytest.mark.parametrize("left", ["1,2,4,7", "1,2,4,7,8"])
def test_check_after_gives_the_same_answer_whether_the_played_card_is_listed_or_not(referee, left):
    result = referee("smitten", "check", "--left", left, "--right", "5", "3L", "--after", "8L", "--json")
    assert result.exit_code == 0 and result.json()["reason"].endswith("it follows card 8 in the left grid: place a card in this grid (the left grid)")


def test_check_after_needs_the_cards_before_the_played_one_to_touch_each_other(referee):
    """With 1 and 3 in the left grid, a 2 can be placed between them, but it cannot be the
    card just played: before it, 1 and 3 did not touch."""
    result = referee("smitten", "check", "--left", "1,2,3", "6L", "--after", "2L")
    assert_one_line_error(result, 2, "the cards of the left grid before the 2 just played (1, 3) do not touch each other")


def test_check_help_says_what_after_means(referee):
    text = " ".join(referee("smitten", "check", "--help").stdout.replace("│", " ").split())
    assert "whether or not --left/--right lists it" in text


# --- players' names ---------------------------------------------------------------------


def test_new_players_names_the_two_players_and_every_message_uses_them(referee, tmp_path):
    game = tmp_path / "game.toml"
    result = referee("smitten", "new", str(game), "--seed", "s", "--players", "Anna", "Bram")  # Anna: 7 9 4, Bram: 6 1 3
    assert result.exit_code == 0
    assert "Started" in result.stdout and "Smitten, Anna and Bram, medium, seed s." in result.stdout
    assert "Anna: 3 cards, not shown\nBram: 3 cards, not shown\n" in result.stdout  # the table sees no hand
    own = referee("smitten", "show", str(game), "--by", "anna").stdout
    assert "Anna: 7 9 4\nBram: 3 cards, not shown\n" in own and "as Anna sees it" in own
    result = referee("smitten", "play", str(game), "7L")
    assert result.stdout.splitlines() == [
        "Anna plays 7L.",
        "Next: card 7 in the left grid: Bram must place a card in the other grid (the right grid).",
    ]
    result = referee("smitten", "place", str(game), "9R")
    assert result.exit_code == 1 and result.stderr == "referee: Bram holds no 9\n"
    result = referee("smitten", "place", str(game), "3R", "--by", "bR")  # names in any case, or their start
    assert result.exit_code == 0 and "End of turn: Anna draws 1 card, then Bram draws 1 card." in result.stdout
    assert referee("smitten", "play", str(game), "4L", "--by", "1").exit_code == 0  # 1 and 2 still work
    saved = savefile.load(game, RULES)
    assert saved.setup["players"] == ["Anna", "Bram"]
    assert [event["by"] for event in saved.events] == ["Anna", "Bram", "Anna"]
    history = referee("smitten", "history", str(game), "--json").json()
    assert [entry["summary"] for entry in history["events"]] == ["Anna plays 7L", "Bram places 3R", "Anna plays 4L"]
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert [hand["name"] for hand in state["hands"]] == ["Anna", "Bram"] and state["pending"]["follower"] == "Bram"


def test_a_name_is_printed_as_given_even_at_the_start_of_a_sentence(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s", "--players", "élodie", "[b]Bram[/b]")
    assert referee("smitten", "play", str(game), "7L").stdout.startswith("élodie plays 7L.\n")
    assert "[b]Bram[/b]: 6 1 3" in referee("smitten", "show", str(game), "--by", "2").stdout


def test_physical_cards_at_the_start_of_a_turn_say_in_one_line_that_either_player_may_play(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--physical", "--players", "Anna", "Bram")
    before = game.read_bytes()
    result = referee("smitten", "play", str(game), "5L")
    assert result.exit_code == 2 and result.stderr == "referee: either player may play 5L: add --by Anna or --by Bram\n"
    assert game.read_bytes() == before
    result = referee("smitten", "play", str(game), "8L", "--by", "anna")
    assert result.exit_code == 0 and result.stdout.startswith("Anna plays 8L.\n")
    assert referee("smitten", "place", str(game), "5L").stdout.startswith("Bram places 5L.\n")  # only Bram may follow


@pytest.mark.parametrize(
    "options, fragment",
    [
        (["--mode", "solo", "--players", "Anna", "Bram"], "solo Smitten plays hands A and B"),
        (["--players", "Anna", "anna"], "two players are called"),
        (["--players", "2", "Bram"], "cannot be called '2'"),
        (["--players", "Anna", "a=b"], "cannot be a player's name"),
        (["--players", "Anna"], "--players"),
    ],
)
def test_new_refuses_names_that_do_not_fit(referee, tmp_path, options, fragment):
    game = tmp_path / "game.toml"
    result = referee("smitten", "new", str(game), *options)
    assert result.exit_code == 2 and fragment in result.stderr and "Traceback" not in result.stderr
    assert not game.exists()


def test_by_an_unknown_name_is_exit_2_and_leaves_the_file_unchanged(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s", "--players", "Anna", "Bram")
    before = game.read_bytes()
    result = referee("smitten", "play", str(game), "7L", "--by", "Cees")
    assert_one_line_error(result, 2, "unknown player 'Cees'", "Anna, Bram")
    assert game.read_bytes() == before


# --- moves --json speaks the commands' language -----------------------------------------

#: Games that reach every kind of move: (options of `new`, entries played before `moves`).
SITUATIONS = {
    "solo easy, a new turn: plays, face-down plays and swaps": (["--mode", "solo", "--easy", "--seed", "s"], []),
    "solo, a flipped card must be played": (["--mode", "solo", "--seed", "s"], [["play", "down", "--hand", "A"]]),
    "solo Hard Mode 1, fives with their forced choice": (["--mode", "solo", "--hard1", "--seed", "t"], []),
    "card 1: a named player reveals": (["--seed", "s", "--players", "Anna", "Bram Stoker"], [["play", "1L"]]),
    "card 1: then places another card": (["--seed", "s", "--players", "Anna", "Bram Stoker"], [["play", "1L"], ["reveal", "7"]]),
    "physical: fives to choose, both players": (["--physical", "--players", "Anna", "Bram"], []),
    "physical: card 3's top card": (["--physical"], [["play", "3L", "--by", "2"]]),
    "card 2: a play that binds the other player": (["--physical", "--difficulty", "hard"], [["play", "2L", "--by", "1"]]),
    "the easy swap before a loss": (
        ["--mode", "solo", "--easy", "--hard1", "--hard2", "--seed", "playout-2001"],
        [["play", "2L", "--hand", "B"], ["play", "9R", "--hand", "A"], ["place", "6R", "--hand", "B"]],
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("situation", SITUATIONS)
def test_every_move_listed_by_moves_json_is_made_by_its_args(referee, tmp_path, situation):
    """Each listed move carries "args", the exact arguments that make it; run on a copy of
    the file, they are accepted and record that very move."""
    options, entries = SITUATIONS[situation]
    game = tmp_path / "game.toml"
    new(referee, game, *options)
    for entry in entries:
        result = referee("smitten", entry[0], str(game), *entry[1:])
        assert result.exit_code == 0, (entry, result.stderr)
    listed = referee("smitten", "moves", str(game), "--json").json()["moves"]
    if "solo" not in options:  # two players: each player's own moves, asked for by that player
        import json

        seen = {json.dumps(move, sort_keys=True) for move in listed}
        for by in ("1", "2"):
            for move in referee("smitten", "moves", str(game), "--by", by, "--json").json()["moves"]:
                if json.dumps(move, sort_keys=True) not in seen:
                    seen.add(json.dumps(move, sort_keys=True))
                    listed.append(move)
    assert listed
    for index, move in enumerate(listed):
        args = move.pop("args")
        copy = tmp_path / f"copy{index}.toml"
        shutil.copyfile(game, copy)
        result = referee("smitten", args[0], str(copy), *args[1:])
        assert result.exit_code == 0, (args, result.stderr)
        assert savefile.load(copy, RULES).events[-1] == move, args


def test_moves_json_keeps_its_keys_and_adds_the_args(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--easy", "--seed", "s")
    listed = referee("smitten", "moves", str(game), "--json").json()["moves"]
    assert {"kind": "flip", "hand": "A", "args": ["play", "down", "--hand", "A"]} in listed
    assert {"kind": "swap", "card": 7, "hand": "A", "args": ["swap", "7", "--hand", "A"]} in listed
    assert {"kind": "play", "card": "7L", "hand": "A", "args": ["play", "7L", "--hand", "A"]} in listed


def test_moves_on_a_finished_game_says_how_it_ended_once(referee):
    result = referee("smitten", "moves", "examples/smitten-two-player-lost.toml")
    assert result.exit_code == 0 and result.stdout == "Lost: player 1 could not follow card 4.\n"


# --- counts with their nouns ------------------------------------------------------------


def test_show_counts_one_card_and_one_event_in_the_singular(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--physical", "--players", "Anna", "Bram")
    referee("smitten", "play", str(game), "8L", "--by", "Anna")
    out = referee("smitten", "show", str(game)).stdout
    assert "— 1 card in the grids, 1 event\n" in out


def test_the_balance_rule_counts_one_card_in_the_singular(referee):
    result = referee("smitten", "check", "--right", "5", "1L", "--hard")
    assert result.exit_code == 0
    assert result.stdout == "1L is legal: it is the first card of the left grid; the ±2 rule holds (the left grid would hold 1 card, the other 1)\n"


def test_moves_on_a_shared_screen_never_name_a_card_in_a_players_hand(referee, tmp_path):
    """SPEC §6.6: with two players and a seeded deck, `moves` without --by lists no move
    of a card in hand (a move names its card); `--by` lists that player's own."""
    from referee import games, savefile

    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "7", "--players", "Ann", "Bob")
    state = savefile.load(game, games.game("smitten").load_rules()).state
    public = referee("smitten", "moves", str(game), "--json").json()["moves"]
    assert public == [] and "--by" in referee("smitten", "moves", str(game)).stdout
    for seat, name in enumerate(("Ann", "Bob")):
        own = referee("smitten", "moves", str(game), "--by", name, "--json").json()["moves"]
        assert own and {int(move["card"][:-1]) for move in own} <= set(state.hands[seat].face_up)
