"""`referee serve FILE`: the table's screen for a TV and each seat's hand on its phone.

Starlette, uvicorn and segno are imported inside the command only: every other command
starts as before. The server itself is :mod:`referee.web.server`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.i18n import N_


def serve(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The game file to serve (any game)."), show_default=False)],
    host: Annotated[str, typer.Option("--host", help=N_("The address to listen on (this machine's address on the local network; 127.0.0.1 for this machine only)."))] = "127.0.0.1",  # fmt: skip
    port: Annotated[int, typer.Option("--port", help=N_("The port to listen on."))] = 8765,
    links: Annotated[bool, typer.Option("--links", help=N_("Print every seat's secret link and exit."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("With --links: as one JSON object."))] = False,
) -> None:
    """Serve a game file to the table: the table's screen at http://HOST:PORT/ and each
    seat's own page, opened with the seat's secret link (shown as a QR code when asked)."""
    from referee.savefile.which import game_of
    from referee.web.links import SeatLinks

    spec = game_of(file)
    from referee import savefile

    rules = spec.load_rules()
    saved = savefile.load(file, rules)
    players = tuple(rules.seats(saved.state))
    seat_links = SeatLinks(file, players)
    base = f"http://{host}:{port}"
    if links:
        found = {name: f"{base}/join/{token}" for name, token in zip(players, seat_links.tokens)}
        if as_json:
            from referee.cli.output import emit_json

            emit_json({"table": base + "/", "seats": found})
        else:
            for name, link in found.items():
                typer.echo(f"{name}: {link}")
        return
    import uvicorn

    from referee.i18n import language
    from referee.web.server import Served, create_app

    served = Served(file, spec, language())
    typer.echo(f"{spec.title}: {file} — {base}/")
    config = uvicorn.Config(create_app(served), host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run()
