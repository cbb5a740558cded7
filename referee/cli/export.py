"""`referee export FILE --bgstats` and `referee export PATH… --bgsplay OUT`: plays for the
BG Stats app (:mod:`referee.stats.bgstats` builds them, and says where the formats are
documented)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.i18n import N_

PathsArgument = Annotated[list[Path], typer.Argument(help=N_("Save files and folders (searched recursively for *.toml)."), show_default=False)]  # fmt: skip
BgStatsOption = Annotated[bool, typer.Option("--bgstats", help=N_("Print BG Stats' link that opens this play in the app, and its QR code for a phone."))]  # fmt: skip
BgsPlayOption = Annotated[Path | None, typer.Option("--bgsplay", metavar="OUT", help=N_("Write BG Stats' import file (.bgsplay) of every finished match found."), show_default=False)]  # fmt: skip
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of text."))]
ForceOption = Annotated[bool, typer.Option("--force", help=N_("Write over OUT if it exists (never over a save file or what referee keeps beside one)."))]  # fmt: skip


def export_plays(
    paths: PathsArgument, bgstats: BgStatsOption = False, bgsplay: BgsPlayOption = None, force: ForceOption = False, as_json: JsonOption = False
) -> None:
    """Share finished matches with the BG Stats app: one play's link (--bgstats), or a file of many (--bgsplay OUT)."""
    from referee.errors import InputError, RuleError
    from referee.i18n import _
    from referee.stats.shelf import read_shelf

    if bgstats == (bgsplay is not None):
        raise InputError(_("choose --bgstats (one match's link) or --bgsplay OUT (a file of many matches)"))
    if bgsplay is not None:
        from referee.outputs import output_file

        output_file(bgsplay, force)  # before reading the matches: a refusal at once
    elif force:
        raise InputError(_("--force is for --bgsplay OUT: --bgstats writes no file"))
    from referee.cli.stats import named_save_files

    named_save_files(paths)
    shelf = read_shelf(paths)
    if shelf.damaged:
        raise InputError(_("{file}: {problem}").format(file=shelf.damaged[0].path, problem=shelf.damaged[0].problem))
    finished = sorted((r for r in shelf.records if r.finished), key=lambda r: (r.when, str(r.path)))
    if not finished:
        raise RuleError(_("no finished match was found: BG Stats records a play once it is over"))
    from referee.cli.output import emit_json
    from referee.stats import bgstats as app

    if bgsplay is not None:
        import json
        from datetime import UTC, datetime

        from referee.outputs import write_output

        document = app.play_file(finished, datetime.now(UTC))
        write_output(bgsplay, (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8"), force)
        if as_json:
            emit_json({"file": str(bgsplay), "plays": len(document["plays"])})
        else:
            typer.echo(_("{file}: {plays} plays for BG Stats; open it with the app (share, or open in)").format(file=bgsplay, plays=len(document["plays"])))
        return
    if len(finished) > 1:
        raise InputError(_("--bgstats shares one match, and {count} were found; name one file, or use --bgsplay OUT").format(count=len(finished)))
    record = finished[0]
    url = app.link(record)
    if as_json:
        emit_json({"link": url, "play": app.pushed_play(record)})
        return
    typer.echo(url)
    qr_code(url)


def qr_code(url: str) -> None:
    """The link's QR code, two rows of modules a line (half blocks, so its modules are
    square), when the terminal is wide enough for it; else one line saying how wide it
    must be. A wrapped code cannot be scanned, and a phone's camera needs the quiet zone
    (4 modules) around it, so neither is cut to fit: a play of three players is some
    1,000 characters of link, a code 117 columns wide."""
    import shutil

    import segno

    from referee.i18n import _

    code = segno.make(url, error="l")
    needed = code.symbol_size(border=4)[0]
    columns = shutil.get_terminal_size().columns  # COLUMNS, else the terminal's, else 80
    if needed <= columns:
        code.terminal(compact=True, border=4)
        return
    typer.echo(
        _("(its QR code needs a terminal {needed} columns wide, and this one has {columns}: "
          "widen it and run this again, or open the link on the phone)").format(needed=needed, columns=columns)
    )  # fmt: skip
