"""Class docstrings: a parameter entry naming a class attribute (botorch's
``MultiObjectiveMCAcquisitionFunction``, round 16), beside controls that stay reported: an
attribute ``__init__`` sets, even from a literal (discord.py's ``Choice.name_localizations``,
judged TRUE), and one set from a renamed parameter."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_CODE = '''
import math

DEFAULT = 3


class PackedNode:
    """A packed node.

    Parameters:
        rule: The rule.
        left: The left child.
        priority: The priority of this node.
        depth: How deep, from a module constant.
        stale: Neither a parameter nor an attribute.
    """

    def __init__(self, rule, left):
        self.rule = rule
        self.left = left
        self.priority = float("-inf")
        self.depth = DEFAULT
        self.scale = math.pi


class Shaped:
    """A shaped function.

    Args:
        _default_sample_shape: The sample shape of the default sampler.
    """

    _default_sample_shape = (128,)

    def __init__(self, model):
        self.model = model


class Renamed:
    """A renamed parameter whose attribute kept the old name.

    Args:
        size: How big.
        count: How many.
    """

    def __init__(self, length, total):
        self.size = length
        number = total * 2
        self.count = number
'''


def _findings(tmp_path: Path) -> list[tuple[str, str]]:
    found = [f for f in default_findings(tmp_path, _CODE) if f.rule == "C1-PARAM-UNKNOWN"]
    return sorted((f.qualname, f.message.split(",")[0]) for f in found)


def test_a_class_attribute_documented_beside_the_arguments(tmp_path: Path) -> None:
    # a class attribute is a member documented in the wrong section; ``priority`` and
    # ``depth``, which ``__init__`` sets from constants, may be parameters someone removed
    # (discord.py, TRUE), ``stale`` names nothing, and ``size``/``count`` are set from the
    # renamed parameters (directly or through a local): all reported
    assert _findings(tmp_path) == [
        ("PackedNode", 'documents parameter "depth"'),
        ("PackedNode", 'documents parameter "priority"'),
        ("PackedNode", 'documents parameter "stale"'),
        ("Renamed", 'documents parameter "count"'),
        ("Renamed", 'documents parameter "size"'),
    ]
