"""The ``PATH::QUALNAME`` target of ``docref context`` and ``docref roundtrip``, parsed once."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.console.argtypes import existing_target, split_target


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


def test_existing_target_needs_the_file(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    pass\n", encoding="utf-8")
    assert existing_target(f"{module}::f") == (str(module), "f")
    with pytest.raises(ValueError, match="no such file"):
        existing_target(f"{tmp_path / 'gone.py'}::f")
    with pytest.raises(ValueError, match="PATH::QUALNAME"):
        existing_target(str(module))
