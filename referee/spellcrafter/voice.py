"""Spellcrafter's words: the one place its values become sentences, in the chosen language
(:mod:`referee.i18n`; the Dutch is in ``locale/nl/LC_MESSAGES/spellcrafter.po``).

It words a refusal (:class:`~referee.spellcrafter.refusals.Rule` and its parameters), an
effect (a word scored, a pass, a challenge decided), an outcome ("Anna wins at once with
ZAPPY, 63 points") and a save file's event (one line of `history`), for the command line,
table mode and any later front end alike. The game's card names stay as the rulebook
names them (Jumper, Double, Double, Toil, Trouble, the suits familiars, sigils, cauldrons
and moons) in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee.i18n import _, ngettext
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.scoring import MIN_LETTERS, SELECTED_CARDS, Score, ScoredLetter

if TYPE_CHECKING:  # `spell score` words a word without loading the game: these are imported where used
    from referee.lexicon.challenge import Consequence
    from referee.spellcrafter.rounds import Play
    from referee.spellcrafter.view import SeatView
    from referee.game import Decision, Outcome, Refusal, Step
    from referee.spellcrafter.actions import CardPicked, ChallengeDecided, Effect
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.setup import Setup
    from referee.spellcrafter.cards import SpellSuit

#: "The game ends after four rounds" (:data:`referee.spellcrafter.setup.ROUNDS`, which
#: ``tests/test_spell_dutch.py`` checks this against).
ROUNDS = 4


def deck_name(name: str) -> str:
    """A deck's name for people: the stand-in deck's in the chosen language, any other
    deck's as its file names it."""
    from referee.spellcrafter.deck import STANDIN_NAME

    return _("referee stand-in deck (not the real card values)") if name == STANDIN_NAME else name


def in_points(count: int) -> str:
    """``16 points``, ``1 point``."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def joined(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Bram``, ``Anna, Bram and Cees``."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def times(count: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    if count == 1:
        return _("once")
    if count == 2:
        return _("twice")
    return ngettext("{count} time", "{count} times", count).format(count=count)


def verdict_reason(reason: str) -> str:
    """A dictionary's reason as the save file keeps it (``in dictionary``), worded by the
    word lists' one wording of their reasons (:attr:`referee.lexicon.reasons.Reason.worded`)."""
    from referee.lexicon.reasons import Reason

    try:
        return Reason(reason).worded
    except ValueError:
        return reason


def suit_name(suit: SpellSuit) -> str:
    """A suit's name for people, in the chosen language ("moons", "manen"); the save file,
    a deck file's tables and JSON keep the English ``suit.label``."""
    from referee.spellcrafter.cards import SpellSuit

    return {SpellSuit.FAMILIARS: _("familiars"), SpellSuit.SIGILS: _("sigils"), SpellSuit.CAULDRONS: _("cauldrons"), SpellSuit.MOONS: _("moons")}[suit]


def why(score: Score) -> str:
    """Why a word's multiplier is what it is, in the rulebook's words."""
    reasons = []
    if score.flush:
        suit = score.flush_suit
        reasons.append(_("flush: all {suit}").format(suit=suit_name(suit)) if suit else _("flush"))
    if score.straight:
        reasons.append(_("straight: {count} letters").format(count=score.length))
    if not reasons:
        return _("no flush, no straight")
    return "; ".join(reasons)


def direction(passing: str) -> str:
    """``left`` or ``right``, the way the hands are passed (:func:`referee.spellcrafter.game.passing`), worded."""
    return _("left") if passing == "left" else _("right")


def letter_note(letter: ScoredLetter) -> str:
    """What a letter of a word is besides its card: the Jumper, the Qu card, Double,
    Double or Trouble standing for a letter, Toil on it ("" for a plain letter card)."""
    from referee.spellcrafter.notation import DoubleToken, LetterToken, TroubleToken

    token = letter.token
    notes = []
    if isinstance(token, LetterToken) and token.jumper:
        notes.append(_("Jumper {card}").format(card=token.card))
    if isinstance(token, LetterToken) and token.written == "QU":
        notes.append(_("Qu card, one letter"))
    if isinstance(token, LetterToken) and token.written == "Q":
        notes.append(_("Qu card, one letter, U not used"))
    if isinstance(token, DoubleToken):
        notes.append(_("Double, Double copying {letter} (letter {position})").format(letter=token.written, position=letter.copies))
    if isinstance(token, TroubleToken):
        notes.append(_("Trouble as {letter}, worth 0").format(letter=token.written))
    if letter.toil is not None:
        change = "" if letter.toil.suit is token.suit else f", {suit_name(token.suit)} → {suit_name(letter.toil.suit)}"
        notes.append(_("Toil: {value}+1{change}").format(value=letter.printed, change=change))
    return "; ".join(notes)


def round_notes(view: SeatView, over: bool) -> list[tuple[str, str]]:
    """What the table is waiting for, as ``(kind, words)``: ``waiting`` (who is still to
    play), ``instant`` (a word of 50 or more ends the game with the round) or
    ``challenge`` (the latest round's words can still be challenged); from a seat view,
    so every screen, public or a seat's, says the same."""
    from referee.spellcrafter.scoring import INSTANT_WIN

    latest = view.rounds[-1]
    if over:
        if any(seat in latest.unchallenged for seat in latest.instant_wins):  # the winner may still change
            return [("challenge", _("round {round}'s words can still be challenged: a word of {points} or more "
                                    "that falls does not win").format(round=latest.number, points=INSTANT_WIN))]  # fmt: skip
        if latest.unchallenged:  # a word that falls scores 0: the totals may still change
            return [("challenge", _("round {round}'s words can still be challenged").format(round=latest.number))]
        return []
    drafting = draft_standing(view)
    if latest.number != view.round:
        return [("challenge", _("round {round}'s words can be challenged until round {next} begins").format(
            round=latest.number, next=view.round)), *([("waiting", drafting)] if drafting else [])]  # fmt: skip
    if drafting is not None:
        return [("waiting", drafting)]
    names = seat_names(view)
    notes = [("waiting", _("waiting for {players}").format(players=", ".join(names[seat] for seat in view.waiting)))]
    if latest.instant_wins:
        notes.append(("instant", _("a word of {points} or more: the game ends when round {round} is complete").format(
            points=INSTANT_WIN, round=view.round)))  # fmt: skip
    return notes


def challenge_outcome(names: Sequence[str], seat: int, play: Play) -> str:
    """How a word's challenge went: who challenged, the verdict and its reason, and what
    it did to the scores ("" for a word not challenged)."""
    challenge, consequence = play.challenge, play.consequence
    if challenge is None or consequence is None:
        return ""
    verdict = _("challenged by {challenger}: {verdict}, {reason}").format(
        challenger=names[challenge.challenger], verdict=_("valid") if challenge.valid else _("invalid"),
        reason=verdict_reason(challenge.reason),
    )  # fmt: skip
    return f"{verdict}. {consequence_words(names, seat, challenge.challenger, consequence)}"


def consequence_words(names: Sequence[str], seat: int, challenger: int, consequence: Consequence) -> str:
    """What a challenge did to the scores: the word falls, or the challenger pays."""
    if consequence.word_falls:
        return _("{player} scores 0 this round.").format(player=names[seat])
    return _("{challenger} loses {points}.").format(challenger=names[challenger], points=in_points(consequence.challenger_loses))


def word_detail(score: Score) -> str:
    """``base 16 × 1, no flush, no straight``: how a word's score was made."""
    detail = _("base {base} × {multiplier}, {why}").format(base=score.base, multiplier=score.multiplier, why=why(score))
    if score.bonus:
        detail += _(", +{bonus} bonus").format(bonus=score.bonus)
    return detail


def picked_words(names: Sequence[str], effect: CardPicked) -> str:
    """What a pick did, for the seat that made it: the card kept (and discarded), then
    what happens next: the hands go round, the last card is laid down, the draft ends."""
    player = names[effect.seat]
    if effect.discard is not None:
        line = _("{player} keeps {card} (pick {pick} of {picks}) and discards {discard}.").format(
            player=player, card=effect.card, pick=effect.pick, picks=SELECTED_CARDS, discard=effect.discard)  # fmt: skip
    else:
        line = _("{player} keeps {card} (pick {pick} of {picks}).").format(player=player, card=effect.card, pick=effect.pick, picks=SELECTED_CARDS)
    if effect.laid_down is not None:
        line += " " + _("The last card, {card}, is laid face down as the Jumper's stand-in.").format(card=effect.laid_down)
    if effect.completes:
        line += " " + _("The draft of round {round} is over: craft your words.").format(round=effect.round)
    elif effect.passed:
        line += " " + _("Everyone has picked: the hands are passed to the {direction}.").format(direction=direction(effect.direction))
    return line


def draft_waiting(names: Sequence[str], waiting: Sequence[int]) -> str:
    """``waiting for Bram and Cees to pick``."""
    return _("waiting for {players} to pick").format(players=joined([names[seat] for seat in waiting]))


def seat_name(names: Sequence[str], members: Sequence[Sequence[str]], seat: int, teams: bool) -> str:
    """A seat as people say it: a player's name, or a team by its members (``team Anna and Bram``)."""
    if not teams:
        return names[seat]
    return _("team {members}").format(members=joined(list(members[seat])))


def seat_names(view: SeatView) -> tuple[str, ...]:
    """Every seat of a view as people say it (:func:`seat_name`): the players' names, or
    the teams by their members."""
    return tuple(seat_name(view.players, view.members, seat, view.teams) for seat in range(len(view.players)))


def setup_names(setup: Setup) -> tuple[str, ...]:
    """Every seat of a game as people say it (:func:`seat_name`)."""
    members = [setup.members(seat) for seat in range(setup.count)]
    return tuple(seat_name(setup.players, members, seat, setup.teams) for seat in range(setup.count))


def no_hand(view: SeatView, name: str) -> str | None:
    """Why the seat ``name`` is shown no hand while the game goes on: a fair game's cards
    are not dealt yet, or the table plays with its own cards; None when the referee
    dealt the round."""
    if view.hand_size:
        return None
    if view.dealt_later:
        return _("{player}: the cards are dealt once every player has given a word of entropy.").format(player=name)
    return _("{player}: the table plays with its own cards; the referee knows no hand.").format(player=name)


def draft_standing(view: SeatView) -> str | None:
    """Where the round's draft stands, for everyone: the pick being made, who has made it
    (not what they kept) and who is still to make it (``pick 3 of 7: Anna has picked;
    waiting for Bram, Cees and Daan to pick``); None when no draft is going on."""
    draft = view.draft
    if draft is None or draft.complete:
        return None
    names = seat_names(view)
    waiting = draft.waiting
    picked = [names[seat] for seat in range(len(names)) if seat not in waiting]  # a seat done has made the last pick
    line = _("pick {pick} of {picks}").format(pick=draft.turn, picks=SELECTED_CARDS)
    if picked:
        line += ": " + ngettext("{players} has picked", "{players} have picked", len(picked)).format(players=joined(picked)) + ";"
    else:
        line += ":"
    return line + " " + draft_waiting(names, waiting)


def clock_time(seconds: int) -> str:
    """``2:00``, ``0:07``: a clock's minutes and seconds."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock_words(left: int) -> str:
    """The crafting clock as a screen shows it: ``1:23 left to craft the words``, or that
    the time is up (the table decides what a late word counts for)."""
    if left <= 0:
        return _("time is up for crafting")
    return _("{time} left to craft the words").format(time=clock_time(left))


def time_up_words(round_number: int, seconds: int) -> str:
    """What the table is told once when a round's crafting clock reaches zero."""
    if seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("Time is up: {count} minute is over for round {round}.",
                        "Time is up: {count} minutes are over for round {round}.", minutes).format(count=minutes, round=round_number)  # fmt: skip
    return ngettext("Time is up: {count} second is over for round {round}.",
                    "Time is up: {count} seconds are over for round {round}.", seconds).format(count=seconds, round=round_number)  # fmt: skip


class SpellcrafterVoice:
    """The words of Spellcrafter (:class:`referee.game.Voice`)."""

    def refusal(self, state: Game | None, refusal: Refusal, in_file: bool = False) -> str:
        """Why an entry is refused; ``state`` is None for a word scored outside a game."""
        assert isinstance(refusal.rule, Rule), refusal
        return _REFUSALS[refusal.rule](state, dict(refusal.params))

    def effect(self, before: Game, step: Step[Game, Effect]) -> str:
        """What an entry just did, as one line."""
        from referee.spellcrafter.actions import Passed, WordScored

        from referee.spellcrafter.actions import CardPicked

        effect, names = step.effect, setup_names(before.setup)
        if isinstance(effect, CardPicked):
            return picked_words(names, effect)
        if isinstance(effect, WordScored):
            return _("{player}: {word} {points} ({detail})").format(
                player=names[effect.seat], word=effect.score.word, points=in_points(effect.score.score), detail=word_detail(effect.score)
            )
        if isinstance(effect, Passed):
            return _("{player} passes.").format(player=names[effect.seat])
        return self.consequence(before, effect)

    def consequence(self, game: Game, decided: ChallengeDecided) -> str:
        """What a challenge did to the scores: the word falls, or the challenger pays."""
        return consequence_words(setup_names(game.setup), decided.seat, decided.challenger, decided.consequence)

    def outcome(self, state: Game, outcome: Outcome) -> str:
        """How the game ended: "Anna wins at once with ZAPPY, 63 points"."""
        from referee.spellcrafter.game import Termination
        from referee.spellcrafter.rounds import Play

        names = joined([setup_names(state.setup)[seat] for seat in outcome.winners])
        if outcome.termination is Termination.INSTANT_WIN:
            played, seats = state.instant_winners or (state.latest, outcome.winners)
            words = [entry.score for entry in (played.entries[seat] for seat in seats) if isinstance(entry, Play)]
            if len(words) == 1:
                return _("{names} wins at once with {word}, {points}").format(names=names, word=words[0].word, points=in_points(words[0].score))
            spelled = joined([score.word for score in words])
            return _("{names} share the win at once with {words}, {points} each").format(
                names=names, words=spelled, points=in_points(words[0].score)
            )
        total = in_points(state.totals[outcome.winners[0]])
        if outcome.termination is Termination.HIGHEST_TOTAL:
            return _("{names} wins with {points}").format(names=names, points=total)
        if outcome.termination is Termination.LONGEST_WORD:
            return _("{names} wins the tie on {points} with the longest word of round {round}").format(
                names=names, points=total, round=ROUNDS
            )
        return _("{names} share the win on {points}, tied on the longest word of round {round} too").format(
            names=names, points=total, round=ROUNDS
        )

    def event(self, event: Mapping[str, Any]) -> str:
        """One line per event of the save file, as it was entered."""
        kind = event.get("kind")
        if kind == "word":
            cards = " ".join(map(str, event.get("cards", [])))
            return _("word: {player} {cards}").format(player=event.get("player"), cards=cards)
        if kind == "pass":
            return _("pass: {player}").format(player=event.get("player"))
        if kind == "pick":  # the card is private to its seat: `history` and `undo` never name it
            if event.get("discard"):
                return _("pick: {player} keeps a card face down and discards one").format(player=event.get("player"))
            return _("pick: {player} keeps a card face down").format(player=event.get("player"))
        if kind == "challenge":
            verdict = _("valid") if event.get("valid") else _("invalid")
            return _("challenge: {challenger} challenges {player}'s {word} — {verdict}, {reason} ({dictionary})").format(
                challenger=event.get("challenger"), player=event.get("player"), word=str(event.get("word", "")).upper(),
                verdict=verdict, reason=verdict_reason(str(event.get("reason"))), dictionary=event.get("dictionary"),
            )  # fmt: skip
        return str(kind)

    def situation(self, state: Game) -> str:
        """What the table waits for: "Round 2 of 4 — pass right — Jumper R1f — waiting for
        Anna, Cees" (the Jumper turned up, who is still to pick or to play, from the public
        view, as every screen says it); empty once the game is over."""
        from referee.spellcrafter.game import passing
        from referee.spellcrafter.setup import ROUNDS
        from referee.spellcrafter.view import seat_view

        if state.outcome is not None:
            return ""
        number, public = state.current_number, seat_view(state, None)
        line = _("Round {number} of {rounds} — pass {direction}").format(number=number, rounds=ROUNDS, direction=direction(passing(number)))
        jumper = [] if public.jumper is None else [_("Jumper {card}").format(card=public.jumper)]
        return " — ".join([line, *jumper, *(words for _kind, words in round_notes(public, False))])

    def prompt(self, state: Game, decision: Decision) -> str:
        """What a seat's decision asks: the card to keep, its word, a pass, a challenge."""
        if decision.kind == "pick":
            discarding = any("discard" in choice for choice in decision.choices)
            return _("Keep a card, then discard another") if discarding else _("Keep a card of the hand you draft from")
        prompts = {
            "word": _("Spell your word with your selected cards and the Jumper"),
            "pass": _("No word this round? Pass (0 points)"),
            "challenge": _("Challenge a word: the game's dictionary judges it"),
        }
        return prompts.get(decision.kind, "")

    def choice(self, state: Game, decision: Decision, event: Mapping[str, Any]) -> str:
        """A choice as a button says it: the card kept ("keep K6m"), "pass", "challenge
        Anna's KIT"."""
        if event.get("kind") == "pick":
            kept = _("keep {card}").format(card=event["card"])
            return kept if "discard" not in event else _("{kept}, discard {card}").format(kept=kept, card=event["discard"])
        if event.get("kind") == "pass":
            return _("pass")
        if event.get("kind") == "challenge":
            seat = state.setup.player(event["player"])
            played = state.latest.entries[seat]
            word = getattr(getattr(played, "score", None), "word", "")
            return _("Challenge {player}'s {word}").format(player=event["player"], word=word)
        return self.event(event)

    def history_detail(self, before: Game, event: Mapping[str, Any], step: Step[Game, Effect]) -> dict[str, Any]:
        """`history` says which round each entry went into: its section. A pick's card (and
        discard) is private to its seat (SPEC §6.6): `history --json` gives the event without
        it, as the line does (the save file keeps it, for the replay)."""
        effect = step.effect
        detail: dict[str, Any] = {"round": effect.round, "section": _("Round {number}").format(number=effect.round)}
        if event.get("kind") == "pick":
            detail["event"] = {key: value for key, value in event.items() if key not in ("card", "discard")}
        return detail


# --- the refusals, one wording per rule ------------------------------------------------------

Params = dict[str, Any]


def _name(state: Game | None, seat: int) -> str:
    return str(seat + 1) if state is None else setup_names(state.setup)[seat]


def _too_many_cards(state: Game | None, p: Params) -> str:
    own = ngettext("{count} card", "{count} cards", p["cards"]).format(count=p["cards"])
    if p["jumper"]:
        uses = _("{cards} besides the Jumper").format(cards=own)
    else:
        from referee.spellcrafter import JUMPER_EXAMPLE

        uses = _("{cards} and no Jumper (if one of them is the Jumper, write it with *, e.g. '{example}')").format(
            cards=own, example=JUMPER_EXAMPLE
        )
    return _("a word uses at most the {selected} cards its player selected (special cards included) and the Jumper; "
             "this one uses {uses}").format(selected=SELECTED_CARDS, uses=uses)  # fmt: skip


def _jumper_mandatory(state: Game | None, p: Params) -> str:
    from referee.spellcrafter import JUMPER_EXAMPLE

    return _("under the friendly rules the Jumper is mandatory: add it as * + its letter card, e.g. {example}").format(
        example=JUMPER_EXAMPLE
    )


def _value_out_of_range(state: Game | None, p: Params) -> str:
    from referee.spellcrafter.deck import STANDIN_VALUES

    low, high = STANDIN_VALUES.start, STANDIN_VALUES.stop - 1
    if state is not None:
        return _("{token}: values run {low}–{high} in a game without a deck file").format(token=p["token"], low=low, high=high)
    return _("{token}: values run {low}–{high}; give `--deck` for a box with other values").format(token=p["token"], low=low, high=high)


def _not_in_deck(state: Game | None, p: Params) -> str:
    card, deck = p["card"], p["deck"]
    others = " ".join(str(c) for c in deck.same_letter(card)) if card.is_letter else ""
    if p["game"]:
        text = _("{card} is not a card of this game's deck ({deck})").format(card=card, deck=deck_name(deck.name))
    else:
        text = _("{card} is not a card of the deck ({deck})").format(card=card, deck=deck_name(deck.name))
    if others:
        text += _("; the deck's {suit} {letters} is {others}").format(suit=suit_name(card.suit), letters=card.letters, others=others)
    return text


def _other_jumper(state: Game | None, p: Params) -> str:
    if "seat" in p:
        return _("the Jumper on the table in round {round} is {jumper} ({player}'s {word} uses it), not {card}").format(
            round=p["round"], jumper=p["jumper"], player=_name(state, p["seat"]), word=p["word"], card=p["card"]
        )
    return _("the Jumper on the table in round {round} is {jumper}, not {card}").format(round=p["round"], jumper=p["jumper"], card=p["card"])


def _not_dealt(state: Game | None, p: Params) -> str:
    if p["is_jumper"]:
        return _("{card} was not dealt in round {round} (it is the Jumper: write it *{card})").format(card=p["card"], round=p["round"])
    return _("{card} was not dealt in round {round}").format(card=p["card"], round=p["round"])


def _used_up(state: Game | None, p: Params) -> str:
    """Why a card is used up: who used it before this word, and how often this word does."""
    users, used, count = p["users"], p["used"], p["count"]
    clauses = []
    if users:
        names = joined([_name(state, seat) for seat in users])
        if used > len(users):
            clauses.append(_("{names} already used it {times}").format(names=names, times=times(used)))
        else:
            clauses.append(_("{names} already used it").format(names=names))
    if count > 1 or not users:
        clauses.append(_("this word uses it {times}").format(times=times(count)))
    return _("{card} was dealt {times} in round {round} and {why}").format(
        card=p["card"], times=times(p["dealt"]), round=p["round"], why=_(", and ").join(clauses)
    )


def _game_over(state: Game | None, p: Params) -> str:
    assert state is not None
    outcome = state.outcome
    ended = "" if outcome is None else VOICE.outcome(state, outcome)
    return _("the game is over ({outcome}); start a new game with `new`").format(outcome=ended)


def _already_entered(state: Game | None, p: Params) -> str:
    player = _name(state, p["seat"])
    if p["passed"]:
        return _("{player} already passed in round {round}; `undo` takes the last entry back").format(player=player, round=p["round"])
    return _("{player} already has a word in round {round}; `undo` takes the last entry back").format(player=player, round=p["round"])


def _round_not_begun(state: Game | None, p: Params) -> str:
    waiting = ", ".join(_name(state, seat) for seat in p["waiting"])
    return _("round {round} has not begun: round {current} is waiting for {waiting}").format(
        round=p["round"], current=p["current"], waiting=waiting
    )


def _repeated_pass(state: Game | None, p: Params) -> str:
    current = p["round"]
    return _("{player} passed in round {before}; if {player} passes again in round {round}, add --round {round}").format(
        player=_name(state, p["seat"]), before=current - 1, round=current
    )


def _repeated_word(state: Game | None, p: Params) -> str:
    current = p["round"]
    return _("{player}'s word in round {before} was these same cards, {word}: "
             "if {player} played them again in round {round}, add --round {round}").format(
        player=_name(state, p["seat"]), before=current - 1, word=p["word"], round=current
    )  # fmt: skip


def _no_word_yet(state: Game | None, p: Params) -> str:
    player = _name(state, p["seat"])
    if p["round"] > 1:
        return _("{player} has no word in round {round} yet (words of earlier rounds can no longer be challenged)").format(
            player=player, round=p["round"]
        )
    return _("{player} has no word in round {round} yet").format(player=player, round=p["round"])


def _already_picked(state: Game | None, p: Params) -> str:
    names = [_name(state, seat) for seat in p["waiting"]]
    return _("{player} has made pick {pick}; the hands are passed when {waiting} {verb} picked too").format(
        player=_name(state, p["seat"]), pick=p["pick"], waiting=joined(names),
        verb=ngettext("has", "have", len(names)))  # fmt: skip


def _not_in_hand(state: Game | None, p: Params) -> str:
    if p.get("discard") and p.get("kept"):
        return _("{player} cannot discard {card}: the hand at pick {pick} holds no other {card}").format(
            player=_name(state, p["seat"]), card=p["card"], pick=p["pick"])  # fmt: skip
    if p.get("discard"):
        return _("{player} cannot discard {card}: it is not in the hand at pick {pick}").format(
            player=_name(state, p["seat"]), card=p["card"], pick=p["pick"])  # fmt: skip
    return _("{card} is not in {player}'s hand at pick {pick}").format(card=p["card"], player=_name(state, p["seat"]), pick=p["pick"])


def _draft_not_over(state: Game | None, p: Params) -> str:
    names = [_name(state, seat) for seat in p["waiting"]]
    return _("the draft of round {round} is not over: words come when {players} {verb} picked 7 cards").format(
        round=p["round"], players=joined(names), verb=ngettext("has", "have", len(names)))  # fmt: skip


def _not_selected(state: Game | None, p: Params) -> str:
    player = _name(state, p["seat"])
    if p["last"]:
        return _("{card} is {player}'s face-down last card: it can only stand for the Jumper (write the Jumper with *)").format(
            card=p["card"], player=player)  # fmt: skip
    if p["selected"]:
        return _("{player} selected {card} only {times} in round {round}").format(player=player, card=p["card"], times=times(p["selected"]),
                                                                                    round=p["round"])  # fmt: skip
    return _("{card} is not among {player}'s 7 selected cards in round {round}").format(card=p["card"], player=player, round=p["round"])


_REFUSALS: dict[Rule, Callable[[Game | None, Params], str]] = {
    Rule.TOO_MANY_CARDS: _too_many_cards,
    Rule.TOO_SHORT: lambda state, p: _(
        "a word needs at least {minimum} letters (the Qu card counts as one); {word} has {letters}"
    ).format(minimum=MIN_LETTERS, word=p["word"], letters=p["letters"]),
    Rule.JUMPER_TWICE: lambda state, p: _(
        "a word can use the Jumper only once (there is one on the table), not {count} times"
    ).format(count=p["jumpers"]),
    Rule.JUMPER_MANDATORY: _jumper_mandatory,
    Rule.TOIL_ON_SPECIAL: lambda state, p: _(
        "{toil} is on letter {target}, {special} ({card}): Toil has no effect on Trouble or Double, Double; "
        "put it on a letter card or the Jumper"
    ).format(toil=p["toil"], target=p["toil"].target, special=p["target"].special.title, card=p["target"]),
    Rule.TOIL_TWICE: lambda state, p: _(
        "{first} and {toil} are both on letter {target}: a letter takes Toil only once"
    ).format(first=p["first"], toil=p["toil"], target=p["toil"].target),
    Rule.DOUBLE_COPIES_NOTHING: lambda state, p: _(
        "{double} copies {written}, but no letter card or Jumper in the word shows {letter}: "
        "Double, Double copies a letter already in your word"
    ).format(double=p["double"], written=p["double"].written, letter=p["double"].letter),
    Rule.NOT_IN_DECK: _not_in_deck,
    Rule.VALUE_OUT_OF_RANGE: _value_out_of_range,
    Rule.NO_FAMILIARS: lambda state, p: _(
        "{token}: a two-player game is played without the Familiars (f), removed from the deck"
    ).format(token=p["token"]),
    Rule.MORE_THAN_DECK: lambda state, p: _(
        "the word uses {card} {count} times, but the deck holds {held}"
    ).format(card=p["card"], count=p["count"], held=p["held"]),
    Rule.OTHER_JUMPER: _other_jumper,
    Rule.NOT_DEALT: _not_dealt,
    Rule.USED_UP: _used_up,
    Rule.GAME_OVER: _game_over,
    Rule.NO_SUCH_ROUND: lambda state, p: _("a game has rounds 1 to {rounds}, not {round}").format(rounds=ROUNDS, round=p["round"]),
    Rule.ROUND_COMPLETE: lambda state, p: _(
        "round {round} is complete; an entry now goes into round {current}"
    ).format(round=p["round"], current=p["current"]),
    Rule.ROUND_NOT_BEGUN: _round_not_begun,
    Rule.ALREADY_ENTERED: _already_entered,
    Rule.REPEATED_PASS: _repeated_pass,
    Rule.REPEATED_WORD: _repeated_word,
    Rule.NO_DRAFT: lambda state, p: _("this game has no draft through the referee: its cards are drafted at the table"),
    Rule.DRAFT_DONE: lambda state, p: _(
        "{player} has picked 7 cards and laid down the last: the draft is done for {player}"
    ).format(player=_name(state, p["seat"])),
    Rule.ALREADY_PICKED: _already_picked,
    Rule.NOT_IN_HAND: _not_in_hand,
    Rule.PICK_MOVED_ON: lambda state, p: _("{player}'s pick {pick} is made already: this is pick {current}; look at the hand again").format(
        player=_name(state, p["seat"]), pick=p["pick"], current=p["current"]),
    Rule.DISCARD_NEEDED: lambda state, p: _(
        "with two players each pick also discards a card: add the card {player} discards"
    ).format(player=_name(state, p["seat"])),
    Rule.NO_DISCARD: lambda state, p: _(
        "{player}'s last pick discards nothing: the card left is laid down as the Jumper's stand-in"
    ).format(player=_name(state, p["seat"])) if p["two_player"] else _(
        "only a two-player game discards a card with each pick"
    ),
    Rule.DRAFT_NOT_OVER: _draft_not_over,
    Rule.NOT_SELECTED: _not_selected,
    Rule.OWN_WORD: lambda state, p: _("{player} cannot challenge their own word").format(player=_name(state, p["seat"])),
    Rule.NO_WORD_YET: _no_word_yet,
    Rule.PASSED_NO_WORD: lambda state, p: _(
        "{player} passed in round {round}: there is no word to challenge"
    ).format(player=_name(state, p["seat"]), round=p["round"]),
    Rule.ALREADY_CHALLENGED: lambda state, p: _(
        "{player}'s {word} has already been challenged by {challenger}"
    ).format(player=_name(state, p["seat"]), word=p["word"], challenger=_name(state, p["challenger"])),
}

VOICE = SpellcrafterVoice()
