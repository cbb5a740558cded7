"""Table mode: one session open all evening on one save file (`referee table FILE`).

Every entry is answered by the game's own command group, in-process, with the file name
put in (:mod:`.session`): what the session prints and writes is what the one-shot command
prints and writes. The command line (:mod:`referee.cli.table`) opens the session and
hands it what it needs to run a line; this package imports nothing of the command line
and names no game. :mod:`.status` draws the bottom toolbar and :mod:`.complete` completes
the entries, both through the hooks on the game's registry line (:mod:`.hooks`), given
the state its rules replay; :mod:`.history` keeps the entries typed, when it can. Only
:mod:`.complete`, :mod:`.history` and the loop import prompt_toolkit, and only when a
session opens on a terminal.
"""
