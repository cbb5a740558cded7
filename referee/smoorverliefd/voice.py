"""Smoorverliefd's voice: the one module that words the game's values (:mod:`referee.game`
``Voice``), in the chosen language (:mod:`referee.i18n`).

Refusals (:mod:`.refusals`), effects (:mod:`.actions`), the outcome and the save file's
events become lines for the command line, table mode and any later front end; they
never trim or parse these words. Players are named from the match's seats, cards as a
table writes them (:mod:`.words`).
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping
from typing import Any

from referee.cards import Card, Suit, parse_suit
from referee.game import Decision, Outcome, Refusal, Step
from referee.wording import and_listed
from referee.i18n import _, ngettext
from referee.smoorverliefd.actions import BidsMade, CardPlayed, CurseSuit, Effect, RoundScored, SuitCursed, TrickTaken
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.scoring import side_names
from referee.smoorverliefd.tricks import Revoke
from referee.smoorverliefd.words import both, card_name, card_symbol, card_words, either, points, saved_card, saved_suit, suit_name

Wording = Callable[[Match, Refusal], str]

#: True while a save file's event is worded rather than an entry just typed: a refusal
#: then names the file's keys (`ace`), not the command line's options (--ace).
_IN_FILE: contextvars.ContextVar[bool] = contextvars.ContextVar("in_file", default=False)


def _options() -> dict[str, str]:
    """How a refusal names the values of a quick entry: as typed (``--ace``), or, for a
    save file's event, as the file's keys (```ace```)."""
    in_file = _IN_FILE.get()
    return {f"{key}_option": f"`{key}`" if in_file else f"--{key}" for key in ("ace", "dead", "cursed", "seed")}


def _name(match: Match, seat: int) -> str:
    return match.setup.players[seat]


def _hearts_do_not_add_up(match: Match, r: Refusal) -> str:
    dead_note = _("{count} dead").format(count=r.get("dead")) if r.get("dead") else _("none dead")
    gap = r.get("expected") - r.get("entered")
    amount = (_("{count} short") if gap > 0 else _("{count} too many")).format(count=abs(gap))
    hint = _("; if hearts are in the dead pile, name them with {dead_option}").format(**_options()) if r.get("hint") else ""
    message = _("the hearts add up to {entered}, but {expected} were captured (13 hearts, {dead}): {amount}{hint}")
    return message.format(entered=r.get("entered"), expected=r.get("expected"), dead=dead_note, amount=amount, hint=hint)


def _counts_decide(match: Match, r: Refusal) -> str:
    names = match.setup.players
    most = both([names[seat] for seat in r.get("most")]) or _("nobody")
    each = ""
    if r.get("most"):
        each = (_(" ({count}♥ each)") if len(r.get("most")) > 1 else " ({count}♥)").format(count=r.get("count"))
    said = ", ".join(names[seat] for seat in r.get("said"))
    message = _("hearts are the cursed suit, so the counts decide: {most} collected the most{each}, not {said} as {cursed_option} says; leave out {cursed_option}")
    return message.format(**_options(), most=most, each=each, said=said)


def _in_trick(match: Match, r: Refusal) -> str:
    """A card a seeded hand may not play: "trick 2: Bram does not hold A♠"."""
    card = card_symbol(r.get("card"))
    if r.rule is Rule.NOT_HELD:
        problem = _("does not hold {card}").format(card=card)
    else:
        message = _("must follow {suit}: they still hold {suit_name}, so {card} may not be played")
        problem = message.format(suit=r.get("suit").symbol, suit_name=suit_name(r.get("suit")), card=card)
    return _("trick {number}: {name} {problem}").format(number=r.get("trick"), name=_name(match, r.get("seat")), problem=problem)


def _trick_in_progress(match: Match, r: Refusal) -> str:
    message = ngettext(
        "trick {trick} is being played card by card ({count} card so far) and {name} is to play; finish it with `play`, or `undo` its cards first",
        "trick {trick} is being played card by card ({count} cards so far) and {name} is to play; finish it with `play`, or `undo` its cards first",
        r.get("count"),
    )
    return message.format(trick=r.get("trick"), count=r.get("count"), name=_name(match, r.get("to_play")))


def _too_many_dead(match: Match, r: Refusal) -> str:
    message = ngettext(
        "with {players} players the dead pile holds {size} card, but {dead_option} names {named}; name only the dead cards the table turned over",
        "with {players} players the dead pile holds {size} cards, but {dead_option} names {named}; name only the dead cards the table turned over",
        r.get("size"),
    )
    return message.format(**_options(), players=r.get("players"), size=r.get("size"), named=r.get("named"))


def _round_in_tricks(match: Match, r: Refusal) -> str:
    message = ngettext(
        "round {number} is being entered trick by trick ({count} trick so far); finish it with `trick`, or `undo` the tricks first",
        "round {number} is being entered trick by trick ({count} tricks so far); finish it with `trick`, or `undo` the tricks first",
        r.get("count"),
    )
    return message.format(number=r.get("round"), count=r.get("count"))


def _no_such_round(match: Match, r: Refusal) -> str:
    message = ngettext(
        "there is no round {number}; round 1 has been played", "there is no round {number}; rounds 1 to {last} have been played", r.get("last")
    )
    return message.format(number=r.get("round"), last=r.get("last"))


def _moves_tricks(match: Match, r: Refusal) -> str:
    names = match.setup.players
    message = _(
        "correcting round {edited} this way makes {now} deal round {number} instead of {was}, but round {number}'s "
        "tricks were entered with {leader} leading (left of {was}), so their cards would go to other players; `undo` "
        "back to before round {number}'s tricks, correct round {edited}, then enter them again"
    )
    return message.format(edited=r.get("edited"), now=names[r.get("now")], number=r.get("round"), was=names[r.get("was")], leader=names[r.get("leader")])


def _revokes_lost(match: Match, revokes: tuple[Revoke, ...]) -> str:
    """ " and the revokes (verzaken) of Bram (-5 points)" for a refusal to replace tricks."""
    if not revokes:
        return ""
    penalty = match.setup.revoke_penalty
    names = [_name(match, revoke.seat) + (f" (-{points(penalty)})" if penalty else "") for revoke in revokes]
    message = ngettext(" and the revoke (verzaken) of {names}", " and the revokes (verzaken) of {names}", len(revokes))
    return message.format(names=both(names))


def _replaces_tricks(match: Match, r: Refusal) -> str:
    message = ngettext(
        "round {number} was entered trick by trick: this correction replaces its {count} trick{revokes} by one quick entry; say --replace-tricks to replace it",
        "round {number} was entered trick by trick: this correction replaces its {count} tricks{revokes} by one quick entry; say --replace-tricks to replace them",
        r.get("tricks"),
    )
    return message.format(number=r.get("round"), count=r.get("tricks"), revokes=_revokes_lost(match, r.get("revokes")))


REFUSALS: dict[Rule, Wording] = {
    Rule.MATCH_OVER: lambda m, r: _("the match is over: {side} won; start a new match with `new`").format(side=side_names(m.setup)[r.get("side")]),
    Rule.NOT_A_BIDDING_MATCH: lambda m, r: _("bids belong to the blinde-liefde variant, which this match does not play"),
    Rule.BIDS_AFTER_FIRST_TRICK: lambda m, r: _("round {number} has begun; bids are made before the first trick").format(number=r.get("round")),
    Rule.BIDS_ALREADY_IN: lambda m, r: _("the bids for round {number} are in already; `undo` them to change them").format(number=r.get("round")),
    Rule.BIDS_MISSING: lambda m, r: _("every player bids; missing: {names}").format(names=", ".join(_name(m, s) for s in r.get("seats"))),
    Rule.BID_GIVEN: lambda m, r: _("{name} has bid already this round; `undo` takes a bid back").format(name=_name(m, r.get("seat"))),
    Rule.BID_OUT_OF_RANGE: lambda m, r: _("{name} bids {bid}; a bid is a number of hearts from 0 to 13").format(name=_name(m, r.get("seat")), bid=r.get("bid")),
    Rule.NOT_A_CUPIDO_MATCH: lambda m, r: _("a cursed suit belongs to the cupido variant, which this match does not play"),
    Rule.NO_CURSE_IN_FIRST_ROUND: lambda m, r: _("the first round has no cursed suit: it is named after a round, by the player with the fewest hearts"),
    Rule.CURSE_AFTER_FIRST_TRICK: lambda m, r: _("round {number} has begun; the cursed suit is named before the first trick").format(number=r.get("round")),
    Rule.CURSE_ALREADY_NAMED: lambda m, r: _("the cursed suit for round {number} is named already; `undo` it to change it").format(number=r.get("round")),
    Rule.BIDS_FIRST: lambda m, r: _("blinde-liefde: record the bids for round {number} first (`bid FILE NAME=N …`)").format(number=r.get("round")),
    Rule.CURSE_FIRST: lambda m, r: _("cupido: {dealer} names the cursed suit for round {number} first (`curse FILE SUIT`)").format(dealer=_name(m, r.get("dealer")), number=r.get("round")),
    Rule.ROUND_IN_TRICKS: _round_in_tricks,
    Rule.HEARTS_OUT_OF_RANGE: lambda m, r: _("{name}={entry}: a player captures 0 to 13 hearts").format(name=_name(m, r.get("seat")), entry=r.get("count")),
    Rule.LIST_THE_HEARTS: lambda m, r: _("kleine-liefde scores each heart's face value: list {name}'s hearts, e.g. {name}=AH,10H,3H").format(name=_name(m, r.get("seat"))),
    Rule.NOT_A_HEART: lambda m, r: _("{name}: {card} is not a heart; list only the hearts captured").format(name=_name(m, r.get("seat")), card=card_name(r.get("card"))),
    Rule.HEART_LISTED_TWICE: lambda m, r: _("{card} is listed twice; every heart is captured by one player").format(card=card_name(r.get("card"))),
    Rule.HEART_IS_DEAD: lambda m, r: _("{card} is in the dead pile, so nobody captured it").format(card=card_name(r.get("card"))),
    Rule.HEARTS_DO_NOT_ADD_UP: _hearts_do_not_add_up,
    Rule.NO_DEAD_PILE: lambda m, r: _("with {count} players no card is dead; leave out {dead_option}").format(**_options(), count=r.get("players")),
    Rule.DEAD_CARD_TWICE: lambda m, r: _("a dead card is named twice"),
    Rule.TOO_MANY_DEAD: _too_many_dead,
    # The dead pile stays hidden until the round is over (SPEC §6.6): the refusal knows
    # the cards, the words do not show them.
    Rule.NOT_THE_DEAD_CARDS: lambda m, r: _("{dead_option} does not name this round's dead cards, which the seeded deal knows; turn the dead pile over and name the cards in it").format(**_options()),
    Rule.ACE_IS_DEAD: lambda m, r: _("A♥ is in the dead pile, so nobody took it; leave out {ace_option}").format(**_options()),
    Rule.ACE_LISTED_ELSEWHERE: lambda m, r: _("A♥ is listed with {listed}'s hearts but {ace_option} says {ace}").format(**_options(), listed=_name(m, r.get("listed")), ace=_name(m, r.get("ace"))),
    Rule.WHO_TOOK_THE_ACE: lambda m, r: _("who took A♥ ({choices})? add {ace_option} NAME (or list AH with that player's hearts)").format(**_options(), choices=either([_name(m, s) for s in r.get("seats")])),
    Rule.ACE_NOT_LISTED: lambda m, r: _("{ace_option} says {name} took A♥, but {name}'s hearts are listed without AH").format(**_options(), name=_name(m, r.get("seat"))),
    Rule.ACE_WITHOUT_HEARTS: lambda m, r: _("{ace_option} says {name} took A♥, but {name} is entered with no hearts").format(**_options(), name=_name(m, r.get("seat"))),
    Rule.NO_CURSED_SUIT: lambda m, r: _("no cursed suit this round, so nobody loses points for one; leave out {cursed_option}").format(**_options()),
    Rule.COUNTS_DECIDE_THE_CURSE: _counts_decide,
    Rule.WHO_COLLECTED_THE_CURSE: lambda m, r: _("cupido: who collected the most {suit} this round? add {cursed_option} NAME (all tied players)").format(**_options(), suit=r.get("suit").symbol),
    Rule.CURSED_NAMED_TWICE: lambda m, r: _("a player is named twice in {cursed_option}").format(**_options()),
    Rule.TRICK_SIZE: lambda m, r: _("a trick has {count} cards, one per player in play order from the leader ({leader}); got {got}").format(count=r.get("count"), leader=_name(m, r.get("leader")), got=r.get("got")),
    Rule.CARD_TWICE_IN_TRICK: lambda m, r: _("{card} is named twice in this trick").format(card=card_name(r.get("card"))),
    Rule.CARD_ALREADY_PLAYED: lambda m, r: _("{card} was already played in trick {trick} of round {number}").format(card=card_name(r.get("card")), trick=r.get("trick"), number=r.get("round")),
    Rule.NOT_HELD: _in_trick,
    Rule.MUST_FOLLOW: _in_trick,
    Rule.NOT_THEIR_TURN: lambda m, r: _("trick {trick}: it is {to_play}'s turn to play, not {name}'s").format(trick=r.get("trick"), to_play=_name(m, r.get("to_play")), name=_name(m, r.get("seat"))),
    Rule.TRICK_IN_PROGRESS: _trick_in_progress,
    Rule.NO_ROUND_TO_CORRECT: lambda m, r: _("no round has been played yet, so there is none to correct; enter round 1 with `round`"),
    Rule.ROUND_NOT_FINISHED: lambda m, r: _("round {number} is not finished yet; enter it with `round`, or `undo` its tricks").format(number=r.get("round")),
    Rule.NO_SUCH_ROUND: _no_such_round,
    Rule.CORRECTION_REPLACES_TRICKS: _replaces_tricks,
    Rule.CORRECTION_MOVES_TRICKS: _moves_tricks,
    Rule.PHYSICAL_CARDS: lambda m, r: _("this match is played with physical cards; only a match started with {seed_option} knows the hands").format(**_options()),
    Rule.NO_CARDS_IN_HAND: lambda m, r: _("the match is over; no cards are in hand"),
}  # fmt: skip


def revoke_text(match: Match, revoke: Revoke, round_number: int) -> str:
    """A revoke in words, the same on every screen and in the CSV export."""
    name = match.setup.players[revoke.seat]
    text = _("{name} did not follow {suit} in trick {trick} of round {round} but played {card} in trick {played_in}").format(
        name=name, suit=revoke.suit.symbol, trick=revoke.showed_out_in, round=round_number,
        card=card_symbol(revoke.card), played_in=revoke.played_in,
    )  # fmt: skip
    penalty = match.setup.revoke_penalty
    return text + (_("; {name} loses {points} this round").format(name=name, points=points(penalty)) if penalty else "")


class SmoorverliefdVoice:
    """The game's words (:class:`referee.game.Voice`)."""

    def refusal(self, state: Match, refusal: Refusal, in_file: bool = False) -> str:
        """Why an entry is refused, as one line; ``in_file``: why a save file's event is."""
        token = _IN_FILE.set(in_file)
        try:
            return REFUSALS[Rule(refusal.rule)](state, refusal)
        finally:
            _IN_FILE.reset(token)

    def effect(self, before: Match, step: Step[Match, Effect]) -> str:
        """What an entry did: "Bram plays 9♣; Cees to play", "Bram wins the trick with
        A♠", "Round 3 scored"…"""
        effect, names = step.effect, before.setup.players
        if isinstance(effect, BidsMade):
            if not effect.complete:
                to_come = [names[seat] for seat, given in step.state.bids_to_come() if not given]
                return _("Bid of {names} recorded; still to bid: {to_come}.").format(names=and_listed([names[seat] for seat in effect.seats]), to_come=and_listed(to_come))
            return _("Bids for round {number} recorded.").format(number=effect.round)
        if isinstance(effect, SuitCursed):
            return _("Cursed suit for round {number} recorded.").format(number=effect.round)
        if isinstance(effect, RoundScored):
            return _("Round {number} scored.").format(number=effect.played.number)
        if isinstance(effect, CardPlayed):
            return _("{name} plays {card}; {next} to play").format(name=names[effect.seat], card=card_symbol(effect.card), next=names[effect.to_play])
        trick = effect.trick
        line = _("{name} wins the trick with {card}").format(name=names[trick.winner], card=card_symbol(trick.card_of(trick.winner)))
        for revoke in effect.revokes:
            line += _("; revoke (verzaken): {revoke}").format(revoke=revoke_text(step.state, revoke, effect.round))
        return line

    def replaced_tricks(self, before: Match, was: PlayedRound) -> list[str]:
        """What a correction of a round entered trick by trick replaced: its tricks, and
        each revoke (verzaken) they proved, with its penalty; nothing for a quick entry."""
        if not was.tricks:
            return []
        message = ngettext(
            "The quick entry replaces round {number}'s {count} trick.", "The quick entry replaces round {number}'s {count} tricks.", len(was.tricks)
        )
        lines = [message.format(number=was.number, count=len(was.tricks))]
        for revoke in was.revokes:
            lines.append(_("Revoke (verzaken) no longer recorded: {revoke}.").format(revoke=revoke_text(before, revoke, was.number)))
        return lines

    def outcome(self, state: Match, outcome: Outcome) -> str:
        """"Bram wins with 103 points" (a duo: "Anna & Cees win with 103 points")."""
        side, total = outcome.detail("side"), outcome.detail("points")
        message = ngettext("{side} wins with {points}", "{side} win with {points}", len(outcome.winners))
        return message.format(side=side_names(state.setup)[side], points=points(total))

    def situation(self, state: Match) -> str:
        """What the match waits for, for the whole table: "Round 4 — Bram deals; Cees
        leads", "Round 4 — Bram deals; trick 2: 9♣ K♣ — Eva to play", "Round 4 — Bram
        deals; waiting for the bids of Anna and Cees", "… waiting for Bram to name the
        cursed suit"; then the cursed suit and the bids once in. Empty once the match is
        over (the outcome says it)."""
        if state.outcome is not None:
            return ""
        current, names = state.current, state.setup.players
        line = _("Round {number} — {dealer} deals").format(number=current.number, dealer=names[current.dealer]) + "; "
        to_come = [names[seat] for seat, given in state.bids_to_come() if not given]
        curse = state.refusal(CurseSuit(Suit.SPADES)) is None
        if to_come or curse:
            waits = [_("waiting for {dealer} to name the cursed suit").format(dealer=names[current.dealer])] if curse else []
            if to_come:
                waits.append(_("waiting for the bids of {names}").format(names=and_listed(to_come)))
            line += "; ".join(waits)
        elif current.table and state.to_play is not None:
            cards = " ".join(card_symbol(card) for card in current.table)
            line += _("trick {number}: {cards} — {name} to play").format(number=len(current.tricks) + 1, cards=cards, name=names[state.to_play])
        elif current.tricks:
            line += _("trick {number}: {leader} leads").format(number=len(current.tricks) + 1, leader=names[current.leader])
        else:
            line += _("{leader} leads").format(leader=names[current.leader])
        if current.cursed_suit is not None:
            line += " · " + _("cursed suit: {suit}").format(suit=f"{current.cursed_suit.symbol} {suit_name(current.cursed_suit)}")
        if current.bids is not None:
            line += " · " + _("bids: ") + ", ".join(f"{name} {bid}" for name, bid in zip(names, current.bids))
        if state.standing.tied_at_target:
            line += " · " + _("tied on top at the target: one more round")
        return line

    def prompt(self, state: Match, decision: Decision) -> str:
        """What a seat's decision asks: its bid, the cursed suit, its card."""
        if decision.kind == "bid":
            return _("Your bid: how many hearts will you take this round?")
        if decision.kind == "curse":
            return _("You deal: name the cursed suit of this round")
        if decision.kind == "play":
            return _("Your turn: tap a card to play it") if state.current.table or state.current.tricks else _("You lead: tap a card to play it")
        return ""

    def choice(self, state: Match, decision: Decision, event: Mapping[str, Any]) -> str:
        """A choice as a button says it: a bid's number, a suit ("♠ spades"), a card's
        name ("Q♥ queen of hearts")."""
        if event.get("kind") == "bid":
            return str(next(iter(event["bids"].values())))
        if event.get("kind") == "curse":
            suit = parse_suit(event["suit"])
            return f"{suit.symbol} {suit_name(suit)}"
        if event.get("kind") == "play":
            return card_words(Card.parse(event["card"]))
        return self.event(event)

    def event(self, event: Mapping[str, Any]) -> str:
        """One line per event, as it was entered."""
        kind = event.get("kind")
        if kind == "bid":
            return _("bids: ") + ", ".join(f"{name} {bid}" for name, bid in event.get("bids", {}).items())
        if kind == "curse":
            return _("cursed suit: {suit}").format(suit=saved_suit(event.get("suit")))
        if kind == "trick":
            return _("trick: ") + " ".join(saved_card(card) for card in event.get("cards", []))
        if kind == "play":
            return _("play: {name} {card}").format(name=event.get("player"), card=saved_card(event.get("card")))
        if kind == "round":
            parts = []
            for name, hearts in event.get("hearts", {}).items():
                parts.append(f"{name} {','.join(map(saved_card, hearts)) if isinstance(hearts, list) else hearts}")
            line = _("round: ") + (", ".join(parts) or _("no hearts"))
            if event.get("ace"):
                line += f"; A♥ {event['ace']}"
            if event.get("dead"):
                line += _("; dead {cards}").format(cards=" ".join(map(saved_card, event["dead"])))
            if event.get("cursed"):
                line += _("; most of the cursed suit: {names}").format(names=", ".join(event["cursed"]))
            return line
        return str(kind)

    def history_detail(self, before: Match, event: Mapping[str, Any], step: Step[Match, Effect]) -> dict[str, Any]:
        """An event in its round: `history` groups the events by round ("Round 2 — Bram
        deals"), and a trick says who won it and the revoke it proved, if any.

        The keys and the numbers are the same in every language; ``section`` and
        ``summary`` are words, in the chosen language. A card played that did not
        complete its trick says which trick it went to."""
        number, names = before.current.number, before.setup.players
        section = _("Round {number} — {dealer} deals").format(number=number, dealer=names[before.current.dealer])
        detail: dict[str, Any] = {"round": number, "section": section}
        if isinstance(step.effect, TrickTaken):
            played = step.effect.trick
            cards = " ".join(card_name(card) for card in played.cards)
            summary = _("trick {number}: {cards} — {winner} wins").format(number=played.number, cards=cards, winner=names[played.winner])
            for revoke in step.effect.revokes:
                summary += _("; revoke (verzaken): {revoke}").format(revoke=revoke_text(step.state, revoke, number))
            detail["summary"] = summary
        if isinstance(step.effect, CardPlayed):
            played_card = step.effect
            summary = _("trick {number}: {name} plays {card}").format(number=played_card.trick, name=names[played_card.seat], card=card_name(played_card.card))
            detail["summary"] = summary
        return detail


VOICE = SmoorverliefdVoice()
