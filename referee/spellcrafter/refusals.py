"""The rules of Spellcrafter an entry can break, as values: :class:`Rule` names the rule,
a :class:`~referee.game.Refusal` carries it with its parameters (seats as numbers, cards
and tokens as the game's values, counts), and only the voice
(:mod:`referee.spellcrafter.voice`) words it.

The same refusals serve a game (:meth:`referee.spellcrafter.game.Game.refusal`) and a
word scored outside one (`spell score`: :func:`referee.spellcrafter.scoring.score_word`).
"""

from __future__ import annotations

import enum

#: The save file's format, and the name a refusal's voice is found by.
FORMAT = "referee/spellcrafter"


class Rule(enum.Enum):
    """A rule a Spellcrafter entry breaks (the values are for logs and JSON, not people)."""

    # a word's cards (scoring, rulebook "Scoring" and "Special Cards")
    TOO_MANY_CARDS = "too-many-cards"  # cards: own cards used; jumper: whether the Jumper is one more
    TOO_SHORT = "too-short"  # word, letters
    JUMPER_TWICE = "jumper-twice"  # jumpers
    JUMPER_MANDATORY = "jumper-mandatory"  # friendly rules
    TOIL_ON_SPECIAL = "toil-on-special"  # toil, target (the special card's token)
    TOIL_TWICE = "toil-twice"  # first, toil
    DOUBLE_COPIES_NOTHING = "double-copies-nothing"  # double
    # a word's cards in this game (legality)
    NOT_IN_DECK = "not-in-deck"  # unusable: card, deck (the Deck), game (a game's deck or a box given)
    VALUE_OUT_OF_RANGE = "value-out-of-range"  # unusable: token (no deck: values 1–10)
    NO_FAMILIARS = "no-familiars"  # token, in a two-player game
    MORE_THAN_DECK = "more-than-deck"  # card, count, held
    OTHER_JUMPER = "other-jumper"  # card, jumper, round; seat, word: whose word uses it (physical cards)
    NOT_DEALT = "not-dealt"  # card, round, is_jumper
    USED_UP = "used-up"  # card, dealt, round, users (seats), used, count
    # entries and the round (game)
    GAME_OVER = "game-over"
    NO_SUCH_ROUND = "no-such-round"  # unusable: round
    ROUND_COMPLETE = "round-complete"  # round, current
    ROUND_NOT_BEGUN = "round-not-begun"  # round, current, waiting (seats)
    ALREADY_ENTERED = "already-entered"  # seat, round, passed
    REPEATED_PASS = "repeated-pass"  # unusable: seat, round (the entry's round must be stated)
    REPEATED_WORD = "repeated-word"  # unusable: seat, round, word
    # the draft (a game dealt by the referee: referee.spellcrafter.draft)
    NO_DRAFT = "no-draft"  # unusable: the game has no draft (physical cards, or drafted with real cards)
    DRAFT_DONE = "draft-done"  # seat: has picked 7 cards and laid down the last
    PICK_MOVED_ON = "pick-moved-on"  # seat, pick (the entry's), current: the seat's pick now
    ALREADY_PICKED = "already-picked"  # seat, pick, waiting (seats still to pick before the hands pass)
    NOT_IN_HAND = "not-in-hand"  # seat, card, pick; discard: the card to discard
    DISCARD_NEEDED = "discard-needed"  # seat, card: two players discard a card with each pick but the last
    NO_DISCARD = "no-discard"  # seat, card, two_player (False: only two players discard; True: the last pick)
    DRAFT_NOT_OVER = "draft-not-over"  # seat, round, waiting (seats still drafting)
    NOT_SELECTED = "not-selected"  # seat, card, round: a word's card that is not among the seat's 7 selected
    # challenges
    OWN_WORD = "own-word"  # seat
    NO_WORD_YET = "no-word-yet"  # seat, round
    PASSED_NO_WORD = "passed-no-word"  # seat, round
    ALREADY_CHALLENGED = "already-challenged"  # seat, word, challenger
