"""``docref cache stats|clear``: real caches filled by real runs, and broken cache folders."""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from docref.cache.store import CACHE_ENV
from docref.cli.cache_cmd import KNOWN_CACHES, add_cache_parser, cache_stats, clear_caches
from docref.engine.file_cache import RESULTS_CACHE
from docref.graph.project import ProjectGraph
from docref.llm import answers
from docref.llm.answers import AnswerCache, CachedAnswer
from docref.segments.store import ParsedDocstringStore

from tests.helpers import REPO, SHOP, docref_env, run_docref


def index_shop(cache: Path) -> int:
    """Fill the graph cache under ``cache`` the way ``docref index`` does; file count."""
    graph = ProjectGraph(str(SHOP), cache_directory=str(cache))
    report = graph.index(workers=1)
    graph.close()
    return report.files


def store_answers(cache: Path, count: int) -> None:
    store = AnswerCache.open(str(cache))
    assert store is not None

    async def put_all() -> None:
        for i in range(count):
            await store.put(f"answer:{i}", CachedAnswer(1, None))

    asyncio.run(put_all())
    store.close()


def by_name(items: list[Any]) -> dict[str, Any]:
    return {item.name: item for item in items}


def run_cache_command(argv: list[str]) -> int:
    """Dispatch through the parser ``add_cache_parser`` registers, as ``main`` will."""
    parser = argparse.ArgumentParser(prog="docref")
    add_cache_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


# ---------------------------------------------------------------- the functions


def test_cache_names_match_the_code_that_opens_them(tmp_path: Path) -> None:
    assert answers.CACHE_NAME in KNOWN_CACHES
    assert RESULTS_CACHE in KNOWN_CACHES
    index_shop(tmp_path)
    ParsedDocstringStore.open(str(tmp_path)).close()
    # ProjectGraph and the docstring store name their caches with literals: whatever they
    # created must be known to us
    created = {p.name for p in tmp_path.iterdir() if (p / "cache.db").is_file()}
    assert created == {"graph", "segments"}
    assert created <= set(KNOWN_CACHES)


def test_stats_of_an_empty_cache_directory_creates_nothing(tmp_path: Path) -> None:
    base = tmp_path / "none"
    stats = by_name(cache_stats(str(base)))
    assert set(stats) == set(KNOWN_CACHES)
    for s in stats.values():
        assert (s.exists, s.entries, s.bytes_on_disk, s.error) == (False, None, 0, None)
    assert not base.exists()


def test_stats_count_entries_bytes_and_limit(tmp_path: Path) -> None:
    files = index_shop(tmp_path)
    store_answers(tmp_path, 3)
    stats = by_name(cache_stats(str(tmp_path)))
    graph, answer = stats["graph"], stats["answers"]
    assert graph.exists and graph.entries == files and files > 0
    assert answer.exists and answer.entries == 3
    for s in (graph, answer):
        assert s.directory == str(tmp_path / s.name)
        assert s.size_limit == 2**30
        assert s.bytes_on_disk > 0
        assert s.error is None


def test_clear_removes_entries_and_leaves_a_usable_cache(tmp_path: Path) -> None:
    files = index_shop(tmp_path)
    store_answers(tmp_path, 2)
    cleared = by_name(clear_caches(root=str(tmp_path)))
    assert cleared["graph"].removed == files
    assert cleared["answers"].removed == 2
    fresh = ("segments", "results")
    assert all(r.error is None and r.existed for n, r in cleared.items() if n not in fresh)
    # indexing alone neither segments docstrings nor checks files
    assert not cleared["segments"].existed and not cleared["results"].existed
    assert all(s.entries in (0, None) for s in cache_stats(str(tmp_path)))
    # the next run simply fills it again
    assert index_shop(tmp_path) == files
    assert by_name(cache_stats(str(tmp_path)))["graph"].entries == files


def test_clear_only_the_named_cache(tmp_path: Path) -> None:
    files = index_shop(tmp_path)
    store_answers(tmp_path, 2)
    cleared = clear_caches(["answers"], root=str(tmp_path))
    assert [(r.name, r.removed) for r in cleared] == [("answers", 2)]
    stats = by_name(cache_stats(str(tmp_path)))
    assert (stats["graph"].entries, stats["answers"].entries) == (files, 0)


def test_clear_rejects_unknown_names(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown cache 'everything'"):
        clear_caches(["everything"], root=str(tmp_path))


def test_clear_of_missing_caches_reports_nothing_to_do(tmp_path: Path) -> None:
    cleared = clear_caches(root=str(tmp_path / "none"))
    expected = [(False, 0, None)] * len(KNOWN_CACHES)
    assert [(r.existed, r.removed, r.error) for r in cleared] == expected


def test_corrupt_database_is_reported_and_the_other_cache_still_handled(tmp_path: Path) -> None:
    store_answers(tmp_path, 1)
    (tmp_path / "graph").mkdir()
    (tmp_path / "graph" / "cache.db").write_bytes(b"this is not an SQLite database" * 100)
    stats = by_name(cache_stats(str(tmp_path)))
    assert stats["graph"].error is not None
    assert str(tmp_path / "graph") in stats["graph"].error
    assert stats["answers"].entries == 1 and stats["answers"].error is None
    cleared = by_name(clear_caches(root=str(tmp_path)))
    assert cleared["graph"].error is not None
    assert cleared["answers"].removed == 1


def test_cache_directory_that_is_a_file(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "cachefile"
    not_a_dir.write_text("x", encoding="utf-8")
    for result in [*cache_stats(str(not_a_dir)), *clear_caches(root=str(not_a_dir))]:
        assert result.error == f"the cache directory {not_a_dir} is not a directory"


def test_command_output_and_exit_codes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    files = index_shop(tmp_path)
    assert run_cache_command(["cache", "stats", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["directory"] == str(tmp_path)
    graph = next(c for c in payload["caches"] if c["name"] == "graph")
    assert graph["entries"] == files
    assert run_cache_command(["cache", "stats"]) == 0
    text = capsys.readouterr().out
    assert f"(from {CACHE_ENV})" in text and f"{files} entries" in text
    assert "not created yet" in text  # the answer cache
    assert run_cache_command(["cache", "clear", "graph"]) == 0
    assert f"graph: removed {files} entries" in capsys.readouterr().out
    (tmp_path / "answers").mkdir()
    (tmp_path / "answers" / "cache.db").write_bytes(b"garbage" * 200)
    assert run_cache_command(["cache", "stats"]) == 2
    assert "docref: error: answers cache: cannot open" in capsys.readouterr().err


def test_command_rejects_an_unknown_cache_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_cache_command(["cache", "clear", "everything"])
    assert exit_info.value.code == 2
    assert "unknown cache 'everything'" in capsys.readouterr().err


# ---------------------------------------------------------------- the real CLI
# These need `add_cache_parser(sub)` in docref.cli.main.build_parser.


def docref(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(args, cwd=REPO, env=docref_env(cache))


def test_cli_stats_and_clear_after_a_real_index(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    indexed = docref(cache, "index", str(SHOP), "--json", "--workers", "1")
    assert indexed.returncode == 0, indexed.stderr
    files = json.loads(indexed.stdout)["files"]
    stats = docref(cache, "cache", "stats", "--json")
    assert stats.returncode == 0, stats.stderr
    caches = {c["name"]: c for c in json.loads(stats.stdout)["caches"]}
    assert caches["graph"]["entries"] == files
    assert caches["answers"]["exists"] is False
    cleared = docref(cache, "cache", "clear", "--json")
    assert cleared.returncode == 0, cleared.stderr
    removed = {c["name"]: c["removed"] for c in json.loads(cleared.stdout)["cleared"]}
    assert removed == {"graph": files, "segments": 0, "answers": 0, "results": 0}
    again = docref(cache, "cache", "stats", "--json")
    assert {c["name"]: c["entries"] for c in json.loads(again.stdout)["caches"]}["graph"] == 0


def test_cli_corrupt_cache_gives_a_message_not_a_traceback(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (cache / "graph").mkdir(parents=True)
    (cache / "graph" / "cache.db").write_bytes(b"garbage" * 200)
    proc = docref(cache, "cache", "stats")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "docref: error: graph cache: cannot open" in proc.stderr
    assert "answers" in proc.stdout
