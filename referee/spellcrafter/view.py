"""What one seat of a Spellcrafter table may see (SPEC §6.6): the only door to private
cards for any screen.

Public: the scores, every word once the round's words are shown (its cards, its score,
its challenge), the round, the passing direction, who is still to play, the Jumper turned up, how many cards
each hand is dealt, and in a drafted game who has picked (not what), how many cards each
seat has selected, and the crafting clock. Private, to its own seat only:

- in a game drafted through the referee, the hand the seat drafts from now, its selected
  cards, its discards (two players) and its face-down last card; under the Friendly Rules
  selected cards lie face up ("Players also keep any selected cards face-up in front of
  them"), so every seat's selected cards are public there. Once a round is complete its
  cards are discarded face up: its draft is public (:attr:`SeatView.drafts`);
- in a seeded game drafted with real cards, the hand dealt to the seat for the round
  being played (the referee cannot tell who holds which card once hands are passed);
- its own word (or pass) in the round being played, until the round's words are shown:
  "Once everyone has selected their 7 cards, you have 2 minutes to craft one word", and
  at a real table the words are laid down together when time is up. So another seat's
  entry is face down (:attr:`SeatView.sealed`: who has entered, never what) until every
  seat has entered a word or passed, or the crafting clock has run out (SPEC §6.6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from referee.moments import exact_stamp
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.clock import ends, remaining
from referee.spellcrafter.draft import PICKS, Draft
from referee.spellcrafter.game import Game, passing
from referee.spellcrafter.rounds import Entry, Play, Round
from referee.spellcrafter.scoring import Variants
from referee.spellcrafter.setup import DEFAULT_DICTIONARY, HouseRules


@dataclass(frozen=True)
class DraftView:
    """A round's draft as a seat sees it. Public: who has picked since the hands were
    last passed (``picked``), who is done (``done``), how many cards each seat has
    selected (``counts``). ``selected`` holds, per seat, the selected cards the seat may
    see (None where they are face down to it); ``hand``, ``discarded`` and ``last`` are
    the seat's own (empty for the public)."""

    round: int
    direction: str
    discarding: bool
    picked: tuple[bool, ...]
    done: tuple[bool, ...]
    counts: tuple[int, ...]
    pick: int  # the pick the seat makes next or has just made (0 for the public)
    hand: tuple[SpellCard, ...]
    must_discard: bool
    selected: tuple[tuple[SpellCard, ...] | None, ...]
    discarded: tuple[SpellCard, ...]
    last: SpellCard | None
    complete: bool

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to make this turn's pick (public), in seating order."""
        return tuple(seat for seat in range(len(self.counts)) if not self.done[seat] and not self.picked[seat])

    @property
    def still_drafting(self) -> tuple[int, ...]:
        """The seats whose draft is not done yet (public), in seating order."""
        return tuple(seat for seat in range(len(self.counts)) if not self.done[seat])

    @property
    def face_up(self) -> bool:
        """Whether every seat's selected cards lie face up to this seat (the Friendly
        Rules: "Players also keep any selected cards face-up in front of them")."""
        return all(cards is not None for cards in self.selected)

    @property
    def turn(self) -> int:
        """The pick the table is making (1 to 7; 7 once the draft is complete): public, the
        same for every seat, as the picks are made at the same time."""
        going = self.waiting
        return min(self.counts[seat] for seat in going) + 1 if going else PICKS


@dataclass(frozen=True)
class SeatView:
    """A seat's view of a game (``seat`` None: the public's, which holds no private card).

    ``hand`` is the seat's own hand as dealt for ``round`` in a seeded game drafted with
    real cards (empty for the public, with physical cards, in a drafted game, and once the
    game is over); ``hand_size`` is public: how many cards each hand is dealt in a seeded
    game (0 with physical cards). ``draft`` is the current round's draft in a game drafted
    through the referee; ``drafts`` the drafts of complete rounds (public: their cards
    were discarded face up). ``clock`` is when the crafting clock started and how many
    seconds it runs. ``members`` are the people of each seat (a team's members).
    ``dealt_later``: a fair game whose cards are dealt once every player has given a
    word of entropy (until then nothing is dealt). ``variants``, ``dictionary`` and
    ``house`` are the table's agreed rules (public: a bot seat plays and judges by them).

    ``sealed``: the seats whose entry in the round being played lies face down to this
    seat (entered, not shown: SPEC §6.6); in ``rounds`` their entry is None, and
    ``totals`` leave it out, so nothing of a sealed word (its cards, its score, a 50 or
    more) is in the view. ``deadline``: when the crafting clock runs out (the server's
    time, ISO 8601), the one moment every screen counts down to."""

    seat: int | None
    players: tuple[str, ...]
    totals: tuple[int, ...]
    rounds: tuple[Round, ...]
    round: int
    waiting: tuple[int, ...]
    jumper: SpellCard | None
    hand_size: int
    hand: tuple[SpellCard, ...] = ()
    draft: DraftView | None = None
    drafts: tuple[Draft, ...] = ()
    clock: tuple[str, int] | None = None
    members: tuple[tuple[str, ...], ...] = ()
    teams: bool = False
    dealt_later: bool = False  # a fair game: the cards are dealt once every player has given a word
    sealed: tuple[int, ...] = ()
    deadline: str | None = None
    # The table's agreed rules, public (the [setup] every seat agreed to at `new`): the
    # variants, the dictionary a challenge is judged by and the house rules on top of it.
    variants: Variants = Variants()
    dictionary: str = DEFAULT_DICTIONARY
    house: HouseRules | None = None


def seat_view(game: Game, seat: int | None, now: datetime | None = None) -> SeatView:
    """What ``seat`` may see of ``game`` (None: the public), at ``now`` (the server's
    clock: once the crafting clock has run out every word is shown; None: the words are
    shown once every seat has entered a word or passed)."""
    number = game.current_number
    dealt = game.deal(number)
    over = game.outcome is not None
    hand: tuple[SpellCard, ...] = ()
    if dealt is not None and seat is not None and not over and not game.drafted:
        hand = dealt.hands[seat]
    draft = game.draft_of(number)
    complete = tuple(r.draft for r in game.rounds if r.complete and r.draft is not None)
    clock = game.craft_clock(number)
    sealed = face_down(game, seat, clock, now)
    rounds = tuple(replace(r, draft=None) for r in game.rounds)  # a draft only through `draft`, `drafts`
    if sealed:
        latest = rounds[-1]
        rounds = (*rounds[:-1], replace(latest, entries=tuple(None if s in sealed else e for s, e in enumerate(latest.entries))))
    return SeatView(
        seat=seat,
        players=game.setup.players,
        totals=tuple(sum(r.points(s) for r in rounds) for s in range(game.setup.count)),
        rounds=rounds,
        round=number,
        waiting=game.waiting,
        jumper=None if dealt is None else dealt.jumper,
        hand_size=0 if dealt is None else len(dealt.hands[0]),
        hand=hand,
        draft=None if draft is None else draft_view(draft, number, seat, game.setup.variants.friendly),
        drafts=complete,
        clock=clock,
        members=tuple(game.setup.members(s) for s in range(game.setup.count)),
        teams=game.setup.teams,
        dealt_later=dealt is None and game.setup.fair is not None,
        sealed=sealed,
        deadline=None if clock is None else deadline_of(*clock),
        variants=game.setup.variants,
        dictionary=game.setup.dictionary,
        house=game.setup.house,
    )


def face_down(game: Game, seat: int | None, clock: tuple[str, int] | None, now: datetime | None) -> tuple[int, ...]:
    """The seats whose entry in the round being played ``seat`` may not see yet: every
    other seat that has entered a word (not challenged) or passed, while some seat has
    not and the crafting clock (if the game has one) has not run out at ``now``."""
    latest = game.latest
    if latest.complete or game.outcome is not None:
        return ()
    if clock is not None and now is not None and remaining(*clock, now) == 0:
        return ()  # time is up: the words are laid down together
    return tuple(s for s, entry in enumerate(latest.entries) if entry is not None and s != seat and not challenged(entry))


def challenged(entry: Entry) -> bool:
    """Whether ``entry`` is a word that has been challenged: a challenge names the word
    and the dictionary's verdict shows it to all (the command line may record one before
    the round's words are all in), so it no longer lies face down."""
    return isinstance(entry, Play) and entry.challenge is not None


def shown_at(game: Game) -> datetime | None:
    """The moment the words of the round being played are shown by time alone (the
    crafting clock runs out while some entry lies face down to some seat and some seat is
    still to play): a screen drawn before it differs from one drawn after it with no
    entry in between. None when time changes nothing (no clock, no entry face down, the
    round complete, the game over)."""
    latest = game.latest
    clock = game.craft_clock(game.current_number)
    if clock is None or latest.complete or game.outcome is not None or latest.number != game.current_number:
        return None
    if all(entry is None for entry in latest.entries):
        return None
    return ends(*clock)


def deadline_of(start: str, seconds: int) -> str | None:
    """When a crafting clock started at ``start`` and running ``seconds`` runs out, as the
    server's clock writes a moment (ISO 8601, UTC); None when ``start`` is not a time."""
    end = ends(start, seconds)
    return None if end is None else exact_stamp(end)


def complete_drafts(view: SeatView) -> dict[int, Draft]:
    """The public drafts of a view's complete rounds, by round number. Every round of a
    drafted game opens with a pick, so each complete round has its draft; a file where one
    does not (none is known) gives none."""
    numbers = [r.number for r in view.rounds if r.complete]
    return dict(zip(numbers, view.drafts, strict=True)) if len(numbers) == len(view.drafts) else {}


def draft_view(draft: Draft, number: int, seat: int | None, face_up: bool) -> DraftView:
    """``draft`` as ``seat`` sees it; ``face_up`` under the Friendly Rules.

    The piles lie face down until the draft is over: "select one card to keep by placing it
    in a pile face down", and only "when the draft is complete, players may look at their
    selected cards". So while it goes on a seat sees the hand it picks from, and its own
    selected cards, discards and last card only under the Friendly Rules (selected cards
    face up) or once the draft is complete; the counts are public throughout."""
    looks = draft.complete or face_up
    mine = None if seat is None or not draft.complete else seat
    return DraftView(
        round=number,
        direction=passing(number),
        discarding=draft.discarding,
        picked=draft.picked,
        done=tuple(draft.done(s) for s in range(draft.count)),
        counts=tuple(len(cards) for cards in draft.selected),
        pick=0 if seat is None else draft.pick_number(seat),
        hand=() if seat is None else draft.hands[seat],
        must_discard=seat is not None and draft.must_discard(seat),
        selected=tuple(cards if face_up or (s == seat and looks) else None for s, cards in enumerate(draft.selected)),
        discarded=() if mine is None else draft.discarded[mine],
        last=None if mine is None else draft.last[mine],
        complete=draft.complete,
    )
