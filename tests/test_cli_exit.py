"""How the ``docref`` process ends (:func:`docref.cli.run`): ``docref check`` runs the exit
handlers and leaves without the interpreter's teardown (freeing the graph object by object);
other commands, and a check with another thread still running, shut down as usual.

The probe is a ``sitecustomize`` on the subprocess's path: an exit handler that writes
``atexit`` and leaves behind an object whose finaliser writes ``teardown`` (made in the
handler, after the check's ``gc.freeze()``, so only the teardown frees it); optionally a
non-daemon thread that writes ``thread`` once the main thread has finished."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.helpers import REPO, SHOP, docref_env, run_docref

PROBE = """import atexit, os, sys, threading
_fd = os.open(os.environ["PROBE_OUT"], os.O_WRONLY | os.O_CREAT | os.O_APPEND)
_write = os.write


class _Probe:
    def __del__(self, write=_write, fd=_fd):
        write(fd, b"teardown\\n")


def _late():
    _write(_fd, b"atexit\\n")
    sys.docref_probe = _Probe()


atexit.register(_late)
if os.environ.get("PROBE_THREAD"):
    def _wait():
        threading.main_thread().join()
        _write(_fd, b"thread\\n")

    threading.Thread(target=_wait, daemon=False).start()
"""


def _run(tmp_path: Path, *args: str, thread: bool = False) -> tuple[int, str, list[str]]:
    probe_dir = tmp_path / "probe"
    probe_dir.mkdir(exist_ok=True)
    (probe_dir / "sitecustomize.py").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "probe.txt"
    out.unlink(missing_ok=True)
    path = os.pathsep.join(p for p in (str(probe_dir), os.environ.get("PYTHONPATH")) if p)
    extra = {"PROBE_OUT": str(out), "PYTHONPATH": path}
    if thread:
        extra["PROBE_THREAD"] = "1"
    env = docref_env(tmp_path / "cache", **extra)
    proc: subprocess.CompletedProcess[str] = run_docref(args, cwd=REPO, env=env)
    return proc.returncode, proc.stdout, out.read_text(encoding="utf-8").split()


def test_docref_check_ends_after_its_exit_handlers_without_the_teardown(tmp_path: Path) -> None:
    code, stdout, probe = _run(tmp_path, "check", "--no-llm", "--format", "json", str(SHOP))
    assert code == 1  # the shop's planted findings
    assert json.loads(stdout)["findings"]  # the whole report was written before the end
    assert probe == ["atexit"]


def test_other_commands_keep_the_interpreters_shutdown(tmp_path: Path) -> None:
    code, stdout, probe = _run(tmp_path, "segment", "--text", "One. Two.")
    assert code == 0 and stdout
    assert probe == ["atexit", "teardown"]


def test_a_check_with_a_thread_left_waits_for_it_as_usual(tmp_path: Path) -> None:
    code, stdout, probe = _run(
        tmp_path, "check", "--no-llm", "--format", "json", str(SHOP), thread=True
    )
    assert code == 1 and json.loads(stdout)["findings"]
    assert probe == ["thread", "atexit", "teardown"]
