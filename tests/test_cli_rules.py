"""Rule codes: ``docref rule CODE`` / ``docref rules`` (subprocess), the shipped ``docs/rules.md``
the editor links to, and the text output's ``path:line:col: RULE-ID message``."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from docref.core.catalog import STATIC_RULES
from docref.core.rule_docs import RULE_DOCS, rule_anchor, rules_markdown
from docref.fixes.static import FIXABLE_RULES

from tests.helpers import REPO, docref_env, run_docref

RULES_MD = REPO / "server/docref/docs/rules.md"


def _docref(*args: str) -> subprocess.CompletedProcess[str]:
    return run_docref(args, cwd=REPO, env=dict(os.environ), timeout=60)


def test_rule_prints_what_why_example_fix_and_suppression() -> None:
    proc = _docref("rule", "c2-param-type")  # case does not matter
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert text.startswith("# C2-PARAM-TYPE\n")
    for heading in ("## What it flags", "## Why", "## Example", "## Fix", "## How to suppress"):
        assert heading in text
    assert STATIC_RULES["C2-PARAM-TYPE"].summary in text
    assert "value (str): the input." in text and "value (int): the input." in text
    assert "# docref: ignore[C2-PARAM-TYPE]" in text
    assert "docref check --fix" in text  # a fixable rule says so


def test_rule_for_a_criterion_lists_its_rules() -> None:
    proc = _docref("rule", "C3")
    assert proc.returncode == 0
    assert proc.stdout.startswith("# C3 Functionality inconsistency")
    assert "C3-RAISES" in proc.stdout and "C3-RETURNS-YIELDS" in proc.stdout


def test_unknown_rule_is_a_usage_error_with_did_you_mean() -> None:
    proc = _docref("rule", "C2-PARAM-TYP")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "unknown rule code 'C2-PARAM-TYP'; did you mean C2-PARAM-TYPE" in proc.stderr


def test_rules_json_lists_every_code_with_fixability() -> None:
    proc = _docref("rules", "--json")
    assert proc.returncode == 0
    rows = {r["code"]: r for r in json.loads(proc.stdout)}
    assert set(rows) == {"C1", "C2", "C3", "C4", *STATIC_RULES}
    assert {c for c, r in rows.items() if r["fixable"]} == FIXABLE_RULES
    assert rows["DOC-PARAM-MISSING"]["default"] is False
    assert rows["C4"]["tier"] == "llm" and rows["C2-RETURN-TYPE"]["tier"] == "static"
    # the listing: one line per code
    listing = _docref("rules").stdout.splitlines()
    assert len(listing) == len(rows)
    assert listing[4].startswith("C1-PARAM-UNKNOWN ")


def test_every_rule_is_documented_and_the_shipped_page_is_current() -> None:
    assert set(RULE_DOCS) == set(STATIC_RULES)
    # regenerate with: python -m docref.core.rule_docs > server/docref/docs/rules.md
    assert RULES_MD.read_text(encoding="utf-8") == rules_markdown()
    text = RULES_MD.read_text(encoding="utf-8")
    for code in STATIC_RULES:
        # the anchor the editor links to is the slug of the rule's own heading
        assert f"\n## {code}\n" in text and rule_anchor(code) == code.lower()
    assert rule_anchor("C2") == "c2-type-inconsistency" and "\n## C2 Type inconsistency\n" in text
    assert _docref("rules", "--docs").stdout == text


def test_text_output_shows_rule_ids(tmp_path: Path) -> None:
    proc = run_docref(
        ["check", "examples/shop/shop/cart.py"], cwd=REPO, env=docref_env(tmp_path / "cache")
    )
    assert proc.returncode == 1
    codes = sorted(line.split(": ", 2)[1].split()[0] for line in proc.stdout.splitlines())
    assert codes == ["C1-PARAM-UNKNOWN", "C1-XREF-UNRESOLVED", "C2-RETURN-TYPE", "C3-RAISES"]
