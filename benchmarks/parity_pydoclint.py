"""Parity evidence: docref's static tier against pydoclint on pydoclint's own test corpus (issue 3).

For each style folder of pydoclint's ``tests/test_data`` (google, numpy, sphinx) the script runs
pydoclint (options in ``PYDOCLINT_OPTIONS``) and ``docref check --format json`` twice (default
rules, then ``--enable DOC-PARAM-MISSING``), keeps the pydoclint violations of the checks both
tools cover (``MAPPING``) and aligns them with docref's findings by (file, function, code <->
rule, parameter or exception name).  A pydoclint violation docref does not match is classified
mechanically where the reason is mechanical (a completeness half, no annotation, one type spelled
two ways) and otherwise by the hand verdicts in PARITY.md ("Hand verdicts" table, fnmatch
patterns); one with neither stays "unreviewed" and counts as a true miss.  docref findings of
the covered rules that pydoclint lacks are extras, judged in the same table.  The records, the
corpus index and the classifier live in ``parity_classify.py``; this file runs the tools,
aligns and reports.

    python benchmarks/parity_pydoclint.py /tmp/pydoclint_data --pydoclint /tmp/pdl/bin/pydoclint

The corpus is other people's code: fetch it into a scratch folder, never into this repository.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from parity_classify import (
    EXTRA_STATUSES,
    MAPPING,
    UNIT_STATUSES,
    Case,
    FileIndex,
    StyleRun,
    Verdict,
    classify,
    function_key,
    index_file,
    load_verdicts,
    split_top_level,
)

STYLES = ("google", "numpy", "sphinx")
PYDOCLINT_OPTIONS = (
    # docref checks one-line docstrings too; pydoclint skips them by default.
    "--skip-checking-short-docstrings=False",
    # docref checks the .pyi files of a folder; pydoclint only when asked.
    "--include-stub-files=True",
    "--show-filenames-in-every-violation-message=True",
    "--quiet",
)
ENABLE_RUN = "DOC-PARAM-MISSING"
TABLE_COLUMNS = ["style", "code", "rules", "pydoclint", "matched", "miss", "true_miss"]
TABLE_COLUMNS += ["unreviewed", "design", "wrong", "scope"]
OVERLAP_RULES = frozenset().union(*(m.rules for m in MAPPING.values()))
NOT_COVERED = {
    "DOC201": "no Returns section (completeness)",
    "DOC501": "raise not documented (completeness)",
    "DOC503-body": "raised but not documented (completeness)",
}

_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<code>DOC\d{3}): (?P<msg>.*)$")
_NAMED = re.compile(r"^(?:Function|Method|Class|Function/method) `(?P<name>[^`]+)`")
_DOC_EXTRA = re.compile(r"in the docstring but not in the function signature: (\[.*?\])\.")
_SIG_EXTRA = re.compile(r"in the function signature but not in the docstring: (\[.*?\])\.")
_DOC105_ARGS = re.compile(r"do not match: (.*)$")
_RAISED = re.compile(r"in the docstring: (\[.*?\])\. Raised exceptions in the body: (\[.*?\])")
_WORD = re.compile(r"[A-Za-z_][\w.]*")


def _listed(text: str) -> list[str]:
    """Names of a pydoclint list ``[arg1: int, arg2: Dict[str, int]]`` or ``['TypeError']``."""
    parts = split_top_level(text.strip()[1:-1])
    return [n for n in (p.split(":", 1)[0].strip(" '\"") for p in parts) if n]


# --- running both tools ---------------------------------------------------------------------


def run_pydoclint(exe: str, folder: Path, style: str) -> tuple[list[re.Match[str]], list[str]]:
    """pydoclint's violations in ``folder`` (paths relative to it) and lines it could not read."""
    command = [exe, f"--style={style}", *PYDOCLINT_OPTIONS, "."]
    try:
        done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    except OSError as exc:
        return [], [f"pydoclint {style}: cannot run {exe}: {exc}"]
    matches, problems = [], []
    for line in (done.stdout + done.stderr).splitlines():
        if (match := _LINE.match(line.strip())) is not None:
            matches.append(match)
        elif line.strip() and not line.startswith("Skipping files"):
            problems.append(f"pydoclint {style}: unread output line: {line.strip()[:120]}")
    if done.returncode not in (0, 1):
        problems.append(f"pydoclint {style}: exit {done.returncode}")
    return matches, problems


def run_docref(exe: str, folder: Path, enable: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """docref's findings in ``folder`` from ``docref check --format json`` (fresh cache)."""
    command = [exe, "check", "--format", "json", "--no-progress", "--root", str(folder)]
    command += ["--enable", ENABLE_RUN] if enable else []
    with tempfile.TemporaryDirectory(prefix="docref-parity-") as cache:
        env = {**os.environ, "DOCREF_CACHE_DIR": cache}
        try:
            done = subprocess.run(
                [*command, str(folder)], capture_output=True, text=True, env=env, check=False
            )
        except OSError as exc:
            return [], [f"docref: cannot run {exe}: {exc}"]
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return [], [f"docref exit {done.returncode}, no JSON: {done.stderr.strip()[:300]}"]
    problems = [f"docref: {e}" for e in report.get("errors", []) + report.get("warnings", [])]
    return list(report.get("findings", [])), problems


# --- alignment ------------------------------------------------------------------------------


def units_of(
    style: str, match: re.Match[str], indexes: dict[str, FileIndex], run: StyleRun
) -> list[Case]:
    """The overlap units of one pydoclint violation (one per name where it lists names)."""
    path, line = os.path.normpath(match["path"]), int(match["line"])
    code, msg = match["code"], match["msg"]
    named = _NAMED.match(msg)
    qualname = indexes[path].by_line.get(line) if path in indexes else None
    function = function_key(qualname or (named["name"] if named else f"<line {line}>"))
    pieces: list[tuple[str, str]] = []
    if code == "DOC103":
        for pattern, half in ((_DOC_EXTRA, "DOC103-doc"), (_SIG_EXTRA, "DOC103-sig")):
            if (found := pattern.search(msg)) is not None:
                pieces += [(half, name) for name in _listed(found[1])]
    elif code == "DOC105" and (found := _DOC105_ARGS.search(msg)) is not None:
        pieces = [(code, name.strip()) for name in found[1].split(",")]
    elif code == "DOC503" and (found := _RAISED.search(msg)) is not None:
        documented, raised = _listed(found[1]), _listed(found[2])
        pieces = [("DOC503-doc", n) for n in documented if n not in raised]
        run.not_covered["DOC503-body"] += sum(n not in documented for n in raised)
    elif code in MAPPING:
        pieces = [(code, "")]
    elif code in NOT_COVERED:
        run.not_covered[code] += 1
    return [Case(style, half, path, function, item, line, msg) for half, item in pieces]


def finding_key(finding: dict[str, Any]) -> tuple[str, str]:
    return os.path.normpath(str(finding["path"])), function_key(str(finding["qualname"]))


# C3-RETURNS-YIELDS covers three pydoclint questions; a finding answers only its own one.
_RETURNS_YIELDS_TOPIC = {
    "DOC202": "documents a return value, but",
    "DOC203": "documents a return value, but",
    "DOC402": "is a generator: use Yields",
    "DOC403": "documents yielded values, but",
    "DOC404": "documents yielded values, but",
}


def _same_topic(code: str, finding: dict[str, Any]) -> bool:
    """A C3-RETURNS-YIELDS finding about Yields does not answer a complaint about Returns
    (``A.method9c``: DOC203 is "no Returns section", the finding is "Yields on ``-> str``")."""
    topic = _RETURNS_YIELDS_TOPIC.get(code)
    if finding["rule"] != "C3-RETURNS-YIELDS" or topic is None:
        return True
    message = str(finding["message"])
    return topic in message and not (code != "DOC402" and "use Yields" in message)


def align(run: StyleRun, default: list[dict[str, Any]], enabled: list[dict[str, Any]]) -> None:
    """Match units to findings; overlap-rule findings no unit used become extras."""
    used: set[int] = set()
    for unit in run.units:
        mapping = MAPPING[unit.check]
        for finding in enabled if mapping.completeness else default:
            if (
                finding_key(finding) == (unit.path, unit.function)
                and finding["rule"] in mapping.rules
                and (not unit.item or unit.item.lstrip("*") in _WORD.findall(finding["message"]))
                and _same_topic(unit.check, finding)
            ):
                used.add(id(finding))
                unit.status = "matched"
    candidates = [f for f in default if f["rule"] != ENABLE_RUN]
    candidates += [f for f in enabled if f["rule"] == ENABLE_RUN]
    for f in candidates:
        if f["rule"] in OVERLAP_RULES and id(f) not in used:
            path, function = finding_key(f)
            run.extras.append(
                Case(run.style, f["rule"], path, function, "", f["line"], f["message"])
            )


# --- report ---------------------------------------------------------------------------------


def measure(corpus: Path, style: str, tools: tuple[str, str], verdicts: list[Verdict]) -> StyleRun:
    """Run both tools on one style folder, align and classify."""
    run, folder = StyleRun(style), corpus / style
    if not folder.is_dir():
        run.problems.append(f"{folder}: no such folder, style skipped")
        return run
    indexes = {
        os.path.relpath(p, folder): index_file(p)
        for p in sorted(folder.rglob("*.py*"))
        if p.suffix in (".py", ".pyi")
    }
    violations, problems = run_pydoclint(tools[0], folder, style)
    default, default_problems = run_docref(tools[1], folder, enable=False)
    enabled, enabled_problems = run_docref(tools[1], folder, enable=True)
    run.problems += problems + default_problems + enabled_problems
    for violation in violations:
        run.units += units_of(style, violation, indexes, run)
    align(run, default, enabled)
    classify(run, indexes, verdicts)
    return run


def table(runs: list[StyleRun]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Counts per style x pydoclint code, and docref extras per style x rule."""
    rows: list[dict[str, Any]] = []
    extra_rows: list[dict[str, Any]] = []
    for run in runs:
        for code, mapping in MAPPING.items():
            status = Counter(u.status for u in run.units if u.check == code)
            if status:
                rules = ", ".join(sorted(mapping.rules))
                rows.append({"style": run.style, "code": code, "rules": rules})
                rows[-1] |= {"pydoclint": status.total(), **{s: status[s] for s in UNIT_STATUSES}}
                rows[-1]["true_miss"] = status["miss"] + status["unreviewed"]
        for rule in sorted(OVERLAP_RULES):
            status = Counter(e.status for e in run.extras if e.check == rule)
            if status:
                extra_rows.append({"style": run.style, "rule": rule, "extras": status.total()})
                extra_rows[-1] |= {s: status[s] for s in EXTRA_STATUSES}
    return rows, extra_rows


def markdown(rows: list[dict[str, Any]], columns: list[str]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(r.get(c, 0)) for c in columns) + " |" for r in rows]
    return "\n".join(lines)


def _print_details(run: StyleRun) -> None:
    for case in [*(u for u in run.units if u.status != "matched"), *run.extras]:
        kind = "extra/" if case in run.extras else ""
        where = f"{case.path}::{case.function}::{case.item or case.line}"
        print(
            f"{run.style} {kind}{case.status} {case.check} {where} | {case.reason} | "
            f"{case.message[:160]}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="pydoclint's tests/test_data folder")
    parser.add_argument("--pydoclint", default="pydoclint", help="pydoclint executable")
    parser.add_argument("--docref", default=str(Path(sys.executable).with_name("docref")))
    parser.add_argument("--styles", nargs="+", default=list(STYLES), choices=STYLES)
    parser.add_argument("--verdicts", type=Path, default=Path(__file__).with_name("PARITY.md"))
    parser.add_argument("--json-out", type=Path, default=Path("benchmarks/out/parity.json"))
    parser.add_argument("--details", action="store_true", help="list every non-match")
    args = parser.parse_args(argv)
    try:
        version = subprocess.run(
            [args.pydoclint, "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"error: cannot run pydoclint ({args.pydoclint}): {exc}", file=sys.stderr)
        return 2
    verdicts, problems = load_verdicts(args.verdicts)
    tools = (args.pydoclint, args.docref)
    runs = [measure(args.corpus, style, tools, verdicts) for style in args.styles]
    # Only a complete run can tell a stale row from one whose style or tool did not run.
    if set(args.styles) == set(STYLES) and not any(run.problems for run in runs):
        problems += [f"verdict `{v.pattern}` matched nothing" for v in verdicts if not v.used]
    problems += [p for run in runs for p in run.problems]
    rows, extra_rows = table(runs)
    print(markdown(rows, TABLE_COLUMNS))
    print("\n" + markdown(extra_rows, ["style", "rule", "extras", *EXTRA_STATUSES]))
    for run in runs:
        for code, count in sorted(run.not_covered.items()):
            print(f"{run.style}: {count} x {code} not covered ({NOT_COVERED[code]})")
        if args.details:
            _print_details(run)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    result = {
        "pydoclint": version,
        "pydoclint_command": f"pydoclint --style=STYLE {' '.join(PYDOCLINT_OPTIONS)} .",
        "docref_command": "DOCREF_CACHE_DIR=$(mktemp -d) docref check --format json "
        f"--no-progress [--enable {ENABLE_RUN}] --root STYLE_DIR STYLE_DIR",
        "python": platform.python_version(),
        "machine": platform.platform(),
        "table": rows,
        "extras_table": extra_rows,
        "not_covered": {r.style: dict(r.not_covered) for r in runs},
        "non_matched": [asdict(u) for r in runs for u in r.units if u.status != "matched"],
        "extras": [asdict(e) for r in runs for e in r.extras],
        "problems": problems,
    }
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
