"""Table mode: one session open all evening on one save file (`referee table FILE`).

Every entry is answered by the game's own command group, in-process, with the file name
put in (:mod:`.session`): what the session prints and writes is what the one-shot command
prints and writes. :mod:`.status` words the bottom toolbar and :mod:`.complete` completes
the entries; both read the game from the registry (:mod:`referee.games`) and the state
its rules replay. Only :mod:`.complete` and the loop import prompt_toolkit, and only
inside the `table` command.
"""
