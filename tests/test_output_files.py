"""No command writes over a file it did not make (issue 34 point 1).

Every command that writes a file the person names (an output path) refuses one that
exists (exit 2, one line naming the file and --force) unless --force is given, and never
writes over a save file or what referee keeps beside one (its .bak, a fair game's
.NAME.fair secret, the seats' links .NAME.seats, a writer's temporary file), --force or
not: one helper, :func:`referee.outputs.output_file`. A scan of the package's source keeps
the list of writers below complete.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import referee
from referee import outputs as files

PACKAGE = Path(referee.__file__).parent
SHIPPED_DATA = ("examples", "dictionaries")  # installed inside the package (pyproject's force-include)
SEASON = Path(__file__).resolve().parent.parent / "examples" / "season"
STUDY = ("smitten", "study", "--deals", "2", "--hint-deals", "0", "--modes", "solo", "--jobs", "1")

#: Every command that writes a file named on its command line, other than a new save file.
OUTPUT_COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "export --bgsplay OUT": lambda out: ["export", str(SEASON), "--bgsplay", str(out)],
    "spell deck --template FILE": lambda out: ["spell", "deck", "--template", str(out)],
    "smitten study --out FILE": lambda out: [*STUDY, "--out", str(out)],
}

#: Commands that start a save file: the save-file engine, which never writes over any file.
NEW_FILE_COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "smoor new": lambda game, out: ["smoor", "new", str(out), "A", "B", "C"],
    "spell new": lambda game, out: ["spell", "new", str(out), "A", "B"],
    "smitten new": lambda game, out: ["smitten", "new", str(out), "--seed", "s"],
    "smoor rematch": lambda game, out: ["smoor", "rematch", str(game), str(out)],
}

#: Every module that opens a file for writing (or renames one into place), and why that is
#: no output path of a command. A new writer must be added here, and to the tests above
#: when a person names the file it writes.
WRITERS = {
    "outputs.py": "the shared helper itself: output_file / write_output",
    "cli/smitten_study.py": "`smitten study --out FILE`: checked by output_file before the first block",
    "savefile/storage.py": "the save-file engine: atomic writes, .bak, never over a file at `new`",
    "savefile/sidecar.py": "a fair game's .NAME.fair, never written over (os.link)",
    "web/links.py": "the seats' links .NAME.seats beside the served save file",
    "stats/shelf.py": "the statistics cache in the user's cache folder",
    "lexicon/wordcache.py": "word-list indexes in the user's cache folder",
    "lexicon/hunspell.py": "a Hunspell dictionary unpacked in the user's cache folder",
    "table/history.py": "table mode's history of entries in the user's state folder",
}
WRITING = re.compile(
    r"""open\([^)]*["'][wax]b?["']|write_text\(|write_bytes\(|os\.replace\(|os\.rename\(|shutil\.copy|os\.link\(|fdopen\(|O_CREAT"""
)


def test_every_module_that_writes_a_file_is_listed_with_its_reason() -> None:
    # The package's code only: an installed package also holds the shipped data folders
    # (examples/, dictionaries/: their scripts are the developers', run from a checkout).
    code = [path for path in PACKAGE.rglob("*.py") if path.relative_to(PACKAGE).parts[0] not in SHIPPED_DATA]
    found = {str(path.relative_to(PACKAGE)) for path in code if WRITING.search(path.read_text(encoding="utf-8"))}
    assert found == set(WRITERS), f"writers not listed: {sorted(found - set(WRITERS))}; listed but gone: {sorted(set(WRITERS) - found)}"


@pytest.fixture
def table(referee, tmp_path: Path) -> dict[str, Path]:
    """A folder with a save file and everything referee keeps beside one: its .bak, a fair
    game's secret, the seats' links, a temporary file; a link to the save file and a copy
    of it under another name; and a file of the person's own."""
    from referee.web.links import SeatLinks

    game = tmp_path / "g.toml"
    assert referee("smoor", "new", str(game), "A", "B", "C").exit_code == 0
    assert referee("smoor", "round", str(game), "A=3", "B=0", "C=10", "--ace", "C").exit_code == 0
    fair = tmp_path / "f.toml"
    assert referee("smoor", "new", str(fair), "A", "B", "C", "--fair").exit_code == 0
    SeatLinks(game, ("A", "B", "C"))
    temporary = tmp_path / ".g.toml.k2j4x9.tmp"
    temporary.write_text("half a save file", encoding="utf-8")
    (tmp_path / "link.toml").symlink_to(game)
    copy = tmp_path / "kept-aside.txt"
    copy.write_bytes(game.read_bytes())
    mine = tmp_path / "mine.txt"
    mine.write_text("my own notes\n", encoding="utf-8")
    kept = {
        "save file": game, "backup": tmp_path / "g.toml.bak", "fair secret": tmp_path / ".f.toml.fair",
        "seats' links": tmp_path / ".g.toml.seats", "temporary file": temporary,
        "link to a save file": tmp_path / "link.toml", "copy of a save file": copy, "own file": mine,
    }  # fmt: skip
    assert all(path.exists() for path in kept.values()), kept
    return kept


def _contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}


@pytest.mark.parametrize("command", OUTPUT_COMMANDS)
def test_an_output_path_that_exists_is_refused_without_force_and_a_kept_file_even_with_it(referee, table, command) -> None:
    folder = table["save file"].parent
    before = _contents(folder)
    for what, path in table.items():
        for force in ((), ("--force",)):
            if what == "own file" and force:
                continue  # --force writes over the person's own file: tested below
            result = referee(*OUTPUT_COMMANDS[command](path), *force)
            assert result.exit_code == 2, (command, what, force, result.stdout)
            assert result.stderr.count("\n") == 1 and str(path) in result.stderr, (command, what, result.stderr)
            assert "--force" in result.stderr and "Traceback" not in result.stderr, result.stderr
            assert _contents(folder) == before, (command, what, force)


@pytest.mark.parametrize("command", OUTPUT_COMMANDS)
def test_force_writes_over_the_persons_own_file_and_a_new_path_needs_no_force(referee, tmp_path, command) -> None:
    mine = tmp_path / "mine.txt"
    mine.write_text("my own notes\n", encoding="utf-8")
    forced = referee(*OUTPUT_COMMANDS[command](mine), "--force")
    assert forced.exit_code == 0, forced.stderr
    assert mine.read_text(encoding="utf-8") != "my own notes\n"
    fresh = tmp_path / "fresh.out"
    assert referee(*OUTPUT_COMMANDS[command](fresh)).exit_code == 0 and fresh.exists()


@pytest.mark.parametrize("command", NEW_FILE_COMMANDS)
def test_a_new_save_file_is_never_written_over_anything(referee, table, command) -> None:
    folder = table["save file"].parent
    before = _contents(folder)
    for what, path in table.items():
        result = referee(*NEW_FILE_COMMANDS[command](table["save file"], path))
        assert result.exit_code == 2, (command, what, result.stdout)
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
        assert _contents(folder) == before, (command, what)


def test_output_file_names_what_referee_keeps(table) -> None:
    assert files.kept_by_referee(table["save file"]) == "a referee save file"
    assert files.kept_by_referee(table["backup"]) == "the backup of g.toml"
    assert files.kept_by_referee(table["fair secret"]) == "the secret of the fair game f.toml"
    assert files.kept_by_referee(table["seats' links"]) == "the seats' links of g.toml"
    assert files.kept_by_referee(table["temporary file"]) == "a temporary file of g.toml"
    assert files.kept_by_referee(table["link to a save file"]) == "a referee save file"
    assert files.kept_by_referee(table["copy of a save file"]) == "a referee save file"
    assert files.kept_by_referee(table["own file"]) is None
    assert files.kept_by_referee(table["save file"].parent / "missing.bgsplay") is None


def test_a_fair_secret_or_seat_links_renamed_are_still_known_by_what_they_hold(table, tmp_path) -> None:
    for what, name in (("fair secret", "renamed-secret"), ("seats' links", "renamed-links")):
        (tmp_path / name).write_bytes(table[what].read_bytes())
        assert files.kept_by_referee(tmp_path / name) is not None


def test_a_folder_or_a_device_is_no_output_file(tmp_path) -> None:
    from referee.errors import InputError

    with pytest.raises(InputError, match="is a folder"):
        files.output_file(tmp_path, force=True)
    if os.path.exists("/dev/null"):
        with pytest.raises(InputError, match="is a device"):
            files.output_file("/dev/null", force=True)


def test_write_output_never_follows_a_link_it_is_forced_over(tmp_path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "out.txt"
    link.symlink_to(target)
    files.write_output(link, b"new\n", force=True)
    assert target.read_text(encoding="utf-8") == "kept\n" and not link.is_symlink() and link.read_bytes() == b"new\n"


def test_a_refused_export_says_so_in_dutch(referee, tmp_path) -> None:
    out = tmp_path / "plays.bgsplay"
    out.write_text("x", encoding="utf-8")
    result = referee("--lang", "nl", "export", str(SEASON), "--bgsplay", str(out))
    assert result.exit_code == 2 and "bestaat al; voeg --force toe" in result.stderr and out.read_text(encoding="utf-8") == "x"
