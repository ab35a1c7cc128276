"""NumPy entries written ``name, optional`` with no type (VS Code autoDocstring's template).

The trailing ``optional`` is napoleon's optionality marker, not a parameter: found held-out in
round 21 (one project's NumPy docstrings, 66 findings ``documents parameter "optional"``)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.optional_flag import c2_optional_flag
from docref.checks.static.params import c1_param_unknown
from docref.segments import segment_docstring

from .static_helpers import run_rule

CODE = '''
def time_frame(index, freq=None, columns=None):
    """Create a time frame.

    Parameters
    ----------
    index
        The index.
    freq, optional
        The frequency of the period, e.g. "D".
    columns, Optional
        The columns.
    """
    return index, freq, columns


def pair(x, y):
    """Pair up.

    Parameters
    ----------
    x, y
        The two values.
    """
    return x, y


def stale(index, freq=None):
    """Stale.

    Parameters
    ----------
    index, optional
        The index.
    frequency, optional
        The frequency.
    """
    return index, freq
'''


def _params(qualname: str) -> list[tuple[str | None, str | None]]:
    start = CODE.index('"""', CODE.index(f"def {qualname}("))
    end = CODE.index('"""', start + 3) + 3
    parsed = segment_docstring(CODE, start, end, "python")
    return [(s.name, s.type) for s in parsed.segments if s.kind == "param"]


def test_the_marker_is_the_entrys_type_not_a_name() -> None:
    assert _params("time_frame") == [("index", None), ("freq", "optional"), ("columns", "optional")]


def test_control_two_names_stay_two_names() -> None:
    assert _params("pair") == [("x, y", None)]


def test_no_parameter_named_optional_is_reported(tmp_path: Path) -> None:
    assert run_rule(c1_param_unknown, tmp_path, CODE, "time_frame") == []
    assert run_rule(c2_optional_flag, tmp_path, CODE, "time_frame") == []


def test_control_a_stale_name_with_the_marker_stays_reported(tmp_path: Path) -> None:
    messages = [f.message for f in run_rule(c1_param_unknown, tmp_path, CODE, "stale")]
    assert len(messages) == 1 and '"frequency"' in messages[0], messages


def test_the_marker_on_a_required_parameter_is_an_optional_flag(tmp_path: Path) -> None:
    messages = [f.message for f in run_rule(c2_optional_flag, tmp_path, CODE, "stale")]
    assert len(messages) == 1 and '"index"' in messages[0], messages
