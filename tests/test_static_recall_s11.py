"""Session 11's recall mechanisms, per docstring form, each with its controls:

* C1-NAME-UNRESOLVED: a code-shaped name in a reST literal (````frobnicate_all````) or called in
  plain prose (``frobnicate_all()``) that names nothing but extends a name in scope by one word
  (or is extended by one) is reported, as a single-backtick name already was;
* Sphinx's ```!name``` (the default role, not linked) is a name in prose, judged like any name
  in backticks (a cross-reference role with ``!`` stays unjudged: Sphinx was told not to link);
* C2-PROSE-RETURN-TYPE: "a (rows, cols) tuple" is a tuple claim, "Return `!True` if" a boolean;
* C2-PROSE-PARAM-TYPE: an entry naming its type in words ("A boolean that ...", "An integer
  representing ...") or writing it before its text ("bool: ...", "Optional, bool.", "(`bool`)").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved, c1_xref_unresolved
from docref.checks.static.prose_params import c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_type

from tests.names_helpers import messages
from tests.static_helpers import rule_ids, run_rule, static_input

HELPERS = """
def frobnicate(items):
    return items


def wait_poll_impl(fileno):
    return fileno

"""

EXTENDS = {
    "google-literal": '''
def run(path):
    """Run the job.

    Args:
        path: each line goes through ``frobnicate_all`` first.
    """
    return frobnicate(path)
''',
    "numpy-call": '''
def run(path):
    """Run the job.

    Parameters
    ----------
    path : str
        Each line goes through frobnicate_all() first.
    """
    return frobnicate(path)
''',
    "rest-literal-call": '''
def run(path):
    """Run the job; calls ``frobnicate_all()`` first.

    :param path: the file
    """
    return frobnicate(path)
''',
    # the name in scope extends the stale one (``wait_poll`` renamed ``wait_poll_impl``)
    "summary-call-shorter": '''
def run(path):
    """Run the job; for this reason wait_poll() is preferable."""
    return wait_poll_impl(path)
''',
}


@pytest.mark.parametrize("form", sorted(EXTENDS))
def test_a_literal_or_called_name_extending_a_name_in_scope(tmp_path: Path, form: str) -> None:
    findings = run_rule(c1_name_unresolved, tmp_path, HELPERS + EXTENDS[form], "run")
    (message,) = messages(findings)
    assert message.startswith("`frobnicate_all` names nothing in scope; did you mean") or (
        message == "`wait_poll` names nothing in scope; did you mean `wait_poll_impl`?"
    )


CONTROLS = {
    # a value derived from a parameter, not a renamed helper
    "derived-from-parameter": '''
def run(X):
    """Fit, then return ``X_transformed``."""
    return frobnicate(X)
''',
    # the docstring's own example defines the name
    "defined-by-the-example": '''
def run(path):
    """Run the job; calls ``frobnicate_all()``, as in::

        def frobnicate_all(): ...
    """
    return frobnicate(path)
''',
    # two names in scope extend it: no single candidate
    "ambiguous": '''
def wait_poll_fast(fileno):
    return fileno


def run(path):
    """Run the job; wait_poll() is preferable."""
    return wait_poll_impl(path)
''',
    # an SQL expression in prose names SQL functions (prefect: ``json`` is the module imported)
    "nested-call": '''
import json


def run(path):
    """Without the call, SQLAlchemy outputs json_quote(json_extract(...))."""
    return json.dumps(frobnicate(path))
''',
    # a member of an external module: another library's name, not this file's helper
    "external-member": '''
import os.path


def run(path):
    """Like ``os.path.join_all``, but for URLs."""
    return frobnicate(path)
''',
    # a name that extends nothing in scope stays a value or another program's name
    "extends-nothing": '''
def run(path):
    """Run the job; the ``server_vad`` mode calls ``terminate_process()``."""
    return frobnicate(path)
''',
}


@pytest.mark.parametrize("form", sorted(CONTROLS))
def test_literal_and_call_controls_stay_silent(tmp_path: Path, form: str) -> None:
    assert run_rule(c1_name_unresolved, tmp_path, HELPERS + CONTROLS[form], "run") == []


def test_javadoc_called_name_extending_a_method_stays_silent(tmp_path: Path) -> None:
    # Javadoc ``{@code name()}`` is as often a method of another object or a C function: the
    # extends-by-one-word evidence is not taken there (a did-you-mean typo still is)
    code = """
public class Shop {
    int computeTotal() { return 0; }

    /** Run; calls {@code computeTotal_all()} first. */
    void run() {}
}
"""
    inp = static_input(tmp_path, code, "Shop.run", filename="Shop.java")
    assert c1_name_unresolved(inp) == []


BANG = {
    "google": '''
def fetch(max_sz: int) -> list[int]:
    """Fetch records.

    Args:
        max_sz: at most this many; `!max_size` defaults to the array size.
    """
    return []
''',
    "numpy": '''
def fetch(max_sz: int) -> list[int]:
    """Fetch records.

    Parameters
    ----------
    max_sz : int
        At most this many; `!max_size` defaults to the array size.
    """
    return []
''',
    "rest": '''
def fetch(max_sz: int) -> list[int]:
    """Fetch at most `!max_size` records.

    :param max_sz: how many
    """
    return []
''',
}


@pytest.mark.parametrize("form", sorted(BANG))
def test_sphinx_unlinked_name_is_judged_in_prose(tmp_path: Path, form: str) -> None:
    findings = run_rule(c1_name_unresolved, tmp_path, BANG[form], "fetch")
    assert len(findings) == 1 and "`max_size`" in findings[0].message
    assert "max_sz" in findings[0].message


def test_sphinx_unlinked_name_controls(tmp_path: Path) -> None:
    code = '''
class Cursor:
    arraysize = 1

    def fetch(self, size: int) -> list[int]:
        """Fetch `!size` records; `!size` defaults to `!self.arraysize`.

        See :meth:`!fetch_all_rows` (not linked on purpose).
        """
        return []
'''
    inp = static_input(tmp_path, code, "Cursor.fetch")
    assert c1_name_unresolved(inp) == []
    assert c1_xref_unresolved(inp) == []


RETURNS = {
    "google": '''
def size() -> {annotation}:
    """Get the size.

    Returns:
        A (rows, cols) tuple.
    """
''',
    "rest": '''
def size() -> {annotation}:
    """Get the size.

    :returns: A (rows, cols) tuple.
    """
''',
    "numpy-summary-bang": '''
def size() -> {annotation}:
    """Return `!True` if the wrapper supports pipeline mode.

    Parameters
    ----------
    """
''',
}


@pytest.mark.parametrize(
    ("form", "annotation", "flagged"),
    [
        ("google", "list[int]", True),
        ("google", "tuple[int, int]", False),
        ("rest", "list", True),
        ("rest", "tuple", False),
        ("numpy-summary-bang", "int", True),
        ("numpy-summary-bang", "bool", False),
    ],
)
def test_tuple_and_unlinked_boolean_claims(
    tmp_path: Path, form: str, annotation: str, flagged: bool
) -> None:
    code = RETURNS[form].replace("{annotation}", annotation)
    assert bool(rule_ids(c2_prose_return_type, tmp_path, code, "size")) is flagged


def test_a_tuple_claim_with_an_alternative_stays_silent(tmp_path: Path) -> None:
    code = '''
def size() -> list[int]:
    """Get the size.

    :returns: a (rows, cols) tuple, or a list when the terminal is unknown
    """
'''
    assert c2_prose_return_type(static_input(tmp_path, code, "size")) == []


PARAM_WORDS = {
    "google-colon": ("Args:\n        flag: bool: use a broadcasted dropout.", "int"),
    "google-optional": ("Args:\n        flag: Optional, bool. If True, prevents it.", "int"),
    "numpy-integer": (
        "Parameters\n    ----------\n    flag\n        An integer representing the bound.",
        "str",
    ),
    "rest-paren": (":param flag: (`bool`) When True, escapes are kept.", "int"),
    "rest-boolean": (":param flag: boolean specifying if it is done in place.", "int"),
}
PARAM_CODE = '''
def f(flag: {annotation}) -> None:
    """Run.

    {entry}
    """
'''


@pytest.mark.parametrize("form", sorted(PARAM_WORDS))
def test_a_type_in_words_contradicted_by_the_annotation(tmp_path: Path, form: str) -> None:
    entry, annotation = PARAM_WORDS[form]
    code = PARAM_CODE.replace("{entry}", entry).replace("{annotation}", annotation)
    (finding,) = c2_prose_param_type(static_input(tmp_path, code, "f"))
    assert finding.rule == "C2-PROSE-PARAM-TYPE" and f"annotated `{annotation}`" in finding.message


@pytest.mark.parametrize(
    ("entry", "annotation"),
    [
        ("Args:\n        flag: bool: use a broadcasted dropout.", "bool"),
        ("Args:\n        flag: An integer representing the bound.", "float"),
        ("Args:\n        flag: A boolean mask selecting rows.", "str"),
        ("Args:\n        flag: An integer or a string naming the axis.", "str"),
        ("Args:\n        flag: An integer index into the rows.", "str"),
        (":param flag: boolean-like value", "str"),
        (":param flag: integers of the shape", "str"),
    ],
)
def test_type_words_controls(tmp_path: Path, entry: str, annotation: str) -> None:
    code = PARAM_CODE.replace("{entry}", entry).replace("{annotation}", annotation)
    assert c2_prose_param_type(static_input(tmp_path, code, "f")) == []


def test_javadoc_type_words_stay_with_the_string_claims(tmp_path: Path) -> None:
    # Javadoc parameters are judged on string claims only (primitive names are words there)
    code = """
public class C {
    /**
     * Run.
     * @param flag boolean specifying the mode
     */
    void run(int flag) {}
}
"""
    inp = static_input(tmp_path, code, "C.run", filename="C.java")
    assert c2_prose_param_type(inp) == []
