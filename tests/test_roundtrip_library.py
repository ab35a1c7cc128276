"""`run_roundtrip` in-process, as the language server will call it: progress and cancellation."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

import pytest
from docref.llm.client import ModelClient
from docref.llm.endpoint import ModelSettings
from docref.roundtrip import RoundtripError, RoundtripRequest, run_roundtrip
from docref.roundtrip.generate import AnswerStore

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import roundtrip_project

CORRECT = "return len(WORD.findall(text))"
WRONG = "return len(text.split(' '))"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return roundtrip_project(tmp_path)


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    temp = tmp_path / "tmpdir"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


def client_for(fake: FakeOpenAI) -> ModelClient:
    return ModelClient(
        ModelSettings(model="openai/test", api_base=fake.base_url, max_concurrency=1)
    )


async def test_progress_reaches_the_total_and_results_match(
    project: Path, private_tmp: Path, tmp_path: Path
) -> None:
    calls: list[tuple[int, int, str]] = []
    store = AnswerStore.open(str(tmp_path / "cache"))
    assert store is not None
    with FakeOpenAI() as fake:
        fake.push(*(Behaviour(text=t) for t in (CORRECT, CORRECT, WRONG, WRONG, CORRECT, WRONG)))
        request = RoundtripRequest(
            path=str(project / "textkit" / "words.py"),
            qualname="count_words",
            root=str(project),
            samples=3,
            ks=(1, 2, 3),
        )
        client = client_for(fake)
        result = await run_roundtrip(
            request, client=client, store=store, progress=lambda *a: calls.append(a)
        )
        await client.aclose()
    store.close()
    assert result.error is None and result.baseline_passed
    assert (result.doc.samples, result.doc.passed) == (3, 2)
    assert result.doc.pass_at_k == {"1": pytest.approx(2 / 3), "2": 1.0, "3": 1.0}
    assert (result.lift.samples, result.lift.passed) == (3, 1)
    assert result.forward_lift["1"] == pytest.approx(1 / 3)
    # identical bodies are tested once, but every candidate gets its result
    assert [c.status for c in result.candidates] == [
        "passed",
        "passed",
        "failed",
        "failed",
        "passed",
        "failed",
    ]
    done = [c[0] for c in calls]
    assert done == sorted(done) and calls[-1][0] == calls[-1][1] == 1 + 4 * 3
    assert calls[0][2] == "baseline: passed"
    assert os.listdir(private_tmp) == []


async def test_missing_docstring_and_missing_file_raise(project: Path, private_tmp: Path) -> None:
    with FakeOpenAI() as fake:
        (project / "textkit" / "bare.py").write_text("def f():\n    return 1\n", encoding="utf-8")
        with pytest.raises(RoundtripError, match="has no docstring"):
            await run_roundtrip(
                RoundtripRequest(str(project / "textkit" / "bare.py"), "f", str(project)),
                client=client_for(fake),
            )
        with pytest.raises(RoundtripError, match="not indexed"):
            await run_roundtrip(
                RoundtripRequest(str(project / "nope.py"), "f", str(project)),
                client=client_for(fake),
            )
        assert fake.requests == []


def _pytest_processes_in(directory: Path) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if str(directory).encode() in cmdline and b"pytest" in cmdline:
                found.append(int(entry))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to look for processes")
async def test_cancellation_kills_the_tests_and_removes_the_copy(
    project: Path, private_tmp: Path
) -> None:
    (project / "tests" / "test_slow.py").write_text(
        "import time\n\nfrom textkit.words import count_words\n\n\n"
        "def test_slow() -> None:\n    time.sleep(600)\n    assert count_words('a') == 1\n",
        encoding="utf-8",
    )
    with FakeOpenAI() as fake:
        request = RoundtripRequest(
            str(project / "textkit" / "words.py"), "count_words", str(project), samples=1
        )
        task = asyncio.create_task(run_roundtrip(request, client=client_for(fake)))
        for _ in range(600):  # until the baseline's pytest is running
            await asyncio.sleep(0.05)
            if _pytest_processes_in(private_tmp):
                break
        assert _pytest_processes_in(private_tmp), "the baseline run never started"
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert _pytest_processes_in(private_tmp) == []
        assert os.listdir(private_tmp) == []
        assert fake.requests == []


async def test_tests_importing_an_outside_copy_give_no_score(
    project: Path, private_tmp: Path
) -> None:
    # like a non-editable install of the project: the tests would exercise the original file,
    # not the candidate in the temporary copy
    (project / "conftest.py").write_text(
        f"import sys\n\nsys.path.insert(0, {str(project)!r})\n", encoding="utf-8"
    )
    with FakeOpenAI() as fake:
        result = await run_roundtrip(
            RoundtripRequest(str(project / "textkit" / "words.py"), "count_words", str(project)),
            client=client_for(fake),
        )
        assert fake.requests == []
    assert result.baseline_passed is False and result.error is not None
    assert "imported textkit.words from" in result.error
    assert "not from the temporary copy" in result.error
    assert os.listdir(private_tmp) == []


async def test_interpreter_without_pytest_is_named(
    project: Path, private_tmp: Path, tmp_path: Path
) -> None:
    import subprocess
    import sys

    venv = tmp_path / "bare-venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    with FakeOpenAI() as fake:
        result = await run_roundtrip(
            RoundtripRequest(
                str(project / "textkit" / "words.py"), "count_words", str(project), python=python
            ),
            client=client_for(fake),
        )
    assert result.error is not None
    assert f"the tests need the module 'pytest', which is not installed for {python}" in (
        result.error
    )
