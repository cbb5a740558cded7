"""The README's winnability tables are reproducible: from the shard files kept in
examples/study/ (merged, they print exactly the README's tables) and from scratch (a
block of each study, played again, counts exactly what its shard file says)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import referee as package
from referee.smitten.shards import merge, read_shard
from referee.smitten.study import play_block

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: `referee smitten study merge examples/study/NAME-*-of-K.json`, then the table it prints.
MERGED = re.compile(r"^referee smitten study merge (examples/study/(\S+)-\*-of-(\d+)\.json)\n```\n+((?:\|.*\n)+)", re.M)


def tables() -> list[tuple[str, int, str]]:
    """Each merged table of the README: the study's name, its number of shards, the table."""
    return [(name, int(count), table) for _pattern, name, count, table in MERGED.findall(README)]


def shard_files(name: str, count: int) -> list[Path]:
    return [ROOT / "examples" / "study" / f"{name}-{index}-of-{count}.json" for index in range(1, count + 1)]


def test_the_readme_shows_both_tables_merged_from_their_shards():
    assert [name for name, _count, _table in tables()] == ["winnable", "policy"]


@pytest.mark.parametrize(("name", "count", "table"), tables(), ids=[name for name, _count, _table in tables()])
def test_the_readmes_table_is_exactly_what_the_merge_of_its_shards_prints(referee, name, count, table):
    files = shard_files(name, count)
    missing = [path.name for path in files if not path.exists()]
    assert not missing, f"the README shows the merge of shards that are not all in examples/study/: {missing}"
    result = referee("smitten", "study", "merge", *map(str, files))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == table


def test_every_perfect_information_share_is_within_a_tenth_of_a_percent():
    files = shard_files("winnable", 4)
    _plan, rows = merge([read_shard(path.read_text(encoding="utf-8")) for path in files])
    for row in rows:
        share, low, high = row.share("winnable")
        assert row.timed_out == 0 and share - low <= 0.001 and high - share <= 0.001, row


def test_every_hint_policy_share_is_within_one_percent():
    """(The README gives the widest half-interval exactly: 0.9950 %.)"""
    _plan, rows = merge([read_shard(path.read_text(encoding="utf-8")) for path in shard_files("policy", 10)])
    widest = max(max(share - low, high - share) for share, low, high in (row.share("hint_won") for row in rows))
    assert widest <= 0.01 and f"the widest half-interval is {widest * 100:.4f} %" in " ".join(README.split())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["winnable", "policy"])
def test_a_block_of_each_study_played_again_counts_what_its_shard_file_says(name):
    files = sorted((ROOT / "examples" / "study").glob(f"{name}-*-of-*.json"))
    assert files, f"no {name} shard in examples/study/"
    shard = read_shard(files[0].read_text(encoding="utf-8"))
    kept = min(shard.tallies, key=lambda tally: (tally.block.stop - tally.block.first, tally.block.mode != "two-medium"))
    # (this version of referee, whichever made the file: the counts must not have changed)
    assert play_block(replace(shard.plan, version=package.__version__), kept.block) == kept
