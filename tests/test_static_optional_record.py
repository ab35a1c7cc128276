"""C2-OPTIONAL-FLAG on the fields of a record class: "int or None, optional" on a required
constructor parameter the constructor only stores (session 20, round 29's pyomo
``IterationLogRecord``, 7 DEBATABLE): "optional" there says the field may be None, the
written "or None" says the same.  Controls beside it stay reported: "float, optional" on a
field of the same class (judged TRUE), "or None, optional" on a parameter the body computes
with, and one whose entry states a default ("Defaults to None": the omission claim)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from docref.checks.static.runner import check_file, rules_for
from docref.graph.project import ProjectGraph


def _flagged(tmp_path: Path, code: str) -> list[str]:
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(textwrap.dedent(code).lstrip("\n"), encoding="utf-8")
    graph = ProjectGraph(str(root), cache_directory=str(tmp_path / "cache"))
    graph.index(workers=1)
    # C2-OPTIONAL-FLAG is opt-in since session 23
    report = check_file(graph, "m.py", rules_for(("C2-OPTIONAL-FLAG",)))
    return sorted(f.message.split('"')[1] for f in report.findings if f.rule == "C2-OPTIONAL-FLAG")


_NUMPY = '''
class Record:
    """A solver iteration log record.

    Parameters
    ----------
    iteration : int or None, optional
        Iteration number.
    objective : None or float, optional
        Objective value.
    elapsed_time : float, optional
        Seconds elapsed.
    shift : float or None, optional
        Shift of the variables.
    """

    def __init__(self, iteration, objective, elapsed_time, shift):
        self.iteration = iteration
        self.objective = objective
        self.elapsed_time = elapsed_time
        self.shift = abs(shift) * 2
'''

_GOOGLE = '''
class Record:
    def __init__(self, iteration, objective, elapsed_time, shift):
        """A solver iteration log record.

        Args:
            iteration (Optional[int], optional): Iteration number.
            objective (float | None, optional): Objective value. Defaults to None.
            elapsed_time (float, optional): Seconds elapsed.
            shift (int | None, optional): Shift of the variables.
        """
        self.iteration = iteration
        self.objective: float | None = objective
        self.elapsed_time = elapsed_time
        self.shift = shift or 0
'''

_SPHINX = '''
class Record:
    """A solver iteration log record.

    :param iteration: Iteration number.
    :type iteration: int or None, optional
    :param elapsed_time: Seconds elapsed.
    :type elapsed_time: float, optional
    :param shift: Shift of the variables.
    :type shift: float or None, optional
    """

    def __init__(self, iteration, elapsed_time, shift):
        self.iteration = iteration
        self.elapsed_time = elapsed_time
        self.shift = shift + 1
'''


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (_NUMPY, ["elapsed_time", "shift"]),
        # objective states its default (reported); shift's fallback ``or`` silences it already
        (_GOOGLE, ["elapsed_time", "objective"]),
        (_SPHINX, ["elapsed_time", "shift"]),
    ],
    ids=["numpy-class", "google-init", "sphinx-class"],
)
def test_a_stored_field_that_may_be_none(tmp_path: Path, code: str, expected: list[str]) -> None:
    assert _flagged(tmp_path, code) == expected


def test_a_function_that_only_returns_it_stays_reported(tmp_path: Path) -> None:
    # not a constructor storing a field: "optional" is an omission claim the signature breaks
    code = '''
    def scale(value, factor):
        """Scale.

        Parameters
        ----------
        value : float
            The value.
        factor : float or None, optional
            The factor.
        """
        return value * factor
    '''
    assert _flagged(tmp_path, code) == ["factor"]
