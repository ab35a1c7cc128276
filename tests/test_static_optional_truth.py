"""C2-OPTIONAL-FLAG on a required parameter whose body tests its truth (session 18).

cmd2's ``_initialize_history(self, hist_file)`` documents ":param hist_file: optional path to
persistent history file" and reads ``if not hist_file:`` (no history file); cassandra-driver's
``encode_message(..., compressor, ...)`` "optional compression function" reads ``compressor and
...``: an empty or None value is "not given", so "optional" describes the value (judged FALSE
in round 25, DEBATABLE in round 6).  A flag is tested for its truth whatever it means, so a
``bool`` stays reported, as does a value read unconditionally or asserted.
"""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.base import StaticInput
from docref.checks.static.optional_flag import c2_optional_flag, c2_optional_flag_weak
from docref.core.findings import Finding

from tests.static_helpers import run_rule


def _optional_any(inp: StaticInput) -> list[Finding]:
    return c2_optional_flag(inp) + c2_optional_flag_weak(inp)


def _flagged(tmp_path: Path, signature: str, entry: str, body: str) -> list[str]:
    code = f'''
def f({signature}):
    """Load the history.

    :param {entry}
    """
{body}
'''
    return [f.message for f in run_rule(_optional_any, tmp_path, code, "f")]


def test_a_truth_tested_path_is_an_optional_value(tmp_path: Path) -> None:
    body = "    if not hist_file:\n        return []\n    return open(hist_file).readlines()"
    assert _flagged(tmp_path, "hist_file", "hist_file: optional path to a history file", body) == []


def test_a_value_used_in_an_and_is_an_optional_value(tmp_path: Path) -> None:
    body = "    body = compressor and compressor(data) or data\n    return body"
    assert _flagged(tmp_path, "data, compressor", "compressor: optional compression", body) == []


def test_a_conditional_expression_on_a_list(tmp_path: Path) -> None:
    # round 6 (astropy ``HeaderFormatter._get_cards``): no keywords means all cards
    code = '''
def f(keywords):
    """The cards to show.

    Parameters
    ----------
    keywords : list of str, optional
        Keywords for which the cards should be returned.
    """
    return [k for k in keywords] if keywords else all_cards()
'''
    assert run_rule(_optional_any, tmp_path, code, "f") == []
    assert len(run_rule(_optional_any, tmp_path / "b", code.replace("if keywords", "if 1"), "f"))


def test_a_documented_bool_stays_reported(tmp_path: Path) -> None:
    # the control: ``if compressed:`` reads the flag; "bool, optional" on a required flag is wrong
    code = '''
def f(compressed):
    """Show the header.

    Parameters
    ----------
    compressed : bool, optional
        If True, show the compression header.
    """
    if compressed:
        return 1
    return 0
'''
    found = run_rule(_optional_any, tmp_path, code, "f")
    assert [f.rule for f in found] == ["C2-OPTIONAL-FLAG"]


def test_an_annotated_bool_stays_reported(tmp_path: Path) -> None:
    body = "    return 1 if verbose else 0"
    found = _flagged(tmp_path, "verbose: bool", "verbose: optional verbosity", body)
    assert len(found) == 1 and '"verbose"' in found[0]


def test_a_value_read_unconditionally_or_asserted_stays_reported(tmp_path: Path) -> None:
    body = "    assert hist_file\n    return open(hist_file).readlines()"
    found = _flagged(tmp_path, "hist_file", "hist_file: optional path to a history file", body)
    assert len(found) == 1 and '"hist_file"' in found[0]
    body = "    return items or hist_file"
    found = _flagged(tmp_path, "hist_file, items", "hist_file: optional path to a file", body)
    assert len(found) == 1 and '"hist_file"' in found[0]


# session 18, round 24 (statsforecast): the backend's docstring is the public method's
_CORE = '''
class StatsForecast:
    def forecast(self, h, fitted=False, id_col="unique_id"):
        """Forecast."""
        return self._backend.forecast(h=h, fitted=FITTED, id_col=id_col)
'''

_BACKEND = '''
from pkg.core import StatsForecast


class FugueBackend:
    def forecast(self, *, h, fitted, id_col):
        """Forecast with Fugue.

        Args:
            h (int): The horizon.
            fitted (bool, optional): If True, keep the fitted values.
            id_col (str, optional): The id column. Defaults to 'unique_id'.
        """
        return run(h, fitted, id_col)
'''


def _backend_rules(tmp_path: Path, fitted: str) -> dict[str, str]:
    from tests.static_helpers import project_input

    files = {
        "pkg/__init__.py": "",
        "pkg/core.py": _CORE.replace("FITTED", fitted),
        "pkg/fugue.py": _BACKEND,
    }
    inp = project_input(tmp_path, files, "pkg/fugue.py", "FugueBackend.forecast")
    return {f.message.split('"')[1]: f.rule for f in _optional_any(inp)}


def test_a_parameter_a_namesake_defaults_and_hands_on_is_weak(tmp_path: Path) -> None:
    assert _backend_rules(tmp_path, "fitted") == {
        "fitted": "C2-OPTIONAL-FLAG-WEAK",
        "id_col": "C2-OPTIONAL-FLAG-WEAK",
    }


def test_a_parameter_the_namesake_fills_in_or_changes_stays_reported(tmp_path: Path) -> None:
    # the control: ``fitted=bool(fitted)`` is not the caller's value handed on, so nothing
    # says the backend's callers may leave it out; ``id_col`` is still handed on as is
    assert _backend_rules(tmp_path, "bool(fitted)") == {
        "fitted": "C2-OPTIONAL-FLAG",
        "id_col": "C2-OPTIONAL-FLAG-WEAK",
    }
