"""C1 stale names, session 33 (pr33, recall of renamed helpers and parameters in prose).

A one-word public helper named by a Sphinx role for a callable (``:func:`heatmap```), gone from
the code while a function of the file spells it shorter (``htmp``), is C1-XREF-UNRESOLVED with
that did-you-mean; before, a one-word name had no twin and the finding was the opt-in
C1-XREF-UNCORROBORATED's.  Two such functions (no one rename), a private one, two letters, and
a plain word in backticks (no call: a term, a value) stay out of the default rules.

A code-shaped name only other code of the file uses, whose unnamed parameter twin spells it
shorter (``min_counts`` -> ``min_cnts``), is the default C1-PROSE-NAME-STALE's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import default_findings

_SEABORN = '''{extra}
def {helper}(data):
    """Plot a heatmap."""
    return data


def clustermap(data):
    """Plot a clustered heatmap.

    All other keyword arguments are passed to {mention}.
    """
    return {helper}(data)
'''


def _c1(tmp_path: Path, helper: str, mention: str, extra: str = "") -> list[tuple[str, str]]:
    code = _SEABORN.format(helper=helper, mention=mention, extra=extra)
    found = default_findings(tmp_path, code)
    return [(f.rule, f.message) for f in found if f.rule.startswith("C1-")]


@pytest.mark.parametrize("role", [":func:`heatmap`", ":py:func:`heatmap`", ":meth:`heatmap`"])
def test_a_called_one_word_helper_written_shorter_is_its_stale_name(
    tmp_path: Path, role: str
) -> None:
    assert _c1(tmp_path, "htmp", role) == [
        ("C1-XREF-UNRESOLVED", "`heatmap` names nothing in scope; did you mean `htmp`?")
    ]


@pytest.mark.parametrize(
    ("helper", "mention"),
    [
        # consistent: the helper has the name the role gives
        ("heatmap", ":func:`heatmap`"),
        # a private function is no public helper's new name
        ("_htmp", ":func:`heatmap`"),
        # a plain word in backticks is no call: a term, a value
        ("htmp", "`heatmap`"),
        # two letters are no spelling of a word
        ("hm", ":func:`heatmap`"),
    ],
)
def test_one_word_traps_stay_out_of_the_default_rules(
    tmp_path: Path, helper: str, mention: str
) -> None:
    assert _c1(tmp_path, helper, mention) == []


def test_two_functions_spelling_it_shorter_stay_out(tmp_path: Path) -> None:
    # no one rename to offer; one of them alone is the twin
    extra = "\ndef gtrcvbuffr(data):\n    return data\n\n"
    role = ":meth:`getrecvbuffer`"
    assert _c1(tmp_path / "a", "gtrcvbffr", role, extra) == []
    alone = _c1(tmp_path / "b", "gtrcvbffr", role, extra.replace("gtrcvbuffr", "plot"))
    assert [rule for rule, _ in alone] == ["C1-XREF-UNRESOLVED"]


_SCANPY = '''
def normalize_per_cell(data, min_cnts=None):
    """Normalize each cell.

    Cells with fewer than ``min_counts`` counts are filtered out first.
    """
    return data, min_cnts


def filter_cells(data, min_counts=None):
    """Filter cells."""
    return data, min_counts
'''


def test_a_code_shaped_name_of_other_code_written_shorter_is_stale(tmp_path: Path) -> None:
    found = [f for f in default_findings(tmp_path, _SCANPY) if f.rule.startswith("C1-")]
    assert [(f.rule, f.qualname) for f in found] == [("C1-PROSE-NAME-STALE", "normalize_per_cell")]
    assert "the parameter `min_cnts` under its old name" in found[0].message


@pytest.mark.parametrize(
    "edit",
    [
        # consistent: the prose names the parameter
        ("``min_counts`` counts", "``min_cnts`` counts"),
        # an affixed twin (another value as often) stays opt-in
        ("min_cnts", "min_counts_list"),
        # the twin documented: the marked name is something else
        ("first.\n", "first.\n\n    :param min_cnts: The least count.\n"),
    ],
)
def test_code_shaped_controls_stay_silent(tmp_path: Path, edit: tuple[str, str]) -> None:
    code = _SCANPY.replace(*edit)
    assert code != _SCANPY
    assert [f for f in default_findings(tmp_path, code) if f.rule.startswith("C1-")] == []
