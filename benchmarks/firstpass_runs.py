"""Every finding of a round's first pass, rebuilt from the code the judges ran (session 17, conv).

The judged rows of a round are a sample; an analysis that needs every finding the judges' code
reported (how big a finding's group was, what else fired in the project) needs the whole run of
that code, and the runs kept outside the repository cover only rounds 19-22.  A set's first-pass
commit is in its PRECISION.md heading; this script extracts that commit's ``server/`` with ``git
archive`` (nothing checked out, no worktree) and runs its ``docref check --no-llm --format json``
on the set's corpora, as ``precision.py run`` does, into ``benchmarks/out/firstpass/SET/``.

    nice -n 10 python benchmarks/firstpass_runs.py run --set r14 [--set r15 ...]
    python benchmarks/firstpass_runs.py coverage --set r14 ...   # first-pass verdicts matched

``coverage`` is the check that the rebuild is the judges' run: every first-pass verdict of the
set should match a finding (r14-r17c: 728 of 728).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from precision import finding_key, load_corpora, load_judged, static_report
from precision_shapes import corpus_sets, first_pass

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out", "firstpass")
# the commit each set's first pass ran (PRECISION.md's round headings and corpora.toml)
FIRST_COMMIT = {
    "r14": "6547933",
    "r15": "7296c6e",
    "r16": "51a2827",
    "r16b": "51a2827",
    "r16c": "51a2827",
    "r16d": "51a2827",
    "r16e": "51a2827",
    "r16f": "51a2827",
    "r17": "54a4cea",
    "r17b": "4b1f03b",
    "r17c": "173ebec",
    "r19": "5651ecc",
    "r20": "e0f010c",
    "r21": "20a1261",
    "r22": "20a1261",
}
CORPORA = ["/work/corpora", "/work/notes/private/r21/corpora", "/work/notes/private/r22/corpora"]


def server_of(commit: str) -> str:
    """The commit's ``server/`` unpacked once under the temp folder (``git archive``)."""
    dest = os.path.join(tempfile.gettempdir(), f"docref-firstpass-{commit}")
    if not os.path.isdir(os.path.join(dest, "server")):
        os.makedirs(dest, exist_ok=True)
        archive = subprocess.run(
            ["git", "-C", os.path.dirname(HERE), "archive", commit, "server"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", dest], input=archive.stdout, check=True)
    return os.path.join(dest, "server")


def corpus_root(name: str, roots: list[str]) -> str | None:
    for base in roots:
        if os.path.isdir(os.path.join(base, name)):
            return os.path.join(base, name)
    return None


def cmd_run(args: argparse.Namespace) -> None:
    for corpus_set in args.set:
        commit = FIRST_COMMIT.get(corpus_set)
        if commit is None:
            sys.exit(f"{corpus_set}: no first-pass commit known (FIRST_COMMIT)")
        os.environ["PYTHONPATH"] = server_of(commit)
        cache = tempfile.mkdtemp(prefix="docref-firstpass-cache-")
        out_dir = os.path.join(OUT, corpus_set)
        os.makedirs(out_dir, exist_ok=True)
        for corpus in load_corpora(corpus_set):
            out = os.path.join(out_dir, corpus["name"] + ".json")
            root = corpus_root(corpus["name"], args.corpora)
            if corpus["lang"] != "python" or os.path.exists(out):
                continue
            if root is None:
                print(f"{corpus_set} {corpus['name']}: no corpus under {args.corpora}")
                continue
            report = static_report(["docref"], root, cache)
            report["commit"] = commit
            with open(out, "w", encoding="utf-8") as fh:
                json.dump(report, fh)
            print(f"{corpus_set} {commit} {corpus['name']}: {len(report['findings'])} findings")


def cmd_coverage(args: argparse.Namespace) -> None:
    judged, sets = load_judged("python"), corpus_sets()
    for corpus_set in args.set:
        wanted = {
            k
            for k, r in judged.items()
            if sets.get(r["corpus"]) == corpus_set and first_pass(r, sets)
        }
        found = set()
        for corpus in load_corpora(corpus_set):
            path = os.path.join(OUT, corpus_set, corpus["name"] + ".json")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as fh:
                    found |= {finding_key(corpus["name"], f) for f in json.load(fh)["findings"]}
        print(f"{corpus_set}: {len(wanted & found)} of {len(wanted)} first-pass verdicts matched")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("run", "coverage"):
        p = sub.add_parser(name)
        p.add_argument("--set", action="append", required=True)
        p.add_argument("--corpora", nargs="*", default=CORPORA)
    args = ap.parse_args()
    {"run": cmd_run, "coverage": cmd_coverage}[args.cmd](args)


if __name__ == "__main__":
    main()
