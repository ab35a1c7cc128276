"""``docref check``: the static tier over files or folders, for people and for CI.

Exit codes: 0 no findings, 1 findings, 2 usage error or a check that could not run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from docref.cli.commands import find_root

if TYPE_CHECKING:
    from docref.checks.static.runner import FileReport
    from docref.graph.project import ProjectGraph


def check(args: argparse.Namespace) -> int:
    from docref.checks.static.runner import check_file
    from docref.graph.project import ProjectGraph

    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"docref: error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    root = os.path.abspath(args.root) if args.root else find_root(args.paths[0])
    graph = ProjectGraph(root, use_cache=not args.no_cache)
    graph.index()
    targets = _targets(graph, [os.path.abspath(p) for p in args.paths])
    if not targets:
        print(
            "docref: warning: no indexable Python or Java files under the given paths",
            file=sys.stderr,
        )
    reports: list[FileReport] = [check_file(graph, rel) for rel in targets]
    findings = [f for r in reports for f in r.findings]
    errors = [e for r in reports for e in r.errors]
    if args.format == "json":
        print(json.dumps(_json(reports), indent=2))
    else:
        for f in findings:
            (line, col), _ = f.range
            print(f"{f.path}:{line + 1}:{col + 1}: {f.criterion} [{f.rule}] {f.message}")
        for e in errors:
            print(f"error: {e}", file=sys.stderr)
        checked = sum(r.functions for r in reports)
        print(
            f"{len(findings)} finding(s) in {len(reports)} file(s), "
            f"{checked} documented function(s) checked (static tier)",
            file=sys.stderr,
        )
    if errors:
        return 2
    return 1 if findings else 0


def _targets(graph: ProjectGraph, paths: list[str]) -> list[str]:
    """Indexed files under the given paths (files or folders), workspace-relative, sorted."""
    wanted: list[str] = []
    rels = [graph.relpath(p) for p in paths]
    for rel in sorted(graph.files):
        for want in rels:
            if want in (".", "") or rel == want or rel.startswith(want.rstrip("/") + "/"):
                wanted.append(rel)
                break
    return wanted


def _json(reports: list[FileReport]) -> dict[str, Any]:
    return {
        "tier": "static",
        "files": len(reports),
        "functions": sum(r.functions for r in reports),
        "findings": [f.to_json() for r in reports for f in r.findings],
        "errors": [e for r in reports for e in r.errors],
    }
