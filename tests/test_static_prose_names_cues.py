"""C1-PROSE-NAME-STALE for plain words the text calls parameters (session 9, recall): a
renamed parameter still named in a bulleted parameter list (tornado's ``linkify``: ``*
``shorten``: ...`` after ``shorten`` became ``user_shorten``) or as "the ``timeout``
argument".  A plain English word in backticks is otherwise matched only abbreviated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docref.checks.static.names import (
    c1_name_unresolved,
    c1_prose_name_elsewhere,
)
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
        # the cue before the name: another callable's keyword (jax's ``nd_loop``: "the body
        # will expect a keyword argument `carry`" next to its own ``init_carry``)
        (
            NUMPY.replace(
                "A zero ``timeout`` argument", "The callback takes an argument ``timeout``"
            ),
            "wait",
        ),
    ],
    ids=[
        "bullet-gone",
        "value-not-argument",
        "rest-consistent",
        "numpy-consistent",
        "no-twin",
        "cue-before",
    ],
)
def test_plain_word_controls_are_silent(tmp_path: Path, code: str, qualname: str) -> None:
    assert run_rule(c1_name_unresolved, tmp_path, code, qualname) == []


ELSEWHERE = '''
class GzipDecompressor:
    def decompress(self, value, max_len=0):
        """Decompress a chunk.

        If ``max_length`` is given, some input data may be left over.
        """
        return value[:max_len]

    def flush(self, max_length=0):
        """Flush what is left."""
        return max_length
'''


def test_a_name_only_other_code_uses_is_the_renamed_parameter(tmp_path: Path) -> None:
    # tornado's ``decompress``: ``max_length`` became ``max_len``; ``flush`` still has a
    # ``max_length``, so the file's code knows the name, this function's does not
    # (opt-in since session 10: C1-PROSE-NAME-ELSEWHERE; a twin written shorter is the
    # default rule's since session 33). The message says why ``max_len`` and not another
    # parameter: the docstring names it nowhere
    inp = static_input(tmp_path, ELSEWHERE, "GzipDecompressor.decompress")
    assert c1_prose_name_elsewhere(inp) == []
    [found] = c1_name_unresolved(inp)
    assert found.rule == "C1-PROSE-NAME-STALE"
    assert found.message == (
        "`max_length` is used only by other code of the file, not by decompress(); "
        "it looks like the parameter `max_len` under its old name, "
        "which the docstring names nowhere"
    )


@pytest.mark.parametrize(
    "code",
    [
        # consistent: the function's own parameter
        re.sub(r"\bmax_len\b", "max_length", ELSEWHERE),
        # the function's own code uses the name (an attribute, a local)
        ELSEWHERE.replace("return value[:max_len]", "return value[: self.max_length or max_len]"),
        # a method of the class: a name the function sees
        ELSEWHERE.replace("def flush(self, max_length=0)", "def max_length(self)"),
        # no parameter is its renamed twin
        re.sub(r"\bmax_len\b", "limit", ELSEWHERE),
        # history: the old name
        ELSEWHERE.replace("If ``max_length``", "As the former ``max_length``, if it"),
        # a camelCase name is another system's (pymongo: the ``keyAltNames`` field of a
        # document, a ``key_alt_name`` parameter, ``keyAltNames`` used by other code)
        ELSEWHERE.replace("max_length", "keyAltNames").replace("max_len", "key_alt_name"),
        # the name cut short of the parameter: another thing (docutils ``Node.walk``: "Within
        # ``visit`` methods", its parameter ``visitor``, other code calling ``visit``)
        re.sub(r"\bmax_len\b", "visitor", ELSEWHERE).replace("max_length", "visit"),
        # a plain word other code uses, affixed, is not enough even called an argument
        # (jax's ``nd_loop``: a ``carry`` argument of the body, its own ``init_carry``)
        ELSEWHERE.replace("max_length", "carry")
        .replace("max_len", "init_carry")
        .replace("If ``carry`` is", "If the ``carry`` argument is"),
    ],
    ids=[
        "consistent",
        "own-code",
        "member",
        "no-twin",
        "history",
        "camel-case",
        "cut-short",
        "plain-cued",
    ],
)
def test_names_used_elsewhere_controls_are_silent(tmp_path: Path, code: str) -> None:
    assert run_rule(c1_name_unresolved, tmp_path, code, "GzipDecompressor.decompress") == []
    qualname = "GzipDecompressor.decompress"
    assert run_rule(c1_prose_name_elsewhere, tmp_path / "opt-in", code, qualname) == []


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        # session 31 recall (tornado's ``Queue.get``): a value, or the function itself, after
        # "argument of" keeps the argument this function's
        ("A ``timeout`` argument of zero returns at once.", True),
        ("A ``timeout`` argument of ``None`` waits for ever.", True),
        ("The ``timeout`` argument of this method differs from the standard library's.", True),
        # another callable's parameter: not this function's old name
        ("It is passed on as the ``timeout`` argument of select.", False),
        ("The ``timeout`` argument to :func:`select` is reused.", False),
    ],
)
def test_argument_of_a_value_or_this_method(tmp_path: Path, sentence: str, flagged: bool) -> None:
    code = NUMPY.replace("A zero ``timeout`` argument returns at once.", sentence)
    found = run_rule(c1_name_unresolved, tmp_path, code, "wait")
    assert [f.rule for f in found] == ([RULE_STALE] if flagged else [])
    consistent = code.replace("timeout_value", "timeout")
    assert run_rule(c1_name_unresolved, tmp_path / "ok", consistent, "wait") == []  # control
