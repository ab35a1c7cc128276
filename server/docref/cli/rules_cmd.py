"""``docref rule CODE`` and ``docref rules``: the rule catalog's documentation (like ``ruff rule``).

``docref rule C2-PARAM-TYPE`` prints what the rule flags, why, an example with its fix and how
to suppress it (a criterion, ``C2``, prints the criterion and its rules); ``docref rules`` lists
every code with its criterion, whether it is on by default and whether ``--fix`` fixes it, and
``docref rules --docs`` prints every rule's documentation (the shipped ``docs/rules.md``).
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from typing import Any

__all__ = ["add_rules_parsers"]


def add_rules_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    one = sub.add_parser("rule", help="explain a rule (or criterion) code: what, why, example, fix")
    one.add_argument("code", metavar="CODE", help="e.g. C2-PARAM-TYPE, or a criterion: C2")
    one.add_argument("--json", action="store_true", help="machine-readable output")
    one.set_defaults(func=rule)
    every = sub.add_parser("rules", help="list every rule code (--docs: all their documentation)")
    every.add_argument("--json", action="store_true", help="machine-readable output")
    every.add_argument("--docs", action="store_true", help="print every rule's documentation")
    every.set_defaults(func=rules)


def _row(code: str) -> dict[str, Any]:
    from docref.core.catalog import STATIC_RULES
    from docref.core.findings import Criterion
    from docref.core.rule_docs import rule_text
    from docref.fixes.static import FIXABLE_RULES

    info = STATIC_RULES.get(code)
    if info is None:
        criterion = Criterion(code)
        return {
            "code": code,
            "criterion": code,
            "tier": "llm",
            "summary": criterion.definition,
            "default": True,
            "fixable": False,
            "docs": rule_text(code),
        }
    return {
        "code": code,
        "criterion": info.criterion.value,
        "tier": "static",
        "summary": info.summary,
        "default": not info.opt_in,
        "fixable": code in FIXABLE_RULES,
        "docs": rule_text(code),
    }


def _codes() -> list[str]:
    from docref.core.catalog import STATIC_RULES
    from docref.core.findings import Criterion

    return [c.value for c in Criterion] + list(STATIC_RULES)


def rule(args: argparse.Namespace) -> int:
    code = args.code.strip().upper()
    codes = _codes()
    if code not in codes:
        close = difflib.get_close_matches(code, codes, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `docref rules` lists them"
        print(f"docref: error: unknown rule code {args.code!r}{hint}", file=sys.stderr)
        return 2
    row = _row(code)
    if args.json:
        print(json.dumps(row, indent=2))
    else:
        print(row["docs"], end="")
    return 0


def rules(args: argparse.Namespace) -> int:
    rows = [_row(c) for c in _codes()]
    if args.json:
        print(json.dumps(rows, indent=2))
    elif args.docs:
        from docref.core.rule_docs import rules_markdown

        print(rules_markdown(), end="")
    else:
        width = max(len(r["code"]) for r in rows)
        for r in rows:
            flags = ("fix " if r["fixable"] else "    ") + ("    " if r["default"] else "opt ")
            print(f"{r['code']:<{width}}  {r['tier']:<6}  {flags} {r['summary']}")
    return 0
