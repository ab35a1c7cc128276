"""C1-NAME-UNRESOLVED: names the sentence places outside this code (rounds 31 and 32, public
since session 20) -- a routine of the program the code was ported from ("Based of original
function ``qnwnorm1`` in CompEcon toolbox by Miranda and Fackler") and an access-control
permission string ("Authorization requires ``spanner.instances.setIamPolicy``") -- each
beside a control that stays reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from docref.checks.static.names import c1_name_unresolved

from tests.names_helpers import messages
from tests.static_helpers import static_input

_PORTED = '''
def qnwnorm(n):
    """Nodes."""
    return _qnwnorm1(n)


def _qnwnorm1(n):
    """Nodes of the normal.

    Notes
    -----
    SENTENCE
    """
    return n
'''


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        ("Based of original function ``qnwnorm1`` in CompEcon toolbox by Miranda.", False),
        ("Ported from ``qnwnorm1`` in the CompEcon toolbox.", False),
        ("Translated from the MATLAB routine ``qnwnorm1`` of CompEcon.", False),
        # controls: the origin told without the other program, or a plain use, stays reported
        ("Based on the original function ``qnwnorm1``.", True),
        ("Uses ``qnwnorm1`` in CompEcon style.", True),
        ("Calls ``qnwnorm1`` to build the grid.", True),
    ],
)
def test_a_routine_of_the_program_ported_from(tmp_path: Path, sentence: str, flagged: bool) -> None:
    inp = static_input(tmp_path, _PORTED.replace("SENTENCE", sentence), "_qnwnorm1")
    expected = ["`qnwnorm1` names nothing in scope; did you mean `qnwnorm`?"] if flagged else []
    assert messages(c1_name_unresolved(inp)) == expected


_PERMISSION = '''
import spanner


def set_iam_policy(request):
    """Sets the access control policy.

    SENTENCE
    """
    return spanner.run(request)
'''


@pytest.mark.parametrize(
    ("sentence", "flagged"),
    [
        ("Authorization requires ``spanner.instances.setIamPolicy`` on the resource.", False),
        ("Requires the permission ``spanner.instances.setIamPolicy``.", False),
        # control: the same dotted name as a call stays reported
        ("Calls ``spanner.instances.setIamPolicy`` on the resource.", True),
    ],
)
def test_a_permission_string(tmp_path: Path, sentence: str, flagged: bool) -> None:
    (tmp_path / "src").mkdir(parents=True, exist_ok=True)
    (tmp_path / "src" / "spanner.py").write_text("def run(request):\n    return request\n")
    inp = static_input(tmp_path, _PERMISSION.replace("SENTENCE", sentence), "set_iam_policy")
    found = messages(c1_name_unresolved(inp))
    assert bool(found) is flagged, found
