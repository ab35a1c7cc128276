"""Prose claims from the session 15 prose probe (``benchmarks/prose_probe/``): phrasings written
apart from the rules, each fixed in its mechanism, with a consistent control beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.static_helpers import project_findings


def _found(tmp_path: Path, code: str, filename: str = "m.py") -> list[tuple[str, str]]:
    """(rule, flagged text) of the default rules' findings on ``code``."""
    findings = project_findings(tmp_path, {filename: code}, filename)
    source = (tmp_path / "proj" / filename).read_text(encoding="utf-8")
    return [(f.rule, source[f.start : f.end]) for f in findings]


# a container word qualifying a noun after it names that noun's kind, not a conversion
MODIFIER = {
    "google": '''
def f(name: str) -> {ret}:
    """Return the series' name as a list {noun}, e.g. ``"price_list"``.

    Args:
        name: The series' name.
    """
    return name + "_list"
''',
    "numpy": '''
def f(name: str) -> {ret}:
    """Return the name as a dict {noun}.

    Parameters
    ----------
    name : str
        The series' name.
    """
    return name
''',
    "rest": '''
def f(name: str) -> {ret}:
    """Make a key.

    :param name: the series' name
    :returns: the name as a tuple {noun}
    """
    return name
''',
}


@pytest.mark.parametrize("style", sorted(MODIFIER))
def test_a_container_word_qualifying_a_noun_is_no_conversion(tmp_path: Path, style: str) -> None:
    code = MODIFIER[style]
    assert _found(tmp_path / "name", code.format(ret="str", noun="name")) == []
    assert _found(tmp_path / "key", code.format(ret="str", noun="key")) == []
    # control: the conversion itself is still read ("as a list.", "as a dict,")
    flagged = _found(tmp_path / "conv", code.format(ret="str", noun="").replace(" ,", ","))
    assert [rule for rule, _ in flagged] == ["C2-PROSE-RETURN-TYPE"]
