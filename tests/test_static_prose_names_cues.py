"""C1-PROSE-NAME-STALE for plain words the text calls parameters (session 9, recall): a
renamed parameter still named in a bulleted parameter list (tornado's ``linkify``: ``*
``shorten``: ...`` after ``shorten`` became ``user_shorten``) or as "the ``timeout``
argument".  A plain English word in backticks is otherwise matched only abbreviated."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import run_rule, static_input

REST = '''
def linkify(text, user_shorten=False):
    """Converts plain text into HTML with links.

    Parameters:

    * ``shorten``: Long urls will be shortened for display.

    :param text: the text
    """
    return text
'''
NUMPY = '''
def wait(timeout_value=None):
    """Block until the flag is true.

    Notes
    -----
    A zero ``timeout`` argument returns at once.
    """
    return timeout_value
'''
GOOGLE = '''
def fetch(url, user_retries=3):
    """Fetch a page.

    The ``retries`` parameter says how often to try again.

    Args:
        url: The page.
    """
    return url
'''


@pytest.mark.parametrize(
    ("code", "qualname", "old", "new"),
    [
        (REST, "linkify", "shorten", "user_shorten"),
        (NUMPY, "wait", "timeout", "timeout_value"),
        (GOOGLE, "fetch", "retries", "user_retries"),
    ],
    ids=["rest-bullet", "numpy-argument", "google-parameter"],
)
def test_a_plain_word_called_a_parameter_is_the_renamed_one(
    tmp_path: Path, code: str, qualname: str, old: str, new: str
) -> None:
    inp = static_input(tmp_path, code, qualname)
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert [inp.source[f.start : f.end].count(old) >= 1 for f in found] == [True]
    assert found[0].fix_hint == f"rename `{old}` to `{new}` in this sentence"


@pytest.mark.parametrize(
    ("code", "qualname"),
    [
        # no cue: a plain word in running prose is English as often as code
        (REST.replace("* ``shorten``: Long", "Long ``shorten`` urls"), "linkify"),
        (NUMPY.replace("``timeout`` argument", "``timeout`` value"), "wait"),
        # consistent code
        (REST.replace("user_shorten", "shorten"), "linkify"),
        (NUMPY.replace("timeout_value", "timeout"), "wait"),
        # a cue, but no parameter extends the word (``abbreviate`` is another name)
        (REST.replace("user_shorten", "abbreviate"), "linkify"),
    ],
    ids=["bullet-gone", "value-not-argument", "rest-consistent", "numpy-consistent", "no-twin"],
)
def test_plain_word_controls_are_silent(tmp_path: Path, code: str, qualname: str) -> None:
    assert run_rule(c1_name_unresolved, tmp_path, code, qualname) == []
