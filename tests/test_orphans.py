"""Worker processes die with a parent killed outright (SIGKILL: no ``finally``, no pool
shutdown; docref.core.lifeline).  Each test starts a real parent process that starts real
workers through docref's own code, kills it with SIGKILL once the workers run, and waits for
every worker to go (a generous bound for a loaded machine: no timing is asserted).  Linux
only: the workers are read from ``/proc``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from docref.graph.extraction import PARALLEL_THRESHOLD

from tests.fake_openai import Behaviour, FakeOpenAI
from tests.helpers import docref_env
from tests.test_model_pool import CAP, write_project

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")

_GONE_WITHIN_S = 120.0

# the extraction pool (docref.graph.extraction.extract_many, spawned workers): the parent
# yields the pool its files, prints the workers' pids once they run, and waits to be killed
EXTRACT = """
import multiprocessing, time
from docref.graph.discovery import Candidate
from docref.graph.extraction import PARALLEL_THRESHOLD, extract_many
from docref.graph.source import SourceText, content_hash

def misses():
    for i in range(PARALLEL_THRESHOLD + 40):
        data = f"def f{i}(a):\\n    return a\\n".encode()
        cand = Candidate(f"/nowhere/m{i}.py", f"m{i}.py", "python")
        yield cand, SourceText(data.decode(), data, content_hash(data))
    while len(multiprocessing.active_children()) < 2:
        time.sleep(0.05)
    print(*[p.pid for p in multiprocessing.active_children()], flush=True)
    time.sleep(3600)

for _ in extract_many(misses(), 2):
    pass
"""

# ``check_static(..., jobs=2)`` (docref.engine.static, spawned workers): killed from the
# first chunk's progress call, the workers waiting for the next chunk
CHECK = """
import multiprocessing, sys, time
from docref.engine.static import check_static
from docref.graph.project import ProjectGraph

graph = ProjectGraph(sys.argv[1], cache_directory=sys.argv[2])
graph.index(workers=1)

def done(n):
    print(*[p.pid for p in multiprocessing.active_children()], flush=True)
    time.sleep(3600)

check_static(graph, sorted(graph.entries), jobs=2, on_file_done=done)
"""


def _project(tmp_path: Path) -> Path:
    pkg = tmp_path / "ws" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for i in range(2 * PARALLEL_THRESHOLD):
        text = f'def f{i}(a: int) -> int:\n    """Return a.\n\n    Args:\n        b: B.\n    """\n'
        (pkg / f"m{i:03}.py").write_text(text + "    return a\n", encoding="utf-8")
    return pkg.parent


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for init to reap it has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as fh:
            state = fh.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", encoding="utf-8") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out.append(int(name))
    return out


def _kill_and_wait(parent: subprocess.Popen[str], workers: list[int]) -> list[int]:
    """SIGKILL ``parent``; the ``workers`` still alive after the generous bound (killed
    then, so that a failing test leaves nothing behind)."""
    assert workers and all(_alive(w) for w in workers)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + _GONE_WITHIN_S
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    return left


def _spawned(pid: int) -> bool:
    """Whether ``pid`` is a ``multiprocessing`` spawned child (a model worker)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return b"spawn_main" in fh.read()
    except OSError:
        return False


def _run_script(
    code: str, *args: str, env: dict[str, str]
) -> tuple[subprocess.Popen[str], list[int]]:
    parent = subprocess.Popen(
        [sys.executable, "-c", code, *args], env=env, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    line = parent.stdout.readline()  # the workers' pids, once they run
    if not line:
        parent.wait()
        raise AssertionError(f"the parent ended (exit {parent.returncode}) before its workers ran")
    return parent, [int(pid) for pid in line.split()]


def test_extraction_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    parent, workers = _run_script(EXTRACT, env=docref_env(tmp_path / "cache"))
    try:
        assert len(workers) >= 2
        assert _kill_and_wait(parent, workers) == []
    finally:
        parent.kill()


def test_check_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    ws, cache = _project(tmp_path), tmp_path / "cache"
    parent, workers = _run_script(CHECK, str(ws), str(cache), env=docref_env(cache))
    try:
        assert len(workers) >= 2
        assert _kill_and_wait(parent, workers) == []
    finally:
        parent.kill()


def test_a_killed_cold_runs_workers_go_with_it(tmp_path: Path) -> None:
    # the cold run's pool (docref.engine.cold, forked workers), through the CLI
    ws = _project(tmp_path)
    parent = subprocess.Popen(
        [sys.executable, "-m", "docref", "check", "--no-cache", "--jobs", "2", str(ws)],
        cwd=ws,
        env=docref_env(tmp_path / "cache"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        deadline = time.monotonic() + _GONE_WITHIN_S
        workers: list[int] = []
        while time.monotonic() < deadline and parent.poll() is None and len(workers) < 2:
            workers = [c for c in _children(parent.pid) if _alive(c)]
            time.sleep(0.005)
        if len(workers) < 2:
            pytest.fail(f"the run ended (exit {parent.poll()}) before two workers were seen")
        assert _kill_and_wait(parent, workers) == []
    finally:
        parent.kill()


@pytest.mark.parametrize("starter", ["gone", "alive"])
def test_a_parent_killed_before_the_worker_watches_is_caught(starter: str) -> None:
    # the race test_cold_dir's SIGKILL hits: the parent dies before its worker reads its
    # parent pid, the orphan already re-parented reads init's and would watch that forever;
    # the starter's pid, passed down, is compared instead.  Control: the live parent's pid.
    parent = "os.getpid()" if starter == "gone" else "os.getppid()"
    code = (
        "import os\n"
        "from docref.core.lifeline import exit_with_parent\n"
        f"exit_with_parent({parent})\n"
        "print('alive', flush=True)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == ((1, "") if starter == "gone" else (0, "alive\n"))


def test_a_killed_checks_model_workers_go_with_it(tmp_path: Path) -> None:
    # the model tier's asking processes (docref.engine.model_worker, spawned), through the
    # CLI: ``--jobs 2`` asks from this process and one worker over two endpoints of the local
    # OpenAI-compatible server, whose answers never come; the CLI is killed once more
    # requests are in flight than its own share of the endpoints' caps allows (the worker is
    # asking too), and every child it had must go
    fakes = [FakeOpenAI().start() for _ in range(2)]
    for fake in fakes:
        fake.set_default(Behaviour.hang(_GONE_WITHIN_S * 2, text="1"))
    root = write_project(tmp_path / "ws", [f.base_url for f in fakes])
    argv = ["check", str(root), "--no-llm-cache", "--no-progress", "--jobs", "2"]
    parent = subprocess.Popen(
        [sys.executable, "-m", "docref", *argv],
        cwd=root,
        env=docref_env(tmp_path / "cache"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        own_share = CAP * len(fakes) // 2  # two asking processes: half of each cap each
        deadline = time.monotonic() + _GONE_WITHIN_S
        while parent.poll() is None and time.monotonic() < deadline:
            if sum(f.in_flight for f in fakes) > own_share:
                break
            time.sleep(0.01)
        in_flight = sum(f.in_flight for f in fakes)
        if in_flight <= own_share:
            pytest.fail(
                f"the worker was not seen asking (exit {parent.poll()}, {in_flight} in flight)"
            )
        children = [c for c in _children(parent.pid) if _alive(c)]
        assert any(_spawned(c) for c in children), children
        assert _kill_and_wait(parent, children) == []
    finally:
        parent.kill()
        for fake in fakes:
            fake.stop()
