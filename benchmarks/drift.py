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
    python benchmarks/drift.py run FILE... [--label NAME] [--docref CMD] [--touched]
    python benchmarks/drift.py report RUN... --label NAME [--mined FILE...]
"""

from __future__ import annotations

import argparse
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

from drift_pairs import pairs
from precision import static_report, wilson

HERE = os.path.dirname(os.path.abspath(__file__))
_SKIP = re.compile(r"(^|/)(tests?|testing|docs?|examples?)(/|$)|(^|/)test_[^/]*\.py$|conftest")


def _git(gitdir: str, *args: str) -> str:
    return subprocess.run(
        ["git", "--git-dir", gitdir, *args], capture_output=True, text=True, check=True
    ).stdout


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


def _defined(gitdir: str, rev: str, pkg: str, name: str) -> bool:
    """Whether some module of the package at ``rev`` defines ``name`` (a def, a class or a
    top-level assignment): a helper the text named that the project had elsewhere."""
    pattern = rf"^\s*((async\s+)?def|class)\s+{re.escape(name)}\b|^{re.escape(name)}\s*[:=]"
    done = subprocess.run(
        ["git", "--git-dir", gitdir, "grep", "-q", "-E", pattern, rev, "--", f"{pkg}/*.py"],
        capture_output=True,
    )
    return done.returncode == 0


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
                for pair in pairs(old, new):
                    if pair["kind"] == "helper" and _defined(
                        args.gitdir, f"{sha}^", args.pkg, pair["old"]
                    ):
                        continue  # a class of another module (pydantic's ``BaseModel``)
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


def _findings(docref: list[str], root: str, paths: list[str] | None = None) -> list[dict[str, Any]]:
    """docref's findings on the package at ``root``; with ``paths``, on those files only (the
    whole package is still the project their names resolve in)."""
    cache = tempfile.mkdtemp(prefix="docref-drift-cache-")
    try:
        if paths is None:
            return list(static_report(docref, root, cache)["findings"])
        command = [*docref, "check", "--no-llm", "--format", "json", "--no-progress"]
        proc = subprocess.run(
            [*command, "--root", root, *[os.path.join(root, p) for p in paths]],
            capture_output=True,
            text=True,
            env={**os.environ, "DOCREF_CACHE_DIR": cache},
        )
        if proc.returncode not in (0, 1):
            sys.exit(f"{root}: docref exited {proc.returncode}\n{proc.stderr[-2000:]}")
        return list(json.loads(proc.stdout)["findings"])
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
            parent = os.path.dirname(data["pkg"].rstrip("/"))
            rel = len(parent) + 1 if parent else 0
            # only the touched files' findings are read: --touched checks just those
            paths = sorted({fix["path"][rel:] for fix in fixes}) if args.touched else None
            work = tempfile.mkdtemp(prefix="docref-drift-")
            try:
                a = _tree(data["gitdir"], f"{sha}^", data["pkg"], work + "/a")
                old = _findings(docref, a, paths)
                b = _tree(data["gitdir"], sha, data["pkg"], work + "/b")
                new = _findings(docref, b, paths)
            finally:
                shutil.rmtree(work, ignore_errors=True)
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
        lo, hi = max(lo, 0.0), min(hi, 1.0)  # no "-0" from rounding
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


def _key(fix: dict[str, Any]) -> tuple[str, str, str, str, str]:
    return (fix["commit"], fix["path"], fix["qualname"], fix["kind"], fix["old"])


def cmd_report(args: argparse.Namespace) -> None:
    """Runs pooled (corpora run one at a time), their rows kept to the fixes of ``--mined``
    files when given: a run of an older mining, read through a better miner."""
    rows: list[dict[str, Any]] = []
    controls: list[dict[str, Any]] = []
    for path in args.runs:
        with open(path) as fh:
            run = json.load(fh)
        rows += run["fixes"]
        controls += run["controls"]
    if args.mined:
        keep = set()
        for path in args.mined:
            with open(path) as fh:
                keep |= {_key(fix) for fix in json.load(fh)["fixes"]}
        rows = [r for r in rows if _key(r) in keep]
    _report(rows, controls, args.label)


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
    run.add_argument(
        "--touched",
        action="store_true",
        help="check only the files a fix touched, the package as their project (a large "
        "package's run is minutes; the measured rows are the same, see PRECISION.md)",
    )
    report = sub.add_parser("report")
    report.add_argument("runs", nargs="+", help="benchmarks/drift/LABEL.json files")
    report.add_argument("--label", required=True)
    report.add_argument("--mined", nargs="*", help="keep only the fixes these mined files hold")
    args = ap.parse_args()
    os.makedirs(os.path.join(HERE, "drift"), exist_ok=True)
    {"mine": cmd_mine, "run": cmd_run, "report": cmd_report}[args.cmd](args)


if __name__ == "__main__":
    main()
