"""Static rules: false-alarm patterns of the held-out precision round 14 (kornia, nibabel,
napari, pytorch-lightning, structlog, ...), each with a control of the same shape that stays
reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.runner import check_file, rules_for
from docref.graph.project import ProjectGraph

from tests.static_helpers import rule_ids


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


_OWN_RETURNS = '''
import numpy as np


def q2bg(q_vector, tol=1e-5):
    """Return b value and q unit vector from q vector.

    Parameters
    ----------
    q_vector : (3,) array-like
        q vector
    tol : float, optional
        Norm below which `b_value` is zero, and therefore `NAME` also zero.

    Returns
    -------
    b_value : float
        L2 Norm of `q_vector`.
    g_vector : shape (3,) ndarray
        `q_vector` / `b_value`.
    """
    b_value = np.sqrt(np.sum(q_vector**2))
    return b_value, q_vector / b_value
'''


@pytest.mark.parametrize(("name", "reported"), [("g_vector", False), ("q_vectr", True)])
def test_a_returns_entry_name_is_in_scope(tmp_path: Path, name: str, reported: bool) -> None:
    # round 14 (nibabel's ``q2bg``): the prose names the docstring's own NumPy Returns entry
    # ``g_vector`` as it names a parameter; a typo of the parameter stays reported
    code = _OWN_RETURNS.replace("NAME", name)
    expected = ["C1-NAME-UNRESOLVED"] if reported else []
    assert rule_ids(c1_name_unresolved, tmp_path, code, "q2bg") == expected
