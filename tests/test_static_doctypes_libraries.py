"""C1-DOCTYPE-UNRESOLVED on a type of a library that is not installed (issue 12, round 17:
qiskit documents ``graph (PyGraph)`` beside ``from rustworkx import PyDiGraph``): the reader
cannot list that library's classes, so a name one edit from an import of it may be its other
class.  Control: the same near-miss of a class from an installed library (collections) stays
reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.doctypes import c1_doctype_unresolved

from tests.names_helpers import messages
from tests.static_helpers import static_input

_CODE = '''
from collections import OrderedDict
from notinstalled_graphlib import PyDiGraph


def from_graph(graph):
    """Build from a graph.

    Args:
        graph (PyGraph): The graph.
    """
    return PyDiGraph(graph)


def ordered(items):
    """Order.

    Args:
        items (OrderedDic): The items.
    """
    return OrderedDict(items)
'''


def test_a_sibling_class_of_a_library_that_is_not_installed(tmp_path: Path) -> None:
    def found(qualname: str) -> list[str]:
        return messages(c1_doctype_unresolved(static_input(tmp_path, _CODE, qualname)))

    assert found("from_graph") == []
    assert found("ordered") == [
        "documented type `OrderedDic` names nothing in scope; did you mean `OrderedDict`?"
    ]
