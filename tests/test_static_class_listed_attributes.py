"""Class docstrings listing the instance's attributes under ``Args:`` (telethon's ``Dialog``
and ``Draft``, round 103: 20 DEBATABLE C1-PARAM-UNKNOWN), beside controls that stay reported,
each a judged-TRUE shape: attributes a renamed constructor stores from its parameters, two
stale attributes among the parameters (what a removed parameter leaves, discord.py's
``Choice``), attributes fewer than the parameter entries, a list where a name the constructor
never stores breaks it, the fields of a parameter object the arguments moved into (keras's
``GPTQQuantizer``), and the literal initial state of a constructor taking nothing (aeon's
``BaseEarlyClassifier``)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import unknown_parameters

_LISTED = '''
class Dialog:
    """A dialog.

    Args:
        dialog (`Dialog`): The original dialog.
        pinned (`bool`): Whether the dialog is pinned.
        folder_id (`int`): The folder of the dialog.
        name (`str`): Its display name.
        title (`str`): Alias for `name`.
        link_preview (`bool`): Whether links are previewed.
    """

    def __init__(self, client, dialog, entities):
        self._client = client
        self.dialog = dialog
        self.pinned = bool(dialog.pinned)
        self.folder_id = dialog.folder_id
        self.name = self.title = entities[dialog.peer].title
        self.link_preview = not dialog.no_webpage

    def set_message(self, link_preview=None):
        self.link_preview = link_preview
'''

_MOVED = '''
class Quantizer:
    """Quantizes weights.

    Args:
        weight_bits: The number of bits.
        per_channel: Per channel or not.
        symmetric: Symmetric or not.
        group_size: The size of the groups.
    """

    def __init__(self, config, compute_dtype="float32"):
        self.weight_bits = config.weight_bits
        self.per_channel = config.per_channel
        self.symmetric = bool(config.symmetric)
        self.group_size = config.group_size
        self.compute_dtype = compute_dtype


class Early:
    """An abstract early classifier.

    Parameters
    ----------
    classes_ : list
        The class labels.
    n_classes_ : int
        How many classes.
    state_info : list
        The decisions so far.
    """

    def __init__(self, estimator):
        self.classes_ = []
        self.n_classes_ = -1
        self.state_info = None
        self.estimator = estimator
'''

_CONTROLS = '''
class Renamed:
    """Three parameters renamed, their attributes kept the old names.

    Args:
        size: How big.
        count: How many.
        colour: Which colour.
    """

    def __init__(self, length, total, color):
        self.size = length
        number = total * 2
        self.count = number
        self.colour: str = color


class Removed:
    """Two parameters removed; their attributes stayed.

    Args:
        rule: The rule.
        priority: The priority.
        depth: How deep.
    """

    def __init__(self, rule):
        self.rule = rule
        self.priority = float("-inf")
        self.depth = len(rule)


class Fewer:
    """Three attributes beside four parameters.

    Args:
        a: The a.
        b: The b.
        c: The c.
        d: The d.
        total: The sum.
        product: The product.
        mean: The mean.
    """

    def __init__(self, a, b, c, d):
        self.total = a + b + c + d
        self.product = a * b * c * d
        self.mean = self.total / 4


class Broken:
    """Two attributes and a name the class never stores.

    Args:
        dialog: The dialog.
        pinned: Whether pinned.
        folder_id: The folder.
        stale: Neither a parameter nor an attribute.
    """

    def __init__(self, dialog):
        self.pinned = bool(dialog.pinned)
        self.folder_id = dialog.folder_id
'''


def test_a_class_docstring_listing_the_attributes_it_stores(tmp_path: Path) -> None:
    # five attributes beside one parameter entry: ``title`` set in a chain, ``link_preview``
    # also by a setter from its own argument (the constructor's store is what is asked)
    assert unknown_parameters(tmp_path, _LISTED) == []


def test_the_fields_of_a_parameter_object_and_literal_state_stay_reported(
    tmp_path: Path,
) -> None:
    assert unknown_parameters(tmp_path, _MOVED) == [
        ("classes_", "Early"),
        ("group_size", "Quantizer"),
        ("n_classes_", "Early"),
        ("per_channel", "Quantizer"),
        ("state_info", "Early"),
        ("symmetric", "Quantizer"),
        ("weight_bits", "Quantizer"),
    ]


def test_stale_and_renamed_attributes_stay_reported(tmp_path: Path) -> None:
    assert unknown_parameters(tmp_path, _CONTROLS) == [
        ("colour", "Renamed"),
        ("count", "Renamed"),
        ("depth", "Removed"),
        ("folder_id", "Broken"),
        ("mean", "Fewer"),
        ("pinned", "Broken"),
        ("priority", "Removed"),
        ("product", "Fewer"),
        ("size", "Renamed"),
        ("stale", "Broken"),
        ("total", "Fewer"),
    ]
