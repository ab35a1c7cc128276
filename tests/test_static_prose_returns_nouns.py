"""C2-PROSE-RETURN-TYPE: a return claim whose head noun has up to two qualifying words ("a
fully-qualified location string", "a settings dict"), "Dict of ...", "a list with ...", in
Google, NumPy, reST and Javadoc forms, with controls."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_returns import c2_prose_return_inferred, c2_prose_return_type

from tests.static_helpers import flagged as findings


def _said(tmp_path: Path, code: str, qualname: str = "f") -> list[str]:
    found = findings((c2_prose_return_type, c2_prose_return_inferred), tmp_path, code, qualname)
    return [f.message.split('"')[1] for f in found]


GOOGLE = '''
def f(x: int) -> {annotation}:
    """Build the environment.

    Returns:
        A OS environment dict suitable to fork processes.
    """
'''
NUMPY = '''
def f(x: int) -> {annotation}:
    """Return a fully-qualified location string.

    Parameters
    ----------
    x : int
        The port.
    """
'''
REST = '''
def f(x: int) -> {annotation}:
    """List the spiders.

    :param x: the limit
    :returns: a list with the names of all spiders in the project
    """
'''
SUMMARY = '''
def f(x: int) -> {annotation}:
    """Dict of all current annotations."""
'''


@pytest.mark.parametrize(
    ("code", "annotation", "said"),
    [
        (GOOGLE, "list[tuple[str, str]]", "A OS environment dict"),
        (NUMPY, "bytes", "a fully-qualified location string"),
        (REST, "str", "a list with"),
        (SUMMARY, "list[tuple[str, int]]", "Dict of"),
    ],
)
def test_qualified_noun_claim_is_flagged(
    tmp_path: Path, code: str, annotation: str, said: str
) -> None:
    assert _said(tmp_path, code.format(annotation=annotation)) == [said]


@pytest.mark.parametrize(
    ("code", "annotation"),
    [
        (GOOGLE, "dict[str, str]"),
        (NUMPY, "str"),
        (REST, "list[str]"),
        (SUMMARY, "dict[str, int]"),
        # the noun after a preposition is not what comes back
        ('def f() -> str:\n    """Return the key of the dict."""\n', "str"),
        # a qualifying word that makes it bytes
        ('def f() -> bytes:\n    """Return the raw byte string."""\n', "bytes"),
        # the dict's parts, not a dict
        ('def f() -> int:\n    """Return the settings dict size."""\n', "int"),
    ],
)
def test_consistent_noun_claim_is_silent(tmp_path: Path, code: str, annotation: str) -> None:
    assert _said(tmp_path, code.format(annotation=annotation)) == []


JAVA = """\
package p;

public class C {
    /**
     * Computes it.
     *
     * @return RETURN
     */
    public int m() {
        return 0;
    }
}
"""


@pytest.mark.parametrize(
    ("doc", "flagged"),
    [("a fully-qualified location String", True), ("the location string length", False)],
)
def test_javadoc_qualified_string(tmp_path: Path, doc: str, flagged: bool) -> None:
    code = JAVA.replace("RETURN", doc)
    assert bool(findings(c2_prose_return_type, tmp_path, code, "C.m", filename="C.java")) is flagged


OTHERWISE = '''
def f(x: int) -> {annotation}:
    """Look the value up.

    :param x: the key
    :returns: a list of the values stored under the key, otherwise CLAUSE
    """
'''


@pytest.mark.parametrize(
    ("clause", "annotation", "flagged"),
    [
        # what happens instead of returning, or no value: the claim stays a list
        ("raises ``KeyError``.", "str", True),
        ("sets the default first.", "str", True),
        ("``None``.", "str | None", True),
        ("an empty list.", "list[str]", False),
        # another value named: the claim is only part of the story
        ("the count.", "int", False),
        ("``None``.", "list[str] | None", False),
    ],
)
def test_an_otherwise_clause_that_names_no_value(
    tmp_path: Path, clause: str, annotation: str, flagged: bool
) -> None:
    code = OTHERWISE.format(annotation=annotation).replace("CLAUSE", clause)
    assert _said(tmp_path, code) == (["a list of"] if flagged else [])


def test_google_and_javadoc_otherwise_raises(tmp_path: Path) -> None:
    google = (
        'def f(x: int) -> int:\n    """Look it up.\n\n    Returns:\n'
        '        True if the key is known, otherwise raises KeyError.\n    """\n'
    )
    assert _said(tmp_path, google) == ["True if"]
    doc = "{@code true} if the key is known, otherwise throws an exception"
    code = JAVA.replace("RETURN", doc)
    assert len(findings(c2_prose_return_type, tmp_path / "j", code, "C.m", filename="C.java")) == 1


# round 22 (pylint's truncated_dict_suggestion): "a dict literal" is the source text of a
# dict, which a str holds; "a dict of ..." on a str stays a contradiction
DICT_LITERAL = '''
def f(elements: list[str]) -> str:
    """{summary}"""
    return "{{" + ", ".join(elements) + "}}"
'''


@pytest.mark.parametrize(
    ("summary", "said"),
    [
        ("Build a truncated dict literal suggestion from string elements.", []),
        ("Return a dictionary literal for the elements.", []),
        ("Build a dict of the elements.", ["a dict"]),
        ("Return a truncated dict for the elements.", ["a truncated dict"]),
    ],
)
def test_a_dict_literal_is_source_text(tmp_path: Path, summary: str, said: list[str]) -> None:
    assert _said(tmp_path, DICT_LITERAL.format(summary=summary)) == said
