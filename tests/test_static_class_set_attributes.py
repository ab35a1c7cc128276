"""Class docstrings: parameter entries naming an attribute no constructor argument sets
(lark's ``PackedNode``, round 19; botorch's ``MultiObjectiveMCAcquisitionFunction``, round 16),
beside controls that stay reported."""

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


def test_attributes_the_constructor_sets_from_no_argument(tmp_path: Path) -> None:
    # ``priority`` (a constant), ``depth`` (a module constant) and a class attribute are
    # members documented in the wrong section; ``stale`` names nothing, and ``size``/``count``
    # are set from the renamed parameters (directly or through a local): all reported
    assert _findings(tmp_path) == [
        ("PackedNode", 'documents parameter "stale"'),
        ("Renamed", 'documents parameter "count"'),
        ("Renamed", 'documents parameter "size"'),
    ]
