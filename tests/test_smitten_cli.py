"""`referee smitten` through the real command line: check, game files, display, errors."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import installed_referee

from referee import savefile
from referee.smitten.ruleset import RULES

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


def assert_one_line_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("referee: "), result.stderr
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr


# --- check -----------------------------------------------------------------------------


def test_check_a_legal_placement_exits_0_and_names_the_rules(referee):
    result = referee("smitten", "check", "--left", "1,2,4", "--right", "5", "3L")
    assert result.exit_code == 0
    assert result.stdout == "3L is legal: the left grid has no 3 yet and the cell touches 2\n"


def test_check_json_is_one_object_with_legal_and_reason(referee):
    result = referee("smitten", "check", "--left", "1,2,4", "--right", "5", "3L", "--after", "7L", "--json")
    assert result.exit_code == 1
    document = result.json()
    assert document["legal"] is False and isinstance(document["reason"], str)
    assert document["reason"] == "card 7 in the left grid: place a card in the other grid (the right grid)"


@pytest.mark.parametrize(
    "args, legal, fragment",
    [
        (["9L"], False, "would not touch a card in the left grid"),
        (["2L"], False, "already holds its 2"),
        (["6R", "--after", "8R"], True, "it follows card 8"),
        (["6R", "--after", "5L", "--choose", "higher"], True, "higher than 5"),
        (["4R", "--after", "5L", "--choose", "higher"], False, "4 is not higher than 5"),
        (["7L", "--after", "4L"], True, "completes a row and/or column"),
        (["5L", "--after", "4L"], False, "would not complete a row or column"),
        (["6L", "--after", "6R"], False, "a 6 is already in a grid"),
        (["--right", "5,6", "3R", "--after", "9R"], True, "either grid"),
        (["6R", "--after", "2L"], True, "play a card in either grid"),
        (["--right", "2,5", "3L", "--after", "1R"], True, "it follows card 1"),
        (["6R", "--after", "3L"], True, "top card of the deck"),
        (["--right", "5,6", "5L", "--hard"], False, "±2 rule"),
        (["--right", "5,6", "3R", "--hard"], True, "the ±2 rule holds"),
    ],
)
def test_check_judges_every_rule(referee, args, legal, fragment):
    grids = ["--left", "1,2,4"] + ([] if "--right" in args else ["--right", "5"])
    result = referee("smitten", "check", *grids, *args, "--json")
    assert result.exit_code == (0 if legal else 1)
    document = result.json()
    assert document["legal"] is legal and fragment in document["reason"], document


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["3Q"], "unknown grid"),
        (["0L"], "not a Smitten card"),
        (["--left", "1,1", "3L"], "twice"),
        (["--left", "1,9", "3L"], "do not touch"),
        (["--after", "5L", "6R"], "card 5 needs a choice: higher or lower"),
        (["--choose", "higher", "6R"], "card 5"),
        (["--after", "5L", "--choose", "sideways", "6R"], "card 5 asks for higher or lower"),
    ],
)
def test_check_bad_input_is_exit_2_with_one_line(referee, args, fragment):
    assert_one_line_error(referee("smitten", "check", *args), 2, fragment)


# --- game files ---------------------------------------------------------------------


def new(referee, path: Path, *options: str) -> None:
    result = referee("smitten", "new", str(path), *options)
    assert result.exit_code == 0, result.stderr


def test_new_writes_a_toml_file_with_the_setup_and_shows_the_empty_grids(referee, tmp_path):
    game = tmp_path / "game.toml"
    result = referee("smitten", "new", str(game), "--mode", "solo", "--easy", "--hard1", "--seed", "s")
    assert result.exit_code == 0
    assert "│ · │ · │ · │" in result.stdout and "Hand A: 7 9 · face down: 1 card" in result.stdout
    saved = savefile.load(game, RULES)
    assert saved.setup == {"mode": "solo", "easy": True, "hard1": True, "hard2": False, "seed": "s"}


def test_new_without_seed_draws_one_and_records_it(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game)
    assert len(savefile.load(game, RULES).setup["seed"].split("-")) == 3


@pytest.mark.parametrize(
    "options, fragment",
    [
        (["--mode", "solo", "--difficulty", "hard"], "solo Smitten has no difficulty"),
        (["--easy"], "solo modes"),
        (["--seed", "s", "--physical"], "give one of them"),
        (["--mode", "sollo"], "did you mean solo?"),
        (["--difficulty", "impossible"], "difficulty"),
    ],
)
def test_new_refuses_options_that_do_not_fit(referee, tmp_path, options, fragment):
    game = tmp_path / "game.toml"
    assert_one_line_error(referee("smitten", "new", str(game), *options), 2, fragment)
    assert not game.exists()


def test_a_game_is_played_through_the_command_line(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s")  # player 1: 7 9 4, player 2: 6 1 3
    result = referee("smitten", "play", str(game), "7L")
    assert result.exit_code == 0 and "Player 1 plays 7L." in result.stdout
    assert "player 2 must place a card in the other grid (the right grid)" in result.stdout
    result = referee("smitten", "place", str(game), "3R")
    assert result.exit_code == 0 and "End of turn: player 1 draws 1 card, then player 2 draws 1 card." in result.stdout
    events = savefile.load(game, RULES).events
    assert events == [{"kind": "play", "card": "7L", "by": 1}, {"kind": "place", "card": "3R", "by": 2}]


def test_an_illegal_move_is_exit_1_with_the_reason_and_leaves_the_file_unchanged(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s")
    referee("smitten", "play", str(game), "7L")
    before = game.read_bytes()
    result = referee("smitten", "place", str(game), "3L")
    assert_one_line_error(result, 1, "card 7 in the left grid: place a card in the other grid")
    assert game.read_bytes() == before
    result = referee("smitten", "place", str(game), "9R", "--json")
    assert result.exit_code == 1 and result.json() == {"error": "player 2 holds no 9", "exit_code": 1}
    assert game.read_bytes() == before


def test_an_entry_nobody_can_make_is_refused_by_the_rules_for_the_first_who_could_be_meant(referee, tmp_path):
    """Who moves is left out and no hand holds the card: the rules (not the entry) say no,
    in their one wording, for the first hand that could be meant (exit 1, file unchanged)."""
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")  # A: 7 9 (4 down), B: 6 1 (3 down)
    before = game.read_bytes()
    assert_one_line_error(referee("smitten", "play", str(game), "8L"), 1, "hand A holds no face-up 8")
    assert_one_line_error(referee("smitten", "play", str(game), "5L"), 1, "hand A holds no face-up 5")
    assert game.read_bytes() == before
    two = tmp_path / "two.toml"
    new(referee, two, "--seed", "s")  # player 1: 7 9 4, player 2: 6 1 3
    assert_one_line_error(referee("smitten", "play", str(two), "8L"), 1, "player 1 holds no 8")


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["play", "{file}", "3X"], "unknown grid"),
        (["play", "{file}", "7L", "--hand", "A"], "use --by 1 or --by 2"),
        (["play", "{file}", "7L", "--by", "3"], "`by` must be 1, 2 or a player's name, not '3'"),
        (["play", "{file}", "7L", "--choose", "higher"], "only card 5 asks for higher or lower, not card 7"),
        (["play", "{file}", "7L", "--choose", "up"], "'up' is not a choice for card 5"),
        (["reveal", "{file}", "ten"], "not a Smitten card"),
        (["show", "{file}.missing"], "no such file"),
    ],
)
def test_bad_input_is_exit_2_and_leaves_the_file_unchanged(referee, tmp_path, args, fragment):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s")
    before = game.read_bytes()
    assert_one_line_error(referee("smitten", *[a.replace("{file}", str(game)) for a in args]), 2, fragment)
    assert game.read_bytes() == before


def test_who_plays_is_asked_only_when_both_could(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s", "--difficulty", "easy")  # both hold a 9? player 1: 7 9 4 9, player 2: 6 1 3 3
    assert referee("smitten", "play", str(game), "6L").exit_code == 0  # only player 2 holds a 6
    physical = tmp_path / "physical.toml"
    new(referee, physical, "--physical")
    assert_one_line_error(referee("smitten", "play", str(physical), "6L"), 2, "--by 1 or --by 2")


def test_every_move_listed_by_moves_is_accepted(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--easy", "--seed", "s")
    listed = [{key: value for key, value in move.items() if key != "args"} for move in referee("smitten", "moves", str(game), "--json").json()["moves"]]
    assert {"kind": "flip", "hand": "A"} in listed and {"kind": "swap", "card": 7, "hand": "A"} in listed
    for index, move in enumerate(listed):
        copy = tmp_path / f"copy{index}.toml"
        shutil.copyfile(game, copy)
        args = [move["kind"] if move["kind"] != "flip" else "play", str(copy), str(move.get("card", "down"))]
        args += ["--hand", move["hand"]]
        if "choose" in move:
            args += ["--choose", move["choose"]]
        result = referee("smitten", *args)
        assert result.exit_code == 0, (move, result.stderr)


def test_moves_for_people_lists_them_per_hand_and_says_how_many_moves(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")
    result = referee("smitten", "moves", str(game))
    assert result.stdout.splitlines() == [
        "A new turn: either hand may play a card.",
        "Hand A, 5 moves: play 7L, play 9L, play 7R, play 9R, play down",
        "Hand B, 5 moves: play 1L, play 6L, play 1R, play 6R, play down",
    ]


def test_show_draws_both_grids_marks_the_last_card_and_hides_face_down_cards(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")  # A: 7 9 (4 down), B: 6 1 (3 down)
    referee("smitten", "play", str(game), "7L")
    out = referee("smitten", "show", str(game)).stdout
    assert "│[7]│ · │ · │" in out
    assert "Hand A: 9 · face down: 1 card" in out  # A's 4 stays hidden
    assert "Hand B: 6 1 3 · no face-down card\n" in out  # B's 3 was flipped by the rules
    assert "0 cards" not in out
    assert "4" not in out.split("Hand A:")[1].splitlines()[0]
    assert "Now: Card 7 in the left grid: hand B must place a card in the other grid (the right grid)." in out
    document = referee("smitten", "show", str(game), "--json").json()
    assert document["state"]["hands"][0] == {"name": "A", "cards": 2, "face_up": [9], "face_down": 1}
    assert document["state"]["pending"]["card"] == 7 and document["state"]["last"] == "7L"


def test_undo_and_history_work_on_smitten_files(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s")
    referee("smitten", "play", str(game), "7L")
    history = referee("smitten", "history", str(game), "--json").json()
    assert [entry["summary"] for entry in history["events"]] == ["player 1 plays 7L"]
    result = referee("smitten", "undo", str(game))
    assert result.exit_code == 0 and "player 1 plays 7L" in result.stdout
    assert savefile.load(game, RULES).events == []


def test_lose_records_the_tables_loss_with_its_reason_printed_literally(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--physical", "--mode", "solo")
    result = referee("smitten", "lose", str(game), "--reason", "[red]B's 4[/red] fit nowhere")
    assert result.exit_code == 0 and "Lost: [red]B's 4[/red] fit nowhere." in result.stdout
    assert_one_line_error(referee("smitten", "play", str(game), "5L", "--hand", "A", "--choose", "higher"), 1, "the game is over")


def test_seed_is_shown_literally_not_as_markup(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "[bold]x[/bold]")
    assert "seed [bold]x[/bold]" in referee("smitten", "show", str(game)).stdout


def test_a_hand_edited_illegal_event_is_reported_with_its_position(referee, tmp_path):
    game = tmp_path / "game.toml"
    shutil.copyfile(EXAMPLES / "smitten-two-player-lost.toml", game)
    text = game.read_text().replace('card = "2R"', 'card = "2L"', 1)
    game.write_text(text)
    result = referee("smitten", "show", str(game))
    assert_one_line_error(result, 2, "event 2 (place)", "card 7 in the left grid")


# --- the examples ---------------------------------------------------------------------


def test_the_solo_example_is_a_won_game(referee):
    document = referee("smitten", "show", str(EXAMPLES / "smitten-solo-won.toml"), "--json").json()
    assert document["state"]["outcome"]["result"] == "won" and document["state"]["cards_in_grids"] == 17
    kinds = {event["kind"] for event in savefile.load(EXAMPLES / "smitten-solo-won.toml", RULES).events}
    assert {"play", "place", "flip", "swap"} <= kinds


def test_the_two_player_example_is_a_lost_game(referee):
    document = referee("smitten", "show", str(EXAMPLES / "smitten-two-player-lost.toml"), "--json").json()
    assert document["state"]["outcome"] == {
        "result": "lost",
        "termination": "could-not-follow",
        "reason": "player 1 could not follow card 4",
    }


@pytest.mark.parametrize("name", ["smitten-solo-won.toml", "smitten-two-player-lost.toml"])
def test_replaying_an_example_file_gives_the_same_state_every_time(name):
    saved = savefile.load(EXAMPLES / name, RULES)
    state = RULES.start(RULES.read_setup(saved.setup))
    for event in saved.events:
        state = RULES.apply(state, RULES.decode(state, event)).state
    assert state == saved.state == savefile.load(EXAMPLES / name, RULES).state


def test_undo_of_the_last_event_then_replaying_it_gives_the_same_file(referee, tmp_path):
    game = tmp_path / "game.toml"
    shutil.copyfile(EXAMPLES / "smitten-solo-won.toml", game)
    original = game.read_bytes()
    assert referee("smitten", "undo", str(game)).exit_code == 0
    assert referee("smitten", "play", str(game), "7R").exit_code == 0
    assert game.read_bytes() == original


# --- the installed command ------------------------------------------------------------


def test_installed_referee_smitten_check_runs_as_a_process(tmp_path):
    process = subprocess.run(
        [installed_referee(), "smitten", "check", "--left", "1,2,4", "--right", "5", "3L", "--after", "7L", "--json"],
        capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert process.returncode == 1 and process.stderr == ""
    assert json.loads(process.stdout)["legal"] is False


@pytest.mark.slow
def test_installed_referee_plays_a_game_file(tmp_path):
    game = tmp_path / "game.toml"
    run = lambda *args: subprocess.run([installed_referee(), "smitten", *args], capture_output=True, text=True, cwd=tmp_path, timeout=60)  # noqa: E731
    assert run("new", str(game), "--seed", "s").returncode == 0
    assert run("play", str(game), "7L").returncode == 0
    process = run("place", str(game), "3L")
    assert process.returncode == 1 and "Traceback" not in process.stderr and process.stderr.count("\n") == 1


@pytest.mark.parametrize("grids", [["--left", "1,2,4"], ["--left", "1,2,4,5", "--right", "3,6"], ["--left", "1,2", "--right", "5", "--after", "4L"]])
def test_under_the_hard_rule_grids_that_differ_by_2_or_more_cannot_be_reached_and_are_refused(referee, grids):
    """Hard Mode 2 / hard difficulty: "You may not play or place a card if it results in a
    grid having ±2 cards than the other grid", so no game holds such grids."""
    result = referee("smitten", "check", *grids, "9R", "--hard")
    assert result.exit_code == 2 and "never differ by 2 or more" in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert referee("smitten", "check", *grids, "9R").exit_code in (0, 1)  # without --hard, a question


# --- one input shape, each rule in one place (SPEC §6.7) ----------------------------------


def test_choose_only_with_a_played_5_is_the_rules_one_check_for_every_kind_of_entry(referee, tmp_path):
    """The command line builds the save file's event and the rules judge its choice, as
    for a file or a phone: a choice with a reveal, a flip or a swap is refused by
    legality (exit 2, input that cannot be used), in the rules' words, and the file is
    unchanged."""
    solo = tmp_path / "solo.toml"
    new(referee, solo, "--mode", "solo", "--seed", "s")
    before = solo.read_bytes()
    refused = referee("smitten", "play", str(solo), "down", "--choose", "higher", "--hand", "A")
    assert_one_line_error(refused, 2, "only a played 5 asks for higher or lower, not to play the face-down card")
    assert solo.read_bytes() == before
    after_seven = referee("smitten", "check", "6R", "--after", "7L", "--choose", "higher")
    assert_one_line_error(after_seven, 2, "only card 5 asks for higher or lower, not card 7")


def test_a_typed_entry_is_recorded_as_the_event_the_games_parser_reads(referee, tmp_path):
    """`play FILE 7l --by 1` is the event {kind: play, card: 7l, by: 1} read by the game's
    one parser: the file keeps the parser's canonical event."""
    game = tmp_path / "game.toml"
    new(referee, game, "--seed", "s", "--players", "Anna", "Bram")
    assert referee("smitten", "play", str(game), "7l", "--by", "an").exit_code == 0
    assert savefile.load(game, RULES).events[-1] == {"kind": "play", "card": "7L", "by": "Anna"}
