"""C2-PARAM-TYPE / C2-RETURN-TYPE: ``bool`` documented where the annotation is a number."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_return_type

from tests.static_helpers import static_input

_STYLES = {
    "google": '''
def f(legend: {ann}) -> {ret}:
    """Add a layer.

    Args:
        legend (bool): Show the layer in the legend.

    Returns:
        bool: Whether the layer was added.
    """
    return legend
''',
    "numpy": '''
def f(legend: {ann}) -> {ret}:
    """Add a layer.

    Parameters
    ----------
    legend : bool
        Show the layer in the legend.

    Returns
    -------
    bool
        Whether the layer was added.
    """
    return legend
''',
    "rest": '''
def f(legend: {ann}) -> {ret}:
    """Add a layer.

    :param legend: Show the layer in the legend.
    :type legend: bool
    :returns: Whether the layer was added.
    :rtype: bool
    """
    return legend
''',
}


def _found(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    return [f.rule for f in [*c2_param_type(inp), *c2_return_type(inp)]]


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_flag_documented_for_a_number(tmp_path: Path, style: str) -> None:
    # recall benchmark (session 7): seaborn ``legend: bool`` became ``int``; google-auth
    # ``-> bool`` became ``-> int``; ``bool`` subclasses ``int`` only by history
    code = _STYLES[style].format(ann="int", ret="int | None")
    assert sorted(_found(tmp_path / "a", code)) == ["C2-PARAM-TYPE", "C2-RETURN-TYPE"]
    # controls: the flag annotated as one, and a number documented for a flag's annotation
    # stays the union member / narrower-is-fine reading
    assert _found(tmp_path / "b", _STYLES[style].format(ann="bool", ret="bool")) == []
    assert _found(tmp_path / "c", _STYLES[style].format(ann="int | bool", ret="bool | int")) == []
