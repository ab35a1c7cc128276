"""Round 99 (session 37, private): sdynpy's ``from_imat_struct(imat_fem_struct)`` says "a
structure can be created from an `imat_fem`" -- IMAT's MATLAB object the parameter is built
from, which the parameter's own entry names too ("data from an imat_fem") -- read as the
parameter under its old name (2 FALSE C1-PROSE-NAME-STALE); beside the controls that stay
reported."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import default_findings

_STRUCT = '''
def from_imat_struct(imat_fem_struct):
    """Construct a Geometry from an imat_fem class saved to a Matlab structure.

    In IMAT, a structure can be created from an `imat_fem` by using the get()
    function.

    Parameters
    ----------
    imat_fem_struct : np.ndarray
        {entry}
    """
    return imat_fem_struct["nodes"]
'''

_GOOGLE = '''
def from_imat_struct(imat_fem_struct):
    """Construct a Geometry from a Matlab structure.

    In IMAT, a structure can be created from an `imat_fem` by using the get() function.

    Args:
        imat_fem_struct (np.ndarray): {entry}
    """
    return imat_fem_struct["nodes"]
'''


def _stale(tmp_path: Path, template: str, entry: str) -> list[str]:
    code = template.format(entry=entry)
    return [f.message for f in default_findings(tmp_path, code) if f.rule == "C1-PROSE-NAME-STALE"]


def test_the_object_the_parameter_entry_names_is_no_old_name(tmp_path: Path) -> None:
    entry = "structure from loadmat containing data from an imat_fem"
    assert _stale(tmp_path, _STRUCT, entry) == []
    assert _stale(tmp_path, _GOOGLE, entry) == []


def test_an_entry_not_naming_it_keeps_the_stale_name(tmp_path: Path) -> None:
    # the entry describes the structure without the object: `imat_fem` may be its old name
    for template in (_STRUCT, _GOOGLE):
        (found,) = _stale(tmp_path, template, "structure loaded with loadmat")
        assert "`imat_fem_struct` under its old name" in found
    # the old name used as a value in the entry is a stale name kept there (wradlib's
    # ``constraint_args``: "(len(constr_args) == len(constraints))", round 59)
    (found,) = _stale(tmp_path, _STRUCT, "as many as (len(imat_fem) == len(nodes))")
    assert "`imat_fem`" in found
    # the name inside the twin's own name (``imat_fem_struct``) is not the entry naming it
    (found,) = _stale(tmp_path, _STRUCT, "the imat_fem_struct of the model")
    assert "`imat_fem`" in found
