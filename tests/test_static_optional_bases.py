"""C2-OPTIONAL-FLAG on the constructor of a private base class (round 17, hmmlearn)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.base import StaticInput
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.core.findings import Finding

from tests.static_helpers import run_rule


def _optional_any(inp: StaticInput) -> list[Finding]:
    return c2_optional_flag(inp) + c2_optional_flag_weak(inp)


_BASES = '''
class BASE:
    """Base class for hidden Markov models."""

    def __init__(self, n_iter, tol):
        """
        Parameters
        ----------
        n_iter : int, optional
            Maximum number of iterations.
        tol : float, optional
            Convergence threshold.
        """
        self.n_iter = n_iter
        self.tol = tol


class GaussianHMM(BASE):
    def __init__(self, n_iter=10, tol=SUB_TOL):
        super().__init__(n_iter=n_iter, tol=tol)


class CategoricalHMM(BASE):
    def __init__(self, n_iter=100, tol=1e-2):
        super().__init__(n_iter, tol)
'''


def _flagged(tmp_path: Path, base: str, sub_tol: str) -> list[str]:
    code = _BASES.replace("BASE", base).replace("SUB_TOL", sub_tol)
    found = run_rule(_optional_any, tmp_path, code, f"{base}.__init__")
    return sorted(f.message.split('"')[1] for f in found)


def test_a_private_base_whose_subclasses_default_the_parameter(tmp_path: Path) -> None:
    # round 17 (hmmlearn ``_AbstractHMM.__init__``): no caller builds the private base; every
    # subclass constructor defaults the parameters and hands them on
    assert _flagged(tmp_path / "a", "_AbstractHMM", "1e-2") == []


def test_a_public_base_or_a_subclass_requiring_it_stays_reported(tmp_path: Path) -> None:
    # the controls: a public base may be built by its callers; a private one whose subclass
    # requires ``tol`` too documents it optional wrongly
    assert _flagged(tmp_path / "b", "AbstractHMM", "1e-2") == ["n_iter", "tol"]
    code = _BASES.replace("BASE", "_AbstractHMM").replace("tol=SUB_TOL", "tol")
    found = run_rule(_optional_any, tmp_path / "c", code, "_AbstractHMM.__init__")
    assert [f.message.split('"')[1] for f in found] == ["tol"]
