"""Smoorverliefd: the Dutch trick-taking game where hearts are worth collecting.

Pure rules, which return values and word nothing: :mod:`setup` (players, variants),
:mod:`scoring` (what a round is worth), :mod:`tricks` (winning a trick, following suit,
revokes), :mod:`quick` (checking a one-line round entry), :mod:`refusals` (the rules an
entry can break, as values), :mod:`actions` (the entries as values, and what each did),
:mod:`match` (the match as a value: ``refusal`` and ``apply``), :mod:`edit` (correcting
a round), :mod:`ruleset` (the game contract, :class:`referee.game.Rules`, that the
save-file engine uses) and :mod:`view` (what each seat may see).

Words: :mod:`voice` (refusals, effects, the outcome and the events, in the chosen
language) with :mod:`words` (points, cards, suits); :mod:`report` (the JSON and CSV of a
match); :mod:`entry` (typed text to actions, refusing what cannot be read).
"""
