"""A cross-reference through a package's re-export whose source no longer has the name
(session 32, recall): ``:func:`pkg.optim.acprop``` where ``pkg/optim/__init__.py`` still
does ``from pkg.optim._acprop import acprop`` after the function became ``acprp`` in
``_acprop.py``.  The path names nothing; before, the import line alone made it resolve."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import (
    c1_name_unresolved,
    c1_prose_name_elsewhere,
    c1_xref_unresolved,
)

from tests.static_helpers import project_input

_INIT = """
from pkg.optim._acprop import acprop
from pkg.optim._acprop import scale_by_acprop
"""

_IMPL = '''
def {name}(lr):
    """The ACProp optimiser."""
    return scale_by_acprop(lr)


def scale_by_acprop(lr):
    """Rescale updates according to ACProp.

    See :func:`pkg.optim.acprop` for more details.
    """
    return lr


def scaled(lr):
    """Scale as ``pkg.optim.acprop`` does."""
    return lr
'''


def _found(tmp_path: Path, impl: str, qualname: str, *, xref: bool) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/optim/__init__.py": _INIT, "pkg/optim/_acprop.py": impl}
    inp = project_input(tmp_path, files, "pkg/optim/_acprop.py", qualname)
    rule = c1_xref_unresolved if xref else c1_name_unresolved
    return [f.message for f in rule(inp)]


def test_a_path_through_a_stale_reexport_names_nothing(tmp_path: Path) -> None:
    impl = _IMPL.format(name="acprp")
    assert _found(tmp_path / "a", impl, "scale_by_acprop", xref=True) == [
        "`pkg.optim.acprop` names nothing: module `pkg.optim._acprop` has no `acprop`;"
        " did you mean `acprp`?"
    ]
    # the same path in prose, double backticks
    assert _found(tmp_path / "b", impl, "scaled", xref=False) != []


def test_a_path_through_a_whole_reexport_resolves(tmp_path: Path) -> None:
    # control: the function kept its name, so the re-export stands
    impl = _IMPL.format(name="acprop")
    assert _found(tmp_path / "a", impl, "scale_by_acprop", xref=True) == []
    assert _found(tmp_path / "b", impl, "scaled", xref=False) == []


def test_a_name_the_source_may_make_stays_resolved(tmp_path: Path) -> None:
    # traps: the source module makes the name in a way no definition shows -- a fallback
    # assignment under another spelling, a module ``__getattr__``, a star import (also one
    # chosen at run time)
    fallback = _IMPL.format(name="acprp") + "\nglobals()['acprop'] = acprp\n"
    lazy = _IMPL.format(name="acprp") + "\n\ndef __getattr__(name):\n    return acprp\n"
    star = "from pkg.optim._more import *\n" + _IMPL.format(name="acprp")
    # (keras' backend: ``if backend() == "jax": from keras.src.backend.jax import *``)
    chosen = "if __debug__:\n    from pkg.optim._more import *\n" + _IMPL.format(name="acprp")
    for index, impl in enumerate((fallback, lazy, star, chosen)):
        files = {
            "pkg/__init__.py": "",
            "pkg/optim/__init__.py": _INIT,
            "pkg/optim/_acprop.py": impl,
            "pkg/optim/_more.py": "VALUE = 1\n",
        }
        inp = project_input(tmp_path / str(index), files, "pkg/optim/_acprop.py", "scale_by_acprop")
        assert [f.message for f in c1_xref_unresolved(inp)] == [], index


# session 33 (recall, flax ``enable_named_call``): a bare name whose only other use in the
# project is the package's stale re-export of it is no name "still used as code" elsewhere
_PACKAGE = """
from pkg.calls import enable_named_call as enable_named_call
{more}
__all__ = ["enable_named_call"]
"""

_CALLS = '''
def {name}():
    """Turn named calls on."""
    return True


def disable_named_call():
    """Turn named calls off.

    See ``enable_named_call``.
    """
    return False
'''


def _bare(tmp_path: Path, name: str, more: str = "") -> list[tuple[str, str]]:
    files = {
        "pkg/__init__.py": _PACKAGE.format(more=more),
        "pkg/calls.py": _CALLS.format(name=name),
    }
    inp = project_input(tmp_path, files, "pkg/calls.py", "disable_named_call")
    found = [*c1_name_unresolved(inp), *c1_prose_name_elsewhere(inp)]
    return [(f.rule, f.message) for f in found]


def test_a_name_only_a_stale_reexport_uses_is_reported(tmp_path: Path) -> None:
    assert _bare(tmp_path, "enbl_named_call") == [
        (
            "C1-NAME-UNRESOLVED",
            "`enable_named_call` names nothing in scope; did you mean `enbl_named_call`?",
        )
    ]


def test_a_name_other_code_still_uses_stays_elsewhere(tmp_path: Path) -> None:
    # control: the package's code calls the name too -- that code's vocabulary (opt-in rule)
    more = "\n\ndef setup():\n    return enable_named_call()\n"
    found = _bare(tmp_path / "a", "enbl_named_call", more)
    assert [rule for rule, _ in found] == ["C1-PROSE-NAME-ELSEWHERE"]
    # control: the function kept its name, nothing to report
    assert _bare(tmp_path / "b", "enable_named_call") == []
