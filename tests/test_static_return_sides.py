"""C2-RETURN-TYPE when the body returns what the docstring says and the annotation does not
(round 46, pennylane's ``compute_decomposition() -> Operator`` returning ``[CNOT(...)]``
under ``list[Operator]``, judged "docstring right, annotation wrong"): still reported -- the
two disagree -- but against the annotation, and the deterministic fix leaves the true
docstring alone.  Controls: a body whose returns are not certain, and a body that returns
what the annotation says, keep the usual message and fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.runner import check_file
from docref.fixes.verify import StaticCheck, deterministic_fix
from docref.graph.project import ProjectGraph

HEAD = """\
class Operator:
    pass


class CNOT(Operator):
    pass


def make(wires):
    return CNOT()


"""

STYLES = {
    "google": '    """Decompose.\n\n    Returns:\n        {doc}: the gates.\n    """\n',
    "numpy": (
        '    """Decompose.\n\n    Returns\n    -------\n    {doc}\n        The gates.\n    """\n'
    ),
    "rest": '    """Decompose.\n\n    :returns: the gates.\n    :rtype: {doc}\n    """\n',
}


def _check(tmp_path: Path, style: str, annotation: str, doc: str, body: str) -> tuple:
    root = tmp_path / "proj"
    root.mkdir()
    path = root / "ops.py"
    source = HEAD + f"def decompose(wires) -> {annotation}:\n"
    source += STYLES[style].format(doc=doc) + f"    {body}\n"
    path.write_text(source, encoding="utf-8")
    graph = ProjectGraph(str(root), use_cache=False)
    graph.index()
    findings = [f for f in check_file(graph, str(path)).findings if f.qualname == "decompose"]
    return graph, str(path), findings


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_body_returning_the_documented_kind_blames_the_annotation(
    tmp_path: Path, style: str
) -> None:
    graph, path, findings = _check(
        tmp_path, style, "Operator", "list[Operator]", "return [CNOT(), CNOT()]"
    )
    assert [f.rule for f in findings] == ["C2-RETURN-TYPE"]
    message = findings[0].message
    assert "annotated to return Operator" in message
    assert "body returns a list, as documented" in message
    assert (
        findings[0].fix_hint == "change the return annotation of decompose() to the documented type"
    )
    outcome = deterministic_fix(graph, path, "decompose", StaticCheck())
    assert outcome is not None and not outcome.fixed
    assert outcome.skipped[0][1] == (
        "the docstring agrees with the body; the annotation is the side to fix"
    )


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_body_whose_returns_are_not_certain_keeps_the_docstring_side(
    tmp_path: Path, style: str
) -> None:
    graph, path, findings = _check(
        tmp_path, style, "Operator", "list[Operator]", "return make(wires)"
    )
    assert [f.rule for f in findings] == ["C2-RETURN-TYPE"]
    assert (
        findings[0].message == 'says it returns "list[Operator]", but decompose() returns Operator'
    )
    outcome = deterministic_fix(graph, path, "decompose", StaticCheck())
    assert outcome is not None and [f.rule for f in outcome.fixed] == ["C2-RETURN-TYPE"]


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_body_returning_the_annotated_kind_keeps_the_docstring_side(
    tmp_path: Path, style: str
) -> None:
    _, _, findings = _check(tmp_path, style, "str", "list", 'return f"{wires}"')
    assert [f.rule for f in findings] == ["C2-RETURN-TYPE"]
    assert findings[0].message == 'says it returns "list", but decompose() returns str'


def test_mixed_kinds_only_one_documented_keep_the_docstring_side(tmp_path: Path) -> None:
    # ``return []`` on one path and ``return "x"`` on another: the body is not on one side
    body = 'if wires:\n        return []\n    return "none"'
    _, _, findings = _check(tmp_path, "google", "int", "list", body)
    assert [f.rule for f in findings] == ["C2-RETURN-TYPE"]
    assert findings[0].message.startswith('says it returns "list"')
