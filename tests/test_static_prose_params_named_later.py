"""C2-PROSE-PARAM-TYPE: an entry whose sentence names its own parameter, code-marked, after the
type word is about something else (round 65, pymeasure: ":param maxsplit: The string returned by
the device is split at most `maxsplit` times" on ``maxsplit: int``, 3 FALSE); the type word
before the name, or the name in a later sentence, stays a claim about the parameter."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_type

from tests.static_helpers import static_input

_GOOGLE = '''
def read(maxsplit: int = -1) -> None:
    """Read the reply.

    Args:
        maxsplit: {text}
    """
'''
_NUMPY = '''
def read(maxsplit: int = -1) -> None:
    """Read the reply.

    Parameters
    ----------
    maxsplit
        {text}
    """
'''
_REST = '''
def read(maxsplit: int = -1) -> None:
    """Read the reply.

    :param maxsplit: {text}
    """
'''
_STYLES = [_GOOGLE, _NUMPY, _REST]


def _flagged(tmp_path: Path, template: str, text: str) -> list[str]:
    inp = static_input(tmp_path, template.format(text=text), "read")
    return [f.rule for f in c2_prose_param_type(inp)]


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    "text",
    [
        "The string returned by the device is split at most `maxsplit` times.",
        "The string is split at most ``maxsplit`` times; -1 means no limit.",
        "The string returned is cut *maxsplit* times.",
    ],
)
def test_the_parameter_named_after_the_type_word_is_not_its_subject(
    tmp_path: Path, template: str, text: str
) -> None:
    assert _flagged(tmp_path, template, text) == []


@pytest.mark.parametrize("template", _STYLES)
@pytest.mark.parametrize(
    "text",
    [
        "The string to split at.",  # the claim, no name at all
        "The string to split at. Passing `maxsplit` twice is an error.",  # a later sentence
        "The string maxsplit to split at.",  # the name unmarked: not told apart
    ],
)
def test_a_type_word_about_the_parameter_is_still_reported(
    tmp_path: Path, template: str, text: str
) -> None:
    assert _flagged(tmp_path, template, text) == ["C2-PROSE-PARAM-TYPE"]
