"""Running the project's tests on a temporary copy, with a spliced candidate body.

The project is copied once into a private temporary directory (``snapshot``); every test run
gets its own copy of that snapshot (``run_dir``), so a candidate that scribbles over files
cannot influence the next one, and the user's files are only ever read. pytest runs in a
subprocess in its own session (process group): on the timeout, or when the caller is
cancelled, the whole group is killed, grandchildren included. The environment is rebuilt
from scratch: ``PATH`` and the locale only, ``HOME``/``TMPDIR`` inside the run's copy, no
proxy variables, no API keys. The guard plugin (:mod:`docref.roundtrip.sandbox_guard`)
refuses writes outside the copy and network use; where the OS allows an unprivileged network
namespace (``unshare --net``), the run has no network interface at all besides its own
loopback.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import shutil
import signal
import site
import stat
import subprocess
import tempfile
import time
from typing import Any

from docref.roundtrip.outcome import TestRun, classify

__all__ = ["SandboxError", "TestRun", "Workspace", "network_namespace"]


_SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        "__pycache__",
        ".pytest_cache",
        ".mypy_cache",
        ".ruff_cache",
        ".tox",
        ".nox",
        "node_modules",
        ".eggs",
    }
)
_KEEP_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "SYSTEMROOT")
_MAX_COPY_BYTES = 2 * 2**30
_GUARD_MODULE = "docref_sandbox_guard"
_OUTPUT_KEPT = 64_000


class SandboxError(RuntimeError):
    """The project cannot be copied (too large, unreadable); the message says why."""


def _ignore(directory: str, names: list[str]) -> set[str]:
    skipped = {n for n in names if n in _SKIP_DIRS}
    for name in names:
        # a virtual environment is never part of the project's sources
        if os.path.isfile(os.path.join(directory, name, "pyvenv.cfg")):
            skipped.add(name)
    return skipped


def _size(root: str) -> int:
    total = 0
    for directory, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in _ignore(directory, dirs)]
        for name in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(directory, name)).st_size
        if total > _MAX_COPY_BYTES:
            break
    return total


def _force_remove(func: Any, path: str, _exc: Any) -> None:
    """``rmtree`` error handler: a test may have made files read-only; make them writable."""
    with contextlib.suppress(OSError):
        os.chmod(os.path.dirname(path), stat.S_IRWXU)
        os.chmod(path, stat.S_IRWXU)
        func(path)


@functools.cache
def network_namespace() -> bool:
    """Whether ``unshare --net --map-current-user`` works here (probed once per process).

    Returns:
        bool: A run can be put into a fresh network namespace without privileges.
    """
    exe = shutil.which("unshare")
    if exe is None:
        return False
    try:
        done = subprocess.run(
            [exe, "--net", "--map-current-user", "true"],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


class Workspace:
    """A private temporary directory holding the snapshot and one copy per test run.

    Use as a context manager; leaving it removes everything it created.
    """

    def __init__(self, root: str) -> None:
        self.root = os.path.abspath(root)
        self.temp = tempfile.mkdtemp(prefix="docref-roundtrip-")
        self.base = os.path.join(self.temp, "base")
        self._runs = 0

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()

    def remove(self) -> None:
        """Delete the temporary directory and everything in it."""
        shutil.rmtree(self.temp, onerror=_force_remove)

    def snapshot(self) -> None:
        """Copy the project (without VCS data, caches and virtual environments).

        Raises:
            SandboxError: When the project is larger than 2 GiB or cannot be read.
        """
        if _size(self.root) > _MAX_COPY_BYTES:
            raise SandboxError(
                f"{self.root} holds more than {_MAX_COPY_BYTES // 2**30} GiB of files: "
                "too large to copy for a round-trip run"
            )
        try:
            shutil.copytree(self.root, self.base, symlinks=True, ignore=_ignore)
        except (OSError, shutil.Error) as exc:
            raise SandboxError(f"cannot copy {self.root}: {exc}") from None
        guard_dir = os.path.join(self.temp, "guard")
        os.makedirs(guard_dir)
        source = os.path.join(os.path.dirname(__file__), "sandbox_guard.py")
        shutil.copyfile(source, os.path.join(guard_dir, f"{_GUARD_MODULE}.py"))
        with open(os.path.join(guard_dir, "sitecustomize.py"), "w", encoding="utf-8") as fh:
            fh.write(f"import {_GUARD_MODULE}  # docref round-trip sandbox: every Python process\n")

    def run_dir(self, relpath: str | None = None, data: bytes | None = None) -> str:
        """A fresh copy of the snapshot, with ``data`` written to ``relpath`` when given.

        Args:
            relpath (str | None): The file to replace (workspace-relative, POSIX).
            data (bytes | None): Its new content, encoded.

        Returns:
            str: The copy's directory.
        """
        self._runs += 1
        target = os.path.join(self.temp, f"run-{self._runs}")
        shutil.copytree(self.base, target, symlinks=True)
        for sub in (".home", ".tmp"):
            os.makedirs(os.path.join(target, sub))
        if relpath is not None and data is not None:
            path = os.path.join(target, *relpath.split("/"))
            with open(path, "wb") as fh:
                fh.write(data)
        return target

    def read_snapshot(self, relpath: str) -> bytes:
        """The snapshot's bytes of ``relpath`` (what the candidates are spliced into).

        Args:
            relpath (str): Workspace-relative POSIX path.

        Returns:
            bytes: The file's content.
        """
        with open(os.path.join(self.base, *relpath.split("/")), "rb") as fh:
            return fh.read()

    def environment(self, run: str, modules: list[str], report: str) -> dict[str, str]:
        """The clean environment of a test run in ``run``.

        Args:
            run (str): The run's copy.
            modules (list[str]): Dotted names of the target module (checked by the guard).
            report (str): Where the guard writes its JSON report.

        Returns:
            dict[str, str]: Variables for the subprocess (nothing inherited but ``PATH`` and
            the locale).
        """
        env = {k: os.environ[k] for k in _KEEP_ENV if k in os.environ}
        paths = [os.path.join(self.temp, "guard"), run]
        if os.path.isdir(os.path.join(run, "src")):
            paths.append(os.path.join(run, "src"))
        env.update(
            {
                "HOME": os.path.join(run, ".home"),
                "TMPDIR": os.path.join(run, ".tmp"),
                "TMP": os.path.join(run, ".tmp"),
                "TEMP": os.path.join(run, ".tmp"),
                "PYTHONPATH": os.pathsep.join(paths),
                # the user's own --user packages stay visible although HOME moved
                "PYTHONUSERBASE": site.getuserbase(),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONHASHSEED": "0",
                "PYTHONUNBUFFERED": "1",
                "NO_COLOR": "1",
                "DOCREF_SANDBOX_ROOT": run,
                "DOCREF_SANDBOX_REPORT": report,
                "DOCREF_SANDBOX_MODULES": ",".join(modules),
            }
        )
        return env

    async def pytest(
        self,
        run: str,
        node_ids: list[str],
        *,
        python: str,
        timeout: float,
        modules: list[str],
    ) -> TestRun:
        """Run pytest on ``node_ids`` in the copy ``run``; never raises for test outcomes.

        Args:
            run (str): A directory from :meth:`run_dir`.
            node_ids (list[str]): What to run (paths or pytest node ids, root-relative).
            python (str): The interpreter that runs pytest.
            timeout (float): Seconds before the process group is killed.
            modules (list[str]): Dotted names of the target's module.

        Returns:
            TestRun: The classified outcome.
        """
        report = os.path.join(run, ".docref-report.json")
        cmd = [
            python,
            "-m",
            "pytest",
            "-q",
            "-p",
            _GUARD_MODULE,
            "-p",
            "no:cacheprovider",
            "--basetemp",
            os.path.join(run, ".tmp", "pytest"),
            "--rootdir",
            run,
            *node_ids,
        ]
        if network_namespace():
            cmd = ["unshare", "--net", "--map-current-user", "--", *cmd]
        started = time.monotonic()
        output, timed_out, code = await _execute(
            cmd, run, self.environment(run, modules, report), timeout
        )
        result = classify(output, timed_out, code, report, run, timeout, python)
        result.seconds = time.monotonic() - started
        return result


async def _execute(
    cmd: list[str], cwd: str, env: dict[str, str], timeout: float
) -> tuple[str, bool, int | None]:
    proc = await asyncio.create_subprocess_exec(
        *cmd,
        cwd=cwd,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    chunks: list[bytes] = []

    async def read() -> None:
        assert proc.stdout is not None
        size = 0
        while block := await proc.stdout.read(65536):
            chunks.append(block)
            size += len(block)
            while size > _OUTPUT_KEPT and len(chunks) > 1:
                size -= len(chunks.pop(0))

    reader = asyncio.create_task(read())
    timed_out = False
    try:
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            timed_out = True
    finally:
        # the group goes whatever happened: stragglers, a timeout, or our own cancellation
        _kill_group(proc.pid)
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        await asyncio.shield(proc.wait())
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(reader), 5)
        reader.cancel()
    text = b"".join(chunks).decode("utf-8", "replace")
    return text, timed_out, proc.returncode


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
