"""docref.fixes.safety: a fixed Python file may be written unreviewed only when nothing but
its docstrings (first string statements of the module, classes and functions) changed."""

from __future__ import annotations

from docref.fixes.safety import only_docstrings_changed, why_unsafe

_OLD = '''"""Module."""


class Box:
    """A box.

    :param size: the size
    """

    def __init__(self, size):
        """Make it."""
        self.size = size

    def stub(self):
        ...
        return None
'''


def test_edits_to_docstrings_alone_are_safe() -> None:
    new = (
        _OLD.replace('"""Module."""', '"""The module."""')
        .replace(":param size:", ":param width:")
        .replace('"""Make it."""', '"""Make the box."""')
    )
    assert new != _OLD
    assert only_docstrings_changed(_OLD, new, "python")
    assert why_unsafe(_OLD, new, "python") is None


def test_a_first_statement_that_is_no_string_is_code() -> None:
    # ``...`` is a statement of the body, not a docstring: changing it changes the code
    new = _OLD.replace("        ...\n", "        0\n")
    assert not only_docstrings_changed(_OLD, new, "python")
    assert why_unsafe(_OLD, new, "python") == "it would change more than docstrings"


def test_a_string_after_the_first_statement_is_code() -> None:
    old = _OLD.replace("self.size = size", 'self.size = size\n        "a note"')
    new = old.replace('"a note"', '"another note"')
    assert not only_docstrings_changed(old, new, "python")


def test_a_fix_that_does_not_parse_is_refused() -> None:
    new = _OLD.replace('"""Make it."""', '"""Make it.')
    assert (why_unsafe(_OLD, new, "python") or "").startswith("the fixed file does not parse")
