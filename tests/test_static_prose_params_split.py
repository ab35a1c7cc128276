"""Which prose parameter claims C2-PROSE-PARAM-TYPE reports by default (a contradiction on any
reading) and which go to the opt-in C2-PROSE-PARAM-LOOSE (loose English that rounds 9-12 judged
debatable or false on first sight), in Google, NumPy, reST and Javadoc forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.prose_params import c2_prose_param_loose, c2_prose_param_type

from tests.static_helpers import project_input, static_input

_FORMS = {
    "google": '''
def f(value: ANN = DEFAULT) -> None:
    """Use a value.

    Args:
        value: CLAIM
    """
''',
    "numpy": '''
def f(value: ANN = DEFAULT) -> None:
    """Use a value.

    Parameters
    ----------
    value
        CLAIM
    """
''',
    "rest": '''
def f(value: ANN = DEFAULT) -> None:
    """Use a value.

    :param value: CLAIM
    """
''',
}


@pytest.mark.parametrize("form", sorted(_FORMS))
@pytest.mark.parametrize(
    ("annotation", "default", "claim", "rule"),
    [
        # a container said of a scalar, a string of a number, a count of a string
        ("str", "None", "A list of paths to read.", "C2-PROSE-PARAM-TYPE"),
        ("int", "0", "A string naming the file.", "C2-PROSE-PARAM-TYPE"),
        ("str", "''", "Number of retries.", "C2-PROSE-PARAM-TYPE"),
        ("list[str]", "()", "A string naming the file.", "C2-PROSE-PARAM-TYPE"),
        # a flag under an int annotation (``bool`` became ``int``), unless a 0/1 default
        ("int", "False", "Whether to copy the data.", "C2-PROSE-PARAM-TYPE"),
        ("int | None", "None", "If True, copy the data.", "C2-PROSE-PARAM-TYPE"),
        ("int", "1", "Whether to copy the data.", None),
        # loose: "a string" for bytes, a list for a mapping, a conversion, a flag in a string
        ("bytes", "b''", "A string to send.", "C2-PROSE-PARAM-LOOSE"),
        ("dict[str, int]", "None", "A list of node ids.", "C2-PROSE-PARAM-LOOSE"),
        ("bytes", "b''", "The cookie header as a string.", "C2-PROSE-PARAM-LOOSE"),
        ("str", "''", "Whether to verify certificates.", "C2-PROSE-PARAM-LOOSE"),
        # a dict said of a list, tuple or set: the keys it maps from are nowhere (session 31,
        # s16 prose probe); the same words on a mapping are consistent
        ("list[str]", "()", "A dict mapping each name to its position.", "C2-PROSE-PARAM-TYPE"),
        ("tuple[int, ...]", "()", "A dictionary of sizes.", "C2-PROSE-PARAM-TYPE"),
        ("dict[str, int]", "None", "A dict mapping each name to its position.", None),
        # a count of bytes is a count (anyio's ``max_bytes``, session 31 recall); bytes named
        # as the representation is the count written out
        ("str", "''", "Maximum number of bytes that will be read.", "C2-PROSE-PARAM-TYPE"),
        ("int", "0", "Maximum number of bytes that will be read.", None),
        ("bytes", "b''", "The number of items, as bytes.", None),
        # control: consistent claims are neither rule's
        ("list[str]", "()", "A list of paths to read.", None),
        ("int", "False", "Number of retries.", None),
    ],
)
def test_firm_and_loose_claims(
    tmp_path: Path, form: str, annotation: str, default: str, claim: str, rule: str | None
) -> None:
    code = _FORMS[form].replace("ANN", annotation).replace("DEFAULT", default)
    inp = static_input(tmp_path, code.replace("CLAIM", claim), "f")
    firm = [f.rule for f in c2_prose_param_type(inp)]
    loose = [f.rule for f in c2_prose_param_loose(inp)]
    assert firm + loose == ([rule] if rule else [])


_JAVA = """\
package p;

public class Store {
    /**
     * Saves an item.
     *
     * @param count CLAIM
     */
    public void save(int count) {
    }
}
"""


@pytest.mark.parametrize(
    ("claim", "rule"),
    [
        ("a String naming the item", "C2-PROSE-PARAM-TYPE"),
        ("a <code>String</code> naming the item", "C2-PROSE-PARAM-TYPE"),
        ("the number of items", None),  # control
    ],
)
def test_javadoc_claims(tmp_path: Path, claim: str, rule: str | None) -> None:
    files = {"p/Store.java": _JAVA.replace("CLAIM", claim)}
    inp = project_input(tmp_path, files, "p/Store.java", "Store.save")
    found = [f.rule for f in c2_prose_param_type(inp) + c2_prose_param_loose(inp)]
    assert found == ([rule] if rule else [])
