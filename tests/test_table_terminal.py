"""`referee table` through a real pseudo-terminal (pexpect): whole rounds and games typed
at the prompt, Tab completion, the status line, Ctrl-C, Ctrl-D, and SIGKILL."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess

import pytest
from conftest import installed_referee
from smoor_play import legal_trick
from table_helpers import first_legal_smitten_entries

from referee import games, savefile

pytestmark = pytest.mark.slow

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.slow  # whole sessions on a pseudo-terminal


@pytest.fixture
def terminal(tmp_path):
    """Open `referee table FILE` on a 40×200 terminal (no colour, private history)."""
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
    children = []

    def spawn(name: str, cursor_reports: bool = False):
        """``cursor_reports``: the test answers prompt_toolkit's cursor position requests
        itself (`answer_cursor_request`), as a terminal does; without them prompt_toolkit
        does not know the rows below the prompt and draws no bottom toolbar."""
        extra = {} if cursor_reports else {"PROMPT_TOOLKIT_NO_CPR": "1"}
        child = pexpect.spawn(installed_referee(), ["table", name], cwd=str(tmp_path), env={**env, **extra},
                              dimensions=(40, 200), encoding="utf-8", timeout=30)  # fmt: skip
        children.append(child)
        if not cursor_reports:
            child.expect_exact(f"{name}>")
        return child

    yield spawn
    for child in children:
        child.close(force=True)


def one_shot(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([installed_referee(), *args], cwd=tmp_path, capture_output=True, text=True, timeout=60)


def enter(child, text: str, *answers: str) -> None:
    child.send(text + "\r")
    for answer in answers:
        child.expect_exact(answer)


def drawn(text: str) -> re.Pattern[str]:
    """``text`` as it shows on the screen, however prompt_toolkit draws it: on a busy
    machine it may draw a line in pieces (the typed ``tri``, then the completed ``ck``),
    with terminal control sequences between the letters."""
    between = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"
    return re.compile(between.join(re.escape(char) for char in text))


def answer_cursor_request(child) -> None:
    child.expect_exact("\x1b[6n")
    child.send("\x1b[1;1R")


def load(path, game: str):
    return savefile.load(path, games.game(game).load_rules())


def test_a_full_smoorverliefd_round_trick_by_trick_with_completion(tmp_path, terminal):
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    child = terminal("night.toml")
    rng = random.Random(13)
    for number in range(1, 14):
        match = load(tmp_path / "night.toml", "smoor").state
        cards = " ".join(str(card) for card in legal_trick(match, rng))
        child.send("tri\t")  # Tab completes the command
        child.expect(drawn("trick"))
        last = ["Round 1: ", "Round 2 — Bram deals; Cees leads"] if number == 13 else []
        enter(child, " " + cards, f"Trick {number}: ", *last, "night.toml>")
    saved = load(tmp_path / "night.toml", "smoor")
    assert len(saved.events) == 13 and saved.state.current.number == 2
    enter(child, "quit")
    child.expect(pexpect.EOF)


def test_a_spellcrafter_round_with_a_challenge(tmp_path, terminal):
    one_shot(tmp_path, "spell", "new", "words.toml", "Anna", "Bram", "Cees")
    child = terminal("words.toml")
    enter(child, "word anna K6m I1m T1m DDm:T '*Y4f'", "Anna: KITTY 26 points")
    enter(child, "word b Q10s A1m T1m", "Bram: QAT 12 points")
    enter(child, "challenge Cees Bram", "QAT: invalid — not in dictionary (builtin:en)", "Bram scores 0 this round.")
    enter(child, "pass cees", "Round 2 of 4 — pass right")
    enter(child, "\x04")
    child.expect(pexpect.EOF)
    assert load(tmp_path / "words.toml", "spell").state.totals == (26, 0, 0)


def test_a_smitten_game_to_its_end(tmp_path, terminal):
    one_shot(tmp_path, "smitten", "new", "game.toml", "--mode", "solo", "--seed", "s")
    entries, ending = first_legal_smitten_entries(tmp_path / "game.toml")
    child = terminal("game.toml")
    for entry in entries[:-1]:
        enter(child, entry, "Next: ", "game.toml>")
    enter(child, entries[-1], ending, "game.toml>")
    saved = load(tmp_path / "game.toml", "smitten")
    assert len(saved.events) == len(entries) and saved.state.outcome is not None
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_a_rejected_entry_ctrl_c_mid_line_and_ctrl_d(tmp_path, terminal):
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    before = (tmp_path / "night.toml").read_bytes()
    child = terminal("night.toml")
    enter(child, "trick 2S KS AS 4D", "referee: trick 1: Bram does not hold 2♠", "night.toml>")
    child.send("trick 7S 9S 2S JS")
    child.sendcontrol("c")  # the line is dropped, nothing entered
    # Wait for an answer that only a fresh, empty line can give (a prompt alone may be an
    # earlier one still in the buffer): the dropped text would make this entry an error.
    enter(child, "standings", "No rounds played yet.", "Bram leads", "night.toml>")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "night.toml").read_bytes() == before


def test_a_session_killed_mid_evening_loses_no_answered_entry(tmp_path, terminal):
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    child = terminal("night.toml")
    rng = random.Random(7)
    for number in range(1, 4):
        cards = " ".join(str(card) for card in legal_trick(load(tmp_path / "night.toml", "smoor").state, rng))
        enter(child, f"trick {cards}", f"Trick {number}: ", "night.toml>")
    child.send("trick 2S")  # half an entry typed, then the laptop dies
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    assert len(load(tmp_path / "night.toml", "smoor").events) == 3
    assert one_shot(tmp_path, "smoor", "standings", "night.toml").returncode == 0


def test_the_status_line_is_drawn_under_the_prompt_and_follows_the_game(tmp_path, terminal):
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    child = terminal("night.toml", cursor_reports=True)
    answer_cursor_request(child)
    child.expect(drawn("Round 1 — Anna deals; Bram leads"))
    child.expect(drawn("Totals: Anna 0 · Bram 0 · Cees 0 · Daan 0  (100 to go to 100)"))
    child.send("trick 7S 9S 2S JS\r")
    answer_cursor_request(child)
    child.expect(drawn("Round 1 — Anna deals; trick 2: Anna leads"))
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_the_status_line_of_smitten_and_spellcrafter(tmp_path, terminal):
    one_shot(tmp_path, "smitten", "new", "game.toml", "--mode", "solo", "--seed", "s")
    one_shot(tmp_path, "spell", "new", "words.toml", "Anna", "Bram", "Cees")
    for name, status in [("game.toml", "Next: "), ("words.toml", "Round 1 of 4 — pass left — waiting for Anna, Bram, Cees")]:
        child = terminal(name, cursor_reports=True)
        answer_cursor_request(child)
        child.expect(drawn(status))
        child.sendcontrol("d")
        child.expect(pexpect.EOF)


def test_the_status_line_follows_another_terminal_without_a_key_pressed(tmp_path, terminal):
    """The status line is redrawn every second from the file as it is now: a trick entered
    by a one-shot command in another terminal shows in the open session's bottom line."""
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    child = terminal("night.toml", cursor_reports=True)
    answer_cursor_request(child)
    child.expect(drawn("Round 1 — Anna deals; Bram leads"))
    assert one_shot(tmp_path, "smoor", "trick", "night.toml", "7S", "9S", "2S", "JS").returncode == 0
    child.expect(drawn("Round 1 — Anna deals; trick 2: Anna leads"))
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_tab_completes_a_command_and_the_space_after_it(tmp_path, terminal):
    one_shot(tmp_path, "smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1")
    child = terminal("night.toml")
    child.send("stan\t")
    child.expect(drawn("standings"))
    enter(child, "--all", "No rounds played yet.", "night.toml>")  # `standings--all` would be no command
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
