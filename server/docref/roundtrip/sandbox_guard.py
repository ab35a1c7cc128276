"""The pytest plugin docref injects into a sandboxed test run (``-p docref_sandbox_guard``).

It is copied into the temporary project copy and imported by the *tested* interpreter, so it
uses the standard library only and never imports docref. On import -- before any conftest or
test module, hence before the candidate code -- it installs an audit hook (PEP 578, which
cannot be removed) that refuses:

* opening a file for writing, creating, removing, renaming, chmod-ing or linking a path
  outside ``$DOCREF_SANDBOX_ROOT`` (``/dev/null`` and the standard streams allowed);
* network use: ``socket.connect`` (TCP, UDP, Unix sockets outside the root), ``sendto``,
  ``sendmsg`` and name lookups.

A refused operation raises ``PermissionError`` *and* is recorded, so a candidate that catches
the exception still fails. At the end of the session the plugin writes a JSON report to
``$DOCREF_SANDBOX_REPORT``: pytest's exit status, counts, failed and erroring node ids with
their messages, the violations, and where the target module (``$DOCREF_SANDBOX_MODULES``) was
imported from -- a run that tested an installed copy instead of the sandbox is not a result.

The run's ``sitecustomize`` imports this module too, so Python child processes started
with the run's environment are hooked as well; their refusals are appended to
``$DOCREF_SANDBOX_ROOT/.docref-violations.jsonl``. Limits (stated in docs/roundtrip.md): a native
extension, a non-Python child process, or code that clears the environment before starting
Python is not hooked (docref adds a network namespace where the OS allows).
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

_ROOT = os.path.realpath(os.environ.get("DOCREF_SANDBOX_ROOT", "") or os.getcwd())
_REPORT = os.environ.get("DOCREF_SANDBOX_REPORT", "")
_MODULES = [m for m in os.environ.get("DOCREF_SANDBOX_MODULES", "").split(",") if m]
_ALLOWED = frozenset({os.devnull, "/dev/stdout", "/dev/stderr", "/dev/tty"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_PATH_EVENTS = {
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.mkdir": (0,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.truncate": (0,),
    "os.utime": (0,),
    "os.rename": (0, 1),
    "os.link": (1,),
    "os.symlink": (1,),
    "os.setxattr": (0,),
    "os.removexattr": (0,),
    "shutil.rmtree": (0,),
    "shutil.copyfile": (1,),
    "shutil.copytree": (1,),
    "shutil.move": (0, 1),
}
_NET_EVENTS = frozenset(
    {
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
        "socket.sendto",
        "socket.sendmsg",
    }
)

_violations: list[dict[str, str]] = []
_busy = threading.local()
_results: dict[str, Any] = {"failed": [], "errors": [], "passed": 0}


def _inside(path: Any) -> bool:
    """True for paths inside the sandbox root; non-path arguments (fds) are allowed."""
    if isinstance(path, int) or path is None:
        return True
    try:
        text = os.fsdecode(path)
    except TypeError:
        return True
    if text in _ALLOWED:
        return True
    full = os.path.realpath(text if os.path.isabs(text) else os.path.join(os.getcwd(), text))
    return full == _ROOT or full.startswith(_ROOT + os.sep)


def _refuse(kind: str, detail: str) -> None:
    entry = {"kind": kind, "detail": detail, "pid": str(os.getpid())}
    _violations.append(entry)
    # child processes report here too (the hook is off while it runs: no recursion)
    try:
        with open(os.path.join(_ROOT, ".docref-violations.jsonl"), "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
    except OSError:
        pass
    raise PermissionError(f"docref sandbox: {kind} refused: {detail}")


def _check(event: str, args: tuple[Any, ...]) -> None:
    if event == "open":
        path, mode, flags = (*args, None, None, None)[:3]
        writes = (
            bool(flags & _WRITE_FLAGS)
            if isinstance(flags, int)
            else isinstance(mode, str) and any(c in mode for c in "wax+")
        )
        if writes and not _inside(path):
            _refuse("write outside the sandbox", os.fsdecode(path))
    elif event in _PATH_EVENTS:
        for index in _PATH_EVENTS[event]:
            if index < len(args) and not _inside(args[index]):
                _refuse("write outside the sandbox", f"{event} {os.fsdecode(args[index])}")
    elif event == "socket.connect":
        address = args[1] if len(args) > 1 else None
        if isinstance(address, str | bytes) and _inside(address):
            return  # a Unix socket inside the sandbox
        _refuse("network access", f"connect to {address!r}")
    elif event in _NET_EVENTS:
        _refuse("network access", f"{event} {args[0]!r}" if args else event)


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if getattr(_busy, "on", False):
        return
    _busy.on = True
    try:
        _check(event, args)
    finally:
        _busy.on = False


# only inside a sandboxed run: importing this module anywhere else must not hook a process;
# the run's sitecustomize imports it too, so a Python child process is hooked as well
if os.environ.get("DOCREF_SANDBOX_ROOT") and not getattr(sys, "_docref_sandbox_hooked", False):
    sys.addaudithook(_hook)
    sys._docref_sandbox_hooked = True  # type: ignore[attr-defined]


def _message(report: Any) -> str:
    text = str(getattr(report, "longreprtext", "") or "")
    lines = [ln[2:].strip() for ln in text.splitlines() if ln.startswith("E ")]
    lines = [ln for ln in lines if ln]
    if lines:  # the assertion (first) and, for a collection error, the exception (last)
        return (lines[0] if lines[0] == lines[-1] else f"{lines[0]} ... {lines[-1]}")[:500]
    return (text.strip().splitlines()[-1] if text.strip() else "")[:500]


def pytest_runtest_logreport(report: Any) -> None:
    """Count passed tests; remember failing ones (any phase) with their last error line."""
    if report.when == "call" and report.passed:
        _results["passed"] += 1
    elif report.failed:
        _results["failed"].append({"nodeid": report.nodeid, "message": _message(report)})


def pytest_collectreport(report: Any) -> None:
    """Remember collection errors (an import error of a test module lands here)."""
    if report.failed:
        _results["errors"].append({"nodeid": report.nodeid, "message": _message(report)})


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    """Write the JSON report for docref."""
    origins: dict[str, str | None] = {}
    for name in _MODULES:
        module = sys.modules.get(name)
        if module is not None:
            origins[name] = getattr(module, "__file__", None)
    report = {
        "exitstatus": int(exitstatus),
        "collected": int(getattr(session, "testscollected", 0)),
        "passed": _results["passed"],
        "failed": _results["failed"],
        "errors": _results["errors"],
        "violations": _violations,
        "modules": origins,
        "root": _ROOT,
    }
    if _REPORT:
        with open(_REPORT, "w", encoding="utf-8") as fh:
            json.dump(report, fh)
