"""Static rules: the false-alarm patterns of precision round 9 (held-out projects), each with
a control that stays reported."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_xref_unresolved
from docref.checks.static.returns_raises import c3_returns_without_value

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


_STUBS = '''
class Base:
    def count_nonzero(self, axis=None):
        """Number of nonzero entries.

        Returns
        -------
        numpy array
            The counts.
        """
        clsname = self.__class__.__name__
        raise NotImplementedError(f"count_nonzero not implemented for {clsname}.")

    def count_explicit(self, axis=None):
        """Number of stored entries.

        Returns
        -------
        numpy array
            The counts.
        """
        self.cache = self.compute()
        raise NotImplementedError("not implemented")

    def delete(self, key):
        """Delete a key.

        Returns:
            `None`
        """
        self.store.pop(key)

    def drop(self, key):
        """Drop a key.

        Returns:
            The dropped key.
        """
        self.store.pop(key)
'''


def test_a_stub_building_its_message_first_and_a_documented_none(tmp_path: Path) -> None:
    # round 9 (scipy's ``_spbase.count_nonzero``): a local name assigned for the message of
    # ``raise NotImplementedError`` keeps the body a stub; huggingface_hub's Returns:
    # "`None`" on a ``-> None`` method says what it returns.  Controls: work before the
    # raise (an attribute set), and a value documented on a body that returns none
    for qualname in ("Base.count_nonzero", "Base.delete"):
        assert run_rule(c3_returns_without_value, tmp_path / qualname, _STUBS, qualname) == []
    for qualname in ("Base.count_explicit", "Base.drop"):
        found = run_rule(c3_returns_without_value, tmp_path / qualname, _STUBS, qualname)
        name = qualname.split(".")[1]
        assert messages(found) == [f"documents a return value, but {name}() never returns one"]
