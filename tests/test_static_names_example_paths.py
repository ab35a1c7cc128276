"""A docstring's example that takes a name from this project does not define it (session 33,
pvlib's recall misses): ``>>> from pvlib.iotools import get_acis_available_stations`` or
``>>> pvlib.iotools.get_bsrn(...)`` name the project's code, so a cross-reference to that path
is judged even though the example spells its head.  A name the example makes itself, or takes
from another library, stays the example's."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_xref_unresolved

from tests.static_helpers import project_input

_PACKAGE = "from pkg.io import read_data\n"

_IO = '''
def {name}(path):
    """Read a data file."""
    return path


def get_data(path):
    """Fetch and read a data file.

    See {mention} for the fields.

    Examples
    --------
{example}
    """
    return {name}(path)
'''

_IMPORTED = "    >>> from pkg.io import read_data\n    >>> frame = read_data('x.csv')"
_PACKAGE_USED = "    >>> import pkg\n    >>> frame = pkg.get_data('x.csv')"


def _found(tmp_path: Path, name: str, mention: str, example: str) -> list[str]:
    files = {
        "pkg/__init__.py": _PACKAGE,
        "pkg/io.py": _IO.format(name=name, mention=mention, example=example),
    }
    inp = project_input(tmp_path, files, "pkg/io.py", "get_data")
    return [f.message for f in c1_xref_unresolved(inp)]


@pytest.mark.parametrize(
    ("mention", "example"),
    [(":func:`read_data`", _IMPORTED), (":func:`pkg.read_data`", _PACKAGE_USED)],
    ids=["imported-by-the-example", "through-the-package"],
)
def test_a_renamed_function_the_example_takes_from_the_project(
    tmp_path: Path, mention: str, example: str
) -> None:
    found = _found(tmp_path / "a", "read_dta", mention, example)
    assert len(found) == 1
    assert found[0].endswith("did you mean `read_dta`?")
    # control: the function kept its name
    assert _found(tmp_path / "b", "read_data", mention, example) == []


@pytest.mark.parametrize(
    "example",
    [
        # the example makes the name itself
        "    >>> read_data = lambda path: path\n    >>> read_data('x.csv')",
        # another library's function, imported by the example
        "    >>> from numpy import read_data\n    >>> read_data('x.csv')",
    ],
    ids=["made-by-the-example", "another-library"],
)
def test_a_name_the_example_makes_or_takes_elsewhere_stays_its(
    tmp_path: Path, example: str
) -> None:
    assert _found(tmp_path, "read_dta", ":func:`read_data`", example) == []
