"""C2-PARAM-TYPE / C2-RETURN-TYPE: a documented type written in quotes, the forward-reference
habit of annotations (round 32: ``:type tags: "list"`` for ``tags: list[str]``, 5 FALSE), is
the type without its quotes; a quoted type that contradicts stays reported, and a quoted
value (``'fast'``) is not unquoted into a name."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.types_rules import c2_param_type, c2_return_type

from tests.static_helpers import static_input

_STYLES = {
    "google": '''
def f(tags: list[str], owner: "Owner") -> int:
    """Tag it.

    Args:
        tags ({tags}): The tags.
        owner ({owner}): Who owns it.

    Returns:
        {ret}: How many were tagged.
    """
    return len(tags)


class Owner:
    pass
''',
    "numpy": '''
def f(tags: list[str], owner: "Owner") -> int:
    """Tag it.

    Parameters
    ----------
    tags : {tags}
        The tags.
    owner : {owner}
        Who owns it.

    Returns
    -------
    {ret}
        How many were tagged.
    """
    return len(tags)


class Owner:
    pass
''',
    "rest": '''
def f(tags: list[str], owner: "Owner") -> int:
    """Tag it.

    :param tags: The tags.
    :type tags: {tags}
    :param owner: Who owns it.
    :type owner: {owner}
    :returns: How many were tagged.
    :rtype: {ret}
    """
    return len(tags)


class Owner:
    pass
''',
}


def _found(tmp_path: Path, code: str) -> list[str]:
    inp = static_input(tmp_path, code, "f")
    return sorted(f.rule for f in [*c2_param_type(inp), *c2_return_type(inp)])


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_quoted_type_is_the_type(tmp_path: Path, style: str) -> None:
    code = _STYLES[style].format(tags='"list"', owner="'Owner'", ret='"int"')
    assert _found(tmp_path / "a", code) == []
    subscripted = _STYLES[style].format(tags="'list[str]'", owner='"Owner"', ret="'int'")
    assert _found(tmp_path / "b", subscripted) == []


@pytest.mark.parametrize("style", sorted(_STYLES))
def test_a_quoted_type_that_contradicts_stays_reported(tmp_path: Path, style: str) -> None:
    code = _STYLES[style].format(tags='"dict"', owner="'Owner'", ret='"str"')
    assert _found(tmp_path, code) == ["C2-PARAM-TYPE", "C2-RETURN-TYPE"]


def test_a_quoted_value_is_not_read_as_a_name() -> None:
    from docref.checks.types_parse import parse_doc_type

    # a quoted lower-case word that is no type word stays the string it documents
    value = parse_doc_type("'fast'")
    assert value is None or value.render() != "fast"
    assert parse_doc_type('"list"') == parse_doc_type("list")
    assert parse_doc_type("'pkg.Model'") == parse_doc_type("pkg.Model")
