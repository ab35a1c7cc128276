"""The C1 name rules, session 21 (issue 12): one item of a collection in scope and a numbered
template's stem, each fix beside a control that stays reported, in NumPy, Google and reST form.
Tuned on the public rounds' still-firing rows (scikit-bio, scikit-rf, sphinx, dipy)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings

_RULES = ("C1-NAME-UNRESOLVED", "C1-XREF-UNRESOLVED", "C1-PROSE-NAME-STALE")


def _flagged(tmp_path: Path, code: str) -> list[tuple[str, str]]:
    """(rule, name) of the name rules' findings on ``code`` as ``pkg/mod.py``."""
    findings = project_findings(tmp_path, {"pkg/mod.py": code}, "pkg/mod.py")
    return [(f.rule, f.message.split("`")[1]) for f in findings if f.rule in _RULES]


# ---- the singular of a plural parameter as the head of a compound (scikit-bio, round 16) -----

GROUPS = {
    "numpy": '''
def identify_groups(meta, cat, control_cats):
    """Aggregate the samples that vary by `cat`.

    Parameters
    ----------
    meta : dict
        The metadata.
    cat : str
        The category.
    control_cats : list
        The categories held constant.

    Returns
    -------
    meta_pairs : dict
        The {phrase} samples are numbered.
    """
    return {{c: (meta, cat) for c in control_cats}}
''',
    "google": '''
def identify_groups(meta, cat, control_cats):
    """Aggregate the samples that vary by `cat`.

    Args:
        meta (dict): The metadata.
        cat (str): The category.
        control_cats (list): The categories held constant.

    Returns:
        dict: The {phrase} samples, numbered.
    """
    return {{c: (meta, cat) for c in control_cats}}
''',
    "rest": '''
def identify_groups(meta, cat, control_cats):
    """Aggregate the samples that vary by `cat`.

    :param meta: The metadata.
    :param cat: The category.
    :param control_cats: The categories held constant.
    :returns: The {phrase} samples, numbered.
    """
    return {{c: (meta, cat) for c in control_cats}}
''',
}


@pytest.mark.parametrize("style", sorted(GROUPS))
@pytest.mark.parametrize("phrase", ["`control_cat`-grouped", "`control_cat`-keyed"])
def test_the_singular_heading_a_compound_is_one_item(
    tmp_path: Path, style: str, phrase: str
) -> None:
    assert _flagged(tmp_path, GROUPS[style].format(phrase=phrase)) == []


@pytest.mark.parametrize("style", sorted(GROUPS))
@pytest.mark.parametrize("phrase", ["`control_cat`", "`control_cat` -"])
def test_the_singular_on_its_own_stays_reported(tmp_path: Path, style: str, phrase: str) -> None:
    flagged = _flagged(tmp_path, GROUPS[style].format(phrase=phrase))
    assert flagged == [("C1-NAME-UNRESOLVED", "control_cat")]


# ---- the singular of a property the function reads (scikit-rf, round 31) -------------------

NETWORKS = '''
class Calibration:
    def __init__(self, ntwks):
        self.ntwks = list(ntwks)

    @property
    def residual_ntwks(self):
        """The residual networks."""
        return self.ntwks

    @property
    def residual_ntwk_sets(self):
        """{summary}"""
        return {{k: k for k in self.{read}}}
'''


@pytest.mark.parametrize(
    "summary",
    [
        "Returns a NetworkSet for each `residual_ntwk`, grouped by their names.",
        "A NetworkSet for every ``residual_ntwk``, by name.",
    ],
)
def test_the_singular_of_a_property_read_is_one_item(tmp_path: Path, summary: str) -> None:
    assert _flagged(tmp_path, NETWORKS.format(summary=summary, read="residual_ntwks")) == []


@pytest.mark.parametrize(
    ("summary", "read"),
    [
        # the property is not what the function works on: maybe a renamed name
        ("Returns a NetworkSet for each `residual_ntwk`, by name.", "ntwks"),
        # no plural of it anywhere
        ("Returns a NetworkSet for each `residual_net`, by name.", "residual_ntwks"),
    ],
)
def test_a_property_not_read_or_no_plural_stays_reported(
    tmp_path: Path, summary: str, read: str
) -> None:
    assert len(_flagged(tmp_path, NETWORKS.format(summary=summary, read=read))) == 1


# ---- a numbered template's stem (numpydoc's See Also sample: sphinx, dipy) ------------------

SEE_ALSO = '''
class Reader:
    def parse_see_also(self, content):
        """Parse a See Also section written as

        {sample}
        """
        func = content.strip()
        return func
'''


@pytest.mark.parametrize(
    "sample",
    [
        "func_name1, func_name2, :meth:`func_name`, func_name3",
        ":meth:`func_name`, then func_name1 and func_name2 (numbered)",
    ],
)
def test_the_stem_of_a_numbered_series_is_a_placeholder(tmp_path: Path, sample: str) -> None:
    assert _flagged(tmp_path, SEE_ALSO.format(sample=sample)) == []


@pytest.mark.parametrize(
    "sample",
    [
        ":meth:`func_name`",
        "func_name1, :meth:`func_name`",
        "func_name1, func_name1, :meth:`func_name`",
    ],
)
def test_a_stem_with_no_numbered_series_stays_reported(tmp_path: Path, sample: str) -> None:
    assert [name for _, name in _flagged(tmp_path, SEE_ALSO.format(sample=sample))] == ["func_name"]


# ---- "(e.g. ``topk`` for torch)": a function of a library the project imports (sklearn) ----

SORTING = {
    "pkg/_compat.py": "import torch\n\n\ndef namespace(x):\n    return torch if x else None\n",
    "pkg/sorting.py": '''
def partition(a, kth, xp=None):
    """Return a partitioned copy of an array.

    If `xp` implements ``partition`` or an equivalent function {phrase}, complexity
    will likely be O(n).

    Parameters
    ----------
    a : Array
        The input.
    kth : int
        The element index to partition by.
    xp : namespace, optional
        The array namespace.
    """
    return _top_k(a, kth, xp)


def _top_k(a, kth, xp):
    return (a, kth, xp)
''',
}


@pytest.mark.parametrize(
    "phrase", ["(e.g. ``topk`` for torch)", "(``topk`` in torch, ``argpartition`` elsewhere)"]
)
def test_a_name_for_a_library_the_project_imports_is_that_librarys(
    tmp_path: Path, phrase: str
) -> None:
    files = {**SORTING, "pkg/sorting.py": SORTING["pkg/sorting.py"].format(phrase=phrase)}
    findings = project_findings(tmp_path, files, "pkg/sorting.py")
    assert [f.message for f in findings if f.rule in _RULES] == []


@pytest.mark.parametrize(
    ("phrase", "imports"),
    [
        ("(e.g. ``topk`` for torch)", "import numpy\n"),  # torch imported nowhere
        ("(e.g. ``topk`` for torch tensors)", "import torch\n"),  # the word qualifies a noun
        ("(e.g. ``topk`` for speed)", "import torch\n"),  # no library
    ],
)
def test_a_name_for_no_library_stays_reported(tmp_path: Path, phrase: str, imports: str) -> None:
    files = {
        "pkg/_compat.py": imports,
        "pkg/sorting.py": SORTING["pkg/sorting.py"].format(phrase=phrase),
    }
    findings = project_findings(tmp_path, files, "pkg/sorting.py")
    assert [f.message.split("`")[1] for f in findings if f.rule in _RULES] == ["topk"]
