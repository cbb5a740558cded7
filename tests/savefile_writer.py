"""Append events to a tally save file in a loop, as a real separate process.

    python tests/savefile_writer.py FILE PLAYER COUNT [--wait] [--pause SECONDS] [--kill-at STEP]

Records COUNT events ``score(PLAYER, n)`` with the library API (``savefile.record``),
where n counts on from the number of events PLAYER already has: so each player's
points in the file are always 1, 2, 3, … in order, which lets a test see at a glance
whether an event was lost, duplicated or reordered.

Prints ``ready`` once the file has been read; with ``--wait`` it then waits for a line
on stdin before writing, so several writers can be started together. With ``--pause``
it sleeps a random time up to SECONDS between events (as people at a table would), so
concurrent writers take turns with the lock rather than one keeping it. A refused write
(lock timeout, damaged file) prints one line on stderr and exits with its exit code.

With ``--kill-at STEP`` the writer kills itself (SIGKILL, as a power cut or ``kill -9``
would) just before the STEP-th file-system call it makes after ``ready`` (opening,
syncing, linking, renaming, removing a file…). So a test can stop a write at every
step of the write path in turn, whatever the machine's speed.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from toy_game import TALLY, score  # noqa: E402

from referee import savefile  # noqa: E402
from referee.errors import RefereeError  # noqa: E402


#: The file-system calls of the write path that a test can stop a writer before.
STEPS = ("open", "fsync", "chmod", "link", "replace", "unlink", "close", "fdopen", "listdir")


def kill_at(step: int) -> None:
    """Make the process kill itself just before its ``step``-th file-system call."""
    calls = 0

    def counted(call):
        def wrapper(*args, **kwargs):
            nonlocal calls
            calls += 1
            if calls == step:
                os.kill(os.getpid(), signal.SIGKILL)
            return call(*args, **kwargs)

        return wrapper

    for name in STEPS:
        setattr(os, name, counted(getattr(os, name)))


def main(argv: list[str]) -> int:
    file, player, count = argv[0], argv[1], int(argv[2])
    pause = float(argv[argv.index("--pause") + 1]) if "--pause" in argv else 0.0
    try:
        saved = savefile.load(file, TALLY)
        done = sum(1 for event in saved.events if event["player"] == player)
        print("ready", flush=True)
        if "--wait" in argv[3:]:
            sys.stdin.readline()
        if "--kill-at" in argv:
            kill_at(int(argv[argv.index("--kill-at") + 1]))
        for n in range(done + 1, done + count + 1):
            savefile.record(file, TALLY, score(player, n))
            if pause:
                time.sleep(random.uniform(0, pause))
    except RefereeError as error:
        print(f"savefile_writer: {error}", file=sys.stderr)
        return error.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
