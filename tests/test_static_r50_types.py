"""Round 50 (session 24): timm's ``window_size (int)`` on a ``Tuple[int, int]`` parameter that
the body passes through ``to_2tuple`` (4 DEB C2-PARAM-TYPE: the annotation is narrower than
what the body takes), beside the controls that stay reported, in Google, NumPy and reST
forms."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_FORMS = {
    "google": '''
from typing import Tuple

from .layers import to_2tuple


def set_window_size(window_size: Tuple[int, int]) -> None:
    """Set the window size.

    Args:
        window_size ({doc}): New window size.
    """
    {body}
''',
    "numpy": '''
from typing import Tuple

from .layers import to_2tuple


def set_window_size(window_size: Tuple[int, int]) -> None:
    """Set the window size.

    Parameters
    ----------
    window_size : {doc}
        New window size.
    """
    {body}
''',
    "rest": '''
from typing import Tuple

from .layers import to_2tuple


def set_window_size(window_size: Tuple[int, int]) -> None:
    """Set the window size.

    :param window_size: New window size.
    :type window_size: {doc}
    """
    {body}
''',
}
_LAYERS = "def to_2tuple(x):\n    return x if isinstance(x, tuple) else (x, x)\n"
_PAIRED = "print(to_2tuple(window_size))"
_INDEXED = "print(window_size[0] * window_size[1])"


def _rules(tmp_path: Path, style: str, doc: str, body: str) -> list[str]:
    code = _FORMS[style].replace("{doc}", doc).replace("{body}", body)
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "layers.py").write_text(_LAYERS, encoding="utf-8")
    return sorted(f.rule for f in default_findings(tmp_path, code))


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_item_type_of_a_tuple_the_body_makes_from_a_scalar_is_taken(
    tmp_path: Path, style: str
) -> None:
    assert _rules(tmp_path, style, "int", _PAIRED) == []


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_item_type_of_a_tuple_the_body_indexes_stays_reported(tmp_path: Path, style: str) -> None:
    assert _rules(tmp_path, style, "int", _INDEXED) == ["C2-PARAM-TYPE"]


@pytest.mark.parametrize("style", sorted(_FORMS))
def test_other_type_than_the_items_stays_reported_beside_to_2tuple(
    tmp_path: Path, style: str
) -> None:
    assert _rules(tmp_path, style, "str", _PAIRED) == ["C2-PARAM-TYPE"]
