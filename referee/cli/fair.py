"""`referee entropy`, `reveal` and `verify`: a fair game's commands (:mod:`referee.fair`),
the same for every game. At the top level the game comes from the file
(`referee entropy FILE PLAYER WORD`); each game's command group has them too
(:func:`referee.cli.files.add_file_commands`), so a table session types
`entropy Bram kiwi`. `new … --fair` of each game calls :func:`fair_start` and
:func:`announce`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.arguments import FileArgument, JsonOption
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.fair.scheme import Fair
    from referee.game import ActionT, EffectT, JsonObject, Rules, SetupT, StateT
    from referee.savefile import Recorded

PlayerArgument = Annotated[str, typer.Argument(metavar=N_("PLAYER"), help=N_("The player (seat) giving the word; words are given in seat order."), show_default=False)]
WordArgument = Annotated[str, typer.Argument(metavar=N_("WORD"), help=N_("Any word, a few dice or a short phrase nobody else could guess."), show_default=False)]
FairOption = Annotated[bool, typer.Option("--fair", help=N_("Fair deals: the referee commits to a secret now, every player adds a word of entropy, and nobody (the host included) can choose the cards; `referee verify` checks it afterwards."))]

ENTROPY_HELP = N_("A fair game: a player's word of entropy, in seat order; the cards are dealt once every player has given theirs.")
REVEAL_HELP = N_("A fair game: reveal the secret now (the end of the game reveals it too); anyone can then check the deals, and foresee those still to come.")
VERIFY_HELP = N_("A fair game, revealed: check the commitment, re-derive every deal and check every card recorded against its hand. Exit 1 on a mismatch; nothing is written.")


def fair_start(seats: int) -> tuple[Fair, bytes]:
    """A new fair game's record (its secret drawn now) and the secret, for
    :func:`referee.savefile.create`."""
    from referee.fair import scheme as fair

    secret = fair.new_secret()
    return fair.Fair(fair.commitment(secret), secret, seats), secret


def announce(state: StateT, rules: Rules[SetupT, StateT, ActionT, EffectT], file: Path) -> list[str]:
    """What `new … --fair` says: the commitment and its fingerprint, and whose word is due."""
    from referee.fair.rules import record_of
    from referee.fair.voice import commitment_words

    record = record_of(rules, state)
    if record is None:
        return []
    seats = rules.seats(state)
    first = _("Every player now gives a word of entropy, in seat order, {first} first: `referee entropy {file} {first} WORD`").format(first=seats[0], file=file)
    return [*commitment_words(record.commitment), first]


def public(state: StateT, rules: Rules[SetupT, StateT, ActionT, EffectT]) -> JsonObject | None:
    """The public part of a fair game (:func:`referee.fair.scheme.public_info`), None if not fair."""
    from referee.fair.rules import public_of

    return public_of(rules, state)


def show_public(state: StateT, rules: Rules[SetupT, StateT, ActionT, EffectT], file: Path) -> None:
    """`show` and `standings`: the commitment, the words given, revealed or not."""
    info = public(state, rules)
    if info is None:
        return
    from referee.cli.output import Line, say
    from referee.fair.voice import public_lines

    say(*(Line(line) for line in public_lines(info, str(file))))


def ended(recorded: Recorded[StateT, ActionT, EffectT], file: Path) -> tuple[list[str], JsonObject]:
    """What an entry that ended a fair game adds (:attr:`referee.savefile.Recorded.revealed`):
    lines saying the secret is revealed, and its ``--json`` keys; nothing otherwise."""
    if not recorded.revealed:
        return [], {}
    from referee.fair.voice import ended_words

    table = recorded.saved.setup["fair"]
    deals = [(deal["number"], deal["seed"]) for deal in table["deals"]]
    code, after = table.get("reveal_code"), table.get("revealed_after", len(recorded.saved.events))
    document: JsonObject = {"revealed": {"secret": table["secret"], "deals": [{"number": number, "seed": seed} for number, seed in deals], "reveal_code": code}}
    return ended_words(table["secret"], deals, str(file), code, after), document


def say_ended(recorded: Recorded[StateT, ActionT, EffectT], file: Path) -> None:
    """Print :func:`ended`'s lines (for an entry that answers in lines)."""
    lines, _document = ended(recorded, file)
    if lines:
        from referee.cli.output import Line, say

        say(*(Line(line) for line in lines))


def stays_revealed(setup: Mapping[str, object], events: int, file: Path) -> str | None:
    """After an undo: the line saying the secret stays revealed, when the undo took back
    an event from before the reveal; None otherwise."""
    table = setup.get("fair")
    if not isinstance(table, dict) or "secret" not in table:
        return None
    after = table.get("revealed_after")
    if not isinstance(after, int) or events >= after:
        return None
    from referee.fair.voice import stays_revealed_words

    return stays_revealed_words(str(file))


def kept_on_record(event: Mapping[str, object] | None) -> str | None:
    """After an undo: the line saying a word of entropy taken back stays on the record;
    None when the event taken back was not a word."""
    from referee.fair.rules import KIND

    if event is None or event.get("kind") != KIND:
        return None
    from referee.fair.voice import kept_on_record_words

    return kept_on_record_words(str(event.get("player")), str(event.get("word")))


def _game_rules(file: Path) -> Rules[object, object, object, object]:
    """The rules of the game whose save file ``file`` is (its types known to it only)."""
    from referee.savefile.which import game_of

    return game_of(file).load_rules()


def give_entropy(file: Path, player: str, word: str, as_json: bool, rules: Rules[SetupT, StateT, ActionT, EffectT]) -> None:
    from referee import savefile
    from referee.fair.rules import KIND
    from referee.game import Step

    recorded = savefile.record(file, rules, {"kind": KIND, "player": player, "word": word})
    if as_json:
        from referee.cli.output import emit_json

        emit_json({"file": str(file), "recorded": recorded.event, "fair": public(recorded.state, rules)})
        return
    from referee import games
    from referee.cli.output import Line, say

    spec = games.by_format(rules.format)
    assert spec is not None
    line = spec.load_voice().effect(recorded.before, Step(recorded.state, recorded.effect))
    say(Line(line))


def reveal_now(file: Path, as_json: bool, rules: Rules[SetupT, StateT, ActionT, EffectT]) -> None:
    from referee import savefile
    from referee.fair.voice import reveal_words

    revealed = savefile.reveal_secret(file, rules)
    secret, code = revealed.saved.setup["fair"]["secret"], revealed.saved.setup["fair"]["reveal_code"]
    after = len(revealed.saved.events)
    if as_json:
        from referee.cli.output import emit_json

        deals = [{"number": number, "seed": seed} for number, seed in revealed.deals]
        emit_json({"file": str(file), "secret": secret, "deals": deals, "revealed_after": after,
                   "entropy_complete": revealed.complete, "reveal_code": code})  # fmt: skip
        return
    from referee.cli.output import Line, say

    say(*(Line(line) for line in reveal_words(secret, revealed.deals, revealed.complete, str(file), code, after)))


def verify_file(file: Path, as_json: bool, rules: Rules[SetupT, StateT, ActionT, EffectT]) -> None:
    from referee.fair.scheme import fingerprint
    from referee.fair.voice import finding_words, verdict_lines
    from referee.fair.verify import verify_fair

    verdict = verify_fair(file, rules)
    if as_json:
        from referee.cli.output import emit_json

        emit_json({
            "file": str(file),
            "verified": verdict.ok,
            "finding": None if verdict.finding is None else verdict.finding.name.lower(),
            "message": None if verdict.ok else finding_words(verdict),
            "commitment": verdict.commitment,
            "fingerprint": fingerprint(verdict.commitment),
            "secret": verdict.secret,
            "entropy": [{"seat": name, "word": verdict.words[seat] if seat < len(verdict.words) else None}
                        for seat, name in enumerate(verdict.seats)],
            "deals": [deal._asdict() for deal in verdict.deals],
            "events": verdict.events,
            "revealed_after": verdict.revealed_after,
            "entropy_before_reveal": verdict.words_before_reveal,
            "withdrawn": [{"seat": name, "word": word} for name, word in verdict.withdrawn],
            "reveal_code": verdict.reveal_code,
        })  # fmt: skip
    else:
        from referee.cli.output import Line, say

        say(*(Line(line) for line in verdict_lines(verdict)))
    if not verdict.ok:
        raise typer.Exit(1)


def entropy_command(file: FileArgument, player: PlayerArgument, word: WordArgument, as_json: JsonOption = False) -> None:
    give_entropy(file, player, word, as_json, _game_rules(file))


def reveal_command(file: FileArgument, as_json: JsonOption = False) -> None:
    reveal_now(file, as_json, _game_rules(file))


def verify_command(file: FileArgument, as_json: JsonOption = False) -> None:
    verify_file(file, as_json, _game_rules(file))


def add_fair_commands(app: typer.Typer, ruleset: Callable[[], Rules[SetupT, StateT, ActionT, EffectT]]) -> None:
    """`entropy`, `reveal` and `verify` on a game's command group (``ruleset()``: its rules),
    and `reveal-secret`, the same reveal under a name no game uses for a move of its own
    (Smitten's `reveal` is card 1's: there the fair reveal is `reveal-secret`)."""

    @app.command("entropy", help=ENTROPY_HELP)
    def entropy_(file: FileArgument, player: PlayerArgument, word: WordArgument, as_json: JsonOption = False) -> None:
        give_entropy(file, player, word, as_json, ruleset())

    @app.command("reveal", help=REVEAL_HELP)
    def reveal_(file: FileArgument, as_json: JsonOption = False) -> None:
        reveal_now(file, as_json, ruleset())

    @app.command("reveal-secret", help=REVEAL_HELP)
    def reveal_secret_(file: FileArgument, as_json: JsonOption = False) -> None:
        reveal_now(file, as_json, ruleset())

    @app.command("verify", help=VERIFY_HELP)
    def verify_(file: FileArgument, as_json: JsonOption = False) -> None:
        verify_file(file, as_json, ruleset())
