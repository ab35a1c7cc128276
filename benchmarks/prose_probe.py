"""The prose probe: how well the static tier generalises to prose phrasings written apart from it.

``benchmarks/prose_probe/`` holds one small project per docstring style (Google, NumPy,
reST/Sphinx, Javadoc). Each case is one function whose docstring is stale in one prose way, or a
consistent control of the same shape (or a trap: English words that look like names, another
function's parameters, examples, type words used as modifiers). The comment line above a case
states what docref should do::

    # PROBE <shape> <stale|ctrl> <C1|C2|-> | <text of the sentence>

``manifest`` extracts those comments into ``prose_probe/manifest.json`` (written before docref
first ran on the set).

Two series, scored apart (``--series``): ``s15`` (the projects ``google``, ``numpy``, ``rest``,
``javadoc``; manifest ``manifest.json``), written in session 15 and tuned on since; ``s16``
(``google_s16`` ... ``javadoc_s16``; ``manifest_s16.json``), written in session 16 by another
author, again before reading the rule code, to measure how the s15 fixes generalise.

``run`` runs ``docref check --no-llm --format json`` on each project and
scores every case: a stale case is *caught* when a finding of its criterion on its function
covers the line of its sentence, *elsewhere* when findings land on the function but not so, else
*missed*; a control is a *false alarm* when any finding lands on it. It prints a table per shape
and writes JSON (``--out``, default ``benchmarks/out/prose_probe.json``).

    python benchmarks/prose_probe.py manifest [--series s16]
    python benchmarks/prose_probe.py run [--series s16] [--out FILE] [--enable RULE ...] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = os.path.join(HERE, "prose_probe")
# series -> (project folder suffix, manifest file)
SERIES = {"s15": ("", "manifest.json"), "s16": ("_s16", "manifest_s16.json")}
STYLES = ("google", "numpy", "rest", "javadoc")
_MARK = re.compile(r"^\s*(?:#|//) PROBE (\S+) (stale|ctrl) (C1|C2|-) \| (.+?)\s*$")
_PY_DEF = re.compile(r"^\s*def (\w+)\(")
_JAVA_METHOD = re.compile(r"(\w+)\s*\(")


def _case_name(lines: list[str], start: int, java: bool) -> str:
    """The function or method the case's comment stands above."""
    in_doc = False
    for line in lines[start:]:
        if java:
            stripped = line.strip()
            if stripped.startswith("/**"):
                in_doc = True
            if in_doc:
                in_doc = "*/" not in stripped
                continue
            match = _JAVA_METHOD.search(stripped)
            if match and not stripped.startswith(("@", "//")):
                return match.group(1)
        else:
            match = _PY_DEF.match(line)
            if match:
                return match.group(1)
    raise ValueError(f"no definition after line {start}")


def _at_line(lines: list[str], start: int, text: str) -> int:
    """1-based line of the case's sentence: the first line after its comment holding it."""
    for i in range(start + 1, len(lines)):
        if text.lower() in lines[i].lower():
            return i + 1
    raise ValueError(f"sentence {text!r} not found after line {start + 1}")


def _root(style: str, series: str) -> str:
    return os.path.join(PROBE, style + SERIES[series][0])


def _manifest(series: str) -> str:
    return os.path.join(PROBE, SERIES[series][1])


def extract(series: str = "s15") -> list[dict[str, Any]]:
    cases = []
    for style in STYLES:
        root = _root(style, series)
        for folder, _dirs, files in sorted(os.walk(root)):
            for name in sorted(files):
                if not name.endswith((".py", ".java")):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as fh:
                    lines = fh.read().splitlines()
                for i, line in enumerate(lines):
                    match = _MARK.match(line)
                    if not match:
                        continue
                    shape, kind, expect, text = match.groups()
                    cases.append(
                        {
                            "style": style,
                            "path": os.path.relpath(path, root),
                            "function": _case_name(lines, i + 1, name.endswith(".java")),
                            "shape": shape,
                            "kind": kind,
                            "expect": None if expect == "-" else expect,
                            "sentence": text,
                            "line": _at_line(lines, i, text),
                        }
                    )
    return cases


def _run_docref(style: str, series: str, enable: list[str]) -> list[dict[str, Any]]:
    root = _root(style, series)
    cmd = [sys.executable, "-m", "docref", "check", "--no-llm", "--format", "json", "--no-cache"]
    cmd += ["--no-progress", "--exit-zero", "--root", root, "--jobs", "1"]
    for rule in enable:
        cmd += ["--enable", rule]
    done = subprocess.run([*cmd, root], capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"docref failed on {style}: {done.stderr[-2000:]}")
    findings: list[dict[str, Any]] = json.loads(done.stdout)["findings"]
    return findings


def _on(case: dict[str, Any], finding: dict[str, Any]) -> bool:
    qual = finding.get("qualname") or ""
    same_file = os.path.normpath(finding["path"]).endswith(os.path.normpath(case["path"]))
    return same_file and (qual == case["function"] or qual.endswith("." + case["function"]))


def score(
    cases: list[dict[str, Any]], findings: dict[str, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    rows = []
    for case in cases:
        mine = [f for f in findings[case["style"]] if _on(case, f)]
        if case["kind"] == "ctrl":
            outcome = "false-alarm" if mine else "quiet"
        elif any(
            f["criterion"] == case["expect"] and f["line"] <= case["line"] <= f["end_line"]
            for f in mine
        ):
            outcome = "caught"
        else:
            outcome = "elsewhere" if mine else "missed"
        rows.append(
            {
                **case,
                "outcome": outcome,
                "findings": [{k: f[k] for k in ("rule", "line", "message")} for f in mine],
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    groups: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        for key in (
            (row["shape"], row["style"]),
            (row["shape"], "all"),
            ("ALL", row["style"]),
            ("ALL", "all"),
        ):
            groups[key][row["outcome"]] += 1
            groups[key][row["kind"]] += 1
    head = (
        f"{'shape':14} {'style':8} {'stale':>5} {'caught':>6} {'else':>5} {'missed':>6}   "
        f"{'ctrl':>4} {'false':>5}"
    )
    out = [head, "-" * len(head)]

    def order(key: tuple[str, str]) -> tuple[bool, str, bool, str]:
        return (key[0] == "ALL", key[0], key[1] == "all", key[1])

    for (shape, style), n in sorted(groups.items(), key=lambda kv: order(kv[0])):
        out.append(
            f"{shape:14} {style:8} {n['stale']:>5} {n['caught']:>6} {n['elsewhere']:>5} "
            f"{n['missed']:>6}   "
            f"{n['ctrl']:>4} {n['false-alarm']:>5}"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", choices=("manifest", "run"))
    parser.add_argument("--series", choices=sorted(SERIES), default="s15")
    parser.add_argument("--out", help="default benchmarks/out/prose_probe[_SERIES].json")
    parser.add_argument("--enable", action="append", default=[], help="an opt-in rule to turn on")
    parser.add_argument("--verbose", action="store_true", help="list every miss and false alarm")
    args = parser.parse_args()
    manifest = _manifest(args.series)
    if args.out is None:
        tail = "" if args.series == "s15" else "_" + args.series
        args.out = os.path.join(HERE, "out", f"prose_probe{tail}.json")
    if args.command == "manifest":
        cases = extract(args.series)
        with open(manifest, "w", encoding="utf-8") as fh:
            json.dump(cases, fh, indent=1)
            fh.write("\n")
        stale = sum(c["kind"] == "stale" for c in cases)
        print(f"{len(cases)} cases ({stale} stale, {len(cases) - stale} controls) -> {manifest}")
        return
    with open(manifest, encoding="utf-8") as fh:
        cases = json.load(fh)
    if cases != extract(args.series):
        raise SystemExit("manifest.json is out of date with the PROBE comments: run `manifest`")
    findings = {style: _run_docref(style, args.series, args.enable) for style in STYLES}
    rows = score(cases, findings)
    print(table(rows))
    if args.verbose:
        for row in rows:
            if row["outcome"] in ("missed", "elsewhere", "false-alarm"):
                got = "; ".join(f"{f['rule']}@{f['line']}" for f in row["findings"])
                print(
                    f"{row['outcome']:11} {row['style']:7} {row['shape']:12} "
                    f"{row['function']:18} {row['sentence'][:50]!r} {got}"
                )
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    stale = [r for r in rows if r["kind"] == "stale"]
    ctrl = [r for r in rows if r["kind"] == "ctrl"]
    summary = {
        "stale": len(stale),
        "caught": sum(r["outcome"] == "caught" for r in stale),
        "controls": len(ctrl),
        "false_alarms": sum(r["outcome"] == "false-alarm" for r in ctrl),
        "series": args.series,
        "enabled": args.enable,
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump({"summary": summary, "cases": rows}, fh, indent=1)
        fh.write("\n")
    print(
        f"caught {summary['caught']}/{summary['stale']}, false alarms "
        f"{summary['false_alarms']}/{summary['controls']} -> {args.out}"
    )


if __name__ == "__main__":
    main()
