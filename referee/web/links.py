"""The seats' secret links: joining without accounts.

Each seat has a token (``secrets.token_urlsafe(24)``: 192 bits); its link is
``http://HOST:PORT/join/TOKEN``. Opening it sets an HttpOnly, SameSite=Strict cookie
holding the token and redirects to ``/seat``, so the token leaves the address bar.

The tokens are kept beside the game file, in ``.NAME.seats`` (readable by its owner
only), so that a phone stays joined when the server is restarted and ``referee serve
FILE --links`` prints the same links as the server uses. Re-issuing a seat's link (a
lost phone) gives it a new token and ends the old one. Tokens are compared in constant
time and never logged.
"""

from __future__ import annotations

import hmac
import os
import secrets
import tomllib
from pathlib import Path

TOKEN_BYTES = 24  # 192 bits; the issue asks for at least 128


def links_path(game_file: Path) -> Path:
    """Where a game file's seat tokens are kept: ``.NAME.seats`` beside it."""
    return game_file.with_name(f".{game_file.name}.seats")


class SeatLinks:
    """The tokens of one game file's seats, by seat number."""

    def __init__(self, game_file: Path, players: tuple[str, ...]) -> None:
        self.path = links_path(game_file)
        self.players = players
        self.tokens: list[str] = self._read() or [secrets.token_urlsafe(TOKEN_BYTES) for _ in players]
        self._write()

    def _read(self) -> list[str] | None:
        """The kept tokens, if the file holds one for each of these players."""
        try:
            table = tomllib.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        seats = table.get("seats")
        if not isinstance(seats, dict) or list(seats) != list(self.players):
            return None
        tokens = list(seats.values())
        if not all(isinstance(token, str) and len(token) >= 22 for token in tokens):
            return None
        return tokens

    def _write(self) -> None:
        import tomli_w

        text = "# referee serve: the seats' secret links (keep private)\n" + tomli_w.dumps(
            {"seats": dict(zip(self.players, self.tokens))}
        )
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(temporary, self.path)
        except OSError as error:
            from referee.errors import InputError
            from referee.i18n import _

            message = _("cannot keep the seats' links in {path}: {reason}")
            raise InputError(message.format(path=self.path, reason=error.strerror or error)) from None

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None; compares every token in constant time."""
        if not token:
            return None
        found = None
        given = token.encode()
        for seat, kept in enumerate(self.tokens):
            if hmac.compare_digest(given, kept.encode()):
                found = seat
        return found

    def reissue(self, seat: int) -> str:
        """A new token for ``seat`` (a lost phone): the old one stops working."""
        self.tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self._write()
        return self.tokens[seat]
