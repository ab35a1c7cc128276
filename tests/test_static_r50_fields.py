"""Round 50 (session 24): entry-parser false alarms -- a reST/Epydoc ``:type return:`` field
read as a parameter named ``return``, a NumPy ``name, optional : type`` read as a parameter
named ``optional`` -- each beside a control of the same shape that stays reported."""

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


# --- NumPy ``mask, optional : str`` (ase's ``format_atom_position``, 2 FALSE): the optional
# marker written before the colon closes the name list; no parameter is named ``optional``

_NUMPY_OPTIONAL = '''
def format_atom_position(atom, mask="", tidx=None):
    """Format one line of atomic positions.

    Parameters
    ----------
    atom : Atom
        The atom to write.
    {mask}, optional : str
        Which coordinates are fixed.
    tidx, optional : int
        Magnetic type index.
    """
    return f"{{atom}} {{mask}} {{tidx}}"
'''


def test_numpy_optional_marker_before_the_colon_is_no_parameter(tmp_path: Path) -> None:
    code = _NUMPY_OPTIONAL.format(mask="mask")
    params = [(n, t) for kind, n, t in _segments(code) if kind == "param"]
    assert params == [("atom", "Atom"), ("mask", "str"), ("tidx", "int")]
    assert _rules(tmp_path, code) == []


def test_numpy_stale_name_before_an_optional_marker_stays_reported(tmp_path: Path) -> None:
    code = _NUMPY_OPTIONAL.format(mask="maks")
    flagged = [f.message for f in default_findings(tmp_path, code)]
    assert len(flagged) == 1 and '"maks"' in flagged[0], flagged


def test_numpy_name_list_keeps_each_name_beside_the_marker(tmp_path: Path) -> None:
    # ``mask, stale, optional : str``: two names, then the marker; the stale one is reported
    code = _NUMPY_OPTIONAL.format(mask="mask, stale")
    flagged = [f.message for f in default_findings(tmp_path, code)]
    assert len(flagged) == 1 and '"stale"' in flagged[0], flagged
