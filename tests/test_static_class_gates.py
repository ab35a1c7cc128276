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


_TRANSFORMS = '''
class Transform:
    """A transform."""

    def __init__(self, data):
        self.data = data


class AffineTransform(Transform):
    """Affine transform.

    :param matrix: A 6-tuple (a, b, c, d, e, f).
    """


class QuadTransform(Transform):
    """Quad transform.

    :param xy: An 8-tuple.
    :param fill: Not an argument the constructor takes.
    """


class Mesh:
    """A mesh.

    :param matrix: A 6-tuple.
    """

    def __init__(self, data):
        self.data = data
'''


def test_a_subclass_naming_the_inherited_positional_arguments(tmp_path: Path) -> None:
    # round 8 (Pillow ``ImageTransform``): ``AffineTransform`` inherits ``__init__(self, data)``
    # and documents ``matrix``, what the one positional argument means for it; two names for
    # one argument, or a class's own constructor, stay reported
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(textwrap.dedent(_TRANSFORMS).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    report = check_file(graph, "m.py", rules_for(()))
    assert sorted((f.qualname, f.message.split(",")[0]) for f in report.findings) == [
        ("Mesh", 'documents parameter "matrix"'),
        ("QuadTransform", 'documents parameter "fill"'),
        ("QuadTransform", 'documents parameter "xy"'),
    ]
