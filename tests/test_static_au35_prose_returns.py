"""C2-PROSE-RETURN-TYPE shapes still firing in session 35 (au35), each beside controls.

Round 77: earthkit-data's ``EmptyVertical.number_of_levels() -> None`` keeps
its base class's summary "Return the number of levels." and says itself "... is not applicable
for this vertical type, and this method returns None.": 1 FALSE C2-PROSE-RETURN-TYPE row still
firing.  On a function that returns nothing, a docstring that says elsewhere it returns
``None`` (a sentence, or an untyped Returns entry; a typed ``None:`` entry was settled
before) states what comes back itself; the summary is the
interface's it overrides (:func:`.prose_return_claims.says_it_returns_none`).
Controls: the same summary with no such statement, with English "returns none of them", or
with "returns None" on a function that returns a value the claim does not name, stay reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_CODE = '''
class Empty:
    def number_of_levels(self) -> {ann}:
        """Return the number of levels.

        {said}
        """
        return {value}
'''

_SENTENCE = "The levels do not apply to this type, and this method returns None."
_MARKED = "The levels do not apply here: it returns ``None``."
_REST = ":returns: None, the levels do not apply here."
_NOTHING = "The levels do not apply to this type."
_ENGLISH = "The search returns none of the levels of this type."


def _prose_returns(tmp_path: Path, said: str, ann: str = "None", value: str = "None") -> list[str]:
    code = _CODE.replace("{said}", said).replace("{ann}", ann).replace("{value}", value)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    "said",
    [_SENTENCE, _MARKED, _REST],
    ids=["sentence", "marked", "rest-field"],
)
def test_a_docstring_that_says_it_returns_none_settles_the_summary(
    tmp_path: Path, said: str
) -> None:
    assert _prose_returns(tmp_path, said) == []


@pytest.mark.parametrize("said", [_NOTHING, _ENGLISH], ids=["nothing-said", "english-none"])
def test_a_summary_count_over_none_stays_reported(tmp_path: Path, said: str) -> None:
    assert len(_prose_returns(tmp_path, said)) == 1


def test_returns_none_said_of_a_function_returning_a_string_stays_reported(
    tmp_path: Path,
) -> None:
    # the code returns text: "returns None" does not say what the summary's count is
    assert len(_prose_returns(tmp_path, _SENTENCE, ann="str", value='"3"')) == 1
