"""C1-PARAM-UNKNOWN: a positional-only parameter written ``__x`` (the convention before PEP 570;
name-mangled inside a class) is documented by the only name a reader can use, ``x`` (round 71,
galgebra's ``Sm.__init__(self, __u, __coords)``: 2 FALSE).  A single underscore (``_x``) is a
name of its own, and an entry that names neither stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.completeness import doc_param_missing
from docref.checks.static.params import c1_param_unknown

from tests.static_helpers import DOC_STYLES, documented_function, rule_ids

ENTRIES = [("u", "int", "the first"), ("coords", "tuple", "where it is")]


def _ids(tmp_path: Path, style: str, params: str, entries: list[tuple[str, str, str]]) -> list[str]:
    code = documented_function(style, f"make({params})", entries, "return 1")
    return rule_ids([c1_param_unknown, doc_param_missing], tmp_path, code, "make")


@pytest.mark.parametrize("style", DOC_STYLES)
def test_a_dunder_positional_parameter_is_documented_by_its_bare_name(
    tmp_path: Path, style: str
) -> None:
    assert _ids(tmp_path, style, "__u, __coords", ENTRIES) == []


@pytest.mark.parametrize("style", DOC_STYLES)
def test_a_single_underscore_parameter_is_a_name_of_its_own(tmp_path: Path, style: str) -> None:
    # control: ``u`` for ``_u`` stays unknown (and ``_u`` undocumented)
    assert "C1-PARAM-UNKNOWN" in _ids(tmp_path, style, "_u, coords", ENTRIES)


@pytest.mark.parametrize("style", DOC_STYLES)
def test_an_entry_naming_no_dunder_parameter_stays_reported(tmp_path: Path, style: str) -> None:
    # control: ``v`` is no parameter, with or without the underscores
    entries = [("v", "int", "the first"), ENTRIES[1]]
    assert "C1-PARAM-UNKNOWN" in _ids(tmp_path, style, "__u, __coords", entries)
