"""Sphinx's ``!`` in a type written in the default role (session 36 recall, pr36).

psycopg writes its reST types as `` `!int` `` (the ``!`` turns the cross-reference's link off):
``:type index: `!int``` under ``AsyncCursor.set_result(self, index: int)``.  When the annotation
became ``str`` the entry was not read as a type at all -- the ``!`` was kept in the name -- so
C2-PARAM-TYPE said nothing.  A role's own ``!`` (``:class:`!int```) was already dropped.

Controls: the same entries on an annotation that agrees stay silent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_PARAM = '''
class Cursor:
    def set_result(self, index: {ann}) -> None:
        """Move to a specific result set.

        :arg index: index of the result to go to
        :type index: {typ}
        """
'''

_GOOGLE = '''
def set_result(index: {ann}) -> None:
    """Move to a specific result set.

    Args:
        index ({typ}): index of the result to go to
    """
'''

_RETURN = '''
def version() -> {ann}:
    """The version of the library.

    :rtype: {typ}
    """
    return {value}
'''


def _rules(tmp_path: Path, template: str, ann: str, typ: str, value: str = "1") -> list[str]:
    code = template.replace("{ann}", ann).replace("{typ}", typ).replace("{value}", value)
    return [f.rule for f in default_findings(tmp_path, code) if f.rule.startswith("C2-")]


@pytest.mark.parametrize(
    ("template", "ann", "typ", "value", "rule"),
    [
        (_PARAM, "str", "`!int`", "1", "C2-PARAM-TYPE"),
        (_GOOGLE, "str", "`!int`", "1", "C2-PARAM-TYPE"),
        (_RETURN, "str", "`!int`", '"1"', "C2-RETURN-TYPE"),
    ],
    ids=["rest-param", "google-param", "rtype"],
)
def test_a_type_with_the_link_turned_off_is_read(
    tmp_path: Path, template: str, ann: str, typ: str, value: str, rule: str
) -> None:
    assert _rules(tmp_path, template, ann, typ, value) == [rule]


@pytest.mark.parametrize(
    ("template", "ann", "typ", "value"),
    [
        (_PARAM, "int", "`!int`", "1"),
        (_GOOGLE, "int", "`!int`", "1"),
        (_RETURN, "int", "`!int`", "1"),
        (_PARAM, "str", ":class:`!str`", "1"),
    ],
    ids=["rest-param-agrees", "google-param-agrees", "rtype-agrees", "role-agrees"],
)
def test_the_same_type_on_code_that_agrees_stays_silent(
    tmp_path: Path, template: str, ann: str, typ: str, value: str
) -> None:
    assert _rules(tmp_path, template, ann, typ, value) == []
