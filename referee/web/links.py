"""The seats' secret links: joining without accounts.

Each seat has a token (``secrets.token_urlsafe(24)``: 192 bits); its link is
``http://HOST:PORT/join/TOKEN``. Opening it sets an HttpOnly, SameSite=Strict cookie
holding the token and redirects to ``/seat``, so the token leaves the address bar.

The tokens are kept beside the game file, in ``.NAME.seats`` (readable by its owner
only), so that a phone stays joined when the server is restarted and ``referee serve
FILE --links`` prints the same links as the server uses. Re-issuing a seat's link (a
lost phone) gives it a new token and ends the old one, in that order: the new token is
kept in the file first, and only then does the old one stop working, so a link that
cannot be kept (a full disk, a read-only folder) leaves the old link working, and a
server started again never takes back a link it ended. Tokens are compared in constant
time and never logged.

The host has a link of its own, ``http://HOST:PORT/host/TOKEN`` (the host page: undo,
redo, a seat's new link, the reveal, the rematch): its token is kept in the same file
(``host``), printed on the terminal only, never shown on a page, and it survives a new
game in the file (new seats) and a rematch (the same people at the table).
"""

from __future__ import annotations

import contextlib
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
        self.host: str = self._read_host() or secrets.token_urlsafe(TOKEN_BYTES)
        self.tokens: list[str] = self._read() or [secrets.token_urlsafe(TOKEN_BYTES) for _ in players]
        self._write(self.tokens)

    def _table(self) -> dict[str, object]:
        try:
            return tomllib.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _read_host(self) -> str | None:
        """The kept host token, if the file holds one."""
        host = self._table().get("host")
        return host if isinstance(host, str) and len(host) >= 22 else None

    def _read(self) -> list[str] | None:
        """The kept tokens, if the file holds one for each of these players."""
        seats = self._table().get("seats")
        if not isinstance(seats, dict) or list(seats) != list(self.players):
            return None
        tokens = list(seats.values())
        if not all(isinstance(token, str) and len(token) >= 22 for token in tokens):
            return None
        return tokens

    def _write(self, tokens: list[str], path: Path | None = None) -> None:
        """Keep ``tokens`` and the host's in the file (``path``: another game file's,
        a rematch's), all of them or none (written aside, then moved into place); an
        ``InputError`` naming the file by its name when it cannot be."""
        import tomli_w  # deferred: tomli_w costs start-up

        text = "# referee serve: the seats' secret links (keep private)\n" + tomli_w.dumps(
            {"host": self.host, "seats": dict(zip(self.players, tokens))}
        )
        target = self.path if path is None else path
        temporary = target.with_name(target.name + ".tmp")
        try:
            descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        except OSError as error:
            from referee.errors import InputError
            from referee.i18n import _

            with contextlib.suppress(OSError):
                os.unlink(temporary)  # a full disk leaves no half-written file behind
            message = _("cannot keep the seats' links in {path}: {reason}")
            raise InputError(message.format(path=target.name, reason=error.strerror or error)) from None

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
        """A new token for ``seat`` (a lost phone): kept in the file, then the old one
        stops working. When it cannot be kept, an ``InputError`` says so and the old
        token still works (here and after a restart)."""
        tokens = list(self.tokens)
        tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self._write(tokens)
        self.tokens = tokens
        return tokens[seat]

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is the host's (compared in constant time)."""
        return bool(token) and hmac.compare_digest(str(token).encode(), self.host.encode())

    def keep_for(self, game_file: Path) -> SeatLinks:
        """The same links for another game file (a rematch: the same people in the same
        seats): kept in its ``.NAME.seats`` first, then read from there."""
        self._write(self.tokens, links_path(game_file))
        return SeatLinks(game_file, self.players)
