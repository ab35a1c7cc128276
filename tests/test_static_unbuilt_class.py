"""C1-PARAM-UNKNOWN: a class whose own constructor takes nothing and only raises
``NotImplementedError`` cannot be built; its docstring documents a call still to be written
(round 41, flopy's ``Mt3dCts``: 22 entries judged DEBATABLE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .static_helpers import default_findings

_NUMPY = '''
class Package:
    """Contaminant treatment system package.

    Parameters
    ----------
    model : model object
        The model this package belongs to.
    mxcts : int
        The maximum number of treatment systems.
    """

    def __init__(self{params}):
        {body}
'''

_GOOGLE = '''
class Package:
    """Contaminant treatment system package.

    Args:
        model: The model this package belongs to.
        mxcts (int): The maximum number of treatment systems.
    """

    def __init__(self{params}):
        {body}
'''

_REST = '''
class Package:
    """Contaminant treatment system package.

    :param model: The model this package belongs to.
    :param mxcts: The maximum number of treatment systems.
    """

    def __init__(self{params}):
        {body}
'''

_TEMPLATES = pytest.mark.parametrize(
    "template", [_NUMPY, _GOOGLE, _REST], ids=["numpy", "google", "rest"]
)


def _unknown(tmp_path: Path, code: str) -> list[str]:
    return sorted(
        f.message.split('"')[1]
        for f in default_findings(tmp_path, code)
        if f.rule == "C1-PARAM-UNKNOWN"
    )


@_TEMPLATES
@pytest.mark.parametrize(
    "body",
    [
        "raise NotImplementedError()",
        "raise NotImplementedError",
        '"""Not written yet."""\n        raise NotImplementedError("MT3D CTS")',
    ],
)
def test_a_constructor_that_only_raises_not_implemented_builds_nothing(
    tmp_path: Path, template: str, body: str
) -> None:
    assert _unknown(tmp_path, template.format(params="", body=body)) == []


@_TEMPLATES
@pytest.mark.parametrize(
    ("params", "body"),
    [
        ("", "self.model = None"),  # a constructor that builds: the entries are stale
        ("", "raise ValueError('no')"),  # another exception
        (", name", "raise NotImplementedError()"),  # takes a parameter: judged against it
    ],
)
def test_constructors_that_build_or_take_parameters_stay_judged(
    tmp_path: Path, template: str, params: str, body: str
) -> None:
    assert _unknown(tmp_path, template.format(params=params, body=body)) == ["model", "mxcts"]
