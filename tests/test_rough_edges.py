"""The rough edges and Dutch leftovers of issue 34, each as the table meets it: a file that
is no save file named to `stats`, a two-player pick without its discard, a pasted number
of 4,400 digits, Ctrl-C, the README's Dask example, and Dutch words where English was
left (the help of the newest commands, Spellcrafter's suits, Smitten's modes in `stats`,
who challenged whom, the `stats` table at 80 columns)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SEASON = REPO / "examples" / "season"


def one_line(result) -> str:
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    return str(result.stderr)


# --- stats and export: a named file must be a save file ------------------------------------


@pytest.mark.parametrize("command", ["stats", "export"])
def test_a_named_device_is_no_save_file_for_stats_or_export(referee, command) -> None:
    extra = ["--bgstats"] if command == "export" else []
    result = referee(command, "/dev/null", *extra)
    assert result.exit_code == 2 and "/dev/null is a device, not a save file" in one_line(result)


def test_a_named_file_of_something_else_is_refused_by_stats_and_a_folder_is_searched(referee, tmp_path) -> None:
    notes = tmp_path / "notes.toml"
    notes.write_text('title = "not a game"\n', encoding="utf-8")
    result = referee("stats", str(notes))
    assert result.exit_code == 2 and "is not a game file of referee" in one_line(result)
    assert referee("stats", str(tmp_path)).exit_code == 0  # a folder holding no save file: nothing found, said so


# --- a two-player pick without --discard -----------------------------------------------------


def test_a_two_player_pick_without_its_discard_names_the_discard_option_on_the_command_line(referee, tmp_path) -> None:
    game = tmp_path / "p.toml"
    assert referee("spell", "new", str(game), "Anna", "Bram", "--seed", "kale").exit_code == 0
    hand = referee("spell", "hand", str(game), "Anna", "--json").json()
    card = (hand.get("draft") or hand)["hand"][0] if isinstance(hand.get("draft") or hand, dict) else None
    card = card or "O1m"
    before = game.read_bytes()
    result = referee("spell", "pick", str(game), "anna", card)
    assert result.exit_code == 1 and "add --discard CARD, the card Anna discards with this pick" in one_line(result)
    assert game.read_bytes() == before
    dutch = referee("--lang", "nl", "spell", "pick", str(game), "anna", card)
    assert "voeg --discard KAART toe" in dutch.stderr


def test_the_voices_words_for_a_missing_discard_name_no_option() -> None:
    """The web page words the same refusal without a flag: a phone has no option to add."""
    from referee.game import Refusal
    from referee.spellcrafter.refusals import Rule
    from referee.spellcrafter.voice import VOICE

    worded = VOICE.refusal(None, Refusal(Rule.DISCARD_NEEDED, (("seat", 0), ("card", "O1m"))))
    assert "--" not in worded and "discards a card" in worded


# --- echoed input is cut ---------------------------------------------------------------------


def test_a_number_of_4400_digits_is_not_echoed_whole(referee, tmp_path) -> None:
    digits = "9" * 4400
    for words in (["smoor", "new", str(tmp_path / "z.toml"), "A", "B", "C", "--target", digits], ["spell", "score", f"K{digits}m", "I1m", "T1m"]):
        result = referee(*words)
        said = one_line(result)
        assert result.exit_code == 2 and len(said) < 400 and "9" * 41 not in said, said
        assert re.search(r"9… \(4,40\d characters\)", said), said
    dutch = referee("--lang", "nl", "spell", "score", f"K{digits}m", "I1m", "T1m").stderr
    assert "(4.405 tekens)" in dutch


def test_a_path_of_ordinary_length_is_echoed_whole() -> None:
    from referee.cli.output import capped

    path = "/tmp/" + "a-long-folder-name/" * 8 + "game.toml"
    assert capped(f"no such file: {path}") == f"no such file: {path}"


# --- Ctrl-C ----------------------------------------------------------------------------------


def test_ctrl_c_in_any_command_exits_130_and_says_so(referee, tmp_path, monkeypatch) -> None:
    import referee.cli.stats as stats_command

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(stats_command, "_season", interrupted)
    result = referee("stats", str(SEASON))
    assert result.exit_code == 130 and one_line(result) == "referee: interrupted (Ctrl-C, exit 130)\n"


# --- the README's Dask example ---------------------------------------------------------------


def test_the_readmes_dask_example_listens_on_loopback_only() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = readme[readme.index("dask scheduler"):]
    example = example[: example.index("```")]
    scheduler, worker = (line for line in example.splitlines() if line.strip().startswith("dask "))
    assert "--host 127.0.0.1" in scheduler and "--dashboard-address 127.0.0.1:" in scheduler
    assert "--host 127.0.0.1" in worker and "--dashboard-address 127.0.0.1:" in worker
    assert "0.0.0.0" not in example


# --- Dutch leftovers -------------------------------------------------------------------------


@pytest.mark.parametrize("command, dutch", [("serve", "Toon een spelbestand aan de tafel"), ("stats", "Statistieken over veel partijen"),
                                            ("export", "Deel uitgespeelde partijen")])  # fmt: skip
def test_the_help_of_serve_stats_and_export_is_dutch(referee, command, dutch) -> None:
    shown = " ".join(referee("--lang", "nl", command, "--help", env={"COLUMNS": "80"}).stdout.split())
    assert dutch in shown and "Gebruik:" in shown and "PATHS" not in shown and "DATE" not in shown


def test_spellcrafters_suits_are_named_in_dutch_in_a_score_breakdown_and_kept_in_json(referee) -> None:
    shown = referee("--lang", "nl", "spell", "score", "K6m", "I1m", "T1m").stdout
    assert "flush: allemaal manen" in shown and "moons" not in shown
    toil = referee("--lang", "nl", "spell", "score", "K6m", "I1m", "T1m", "TOILs@1").stdout
    assert "manen → zegels" in toil
    assert referee("--lang", "nl", "spell", "score", "K6m", "I1m", "T1m", "--json").json() == referee("spell", "score", "K6m", "I1m", "T1m", "--json").json()


def test_smittens_modes_in_stats_are_words_of_the_chosen_language(referee) -> None:
    from referee.smitten.words import mode_words

    assert mode_words("two medium") == "two players, medium" and mode_words("solo") == "solo"
    assert mode_words("solo easy+hard1") == "solo (easy, hard 1)"
    shown = referee("--lang", "nl", "stats", str(SEASON), "--game", "smitten").stdout
    assert "solo (makkelijk): 4 van 4 gewonnen" in shown and "twee spelers, gemiddeld: 0 van 4 gewonnen" in shown
    assert "two medium" not in shown and "solo easy" not in shown


def test_the_dutch_challenge_count_says_who_challenged(referee) -> None:
    shown = referee("--lang", "nl", "stats", str(SEASON), "--game", "spell").stdout
    assert re.search(r"Anna: \d+ woorden, gemiddeld [\d.,]+; daagde \d+ keer een woord uit, \d+ keer terecht", shown), shown
    assert "keer uitgedaagd" not in shown


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_stats_table_at_80_columns_cuts_no_header(referee, language) -> None:
    shown = referee("--lang", language, "stats", str(SEASON), "--game", "spell", env={"COLUMNS": "80"}).stdout
    lines = shown.splitlines()
    start = next(number for number, line in enumerate(lines) if line.startswith(("Player", "Speler")))
    table = lines[start - 1 : start + 6]  # the header's two lines and the five players
    assert "…" not in "\n".join(table) and max(len(line) for line in table) <= 80, shown
    header = lines[start]
    for word in (("Played", "Won", "Nemesis") if language == "en" else ("Gespeeld", "Gewonnen", "Aartsvijand")):
        assert word in header, header
