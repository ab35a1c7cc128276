"""Round 50 (session 24): entry-parser false alarms -- a reST/Epydoc ``:type return:`` field
read as a parameter named ``return`` -- each beside a control of the same shape that stays
reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.segments import segment_docstring

from tests.static_helpers import default_findings


def _rules(tmp_path: Path, code: str) -> list[str]:
    return sorted(f.rule for f in default_findings(tmp_path, code))


def _segments(code: str) -> list[tuple[str, str | None, str | None]]:
    start = code.index('"""')
    end = code.index('"""', start + 3) + 3
    parsed = segment_docstring(code, start, end, "python")
    return [(s.kind, s.name, s.type) for s in parsed.segments]


# --- ``:type return: X`` for ``:rtype: X`` (clearml's vendored pyhocon: ``:return: Config
# object`` then ``:type return: Config``, 16 DEB): ``return`` is a keyword, no parameter can
# bear it, so the field types the return value

_TYPE_RETURN = {
    "rest": '''
def get_string(key, default=None):
    """Get a value as a string.

    :param key: the key to look up
    :type key: str
    :param default: the value when the key is missing
    :return: the value
    :type {arg}: {rtype}
    """
    return str(key if key else default)
''',
    "epydoc": '''
def get_string(key, default=None):
    """Get a value as a string.

    @param key: the key to look up
    @type key: str
    @param default: the value when the key is missing
    @return: the value
    @type {arg}: {rtype}
    """
    return str(key if key else default)
''',
}


@pytest.mark.parametrize("style", sorted(_TYPE_RETURN))
def test_type_return_field_is_the_return_type_not_a_parameter(tmp_path: Path, style: str) -> None:
    code = _TYPE_RETURN[style].format(arg="return", rtype="str")
    assert ("returns", None, "str") in _segments(code)
    assert _rules(tmp_path, code) == []


@pytest.mark.parametrize("style", sorted(_TYPE_RETURN))
def test_type_return_field_contradicting_the_body_is_checked_as_an_rtype_field(
    tmp_path: Path, style: str
) -> None:
    # the control of the return side: a wrong type there is what a wrong ``:rtype:`` is
    code = _TYPE_RETURN[style].format(arg="return", rtype="int")
    prefix = ":" if style == "rest" else "@"
    rtype = code.replace(f"{prefix}type return:", f"{prefix}rtype:")
    found = _rules(tmp_path / "type", code)
    assert found == _rules(tmp_path / "rtype", rtype)
    if style == "rest":
        assert found == ["C2-PROSE-RETURN-TYPE"]


@pytest.mark.parametrize("style", sorted(_TYPE_RETURN))
def test_type_field_of_a_missing_parameter_named_like_return_stays_reported(
    tmp_path: Path, style: str
) -> None:
    # ``returned`` could be a parameter's name: a stale one is still a stale parameter
    code = _TYPE_RETURN[style].format(arg="returned", rtype="int")
    assert ("param", "returned", "int") in _segments(code)
    assert _rules(tmp_path, code) == ["C1-PARAM-UNKNOWN"]


@pytest.mark.parametrize("style", sorted(_TYPE_RETURN))
def test_type_field_of_a_parameter_named_returns_types_the_parameter(
    tmp_path: Path, style: str
) -> None:
    # ``returns`` is no keyword (pypfopt's ``:param returns:`` / ``:type returns: pd.DataFrame``)
    code = _TYPE_RETURN[style].format(arg="returns", rtype="list").replace("default", "returns")
    assert ("param", "returns", "list") in _segments(code)
    assert _rules(tmp_path, code) == []
