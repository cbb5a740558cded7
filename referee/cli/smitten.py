"""`referee smitten`: validate placements and referee whole Smitten games.

Only typer and the standard library are imported here; the rules, the save-file
engine and rich are imported inside the commands, so `referee smitten check` starts
about as fast as an empty Typer app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.completion import player_names
from referee.cli.fair import FairOption
from referee.cli.arguments import BotOption, TakeBacksOption
from referee.cli.files import FileArgument, JsonOption, LocationOption, add_file_commands
from referee.cli.group import CONTEXT, RefereeGroup, RefereeTyper, command_group
from referee.cli.rematch import add_rematch_command
from referee.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from referee.cli.output import Line
    from referee.game import Refusal
    from referee.savefile import Saved
    from referee.fair.rules import WithEntropy
    from referee.smitten.actions import Action, Effect
    from referee.smitten.state import Setup, State

app = command_group(
    _(
        "Smitten, the cooperative game of two 3×3 grids: check whether a placement is "
        "legal given the grids and the pending instruction, and referee whole games, "
        "two-player or solo, with a physical or a seeded virtual deck. "
        "Deal a seeded Smitten deck with `referee deal smitten`."
    )
)


def _rules() -> WithEntropy[Setup, State, Action, Effect]:
    from referee.smitten.ruleset import RULES

    return RULES


def _situation(state: State) -> Line:
    from referee.cli.output import Line
    from referee.smitten.report import what_now

    return Line(what_now(state))


add_file_commands(app, _rules, _situation)
add_rematch_command(app, _rules, "smitten")

ByOption = Annotated[
    str | None,
    typer.Option(
        "--by",
        help=N_("Two players: who moves, 1 or 2 or the player's name (left out when only one can)."),
        show_default=False,
        autocompletion=player_names,  # the names given at `new --players`, if any
    ),
]
HandOption = Annotated[
    str | None, typer.Option("--hand", help=N_("Solo: which hand moves, A or B (left out when only one can)."), show_default=False)
]


@app.command(help=N_("Is this placement legal, given the grids and the card just played? Exit 0 legal, 1 not."))
def check(
    placement: Annotated[str, typer.Argument(metavar="PLACEMENT", help=N_("The card and grid to check, e.g. 3L."), show_default=False)],
    left: Annotated[str, typer.Option("--left", help=N_("The cards in the left grid, e.g. 1,2,4."))] = "",
    right: Annotated[str, typer.Option("--right", help=N_("The cards in the right grid, e.g. 5."))] = "",
    after: Annotated[
        str | None,
        typer.Option(
            "--after",
            help=N_(
                "The card just played, whose instruction is pending, e.g. 8L. It is in that grid whether or not "
                "--left/--right lists it, and must touch a card already there (exit 2 otherwise)."
            ),
            show_default=False,
        ),
    ] = None,
    choose: Annotated[
        str | None, typer.Option("--choose", help=N_("Card 5's choice: higher or lower."), show_default=False)
    ] = None,
    hard: Annotated[bool, typer.Option("--hard", help=N_("Apply the ±2 rule (hard difficulty, solo Hard Mode 2)."))] = False,
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.check import check as judge
    from referee.smitten.check import question_state
    from referee.smitten.grid import parse_grid
    from referee.smitten.instructions import Choice
    from referee.smitten.notation import GridSide, Placement

    played = Placement.parse(after) if after is not None else None

    def grid(text: str, side: GridSide) -> int:
        return parse_grid(text, side, played.number if played is not None and played.side is side else None)

    state = question_state(
        grid(left, GridSide.LEFT), grid(right, GridSide.RIGHT), played, Choice.parse(choose) if choose is not None else None, hard
    )
    verdict = judge(Placement.parse(placement), state)
    from referee.smitten.check_report import verdict_line, verdict_reason

    if as_json:
        from referee.cli.output import emit_json

        emit_json({"legal": verdict.legal, "reason": verdict_reason(verdict), "placement": str(verdict.placement), "rule": verdict.rule})
    else:  # one plain line: rich is not needed for it, and check must start fast
        from referee.cli.output import write_shown

        write_shown(verdict_line(verdict) + "\n")
    raise typer.Exit(0 if verdict.legal else 1)


@app.command(help=N_("Start a game file: a seeded virtual deck (the referee deals, draws, declares losses) or --physical cards."))
def new(
    file: FileArgument,
    mode: Annotated[str, typer.Option(help=N_("two or solo."))] = "two",
    difficulty: Annotated[
        str | None, typer.Option(help=N_("Two players: easy (hands of 4), medium (default) or hard (±2 rule)."), show_default=False)
    ] = None,
    easy: Annotated[bool, typer.Option("--easy", help=N_("Solo Easy Mode: one swap with the set-aside card."))] = False,
    hard1: Annotated[bool, typer.Option("--hard1", help=N_("Solo Hard Mode 1: a 5 in the left grid is higher, in the right lower."))] = False,
    hard2: Annotated[bool, typer.Option("--hard2", help=N_("Solo Hard Mode 2: the ±2 rule."))] = False,
    seed: Annotated[
        str | None, typer.Option(help=N_("Virtual deck dealt from this seed (left out: a fresh seed)."), show_default=False)
    ] = None,
    physical: Annotated[bool, typer.Option("--physical", help=N_("The table plays with its own cards; the referee checks what it sees."))] = False,
    players: Annotated[
        tuple[str, str] | None,
        typer.Option("--players", metavar="NAME NAME", help=N_("Two players: their names, used in every message and by --by."), show_default=False),
    ] = None,
    fair: FairOption = False,
    location: LocationOption = None,
    bot: BotOption = None,
    take_backs: TakeBacksOption = True,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.cli.fair import announce, fair_start
    from referee.takebacks import with_take_backs
    from referee.smitten.ruleset import setup_from

    record, secret = fair_start(2) if fair else (None, None)
    if seed is not None:
        from referee.seeds import check_typed_seed

        check_typed_seed(seed)
    if not physical and seed is None and not fair:
        from referee.seeds import fresh_seed

        seed = fresh_seed()
    setup: dict[str, object] = {"mode": mode, "easy": easy, "hard1": hard1, "hard2": hard2, "physical": physical}
    setup.update({key: value for key, value in (("difficulty", difficulty), ("seed", seed)) if value is not None})
    if players is not None:
        setup["players"] = list(players)
    from referee.smitten.words import label

    if record is not None:
        from referee.fair.scheme import KEPT

        setup["fair"] = {**record.to_toml(), KEPT: record.secret.hex()}  # checked as a loaded file's is
    options = setup_from(setup)  # the same checks as a loaded file's [setup]
    saved = savefile.create(file, _rules(), with_take_backs(_rules(), options, take_backs), secret=secret, location=location, bots=bot or ())
    if record is not None:
        started = _("Started {file}: Smitten, {setup}, fair deals.").format(file=file, setup=label(options))
        _report(file, saved, None, [started, *announce(saved.state, _rules(), file)], as_json, show=True)
        return
    if seed:
        started = _("Started {file}: Smitten, {setup}, seed {seed}.").format(file=file, setup=label(options), seed=seed)
    else:
        started = _("Started {file}: Smitten, {setup}.").format(file=file, setup=label(options))
    _report(file, saved, None, [started], as_json, show=True)


@app.command("play", help=N_("Play a card: its instruction binds the partner."))
def play_command(
    file: FileArgument,
    card: Annotated[
        str, typer.Argument(metavar="CARD", help=N_("Card and grid, e.g. 5L; solo: `down` plays the face-down card."), show_default=False)
    ],
    choose: Annotated[
        str | None, typer.Option("--choose", help=N_("Playing a 5: higher or lower."), show_default=False)
    ] = None,
    by: ByOption = None,
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.actions import Kind
    from referee.smitten.entry import entry

    _record(file, entry(Kind.PLAY, card, choose, by, hand), as_json)


@app.command(help=N_("Place a card to follow the pending instruction (a placed card triggers nothing)."))
def place(
    file: FileArgument,
    card: Annotated[str, typer.Argument(metavar="CARD", help=N_("Card and grid, e.g. 3R."), show_default=False)],
    by: ByOption = None,
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.actions import Kind
    from referee.smitten.entry import entry

    _record(file, entry(Kind.PLACE, card, None, by, hand), as_json)


@app.command(help=N_("Card 1 (two players): reveal a card from hand, before placing another."))
def reveal(
    file: FileArgument,
    card: Annotated[str, typer.Argument(metavar="CARD", help=N_("The card number shown, 1 to 9."), show_default=False)],
    by: ByOption = None,
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.actions import Kind
    from referee.smitten.entry import entry

    _record(file, entry(Kind.REVEAL, card, None, by, None, flags=("--by",)), as_json)


@app.command(help=N_("Solo Easy Mode: at the beginning of a turn, swap a face-up card with the set-aside card (once a game)."))
def swap(
    file: FileArgument,
    card: Annotated[str, typer.Argument(metavar="CARD", help=N_("The face-up card set aside, 1 to 9."), show_default=False)],
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.actions import Kind
    from referee.smitten.entry import entry

    _record(file, entry(Kind.SWAP, card, None, None, hand, flags=("--hand",)), as_json)


@app.command(help=N_("Record that the game is lost (physical cards: the table sees what the referee cannot)."))
def lose(
    file: FileArgument,
    reason: Annotated[str, typer.Option("--reason", help=N_("Why, in the table's words."))] = "",
    as_json: JsonOption = False,
) -> None:
    from referee.smitten.actions import Lose

    _record(file, Lose(reason.strip() or None), as_json)


@app.command(
    help=N_(
        "Draw both grids, what the game waits for, and the result; the hands as the whole table may see them "
        "(two players: how many cards; solo: the face-up cards), or one seat's own hand with --by or --hand."
    )
)
def show(
    file: FileArgument,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help=N_("Two players: show this player's own hand too, 1 or 2 or the player's name."),
            show_default=False,
            autocompletion=player_names,
        ),
    ] = None,
    hand: Annotated[str | None, typer.Option("--hand", help=N_("Solo: as seen by hand A or B (both face-up hands are public)."), show_default=False)] = None,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile

    saved = savefile.load(file, _rules())
    _report(file, saved, None, [], as_json, show=True, seat=_seat(saved.state, by, hand))
    if not as_json:
        from referee.cli.fair import show_public

        show_public(saved.state, _rules(), file)


def _seat(state: State, by: str | None, hand: str | None) -> int | None:
    """The seat `show --by NAME` (two players) or `--hand A|B` (solo) asks for, None for the public."""
    from referee.smitten.entry import actor_word, parse_actor

    return parse_actor(state.setup, actor_word(state.setup, by, hand))


@app.command(
    help=N_("List every legal move now that the table may see: a move names its card, so with two players and a seeded deck a player's moves are listed with --by that player (the public list shows only moves of public cards). JSON: each move's event, and in \"args\" the arguments that make it: `referee smitten ARGS[0] FILE ARGS[1:]`.")
)
def moves(
    file: FileArgument,
    by: Annotated[str | None, typer.Option("--by", help=N_("Two players: this player's own moves too, 1 or 2 or the player's name."), show_default=False, autocompletion=player_names)] = None,  # fmt: skip
    hand: Annotated[str | None, typer.Option("--hand", help=N_("Solo: as seen by hand A or B (both face-up hands are public)."), show_default=False)] = None,  # fmt: skip
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.smitten.actions import Move
    from referee.smitten.report import command_args
    from referee.smitten.view import visible_moves
    from referee.smitten.voice import requirement

    rules = _rules()
    state = savefile.load(file, rules).state
    every = [move for move in rules.legal_actions(state) if isinstance(move, Move)]
    legal = visible_moves(state, every, _seat(state, by, hand))
    if as_json:
        from referee.cli.output import emit_json

        found = [{**rules.encode(state, move), "args": command_args(state.setup, move)} for move in legal]
        emit_json({"file": str(file), "requires": requirement(state), "moves": found})
        return
    from referee.cli.smitten_view import show_moves

    show_moves(state, legal, hidden=len(legal) < len(every))


# --- helpers ---------------------------------------------------------------------------


def _record(file: Path, action: Action | Callable[[State], Mapping[str, object]], as_json: bool) -> None:
    """Record an action, or a typed entry (a function of the file's current state, read
    under its lock, giving the event the game's parser reads), through :func:`referee.savefile.record`, so the
    rules judge it exactly as they will when the file is replayed; then say what it did."""
    from referee import savefile
    from referee.game import Step
    from referee.smitten.voice import narrate

    from referee.cli.fair import ended

    from referee.errors import InputError
    from referee.smitten.entry import Unsaid, unsaid_words

    try:
        recorded = savefile.record(file, _rules(), action)
    except Unsaid as unsaid:  # the command's words say who moves with its options
        raise InputError(unsaid_words(unsaid)) from None
    from referee.smitten.actions import Effect

    effect = recorded.effect
    assert isinstance(effect, Effect)  # a game move's (a word of entropy is `referee entropy`'s)
    lines, revealed = ended(recorded, file)
    _report(file, recorded.saved, recorded.event, narrate(Step(recorded.state, effect)) + lines, as_json, extra=revealed)


def _report(
    file: Path,
    saved: Saved[State],
    event: Mapping[str, object] | None,
    lines: list[str],
    as_json: bool,
    show: bool = False,
    seat: int | None = None,
    extra: Mapping[str, object] | None = None,
) -> None:
    """Say what happened and, for ``show``, draw the table as ``seat`` may see it (None:
    the public, with no private card)."""
    if as_json:
        from referee.cli.output import emit_json
        from referee.smitten.report import state_json

        document: dict[str, object] = {"file": str(file), **(extra or {})}
        if event is not None:
            document["recorded"] = event
        if lines and not show:
            document["happened"] = lines
        document["events"] = len(saved.events)
        document["state"] = state_json(saved.state, saved.events, seat)
        from referee.cli.fair import public

        info = public(saved.state, _rules())
        if info is not None:
            document["fair"] = info
        emit_json(document)
        return
    from referee.cli.smitten_view import show_lines, show_state

    show_lines(lines)
    if show:
        show_state(saved.state, saved.events, seat)


# --- solving and hints -------------------------------------------------------------------

SeedOption = Annotated[
    str | None, typer.Option("--seed", help=N_("Without FILE: a fresh deal from this seed."), show_default=False)
]
ModeOption = Annotated[str, typer.Option("--mode", help=N_("Without FILE: two or solo."))]
DifficultyOption = Annotated[
    str | None, typer.Option("--difficulty", help=N_("Without FILE: two players' easy, medium (default) or hard."), show_default=False)
]
EasyOption = Annotated[bool, typer.Option("--easy", help=N_("Without FILE: solo Easy Mode."))]
Hard1Option = Annotated[bool, typer.Option("--hard1", help=N_("Without FILE: solo Hard Mode 1."))]
Hard2Option = Annotated[bool, typer.Option("--hard2", help=N_("Without FILE: solo Hard Mode 2."))]
NoTimeOption = Annotated[bool, typer.Option("--no-time", help=N_("Leave the time out of the text (reproducible output)."))]
OptionalFile = Annotated[Path | None, typer.Argument(help=N_("The save file (or a fresh deal with --seed)."), show_default=False)]


def _position(file: Path | None, seed: str | None, mode: str, difficulty: str | None, easy: bool, hard1: bool, hard2: bool) -> State:
    """The position to solve: a game file's current state, or a fresh deal from ``--seed``."""
    from referee.errors import InputError

    if file is not None:
        if seed is not None or difficulty is not None or easy or hard1 or hard2 or mode != "two":
            raise InputError(_("give a game FILE or a fresh deal's --seed and options, not both"))
        from referee import savefile

        return savefile.load(file, _rules()).state
    if seed is None:
        raise InputError(_("give a game FILE, or --seed S (with --mode and its options) for a fresh deal"))
    from referee.smitten.engine import new_game
    from referee.smitten.ruleset import setup_from

    setup: dict[str, object] = {"mode": mode, "easy": easy, "hard1": hard1, "hard2": hard2, "seed": seed}
    if difficulty is not None:
        setup["difficulty"] = difficulty
    return new_game(setup_from(setup))


@app.command(
    "solve",
    help=N_(
        "Can this seeded game still be won, knowing every card? A winning line of moves, or "
        "\"not winnable\" proven by an exhaustive search."
    ),
)
def solve_command(
    file: OptionalFile = None,
    seed: SeedOption = None,
    mode: ModeOption = "two",
    difficulty: DifficultyOption = None,
    easy: EasyOption = False,
    hard1: Hard1Option = False,
    hard2: Hard2Option = False,
    no_time: NoTimeOption = False,
    as_json: JsonOption = False,
) -> None:
    from referee.errors import InputError
    from referee.smitten.solver import solve as search

    state = _position(file, seed, mode, difficulty, easy, hard1, hard2)
    if state.setup.physical:
        raise InputError(
            _(
                "the referee does not know a physical game's cards, so it cannot solve it; "
                "`referee smitten hint FILE --hold …` estimates from what a player sees"
            )
        )
    solution = search(state)
    if as_json:
        from referee.cli.output import emit_json
        from referee.smitten.solve_report import solution_json

        emit_json({"file": str(file) if file is not None else None, **solution_json(state, solution)})
        return
    from referee.cli.smitten_view import show_solution

    show_solution(state, solution, timed=not no_time)


@app.command(
    "hint",
    help=N_(
        "The best move for the player (solo: the table) to act, using only what they can see: "
        "each legal move with its estimated chance of winning and its 95 % interval."
    ),
)
def hint_command(
    file: FileArgument,
    by: ByOption = None,
    hold: Annotated[
        str | None,
        typer.Option("--hold", help=N_("The table's own cards: the hand of the player to act, e.g. 3,5,7."), show_default=False),
    ] = None,
    top: Annotated[
        str | None,
        typer.Option("--top", help=N_("The table's own cards, after card 3: the deck's top card turned up."), show_default=False),
    ] = None,
    samples: Annotated[int, typer.Option("--samples", help=N_("How many deals of the unseen cards to solve."))] = 200,
    sampling_seed: Annotated[str, typer.Option("--sampling-seed", help=N_("Seed of the samples (same seed, same hint)."))] = "1",
    jobs: Annotated[
        int, typer.Option("--jobs", help=N_("Processes to solve the samples with (default: every core; same hint)."), show_default=False)
    ] = 0,
    no_time: NoTimeOption = False,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.errors import InputError
    from referee.processes import jobs_option
    from referee.smitten.entry import parse_actor
    from referee.smitten.hint import HintError, asked
    from referee.smitten.hint import hint as advise
    from referee.smitten.notation import parse_smitten_card

    state = savefile.load(file, _rules()).state
    if state.outcome is not None:
        from referee.errors import RuleError
        from referee.smitten.endings import ending

        raise RuleError(_("the game is over ({ending}): there is no move to hint").format(ending=ending(state, state.outcome)))
    if by is not None and state.setup.solo:  # an option of two-player games only
        raise InputError(_("a solo hint is for the table, which sees both hands: leave out --by"))
    held = None if hold is None else tuple(parse_smitten_card(card) for card in hold.split(",") if card.strip())
    turned_up = None if top is None else parse_smitten_card(top)
    try:
        position, actor = asked(state, parse_actor(state.setup, by), held, turned_up)
        found = advise(position, actor, samples, sampling_seed, jobs_option(jobs))
    except HintError as error:
        raise InputError(hint_refusal(state, error.refusal)) from None
    if as_json:
        from referee.cli.output import emit_json
        from referee.smitten.solve_report import hint_json

        emit_json({"file": str(file), **hint_json(position, found, sampling_seed)})
        return
    from referee.cli.smitten_view import show_hint

    show_hint(position, found, sampling_seed, timed=not no_time)


study_app: typer.Typer = RefereeTyper(cls=RefereeGroup, invoke_without_command=True, no_args_is_help=False, add_completion=False, context_settings=CONTEXT)
app.add_typer(
    study_app,
    name="study",
    help=N_(
        "How often a random deal can be won: with perfect information, by the hint policy "
        "(no peeking), and by random legal play, for each mode, with 95 % Wilson intervals. "
        "`study merge FILE…` adds up shards played with --shard I/K --out FILE."
    ),
)


@study_app.callback()
def study_command(
    ctx: typer.Context,
    deals: Annotated[
        str, typer.Option("--deals", help=N_("Deals per mode, solved and played at random: N, or MODE=N entries, e.g. 290000,solo-easy=12000."))
    ] = "3000",
    hint_deals: Annotated[
        str,
        typer.Option(
            "--hint-deals",
            help=N_("Of those, how many the hint policy plays (it is slow): N, or MODE=N entries, e.g. 2401,solo-easy=1700."),
        ),
    ] = "100",
    hint_samples: Annotated[int, typer.Option("--hint-samples", help=N_("Samples of each hint the policy asks for."))] = 20,
    modes: Annotated[
        str,
        typer.Option("--modes", help=N_("Comma-separated: two-easy, two-medium, two-hard, solo, solo-easy, solo-hard1, solo-hard2, solo-all.")),
    ] = "all",
    seed: Annotated[str, typer.Option("--seed", help=N_("Deals are dealt from SEED-0, SEED-1, …"))] = "study",
    deal_budget: Annotated[
        int | None,
        typer.Option(
            "--deal-budget",
            help=N_("Positions the solver may search for one deal's verdict; a deal past it is counted as timed out (default: no limit)."),
            show_default=False,
        ),
    ] = None,
    shard: Annotated[
        str | None, typer.Option("--shard", help=N_("Play only shard I of K of the deals (e.g. 3/10); merge the shards with `study merge`."), show_default=False)
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help=N_("Keep the counts in this shard file, each block as soon as it is finished."), show_default=False)
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help=N_("Go on from the --out file of an interrupted run."))] = False,
    force: Annotated[bool, typer.Option("--force", help=N_("Start the --out file again if it exists (never over a save file)."))] = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help=N_("Play the blocks on a Dask cluster: its scheduler tcp://HOST:8786, or local (needs the optional extra: referee with cluster)."),
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", help=N_("Processes to use (default: every core)."), show_default=False)] = 0,
    as_json: JsonOption = False,
) -> None:
    if ctx.invoked_subcommand is not None:  # `study merge`: the settings are the shard files'
        if any(getattr(ctx.get_parameter_source(name), "name", None) != "DEFAULT" for name in ctx.params):
            from referee.errors import InputError

            raise InputError(_("`study merge` takes the shard files only (their settings are in them), and --json after merge"))
        return
    from referee.cli import smitten_study
    from referee.errors import InputError
    from referee.processes import jobs_option
    from referee.smitten.study import MODES, StudyError, StudyFault, counts_per_mode, plan

    chosen = list(MODES) if modes.strip() == "all" else [mode.strip() for mode in modes.split(",") if mode.strip()]
    index, count = (1, 1) if shard is None else smitten_study.parse_shard(shard)
    workers = jobs_option(jobs)
    try:
        planned = plan(
            chosen, counts_per_mode(deals, chosen, StudyFault.DEALS), counts_per_mode(hint_deals, chosen), hint_samples, seed, deal_budget
        )
        if scheduler is not None and not (scheduler == "local" or "://" in scheduler):
            raise InputError(_("--scheduler takes a Dask scheduler's address, e.g. tcp://10.0.0.5:8786, or local; not {text}").format(text=repr(scheduler)))
        start = smitten_study.starting_shard(planned, index, count, out, resume, force)
        played = smitten_study.play_shard(start, out, workers, scheduler, smitten_study.progress_wanted(as_json))
    except StudyError as error:
        raise InputError(study_words(error.refusal)) from None
    smitten_study.show(played.rows(), planned, None if shard is None else played, as_json)


@study_app.command("merge", help=N_("Add up the shard files of one study (all of its shards, each once) and print its table."))
def study_merge_command(
    files: Annotated[list[Path], typer.Argument(help=N_("The shard files, written by `smitten study --shard I/K --out FILE`."), show_default=False)],
    as_json: JsonOption = False,
) -> None:
    from referee.cli.smitten_study import read_shard_file, shard_words, show
    from referee.errors import InputError
    from referee.smitten.shards import ShardError, merge

    shards = [read_shard_file(path, number) for number, path in enumerate(files)]
    try:
        planned, rows = merge(shards)
    except ShardError as error:
        raise InputError(shard_words(error.refusal, files)) from None
    show(rows, planned, None, as_json)


def study_words(refusal: Refusal) -> str:
    """Why `smitten study` cannot use its counts (:class:`~referee.smitten.study.StudyFault`),
    naming its options."""
    from referee.smitten.study import MODES, StudyFault

    if refusal.rule in (StudyFault.HINT_DEALS, StudyFault.DEALS):
        option = "--hint-deals" if refusal.rule is StudyFault.HINT_DEALS else "--deals"
        message = _("{option} takes N or MODE=N entries (e.g. 2401,solo-easy=1700), not {entry}").format(option=option, entry=repr(refusal["entry"]))
        if refusal["named"]:
            message += _("; the modes are {modes}").format(modes=", ".join(MODES))
        return message
    if refusal.rule is StudyFault.MODE_TWICE:
        return _("--modes names {mode} twice: a mode's deals are played and counted once").format(mode=refusal["mode"])
    if refusal.rule is StudyFault.BUDGET:
        return _("--deal-budget takes a number of positions, at least 1")
    if refusal.rule is StudyFault.VERSION:
        return _("a worker runs referee {theirs}, not {ours} as this command: install the same version everywhere").format(
            theirs=refusal["theirs"], ours=refusal["ours"])  # fmt: skip
    return _("--deals, --hint-samples and --jobs must be at least 1, and --hint-deals at least 0")


def hint_refusal(state: State, refusal: Refusal) -> str:
    """Why `smitten hint` cannot give a hint as asked (:class:`~referee.smitten.hint.HintFault`),
    naming its options."""
    from referee.smitten.entry import actor_flags
    from referee.smitten.hint import HintFault
    from referee.smitten.words import name

    fault = refusal.rule
    if fault is HintFault.SOLO_UNSEEN:
        return _("a hint for solo with the table's own cards is not supported: the referee cannot see the hands")
    if fault is HintFault.CARDS_KNOWN:
        if refusal.get("given") == "top":
            return _("--top is for a game with the table's own cards (--physical): the referee turns up this game's cards itself")
        return _("--hold is for a game with the table's own cards (--physical): the referee knows this game's hands")
    if fault is HintFault.SAY_WHO:
        return _("either player may start the turn: say whose hint it is with {flags}").format(flags=actor_flags(state.setup))
    if fault is HintFault.NOT_THEIR_MOVE:
        return _("it is not {who}'s move: the game waits for {other}").format(
            who=name(state.setup, refusal.get("seat")), other=name(state.setup, refusal.get("waits")))  # fmt: skip
    if fault is HintFault.HAND_UNSEEN:
        return _("with the table's own cards the referee cannot see the hand: give it with --hold, e.g. --hold 3,5,7")
    if fault is HintFault.TOP_CARD:
        return _("--top gives the deck's top card turned up for card 3, and is needed exactly then")
    if fault is HintFault.HAND_SIZE:
        return _("{who} holds {count} cards, not {given}: list each card of the hand").format(
            who=name(state.setup, refusal.get("seat")), count=refusal.get("count"), given=refusal.get("given"))  # fmt: skip
    if fault is HintFault.NOT_A_DECK:
        return _("the cards in sight are not a Smitten deck's: no number shows up more than twice")
    if fault is HintFault.TOO_FEW_SAMPLES:
        return _("--samples must be at least 1")
    if fault is HintFault.TOO_FEW_PROCESSES:
        return _("the number of processes must be at least 1")
    return _("there is no legal move to hint")
