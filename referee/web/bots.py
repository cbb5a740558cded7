"""The referee's seats in `referee serve`: after each change of the file, when a bot's
decision is due, it is made after a short pause (so the table can follow: its card
appears on the TV like a tapped one), in a worker thread of its own, never on the event
loop, so no page waits while a bot thinks.

:class:`BotTurns` is started and stopped with the application (its lifespan); the served
file tells it of each change through :attr:`referee.web.server.Served.on_change`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.web.server import Served

#: The pause before each bot decision in `serve`, in seconds (`serve --bot-pause`).
DEFAULT_PAUSE = 1.0


class BotTurns:
    """Plays the served file's bot seats, one decision at a time, ``pause`` seconds apart."""

    def __init__(self, served: Served, pause: float = DEFAULT_PAUSE) -> None:
        self.served, self.pause = served, pause
        self.wakeup = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, name="referee-bots", daemon=True)
        self.box = served.spec.load()
        from referee.savefile.held import Held

        self.held: Held[object] = Held()  # this thread's reading of the file: each decision steps only what changed

    def start(self) -> None:
        self.served.on_change = self.wakeup.set
        self.thread.start()
        self.wakeup.set()  # a bot may be due already (its turn at the start)

    def stop(self) -> None:
        self.stopping.set()
        self.wakeup.set()
        self.thread.join(timeout=10)

    def due(self) -> bool:
        """Whether a bot seat has a decision now, in the file as last read."""
        from referee.bots.runner import bots_of, due

        saved = self.served.saved
        if saved is None:
            return False
        bots = bots_of(self.box, saved)
        return bots is not None and due(self.box, saved.state, bots) is not None

    def run(self) -> None:
        from referee.bots.runner import play_due
        from referee.errors import RefereeError

        while not self.stopping.is_set():
            self.wakeup.wait()
            self.wakeup.clear()
            while not self.stopping.is_set() and self.due():
                if self.pause > 0 and self.stopping.wait(self.pause):
                    return
                try:
                    played = play_due(self.served.path, self.served.spec, limit=1, held=self.held)
                except RefereeError:
                    break  # the file cannot be read now, or moved on: the next change wakes us
                if not played:
                    break  # every bot due waits (for people to act first): the next change wakes us
                self.served.reload()
