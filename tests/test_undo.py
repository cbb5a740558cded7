"""`undo` takes back the last thing the user did, in every game, an edit included: after
it the save file is byte for byte what it was before that entry, but for the ``[[redo]]``
table that keeps what was undone; `redo` takes the undo back, until a new entry is made,
and the file is then byte for byte what it was before the undo. Random sequences of
entries (accepted or refused), edits, undos and redos, through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import without_redo
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

_SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

NEW = {
    "smoor": ["smoor", "new", "{file}", "Anna", "Bram", "Cees", "Daan", "--target", "60"],
    "spell": ["spell", "new", "{file}", "Anna", "Bram", "Cees"],
    "smitten": ["smitten", "new", "{file}", "--physical", "--difficulty", "easy"],
}

_name = st.sampled_from(["Anna", "Bram", "Cees", "Daan"])


@st.composite
def _smoor_round(draw) -> list[str]:
    """A quick round entry: 13 hearts split among the players (some entries are refused
    when the match is over, which is part of what is tested)."""
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, 13])]
    names = ["Anna", "Bram", "Cees", "Daan"]
    holder = draw(st.sampled_from([n for n, c in zip(names, counts) if c]))
    return [f"{n}={c}" for n, c in zip(names, counts)] + ["--ace", holder]


_SPELL_WORDS = [["K4m", "I1m", "T1m"], ["C3c", "A1c", "T1c"], ["D2s", "O1s", "G2s", "S1s"], ["K4m", "I1m"]]

ENTRIES = {
    "smoor": st.one_of(
        st.builds(lambda r: ["round", "{file}", *r], _smoor_round()),
        st.builds(lambda n, r: ["edit", "{file}", str(n), *r], st.integers(1, 2), _smoor_round()),
    ),
    "spell": st.one_of(
        st.builds(lambda p, w: ["word", "{file}", p, *w], _name, st.sampled_from(_SPELL_WORDS)),
        st.builds(lambda p: ["pass", "{file}", p], _name),
    ),
    "smitten": st.builds(
        lambda n, g, by: ["play", "{file}", f"{n}{g}", "--by", by],
        st.integers(1, 9),
        st.sampled_from("LR"),
        st.sampled_from("12"),
    ),
}


def _check_undo_restores(referee, tmp_path: Path, game: str, steps: list[str | list[str]]) -> None:
    path = tmp_path / f"{game}.toml"
    path.unlink(missing_ok=True)

    def run(words: list[str]):
        return referee(*[game if w == "{game}" else str(path) if w == "{file}" else w for w in words])

    assert run(NEW[game]).exit_code == 0
    before = [path.read_bytes()]  # the file before each entry that undo can take back
    undone: list[bytes] = []  # the file before each undo that redo can take back
    for step in steps:
        if step == "undo":
            result = run([game, "undo", "{file}"])
            if len(before) == 1:
                assert result.exit_code == 1 and "no events to undo" in result.stderr
                assert path.read_bytes() == before[-1]
            else:
                assert result.exit_code == 0, result.stderr
                undone.append(before.pop())
                assert without_redo(path.read_bytes()) == without_redo(before[-1])
                before[-1] = path.read_bytes()
            continue
        if step == "redo":
            result = run([game, "redo", "{file}"])
            if not undone:
                assert result.exit_code == 1 and "nothing to redo" in result.stderr
                assert path.read_bytes() == before[-1]
            else:
                assert result.exit_code == 0, result.stderr
                assert path.read_bytes() == undone[-1]
                before.append(undone.pop())
            continue
        result = run([game, *step])
        assert "Traceback" not in result.stdout + result.stderr
        if result.exit_code == 0:
            if path.read_bytes() != before[-1]:
                before.append(path.read_bytes())
                undone.clear()  # a new entry: nothing left to redo
                assert b"[[redo]]" not in path.read_bytes()
        else:
            assert result.exit_code in (1, 2)
            assert path.read_bytes() == before[-1]  # a refused entry changes nothing


def _steps(game: str):
    return st.lists(st.one_of(ENTRIES[game], st.just("undo"), st.just("redo")), max_size=14)


@pytest.mark.slow
@_SETTINGS
@given(steps=_steps("smoor"))
def test_smoor_undo_takes_back_the_last_entry_or_edit_exactly(referee, tmp_path, steps):
    _check_undo_restores(referee, tmp_path, "smoor", steps)


@pytest.mark.slow
@_SETTINGS
@given(steps=_steps("spell"))
def test_spell_undo_takes_back_the_last_entry_exactly(referee, tmp_path, steps):
    _check_undo_restores(referee, tmp_path, "spell", steps)


@pytest.mark.slow
@_SETTINGS
@given(steps=_steps("smitten"))
def test_smitten_undo_takes_back_the_last_entry_exactly(referee, tmp_path, steps):
    _check_undo_restores(referee, tmp_path, "smitten", steps)


def test_smoor_edit_then_undo_restores_the_original_round_not_the_last_one(referee, tmp_path):
    path = str(tmp_path / "m.toml")
    referee("smoor", "new", path, "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", path, "a=3", "b=10", "--ace", "b")
    referee("smoor", "round", path, "c=13", "--ace", "c")
    referee("smoor", "round", path, "d=13", "--ace", "d")
    original = Path(path).read_bytes()
    edit = referee("smoor", "edit", path, "1", "a=13", "--ace", "a")
    assert edit.exit_code == 0, edit.stderr
    assert edit.stdout.splitlines()[:3] == [
        "Round 1 corrected: Anna 3 → 34 · Bram 14 → 0; later rounds recomputed.",
        "Round 1: Anna 34 (13♥ incl. A♥, all hearts ×2) ★ · Bram 0 · Cees 0 · Daan 0",
        "Totals: Anna 34 · Cees 34 · Daan 34 · Bram 0  (66 to go to 100)",
    ]
    undo = referee("smoor", "undo", path)
    assert undo.exit_code == 0, undo.stderr
    assert undo.stdout.startswith("Undone: the edit of event 1; it is back to round: Anna 3, Bram 10; A♥ Bram\n")
    assert without_redo(Path(path).read_bytes()) == original
    assert len(referee("smoor", "standings", path, "--json").json()["rounds"]) == 3


def test_smoor_edit_json_lists_each_changed_player_old_and_new(referee, tmp_path):
    path = str(tmp_path / "m.toml")
    referee("smoor", "new", path, "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", path, "a=3", "b=10", "--ace", "b")
    document = referee("smoor", "edit", path, "1", "a=4", "b=9", "--ace", "b", "--json").json()
    assert document["changed"] == [{"name": "Anna", "was": 3, "now": 4}, {"name": "Bram", "was": 14, "now": 13}]


def test_every_undo_ends_with_what_comes_next(referee, tmp_path):
    """Like every entry, an undo ends with the game's "what now" line."""
    files = {game: str(tmp_path / f"{game}.toml") for game in NEW}
    entries = {
        "smoor": ["round", files["smoor"], "a=13", "--ace", "a"],
        "spell": ["word", files["spell"], "Anna", "K4m", "I1m", "T1m"],
        "smitten": ["play", files["smitten"], "3L", "--by", "1"],
    }
    next_lines = {
        "smoor": "Round 1 — Anna deals; Bram leads",
        "spell": "Round 1 of 4 — pass left — waiting for Anna, Bram, Cees",
        "smitten": "Next: a new turn: either player may play a card.",
    }
    for game, path in files.items():
        assert referee(*[path if w == "{file}" else w for w in NEW[game]]).exit_code == 0
        assert referee(game, *entries[game]).exit_code == 0
        result = referee(game, "undo", path)
        assert result.exit_code == 0, result.stderr
        assert result.stdout.splitlines()[-1] == next_lines[game]
