"""``docref roundtrip`` end to end: a subprocess, a sample project with real pytest tests, and
the fake OpenAI-compatible server in this process answering with scripted bodies.

The runs use ``--max-concurrency 1``: requests then reach the server in a fixed order (all
docstring samples, then all "TODO" samples), so a script of answers maps onto samples.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_openai import Behaviour, FakeOpenAI, dead_port
from tests.helpers import roundtrip_project

REPO = Path(__file__).resolve().parents[1]
TARGET = "textkit/words.py::count_words"

CORRECT = "Here is the body:\n```python\nreturn len(WORD.findall(text))\n```"
WRONG = "```python\nreturn len(text.split(' '))\n```"


def answer(text: str) -> Behaviour:
    return Behaviour(text=text)


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.set_default(answer(CORRECT))
        yield server


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return roundtrip_project(tmp_path)


def tree_hashes(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def run(
    project: Path,
    tmp_path: Path,
    fake: FakeOpenAI,
    *args: str,
    target: str = TARGET,
    api_base: str | None = None,
    timeout: float = 240,
) -> subprocess.CompletedProcess[str]:
    temp = tmp_path / "tmpdir"
    temp.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI_")}
    env.update({"DOCREF_CACHE_DIR": str(tmp_path / "cache"), "TMPDIR": str(temp)})
    path, _, qualname = target.partition("::")
    cmd = [
        sys.executable,
        "-m",
        "docref.roundtrip",
        f"{project / path}::{qualname}",
        "--model",
        "openai/test",
        "--api-base",
        api_base or fake.base_url,
        "--max-concurrency",
        "1",
        "--timeout",
        "30",
        *args,
    ]
    return subprocess.run(
        cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )


def leftovers(tmp_path: Path) -> list[str]:
    return [n for n in os.listdir(tmp_path / "tmpdir") if n.startswith("docref-roundtrip-")]


def test_one_correct_one_wrong_body_gives_pass_at_1_of_one_half(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    fake.push(answer(CORRECT), answer(WRONG), answer(WRONG), answer(WRONG))
    before = tree_hashes(project)
    proc = run(project, tmp_path, fake, "--samples", "2", "--k", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["qualname"] == "count_words"
    assert data["samples"] == 2 and data["passed"] == 1
    assert data["pass_at_k"] == {"1": 0.5}
    assert data["lift"] == {"samples": 2, "passed": 0, "pass_at_k": {"1": 0.0}}
    assert data["forward_lift"] == {"1": 0.5}
    assert data["baseline_passed"] is True
    assert data["tests"] == [
        "tests/test_words.py::test_count_words_plain",
        "tests/test_words.py::test_count_words_edges",
    ]
    assert isinstance(data["seconds"], float) and data["error"] is None
    statuses = [(c["variant"], c["status"]) for c in data["candidates"]]
    assert statuses == [
        ("doc", "passed"),
        ("doc", "failed"),
        ("lift", "failed"),
        ("lift", "failed"),
    ]
    assert "count_words('')" in data["candidates"][1]["reason"]
    assert data["candidates"][0]["notes"] == ["taken from a code block"]
    # what the model saw: the docstring (or TODO), never the body; sampling for m > 1
    bodies = [r.body for r in fake.requests]
    assert len(bodies) == 4
    user = bodies[0]["messages"][1]["content"]
    assert "0 for an empty string" in user and "# <BODY>" in user and "findall" not in user
    assert "TODO: Implement." in bodies[2]["messages"][1]["content"]
    assert "0 for an empty string" not in bodies[2]["messages"][1]["content"]
    assert bodies[0]["temperature"] == 0.8 and bodies[0]["top_p"] == 0.95
    # the user's files are untouched and the temporary copies are gone
    assert tree_hashes(project) == before
    assert leftovers(tmp_path) == []

    # a second run over the unchanged function asks the model nothing
    again = run(project, tmp_path, fake, "--samples", "2", "--k", "1", "--json")
    assert again.returncode == 0, again.stderr
    second = json.loads(again.stdout)
    assert len(fake.requests) == 4
    assert second["pass_at_k"] == {"1": 0.5} and second["cache_hits"] == 4
    assert second["model_calls"] == 0


def test_text_output_and_k_above_samples(fake: FakeOpenAI, project: Path, tmp_path: Path) -> None:
    fake.push(answer(CORRECT), answer(WRONG), answer(CORRECT), answer(WRONG))
    proc = run(project, tmp_path, fake, "--samples", "2", "--k", "1,3", "--no-llm-cache")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "baseline: the tests pass on the original code" in out
    assert "with the docstring:       1/2 pass  pass@1 0.500  pass@3 n/a" in out
    assert "forward lift: pass@1 +0.000, pass@3 n/a" in out
    assert "warning: pass@3 needs at least 3 samples (got 2)" in out


def test_method_target_and_unparseable_candidate(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    good = "return self.separator.join(title.lower().split())"
    fake.push(answer("return (title"), answer(good), answer(good), answer("I cannot do that."))
    proc = run(
        project, tmp_path, fake, "--samples", "2", "--json", target="textkit/words.py::Slugger.make"
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["tests"] == ["tests/test_words.py::test_slug"]
    assert [c["status"] for c in data["candidates"]] == ["rejected", "passed", "passed", "rejected"]
    assert "does not parse" in data["candidates"][0]["reason"]
    assert "only prose" in data["candidates"][3]["reason"]
    assert data["passed"] == 1 and data["lift"]["passed"] == 1
    user = fake.requests[0].body["messages"][1]["content"]
    assert "class Slugger:" in user and 'separator = "-"' in user


def test_no_tests_stops_with_exit_2(fake: FakeOpenAI, project: Path, tmp_path: Path) -> None:
    proc = run(project, tmp_path, fake, target="textkit/words.py::shout")
    assert proc.returncode == 2
    assert "no tests exercise textkit/words.py::shout" in proc.stderr
    assert "--tests" in proc.stderr
    assert fake.requests == []  # never a score from nothing, and no model calls either


def test_unknown_function_suggests(fake: FakeOpenAI, project: Path, tmp_path: Path) -> None:
    proc = run(project, tmp_path, fake, "--json", target="textkit/words.py::count_word")
    assert proc.returncode == 2
    assert "did you mean: count_words" in proc.stderr
    assert json.loads(proc.stdout)["error"].endswith("no function or method named 'count_word'")


def test_tests_failing_on_the_original_code(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    test_file = project / "tests" / "test_words.py"
    test_file.write_text(test_file.read_text().replace("== 2\n", "== 3\n", 1), encoding="utf-8")
    proc = run(project, tmp_path, fake, "--json")
    assert proc.returncode == 2
    data = json.loads(proc.stdout)
    assert data["baseline_passed"] is False
    assert data["error"].startswith("tests do not pass on the original code: 1 test(s) failed")
    assert "assert 2 == 3" in data["error"]
    assert data["samples"] == 0 and fake.requests == []
    assert "tests do not pass on the original code" in proc.stderr


def test_tests_needing_an_uninstalled_module(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    test_file = project / "tests" / "test_words.py"
    test_file.write_text(
        "import docref_no_such_dependency\n" + test_file.read_text(), encoding="utf-8"
    )
    proc = run(project, tmp_path, fake, "--json")
    assert proc.returncode == 2
    error = json.loads(proc.stdout)["error"]
    assert "the tests need the module 'docref_no_such_dependency', which is not installed" in error
    assert "--python" in error


def test_given_tests_pattern_overrides_discovery(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    proc = run(
        project,
        tmp_path,
        fake,
        "--samples",
        "1",
        "--json",
        "--tests",
        "tests/test_words.py::test_count_words_plain",
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["tests"] == ["tests/test_words.py::test_count_words_plain"]
    assert data["tests_selected_by"] == "given"
    assert fake.requests[0].body["temperature"] == 0.0  # one sample: greedy
    bad = run(project, tmp_path, fake, "--tests", "tests/nothing_*.py")
    assert bad.returncode == 2 and "matches no file" in bad.stderr


def test_no_model_configured_is_a_usage_error(project: Path, tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "docref.roundtrip", f"{project}/{TARGET}"],
        cwd=REPO,
        env={**os.environ, "DOCREF_CACHE_DIR": str(tmp_path / "cache")},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2 and "needs a model" in proc.stderr


def test_unreachable_model_exits_2(fake: FakeOpenAI, project: Path, tmp_path: Path) -> None:
    dead = f"http://127.0.0.1:{dead_port()}/v1"
    proc = run(project, tmp_path, fake, "--samples", "1", "--timeout", "2", api_base=dead)
    assert proc.returncode == 2
    assert "the model could not be used" in proc.stderr
    assert "127.0.0.1" in proc.stderr
    assert leftovers(tmp_path) == []


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.setblocking(False)
    yield sock
    sock.close()


def test_candidates_that_escape_the_sandbox_fail_and_the_run_goes_on(
    fake: FakeOpenAI, project: Path, tmp_path: Path, listener: socket.socket
) -> None:
    outside = tmp_path / "escaped.txt"
    child_outside = tmp_path / "escaped-by-child.txt"
    port = listener.getsockname()[1]
    writes = (
        f"try:\n    open({str(outside)!r}, 'w').write('x')\nexcept OSError:\n    pass\n"
        "return len(WORD.findall(text))"
    )
    connects = (
        "import socket\ntry:\n"
        f"    socket.create_connection(('127.0.0.1', {port}), timeout=2).close()\n"
        "except OSError:\n    pass\nreturn len(WORD.findall(text))"
    )
    child_code = f"open({str(child_outside)!r}, 'w')"
    spawns = (
        "import subprocess, sys\n"
        f"subprocess.run([sys.executable, '-c', {child_code!r}])\n"
        "return len(WORD.findall(text))"
    )
    fake.push(*(answer(f"```python\n{b}\n```") for b in (writes, connects, spawns)))
    proc = run(project, tmp_path, fake, "--samples", "3", "--k", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    doc = [c for c in data["candidates"] if c["variant"] == "doc"]
    assert [c["status"] for c in doc] == ["failed", "failed", "failed"]
    assert "write outside the sandbox" in doc[0]["reason"] and str(outside) in doc[0]["reason"]
    assert "network access" in doc[1]["reason"]
    assert "write outside the sandbox" in doc[2]["reason"]
    assert data["passed"] == 0 and data["lift"]["passed"] == 3  # the tool went on
    assert not outside.exists() and not child_outside.exists()
    with pytest.raises(BlockingIOError):
        listener.accept()  # nothing ever connected
    assert leftovers(tmp_path) == []


def _alive_with(marker: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(entry))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to look for processes")
def test_hanging_candidate_is_killed_with_its_children(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    marker = f"docref-hang-{os.getpid()}-{tmp_path.name}"
    hang = (
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', {marker!r}])\n"
        "time.sleep(600)\nreturn 0"
    )
    fake.push(answer(hang), answer(CORRECT), answer(CORRECT), answer(CORRECT))
    proc = run(project, tmp_path, fake, "--samples", "2", "--json", "--test-timeout", "12")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [c["status"] for c in data["candidates"]] == ["timeout", "passed", "passed", "passed"]
    assert "ran over 12s" in data["candidates"][0]["reason"]
    assert data["pass_at_k"] == {"1": 0.5}
    assert _alive_with(marker) == []
    assert leftovers(tmp_path) == []


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to look for processes")
def test_hanging_tests_on_the_original_code(
    fake: FakeOpenAI, project: Path, tmp_path: Path
) -> None:
    marker = f"docref-basehang-{os.getpid()}-{tmp_path.name}"
    (project / "tests" / "test_hang.py").write_text(
        "import subprocess, sys, time\n\nfrom textkit.words import count_words\n\n\n"
        "def test_waits() -> None:\n"
        "    subprocess.Popen(\n"
        f"        [sys.executable, '-c', 'import time; time.sleep(600)', {marker!r}]\n"
        "    )\n"
        "    time.sleep(600)\n    assert count_words('a') == 1\n",
        encoding="utf-8",
    )
    proc = run(project, tmp_path, fake, "--json", "--test-timeout", "6")
    assert proc.returncode == 2
    data = json.loads(proc.stdout)
    assert data["baseline_passed"] is False
    assert data["error"] == (
        "tests do not pass on the original code: the tests ran over 6s; their processes were killed"
    )
    assert _alive_with(marker) == [] and fake.requests == []
    assert leftovers(tmp_path) == []
