"""The answer cache shared by processes at once (the CLI and the language server, two CI
jobs on one runner): real diskcache directory, real processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from docref.cache import open_cache
from docref.llm.answers import CACHE_NAME, AnswerCache, CachedAnswer

WRITER = """
import asyncio, sys
from docref.llm.answers import AnswerCache, CachedAnswer

async def main(directory, tag, count):
    cache = AnswerCache.open(directory)
    assert cache is not None
    for i in range(count):
        await cache.put(f"answer:{tag}:{i}", CachedAnswer(i % 2, f"{tag} {i}"))
        await cache.put(f"answer:shared:{i}", CachedAnswer(1, None))
        assert await cache.get(f"answer:{tag}:{i}") is not None
    cache.close()

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def test_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    count = 150
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), tag, str(count)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("cli", "server", "hook")
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert "failed" not in err  # no "answer cache write failed" warnings
    cache = AnswerCache.open(str(tmp_path))
    assert cache is not None
    for tag in ("cli", "server", "hook"):
        for i in (0, count // 2, count - 1):
            assert cache._get(f"answer:{tag}:{i}") == CachedAnswer(i % 2, f"{tag} {i}")
    assert cache._get(f"answer:shared:{count - 1}") == CachedAnswer(1, None)
    cache.close()


def test_the_cache_is_size_bounded(tmp_path: Path) -> None:
    backend = open_cache(CACHE_NAME, str(tmp_path))
    assert backend is not None
    assert backend.size_limit == 2**30  # diskcache evicts beyond 1 GiB
    backend.close()
