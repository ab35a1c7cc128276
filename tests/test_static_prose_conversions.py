"""C2 prose claims naming a conversion ("the header value as an int"), a bare type word as the
whole Returns entry (``:return: list``) and "If set to `True`" parameter entries (session 8)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.javadoc_rules import c2_javadoc_return_type
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type
from docref.checks.static.prose_returns import c2_prose_return_inferred, c2_prose_return_type

from tests.static_helpers import static_input

GOOGLE = '''
def f(environ: dict) -> {ret}:
    """Read the length.

    Args:
        environ: The WSGI environment.

    Returns:
        The ``Content-Length`` header value as an int.
    """
    return environ
'''
NUMPY = '''
def f(environ: dict) -> {ret}:
    """Return the final WSGI response as tuple.

    Parameters
    ----------
    environ : dict
        The WSGI environment.
    """
    return environ
'''
REST = '''
def f(environ: dict) -> {ret}:
    """Read the values.

    :param environ: the WSGI environment
    :return: a :class:`list`
    """
    return environ
'''
REST_BARE = '''
def f(environ: dict) -> {ret}:
    """Read the values.

    :param environ: the WSGI environment
    :return: list
    """
    return environ
'''


def _returns(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    found = c2_prose_return_type(inp) + c2_prose_return_inferred(inp)
    return [inp.source[f.start : f.end] for f in found]


@pytest.mark.parametrize(
    ("code", "bad", "good", "said"),
    [
        (GOOGLE, "str | None", "int | None", "as an int"),
        (NUMPY, "list", "tuple[str, int]", "as tuple"),
        (REST, "str", "list[str]", "a :class:`list`"),
        (REST_BARE, "str", "list[str]", "list"),
    ],
    ids=["google", "numpy", "rest-role", "rest-bare"],
)
def test_conversion_claim_against_the_annotation(
    tmp_path: Path, code: str, bad: str, good: str, said: str
) -> None:
    [text] = _returns(tmp_path / "bad", code.format(ret=bad))
    assert said in text
    assert _returns(tmp_path / "good", code.format(ret=good)) == []  # control


@pytest.mark.parametrize(
    "claim",
    [
        "Return values such as a list of names.",  # an example, not the result
        "Return the value, as well as a string naming it.",
        "Return the value as a string or bytes.",  # alternatives
        "Return the value as a list-like object.",
        "Read the value as an int and return its name.",  # not a return statement's verb
        # astropy's ``Header.count``: a clause about something else
        "Return the count, similar to `list.count` if the header is treated as a list.",
        "Return the value stored as a string in the file.",
    ],
)
def test_conversion_phrases_that_claim_no_kind_are_silent(tmp_path: Path, claim: str) -> None:
    code = f'''
def f(x: dict) -> int:
    """{claim}"""
    return 1
'''
    code = code.replace("-> int", "-> dict[str, int]")
    assert _returns(tmp_path, code) == []


def test_javadoc_return_as_a_string(tmp_path: Path) -> None:
    # Javadoc's conversion phrases are C2-JAVADOC-RETURN-TYPE's (not judged twice)
    code = """
    package p;
    class C {{
        /**
         * Formats it.
         * @return the name as a String
         */
        {ret} m() {{ return {value}; }}
    }}
    """
    inp = static_input(tmp_path, code.format(ret="int", value="0"), "C.m", filename="p/C.java")
    assert c2_prose_return_type(inp) == []
    found = c2_javadoc_return_type(inp)
    assert [inp.source[f.start : f.end].startswith("@return") for f in found] == [True]
    ok = code.format(ret="String", value='""')
    inp = static_input(tmp_path / "2", ok, "C.m", filename="p/C.java")
    assert c2_prose_return_type(inp) == c2_javadoc_return_type(inp) == []


PARAMS = {
    "google": '''
def f(cookie: {ann}) -> None:
    """Parse a cookie.

    Args:
        cookie: The cookie header as a string.
    """
''',
    "numpy": '''
def f(cookie: {ann}) -> None:
    """Parse a cookie.

    Parameters
    ----------
    cookie
        The cookie header as a string.
    """
''',
    "rest": '''
def f(cookie: {ann}) -> None:
    """Parse a cookie.

    :param cookie: The cookie header as a string.
    """
''',
}


@pytest.mark.parametrize("style", sorted(PARAMS))
def test_parameter_described_as_a_conversion(tmp_path: Path, style: str) -> None:
    code = PARAMS[style]
    bad = static_input(tmp_path / "bad", code.format(ann="bytes | None"), "f")
    # a conversion ("as a string") may be loose English: the opt-in rule's
    assert c2_prose_param_type(bad) == []
    assert [f.rule for f in c2_prose_param_loose(bad)] == ["C2-PROSE-PARAM-LOOSE"]
    good = static_input(tmp_path / "good", code.format(ann="str | None"), "f")
    assert c2_prose_param_type(good) + c2_prose_param_loose(good) == []


@pytest.mark.parametrize(
    ("entry", "flagged"),
    [
        (":param multi: If set to `True` the iterator has a pair for each value.", True),
        (":param multi: When set to ``False`` only the first value is used.", True),
        (":param multi: If set to 3, three values are used.", False),
    ],
)
def test_if_set_to_true_is_a_flag(tmp_path: Path, entry: str, flagged: bool) -> None:
    code = f'''
def f(multi: int) -> None:
    """Iterate.

    {entry}
    """
'''
    inp = static_input(tmp_path, code, "f")
    assert bool(c2_prose_param_type(inp)) is flagged
    ok = static_input(tmp_path / "2", code.replace("multi: int", "multi: bool"), "f")
    assert c2_prose_param_type(ok) + c2_prose_param_loose(ok) == []


def test_a_flags_entry_tells_what_it_does(tmp_path: Path) -> None:
    # polars' ``as_list: bool``: "Collect the results as a list ..." is the flag's effect
    code = PARAMS["google"].replace("The cookie header as a string.", "Collect it as a list.")
    inp = static_input(tmp_path, code.format(ann="bool"), "f")
    assert c2_prose_param_type(inp) + c2_prose_param_loose(inp) == []


# session 31 (prose recall): "the given X" is a noun phrase, not a clause of its own; ", or
# ``None``" is the value's absence beside the kind claimed; "a mapping of" names a dict; the
# passive "The X is returned as <kind>" is a return statement
@pytest.mark.parametrize(
    ("claim", "bad", "good"),
    [
        ("Returns all values for the given header as a list.", "str", "list[str]"),
        (
            "It returns the priority as a string, or ``None`` when empty.",
            "int | None",
            "str | None",
        ),
        ("Returns a mapping of worker index to processed count.", "list[int]", "dict[int, int]"),
        ("The result is returned as a list, one item per key.", "str", "list[str]"),
    ],
    ids=["the-given", "or-none", "a-mapping-of", "passive"],
)
def test_return_kind_phrasings(tmp_path: Path, claim: str, bad: str, good: str) -> None:
    # a summary "Returns ..." is a claim; the others are sentences of the description
    lead = "" if claim.startswith("Returns") else "Read the values.\n\n    "
    code = '''
def f(x: dict) -> {ret}:
    """{lead}{claim}
    """
    return x
'''.replace("{lead}", lead)
    assert len(_returns(tmp_path / "bad", code.format(ret=bad, claim=claim))) == 1
    assert _returns(tmp_path / "good", code.format(ret=good, claim=claim)) == []  # control


@pytest.mark.parametrize(
    "claim",
    [
        "Return the value as a string, if given as a list.",  # "given" opens a clause
        "Return the value as a string or an int.",  # another kind as the alternative
        "Return the mapping from keys to their values.",  # "the mapping from": a role
        "Each key is returned as a string.",  # an item of the value, not the value
        "The value is stored as a string and returned.",
    ],
)
def test_return_kind_traps_stay_silent(tmp_path: Path, claim: str) -> None:
    code = f'''
def f(x: dict) -> list[int]:
    """{claim}"""
    return x
'''
    assert _returns(tmp_path, code) == []


# session 31 recall (optax, flax, sqlglot, scrapy): a pair is a tuple, its items spelled out
@pytest.mark.parametrize(
    "entry",
    [
        "A pair ``(mean, var)``.",
        "A pair (eigenvalue, eigenvector), where eigenvalue is the dominant one.",
        "A pair with the new mapping and the removed value.",
        "(args, kwargs) tuple for the function.",
    ],
)
def test_a_pair_is_a_tuple(tmp_path: Path, entry: str) -> None:
    code = '''
def f(x: dict) -> {ret}:
    """Split the values.

    Returns:
        {entry}
    """
    return x
'''
    assert len(_returns(tmp_path / "bad", code.format(ret="list", entry=entry))) == 1
    assert _returns(tmp_path / "good", code.format(ret="tuple[int, int]", entry=entry)) == []


@pytest.mark.parametrize(
    "entry", ["A pair of floats, one per axis.", "A key-value pair of the mapping."]
)
def test_pairs_of_things_are_no_tuple_claim(tmp_path: Path, entry: str) -> None:
    code = f'''
def f(x: dict) -> list[float]:
    """Split the values.

    Returns:
        {entry}
    """
    return x
'''
    assert _returns(tmp_path, code) == []


TYPED = '''
def f(x: dict) -> {ret}:
    """Column means.

    {sentence}

    Returns
    -------
    {entry}
        One mean per column.
    """
    return x
'''


@pytest.mark.parametrize(
    ("sentence", "entry", "ret", "flagged"),
    [
        # session 16 prose probe: the entry and the annotation agree, the sentence is stale
        (
            "This method gives back a dictionary mapping each column to its mean.",
            "list of float",
            "list[float]",
            True,
        ),
        ("It returns the means as a string.", "list of float", "list[float]", True),
        # consistent: the sentence says what both say
        (
            "This method gives back a dictionary mapping each column to its mean.",
            "dict",
            "dict[str, float]",
            False,
        ),
        # the entry disagrees with the annotation: C2-RETURN-TYPE's finding, not a second one
        (
            "This method gives back a dictionary mapping each column to its mean.",
            "dict",
            "list[float]",
            False,
        ),
        # the summary stays the entry's to explain
        ("Return a dictionary of the means.", "list of float", "list[float]", False),
    ],
)
def test_description_sentence_beside_a_typed_entry(
    tmp_path: Path, sentence: str, entry: str, ret: str, flagged: bool
) -> None:
    code = TYPED.format(sentence=sentence, entry=entry, ret=ret)
    if sentence.startswith("Return "):
        code = code.replace("Column means.\n\n    ", "")
    assert len(_returns(tmp_path, code)) == (1 if flagged else 0)
