"""Session 27 (left27): false-alarm shapes rounds 59-61 left, each beside a control of the
same shape that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

# --- a field list indented a level deeper than the paragraph before it, after a blank line,
# is a reST block quote: an example of the line form ("Symbolizes lines in form of" then
# ``:param arg: description``; round 60, docstring-parser's ``DocstringMeta``), not a field of
# this docstring -- Sphinx reads only the object's own top-level field list.  The same field
# at the paragraph's indent, right under it without a blank line, or under the summary (the
# whole field list indented), or after a sentence that ends before it ("Reads one line." /
# "Its parameters:", the docstring's own fields indented too deep: asyncssh, scapy), stays a
# field, and ``arg`` stays reported unknown.


def _unknown(tmp_path: Path, code: str) -> list[str]:
    found = default_findings(tmp_path, code)
    return [f.message for f in found if f.rule == "C1-PARAM-UNKNOWN"]


_QUOTED_CLASS = '''
class Meta:
    """Docstring meta information.

{fields}
    """

    def __init__(self, args: list[str]) -> None:
        self.args = args
'''

_QUOTED_FUNCTION = '''
def meta(args: list[str]) -> list[str]:
    """Docstring meta information.

{fields}
    :param args: the words of the line
    """
    return args
'''

_RUNS_ON = "    Symbolizes lines in form of\n"
_FIELDS = {
    "quoted-rest": _RUNS_ON
    + "\n        :param arg: description\n        :raises ValueError: if bad\n",
    "quoted-epydoc": _RUNS_ON
    + "\n        @param arg: description\n        @raise ValueError: if bad\n",
    "control-same-indent": _RUNS_ON + "\n    :param arg: description\n",
    "control-no-blank-line": _RUNS_ON + "        :param arg: description\n",
    # a sentence that ends before the block: the docstring's own fields, indented too deep
    "control-full-stop": "    Reads one line.\n\n        :param arg: description\n",
    "control-colon": "    Its parameters:\n\n        :param arg: description\n",
}


@pytest.mark.parametrize("shape", sorted(_FIELDS))
@pytest.mark.parametrize("form", ["class", "function"])
def test_a_field_list_quoted_a_level_deeper_after_a_blank_line_is_an_example(
    tmp_path: Path, shape: str, form: str
) -> None:
    template = _QUOTED_CLASS if form == "class" else _QUOTED_FUNCTION
    found = _unknown(tmp_path, template.format(fields=_FIELDS[shape]))
    assert len(found) == (0 if shape.startswith("quoted") else 1), found


_UNDER_SUMMARY = '''
def meta(args: list[str]) -> list[str]:
    """
    Docstring meta information.

        :param arg: description
    """
    return args
'''


def test_a_field_list_indented_under_the_summary_stays_this_docstrings(tmp_path: Path) -> None:
    # the summary alone before it: the fields are the docstring's own, indented too deep
    assert len(_unknown(tmp_path, _UNDER_SUMMARY)) == 1
