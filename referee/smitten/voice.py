"""Smitten's voice: the one place its values become words, in the chosen language.

The rules (:mod:`.play`, :mod:`.legality`, :mod:`.state`) return values: a
:class:`~referee.game.Refusal` naming the :class:`~referee.smitten.legality.Rule`
broken, an :class:`~referee.smitten.actions.Effect`, an :class:`~referee.game.Outcome`
with its :class:`~referee.smitten.state.Termination` and details. :data:`VOICE` words
them for the command line, table mode and any later front end, which never trim or
parse its words. A refusal's sentence is built in :mod:`.explain`, which this voice
asks; the small words (who, which grid, a card's instruction) are :mod:`.words`'.

Every message is English in the code, marked with :func:`~referee.i18n._` or
:func:`~referee.i18n.ngettext`, and Dutch in ``referee/locale/nl/LC_MESSAGES/smitten.po``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.i18n import _, ngettext
from referee.smitten.notation import GridSide
from referee.smitten.endings import ending, follow_hint, outcome_reason, result_word
from referee.smitten.words import a, cards, choice_word, grid_name, instruction, name, title

if TYPE_CHECKING:
    from referee.game import Decision, Outcome, Refusal, Step
    from referee.smitten.actions import Draw, Effect, Move, TurnEnd
    from referee.smitten.state import Setup, State


# --- outcomes ------------------------------------------------------------------------


def final_card(state: State) -> tuple[int, GridSide] | None:
    """After a win: the card that completes both grids, "as the finishing touch"."""
    from referee.smitten.grid import ALL, numbers

    left, right = state.grids
    for side, grid in ((GridSide.LEFT, left), (GridSide.RIGHT, right)):
        missing = numbers(ALL & ~grid)
        if len(missing) == 1:
            return missing[0], side
    return None


def outcome_text(state: State) -> str | None:
    """The result as a sentence ('Lost: player 2 could not follow card 4.'), None while the game goes on."""
    outcome = state.outcome
    if outcome is None:
        return None
    ending_words = ending(state, outcome)
    text = ending_words[:1].upper() + ending_words[1:] + "."
    final = final_card(state) if outcome.winners else None
    if final:
        text += " " + _("As the finishing touch, the last {number} completes {grid}.").format(number=final[0], grid=grid_name(final[1]))
    return text


def result_and_why(state: State) -> tuple[str, str] | None:
    """The result and why, as a page shows them once the game is over (a heading and a
    sentence or two): ('Won', '17 cards are in the grids. As the finishing touch, the
    last 4 completes the right grid.') or ('Lost', 'Bram could not follow card 7 (the
    deck is empty). There are 12 of the 17 cards in the grids.'); None while it goes on."""
    from referee.smitten.grid import COUNT
    from referee.smitten.words import capital

    outcome = state.outcome
    if outcome is None:
        return None
    why = capital(outcome_reason(state, outcome)) + "."
    final = final_card(state) if outcome.winners else None
    if final:
        why += " " + _("As the finishing touch, the last {number} completes {grid}.").format(number=final[0], grid=grid_name(final[1]))
    elif not outcome.winners:
        left, right = state.grids
        why += " " + _("There are {count} of the 17 cards in the grids.").format(count=COUNT[left] + COUNT[right])
    return capital(result_word(outcome)), why


# --- what the game waits for -----------------------------------------------------------


def requirement(state: State) -> str:
    """What the game waits for now, in one sentence."""
    from referee.smitten.actions import Kind
    from referee.smitten.legality import legal_moves
    from referee.smitten.state import Flipped

    pending = state.pending
    if state.outcome is not None:
        return _("nothing: the game is over")
    if pending is None:
        # Only where the hands lie face up (solo) may the table be told that none of them
        # can be played: with two players that would tell each what the other holds.
        if state.setup.solo and all(move.kind is Kind.SWAP for move in legal_moves(state)):
            return _(
                "a new turn: no card can be played as the hands stand, but a hand may first swap a face-up card "
                "with the set-aside card"
            )
        return _("a new turn: either hand may play a card") if state.setup.solo else _("a new turn: either player may play a card")
    if isinstance(pending, Flipped):
        return _("{who} flipped {card} and must play it").format(who=name(state.setup, pending.by), card=a(pending.number))
    follower = name(state.setup, pending.follower)
    words = instruction(pending.card, pending.choice, pending.side)
    if pending.revealed is not None:
        words = _("place a card other than the revealed {number} in either grid").format(number=pending.revealed)
    elif pending.card == 1 and state.setup.solo:
        words = _("place a card in either grid, keeping another in hand (it needs 2 cards)")
    elif pending.card == 3 and state.deck and state.deck[0]:
        words = _("place the top card of the deck, {card}, in either grid").format(card=a(state.deck[0]))
    return _("card {card} in {grid}: {who} must {words}").format(
        card=pending.card, grid=grid_name(pending.side), who=follower, words=words
    )


def what_now(state: State) -> str:
    """The line that ends every answer: the result, or what the game waits for."""
    return outcome_text(state) or _("Next: {requirement}.").format(requirement=requirement(state))


def seat_turn(state: State, seat: int) -> str | None:
    """Whose move it is, as ``seat``'s phone says it (None once the game is over): 'Your
    move', 'Waiting for Bram', or, between turns of a two-player game, either of them.
    A solo player plays both hands: every move is theirs."""
    from referee.smitten.legality import slots

    if state.outcome is not None:
        return None
    if state.setup.solo:
        return _("Your move")
    movers = {actor for _kind, actor in slots(state)}
    partner = name(state.setup, 1 - seat)
    if movers == {0, 1}:
        return _("Your move, or {partner}'s: whoever wants to play says so").format(partner=partner)
    return _("Your move") if seat in movers else _("Waiting for {partner}").format(partner=partner)


# --- effects ---------------------------------------------------------------------------


def move_text(setup: Setup, move: Move, start: bool = False) -> str:
    """A move as the table would say it: 'hand A plays 5L (higher)' ('Hand A …' at the
    ``start`` of a sentence; a player's own name is never changed)."""
    from referee.smitten.actions import Kind

    who = title(setup, move.actor) if start else name(setup, move.actor)
    if move.kind is Kind.FLIP:
        return _("{who} plays its face-down card").format(who=who)
    if move.kind is Kind.REVEAL:
        return _("{who} reveals {card}").format(who=who, card=a(move.number))
    if move.kind is Kind.SWAP:
        return _("{who} swaps its {number} with the set-aside card").format(who=who, number=move.number)
    choice = f" ({choice_word(move.choice)})" if move.choice else ""
    if move.kind is Kind.PLAY:
        return _("{who} plays {card}").format(who=who, card=move.placement) + choice
    return _("{who} places {card}").format(who=who, card=move.placement) + choice


def _drawn(draw: Draw, setup: Setup) -> str:
    """The cards a hand drew, as the whole table may see them: face-down cards stay
    hidden, and so do a two-player hand's cards (its player sees them with `show --by`)."""
    if setup.physical or not setup.solo:  # the table's own cards, or a private hand: only how many
        return cards(len(draw.face_up) + draw.face_down)
    parts = [_(" and ").join(map(str, draw.face_up))] if draw.face_up else []
    if draw.face_down:
        parts.append(
            _("a face-down card")
            if draw.face_down == 1
            else ngettext("{count} face-down card", "{count} face-down cards", draw.face_down).format(count=draw.face_down)
        )
    return _(" and ").join(parts)


def end_of_turn(setup: Setup, turn_end: TurnEnd) -> str:
    """The draws at the end of a turn, as the rules recorded them."""
    from referee.smitten.actions import NoDraw

    if turn_end.nobody is not None:
        why = {
            NoDraw.NINE: _("a 9 was played this turn"),
            NoDraw.EMPTY_DECK: _("the deck is empty"),
            NoDraw.FULL_HANDS: _("the hands are full"),
        }[turn_end.nobody]
        return _("End of turn: nobody draws ({why}).").format(why=why)
    draws = [
        _("{who} draws {cards}").format(who=name(setup, draw.actor), cards=_drawn(draw, setup)) for draw in turn_end.draws
    ]
    return _("End of turn: {draws}.").format(draws=_(", then ").join(draws))


def happened(setup: Setup, effect: Effect) -> list[str]:
    """What a move did, one sentence a line (a declared loss: nothing here, its outcome says it)."""
    from referee.smitten.actions import Kind, Lose

    move = effect.action
    if isinstance(move, Lose):
        return []
    who = title(setup, move.actor)
    if move.kind is Kind.FLIP and effect.shown is not None:
        lines = [_("{who} flips its face-down card: {card}.").format(who=who, card=a(effect.shown))]
    elif move.kind is Kind.PLACE and effect.top_card and move.side is not None:
        lines = [
            _("{who} places the top card of the deck, {card}, in {grid}.").format(who=who, card=a(move.number), grid=grid_name(move.side))
        ]
    elif move.kind is Kind.SWAP:
        taken = str(effect.taken) if effect.taken else _("card")
        lines = [_("{who} sets its {number} aside face up and takes the set-aside {taken}.").format(who=who, number=move.number, taken=taken)]
    else:
        lines = [move_text(setup, move, start=True) + "."]
    if move.kind is Kind.PLAY and effect.shown is not None:
        lines.append(_("{who} flips its face-down card: {card}.").format(who=title(setup, 1 - move.actor), card=a(effect.shown)))
    if effect.turn_end is not None:
        lines.append(end_of_turn(setup, effect.turn_end))
    return lines


def narrate(step: Step[State, Effect]) -> list[str]:
    """What an action did, one sentence a line, ending with what the game waits for now
    (or how it ended)."""
    return [*happened(step.state.setup, step.effect), what_now(step.state)]


# --- events ---------------------------------------------------------------------------


def event_line(event: Mapping[str, Any]) -> str:
    """One line for ``history``: an event as it was entered ('player 1 plays 5L (higher)')."""
    kind = event.get("kind")
    by = event.get("by")
    if "hand" in event:
        who = _("hand {hand}").format(hand=event["hand"])
    elif isinstance(by, int) and not isinstance(by, bool):
        who = _("player {number}").format(number=by)
    else:
        who = str(by or "")
    card = event.get("card", "")
    if kind == "lose":
        return _("lost: {reason}").format(reason=event.get("reason") or _("declared by the table"))
    if kind == "flip":
        return _("{who} plays its face-down card").format(who=who)
    if kind == "swap":
        return _("{who} swaps {card} with the set-aside card").format(who=who, card=card)
    choose = str(event.get("choose"))
    choice = " ({choice})".format(choice={"higher": _("higher"), "lower": _("lower")}.get(choose, choose)) if "choose" in event else ""
    words = {
        "play": _("{who} plays {card}"),
        "place": _("{who} places {card}"),
        "reveal": _("{who} reveals {card}"),
    }.get(str(kind), "{who} " + str(kind) + " {card}")
    return (words.format(who=who, card=card) + choice).strip()


class SmittenVoice:
    """Smitten's words (:class:`referee.game.Voice`)."""

    def refusal(self, state: State, refusal: Refusal, in_file: bool = False) -> str:
        from referee.smitten.explain import explain

        return explain(state, refusal)

    def effect(self, before: State, step: Step[State, Effect]) -> str:
        return " ".join(happened(step.state.setup, step.effect))

    def outcome(self, state: State, outcome: Outcome) -> str:
        return ending(state, outcome)

    def event(self, event: Mapping[str, Any]) -> str:
        return event_line(event)

    def situation(self, state: State) -> str:
        """What the game waits for, for the table ("Card 7 in the left grid: Bram must
        place in the other grid"); empty once the game is over."""
        from referee.smitten.words import capital

        return "" if state.outcome is not None else capital(requirement(state))

    def prompt(self, state: State, decision: Decision) -> str:
        """What a seat's moves of one kind ask of it: play, place, reveal, flip, swap."""
        prompts = {
            "play": _("Play a card: its instruction binds your partner"),
            "place": _("Place a card: follow the instruction"),
            "reveal": _("Card 1: reveal a card of your hand, then place another"),
            "flip": _("Play the face-down card of a hand"),
            "swap": _("Easy Mode: swap a face-up card with the set-aside card"),
        }
        return prompts.get(decision.kind, "")

    def choice(self, state: State, decision: Decision, event: Mapping[str, Any]) -> str:
        """A move as a button says it: 'play 5L higher', 'reveal 4'."""
        from referee.smitten.actions import Move
        from referee.smitten.entry import decode
        from referee.smitten.explain import move_words

        move = decode(state, event)
        return move_words(move) if isinstance(move, Move) else self.event(event)

    def history_detail(self, before: State, event: Mapping[str, Any], step: Step[State, Effect]) -> dict[str, Any]:
        """Nothing more than :meth:`event` says: a Smitten event is its own summary."""
        return {}


VOICE = SmittenVoice()
