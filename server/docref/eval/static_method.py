"""The ``static`` method: docref's deterministic tier alone, as a zero-cost baseline.

Dataset items are snippets (one method) plus a summary, not files, so each item becomes a
one-file project in a temporary directory:

* Java: ``class <class_name> { /** <summary> */ <method> }`` -- the summary as the method's
  Javadoc (``*/`` inside it is escaped as ``*&#47;`` so the comment cannot end early);
* Python: the summary inserted as the function's docstring (before the first statement of
  its body; indented like it).

The project is indexed and :func:`~docref.engine.static.check_static` runs every
default rule.  Each docstring segment x criterion is a check: ``fail`` when a rule reported a
finding for that segment and criterion, ``pass`` otherwise, and the score is
:func:`~docref.core.score.score_docstring` over them (REFEREE.md's formula).  The rules
look at structured parts (``@param``, ``@return``, ``@throws``, ``{@link}``, Python
cross-references, backticked names, ...): a prose-only summary gives them little to check,
which is what this baseline measures.
"""

from __future__ import annotations

import ast
import asyncio
import os
import re
import tempfile
import time
from collections.abc import Mapping
from typing import Any

from docref.core.findings import Criterion, Verdict
from docref.core.score import CheckResult, score_docstring
from docref.eval.datasets import Item
from docref.eval.methods import ItemResult, Method

__all__ = ["StaticMethod", "wrap_item"]

_JAVA_IDENT = re.compile(r"[A-Za-z_$][\w$]*")


def _java_source(item: Item) -> tuple[str, str]:
    owner = item.extra.get("class_name") or ""
    if not _JAVA_IDENT.fullmatch(owner):
        owner = "Snippet"
    body = item.summary.replace("*/", "*&#47;")
    doc = "\n".join(f" * {line}".rstrip() for line in body.splitlines()) or " *"
    return f"{owner}.java", f"public class {owner} {{\n/**\n{doc}\n */\n{item.code}\n}}\n"


def _python_source(item: Item) -> tuple[str, str]:
    """The snippet with the summary as its first function's docstring.

    Args:
        item: the dataset item (its code and summary).

    Raises:
        ValueError: the snippet is not valid Python or defines no function.
    """
    try:
        tree = ast.parse(item.code)
    except SyntaxError as exc:
        raise ValueError(
            f"the code does not parse as Python: {exc.msg} (line {exc.lineno})"
        ) from None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0]
            lines = item.code.splitlines()
            indent = " " * first.col_offset
            text = item.summary.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
            doc = [f'{indent}"""{text.splitlines()[0] if text else ""}']
            doc += [f"{indent}{line}".rstrip() for line in text.splitlines()[1:]]
            doc[-1] += '"""'
            at = first.lineno - 1
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                del lines[at : (first.end_lineno or first.lineno)]  # replace its docstring
            lines[at:at] = doc
            return "snippet.py", "\n".join(lines) + "\n"
    raise ValueError("the code defines no function")


def wrap_item(item: Item, language: str) -> tuple[str, str]:
    """``(file name, source)`` of the one-file project checking ``item``'s summary.

    Args:
        item: the dataset item.
        language: ``"java"`` or ``"python"``.

    Raises:
        ValueError: a Python snippet that does not parse or defines no function.
    """
    return _java_source(item) if language == "java" else _python_source(item)


class StaticMethod(Method):
    name = "static"

    def __init__(self, language: str, weights: Mapping[str, float] | None) -> None:
        from docref.checks.static.runner import RULES

        self.language = language
        self.weights = weights
        self.rules = RULES

    def settings(self) -> dict[str, Any]:
        return {
            "language": self.language,
            "rules": sorted(rule.__name__ for rule in self.rules),
            "weights": dict(self.weights or {}),
        }

    def _check(self, item: Item) -> ItemResult:
        from docref.engine.static import check_static
        from docref.graph.project import ProjectGraph

        started = time.perf_counter()
        try:
            name, source = wrap_item(item, self.language)
        except ValueError as exc:
            return ItemResult(None, note=str(exc))
        with tempfile.TemporaryDirectory(prefix="docref-eval-") as root:
            with open(os.path.join(root, name), "w", encoding="utf-8") as handle:
                handle.write(source)
            graph = ProjectGraph(root, use_cache=False)
            graph.index(workers=1)
            report = check_static(graph, [name], rules=self.rules).reports[0]
        documented = [(q, p) for q, p in report.docstrings if p.segments]
        if not documented:
            reason = "; ".join(report.errors) or "the wrapped summary was not found as a docstring"
            return ItemResult(None, note=reason)
        qualname, parsed = documented[0]
        failed = {(f.start, f.criterion) for f in report.findings if f.qualname == qualname}
        results = [
            CheckResult.for_segment(
                segment,
                path=name,
                qualname=qualname,
                criterion=criterion,
                verdict=Verdict.FAIL if (segment.start, criterion) in failed else Verdict.PASS,
                tier="static",
            )
            for segment in parsed.segments
            for criterion in Criterion
        ]
        score = score_docstring(results, weights=self.weights)
        rules = sorted({f.rule for f in report.findings if f.rule})
        return ItemResult(
            score.value,
            seconds=time.perf_counter() - started,
            detail={"segments": len(parsed.segments), "findings": len(failed), "rules": rules},
        )

    async def judge(self, item: Item) -> ItemResult:
        return await asyncio.to_thread(self._check, item)
