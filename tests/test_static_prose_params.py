"""C2-PROSE-PARAM-TYPE: parameter claims in prose against the annotation."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import RULE_PROSE_PARAM, c2_prose_param_type

from tests.static_helpers import static_input


def _run(tmp_path: Path, code: str, qualname: str = "f", **kw: str) -> list[str]:
    inp = static_input(tmp_path, code, qualname, **kw)
    found = c2_prose_param_type(inp)
    assert all(f.rule == RULE_PROSE_PARAM for f in found)
    return [inp.source[f.start : f.end] for f in found]


GOOGLE = '''
def f(paths: str) -> None:
    """Read files.

    Args:
        paths: A list of paths to read.
    """
'''
REST = '''
def f(name: int) -> None:
    """Read files.

    :param name: a string naming the file
    """
'''
NUMPY_PROSE = '''
def f(paths: dict[str, int]) -> None:
    """Read files.

    Here *paths* is a list of file names.

    Parameters
    ----------
    paths
        The files.
    """
'''


@pytest.mark.parametrize(
    ("code", "flagged"),
    [
        (GOOGLE, "paths: A list of paths to read."),
        (REST, ":param name: a string naming the file"),
        (NUMPY_PROSE, "Here *paths* is a list of file names."),
    ],
)
def test_contradicted_param_claim_is_flagged(tmp_path: Path, code: str, flagged: str) -> None:
    assert _run(tmp_path, code) == [flagged]


@pytest.mark.parametrize(
    "code",
    [
        GOOGLE.replace("paths: str", "paths: list[str]"),
        GOOGLE.replace("paths: str", "paths: tuple[str, ...]"),  # "a list" in English
        GOOGLE.replace("paths: str", "paths: Sequence[str]"),  # not a builtin: not judged
        GOOGLE.replace("paths: str", "paths"),  # no annotation
        REST.replace("name: int", "name: str | None"),
        REST.replace("a string naming the file", "the string length to use"),
        # "True if" describes a flag, not its type
        GOOGLE.replace("A list of paths to read.", "True if the paths are read."),
        # ordinary prose that merely looks like a type claim
        GOOGLE.replace("A list of paths to read.", "Paths; a list of them is kept."),
    ],
)
def test_consistent_or_unjudged_param_claim_is_silent(tmp_path: Path, code: str) -> None:
    assert _run(tmp_path, "from typing import Sequence\n" + code) == []


JAVA = """\
package p;

public class C {
    /**
     * Reads it.
     *
     * @param name DOC
     */
    public void m(TYPE name) {
    }
}
"""


@pytest.mark.parametrize(
    ("doc", "type_", "flagged"),
    [
        ("a String naming the file", "int", True),
        ("a String naming the file", "String", False),
        # the type word in Javadoc code markup is the same claim, and the same control
        ("a {@code String} naming the file", "int", True),
        ("a <code>String</code> naming the file", "long", True),
        ("a {@code String} naming the file", "String", False),
        ("a <code>String</code> naming the file", "java.lang.String", False),
        ("a list of names", "int", False),  # Java: string claims only
        ("a String naming the file", "java.io.File", False),  # declared class: not judged
        # round 6 (jlink ``StringTable.getString(int id)``: "The string id"): a noun modifier
        ("The string id.", "int", False),
        ("the string identifiers", "int", False),
        ("The string idea.", "int", True),  # control: only the whole word "id" is a head noun
        # round 11 (``CSSPrimitiveValue.setStringValue(short stringType, ...)``): a code for a
        # string unit type, "code" being the head noun
        ("A string code as defined above.", "short", False),
        ("A string coded as defined above.", "short", True),  # control: "coded" is no noun
    ],
)
def test_javadoc_param_claim(tmp_path: Path, doc: str, type_: str, flagged: bool) -> None:
    code = JAVA.replace("DOC", doc).replace("TYPE", type_)
    found = _run(tmp_path, code, "C.m", filename="C.java")
    assert found == ([f"@param name {doc}"] if flagged else [])


_ENTRY_STYLES = {
    "google": '''
def f(strict: {ann}) -> None:
    """Match the cookie.

    Args:
        strict: {claim}
    """
''',
    "numpy": '''
def f(strict: {ann}) -> None:
    """Match the cookie.

    Parameters
    ----------
    strict
        {claim}
    """
''',
    "rest": '''
def f(strict: {ann}) -> None:
    """Match the cookie.

    :param strict: {claim}
    """
''',
}


@pytest.mark.parametrize("style", sorted(_ENTRY_STYLES))
@pytest.mark.parametrize(
    ("claim", "wrong", "right"),
    [
        # recall benchmark (session 7): werkzeug ``origin_only: bool`` became ``int``
        ("Whether the domain must be an exact match.", "int", "bool"),
        ("If ``True``, the domain must match exactly.", "str", "bool | None"),
        ("Set to `True` if recursion should happen.", "int", "Optional[bool]"),
        # ``salt_length: int`` became ``str``
        ("The number of characters to generate for the salt.", "str", "float"),
        ("Number of values to trust in the header.", "str | None", "int"),
    ],
)
def test_an_entry_saying_what_a_flag_or_count_is(
    tmp_path: Path, style: str, claim: str, wrong: str, right: str
) -> None:
    code = "from typing import Optional\n" + _ENTRY_STYLES[style]
    [text] = _run(tmp_path / "a", code.format(ann=wrong, claim=claim))
    assert claim in text
    assert _run(tmp_path / "b", code.format(ann=right, claim=claim)) == []


@pytest.mark.parametrize(
    "claim",
    [
        "Whether to use a string or a list.",  # a choice between two values
        "True if the cookie is set.",  # when a value counts as set
        "A number of extra names.",  # "several"
        "The number of bytes, as a human-readable string.",  # the sentence names the kind
        "Describes whether the domain must match.",  # not the entry's first words
    ],
)
def test_flag_and_count_controls(tmp_path: Path, claim: str) -> None:
    assert _run(tmp_path, _ENTRY_STYLES["google"].format(ann="str", claim=claim)) == []


@pytest.mark.parametrize(("annotation", "reported"), [("list", False), ("str", True)])
def test_a_flag_said_of_a_list_parameter_describes_its_items(
    tmp_path: Path, annotation: str, reported: bool
) -> None:
    # round 10 (twisted ``_gotResultInlineCallbacks``: "Whether ... was waiting, and the
    # result" for a [flag, result] list); control: the same entry on a ``str`` is reported
    code = f'''
def f(waiting: {annotation}) -> None:
    """Handle a result.

    Args:
        waiting: Whether the generator was waiting, and the result.
    """
'''
    assert bool(_run(tmp_path, code)) is reported
