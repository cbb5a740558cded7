"""The referee's own seats (issue 35, points 1, 2 and 5): `new … --bot`, the runner,
`referee bot FILE`, the bots after a one-shot entry, in `serve`, and in a season."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import installed_referee
from referee import savefile
from referee.bots import LEVELS, random_choice
from referee.bots.runner import bots_of, bot_event, due, play_due
from referee.bots.seats import MARK, bot_seats
from referee.decisions import seat_entry
from referee.game import decided
from referee.games import GAMES, game
from referee.savefile.which import game_of
from referee.smitten.ruleset import RULES as SMITTEN, setup_for, setup_from
from referee.smoorverliefd.ruleset import RULES as SMOOR
from referee.smoorverliefd.setup import Setup as SmoorSetup
from referee.spellcrafter.ruleset import RULES as SPELL
from referee.spellcrafter.setup import Setup as SpellSetup

NAMES = ["Anna", "Bram", "Cees", "Daan"]


def people_play(path: Path, rng: random.Random, limit: int = 5000) -> None:
    """Play the file to its end: the bots through `play_due`, each person's seat with a
    random listed choice (or a word of entropy), one entry at a time."""
    spec = game_of(path)
    box = spec.load()
    rules = box.rules
    for _ in range(limit):
        play_due(path, spec)
        saved = savefile.load(path, rules)
        if rules.outcome(saved.state) is not None:
            return
        bots = bots_of(box, saved)
        assert bots is not None
        for seat in range(len(rules.seats(saved.state))):
            decisions = decided(rules.decisions(saved.state, seat))
            if seat in bots.levels or not decisions:
                continue
            form = next((d.form for d in decisions if d.form is not None and d.kind == "entropy"), None)
            event = {**form.event, form.field: f"word-{seat}"} if form else random_choice(None, decisions, rng)
            savefile.record(path, rules, seat_entry(rules, seat, event, box.complete))
            break
        else:
            pytest.fail(f"nobody may decide: {box.voice.situation(saved.state)}")
    pytest.fail("the game did not end")


def bot_events_replay(path: Path) -> list[dict[str, Any]]:
    """The file's bot events, after checking that every event replays (verify's replay)."""
    saved = savefile.load(path, game_of(path).load_rules())
    return [event for event in saved.events if MARK in event]


# --- 1. --bot at new ------------------------------------------------------------------------


def test_bot_option_stores_the_seats_their_levels_and_a_fresh_bot_seed(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    result = referee("smoor", "new", str(path), *NAMES, "--seed", "s", "--bot", "daan", "--bot", "2:easy", "--target", "20")
    assert result.exit_code == 0, result.stderr
    setup = savefile.load(path, SMOOR).setup
    assert setup["bots"]["seats"] == {"Bram": "easy", "Daan": "strong"}
    assert len(setup["bots"]["seed"]) == 32
    other = tmp_path / "n.toml"
    referee("smoor", "new", str(other), *NAMES, "--seed", "s", "--bot", "daan")
    assert savefile.load(other, SMOOR).setup["bots"]["seed"] != setup["bots"]["seed"]


def test_a_smitten_seat_without_a_name_is_a_bot_by_its_number(tmp_path: Path, referee) -> None:
    path = tmp_path / "s.toml"
    assert referee("smitten", "new", str(path), "--seed", "a-b-c", "--bot", "2").exit_code == 0
    assert savefile.load(path, SMITTEN).setup["bots"]["seats"] == {"2": "strong"}


@pytest.mark.parametrize("spec", ["Eva", "Daan:hard", "5", "Daan:easy --bot Daan"])
def test_an_unknown_bot_seat_or_level_exits_2_in_one_line_and_writes_nothing(tmp_path: Path, referee, spec: str) -> None:
    path = tmp_path / "m.toml"
    result = referee("smoor", "new", str(path), *NAMES, "--seed", "s", "--bot", *spec.split(" "))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "--bot" in result.stderr
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_a_fair_game_with_a_bad_bot_keeps_no_secret_behind(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), *NAMES, "--fair", "--bot", "Eva").exit_code == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_rematch_keeps_the_bots_with_a_fresh_bot_seed(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), *NAMES, "--seed", "s", "--bot", "1", "--bot", "2", "--bot", "3", "--bot", "4", "--target", "10")
    assert SMOOR.outcome(savefile.load(path, SMOOR).state) is not None  # four bots: the match is played at `new`
    again = tmp_path / "again.toml"
    assert referee("smoor", "rematch", str(path), str(again)).exit_code == 0
    old, new = savefile.load(path, SMOOR).setup["bots"], savefile.load(again, SMOOR).setup["bots"]
    assert new["seats"] == old["seats"] and new["seed"] != old["seed"]


def test_the_rules_never_see_the_bots_table_or_the_mark(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="x", target=10), bots=["Bram"])  # Bram leads
    play_due(path)
    saved = savefile.load(path, SMOOR)
    assert saved.events and all(event[MARK] == "strong" for event in saved.events)
    assert "bots" not in SMOOR.write_setup(saved.state.setup)


@pytest.mark.parametrize("game", ["smoor-physical", "spell-laid-out"])
def test_a_bot_needs_a_deck_the_referee_deals_exit_2_and_nothing_written(tmp_path: Path, referee, game: str) -> None:
    """A bot sees what its seat may see: with the table's own cards (no seed, no fair
    deal) or a Spellcrafter draft laid out on the table, that is nothing to play from."""
    path = tmp_path / "m.toml"
    if game == "smoor-physical":
        result = referee("smoor", "new", str(path), *NAMES, "--bot", "Daan")
    else:
        result = referee("spell", "new", str(path), "Anna", "Bram", "--seed", "q", "--no-draft", "--bot", "Bram")
    assert result.exit_code == 2 and "--seed or --fair" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert sorted(tmp_path.iterdir()) == []


def test_a_bad_bots_table_is_a_damaged_setup_exit_2(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="x"), bots=["Anna"])
    path.write_text(path.read_text().replace('Anna = "strong"', 'Eva = "strong"'))
    result = referee("smoor", "history", str(path))
    assert result.exit_code == 2 and "[setup.bots.seats]" in result.stderr


# --- 2. the runner, `referee bot`, the one-shot commands ------------------------------------------


@pytest.mark.slow
def test_a_four_bot_smoorverliefd_match_is_played_to_the_end_by_referee_bot(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="four", target=10, variants=["cupido"]),
                    bots=["1", "2:easy", "3", "4:easy"])  # fmt: skip
    result = referee("bot", str(path))
    assert result.exit_code == 0, result.stderr
    assert "Anna (bot): " in result.stdout and "wins" in result.stdout.splitlines()[-1]
    saved = savefile.load(path, SMOOR)
    assert SMOOR.outcome(saved.state) is not None
    assert len(bot_events_replay(path)) == len(saved.events)
    history = referee("smoor", "history", str(path), "--json").json()
    assert all(entry["event"][MARK] in LEVELS and entry["summary"].endswith("(bot)") for entry in history["events"])


@pytest.mark.slow
def test_a_spellcrafter_game_with_a_bot_is_played_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    savefile.create(path, SPELL, SpellSetup.build(["Anna", "Bram", "Cees"], [], "builtin:en", "spell-bot"), bots=["Bram"])
    people_play(path, random.Random(35))
    saved = savefile.load(path, SPELL)
    assert SPELL.outcome(saved.state) is not None
    assert {event["player"] for event in bot_events_replay(path)} == {"Bram"}


def test_a_smitten_game_with_a_bot_partner_is_played_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    for number in range(5):
        savefile.create(path, SMITTEN, setup_for(setup_from({"mode": "two", "seed": f"partner-{number}"})), bots=["2"])
        people_play(path, random.Random(number))
        assert SMITTEN.outcome(savefile.load(path, SMITTEN).state) is not None
        assert all(event.get("by", "2") in ("2", 2, "player 2") or event["kind"] != "play" for event in bot_events_replay(path))
        path.unlink()


@pytest.mark.slow
def test_a_fair_game_s_bot_gives_a_fresh_word_of_entropy_and_verify_accepts_the_file(tmp_path: Path, referee) -> None:
    path = tmp_path / "f.toml"
    result = referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--fair", "--bot", "Anna", "--target", "10")
    assert result.exit_code == 0 and "Anna (bot): " in result.stdout
    word = savefile.load(path, SMOOR).events[0]
    assert word["kind"] == "entropy" and word[MARK] == "strong" and len(word["word"].split("-")) == 3
    people_play(path, random.Random(3))
    assert referee("verify", str(path)).exit_code == 0


def test_after_a_one_shot_entry_the_bots_due_decisions_are_made_and_printed(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="one-shot"), bots=["Cees", "Daan"])
    state = savefile.load(path, SMOOR).state
    card = random_choice(None, decided(SMOOR.decisions(state, 1)), random.Random(0))["card"]  # Bram leads
    result = referee("smoor", "play", str(path), "Bram", card)
    assert result.exit_code == 0, result.stderr
    assert "Cees (bot): " in result.stdout and "Daan (bot): " in result.stdout
    events = savefile.load(path, SMOOR).events
    assert [event.get(MARK) for event in events] == [None, "strong", "strong"]


def test_a_refused_entry_makes_no_bot_move_and_leaves_the_file_unchanged(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="refused"), bots=["Cees"])
    before = path.read_bytes()
    result = referee("smoor", "play", str(path), "Anna", "2C")  # not Anna's turn
    assert result.exit_code in (1, 2) and path.read_bytes() == before


def test_undo_of_a_bot_move_does_not_make_it_again(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="undo"), bots=["Bram"])
    saved = savefile.load(path, SMOOR)
    bots = bot_seats(saved.setup, tuple(NAMES))
    assert bots is not None and due(SMOOR_BOX(), saved.state, bots) is not None
    assert referee("bot", str(path)).exit_code == 0
    assert len(savefile.load(path, SMOOR).events) == 1
    assert referee("smoor", "undo", str(path)).exit_code == 0
    assert savefile.load(path, SMOOR).events == []


def test_referee_bot_json_lists_each_decision_and_what_the_game_waits_for(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="json"), bots=["Bram", "Cees"])
    document = referee("bot", str(path), "--json").json()
    assert [played["player"] for played in document["played"]] == ["Bram", "Cees"]
    assert document["played"][0]["event"][MARK] == "strong" and document["over"] is False and "Daan" in document["situation"]


def test_referee_bot_on_a_file_without_bots_or_a_missing_file_exits_2(tmp_path: Path, referee) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="none"))
    before = path.read_bytes()
    result = referee("bot", str(path))
    assert result.exit_code == 2 and "--bot" in result.stderr and path.read_bytes() == before
    assert referee("bot", str(tmp_path / "missing.toml")).exit_code == 2


@pytest.mark.slow
def test_the_installed_referee_bot_plays_the_bots_seats(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="installed"), bots=["Bram", "Cees:easy"])
    done = subprocess.run([installed_referee(), "bot", str(path), "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert [played["level"] for played in json.loads(done.stdout)["played"]] == ["strong", "easy"]


# --- the honesty of the framework ----------------------------------------------------------------


def SMOOR_BOX() -> Any:
    return game("smoor").load()


class Blindfold:
    """A game's rules that answer a bot only its seat's view and decisions, and raise for
    anything else: what :func:`referee.bots.runner.bot_event` hands a policy is all it can know."""

    def __init__(self, rules: Any, state: Any, seat: int) -> None:
        self.rules, self.state, self.seat = rules, state, seat

    def view(self, state: object, seat: int) -> Any:
        assert seat == self.seat
        return self.rules.view(self.state, seat)

    def decisions(self, state: object, seat: int) -> Any:
        assert seat == self.seat
        return self.rules.decisions(self.state, seat)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot asked the rules for {name}")


def _states(spec_name: str, rng: random.Random) -> list[tuple[Any, Any]]:
    """(box, state) along a random game of each kind, every seat a bot."""
    box = game(spec_name).load()
    setups = {
        "smoorverliefd": lambda: SmoorSetup.build(NAMES, seed=f"h{rng.random()}", target=20, variants=["blinde-liefde"]),
        "spellcrafter": lambda: SpellSetup.build(["Anna", "Bram", "Cees"], [], "builtin:en", f"h{rng.random()}"),
        "smitten": lambda: box.rules.read_setup(setup_for(setup_from({"mode": "two", "seed": f"h-{rng.randrange(10**6)}"}))),
    }
    state = box.rules.start(setups[spec_name]())
    found = []
    for _ in range(120):
        if box.rules.outcome(state) is not None:
            break
        seats = [seat for seat in range(len(box.rules.seats(state))) if decided(box.rules.decisions(state, seat))]
        if not seats:
            break
        found.append((box, state))
        seat = rng.choice(seats)
        event = random_choice(None, decided(box.rules.decisions(state, seat)), rng)
        state = box.rules.apply(state, box.rules.decode(state, event)).state
    return found


@pytest.mark.parametrize("spec_name", [spec.name for spec in GAMES])
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_decides_from_its_seat_s_view_and_decisions_alone(spec_name: str, level: str) -> None:
    """Honest by construction: a bot's decision is the same when its rules can answer
    nothing but its seat's view and decisions, so nothing its seat may not see (other
    hands, the deck, face-down cards, a fair secret) can change it; every game's policy
    at every level (random_choice while a game has none)."""
    rng = random.Random(f"{spec_name}{level}")
    from referee.bots.seats import BotSeats

    states = _states(spec_name, rng)
    assert states
    for box, state in states[:: max(1, len(states) // 12)]:
        for seat in range(len(box.rules.seats(state))):
            if not decided(box.rules.decisions(state, seat)):
                continue
            bots = BotSeats({seat: level}, "honest")
            seen = bot_event(box, state, seat, level, bots, 7)
            blind = box._replace(rules=Blindfold(box.rules, state, seat))
            assert bot_event(blind, object(), seat, level, bots, 7) == seen
            assert seat_entry(box.rules, seat, seen, None)(state) is not None  # a legal entry


def test_a_bot_decides_from_its_seats_view_and_decisions_alone() -> None:
    """The runner hands a policy the seat's view and decisions and nothing else: rules
    that hold no state at all and answer only with those two (a blindfold) give the same
    choice. (Changing the hidden cards themselves is tested per game: test_bots_smoor.py,
    test_bots_spell.py, test_bots_smitten.py.)"""
    box = SMOOR_BOX()
    first = box.rules.start(SmoorSetup.build(NAMES, seed="hidden-a", dealer="Daan"))
    bots = bot_seats({"bots": {"seed": "s", "seats": {"Anna": "strong"}}}, tuple(NAMES))
    assert bots is not None
    chosen = bot_event(box, first, 0, "strong", bots, 0)
    blind = box._replace(rules=Blindfold(box.rules, first, 0))
    assert bot_event(blind, None, 0, "strong", bots, 0) == chosen


# --- 4. serve ----------------------------------------------------------------------------------


def test_serve_lists_the_bots_refuses_their_seat_and_plays_them_off_the_event_loop(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from referee.web.server import SEAT_COOKIE, create_app
    from web_privacy import served_file

    path = tmp_path / "m.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(NAMES, seed="serve"), bots=["Bram"])
    served = served_file(path)
    served.bot_pause = 0
    app = create_app(served)
    with TestClient(app, base_url="http://127.0.0.1") as table:
        assert table.get("/api/table").json()["bots"] == [1]
        bot_phone = TestClient(app, base_url="http://127.0.0.1")
        bot_phone.cookies.set(SEAT_COOKIE, served.links.tokens[1])
        assert bot_phone.get("/api/seat").status_code == 401
        anna = TestClient(app, base_url="http://127.0.0.1")
        anna.cookies.set(SEAT_COOKIE, served.links.tokens[0])
        assert anna.get("/api/seat").json()["bots"] == [1]
        # Bram leads the first trick: his bot plays it in its thread; wait for the file
        for _ in range(2000):
            if savefile.load(path, SMOOR).events:
                break
            import time

            time.sleep(0.01)
        events = savefile.load(path, SMOOR).events
        assert len(events) == 1 and events[0][MARK] == "strong"


# --- 5. seasons ------------------------------------------------------------------------------


@pytest.mark.slow
def test_stats_shows_a_bot_seat_as_a_bot_never_merged_with_a_person_and_unrated(tmp_path: Path, referee) -> None:
    for number in range(2):
        path = tmp_path / f"m{number}.toml"
        referee("smoor", "new", str(path), *NAMES, "--seed", f"s{number}", "--target", "10", *(["--bot", "Daan"] * (number == 0)))
        people_play(path, random.Random(number)) if number == 0 else None
    # the second match: Daan is a person, playing to the end too
    second = tmp_path / "m1.toml"
    rng = random.Random(5)
    while SMOOR.outcome(savefile.load(second, SMOOR).state) is None:
        state = savefile.load(second, SMOOR).state
        seat = next(seat for seat in range(4) if decided(SMOOR.decisions(state, seat)))
        event = random_choice(None, decided(SMOOR.decisions(state, seat)), rng)
        savefile.record(second, SMOOR, event)
    document = referee("stats", str(tmp_path), "--json").json()
    text = json.dumps(document)
    assert "Daan (bot)" in text
    from referee.stats.ratings import rate
    from referee.stats.records import match_record
    from datetime import UTC, datetime

    spec = game("smoor")
    records = [match_record(spec, savefile.load(path, SMOOR), datetime.now(UTC)) for path in sorted(tmp_path.glob("m*.toml"))]
    assert records[0].seats[3] == "Daan (bot)" and records[0].bots == (3,) and records[1].seats[3] == "Daan"
    ratings = rate(records, lambda name: name.lower())
    assert "daan (bot)" not in ratings and "daan" in ratings


def test_in_table_mode_the_bots_play_after_each_entry(tmp_path: Path, referee, monkeypatch, capsys) -> None:
    """Table mode runs each entry through the command line's one path: after a person's
    card, the bots' cards due follow, printed as `Daan (bot): …`, and are in the file."""
    from table_helpers import drive

    from referee.decisions import decision_of

    monkeypatch.chdir(tmp_path)
    path = tmp_path / "t.toml"
    assert referee("smoor", "new", str(path), *NAMES, "--seed", "t1", "--bot", "Bram", "--bot", "Cees", "--bot", "Daan").exit_code == 0
    state = savefile.load(path, SMOOR).state
    assert state.to_play == 0  # Bram led, Cees and Daan followed: Anna's card now
    card = next(choice for decision in SMOOR.decisions(state, 0) for choice in decision.choices)
    decision_of(SMOOR, state, 0, card)
    capsys.readouterr()
    assert drive(path, f"play Anna {card['card']}\nquit\n") == 0
    said = capsys.readouterr()
    shown = said.out
    after = savefile.load(path, SMOOR)
    assert len(after.events) >= 5, said
    assert after.events[3] == {**card} and "bot" not in after.events[3]
    assert all(event.get(MARK) == "strong" for event in after.events[4:])
    assert "(bot): " in shown and "Anna" in shown.splitlines()[-1]  # the bots played up to Anna's next card
