"""A model run through ``docref check``'s results cache (CLI as a subprocess, the scripted
OpenAI-compatible server of ``tests/fake_openai.py``, a real diskcache directory).

A fully cached model run asks nothing, builds no graph and imports no model client, and
reports what the uncached run reported; what the answers depend on (a dependency's
signature, a model setting) is never served from the cache; an answer that is not a verdict
is asked again (and counted again); damaged entries are misses.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import pkg_project

REPO = Path(__file__).resolve().parents[1]
KEY_ENV = "DOCREF_TEST_RESULTS_KEY"

HELPERS = '''def scale(value: int, factor: int) -> int:
    """Scale a value by a factor."""
    return value * factor
'''

MAIN = '''from pkg import helpers


def run(value: int) -> int:
    """Double the value. The result is never negative."""
    return helpers.scale(value, 2)
'''


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.set_default(Behaviour(text="1"))
        server.when("EXPLANATION:", then=Behaviour(text="It can be negative. value may be."))
        server.when(
            "SCORE (score only):",
            "never negative",
            "Functionality inconsistency (1 or 0)",
            then=Behaviour(text="0"),
        )
        yield server


def _project(tmp_path: Path) -> Path:
    return pkg_project(tmp_path, HELPERS, MAIN)


def _check(
    root: Path, cache: Path, fake: FakeOpenAI, *args: str
) -> tuple[dict[str, object], set[str], str]:
    """The JSON report, the top-level modules imported and stderr of one model run."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(cache), KEY_ENV: "sk-results-test"})
    model = ["--model", "openai/test", "--api-key-env", KEY_ENV, "--api-base", fake.base_url]
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "docref", "check", str(root), *model,
         "--timeout", "20", "--format", "json", "--no-progress", *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    imported = {
        line.split("|")[-1].strip().split(".")[0]
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    text = "\n".join(line for line in proc.stderr.splitlines() if not line.startswith("import"))
    return json.loads(proc.stdout), imported, text


def _same(a: dict[str, object], b: dict[str, object]) -> None:
    assert a["findings"] == b["findings"] and a["scores"] == b["scores"]


def test_a_fully_cached_model_run_asks_nothing_and_reports_the_same(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    first, _, _ = _check(root, cache, fake)
    llm = first["llm"]
    assert isinstance(llm, dict) and llm["calls"] > 0 and llm["unknown"] == 0
    assert [f["rule"] for f in first["findings"]] == ["referee"]  # type: ignore[union-attr]
    asked = len(fake.requests)
    again, imported, err = _check(root, cache, fake)
    _same(again, first)
    llm2 = again["llm"]
    assert isinstance(llm2, dict) and llm2["calls"] == 0 and len(fake.requests) == asked
    # every answer counted once, as a cache hit; the status lines say so
    assert llm2["cache_hits"] == llm["calls"] - 1  # the explanation is not a question
    assert llm2["unknown"] == 0 and "model endpoint: openai/test -> http://127.0.0.1" in err
    # from the results cache: no graph, no parser, no model client
    assert not imported & {"litellm", "openai", "tree_sitter", "nltk", "ssl", "asyncio"}


def test_a_dependency_signature_edit_asks_the_dependent_again(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    _check(root, cache, fake)
    asked = len(fake.requests)
    helpers = root / "pkg" / "helpers.py"
    helpers.write_text(HELPERS.replace("factor: int", "factor: float"), encoding="utf-8")
    after, _, _ = _check(root, cache, fake)
    prompts = [r.body for r in fake.requests[asked:]]
    # main.run's context (the callee's signature) changed: its questions are new
    assert any("factor: float" in json.dumps(p) and "Double the value" in json.dumps(p)
               for p in prompts)  # fmt: skip
    llm = after["llm"]
    assert isinstance(llm, dict) and llm["calls"] > 0
    assert after["findings"] == _check(root, tmp_path / "cold", fake)[0]["findings"]


def test_a_changed_model_setting_is_not_served_from_the_cache(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    first, _, _ = _check(root, cache, fake)
    asked = len(fake.requests)
    ver4, _, _ = _check(root, cache, fake, "--profile", "referee-ver4")
    assert ver4["llm"]["calls"] > 0 and len(fake.requests) > asked  # type: ignore[index]
    narrow, _, _ = _check(root, cache, fake, "--criteria", "C3")
    assert narrow["llm"]["cache_hits"] == 3  # type: ignore[index]  # 3 segments x C3
    wide, _, _ = _check(root, cache, fake)
    _same(wide, first)
    assert wide["llm"]["calls"] == 0  # type: ignore[index]


def test_an_answer_that_is_no_verdict_is_asked_again(fake: FakeOpenAI, tmp_path: Path) -> None:
    mark = "```text\nScale a value by a factor.\n```"  # helpers.scale's one sentence
    fake.when("SCORE (score only):", mark, then=Behaviour(text="Well, I think"))
    root, cache = _project(tmp_path), tmp_path / "cache"
    first, _, _ = _check(root, cache, fake, "--on-llm-error", "warn")
    again, _, err = _check(root, cache, fake, "--on-llm-error", "warn")
    for report in (first, again):
        llm = report["llm"]
        assert isinstance(llm, dict) and llm["unknown"] == 4  # 1 segment x 4 criteria
    assert again["llm"]["calls"] == 8  # type: ignore[index]  # each asked twice, again
    assert "gave no usable yes/no answer to 4 of" in err  # truthful when partly served
    _same(again, first)


def _rows(cache: Path) -> list[str]:
    import diskcache
    from docref.cache.store import JSONOnlyDisk
    from docref.engine.file_cache import RESULTS_CACHE

    with diskcache.Cache(str(cache / RESULTS_CACHE), disk=JSONOnlyDisk) as raw:
        return [str(k) for k in raw if str(k).startswith("model:")]


def _set_rows(cache: Path, texts: list[str]) -> None:
    """Each stored model entry's row replaced by one of ``texts`` in turn."""
    import diskcache
    from docref.cache.store import JSONOnlyDisk
    from docref.engine.file_cache import RESULTS_CACHE

    keys = _rows(cache)
    assert keys
    with diskcache.Cache(str(cache / RESULTS_CACHE), disk=JSONOnlyDisk) as raw:
        for i, key in enumerate(keys):
            raw.set(key, texts[i % len(texts)])


def _row(answers: str, functions: list[dict[str, object]]) -> str:
    """A row in the stored form: the entry, a newline, the answers (with their CRC-32)."""
    import zlib

    head = {"deps": {}, "endpoint": "e", "problems": [], "functions": functions}
    return json.dumps({**head, "crc": zlib.crc32(answers.encode())}) + "\n" + answers


def _stored(cache: Path) -> list[str]:
    import diskcache
    from docref.cache.store import JSONOnlyDisk
    from docref.engine.file_cache import RESULTS_CACHE

    with diskcache.Cache(str(cache / RESULTS_CACHE), disk=JSONOnlyDisk) as raw:
        return [str(raw[k]) for k in _rows(cache)]


def _changed(row: str) -> str:
    """``row`` with its answers changed by a blank: still JSON, not what was stored."""
    head, _, answers = row.partition("\n")
    return head + "\n" + answers.replace("[", "[ ", 1)


def test_damaged_model_entries_are_misses(fake: FakeOpenAI, tmp_path: Path) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    first, _, _ = _check(root, cache, fake)
    good = _stored(cache)
    _set_rows(cache, ['{"deps": {}, "functions": 3}', "{", '{"deps": []}'])
    again, _, err = _check(root, cache, fake)
    _same(again, first)
    assert again["llm"]["calls"] == 0  # type: ignore[index]  # the answer cache still had them
    assert "model answers stored for pkg/" in err and "are damaged" in err
    # a row cut short, or its answers changed: their checksum no longer holds
    _set_rows(cache, [_changed(t) if i % 2 else t[:-5] for i, t in enumerate(good)])
    again, _, err = _check(root, cache, fake)
    _same(again, first)
    assert "do not match their checksum" in err
    # a stored answer is a list of eight: a short one, or a keyed object, is a miss too when
    # the run reads the answers (the scores of --format json), even under a valid checksum
    keyed = dict.fromkeys(("start", "end", "criterion", "verdict", "tier", "rule"), 0)
    keyed |= {"finding": None, "reason": None}
    for results in ("[[1, 2]]", json.dumps([keyed])):
        answers = f"[{results}]"
        _set_rows(
            cache, [_row(answers, [{"qualname": "f", "answers": 1, "unknown": 0, "findings": []}])]
        )
        again, _, err = _check(root, cache, fake)
        _same(again, first)
        assert "model answers stored for pkg/" in err


def _text(root: Path, cache: Path, fake: FakeOpenAI) -> tuple[str, str]:
    """stdout and stderr of one model run in the text format."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(cache), KEY_ENV: "sk-results-test"})
    model = ["--model", "openai/test", "--api-key-env", KEY_ENV, "--api-base", fake.base_url]
    proc = subprocess.run(
        [sys.executable, "-m", "docref", "check", str(root), *model, "--timeout", "20",
         "--no-progress"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    return proc.stdout, proc.stderr


def test_a_text_run_served_from_the_cache_prints_what_the_first_printed(
    fake: FakeOpenAI, tmp_path: Path
) -> None:
    root, cache = _project(tmp_path), tmp_path / "cache"
    out, err = _text(root, cache, fake)
    assert "[llm]" in out and "0 cache hit(s)" in err
    asked = len(fake.requests)
    calls = [line for line in err.splitlines() if "model call(s)" in line]
    again, err2 = _text(root, cache, fake)
    assert again == out and len(fake.requests) == asked
    served = [line for line in err2.splitlines() if "model call(s)" in line]
    assert len(calls) == len(served) == 1 and "0 model call(s)" in served[0]
    # the same count of answers, as cache hits (the explanation is not a question)
    hits = int(served[0].split(" cache hit(s)")[0].rsplit(" ", 1)[-1])
    assert hits == int(calls[0].split(" model call(s)")[0].rsplit(" ", 1)[-1]) - 1
    # a damaged row is a miss here too (its answers are then asked of the answer cache)
    _set_rows(cache, [_changed(t) for t in _stored(cache)])
    third, err3 = _text(root, cache, fake)
    assert third == out and "do not match their checksum" in err3


def test_stored_answers_are_built_when_read_and_unreadable_ones_never_crash(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from docref.core.findings import Criterion, Tier, Verdict
    from docref.engine.cache_key import FileRecord, project_shape
    from docref.engine.file_cache import ResultsCache
    from docref.engine.model_cache import _key, load_entries

    records = {"a.py": FileRecord(1, 2, "hash", "surface", "shape")}
    cache = ResultsCache.open(str(tmp_path), "fp", str(tmp_path / "cache"))
    assert cache is not None
    key = _key("fp", "a.py", records["a.py"], project_shape(records))
    one = {"qualname": "f", "answers": 1, "unknown": 0, "findings": []}
    good = '[[[0, 5, "C1", "pass", "llm", null, null, null]]]'
    try:
        cache.set_many({key: _row(good, [one])})
        for eager in (True, False):
            (fn,) = load_entries(cache, "fp", ["a.py"], records, answers=eager)["a.py"].functions
            assert len(fn.results) == 1 and fn.unknown == 0 and fn.cache_hits == 1
            (res,) = list(fn.results)
            assert (res.path, res.qualname, res.start, res.end) == ("a.py", "f", 0, 5)
            assert (res.criterion, res.verdict, res.tier) == (Criterion.C1, Verdict.PASS, Tier.LLM)
        # answers that cannot be read under a valid checksum (a forged row): a miss when the
        # run reads them; else served by count, and left out with a warning if read after all
        cache.set_many({key: _row('[[[0, 5, "C9"]]]', [one])})
        assert load_entries(cache, "fp", ["a.py"], records, answers=True) == {}
        (fn,) = load_entries(cache, "fp", ["a.py"], records, answers=False)["a.py"].functions
        assert len(fn.results) == 1 and fn.cache_hits == 1
        caplog.clear()
        assert list(fn.results) == [] and "cannot be read" in caplog.text
    finally:
        cache.close()
