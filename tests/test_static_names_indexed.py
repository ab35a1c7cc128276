"""C1-NAME-UNRESOLVED: a parameter's name with a number after it is an indexed instance of
that value (tensorflow-probability's `loc0`/`scale0`, round 16; scipy's ``shape1``, round 9;
elasticsearch's `field1`, round 16), unless a name in scope carries the number too (a stale
``unitary_2`` for ``unitary2``, qiskit round 17, stays reported)."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved

from tests.names_helpers import messages
from tests.static_helpers import run_rule

_CODE = '''
def posterior(prior, scale, loc, n):
    """Posterior of a Normal with known scale.

    Accepts a prior Normal distribution object, having parameters `loc0` and `scale0`,
    as well as known `scale` values of the predictive distribution.
    """
    return prior


def matrices(unitary1, unitary2):
    """Compare two unitaries: `unitary_2` must be square."""
    return unitary1


def stale(loc, scale):
    """Shift by `loc_offset0` and stretch by `scale`."""
    return loc
'''


def test_a_parameter_with_a_number_after_it_is_one_instance(tmp_path: Path) -> None:
    assert messages(run_rule(c1_name_unresolved, tmp_path, _CODE, "posterior")) == []


def test_a_number_the_name_in_scope_carries_too_stays_reported(tmp_path: Path) -> None:
    found = messages(run_rule(c1_name_unresolved, tmp_path, _CODE, "matrices"))
    assert found == ["`unitary_2` names nothing in scope; did you mean `unitary2`?"]
    # a stem that is no parameter: judged as any name
    assert messages(run_rule(c1_name_unresolved, tmp_path, _CODE, "stale")) != []
