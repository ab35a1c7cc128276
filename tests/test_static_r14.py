"""Static rules: false-alarm patterns of the held-out precision round 14 (kornia, nibabel,
napari, pytorch-lightning, structlog, ...), each with a control of the same shape that stays
reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, rules_for
from docref.graph.project import ProjectGraph


def _report(tmp_path: Path, code: str) -> list[tuple[str, str, str]]:
    """(rule, qualname, message) of every default-rule finding on ``code`` as a file."""
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    report = check_file(graph, "m.py", rules_for(()))
    return sorted((f.rule, f.qualname, f.message) for f in report.findings)


_MODULE = '''
class Module:
    """A base whose ``__call__`` runs ``forward``."""

    def __call__(self, *args):
        return self.forward(*args)


class Loss(BASE):
    """A loss.

    Args:
        pred: the logits.
        target: the labels.
        weight: the class weights.
        stale: neither the constructor's nor forward's.
    """

    def __init__(self, weight=None):
        self.weight = weight

    def forward(self, pred, target):
        return pred, target, self.weight
'''


@pytest.mark.parametrize(("base", "reported"), [("Module", ["stale"]), ("object", None)])
def test_a_module_class_documents_its_forward(
    tmp_path: Path, base: str, reported: list[str] | None
) -> None:
    # round 14 (kornia's LovaszSoftmaxLoss, 8 of 72 C1-PARAM-UNKNOWN): an nn.Module's class
    # docstring documents forward's parameters beside the constructor's, as a class with its
    # own __call__ does; a name of neither stays reported; without a base, ``forward`` is
    # just a method: its parameters stay reported as the constructor's
    found = [m for r, q, m in _report(tmp_path, _MODULE.replace("BASE", base)) if q == "Loss"]
    names = [m.split('"')[1] for m in found]
    assert names == (reported or ["pred", "stale", "target"])
