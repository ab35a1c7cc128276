"""Round 55 (session 26): the receiver documented by its role, not its parameter's name.

spatialmath-python's ``binop(self, right, op)`` documents ``:param left:`` for the object it is
called on, beside ``right``.  Controls: ``left`` whose counterpart is not a parameter stays
reported, and so does ``other`` for an operator's operand (judged both ways: plotnine's
``__add__(self, rhs)`` TRUE in round 29, spatialmath's ``__mul__(left, right)`` DEBATABLE).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import DOC_STYLES, default_findings, documented_function


def _unknown(
    tmp_path: Path, style: str, signature: str, entries: list[tuple[str, str, str]]
) -> list[str]:
    code = "class Inertia:\n" + "".join(
        f"    {line}\n" if line else "\n"
        for line in documented_function(style, signature, entries, "return None").splitlines()
    )
    found = default_findings(tmp_path, code)
    return [f.message.split('"')[1] for f in found if f.rule == "C1-PARAM-UNKNOWN"]


_OTHER = [("other", "Inertia", "the operand")]
_ROLES = [("left", "Inertia", "left operand"), ("right", "Inertia", "right operand")]


@pytest.mark.parametrize("style", DOC_STYLES)
def test_left_documents_the_receiver_beside_its_right_counterpart(
    tmp_path: Path, style: str
) -> None:
    assert _unknown(tmp_path, style, "binop(self, right, op=None)", _ROLES) == []


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize("signature", ["__mul__(left, right)", "__add__(self, rhs)"])
def test_other_for_an_operators_operand_stays_reported(
    tmp_path: Path, style: str, signature: str
) -> None:
    assert _unknown(tmp_path, style, signature, _OTHER) == ["other"]


@pytest.mark.parametrize("style", DOC_STYLES)
def test_left_without_a_right_parameter_stays_reported(tmp_path: Path, style: str) -> None:
    entries = [("left", "Inertia", "left operand"), ("value", "Inertia", "right operand")]
    assert _unknown(tmp_path, style, "binop(self, value)", entries) == ["left"]
