"""A subscript after a noun is notation, not an array type.

pymarc's ``Record.issn`` says "Returns the ISSN number [022]['a'] in the record or None" on
``-> str | None``: ``[022]['a']`` is MARC field/subfield notation, but the return claim read
"number [022]" as a Java-style array (a list; round 90, 2 FALSE).  Controls: an array type
written as the noun ("a str[] of names", "a String[][] of rows") stays a list claim.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_CODE = '''
class Record:
    def __init__(self) -> None:
        self.fields: dict[str, str] = {{}}

    def issn(self) -> str | None:
        """{claim}"""
        return self.fields.get("022a")
'''


@pytest.mark.parametrize(
    "claim",
    [
        "Returns the ISSN number [022]['a'] in the record or None.",
        "Returns the ISSN-L number [022]['l'] in the record or None.",
    ],
)
def test_field_notation_is_no_array(tmp_path: Path, claim: str) -> None:
    assert default_findings(tmp_path, _CODE.format(claim=claim)) == []


@pytest.mark.parametrize(
    "claim", ["Returns a String[] of the subject fields.", "Returns a String[][] of rows."]
)
def test_an_array_type_noun_stays_a_list_claim(tmp_path: Path, claim: str) -> None:
    found = default_findings(tmp_path, _CODE.format(claim=claim))
    assert [f.rule for f in found] == ["C2-PROSE-RETURN-TYPE"]
