"""A season, not just a night: statistics over many save files (issue 26).

Every save file holds a whole match; this package reads many of them and says what they
add up to. It never scores anything itself: each file is replayed through its game's
rules by the save-file engine (:func:`referee.savefile.load`), and the per-game
extractors (:mod:`.records`) ask the replayed state for its values.

    shelf.py     finding files (a folder, recursively), reading and replaying them
    records.py   one finished or unfinished match as a value, per game
    names.py     one person, one name: names folded as entries fold them, and aliases
    season.py    what the matches add up to: per game and per player, head-to-head
    ratings.py   openskill ratings (Plackett–Luce), match by match in date order
    bgstats.py   sharing to the BG Stats app: its play link and its .bgsplay file
    voice.py     a season's words and numbers for people, the terminal's and the web page's

Nothing here prints; :mod:`referee.cli.stats` (with its charts in the terminal,
:mod:`referee.cli.stats_view`), :mod:`referee.cli.export` and the season's page
(:mod:`referee.web.season`) do.
"""
