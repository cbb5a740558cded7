"""Spellcrafter, the word-drafting card game: word notation, scoring, the deck, the game.

- :mod:`cards`: suits, special cards, a card; :mod:`notation`: reading a word's tokens;
- :mod:`scoring`: a word's score with the rulebook's rules and rulings;
- :mod:`deck`: the deck file; dealing: :mod:`dealing` (the virtual deck across rounds);
- :mod:`setup`, :mod:`game`: the four-round game; :mod:`rounds`: a round's entries and
  points; :mod:`refusals`: the rules an entry can break, as values; :mod:`legality`:
  which cards a word may use; :mod:`actions`: the actions and their effects, decoded from
  and encoded to the save file's events; :mod:`entry`: typed entries read into actions;
  :mod:`ruleset`: the game on the contract of :mod:`referee.game` (``RULES``);
  :mod:`view`: what each seat may see; :mod:`voice`: the game's words, in English and
  Dutch; :mod:`report`: its JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.spellcrafter.examples import JUMPER_EXAMPLE, LETTER_EXAMPLE, QU_EXAMPLES

if TYPE_CHECKING:
    from referee.spellcrafter.deck import Deck

__all__ = ["JUMPER_EXAMPLE", "LETTER_EXAMPLE", "QU_EXAMPLES", "word_and_score"]


def word_and_score(arguments: Sequence[str], friendly: bool = False, ddt: bool = False, deck: Deck | None = None) -> tuple[str, int]:
    """The word that card tokens spell, in capitals, and its score, for ``referee spell
    challenge K6m I1m T1m`` → ``("KIT", 16)``.

    ``arguments`` are command-line arguments (one may hold several tokens);
    ``friendly`` and ``ddt`` are the table's variants; ``deck`` the table's box, if it
    gave one. A token that cannot be read, or a card not in the box (without a deck: a
    value outside 1–10), raises ``Refused`` with exit 2 (a token that cannot be read:
    ``InputError``), a word that breaks a rule (fewer
    than 3 letters, more cards than a player holds, …) ``Refused`` with exit 1.
    ``notation.looks_like_tokens`` tells card tokens from a plain word.
    """
    from referee.spellcrafter.deck import check_values
    from referee.spellcrafter.notation import parse_word
    from referee.spellcrafter.scoring import Variants, score_word

    tokens = parse_word(arguments)
    score = score_word(tokens, Variants(friendly=friendly, ddt=ddt))
    check_values(tokens, deck)
    return score.word, score.score
