"""The winnability study in shards: K shards merged are exactly one run, whatever the
backend (processes, a Dask cluster); the merge refuses what is not one whole study; a
deal budget in solver positions counts the deals it stops apart; an interrupted shard
keeps its finished blocks and goes on with --resume."""

from __future__ import annotations

import json
import pickle
import sys
from pathlib import Path

import pytest

import referee as package
from referee.errors import InputError
from referee.smitten import study as study_module
from referee.smitten.hint import wilson
from referee.smitten.shards import Shard, ShardError, ShardFault, merge, read_shard, shard_text
from referee.smitten.study import Block, Plan, StudyError, StudyFault, blocks, plan, play_block, rows, shard_blocks, study

SMALL = ("--deals", "24,solo=12", "--hint-deals", "4", "--hint-samples", "2", "--modes", "solo,two-hard", "--seed", "t", "--jobs", "1")


@pytest.fixture
def small_blocks(monkeypatch):
    """Blocks of 5 deals (2 for the hint policy's), so that a small study has several."""
    monkeypatch.setattr(study_module, "BLOCK", 5)
    monkeypatch.setattr(study_module, "HINT_BLOCK", 2)


def counts(document):
    return [(mode["mode"], mode["deals"], mode["winnable"], mode["hint_policy"], mode["random_play"]) for mode in document["modes"]]


def play_shards(referee, folder: Path, count: int, *extra: str) -> list[Path]:
    files = []
    for index in range(1, count + 1):
        path = folder / f"shard-{index}.json"
        result = referee("smitten", "study", *SMALL, *extra, "--shard", f"{index}/{count}", "--out", str(path))
        assert result.exit_code == 0, result.stderr
        files.append(path)
    return files


def test_the_blocks_cover_each_modes_deals_once_the_hint_policys_first(small_blocks):
    planned = plan(["solo", "two-hard"], {"solo": 12, "two-hard": 24}, 4, 2)
    found = blocks(planned)
    for mode, deals in (("solo", 12), ("two-hard", 24)):
        mine = [block for block in found if block.mode == mode]
        assert [number for block in mine for number in range(block.first, block.stop)] == list(range(deals))
        assert all(block.hinted == (block.stop <= 4) for block in mine)
    shards = [shard_blocks(planned, index, 3) for index in (1, 2, 3)]
    assert sorted(sum(shards, []), key=found.index) == found


@pytest.mark.slow
def test_k_shards_merged_are_exactly_one_run(referee, tmp_path, small_blocks):
    whole = referee("smitten", "study", *SMALL, "--json")
    assert whole.exit_code == 0, whole.stderr
    files = play_shards(referee, tmp_path, 3)
    merged = referee("smitten", "study", "merge", *map(str, files), "--json")
    assert merged.exit_code == 0, merged.stderr
    assert counts(merged.json()) == counts(whole.json())
    assert merged.json()["settings"]["referee"] == package.__version__
    table = referee("smitten", "study", "merge", *map(str, reversed(files)))
    assert table.stdout == referee("smitten", "study", *SMALL).stdout


def test_the_merge_prints_each_share_with_its_wilson_interval(referee, tmp_path, small_blocks):
    files = play_shards(referee, tmp_path, 2)
    document = referee("smitten", "study", "merge", *map(str, files), "--json").json()
    for mode in document["modes"]:
        for part in ("winnable", "hint_policy", "random_play"):
            low, high = wilson(mode[part]["count"], mode[part]["of"])
            assert mode[part]["interval"] == [round(low, 6), round(high, 6)]


def refused(referee, *args: str) -> str:
    result = referee("smitten", "study", *args)
    assert result.exit_code == 2 and result.stdout == "", result.stdout
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    return str(result.stderr)


def test_the_merge_refuses_a_missing_shard(referee, tmp_path, small_blocks):
    files = play_shards(referee, tmp_path, 3)
    message = refused(referee, "merge", str(files[0]), str(files[2]))
    assert "are in no file (shard 2 of 3" in message


def test_the_merge_refuses_a_shard_given_twice_or_overlapping_blocks(referee, tmp_path, small_blocks):
    files = play_shards(referee, tmp_path, 2)
    assert "are in both" in refused(referee, "merge", str(files[0]), str(files[1]), str(files[0]))


@pytest.mark.slow
def test_the_merge_refuses_shards_of_different_settings(referee, tmp_path, small_blocks):
    first = play_shards(referee, tmp_path, 2)[0]
    other = tmp_path / "other"
    other.mkdir()
    second = play_shards(referee, other, 2, "--deal-budget", "5000")[1]
    message = refused(referee, "merge", str(first), str(second))
    assert message == f"referee: {first} and {second} are shards of different studies: their deal budgets differ\n"


def test_the_merge_refuses_shards_of_different_versions_of_referee(referee, tmp_path, small_blocks):
    files = play_shards(referee, tmp_path, 2)
    text = files[1].read_text()
    files[1].write_text(text.replace(f'"referee": "{package.__version__}"', '"referee": "0.0.1"'))
    message = refused(referee, "merge", *map(str, files))
    assert "were made by different versions of referee" in message and "0.0.1" in message


def test_the_merge_refuses_an_unfinished_shard(referee, tmp_path, small_blocks):
    files = play_shards(referee, tmp_path, 2)
    document = json.loads(files[0].read_text())
    del document["blocks"][-1]
    files[0].write_text(json.dumps(document))
    assert "are in no file (shard 1 of 2; 1 block missing in all)" in refused(referee, "merge", *map(str, files))


@pytest.mark.parametrize("text", ["not json", "{}", '{"kind": "smitten winnability study shard", "format": 1}', "[1, 2]"])
def test_the_merge_refuses_a_file_that_is_not_a_shard(referee, tmp_path, text):
    path = tmp_path / "shard.json"
    path.write_text(text)
    assert f"{path} is not a study shard file" in refused(referee, "merge", str(path))


def test_the_merge_takes_no_settings_of_its_own(referee, tmp_path):
    assert "`study merge` takes the shard files only" in refused(referee, "--deals", "5", "merge", str(tmp_path / "a.json"))


def test_the_merge_refuses_a_missing_file(referee, tmp_path):
    assert "cannot read" in refused(referee, "merge", str(tmp_path / "nowhere.json"))


def test_a_shard_file_holding_another_shards_block_is_refused(small_blocks):
    planned = plan(["solo"], 12, 4, 2)
    stranger = play_block(planned, shard_blocks(planned, 2, 2)[0])
    with pytest.raises(ShardError) as error:
        read_shard(shard_text(Shard(planned, 1, 2, (stranger,))))
    assert error.value.refusal.rule is ShardFault.NOT_ITS_BLOCK


def test_a_shard_file_reads_back_as_the_same_shard(small_blocks):
    planned = plan(["solo", "two-easy"], 7, 3, 2, deal_budget=100)
    tallies = tuple(play_block(planned, block) for block in shard_blocks(planned, 1, 2))
    shard = Shard(planned, 1, 2, tallies)
    assert read_shard(shard_text(shard)) == shard


def test_an_existing_out_file_is_kept_byte_for_byte_without_resume(referee, tmp_path, small_blocks):
    (path,) = play_shards(referee, tmp_path, 1)
    before = path.read_bytes()
    assert "exists: add --resume" in refused(referee, *SMALL, "--shard", "1/1", "--out", str(path))
    assert path.read_bytes() == before


def test_an_out_file_in_no_folder_is_refused_before_any_deal(referee, tmp_path):
    path = tmp_path / "nowhere" / "shard.json"
    assert refused(referee, *SMALL, "--out", str(path)) == f"referee: cannot write {path}: there is no folder {path.parent}\n"


@pytest.mark.slow
def test_resume_goes_on_from_the_blocks_a_shard_file_kept(referee, tmp_path, small_blocks):
    (path,) = play_shards(referee, tmp_path, 1)
    whole = path.read_text()
    document = json.loads(whole)
    document["blocks"] = document["blocks"][:3]
    path.write_text(json.dumps(document))
    result = referee("smitten", "study", *SMALL, "--shard", "1/1", "--out", str(path), "--resume")
    assert result.exit_code == 0, result.stderr
    assert path.read_text() == whole


def test_resume_refuses_the_file_of_another_study_or_shard(referee, tmp_path, small_blocks):
    (path,) = play_shards(referee, tmp_path, 1)
    before = path.read_bytes()
    assert "are shards of different studies: their seeds differ" in refused(
        referee, *SMALL, "--seed", "u", "--shard", "1/1", "--out", str(path), "--resume"
    )
    assert "are shards of different studies: their numbers of shards differ" in refused(referee, *SMALL, "--shard", "1/2", "--out", str(path), "--resume")
    assert "--resume is about the shard file: give it with --out FILE" in refused(referee, *SMALL, "--resume")
    assert path.read_bytes() == before


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_with_exit_130_and_the_shard_file_keeps_the_finished_blocks(referee, tmp_path, small_blocks, monkeypatch):
    path = tmp_path / "shard.json"
    played: list[Block] = []
    real = study_module.play_block

    def interrupted(planned, block):
        if len(played) == 4:
            raise KeyboardInterrupt
        played.append(block)
        return real(planned, block)

    monkeypatch.setattr(study_module, "play_block", interrupted)
    stopped = referee("smitten", "study", *SMALL, "--out", str(path))
    assert stopped.exit_code == 130 and stopped.stdout == ""
    assert stopped.stderr == f"referee: interrupted (Ctrl-C, exit 130): 4 of 10 blocks finished ({path} keeps them; --resume goes on)\n"
    assert len(json.loads(path.read_text())["blocks"]) == 4
    monkeypatch.setattr(study_module, "play_block", real)
    resumed = referee("smitten", "study", *SMALL, "--out", str(path), "--resume")
    assert resumed.exit_code == 0 and resumed.stdout == referee("smitten", "study", *SMALL).stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (("--shard", "0/3"), "--shard takes I/K, shard I of K counted from 1 (e.g. 3/10), not '0/3'"),
        (("--shard", "4/3"), "not '4/3'"),
        (("--shard", "x"), "not 'x'"),
        (("--deal-budget", "0"), "--deal-budget takes a number of positions, at least 1"),
        (("--deals", "solo=x"), "--deals takes N or MODE=N entries"),
        (("--scheduler", "nowhere"), "--scheduler takes a Dask scheduler's address"),
    ],
)
def test_study_refuses_shards_budgets_and_schedulers_it_cannot_use_with_exit_2(referee, args, message):
    assert message in refused(referee, *SMALL, *args)


def test_the_progress_bar_is_only_for_a_terminal_and_never_with_json(referee, monkeypatch, small_blocks):
    from referee.cli import smitten_study

    result = referee("smitten", "study", *SMALL)
    assert result.exit_code == 0 and result.stderr == ""  # not a terminal here: no bar
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert smitten_study.progress_wanted(as_json=False)
    assert not smitten_study.progress_wanted(as_json=True)


def test_the_progress_bar_counts_deals(capsys):
    from referee.cli.smitten_study import bar

    with bar(True, 10, 4) as advance:
        advance(Block("solo", 0, 6, False))
    with bar(False, 10, 0) as advance:
        advance(Block("solo", 0, 6, False))  # nothing shown, nothing raised


def test_a_deal_past_its_budget_is_counted_apart_and_widens_the_interval(small_blocks):
    (unlimited,) = study(["solo-hard2"], 30, 0, 1, prefix="t")
    (budgeted,) = study(["solo-hard2"], 30, 0, 1, prefix="t", deal_budget=12)
    assert budgeted.timed_out > 0
    assert budgeted.winnable <= unlimited.winnable <= budgeted.winnable + budgeted.timed_out
    assert budgeted.random_won == unlimited.random_won
    share, low, high = budgeted.share("winnable")
    assert low == wilson(budgeted.winnable, 30)[0] and high == wilson(budgeted.winnable + budgeted.timed_out, 30)[1]
    assert study(["solo-hard2"], 30, 0, 1, prefix="t", deal_budget=12) == [budgeted]  # positions, not seconds: the same every time


def test_a_budget_no_deal_reaches_changes_nothing(small_blocks):
    assert study(["two-hard", "solo"], 20, 3, 2, prefix="t", deal_budget=100_000) == study(["two-hard", "solo"], 20, 3, 2, prefix="t")


def test_the_table_says_how_many_deals_timed_out(referee):
    result = referee("smitten", "study", "--deals", "30", "--hint-deals", "0", "--modes", "solo-hard2", "--seed", "t", "--deal-budget", "12", "--jobs", "1")
    assert result.exit_code == 0 and "timed out |" in result.stdout


def test_a_block_of_another_version_of_referee_is_refused_and_says_so_across_processes(monkeypatch):
    planned = Plan(("solo",), (2,), (0,), 1, version="0.0.1")
    with pytest.raises(StudyError) as error:
        play_block(planned, Block("solo", 0, 2, False))
    again = pickle.loads(pickle.dumps(error.value))  # as a Dask worker's error comes back
    assert again.refusal == error.value.refusal and again.refusal.rule is StudyFault.VERSION


def test_workers_of_another_version_are_refused_before_any_work():
    from referee.cluster import check_versions

    class Client:
        def wait_for_workers(self, count, timeout):
            pass

        def run(self, function):
            return {"tcp://10.0.0.7:40000": "0.0.1", "tcp://10.0.0.8:40000": function()}

    with pytest.raises(InputError, match=r"run another version of referee than .*: tcp://10.0.0.7:40000 \(0.0.1\)"):
        check_versions(Client(), "tcp://10.0.0.5:8786")


def test_the_rows_add_up_block_tallies_in_any_order(small_blocks):
    planned = plan(["solo"], 11, 4, 2)
    tallies = [play_block(planned, block) for block in blocks(planned)]
    assert rows(planned, tallies) == rows(planned, tallies[::-1])
    assert merge([Shard(planned, 1, 1, tuple(tallies))])[1] == rows(planned, tallies)


@pytest.mark.slow
def test_processes_a_dask_cluster_and_merged_shards_give_the_same_counts(referee, tmp_path, small_blocks):
    """Local processes, a Dask cluster on loopback (its workers threads of this process,
    reached over TCP as a remote cluster is) and shards merged: one table."""
    distributed = pytest.importorskip("distributed", reason="the Dask backend needs the optional extra referee[cluster]")
    local = referee("smitten", "study", *SMALL, "--jobs", "2", "--json")
    assert local.exit_code == 0, local.stderr
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = referee("smitten", "study", *SMALL, "--scheduler", cluster.scheduler_address, "--json")
    assert on_dask.exit_code == 0, on_dask.stderr
    files = play_shards(referee, tmp_path, 3)
    merged = referee("smitten", "study", "merge", *map(str, files), "--json")
    assert counts(local.json()) == counts(on_dask.json()) == counts(merged.json())


@pytest.mark.slow
def test_a_dask_shard_file_is_the_same_as_a_local_one(referee, tmp_path, small_blocks):
    distributed = pytest.importorskip("distributed", reason="the Dask backend needs the optional extra referee[cluster]")
    local = tmp_path / "local.json"
    assert referee("smitten", "study", *SMALL, "--shard", "2/3", "--out", str(local)).exit_code == 0
    on_dask = tmp_path / "dask.json"
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        result = referee("smitten", "study", *SMALL, "--shard", "2/3", "--out", str(on_dask), "--scheduler", cluster.scheduler_address)
    assert result.exit_code == 0, result.stderr
    assert on_dask.read_text() == local.read_text()


def test_without_dask_a_scheduler_says_which_extra_to_install(referee, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    assert "--scheduler needs Dask distributed, the optional extra: pip install 'referee[cluster]'" in refused(referee, *SMALL, "--scheduler", "local")


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_message_and_exit_2(referee):
    pytest.importorskip("distributed", reason="the Dask backend needs the optional extra referee[cluster]")
    from referee import cluster

    cluster_timeout = cluster.CONNECT_SECONDS
    try:
        cluster.CONNECT_SECONDS = 1
        message = refused(referee, *SMALL, "--scheduler", "tcp://127.0.0.1:9")
    finally:
        cluster.CONNECT_SECONDS = cluster_timeout
    assert "cannot reach the Dask scheduler tcp://127.0.0.1:9" in message


def written_shard(folder: Path, edit=None) -> Path:
    """A whole study in one shard file, its counts made up (every deal winnable and won),
    with ``edit(rows)`` applied to its block rows."""
    planned = plan(["solo", "two-hard"], {"solo": 12, "two-hard": 8}, 4, 2)
    tallies = [study_module.Tally(block, block.stop - block.first, 0, block.stop - block.first, (block.stop - block.first) * block.hinted, 7)
               for block in blocks(planned)]  # fmt: skip
    document = json.loads(shard_text(Shard(planned, 1, 1, tuple(tallies))))
    if edit is not None:
        edit(document["blocks"])
    path = folder / "shard.json"
    path.write_text(json.dumps(document))
    return path


def test_a_shard_of_possible_counts_merges(referee, tmp_path):
    merged = referee("smitten", "study", "merge", str(written_shard(tmp_path)), "--json")
    assert merged.exit_code == 0, merged.stderr
    assert [(mode["mode"], mode["deals"], mode["winnable"]["count"]) for mode in merged.json()["modes"]] == [("solo", 12, 12), ("two-hard", 8, 8)]


# A block row: mode, first, stop, hinted, winnable, timed_out, random_won, hint_won, nodes.
@pytest.mark.parametrize("column, value, words", [
    (4, -5, "count winnable below 0"),
    (4, 99_999, "count winnable 99999, and can count"),
    (6, 10**20, "count random_won a 21-digit number, and can count"),
    (5, 3, "count winnable 4, and can count 1 at most"),  # 3 of its 4 deals timed out: 1 at most is winnable
    (8, -1, "count nodes below 0"),
])  # fmt: skip
def test_the_merge_refuses_impossible_counts(referee, tmp_path, column, value, words):
    def edit(rows):
        rows[0][column] = value

    path = written_shard(tmp_path, edit)
    before = path.read_bytes()
    message = refused(referee, "merge", str(path))
    assert message.startswith(f"referee: {path} cannot be a study shard: deals 0–3 of solo ") and words in message, message
    assert path.read_bytes() == before


def test_the_merge_refuses_a_win_of_a_deal_that_cannot_be_won_and_a_hint_win_in_a_block_the_hint_policy_did_not_play(referee, tmp_path):
    def unwinnable(rows):
        rows[0][4] = 0  # no deal winnable, yet random play won them

    assert "count random_won 4, and can count 0 at most" in refused(referee, "merge", str(written_shard(tmp_path, unwinnable)))

    def unhinted(rows):
        row = next(row for row in rows if not row[3])
        row[7] = 1

    assert "count hint_won 1, and can count 0 at most" in refused(referee, "merge", str(written_shard(tmp_path, unhinted)))


@pytest.mark.parametrize("setting, value", [("deals", -1), ("deals", 0), ("hint_deals", 99)])
def test_the_merge_refuses_settings_no_study_has(referee, tmp_path, setting, value):
    path = written_shard(tmp_path)
    document = json.loads(path.read_text())
    document["settings"]["modes"]["solo"][setting] = value
    path.write_text(json.dumps(document))
    assert f"{path} is not a study shard file" in refused(referee, "merge", str(path))


def test_a_mode_named_twice_is_refused_rather_than_counted_twice(referee):
    message = refused(referee, "--modes", "solo,two-hard,solo", "--deals", "2")
    assert message == "referee: --modes names solo twice: a mode's deals are played and counted once\n"
    with pytest.raises(StudyError):
        plan(["solo", "solo"], 4, 0, 1)
