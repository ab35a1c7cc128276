"""C1-PROSE-NAME-STALE: a private helper renamed by one word added before it, linked by a call
(session 37 recall: pvlib's ``_element_type`` says "pass to _num_type()" and calls
``_new_num_type``).

A longer private name is as often a relative of the one the prose names, so a private name was
matched only against twins one word *changed*; a public one already took an extended twin that
the documented function calls or is called by.  The private one now does too when the sentence calls
the name (``_num_type()``, "the ``_read_rows`` method"): one word added, the twin call-linked to
the documented function, which does not extend the name itself.  (A
word added after the name was already reported: C1-NAME-UNRESOLVED's did-you-mean.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved
from docref.checks.static.prose_names import RULE_STALE

from tests.static_helpers import run_rule, static_input

NUMPY = '''
def _new_num_type(value):
    """Convert a value to its number type.

    Parameters
    ----------
    value : str
        The text of the value.
    """
    return float(value)


def _element_type(element):
    """Determine if an element is a list, then pass to _num_type().

    Parameters
    ----------
    element : str
        The element's text.
    """
    if "," in element:
        return [_new_num_type(v) for v in element.split(",")]
    return _new_num_type(element)
'''
GOOGLE = '''
def _fast_read_rows(chunk):
    return chunk


def read(chunk):
    """Read a chunk with the `_read_rows` method.

    Args:
        chunk: the bytes to read.
    """
    return _fast_read_rows(chunk)
'''
REST = '''
def _raw_parse_header(line):
    return line.split(":")


def parse(line):
    """Parse one line; the caller is :func:`_parse_header`'s only user.

    :param line: the line.
    """
    return line


def caller(line):
    return _raw_parse_header(parse(line))
'''


@pytest.mark.parametrize(
    ("code", "qualname", "old", "new"),
    [
        (NUMPY, "_element_type", "_num_type", "_new_num_type"),
        (GOOGLE, "read", "_read_rows", "_fast_read_rows"),
    ],
    ids=["numpy-plain-call", "google-marked"],
)
def test_private_helper_extended_and_called(
    tmp_path: Path, code: str, qualname: str, old: str, new: str
) -> None:
    inp = static_input(tmp_path, code, qualname)
    found = [f for f in c1_name_unresolved(inp) if f.rule == RULE_STALE]
    assert [old in inp.source[f.start : f.end] for f in found] == [True]
    assert f"`{new}` under its old name" in found[0].message


@pytest.mark.parametrize(
    ("code", "qualname"),
    [
        # consistent: the helper the sentence names exists
        (NUMPY.replace("pass to _num_type()", "pass to _new_num_type()"), "_element_type"),
        # the extended helper is not called by the documented function: a relative
        (
            NUMPY.replace("return [_new_num_type(v)", "return [float(v)").replace(
                "return _new_num_type(element)", "return float(element)"
            ),
            "_element_type",
        ),
        # two words added: another helper built on it, not the name renamed
        (GOOGLE.replace("_fast_read_rows", "_fast_cached_read_rows"), "read"),
        # the documented function extends the name itself (a relative: "the implementation
        # of ``_read_rows``" in ``_read_rows_all``)
        (
            GOOGLE.replace("def read(", "def _read_rows_all(").replace(
                "`_read_rows` method.", "`_read_rows` method, all of them."
            ),
            "_read_rows_all",
        ),
        # a name the sentence does not call: an attribute ``_lags`` beside ``_check_lags``
        (GOOGLE.replace("the `_read_rows` method", "`_read_rows`"), "read"),
        # REST: ``parse`` does not call ``_raw_parse_header`` nor is called by it
        (REST, "parse"),
    ],
    ids=[
        "consistent",
        "not-linked",
        "two-words",
        "documented-extends",
        "not-called",
        "rest-not-linked",
    ],
)
def test_private_helper_controls_are_silent(tmp_path: Path, code: str, qualname: str) -> None:
    found = run_rule(c1_name_unresolved, tmp_path, code, qualname)
    assert [f for f in found if f.rule == RULE_STALE] == []
