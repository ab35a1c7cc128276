"""C2-PROSE-RETURN-TYPE on untyped Returns entries that open with a case or a marked type
(session 36 recall, pr36).

scanpy's plotting functions say what comes back in one case: "If `show=False`, returns a list
of :class:`matplotlib.axes.Axes` objects." (``correlation_matrix``), "If `return_axes=True`:
Dict of ..." (``BasePlot.show``).  When the return annotation became ``str | None`` the entry
was not read as a claim at all: it opens with "If".  The claim is what follows the case.
datasets' ``encode_example`` says "`dict` with "path" and "bytes" fields": a builtin's name in
code markup with no article before it, the type itself.

Controls: the same entries on code that agrees (``list[Axes] | None``, ``dict``), an entry
naming another alternative ("..., otherwise a string"), a marked type that is one of two
("`str` or `bytes`") stay silent; a case with no kind after it ("If `inplace`, the frame")
claims nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_NUMPY = '''
def correlation_matrix(show: bool = True) -> {ann}:
    """Plot the correlation matrix.

    Parameters
    ----------
    show
        Show the plot.

    Returns
    -------
    {entry}
    """
    return None
'''

_GOOGLE = '''
def show(return_axes: bool = False) -> {ann}:
    """Show the figure.

    Args:
        return_axes: Return the axes.

    Returns:
        {entry}
    """
    return None
'''

_REST = '''
def encode_example(value) -> {ann}:
    """Encode an example.

    :param value: The example.
    :returns: {entry}
    """
    return value
'''

_IF_LIST = "If `show=False`, returns a list of :class:`matplotlib.axes.Axes` objects."
_IF_DICT = "If `return_axes=True`: Dict of :class:`matplotlib.axes.Axes`."
_WHEN_LIST = "When `show` is False, a list of the axes drawn."
_MARKED_DICT = '`dict` with "path" and "bytes" fields'


def _claims(tmp_path: Path, template: str, ann: str, entry: str) -> list[str]:
    code = template.replace("{ann}", ann).replace("{entry}", entry)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize(
    ("template", "ann", "entry", "said"),
    [
        (_NUMPY, "str | None", _IF_LIST, '"a list of" (a list)'),
        (_GOOGLE, "list | None", _IF_DICT, '"Dict of" (a dict)'),
        (_GOOGLE, "str", _WHEN_LIST, '"a list of" (a list)'),
        (_REST, "list", _MARKED_DICT, '"`dict`" (a dict)'),
        (_GOOGLE, "list", _MARKED_DICT, '"`dict`" (a dict)'),
    ],
    ids=[
        "numpy-if-list",
        "google-if-dict",
        "google-when-list",
        "rest-marked-dict",
        "google-marked",
    ],
)
def test_the_claim_after_a_case_or_a_marked_type_is_judged(
    tmp_path: Path, template: str, ann: str, entry: str, said: str
) -> None:
    messages = _claims(tmp_path, template, ann, entry)
    assert len(messages) == 1 and said in messages[0], messages


@pytest.mark.parametrize(
    ("template", "ann", "entry"),
    [
        (_NUMPY, "list[str] | None", _IF_LIST),
        (_GOOGLE, "dict[str, str] | None", _IF_DICT),
        (_GOOGLE, "list[str]", _WHEN_LIST),
        (_REST, "dict", _MARKED_DICT),
        (_NUMPY, "str | None", "If `show=False`, a list of axes, otherwise a string."),
        (_REST, "bytes", "`str` or `bytes` as given"),
        (_NUMPY, "str | None", "If `inplace=True`, the updated frame."),
    ],
    ids=[
        "numpy-if-list-agrees",
        "google-if-dict-agrees",
        "google-when-agrees",
        "marked-dict-agrees",
        "another-alternative",
        "marked-one-of-two",
        "case-without-kind",
    ],
)
def test_entries_the_code_agrees_with_stay_silent(
    tmp_path: Path, template: str, ann: str, entry: str
) -> None:
    assert _claims(tmp_path, template, ann, entry) == []
