"""A table session's help shows each command as typed there: without the group and
without the file (issue 22 point 5), one rule for every command of every game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import i18n
from referee.cli.table import open_session
from referee.cli.typer_internals import without_file

NEW = {
    "smoor": ("smoor", "new", "g.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1"),
    "spell": ("spell", "new", "g.toml", "Anna", "Bram", "--seed", "kale"),
    "smitten": ("smitten", "new", "g.toml", "--seed", "s"),
}


@pytest.fixture(autouse=True)
def _private_state(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


def test_without_file_reads_an_example_as_typed_in_a_session():
    assert without_file("e.g. `round FILE Anna=3 --ace Cees`.") == "e.g. `round Anna=3 --ace Cees`."
    assert without_file("In a game, `referee spell challenge FILE CHALLENGER PLAYER` judges") == "In a game, `challenge CHALLENGER PLAYER` judges"
    assert without_file("`undo FILE` takes it back; FILE.bak keeps it") == "`undo` takes it back; FILE.bak keeps it"
    assert without_file("`best FILEX`, `referee dict list`") == "`best FILEX`, `referee dict list`"


@pytest.mark.slow
@pytest.mark.parametrize("language, file", [("en", "FILE"), ("nl", "BESTAND")])
@pytest.mark.parametrize("group", sorted(NEW))
def test_session_help_shows_every_example_without_the_file(referee, tmp_path, monkeypatch, capsys, group, language, file):
    monkeypatch.chdir(tmp_path)
    assert referee(*NEW[group]).exit_code == 0
    i18n.set_language(language)
    table = open_session(Path("g.toml"))
    for name in table.commands():
        if not table.takes_file(name) and name != "challenge":
            continue  # `best FILE PLAYER TOKEN…`: the session does not give it the file
        assert table.answer(f"help {name}") == 0, name
        shown = " ".join(capsys.readouterr().out.split())
        examples = re.findall(r"`[^`]*`", shown)
        assert not [example for example in examples if re.search(rf"\b{file}\b|^`referee {group} ", example)], (name, examples)


def test_help_round_shows_its_example_as_typed_in_the_session(referee, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert referee(*NEW["smoor"]).exit_code == 0
    table = open_session(Path("g.toml"))
    assert table.answer("help round") == 0
    assert "e.g. `round Anna=3 Bram=0 Cees=9 Daan=1 --ace Cees`." in " ".join(capsys.readouterr().out.split())
    one_shot = " ".join(referee("smoor", "round", "--help").stdout.split())
    assert "e.g. `round FILE Anna=3" in one_shot  # the one-shot help keeps it
