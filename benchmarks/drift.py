"""Real drift mined from public git histories: docstrings that went stale and were fixed later.

A *fix* is a commit that changes a function's docstring and nothing else of it (same
parameters, return annotation and body) where the old docstring named something the code no
longer has and the new one names what the code has instead: a parameter entry or code-marked
name (```x```, ````x````, ``*x*``, ``:param x:``, ``x (type):``, ``x : type``) that is not a
parameter, replaced by a parameter that the old text did not name (``name`` kind), or a
helper/attribute of the file replaced by one that exists (``helper`` kind); or an entry's type
for the same parameter changed while the annotation did not (``type`` kind).  The parent
commit holds the drift, the commit the consistent text.

Each fix's project tree is checked before and after (``docref check --no-llm --format json``
on the package folder, a subprocess, a fresh cache): the drift is **caught** when a finding on
the function at the parent lies on a docstring line naming the old thing, **detected** when any
finding lands on the function at the parent and not at the fix; a **false alarm** is a finding
at the fix on a line the fix wrote (the corrected sentence is still flagged).  Every other
documented function of the touched files is a control: a finding there only after the fix is
counted too (the rate is over the fixed functions and the controls).

    python benchmarks/drift.py mine GITDIR PKG [--max-commits 4000] [--out FILE]
    python benchmarks/drift.py run FILE... [--label NAME] [--docref CMD]
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import static_report, wilson

HERE = os.path.dirname(os.path.abspath(__file__))
_SKIP = re.compile(r"(^|/)(tests?|testing|docs?|examples?)(/|$)|(^|/)test_[^/]*\.py$|conftest")
# a Sphinx role naming a label, a document or a glossary term marks no code name
_MARKED = re.compile(
    r"``(\w+)``|(?<!:ref:)(?<!:doc:)(?<!:term:)(?<![`\w])`(\w+)`(?![`\w])"
    r"|(?<![*\w])\*(\w+)\*(?![*\w])"
)
_ENTRY = re.compile(
    r":param\s+(?:[^:]*\s)?(\w+):|^\s*(\w+)\s*(?:\(([^)]*)\))?:\s|^\s*(\w+)\s+:\s*(\S.*)$", re.M
)
_TYPE = re.compile(r":type\s+(\w+):\s*(.+)$", re.M)
_DUNDER = re.compile(r"__\w+__")


def _git(gitdir: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", gitdir, *args], capture_output=True, text=True, check=True
    ).stdout


def _functions(text: str) -> dict[str, dict[str, Any]]:
    """Documented functions by qualname: signature, body without docstring, docstring lines."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return {}
    out: dict[str, dict[str, Any]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(child, clean=False)
                first = child.body[0] if child.body else None
                if doc is not None and isinstance(first, ast.Expr):
                    body = [ast.dump(b) for b in child.body[1:]]
                    params = [a.arg for a in [*child.args.posonlyargs, *child.args.args]]
                    params += [a.arg for a in child.args.kwonlyargs]
                    params += [a.arg for a in (child.args.vararg, child.args.kwarg) if a]
                    annotations = {
                        a.arg: ast.unparse(a.annotation)
                        for a in [*child.args.args, *child.args.kwonlyargs]
                        if a.annotation is not None
                    }
                    out[prefix + child.name] = {
                        "sig": ast.dump(child.args) + ast.dump(child.returns or ast.Pass()),
                        "body": body,
                        "doc": doc,
                        "lines": (first.lineno, first.end_lineno or first.lineno),
                        "params": params,
                        "annotations": annotations,
                    }
                visit(child, f"{prefix}{child.name}.")

    visit(tree, "")
    return out


def _identifiers(text: str) -> tuple[set[str], set[str]]:
    """(every identifier the file's code uses or binds, the names it defines)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return set(), set()
    used: set[str] = set()
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
            if isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
        elif isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.arg):
            used.add(node.arg)
        elif isinstance(node, ast.alias):
            used.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
    return used | defined, defined


_BUILTINS = set(dir(builtins))


def _code_shaped(word: str) -> bool:
    return (
        "_" in word.strip("_") or word.startswith("_") or re.search(r"[a-z][A-Z]", word) is not None
    )


def _tokens(doc: str) -> set[str]:
    found = {x for m in _MARKED.finditer(doc) for x in m.groups() if x}
    found |= {m[1] or m[2] or m[4] for m in _ENTRY.finditer(doc)}
    return {t for t in found if t and len(t) >= 2 and not t.isdigit()}


def _entry_names(doc: str) -> set[str]:
    return {m[1] or m[2] or m[4] for m in _ENTRY.finditer(doc)} - {None, ""}


def _entry_types(doc: str) -> dict[str, str]:
    types = {m[2]: m[3].strip() for m in _ENTRY.finditer(doc) if m[2] and m[3]}
    types |= {m[4]: m[5].strip() for m in _ENTRY.finditer(doc) if m[4] and m[5]}
    types |= {m[1]: m[2].strip() for m in _TYPE.finditer(doc)}
    return types


def _target_lines(text: str, span: tuple[int, int], word: str) -> list[int]:
    lines = text.splitlines()
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    return [n for n in range(span[0], span[1] + 1) if pattern.search(lines[n - 1])]


def _pairs(old: str, new: str) -> list[dict[str, Any]]:
    """The fixes between two versions of a file (see the module docstring)."""
    before, after = _functions(old), _functions(new)
    _, defined = _identifiers(new)
    # what the parent's code has: a name it defines (a function renamed in the fixing commit
    # itself) or, for a helper, any name it imports or uses, was no drift at the parent
    used_then, defined_then = _identifiers(old)
    out = []
    for qualname, b in before.items():
        a = after.get(qualname)
        if a is None or a["sig"] != b["sig"] or a["body"] != b["body"] or a["doc"] == b["doc"]:
            continue
        if a["doc"].split() == b["doc"].split():
            continue  # reflowed only
        entries_b = _entry_names(b["doc"])
        gone = _tokens(b["doc"]) - _tokens(a["doc"])
        added = _tokens(a["doc"]) - _tokens(b["doc"])
        params = set(a["params"])
        for old_word in sorted(gone):
            if old_word in params or old_word in defined or old_word in _BUILTINS:
                continue  # still exists: a rewording, not drift
            if old_word in defined_then or _DUNDER.fullmatch(old_word):
                continue  # the code had it at the parent, or every object has it
            if old_word[:1].isupper() and not _code_shaped(old_word):
                continue  # ``See: arXiv...`` read as an entry: a word, not a name
            if re.search(rf"(?<!\w){re.escape(old_word)}(?!\w)", a["doc"]):
                continue  # still named by the fixed text
            as_param = [w for w in sorted(added) if w in params]
            as_helper = [w for w in sorted(added) if w in defined and w not in params]
            if as_param and (old_word in entries_b or _code_shaped(old_word)):
                kind, new_word = "name", as_param[0]
            elif as_helper and _code_shaped(old_word) and old_word not in used_then:
                kind, new_word = "helper", as_helper[0]
            else:
                continue
            out.append(
                {
                    "qualname": qualname,
                    "kind": kind,
                    "old": old_word,
                    "new": new_word,
                    "target_lines": _target_lines(old, b["lines"], old_word),
                    "fixed_lines": _target_lines(new, a["lines"], new_word),
                }
            )
        tb, ta = _entry_types(b["doc"]), _entry_types(a["doc"])
        for name in sorted(params & set(tb) & set(ta)):
            if tb[name].split() != ta[name].split() and name in a["annotations"]:
                out.append(
                    {
                        "qualname": qualname,
                        "kind": "type",
                        "old": tb[name],
                        "new": ta[name],
                        "target_lines": _target_lines(old, b["lines"], name),
                        "fixed_lines": _target_lines(new, a["lines"], name),
                    }
                )
    return [p for p in out if p["target_lines"]]


class _Blobs:
    """``git cat-file --batch``: every file version of the walk through one process (a
    ``git show`` a file costs a process start, most of a mining run)."""

    def __init__(self, gitdir: str) -> None:
        self.proc = subprocess.Popen(
            ["git", "--git-dir", gitdir, "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def text(self, rev: str, path: str) -> str | None:
        """The file at ``rev:path``; None when it is missing there (added or deleted)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{rev}:{path}\n".encode())
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) != 3:
            return None  # "<object> missing"
        size = int(header[2])
        data = self.proc.stdout.read(size + 1)[:size]
        return data.decode("utf-8", errors="replace")

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def _commits(args: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """Non-merge commits touching the package, newest first, with the files each changed
    under it (one ``git log`` for the whole walk)."""
    grep = ["-i", "-E", f"--grep={args.grep}"] if args.grep else []
    out = _git(
        args.gitdir,
        "log",
        "--no-merges",
        "--name-only",
        "--format=%x00%H",
        f"-{args.max_commits}",
        *grep,
        "--",
        args.pkg,
    )
    commits = []
    for block in out.split("\0")[1:]:
        sha, *paths = block.split()
        commits.append((sha, paths))
    return commits


def cmd_mine(args: argparse.Namespace) -> None:
    commits = _commits(args)
    blobs = _Blobs(args.gitdir)
    found = []
    try:
        for sha, changed in commits:
            for path in changed:
                if not path.endswith(".py") or not path.startswith(args.pkg) or _SKIP.search(path):
                    continue
                old, new = blobs.text(f"{sha}^", path), blobs.text(sha, path)
                if old is None or new is None:
                    continue  # added or deleted
                for pair in _pairs(old, new):
                    found.append({"commit": sha, "path": path, **pair})
    finally:
        blobs.close()
    repo = os.path.basename(os.path.dirname(args.gitdir.rstrip("/"))).split("+")[-1]
    with open(args.out or os.path.join(HERE, "drift", f"{repo}.json"), "w") as fh:
        json.dump({"gitdir": args.gitdir, "pkg": args.pkg, "fixes": found}, fh, indent=1)
    print(f"{len(commits)} commits, {len(found)} fixes", file=sys.stderr)


def _tree(gitdir: str, rev: str, pkg: str, dest: str) -> str:
    archive = subprocess.run(
        ["git", "--git-dir", gitdir, "archive", "--format=tar", rev, pkg],
        capture_output=True,
        check=True,
    ).stdout
    os.makedirs(dest)
    path = os.path.join(dest, "archive.tar")
    with open(path, "wb") as fh:
        fh.write(archive)
    with tarfile.open(path) as tar:
        tar.extractall(dest, filter="data")
    os.remove(path)
    # the package's parent is the root: ``werkzeug.routing`` resolves as the package names it
    return os.path.join(dest, os.path.dirname(pkg.rstrip("/")))


def _findings(docref: list[str], root: str) -> list[dict[str, Any]]:
    cache = tempfile.mkdtemp(prefix="docref-drift-cache-")
    try:
        return list(static_report(docref, root, cache)["findings"])
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _on(findings: list[dict[str, Any]], path: str, qualname: str) -> list[dict[str, Any]]:
    return [f for f in findings if f["path"] == path and f["qualname"] == qualname]


def _hits(found: list[dict[str, Any]], lines: list[int]) -> bool:
    return any(f["line"] <= n <= f.get("end_line", f["line"]) for f in found for n in lines)


def cmd_run(args: argparse.Namespace) -> None:
    rows, controls = [], []
    docref = shlex.split(args.docref)
    for corpus in args.files:
        with open(corpus) as fh:
            data = json.load(fh)
        by_commit: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for fix in data["fixes"]:
            by_commit[fix["commit"]].append(fix)
        for sha, fixes in by_commit.items():
            work = tempfile.mkdtemp(prefix="docref-drift-")
            try:
                old = _findings(docref, _tree(data["gitdir"], f"{sha}^", data["pkg"], work + "/a"))
                new = _findings(docref, _tree(data["gitdir"], sha, data["pkg"], work + "/b"))
            finally:
                shutil.rmtree(work, ignore_errors=True)
            parent = os.path.dirname(data["pkg"].rstrip("/"))
            rel = len(parent) + 1 if parent else 0
            fixed = set()
            for fix in fixes:
                path = fix["path"][rel:]
                at_old, at_new = _on(old, path, fix["qualname"]), _on(new, path, fix["qualname"])
                fixed.add((path, fix["qualname"]))
                new_keys = {(f["rule"], f["message"]) for f in at_new}
                rows.append(
                    {
                        **fix,
                        "corpus": os.path.basename(corpus),
                        "caught": _hits(at_old, fix["target_lines"]),
                        "detected": any((f["rule"], f["message"]) not in new_keys for f in at_old),
                        "false_alarm": _hits(at_new, fix["fixed_lines"]),
                        "rules": sorted({f["rule"] for f in at_old}),
                        "after": [f["message"] for f in at_new],
                    }
                )
            touched = {fix["path"][rel:] for fix in fixes}
            before = {(f["path"], f["qualname"], f["rule"], f["message"]) for f in old}
            for f in new:
                key = (f["path"], f["qualname"], f["rule"], f["message"])
                unfixed = (f["path"], f["qualname"]) not in fixed
                if f["path"] in touched and unfixed and key not in before:
                    controls.append({"commit": sha, **f})
            print(f"{sha[:8]}: {len(fixes)} fixes", file=sys.stderr)
    _report(rows, controls, args.label)


def _report(rows: list[dict[str, Any]], controls: list[dict[str, Any]], label: str) -> None:
    def pct(k: int, n: int) -> str:
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        return f"{100 * k / n:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]" if n else "-"

    out = [
        "| kind | n | caught (Wilson 95%) | detected | false alarms on the fix |",
        "|---|---|---|---|---|",
    ]
    for kind in ("name", "helper", "type", None):
        rs = [r for r in rows if kind is None or r["kind"] == kind]
        fa = sum(r["false_alarm"] for r in rs)
        cells = [kind or "**all**", str(len(rs)), pct(sum(r["caught"] for r in rs), len(rs))]
        cells += [str(sum(r["detected"] for r in rs)), f"{fa} ({pct(fa, len(rs))})"]
        out.append("| " + " | ".join(cells) + " |")
    text = (
        "\n".join(out)
        + f"\n\nnew findings on unfixed functions of the touched files: {len(controls)}"
    )
    print(text)
    os.makedirs(os.path.join(HERE, "drift"), exist_ok=True)
    with open(os.path.join(HERE, "drift", f"{label}.json"), "w") as fh:
        json.dump({"table": text, "fixes": rows, "controls": controls}, fh, indent=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    mine = sub.add_parser("mine")
    mine.add_argument("gitdir")
    mine.add_argument("pkg", help="the package folder inside the repository, e.g. src/werkzeug")
    mine.add_argument("--max-commits", type=int, default=4000)
    mine.add_argument("--out")
    mine.add_argument(
        "--grep", default="", help="only commits whose message matches (extended regex, any case)"
    )
    run = sub.add_parser("run")
    run.add_argument("files", nargs="+")
    run.add_argument("--label", default="latest")
    run.add_argument("--docref", default=f"{sys.executable} -m docref")
    args = ap.parse_args()
    os.makedirs(os.path.join(HERE, "drift"), exist_ok=True)
    cmd_mine(args) if args.cmd == "mine" else cmd_run(args)


if __name__ == "__main__":
    main()
