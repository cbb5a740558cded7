"""Fair deals, the same for every game: nobody at the table, the host included, chooses
the cards, and anyone can check it afterwards (the README's "Fair deals").

- :mod:`.scheme`: the scheme ``pf1`` (commitment, words of entropy, deal seeds) and a
  fair game's record, :class:`~referee.fair.scheme.Fair`; pure.
- :mod:`.rules`: the entropy entry, put on any game's rules once for all games
  (:class:`~referee.fair.rules.WithEntropy`).
- :mod:`.voice`: its words (:class:`~referee.fair.voice.FairVoice` in front of a game's voice).
- :mod:`.verify`: `referee verify`, a fair game checked from its save file alone.

This package's own import is free (nothing is imported here): each part is imported
where it is used, and the ground floor (``errors``, ``game``, ``cards``, ``i18n``)
imports none of it.
"""
