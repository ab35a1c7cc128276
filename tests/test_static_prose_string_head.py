"""A plural head noun right after "string" ends the noun phrase ("The request query string
parameters."): the value is the parameters, "string" qualifies them -- no claim of a string
(round 72, aws-lambda-powertools' ``query_string_parameters -> dict[str, str]``, 2 FALSE)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.static_helpers import DOC_STYLES, documented_function, flagged

# (text, reported): the plural head ends the phrase (a stop or the end of the text)
_TEXTS = [
    ("The request query string parameters.", False),
    ("The query string parameters; empty when there are none.", False),
    ("The string arguments, keyed by name.", False),
    # controls: the string itself, a string of several things, a plural going on with "of"
    # (Javadoc's "the string representations of this option" on an ``int[]``) and a verb after
    # "string" (its object is no head noun) stay string claims
    ("The request query string.", True),
    ("The query string of the request parameters.", True),
    ("The string representations of the parameters.", True),
    ("A string contains the parameters.", True),
]


# a summary line opening with "A string contains ..." is a clause, no claim either way
_SUMMARY_TEXTS = [t for t in _TEXTS if not t[0].startswith("A string contains")]


def _returns(style: str, text: str) -> str:
    """``f() -> dict[str, str]`` whose Returns section says ``text``."""
    if style == "google":
        doc = f"Get it.\n\n    Returns:\n        {text}\n    "
    elif style == "numpy":
        doc = f"Get it.\n\n    Returns\n    -------\n    {text}\n    "
    else:
        doc = f"Get it.\n\n    :returns: {text}\n    "
    return f'def f() -> dict[str, str]:\n    """{doc}"""\n    return {{}}\n'


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(("text", "reported"), _TEXTS)
def test_plural_head_after_string_is_no_return_string_claim(
    tmp_path: Path, style: str, text: str, reported: bool
) -> None:
    found = flagged(c2_prose_return_type, tmp_path, _returns(style, text))
    assert bool(found) is reported, found


@pytest.mark.parametrize(("text", "reported"), _SUMMARY_TEXTS)
def test_plural_head_after_string_in_a_property_summary(
    tmp_path: Path, text: str, reported: bool
) -> None:
    code = (
        "class Event:\n    @property\n    def params(self) -> dict[str, str]:\n"
        f'        """{text}"""\n        return {{}}\n'
    )
    found = flagged(c2_prose_return_type, tmp_path, code, "Event.params")
    assert bool(found) is reported, found


@pytest.mark.parametrize("style", DOC_STYLES)
@pytest.mark.parametrize(("text", "reported"), _TEXTS)
def test_plural_head_after_string_is_no_parameter_string_claim(
    tmp_path: Path, style: str, text: str, reported: bool
) -> None:
    code = documented_function(style, "f(params: dict[str, str])", [("params", "", text)])
    found = flagged(c2_prose_param_type, tmp_path, code)
    assert bool(found) is reported, found
