"""C2-PROSE-RETURN-TYPE against unannotated returns that are methods of a value whose kind is
certain (``", ".join(...)`` a ``str``, ``str(x).encode()`` ``bytes``), with controls."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_inferred, c2_prose_return_type
from docref.checks.static.returned_kinds import expr_kind

from tests.static_helpers import static_input


def _messages(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    return [f.message for f in c2_prose_return_type(inp) + c2_prose_return_inferred(inp)]


@pytest.mark.parametrize(
    ("doc", "returned", "flagged"),
    [
        # Google summary, reST field, NumPy-style Returns entry without a type
        ('"""Return a list of names."""', '", ".join(names)', True),
        ('"""Names.\n\n    :returns: a string naming them\n    """', "str(names).encode()", True),
        (
            '"""Names.\n\n    Returns\n    -------\n    the list of names\n    """',
            'f"{names}".strip()',
            True,
        ),
        # consistent: the method gives what the claim says
        ('"""Return a list of names."""', '", ".join(names).split(", ")', False),
        ('"""Return a string naming them."""', '", ".join(names)', False),
        # the receiver's kind is not certain: a method of anything
        ('"""Return a list of names."""', "names.join()", False),
    ],
)
def test_a_method_of_a_certain_value(
    tmp_path: Path, doc: str, returned: str, flagged: bool
) -> None:
    code = f"def f(names):\n    {doc}\n    return {returned}\n"
    assert bool(_messages(tmp_path, code)) is flagged


@pytest.mark.parametrize(
    ("expr", "kind"),
    [
        ('", ".join(x)', "str"),
        ('b"x".decode()', "str"),
        ("str(x).encode()", "bytes"),
        ('"a b".split()', "list"),
        ('"x".startswith("y")', "bool"),
        ("x.encode()", "?"),
    ],
)
def test_expr_kind(expr: str, kind: str) -> None:
    node = ast.parse(expr, mode="eval").body
    assert expr_kind(node) == kind
