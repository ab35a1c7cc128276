"""The ``PATH::QUALNAME`` target of ``docref context`` and ``docref roundtrip``, parsed once."""

from __future__ import annotations

import pytest
from docref.console.argtypes import split_target


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("shop/cart.py::Cart.add_item", ("shop/cart.py", "Cart.add_item")),
        (r"C:\src\m.py::f", (r"C:\src\m.py", "f")),  # a drive's colon is not the separator
        ("a::b.py::f", ("a::b.py", "f")),  # the last separator splits
    ],
)
def test_a_target_splits_at_its_last_separator(target: str, expected: tuple[str, str]) -> None:
    assert split_target(target) == expected


@pytest.mark.parametrize("target", ["shop/cart.py", "::f", "shop/cart.py::", "Cart.add_item"])
def test_a_target_without_both_halves_is_refused(target: str) -> None:
    with pytest.raises(ValueError, match="expected PATH::QUALNAME"):
        split_target(target)
