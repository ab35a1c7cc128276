"""A cold run killed outright (SIGKILL: no ``finally``, no ``atexit``) leaves its private
temporary folder behind; the next cold run removes it, and never a live run's
(docref.engine.cold_dir).  Every process here gets its own ``TMPDIR``, so the sweep sees
only this test's folders, not those of runs elsewhere on the machine."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from docref.engine.cold_dir import PREFIX, sweep_stale
from docref.graph.extraction import PARALLEL_THRESHOLD

from tests.helpers import docref_env, run_docref

# a live run's folder: made by docref's own function in another process, which then waits
HOLDER = """
import sys
from docref.engine.cold_dir import make_run_dir
print(make_run_dir(), flush=True)
sys.stdin.read()
"""


def _project(tmp_path: Path) -> Path:
    """Enough files that a cold run starts its pool (and so its folder)."""
    pkg = tmp_path / "ws" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for i in range(PARALLEL_THRESHOLD + 6):
        text = f'def f{i}(a: int) -> int:\n    """Return a.\n\n    Args:\n        b: B.\n    """\n'
        (pkg / f"m{i:03}.py").write_text(text + "    return a\n", encoding="utf-8")
    return pkg.parent


def _folders(tmp: Path) -> set[str]:
    return {p.name for p in tmp.iterdir() if p.name.startswith(PREFIX)}


def _kill_when_folder_appears(ws: Path, tmp: Path, env: dict[str, str]) -> str:
    """Start a cold run, SIGKILL it as soon as its folder is locked and written to; the
    folder's name."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "docref", "check", "--no-cache", "--jobs", "2", str(ws)],
        cwd=ws,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    mine = f"{PREFIX}{proc.pid}-"
    deadline = time.monotonic() + 120  # a generous bound on a loaded machine, not a timing
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            found = [n for n in _folders(tmp) if n.startswith(mine)]
            # locked and writing: ``entries`` comes after ``lock`` (killing between the two
            # left a folder without it, a race of the test, not of docref)
            if found and all((tmp / found[0] / n).exists() for n in ("lock", "entries")):
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                return found[0]
            time.sleep(0.01)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    raise AssertionError(f"the run ended (exit {proc.returncode}) before its folder was seen")


def test_a_killed_runs_folder_is_removed_by_the_next_run_and_a_live_ones_kept(
    tmp_path: Path,
) -> None:
    ws = _project(tmp_path)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = docref_env(tmp_path / "cache", TMPDIR=str(tmp))
    killed = _kill_when_folder_appears(ws, tmp, env)
    assert (tmp / killed / "entries").exists()  # left behind: nobody could remove it

    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        assert holder.stdout is not None
        live = Path(holder.stdout.readline().decode().strip())
        assert live.parent == tmp and (live / "lock").exists()
        # a run killed between making its folder and locking it: no lock, a dead pid
        dead = subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpid())"],
            capture_output=True,
            text=True,
            check=True,
        )
        unlocked = tmp / f"{PREFIX}{dead.stdout.strip()}-abc"
        unlocked.mkdir()
        # not named by docref's pid scheme (an older docref's): its owner is unknown, kept
        unknown = tmp / f"{PREFIX}q1w2e3"
        unknown.mkdir()

        run = run_docref(["check", "--no-cache", "--jobs", "2", str(ws)], cwd=ws, env=env)
        assert run.returncode == 1, run.stderr  # the planted findings, every file checked
        assert run.stdout.count("C1-PARAM-UNKNOWN") == PARALLEL_THRESHOLD + 6
        left = _folders(tmp)
        assert killed not in left and unlocked.name not in left
        assert left == {live.name, unknown.name}  # and the run removed its own
        assert (live / "lock").exists()
    finally:
        holder.communicate(b"")
    # the holder is gone now; its lock went with it
    assert sweep_stale(str(tmp)) == [str(live)]
    assert _folders(tmp) == {unknown.name}


def test_sweep_leaves_folders_it_cannot_judge(tmp_path: Path) -> None:
    """A file, a symlink and a pid that is alive (this process) are not swept."""
    (tmp_path / f"{PREFIX}1-file").write_text("", encoding="utf-8")
    (tmp_path / "target").mkdir()
    (tmp_path / f"{PREFIX}1-link").symlink_to(tmp_path / "target")
    mine = tmp_path / f"{PREFIX}{os.getpid()}-x"
    mine.mkdir()
    assert sweep_stale(str(tmp_path)) == []
    assert sweep_stale(str(tmp_path / "missing")) == []
    assert mine.exists() and (tmp_path / "target").exists()
