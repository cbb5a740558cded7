"""Word lists and the verdict on a challenged word (SPEC §5.2, §5.3).

- :mod:`words`: how a typed word is read (folded, and its shape);
- :mod:`reasons`: the closed list of reasons;
- :mod:`backend`: the ``Dictionary`` interface, the shipped lists, ``file:`` and house lists;
- :mod:`hunspell`, :mod:`frequency`: ``hunspell:LANG`` and ``wordfreq:LANG[@ZIPF]``;
- :mod:`classifier`: proper nouns, acronyms, abbreviations, contractions, affixes;
- :mod:`catalogue`: dictionary names; :mod:`describe`: what ``dict list`` and ``dict info`` show;
- :mod:`verdict`, :mod:`challenge`: the verdict and its consequence for the scores.

Nothing here prints or exits; errors are :class:`referee.errors.InputError`.
"""
