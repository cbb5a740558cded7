"""Smoorverliefd: the Dutch trick-taking game where hearts are worth collecting.

Pure rules: :mod:`setup` (players, variants), :mod:`scoring` (what a round is worth),
:mod:`tricks` (winning a trick, following suit, revokes), :mod:`quick` (checking a
one-line round entry), :mod:`actions` (the entries as values, and what each did),
:mod:`match` (the match as a value: ``refusal`` and ``apply``), :mod:`entry` (typed
text to actions), :mod:`edit` (correcting a round) and :mod:`ruleset` (the game
contract, :class:`referee.game.Rules`, that the save-file engine uses).
"""
