"""A dotted name whose first part is the project's top-level package, in a module that binds
that name to something else (``from . import ecdsa`` in ``ecdsa/curves.py``): read from the
package when the local binding does not hold the rest (round 75, ecdsa)."""

from __future__ import annotations

from pathlib import Path

from tests.static_helpers import project_findings

CURVES = '''
from . import pkg


class Curve:
    """A curve."""


def curve_by_name(name):
    """Returns a :py:class:`~pkg.curves.{cls}` object with a ``name`` name."""
    pkg.sign(name)
    return Curve()
'''

FILES = {"pkg/__init__.py": "", "pkg/pkg.py": "def sign(x):\n    return x\n"}


def _flagged(tmp_path: Path, cls: str) -> list[tuple[str, str]]:
    files = {**FILES, "pkg/curves.py": CURVES.format(cls=cls)}
    findings = project_findings(tmp_path, files, "pkg/curves.py")
    return sorted((f.rule, f.message) for f in findings if f.rule.startswith("C1-"))


def test_a_full_path_from_the_package_resolves_past_a_submodule_of_its_name(
    tmp_path: Path,
) -> None:
    assert _flagged(tmp_path, "Curve") == []


def test_a_missing_class_on_that_path_is_still_reported_from_the_package(tmp_path: Path) -> None:
    assert _flagged(tmp_path, "Gone") == [
        ("C1-XREF-UNRESOLVED", "`pkg.curves.Gone` names nothing: module `pkg.curves` has no `Gone`")
    ]


def test_the_local_binding_still_comes_first(tmp_path: Path) -> None:
    # ``pkg.sign`` is the submodule's function; ``pkg.nothing`` is in neither module
    code = CURVES.format(cls="Curve").replace("~pkg.curves.Curve", "pkg.nothing")
    findings = project_findings(tmp_path, {**FILES, "pkg/curves.py": code}, "pkg/curves.py")
    assert [f.message for f in findings if f.rule == "C1-XREF-UNRESOLVED"] == [
        "`pkg.nothing` names nothing: module `pkg.pkg` has no `nothing`"
    ]
