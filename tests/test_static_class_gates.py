"""Class docstrings' general gates (session 8), each with a control that stays reported."""

from __future__ import annotations

import textwrap
from pathlib import Path

from docref.checks.static.runner import check_file, rules_for
from docref.graph.project import ProjectGraph

_DOMAIN = '''
class Domain:
    """The bounding domain.

    Parameters
    ----------
    model : Model
        The model.
    prepare_inputs :
        Generates the input information; implemented by a subclass.
    evaluate :
        Performs a complete model evaluation.
    ignore_input :
        Not a parameter nor a method.
    """

    def __init__(self, model):
        self.model = model

    def prepare_inputs(self, inputs):
        raise NotImplementedError

    def evaluate(self, inputs):
        raise NotImplementedError
'''


def test_a_class_listing_its_own_methods_under_parameters(tmp_path: Path) -> None:
    # round 6 (astropy ``_BoundingDomain``): an abstract base lists the hooks its subclasses
    # implement under Parameters -- its interface, not its call; a name that is neither a
    # constructor parameter nor a method stays reported
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(textwrap.dedent(_DOMAIN).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    report = check_file(graph, "m.py", rules_for(()))
    assert [(f.rule, f.message) for f in report.findings] == [
        (
            "C1-PARAM-UNKNOWN",
            'documents parameter "ignore_input", but Domain() has no such parameter',
        )
    ]
