"""`referee spell best` and `referee spell review`: the best words a hand could make.

``register_best(app)`` adds them to the `spell` group. The search is
:mod:`referee.spellcrafter.best`; every word it returns is scored by `spell score`'s
scorer and judged by `dict check`'s verdict. Module-level imports stay at typer and the
standard library.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.dictionary import DEFAULT_DICTIONARY, DictOption, HouseOption, JsonOption
from referee.cli.files import FileArgument
from referee.cli.spell_game import DdtOption, FriendlyOption, RoundOption
from referee.errors import InputError, quoted
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.game import Refusal
    from referee.lexicon.backend import Dictionary
    from referee.spellcrafter.best import Selection
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.review import SeatReview, WordReview
    from referee.spellcrafter.scoring import Score, Variants

CardsArgument = Annotated[
    list[str],
    typer.Argument(
        metavar=N_("[FILE PLAYER] TOKEN…"),
        help=N_("The selected cards, at most 7: letter cards (K6m, QU10s) and special cards (DDm, TOILm, TRc). "
               "In a game: the game file and the player first."),
        show_default=False,
    ),
]
JumperOption = Annotated[
    str | None,
    typer.Option("--jumper", metavar=N_("TOKEN"), help=N_("The round's Jumper, a letter card (Y4f). In a seeded game: the one turned up."), show_default=False),
]
TopOption = Annotated[int, typer.Option("--top", metavar="K", min=1, max=100, help=N_("How many words to show."))]


def best(
    ctx: typer.Context,
    arguments: CardsArgument,
    jumper: JumperOption = None,
    dictionary: DictOption = DEFAULT_DICTIONARY,
    house: HouseOption = None,
    friendly: FriendlyOption = False,
    ddt: DdtOption = False,
    top: TopOption = 5,
    round_number: RoundOption = None,
    as_json: JsonOption = False,
) -> None:
    """`spell best`: the best words a hand could make (its help is given at
    :func:`register_best`)."""
    from referee.spellcrafter.best import HandError

    try:
        hand, variants, words, title = _hand(ctx, arguments, jumper, dictionary, house, friendly, ddt, round_number)
    except HandError as error:
        raise InputError(hand_words(error.refusal)) from None
    found = _search(hand, variants, words, top)
    _show(hand, variants, words.name, found, as_json, title)


def _hand(
    ctx: typer.Context, arguments: list[str], jumper: str | None, dictionary: str, house: Path | None, friendly: bool, ddt: bool,
    round_number: int | None,
) -> tuple[Selection, Variants, Dictionary, str | None]:
    """The hand `spell best` searches, its variants and its dictionary: a game's, or as
    given; and a title saying whose selected cards the hand is, when the game gave them."""
    from referee.cli.spell_game import names_a_game
    from referee.spellcrafter.best import read_hand
    from referee.spellcrafter.scoring import Variants

    if names_a_game(arguments):
        given = [f"--{name}" for name in ("dict", "house", "friendly", "ddt") if _given(ctx, name if name != "dict" else "dictionary")]
        if given:
            raise InputError(_("a game's dictionary, house rules and variants are stored in its file; leave out {options}").format(options=", ".join(given)))
        if len(arguments) < 2:
            raise InputError(_("in a game, write `referee spell best FILE PLAYER TOKEN…`, e.g. best game.toml Anna K6m I1m T1m"))
        game, hand, words = _game_hand(Path(arguments[0]), arguments[1], arguments[2:], jumper, round_number)
        title = None
        if len(arguments) == 2:
            title = _("Round {round} · {player}: the 7 selected cards and the Jumper").format(
                round=round_number or game.current_number, player=_seat(game, game.setup.player(arguments[1])))  # fmt: skip
        return hand, game.setup.variants, words, title
    if round_number is not None:
        raise InputError(_("--round is for a game: `referee spell best FILE PLAYER TOKEN… --round N`"))
    from referee.lexicon.catalogue import open_dictionary

    hand, variants = read_hand(arguments, jumper), Variants(friendly=friendly, ddt=ddt)
    return hand, variants, open_dictionary(dictionary, house), None


def hand_words(refusal: Refusal, game: Game | None = None) -> str:
    """Why a hand as typed cannot be used (:class:`~referee.spellcrafter.best.HandFault`),
    naming the options of `spell best`; ``game`` names its seats."""
    from referee.spellcrafter.best import HandFault
    from referee.spellcrafter.voice import joined

    if refusal.rule is HandFault.JUMPER_SELECTED:
        return _("card {position} {text}: the Jumper is not one of the selected cards; give it with --jumper").format(
            position=refusal["position"], text=quoted(refusal.get("text")))  # fmt: skip
    if refusal.rule is HandFault.TOO_MANY_CARDS:
        return _("a player selects {selected} cards; {count} were given (give the Jumper with --jumper)").format(
            selected=refusal["selected"], count=refusal["count"])  # fmt: skip
    if refusal.rule is HandFault.NOT_DRAFTED:
        return _("the referee knows a player's cards only in a game it drafts; name them: "
                 "`referee spell best FILE PLAYER TOKEN…`, e.g. best game.toml Anna K6m I1m T1m")  # fmt: skip
    if refusal.rule is HandFault.STILL_DRAFTING:
        return _("round {round} is still being drafted (still picking: {waiting}); a player looks at the 7 selected "
                 "cards once the draft is complete, and `spell best FILE PLAYER` searches them then").format(
            round=refusal["round"], waiting=joined([_seat(game, seat) for seat in refusal.get("waiting", ())] if game else []))  # fmt: skip
    return _("the Jumper of round {round} is {jumper}, turned up by the referee; leave out --jumper").format(
        round=refusal["round"], jumper=refusal["jumper"])  # fmt: skip


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def _search(hand: Selection, variants: Variants, dictionary: Dictionary, top: int) -> list[Score]:
    """The best words, judged by the verdict `dict check` gives."""
    from referee.lexicon.verdict import judge
    from referee.spellcrafter.anagrams import base_of, open_index
    from referee.spellcrafter.best import best_words

    base, added = base_of(dictionary)
    return best_words(hand, variants, open_index(base), lambda word: judge(word, dictionary).valid, top, added)


def _game_hand(file: Path, player: str, cards: list[str], jumper: str | None, round_number: int | None) -> tuple[Game, Selection, Dictionary]:
    """A player's hand in a game: the cards given, read and checked by the rules
    (:func:`hand_in_game`), or with none given, in a game drafted through the referee,
    the seat's 7 selected cards and the Jumper (:func:`selected_hand`: the player's own
    screen, asked for by name, as `show --by` is)."""
    from referee import savefile
    from referee.cli.spell_game import _judged_by, _rules
    from referee.spellcrafter.best import hand_in_game, selected_hand

    from referee.spellcrafter.best import HandError

    game: Game = savefile.load(file, _rules()).state
    seat = game.setup.player(player)
    try:
        hand = hand_in_game(game, seat, cards, jumper, round_number) if cards else selected_hand(game, seat, jumper, round_number)
    except HandError as error:
        raise InputError(hand_words(error.refusal, game)) from None
    return game, hand, _judged_by(game)


def _seat(game: Game, seat: int) -> str:
    """A seat as people say it: a player, or a team by its members."""
    from referee.spellcrafter.voice import seat_name

    setup = game.setup
    return seat_name(setup.players, [setup.members(other) for other in range(setup.count)], seat, setup.teams)


def _hand_json(hand: Selection) -> dict[str, object]:
    return {"cards": [str(card) for card in hand.cards], "jumper": None if hand.jumper is None else str(hand.jumper)}


def _show(hand: Selection, variants: Variants, dictionary: str, found: list[Score], as_json: bool, title: str | None = None) -> None:
    from referee.spellcrafter.best import token_line

    if as_json:
        from referee.cli.output import emit_json

        words = [{**score.to_json(), "line": token_line(score)} for score in found]
        emit_json({**_hand_json(hand), "dictionary": dictionary, "variants": variants.names(), "words": words})
        return
    from referee.cli.output import Line, say
    from referee.cli.spell_view import breakdown

    cards = " ".join(str(card) for card in hand.cards)
    rules = ", ".join(variants.names()) or _("standard rules")
    if hand.jumper is None:
        heading = _("From {cards} and no Jumper ({dictionary}, {rules}):").format(cards=cards, dictionary=dictionary, rules=rules)
    else:
        heading = _("From {cards} and the Jumper {jumper} ({dictionary}, {rules}):").format(
            cards=cards, jumper=hand.jumper, dictionary=dictionary, rules=rules)  # fmt: skip
    lines = ([Line((title, "bold"))] if title else []) + [Line(heading)]
    if not found:
        lines.append(Line(_("No word of the dictionary can be made from these cards.")))
    for rank, score in enumerate(found, start=1):
        lines.append(Line(""))
        lines.append(Line(f"{rank}. ", ("referee spell score " + _typed(token_line(score)), "dim")))
        lines.extend(breakdown(score))
    say(*lines)


def review(
    file: FileArgument,
    round_number: Annotated[int | None, typer.Argument(metavar=N_("[ROUND]"), help=N_("One round (default: every round played)."), show_default=False)] = None,
    as_json: JsonOption = False,
) -> None:
    """`spell review`: each word against the best its cards could make (its help is
    given at :func:`register_best`): what it scored (0 for a word that fell), the best
    valid word and what was missed; a word the dictionary rejects that nobody challenged
    is flagged. In a drafted game each seat of each complete round, its 7 selected cards
    searched, and the cards first dealt to it for the curious
    (:mod:`referee.spellcrafter.review`)."""
    from referee import savefile
    from referee.cli.spell_game import _judged_by, _rules
    from referee.errors import InputError
    from referee.lexicon.verdict import judge
    from referee.spellcrafter.review import review_seats, review_words, reviewed_rounds

    game: Game = savefile.load(file, _rules()).state
    played = reviewed_rounds(game, round_number)
    if round_number is not None and not played:
        if game.drafted and round_number == game.latest.number and not game.latest.complete:
            raise InputError(_("round {round} is still being played; a drafted round is reviewed once it is complete").format(round=round_number))
        rounds = ", ".join(str(r.number) for r in reviewed_rounds(game)) or _("none")
        raise InputError(_("round {round} has no words yet; rounds with words: {rounds}").format(round=round_number, rounds=rounds))
    dictionary = _judged_by(game)
    searched: dict[Selection, Score | None] = {}

    def best_of(hand: Selection) -> Score | None:
        if hand not in searched:
            found = _search(hand, game.setup.variants, dictionary, 1)
            searched[hand] = found[0] if found else None
        return searched[hand]

    words = review_words(game, played, lambda word: judge(word, dictionary), best_of)
    seats = review_seats(game, played, words, best_of)
    if as_json:
        from referee.cli.output import emit_json

        emit_json({"file": str(file), "dictionary": dictionary.name, "words": [_review_json(game, word) for word in words],
                   "seats": [_seat_json(game, seat) for seat in seats]})  # fmt: skip
        return
    from referee.cli.output import Line, say

    if not game.drafted:
        lines = [Line(_("Best words from the same cards ({dictionary}):").format(dictionary=dictionary.name))]
        if not words:
            lines.append(Line(_("No words entered yet.")))
        lines.extend(_review_line(game, dictionary.name, word) for word in words)
        say(*lines)
        return
    lines = [Line(_("Best words from each seat's 7 selected cards and the Jumper ({dictionary}):").format(dictionary=dictionary.name))]
    if not seats:
        lines.append(Line(_("No round is complete yet; a drafted round is reviewed once it is complete.")))
    for seat in seats:
        lines.append(_review_line(game, dictionary.name, seat.word) if seat.word is not None else _pass_line(game, seat))
        lines.append(_dealt_line(seat))
    say(*lines)


def _review_json(game: Game, word: WordReview) -> dict[str, object]:
    """One word reviewed: ``score`` is what it scored (0 if it fell), ``word_score`` what
    its cards are worth; ``hand`` the cards searched (``selected``: the seat's 7 selected
    cards, in a drafted game)."""
    best_score = word.best
    challenge = word.play.challenge
    return {
        "round": word.round, "player": game.setup.players[word.seat], "word": word.play.score.word,
        "score": word.points, "word_score": word.play.score.score,
        **_best_json(best_score), "missed": word.missed,
        "valid": word.valid, "reason": word.reason, "fallen": word.fallen,
        "challenger": None if challenge is None else game.setup.players[challenge.challenger],
        "unchallenged_invalid": word.unchallenged_invalid,
        "hand": _hand_json(word.hand), "selected": word.selected,
    }  # fmt: skip


def _seat_json(game: Game, seat: SeatReview) -> dict[str, object]:
    """One seat in a complete round of a drafted game: its word (None: passed) and score,
    the best of its 7 selected cards and the Jumper (``hand``), and the best of the cards
    first dealt to it and the Jumper (``dealt``)."""
    dealt = _best_json(seat.dealt_best)
    return {
        "round": seat.round, "player": game.setup.players[seat.seat], "passed": seat.word is None,
        "word": None if seat.word is None else seat.word.play.score.word, "score": seat.points,
        "hand": _hand_json(seat.hand), **_best_json(seat.best), "missed": seat.missed,
        "dealt": _hand_json(seat.dealt), **{f"dealt_{key}": value for key, value in dealt.items()},
    }  # fmt: skip


def _best_json(score: Score | None) -> dict[str, object]:
    return {"best": None if score is None else score.word, "best_score": None if score is None else score.score,
            "best_line": None if score is None else _line(score)}  # fmt: skip


def _review_line(game: Game, dictionary: str, word: WordReview) -> Line:
    """"Round 2 · Anna: QUIZ 0 points (fell: not in dictionary, challenged by Bram; 24 on
    its cards) — best ZIT 12 points, missed by 12 (…)"."""
    from referee.cli.output import Line
    from referee.spellcrafter.voice import in_points, verdict_reason

    names = game.setup.players
    line = Line(_("Round {round} · {player}: ").format(round=word.round, player=_seat(game, word.seat)), (word.play.score.word, "bold"),
                f" {in_points(word.points)}")  # fmt: skip
    challenge = word.play.challenge
    if word.fallen and challenge is not None:
        note = _("fell: {reason}, challenged by {challenger}; {points} on its cards").format(
            reason=verdict_reason(word.reason), challenger=names[challenge.challenger], points=in_points(word.play.score.score))  # fmt: skip
        line.append(f" ({note})", "red")
    elif word.unchallenged_invalid:
        note = _("not a valid word in {dictionary}: {reason}; it scored because nobody challenged it").format(
            dictionary=dictionary, reason=verdict_reason(word.reason))  # fmt: skip
        line.append(f" ({note})", "yellow")
    best = word.best
    if word.best_made or (best is None and word.valid):
        line.append(" — " + _("the best the cards could make"), "green")
    elif word.missed == 0 and best is not None:
        line.append(" — " + _("the best valid word: {word} {points}").format(word=best.word, points=in_points(best.score)))
        line.append(f" ({_typed(_line(best))})", "dim")
    else:
        _missed(line, best, word.missed)
    return line


def _pass_line(game: Game, seat: SeatReview) -> Line:
    """"Round 2 · Bram: passed — best ZIT 12 points, missed by 12 points (…)"."""
    from referee.cli.output import Line

    line = Line(_("Round {round} · {player}: ").format(round=seat.round, player=_seat(game, seat.seat)), (_("passed"), "bold"))
    return _missed(line, seat.best, seat.missed)


def _missed(line: Line, best: Score | None, missed: int) -> Line:
    """`` — best ZIT 12 points, missed by 12 points (…)``, or that no valid word could be made."""
    from referee.spellcrafter.voice import in_points

    if best is None:
        return line.append(" — " + _("no valid word could be made from these cards"))
    line.append(" — " + _("best {word} {points}, missed by {missed}").format(word=best.word, points=in_points(best.score), missed=in_points(missed)))
    return line.append(f" ({_typed(_line(best))})", "dim")


def _dealt_line(seat: SeatReview) -> Line:
    """"    for the curious, from the 8 cards first dealt and the Jumper: QUINZE 48 points (…)"."""
    from referee.cli.output import Line
    from referee.spellcrafter.voice import in_points

    heading = _("for the curious, from the {count} cards first dealt and the Jumper:").format(count=len(seat.dealt.cards))
    best = seat.dealt_best
    if best is None:
        return Line(("    " + heading + " " + _("no valid word"), "dim"))
    return Line("    " + heading + " ", (best.word, "bold"), f" {in_points(best.score)}", (f" ({_typed(_line(best))})", "dim"))


def _line(score: Score) -> str:
    from referee.spellcrafter.best import token_line

    return token_line(score)


def _typed(line: str) -> str:
    """A token line as typed in a shell: the Jumper's ``*`` quoted."""
    return " ".join(f"'{token}'" if token.startswith("*") else token for token in line.split())


def register_best(app: typer.Typer) -> None:
    """Add `best` and `review` to the `spell` group."""
    app.command(help=N_("The K highest-scoring words the cards could make, each as `spell score` scores it.\n\n"
                       "Searches every word the rules allow: any 3 letters or more of the cards, the Qu card with or "
                       "without its U, the Jumper or not (mandatory with --friendly), Double, Double copying any letter "
                       "shown, Toil on any letter card, Trouble as any letter. Ties in score: the longer word first, then "
                       "alphabetical. In a game (`best FILE PLAYER TOKEN…`) the game's dictionary, house rules, variants "
                       "and, when seeded, Jumper are used, and the cards are checked against the round as `spell word` "
                       "checks them. In a game drafted through the referee, `best FILE PLAYER` searches the player's 7 "
                       "selected cards and the Jumper once the round's draft is complete (the player's own screen)."))(best)
    app.command(help=N_("For each word entered, the best word the same cards could have made, and by how many points it "
                       "was missed (the word's cards and the round's Jumper, searched with the game's dictionary, house "
                       "rules and variants).\n\nIn a game drafted through the referee, each complete round: for each player "
                       "(a pass too) the best word of the 7 selected cards and the Jumper beside the word played, and for "
                       "the curious the best word of the cards first dealt to the player (8, or 14 with two players; at "
                       "most 7 of them in a word). The round being played is not reviewed."))(review)
