"""Smoorverliefd: the Dutch trick-taking game where hearts are worth collecting.

Pure rules: :mod:`setup` (players, variants), :mod:`scoring` (what a round is worth),
:mod:`tricks` (winning a trick, following suit, revokes), :mod:`quick` (checking a
one-line round entry), :mod:`match` (the match as a value moved on by events) and
:mod:`ruleset` (the match as a save file).
"""
