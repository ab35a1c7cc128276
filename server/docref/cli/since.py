"""``--since REF``: the lines changed between the merge base of ``REF`` and ``HEAD`` and the
working tree, so a check can be limited to the functions a branch (or uncommitted work) touched.

The diff is taken against the working tree, not ``HEAD``: staged and unstaged edits count, and
untracked files that git does not ignore count as changed from their first to their last line.
Paths are workspace-relative with ``/`` separators; files outside the workspace are left out.

Git runs with the options that make its output independent of the user's configuration
(``--no-ext-diff``, ``--no-textconv``, fixed ``a/``/``b/`` prefixes, no colour) and never
receives ``REF`` as an option: a ref starting with ``-`` is refused, and only the commit ids git
resolved it to are passed on.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable, Sequence
from typing import Protocol

__all__ = ["LineRange", "SinceError", "changed_lines", "function_changed", "span_lines"]

LineRange = tuple[int, int]
"""1-based, inclusive ``(first, last)`` line numbers in the working-tree file."""

GIT_TIMEOUT_S = 120.0

_HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
_C_ESCAPES = {
    ord("a"): 7,
    ord("b"): 8,
    ord("t"): 9,
    ord("n"): 10,
    ord("v"): 11,
    ord("f"): 12,
    ord("r"): 13,
    ord('"'): 34,
    ord("\\"): 92,
}


class SinceError(Exception):
    """``--since`` cannot be honoured: the message is one line, fit to show the user."""


class _SpanLike(Protocol):
    @property
    def start_line(self) -> int: ...

    @property
    def end_line(self) -> int: ...

    @property
    def end_col(self) -> int: ...


def changed_lines(root: str, ref: str) -> dict[str, list[LineRange]]:
    """Changed lines per file between the merge base of ``ref`` and ``HEAD`` and the work tree.

    Keys are paths relative to ``root``.  A deleted file, a binary file and a file that was only
    renamed or had only its mode changed map to an empty list; a new or untracked file maps to
    its whole length.  A hunk that only removes lines is reported as the two lines around the
    removal, so the function that lost them still counts as changed.

    Args:
        root: the workspace folder (inside a git work tree).
        ref: the branch, tag or commit to compare with, e.g. ``origin/main``.

    Raises:
        SinceError: ``ref`` is malformed or unknown, git is missing, ``root`` is not inside a
            git work tree, or ``ref`` and ``HEAD`` share no history.
    """
    _check_ref_syntax(ref)
    if not os.path.isdir(root):
        raise SinceError(f"{root} is not a directory")
    inside = _git(root, ["rev-parse", "--is-inside-work-tree"])
    if inside.returncode != 0 or inside.stdout.strip() != b"true":
        raise SinceError(f"{root} is not inside a git work tree")
    head = _resolve_commit(root, "HEAD", "the repository has no commits yet (no HEAD)")
    target = _resolve_commit(root, ref, f"unknown ref {ref!r}: no such branch, tag or commit")
    base = _merge_base(root, ref, target, head)
    diff_options = [
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        "--relative",
        "--ignore-submodules",
        "-M",
        "--src-prefix=a/",
        "--dst-prefix=b/",
    ]
    names = _git_ok(root, ["diff", "-z", "--name-status", *diff_options, base])
    patch = _git_ok(root, ["diff", "-U0", *diff_options, base])
    result: dict[str, list[LineRange]] = {path: [] for path in _name_status_paths(names)}
    for path, ranges in _parse_patch(patch).items():
        result[path] = ranges
    untracked = _git_ok(root, ["ls-files", "-z", "--others", "--exclude-standard"])
    for raw in untracked.split(b"\0"):
        # nested repositories are listed as "dir/": their files belong to another repository
        if raw and not raw.endswith(b"/"):
            path = os.fsdecode(raw)
            result[path] = _whole_file(os.path.join(root, *path.split("/")))
    return dict(sorted(result.items()))


def function_changed(span: LineRange, ranges: Iterable[LineRange]) -> bool:
    """Whether any changed line falls within ``span`` (1-based, inclusive, whole function).

    The span is the function's full extent (decorators, signature, docstring and body), so an
    edit anywhere in it makes every sentence of its docstring worth checking again.
    """
    first, last = span
    return any(start <= last and end >= first for start, end in ranges)


def span_lines(span: _SpanLike) -> LineRange:
    """A graph ``Span`` (0-based rows) as 1-based inclusive lines; an end at column 0 of a row
    means the region stopped at the end of the row before."""
    first = span.start_line + 1
    last = span.end_line + 1 if span.end_col > 0 else span.end_line
    return first, max(first, last)


# --------------------------------------------------------------------------- running git


def _check_ref_syntax(ref: str) -> None:
    if not ref or not ref.strip():
        raise SinceError("expected a git ref (a branch, tag or commit), got an empty string")
    if ref.startswith("-"):
        raise SinceError(f"{ref!r} is not a git ref (refs never start with '-')")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in ref):
        raise SinceError(f"{ref!r} is not a git ref (it holds control characters)")


def _git(root: str, args: Sequence[str]) -> subprocess.CompletedProcess[bytes]:
    # Optional locks off: refreshing the index on a diff must not collide with the user's own
    # git commands (git status does the same).
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}
    command = ["git", "-c", "core.quotepath=false", *args]
    try:
        return subprocess.run(
            command,
            cwd=root,
            env=env,
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except FileNotFoundError:
        raise SinceError("git is not installed (or not on PATH)") from None
    except subprocess.TimeoutExpired:
        raise SinceError(f"git {args[0]} took over {GIT_TIMEOUT_S:.0f} s") from None
    except OSError as exc:
        raise SinceError(f"cannot run git: {exc}") from None


def _git_ok(root: str, args: Sequence[str]) -> bytes:
    proc = _git(root, args)
    if proc.returncode != 0:
        raise SinceError(f"git {args[0]} failed: {_last_line(proc.stderr)}")
    return proc.stdout


def _last_line(stderr: bytes) -> str:
    lines = [line for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no message"


def _resolve_commit(root: str, ref: str, unknown: str) -> str:
    proc = _git(root, ["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"])
    sha = proc.stdout.decode("ascii", "replace").strip()
    if proc.returncode != 0 or not re.fullmatch(r"[0-9a-f]{40,64}", sha):
        raise SinceError(unknown)
    return sha


def _merge_base(root: str, ref: str, target: str, head: str) -> str:
    proc = _git(root, ["merge-base", target, head])
    sha = proc.stdout.decode("ascii", "replace").strip()
    if proc.returncode == 0 and sha:
        return sha.splitlines()[0]
    message = f"{ref!r} and HEAD have no common ancestor"
    shallow = _git(root, ["rev-parse", "--is-shallow-repository"])
    if shallow.stdout.strip() == b"true":
        message += " in this shallow clone (fetch more history, e.g. git fetch --unshallow)"
    elif proc.returncode != 1:
        message += f" ({_last_line(proc.stderr)})"
    raise SinceError(message)


# --------------------------------------------------------------------------- parsing


def _name_status_paths(output: bytes) -> list[str]:
    """Paths as they are in the work tree (the new name of a rename or copy) from ``-z``
    ``--name-status`` output; deleted files keep their old name."""
    fields = output.split(b"\0")
    paths: list[str] = []
    i = 0
    while i < len(fields) and fields[i]:
        status = fields[i]
        width = 2 if status[:1] in (b"R", b"C") else 1
        names = fields[i + 1 : i + 1 + width]
        if names:
            paths.append(os.fsdecode(names[-1]))
        i += 1 + width
    return paths


def _parse_patch(patch: bytes) -> dict[str, list[LineRange]]:
    """New-file line ranges per path from ``git diff -U0`` output; a deleted file gets none."""
    result: dict[str, list[LineRange]] = {}
    old_path: str | None = None
    current: list[LineRange] | None = None
    deleted = False
    for line in patch.split(b"\n"):
        if line.startswith(b"diff --git "):
            old_path, current, deleted = None, None, False
        elif line.startswith(b"--- ") and current is None:
            old_path = _patch_path(line[4:], b"a/")
        elif line.startswith(b"+++ ") and current is None:
            new_path = _patch_path(line[4:], b"b/")
            deleted = new_path is None
            path = old_path if new_path is None else new_path
            if path is not None:
                current = result.setdefault(path, [])
        elif line.startswith(b"@@ ") and current is not None and not deleted:
            match = _HUNK.match(line)
            if match is None:
                continue
            start = int(match.group(1))
            count = 1 if match.group(2) is None else int(match.group(2))
            if count > 0:
                current.append((start, start + count - 1))
            else:
                # lines removed after new line `start` (0: at the top): both neighbours of
                # the gap count as touched
                current.append((max(start, 1), start + 1))
    return result


def _patch_path(raw: bytes, prefix: bytes) -> str | None:
    """The path on a ``---``/``+++`` line, ``None`` for ``/dev/null``.

    Git C-quotes names with control characters, quotes or backslashes, and ends an unquoted
    name that contains a space with a tab.
    """
    if raw.startswith(b'"'):
        name = _unquote_c(raw)
    else:
        name = raw[:-1] if raw.endswith(b"\t") else raw
        if name == b"/dev/null":
            return None
    if not name.startswith(prefix):
        return None
    return os.fsdecode(name[len(prefix) :])


def _unquote_c(quoted: bytes) -> bytes:
    """Undo git's C-style quoting (``"a\\tb\\303\\251"``) into the raw name bytes."""
    body = quoted[1 : quoted.rfind(b'"')] if quoted.count(b'"') >= 2 else quoted[1:]
    out = bytearray()
    i = 0
    while i < len(body):
        byte = body[i]
        if byte != ord("\\") or i + 1 >= len(body):
            out.append(byte)
            i += 1
            continue
        nxt = body[i + 1]
        octal = body[i + 1 : i + 4]
        if len(octal) == 3 and all(ord("0") <= b <= ord("7") for b in octal):
            out.append(int(octal, 8) & 0xFF)
            i += 4
        else:
            out.append(_C_ESCAPES.get(nxt, nxt))
            i += 2
    return bytes(out)


def _whole_file(path: str) -> list[LineRange]:
    """``[(1, n)]`` for a regular file of ``n`` lines; ``[]`` if empty, unreadable or special."""
    if os.path.islink(path) or not os.path.isfile(path):
        return []
    lines = 0
    last = b"\n"
    try:
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                lines += chunk.count(b"\n")
                last = chunk[-1:]
    except OSError:
        return []
    if last != b"\n":
        lines += 1
    return [(1, lines)] if lines else []
