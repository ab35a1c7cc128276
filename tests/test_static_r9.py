"""Static rules: the false-alarm patterns of precision round 9 (held-out projects), each with
a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_xref_unresolved

from tests.names_helpers import messages, write_project_file
from tests.static_helpers import run_rule

_KELVIN = '''
def kerp_zeros(nt):
    """Zeros of the derivative of the Kelvin function ker.

    See Also
    --------
    kerp, kerpp
    """
    return nt
'''


def test_a_package_star_importing_a_module_without_source(tmp_path: Path) -> None:
    # round 9 (scipy.special): ``from ._ufuncs import *`` in the package ``__init__`` brings
    # the compiled ufuncs (``kerp``) a See Also names; the wheel has no source for them
    write_project_file(tmp_path, "special/__init__.py", "from ._ufuncs import *\n")
    assert (
        run_rule(c1_xref_unresolved, tmp_path, _KELVIN, "kerp_zeros", filename="special/_basic.py")
        == []
    )
    # control: a package star-importing a module it has the source of still reports a name
    # that module lacks
    other = tmp_path / "control"
    write_project_file(other, "special/__init__.py", "from ._ufuncs import *\n")
    write_project_file(other, "special/_ufuncs.py", "def kerp(x):\n    return x\n")
    found = run_rule(c1_xref_unresolved, other, _KELVIN, "kerp_zeros", filename="special/_basic.py")
    assert messages(found) == ["`kerpp` names nothing in scope"]
