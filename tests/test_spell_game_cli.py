"""`referee spell new/word/pass/challenge/show/undo/history`: the game file from the
command line (SPEC §5.5)."""

from __future__ import annotations

import subprocess

import pytest

from conftest import installed_referee
from referee import savefile
from referee.data import example
from referee.spellcrafter.ruleset import RULES

KITTY = ["K6m", "I1m", "T1m", "DDm:T", "*Y4f"]


@pytest.fixture
def game_file(tmp_path, referee):
    path = tmp_path / "game.toml"
    result = referee("spell", "new", str(path), "Anna", "Bram", "Cees")
    assert result.exit_code == 0, result.stderr
    return path


def test_new_game_names_the_players_the_dictionary_and_round_one_passing_left(referee, tmp_path):
    result = referee("spell", "new", str(tmp_path / "g.toml"), "Anna", "Bram", "--friendly", "--ddt", "--dict", "builtin:en-large")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"New game in {tmp_path / 'g.toml'}: Anna, Bram",
        "dictionary builtin:en-large · friendly rules (Jumper mandatory, no suit) · Double-Double, Toil & Trouble (+10) · two players: no Familiars",
        "Round 1 of 4 — pass left — waiting for Anna, Bram",
    ]
    setup = savefile.load(tmp_path / "g.toml", RULES).setup
    assert setup == {"players": ["Anna", "Bram"], "variants": ["friendly", "ddt"], "dictionary": "builtin:en-large"}


def test_new_refuses_bad_setups_and_writes_nothing(referee, game_file, tmp_path):
    assert "already exists" in referee("spell", "new", str(game_file), "A", "B").stderr
    assert "2 to 5 players" in referee("spell", "new", str(tmp_path / "x.toml"), "A").stderr
    assert "unknown dictionary kind" in referee("spell", "new", str(tmp_path / "x.toml"), "A", "B", "--dict", "bogus:en").stderr
    assert not (tmp_path / "x.toml").exists()


def test_a_word_is_scored_at_once_with_the_totals(referee, game_file):
    result = referee("spell", "word", str(game_file), "an", *KITTY)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "Anna: KITTY 26 points (base 13 × 2, straight: 5 letters)",
        "Totals: Anna 26 · Bram 0 · Cees 0",
        "Round 1 of 4 — pass left — waiting for Bram, Cees",
    ]


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["word", "Anna", "K4m", "I1m", "K4x"], 2, "unknown suit 'x' in token 3"),
        (["word", "Zed", "K4m", "I1m", "T1m"], 2, "unknown player 'Zed'"),
        (["word", "Bram", "K66m", "I1m", "T1m"], 2, "K66m: values run 1–10 in a game without a deck file"),
        (["word", "Bram", "K4m", "I1m"], 1, "at least 3 letters"),
        (["word", "Bram", "C3m", "A1m", "DDm:X"], 1, "Double, Double copies a letter already in your word"),
        (["word", "Bram", "C3m", "TRm:A", "T1m", "TOILm@2"], 1, "Toil has no effect on Trouble"),
        (["word", "Bram", "*C3m", "*A1m", "T1m"], 1, "the Jumper only once"),
        (["word", "Bram", "*S1f", "I1m", "T1m"], 1, "the Jumper on the table in round 1 is Y4f (Anna's KITTY uses it), not S1f"),
        (["word", "Bram", "C3c", "A1c", "U1c", "L1c", "D2c", "R1c", "O1c", "N1c"], 1, "at most the 7 cards its player selected"),
        (["word", "Anna", "C3m", "A1m", "T1m"], 1, "Anna already has a word in round 1"),
        (["pass", "Anna"], 1, "Anna already has a word"),
        (["challenge", "Anna", "Anna"], 1, "cannot challenge their own word"),
        (["challenge", "Bram", "Cees"], 1, "Cees has no word in round 1 yet"),
    ],
)
def test_a_rejected_entry_leaves_the_file_byte_for_byte_unchanged(referee, game_file, args, code, says):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    before = game_file.read_bytes()
    backup = game_file.with_name("game.toml.bak").read_bytes()
    command, *rest = args
    result = referee("spell", command, str(game_file), *rest)
    assert result.exit_code == code and says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert game_file.read_bytes() == before
    assert game_file.with_name("game.toml.bak").read_bytes() == backup


def test_a_challenge_judges_the_word_with_the_games_dictionary_and_applies_the_consequence(referee, game_file):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    stands = referee("spell", "challenge", str(game_file), "Bram", "Anna")
    assert stands.exit_code == 0
    assert stands.stdout.splitlines()[:3] == [
        "KITTY: valid — in dictionary (builtin:en)", "Bram loses 26 points.", "Totals: Anna 26 · Cees 0 · Bram -26",
    ]  # fmt: skip
    referee("spell", "word", str(game_file), "Cees", "Q6s", "A1m", "T1m")
    falls = referee("spell", "challenge", str(game_file), "Anna", "Cees", "--json")
    assert falls.exit_code == 1
    document = falls.json()
    assert document["challenge"] == {"word": "qat", "valid": False, "reason": "not in dictionary", "dictionary": "builtin:en",
                                     "value": 8, "challenger": "Anna", "player": "Cees"}  # fmt: skip
    assert [p["total"] for p in document["players"]] == [26, -26, 0]


def test_the_game_form_of_challenge_refuses_dictionary_options(referee, game_file):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    assert "--value is for a word outside a game" in referee("spell", "challenge", str(game_file), "Bram", "Anna", "--value", "3").stderr
    assert "CHALLENGER PLAYER" in referee("spell", "challenge", str(game_file), "Bram").stderr
    assert "no such file" in referee("spell", "challenge", "missing.toml", "Bram", "Anna").stderr


def test_the_same_word_again_after_the_round_completed_is_refused_unless_round_is_given(referee, game_file):
    for args in (["word", "Anna", *KITTY], ["word", "Bram", "Q6s", "A1m", "T1m"], ["pass", "Cees"]):
        assert referee("spell", args[0], str(game_file), *args[1:]).exit_code == 0
    before = game_file.read_bytes()
    again = referee("spell", "word", str(game_file), "Anna", *KITTY)
    assert again.exit_code == 2 and again.stdout == ""
    assert again.stderr == (
        "referee: Anna's word in round 1 was these same cards, KITTY: if Anna played them again in round 2, add --round 2\n"
    )
    assert game_file.read_bytes() == before
    wrong = referee("spell", "word", str(game_file), "Anna", *KITTY, "--round", "1")
    assert wrong.exit_code == 1 and wrong.stderr == "referee: round 1 is complete; an entry now goes into round 2\n"
    assert game_file.read_bytes() == before
    stated = referee("spell", "word", str(game_file), "Anna", *KITTY, "--round", "2")
    assert stated.exit_code == 0 and stated.stdout.startswith("Anna: KITTY 26 points")
    assert savefile.load(game_file, RULES).events[-1] == {"kind": "word", "player": "Anna", "round": 2, "cards": KITTY}
    early = referee("spell", "pass", str(game_file), "Bram", "--round", "3")
    assert early.exit_code == 1 and "round 3 has not begun: round 2 is waiting for Bram, Cees" in early.stderr
    assert referee("spell", "pass", str(game_file), "Bram", "--round", "2").exit_code == 0
    assert referee("spell", "pass", str(game_file), "Cees", "--round", "9").stderr == "referee: a game has rounds 1 to 4, not 9\n"


@pytest.mark.parametrize("command", ["word", "pass"])
def test_word_and_pass_offer_round_in_their_help(referee, command):
    assert "--round" in referee("spell", command, "--help").stdout


def test_house_rules_belong_to_the_game_stored_at_new(referee, tmp_path):
    """`--house` is read once at `new` and kept in the game: editing the file later changes
    no verdict, and every challenge of the game uses the same rules."""
    house = tmp_path / "house.txt"
    house.write_text("+qat  # our favourite\n-kitty\n", encoding="utf-8")
    path = tmp_path / "g.toml"
    made = referee("spell", "new", str(path), "Anna", "Bram", "Cees", "--house", str(house))
    assert made.exit_code == 0, made.stderr
    assert made.stdout.splitlines()[1] == f"dictionary builtin:en + house {house} (1 word added, 1 word removed)"
    setup = savefile.load(path, RULES).setup
    assert setup["house"] == {"file": str(house), "add": ["qat"], "remove": ["kitty"]}
    house.write_text("-qat\n", encoding="utf-8")  # edited later: the game keeps what it was given
    referee("spell", "word", str(path), "Bram", "Q6s", "A1m", "T1m")
    stands = referee("spell", "challenge", str(path), "Anna", "Bram")
    assert stands.exit_code == 0 and stands.stdout.startswith(f"QAT: valid — in dictionary (builtin:en + house {house})")
    house.unlink()  # gone: still the same
    referee("spell", "word", str(path), "Anna", *KITTY)
    falls = referee("spell", "challenge", str(path), "Cees", "Anna", "--json")
    assert falls.exit_code == 1 and falls.json()["challenge"]["reason"] == "removed by the house rules"
    assert falls.json()["house"] == {"file": str(house), "add": ["qat"], "remove": ["kitty"]}


def test_a_bad_house_file_at_new_is_exit_2_and_writes_nothing(referee, tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("qat\n", encoding="utf-8")
    path = tmp_path / "g.toml"
    refused = referee("spell", "new", str(path), "Anna", "Bram", "--house", str(house))
    assert refused.exit_code == 2 and "start the line with + to add a word or - to remove one" in refused.stderr
    missing = referee("spell", "new", str(path), "Anna", "Bram", "--house", str(tmp_path / "none.txt"))
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
    assert not path.exists()


@pytest.mark.parametrize(
    "option, says",
    [
        (["--house", "h.txt"], "the game's house rules were given at `spell new` and are stored in its file"),
        (["--dict", "builtin:nl"], "the game's dictionary was chosen at `spell new` and is stored in its file"),
        (["--dict", "builtin:en"], "leave out --dict"),
    ],
)
def test_the_game_form_of_challenge_refuses_dict_and_house_with_the_reason(referee, game_file, tmp_path, option, says):
    (tmp_path / "h.txt").write_text("+kitty\n", encoding="utf-8")
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    before = game_file.read_bytes()
    option = [str(tmp_path / "h.txt") if part == "h.txt" else part for part in option]
    refused = referee("spell", "challenge", str(game_file), "Bram", "Anna", *option)
    assert refused.exit_code == 2 and says in refused.stderr and refused.stderr.count("\n") == 1
    assert game_file.read_bytes() == before


def test_a_hand_edited_game_naming_an_unknown_dictionary_is_refused_when_loaded(referee, game_file):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace('dictionary = "builtin:en"', 'dictionary = "builtin:fr"'), encoding="utf-8")
    line = next(n for n, row in enumerate(game_file.read_text().splitlines(), start=1) if row == "[setup]")
    for command in (["show"], ["pass", "Bram"], ["word", "Bram", "C3m", "A1m", "T1m"]):
        result = referee("spell", *command[:1], str(game_file), *command[1:])
        assert result.exit_code == 2, command
        assert result.stderr.startswith(f"referee: {game_file} line {line}: the file has a bad [setup]: ")
        assert "unknown built-in dictionary 'fr'" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("name", ["bogus:en", "hunspell:not a tag", "wordfreq:xx@3", "builtin"])
def test_any_unknown_dictionary_name_in_a_game_file_is_refused_when_loaded(referee, game_file, name):
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace('dictionary = "builtin:en"', f'dictionary = "{name}"'), encoding="utf-8")
    result = referee("spell", "show", str(game_file))
    assert result.exit_code == 2 and "the file has a bad [setup]" in result.stderr


def test_after_a_word_of_fifty_or_more_the_round_is_completed_before_the_game_ends(referee, game_file):
    first = referee("spell", "word", str(game_file), "Anna", "Z10m", "A1m", "P3m", "DDm:P", "Y4m")
    # the word lies face down to the table until every word is in (SPEC §6.6): no note of a 50
    assert first.stdout.splitlines()[-1] == "Round 1 of 4 — pass left — waiting for Bram, Cees"
    referee("spell", "word", str(game_file), "Bram", "Z10s", "A1s", "Z10s", "DDs:Z", "Y4s")
    last = referee("spell", "pass", str(game_file), "Cees")
    assert last.stdout.splitlines()[-1] == (
        "Game over — Bram wins at once with ZAZZY, 105 points — "
        "round 1's words can still be challenged: a word of 50 or more that falls does not win"
    )
    assert last.exit_code == 0 and referee("spell", "show", str(game_file), "--json").json()["winners"] == ["Bram"]


def test_after_an_instant_win_the_status_line_says_its_words_can_still_be_challenged(referee, tmp_path):
    """A 50+ word that falls changes the winner: until every 50+ word of the round has
    been challenged, the line says the round's words can still be challenged."""
    path = str(tmp_path / "g.toml")
    referee("spell", "new", path, "Anna", "Bram")
    referee("spell", "word", path, "Anna", "K4m", "I1m", "T1m")
    won = referee("spell", "word", path, "Bram", "Z10m", "A1m", "P3m", "DDm:P", "Y4m")
    note = " — round 1's words can still be challenged: a word of 50 or more that falls does not win"
    assert won.exit_code == 0 and won.stdout.splitlines()[-1] == "Game over — Bram wins at once with ZAPPY, 63 points" + note
    assert referee("spell", "show", path).stdout.splitlines()[-1].endswith(note)
    referee("spell", "challenge", path, "Bram", "Anna")  # KIT stands; ZAPPY still open to a challenge
    assert referee("spell", "show", path).stdout.splitlines()[-1].endswith(note)
    stood = referee("spell", "challenge", path, "Anna", "Bram")
    assert stood.stdout.splitlines()[-1] == "Game over — Bram wins at once with ZAPPY, 63 points"


def test_show_json_reports_the_round_a_game_won_at_once_ended_in(referee, tmp_path):
    """`round` is the round the next entry goes into; a game over has none, so it is the
    round the game ended in (the rounds' own `number`s say the same)."""
    path = str(tmp_path / "g.toml")
    referee("spell", "new", path, "Anna", "Bram")
    referee("spell", "word", path, "Anna", "K4m", "I1m", "T1m")
    referee("spell", "word", path, "Bram", "Z10m", "A1m", "P3m", "DDm:P", "Y4m")
    document = referee("spell", "show", path, "--json").json()
    assert document["over"] and document["round"] == 1 == document["rounds"][-1]["number"]
    assert document["passing"] == "left" and document["waiting"] == []


def test_a_pass_after_the_players_pass_of_the_round_before_is_refused_unless_round_is_given(referee, tmp_path):
    """Up-arrow + Enter on a pass must not slide into the next round and close the
    challenge window: refused as a repeated word is (exit 2, the same hint)."""
    game_file = tmp_path / "g.toml"
    path = str(game_file)
    referee("spell", "new", path, "Anna", "Bram")
    referee("spell", "word", path, "a", "K4m", "I1m", "T1m")
    assert referee("spell", "pass", path, "b").exit_code == 0
    before = game_file.read_bytes()
    again = referee("spell", "pass", path, "b")
    assert again.exit_code == 2 and again.stdout == ""
    assert again.stderr == "referee: Bram passed in round 1; if Bram passes again in round 2, add --round 2\n"
    assert game_file.read_bytes() == before
    assert referee("spell", "challenge", path, "Bram", "Anna").exit_code == 0  # the window is still open
    stated = referee("spell", "pass", path, "b", "--round", "2")
    assert stated.exit_code == 0 and stated.stdout.splitlines()[0] == "Bram passes."
    assert savefile.load(game_file, RULES).events[-1] == {"kind": "pass", "player": "Bram", "round": 2}


@pytest.mark.parametrize(
    "first, again, says",
    [
        (["word", "Bram", "C3m", "A1m", "T1m"], ["word", "Bram", "K6m", "I1m", "T1m"], "Bram already has a word in round 1"),
        (["word", "Bram", "C3m", "A1m", "T1m"], ["pass", "Bram"], "Bram already has a word in round 1"),
        (["pass", "Bram"], ["word", "Bram", "K6m", "I1m", "T1m"], "Bram already passed in round 1"),
        (["pass", "Bram"], ["pass", "Bram"], "Bram already passed in round 1"),
    ],
)
def test_a_players_entry_already_made_this_round_is_exit_1(referee, game_file, first, again, says):
    """Issue 9's exit-code rule: the entry is understood, the game's state forbids it."""
    assert referee("spell", first[0], str(game_file), *first[1:]).exit_code == 0
    before = game_file.read_bytes()
    result = referee("spell", again[0], str(game_file), *again[1:])
    assert result.exit_code == 1 and result.stderr == f"referee: {says}; `undo` takes the last entry back\n"
    assert game_file.read_bytes() == before


def test_show_draws_the_score_sheet_rounds_as_rows_players_as_columns(referee, game_file):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    referee("spell", "word", str(game_file), "Bram", "Q6s", "A1m", "T1m")
    referee("spell", "challenge", str(game_file), "Anna", "Bram")
    referee("spell", "pass", str(game_file), "Cees")
    result = referee("spell", "show", str(game_file))
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines[2:5] == [
        " Round       Anna      Bram   Cees   Passing",
        " ───────────────────────────────────────────",
        " 1       KITTY 26   QAT ✗ 0   pass   left",
    ]
    assert lines[6] == " Total         26         0      0"
    assert lines[-1] == "Round 2 of 4 — pass right — round 1's words can be challenged until round 2 begins"


def test_undo_and_history_work_on_the_game_file(referee, game_file):
    referee("spell", "word", str(game_file), "Anna", *KITTY)
    referee("spell", "pass", str(game_file), "Bram")
    assert "2   pass: Bram" in referee("spell", "history", str(game_file)).stdout
    assert "Undone: event 2, pass: Bram" in referee("spell", "undo", str(game_file)).stdout
    assert len(savefile.load(game_file, RULES).events) == 1


def test_a_seeded_game_shows_the_jumper_of_the_round(referee, tmp_path):
    path = tmp_path / "seeded.toml"
    result = referee("spell", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--seed", "amber", "--no-draft")  # real cards
    assert "Round 1 of 4 — pass left — Jumper R1f — waiting for Anna, Bram, Cees, Daan" in result.stdout
    refused = referee("spell", "word", str(path), "Anna", *KITTY)
    assert refused.exit_code == 1 and "the Jumper on the table in round 1 is R1f, not Y4f" in refused.stderr
    assert savefile.load(path, RULES).setup["deck"]["moons"]["letters"][0] == {"letter": "A", "value": 1, "count": 2}


@pytest.mark.parametrize(
    ("passes", "player", "cards", "says"),
    [
        (False, "Bram", ["Z10m", "I1f", "N1c"], "Z10m was dealt once in round 1 and Anna already used it"),
        (True, "Anna", ["Z10m", "O1s", "O1m"], "Z10m was not dealt in round 2"),
    ],
)
def test_in_a_seeded_game_a_card_not_dealt_or_used_up_that_round_is_refused_and_the_file_unchanged(
    referee, tmp_path, passes, player, cards, says
):
    # Seed "kale", three players: round 1 deals the deck's only Z10m (to the third hand),
    # round 2 does not (`referee deal spellcrafter --players 3 --round 2 --seed kale`).
    # Drafted with real cards laid out from the deal: the referee knows the round's pool only.
    path = tmp_path / "seeded.toml"
    assert referee("spell", "new", str(path), "Anna", "Bram", "Cees", "--seed", "kale", "--no-draft").exit_code == 0
    assert referee("spell", "word", str(path), "Anna", "Z10m", "E1m", "N1f").exit_code == 0
    if passes:
        for name in ("Bram", "Cees"):
            assert referee("spell", "pass", str(path), name).exit_code == 0
    before, backup = path.read_bytes(), path.with_name("seeded.toml.bak").read_bytes()
    result = referee("spell", "word", str(path), player, *cards)
    assert result.exit_code == 1
    assert result.stderr == f"referee: {says}\n" and result.stdout == ""
    assert path.read_bytes() == before and path.with_name("seeded.toml.bak").read_bytes() == backup


def test_the_example_game_is_finished_with_a_challenge_in_it(referee):
    path = example("spellcrafter-game.toml")
    saved = savefile.load(path, RULES)
    assert any(event["kind"] == "challenge" for event in saved.events)
    assert saved.state.outcome is not None
    document = referee("spell", "show", str(path), "--json").json()
    assert document["over"] and document["winner"] is not None


@pytest.mark.slow
def test_the_installed_command_keeps_a_game(tmp_path):
    def run(*args):
        return subprocess.run([installed_referee(), "spell", *args], capture_output=True, text=True, cwd=tmp_path, timeout=60)

    assert run("new", "g.toml", "Anna", "Bram").returncode == 0
    assert run("word", "g.toml", "Anna", "K6m", "I1m", "T1m").stdout.startswith("Anna: KIT 16 points")
    bad = run("word", "g.toml", "Bram", "K4x", "I1m", "T1m")
    assert bad.returncode == 2 and bad.stderr.startswith("referee: unknown suit 'x' in token 1")
    assert '"total": 16' in run("show", "g.toml", "--by", "Anna", "--json").stdout  # face down to the public until Bram plays
    assert '"sealed": true' in run("show", "g.toml", "--json").stdout


def test_a_seeded_game_whose_deck_cannot_deal_is_refused_and_no_file_is_written(referee, tmp_path):
    small = tmp_path / "small.toml"
    small.write_text('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nletters = [{ letter = "A", value = 1, count = 10 }]\n')
    path = tmp_path / "sm.toml"
    result = referee("spell", "new", str(path), "A", "B", "C", "D", "E", "--seed", "x", "--deck", str(small))
    assert result.exit_code == 2 and "run out of cards" in result.stderr
    assert not path.exists()


def test_an_empty_seed_is_refused_as_deal_refuses_it(referee, tmp_path):
    path = tmp_path / "g.toml"
    refused = referee("spell", "new", str(path), "Anna", "Bram", "--seed", "")
    assert refused.exit_code == 2 and not path.exists()
    assert refused.stderr == referee("deal", "spellcrafter", "--seed", "").stderr
    assert "the seed is empty" in refused.stderr


def test_a_file_dictionary_is_stored_by_its_absolute_path(referee, tmp_path, monkeypatch):
    table = tmp_path / "table"
    table.mkdir()
    (table / "words.txt").write_text("kit\n")
    monkeypatch.chdir(table)
    assert referee("spell", "new", "g.toml", "Anna", "Bram", "--dict", "file:words.txt").exit_code == 0
    stored = savefile.load(table / "g.toml", RULES).setup["dictionary"]
    assert stored == f"file:{(table / 'words.txt').resolve()}"
    referee("spell", "word", "g.toml", "Anna", "K6m", "I1m", "T1m")
    monkeypatch.chdir(tmp_path)
    result = referee("spell", "challenge", str(table / "g.toml"), "Bram", "Anna")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"KIT: valid — in dictionary (file:{(table / 'words.txt').resolve()})")


def test_word_and_score_gives_the_word_the_tokens_spell_and_its_score():
    from referee.spellcrafter import word_and_score

    assert word_and_score(["K6m", "I1m", "T1m"]) == ("KIT", 16)
    assert word_and_score(["K6m I1m T1m", "DDm:T", "*Y4f"]) == ("KITTY", 26)
    assert word_and_score(["Q10s", "A1m", "T1m"]) == ("QAT", 12)
    assert word_and_score(["C3m", "A1m", "*T2f"], friendly=True) == ("CAT", 12)
    assert word_and_score(["C3m", "A1m", "T2m", "TRm:S", "DDm:A", "TOILm@1"], ddt=True) == ("CATSA", 34)


def test_after_round_4_the_game_over_line_says_the_final_rounds_words_can_still_be_challenged(referee):
    """The final round's words may still be challenged after round 4 (a word that falls
    scores 0), so the totals may change: the line says so until each has been challenged."""
    from pathlib import Path

    shown = referee("spell", "show", str(Path(__file__).parent.parent / "examples" / "spellcrafter-game.toml"))
    assert "Game over — Anna wins with 90 points — round 4's words can still be challenged" in shown.stdout


def test_the_game_form_of_challenge_is_chosen_by_the_game_the_file_holds_not_its_first_bytes(referee, tmp_path):
    """`spell challenge FILE …` asks which game the file holds (savefile.which), so a game
    file with a long comment on top, under a name without .toml, is still a game."""
    path = tmp_path / "game.toml"
    assert referee("spell", "new", str(path), "Anna", "Bram").exit_code == 0
    assert referee("spell", "word", str(path), "Anna", "K6m", "I1m", "T1m").exit_code == 0
    renamed = tmp_path / "avond"
    renamed.write_text("# " + "x" * 5000 + "\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    stands = referee("spell", "challenge", str(renamed), "Bram", "Anna")
    assert stands.exit_code == 0 and "Bram loses 16 points." in stands.stdout
    smoor = tmp_path / "match"
    assert referee("smoor", "new", str(smoor), "Anna", "Bram", "Cees").exit_code == 0
    judged = referee("spell", "challenge", str(smoor), "Bram", "Anna")  # not a Spellcrafter game: three words
    assert "not a game of" not in judged.stderr and "FILE CHALLENGER PLAYER" not in judged.stderr
