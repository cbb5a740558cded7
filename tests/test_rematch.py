"""`referee GAME rematch FILE NEWFILE`: the same table again (issue 26)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from referee.data import example


def setup_of(path):
    return tomllib.loads(path.read_text("utf-8"))


def test_smoorverliefd_rematch_the_deal_passes_on_clockwise_with_a_fresh_seed(tmp_path, referee):
    old, new = tmp_path / "a.toml", tmp_path / "b.toml"
    referee("smoor", "new", str(old), "Anna", "Bram", "Cees", "--seed", "x-y-z", "--target", "10", "--variant", "troef", "--location", "Home")
    referee("smoor", "round", str(old), "Anna=3", "Bram=5", "Cees=5", "--ace", "Bram")
    referee("smoor", "round", str(old), "Anna=3", "Bram=5", "Cees=5", "--ace", "Bram")
    result = referee("smoor", "rematch", str(old), str(new), "--json")
    assert result.exit_code == 0, result.stderr
    document = setup_of(new)
    setup = document["setup"]
    assert setup["players"] == ["Anna", "Bram", "Cees"] and setup["variants"] == ["troef"] and setup["target"] == 10
    assert setup["dealer"] == "Cees"  # round 2 was dealt by Bram
    assert setup["seed"] != "x-y-z"
    assert document["played"]["location"] == "Home" and document["end"]["events"] == 0


def test_a_game_with_the_tables_own_cards_stays_so_and_a_fair_game_stays_fair(tmp_path, referee):
    referee("spell", "new", str(tmp_path / "s.toml"), "Anna", "Bram", "--fair")
    assert referee("spell", "rematch", str(tmp_path / "s.toml"), str(tmp_path / "s2.toml")).exit_code == 0
    fair = setup_of(tmp_path / "s2.toml")["setup"]["fair"]
    assert fair["commitment"] != setup_of(tmp_path / "s.toml")["setup"]["fair"]["commitment"]
    referee("smitten", "new", str(tmp_path / "t.toml"), "--physical")
    assert referee("smitten", "rematch", str(tmp_path / "t.toml"), str(tmp_path / "t2.toml"), "--location", "Park").exit_code == 0
    document = setup_of(tmp_path / "t2.toml")
    assert "seed" not in document["setup"] and document["played"]["location"] == "Park"


def test_a_rematch_of_an_old_file_keeps_its_modes(tmp_path, referee):
    result = referee("smitten", "rematch", str(example("smitten-solo-won.toml")), str(tmp_path / "again.toml"))
    assert result.exit_code == 0
    setup = setup_of(tmp_path / "again.toml")["setup"]
    assert setup["mode"] == "solo" and setup["easy"] is True and setup["seed"] != "table-2"


def test_a_rematch_never_overwrites_a_file_exit_2(tmp_path, referee):
    old = tmp_path / "a.toml"
    referee("spell", "new", str(old), "Anna", "Bram")
    before = old.read_bytes()
    result = referee("spell", "rematch", str(old), str(old))
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert old.read_bytes() == before
    assert referee("spell", "rematch", str(tmp_path / "missing.toml"), str(tmp_path / "b.toml")).exit_code == 2


def test_in_table_mode_rematch_newfile_continues_in_the_new_file(tmp_path, referee, monkeypatch, capsys):
    """Table mode: `rematch NEWFILE` starts the next match and the session goes on in it."""
    from referee.cli.table import open_session

    monkeypatch.chdir(tmp_path)
    assert referee("spell", "new", "one.toml", "Anna", "Bram", "Cees").exit_code == 0
    table = open_session(tmp_path / "one.toml")
    assert table.answer("rematch two.toml --location Kelder") == 0
    assert table.path == Path("two.toml") and table.prompt() == "spell two.toml> "
    assert "two.toml" in capsys.readouterr().out
    assert table.answer("pass Anna") == 0  # recorded in the new file, not the old one
    assert "kind" in (tmp_path / "two.toml").read_text(encoding="utf-8") and "kind" not in (tmp_path / "one.toml").read_text(encoding="utf-8")


def test_in_table_mode_a_refused_rematch_stays_in_the_file(tmp_path, referee, monkeypatch):
    from referee.cli.table import open_session

    monkeypatch.chdir(tmp_path)
    assert referee("spell", "new", "one.toml", "Anna", "Bram", "Cees").exit_code == 0
    table = open_session(tmp_path / "one.toml")
    assert table.answer("rematch one.toml") == 2  # never overwrites a file
    assert table.path == tmp_path / "one.toml"
