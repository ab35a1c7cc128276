"""mkdocs hook: one page per rule, generated from docref's rule catalog at build time.

``rules/<CODE>.md`` is exactly what ``docref rule CODE`` prints (``docref.core.rule_docs``), and
``rules/index.md`` lists every code, so the site, the CLI and the editor's ``codeDescription``
cannot drift apart: nothing generated is committed.
"""

from __future__ import annotations

from typing import Any

from docref.core.catalog import STATIC_RULES
from docref.core.findings import Criterion
from docref.core.rule_docs import rule_text
from mkdocs.structure.files import File, Files


def _index() -> str:
    rows = [
        "# Rules",
        "",
        "Every code docref reports. The criteria (C1 to C4) are what the model judges; the static",
        "rules are proven from the code with no model. `docref rule CODE` prints the same page.",
        "",
        "| code | criterion | what it flags |",
        "|---|---|---|",
    ]
    for criterion in Criterion:
        rows.append(
            f"| [{criterion.value}]({criterion.value}.md) | {criterion.label} | "
            f"{criterion.display_name} (the model's judgement) |"
        )
    for rule in STATIC_RULES.values():
        opt_in = " (opt-in)" if rule.opt_in else ""
        rows.append(
            f"| [{rule.id}]({rule.id}.md) | {rule.criterion.label} | {rule.summary}{opt_in} |"
        )
    return "\n".join(rows) + "\n"


def on_files(files: Files, config: Any) -> Files:
    """Add the generated rule pages to the site's files."""
    codes = [criterion.value for criterion in Criterion] + list(STATIC_RULES)
    for code in codes:
        text = rule_text(code)
        if text is None:  # the catalog names a code its documentation does not know
            raise ValueError(f"rule {code} has no documentation in docref.core.rule_docs")
        files.append(File.generated(config, f"rules/{code}.md", content=text))
    files.append(File.generated(config, "rules/index.md", content=_index()))
    return files
